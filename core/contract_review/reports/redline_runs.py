"""A suggested change as tracked changes: runs of kept, deleted and inserted text, word
by word (character by character for Chinese), the same runs for both pages and for the
Word redline (:func:`contract_review.review.diffs.redline_parts`: sentences matched
first, then words within the sentences that changed; a sentence mostly rewritten shows
as rewritten).
"""

from __future__ import annotations

from typing import Literal

from ..review.diffs import redline_parts
from ..review.findings import SuggestedChange

__all__ = ["RunKind", "inserted_text", "redline_runs"]

#: What a run is: text kept as it is, deleted, or inserted.
RunKind = Literal["kept", "deleted", "inserted"]


def redline_runs(change: SuggestedChange) -> list[tuple[RunKind, str]]:
    """``change`` as ``(kind, text)`` runs: the kept and deleted runs join to
    ``change.before``, the kept and inserted runs to ``change.after``."""
    runs: list[tuple[RunKind, str]] = []
    for kept, deleted, inserted in redline_parts(change.before, change.after):
        kind: RunKind = "kept" if kept else "deleted" if deleted else "inserted"
        text = kept or deleted or inserted
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + text)
        else:
            runs.append((kind, text))
    return runs


def inserted_text(change: SuggestedChange) -> list[str]:
    """The passages ``change`` inserts, stripped, in order ('' ones dropped)."""
    return [
        text.strip() for kind, text in redline_runs(change) if kind == "inserted" and text.strip()
    ]
