"""Tests of the benchmark modules under ``benchmarks/``: that folder goes on
``sys.path``, as it is when a benchmark runs as a script (``python
benchmarks/cuad_bench.py``), so the modules import each other and are imported here
by their own names."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))
