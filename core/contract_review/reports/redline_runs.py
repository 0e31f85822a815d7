"""A suggested change as tracked changes: runs of kept, deleted and inserted text, word
by word (character by character for Chinese), the same runs for both pages.

The runs are those of :func:`contract_review.review.diffs.html_redline` (sentences
matched first, then words within the sentences that changed), read back from its
documented output, so the HTML page and the Markdown page mark the same words.
"""

from __future__ import annotations

import html
import re
from typing import Literal

from ..review.diffs import html_redline
from ..review.findings import SuggestedChange

__all__ = ["RunKind", "inserted_text", "redline_runs"]

#: What a run is: text kept as it is, deleted, or inserted.
RunKind = Literal["kept", "deleted", "inserted"]

_PART_RE = re.compile(
    r'<del class="redline-del">(?P<deleted>.*?)</del>'
    r'|<ins class="redline-ins">(?P<inserted>.*?)</ins>'
    r"|(?P<kept>[^<]+)",
    re.DOTALL,
)


def redline_runs(change: SuggestedChange) -> list[tuple[RunKind, str]]:
    """``change`` as ``(kind, text)`` runs: the kept and deleted runs join to
    ``change.before``, the kept and inserted runs to ``change.after``."""
    marked = html_redline(change.before, change.after)
    inner = marked.removeprefix('<span class="redline">').removesuffix("</span>")
    runs: list[tuple[RunKind, str]] = []
    for match in _PART_RE.finditer(inner):
        kind: RunKind = (
            "deleted"
            if match.group("deleted") is not None
            else "inserted"
            if match.group("inserted") is not None
            else "kept"
        )
        text = html.unescape(match.group(kind))
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + text)
        elif text:
            runs.append((kind, text))
    return runs


def inserted_text(change: SuggestedChange) -> list[str]:
    """The passages ``change`` inserts, stripped, in order ('' ones dropped)."""
    return [
        text.strip() for kind, text in redline_runs(change) if kind == "inserted" and text.strip()
    ]
