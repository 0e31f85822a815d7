"""Evidence from a candidate's source: the best BM25 and the best cosine among the
candidates of the same source (for laws: the same law).

A question is about one matter, and the law that rules it tends to have several
articles among the candidates, one of them matching the question well. An article of
that law gains from its best sibling's match (``source_bm25``, ``source_vector``),
even where its own wording is further from the question's. Sources are the values of
:attr:`.IndexConfig.source_by` (``law_id`` for the law index); only candidates count,
so the signals cost one pass over the pool. Where no source has two candidates, each
candidate's "best sibling" is itself: the signals would only repeat its own scores, so
none is given (the ranking is then the one without them).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["SOURCE_SIGNALS", "SourceGroups", "membership"]

FloatArray = npt.NDArray[np.float32]

#: Each source signal and the signal whose best value over a source it takes.
SOURCE_SIGNALS = {"source_bm25": "bm25", "source_vector": "vector"}


def membership(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> npt.NDArray[np.int64]:
    """Each row's group number: rows with equal values of ``keys`` share one, numbered
    in the order they first appear."""
    numbers: dict[str, int] = {}
    return np.fromiter(
        (
            numbers.setdefault(
                json.dumps([row.get(k) for k in keys], ensure_ascii=False), len(numbers)
            )
            for row in rows
        ),
        dtype=np.int64,
        count=len(rows),
    )


class SourceGroups:
    """The candidates of one pool grouped by source (each candidate's source number),
    sorted once for every signal."""

    def __init__(self, sources: npt.NDArray[np.int64]) -> None:
        self._order = np.argsort(sources, kind="stable")
        ordered = sources[self._order]
        new = np.empty(ordered.size, dtype=bool)
        new[:1] = True
        np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
        #: Where each source's run starts in the sorted order.
        self._starts = np.flatnonzero(new)
        #: Each sorted candidate's source, as the number of its run.
        self._run = np.cumsum(new) - 1
        #: Whether some source has two or more candidates.
        self.has_siblings = bool(self._starts.size < sources.size)

    def best(self, scores: FloatArray) -> FloatArray:
        """Each candidate's highest score among its source's candidates."""
        if scores.size == 0:
            return scores
        best = np.maximum.reduceat(scores[self._order], self._starts)
        out = np.empty_like(scores)
        out[self._order] = best[self._run]
        return out
