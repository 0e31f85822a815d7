"""Tests of the training tools under ``tools/``: that folder goes on ``sys.path``, as it
is when a tool runs as a script (``python tools/train_term_reader.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))
