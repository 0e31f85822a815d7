"""Questions asking what a term is, and the documents defining it.

A document may list the terms it defines in a metadata field
(:attr:`.IndexConfig.terms_field`; the law index keeps 本法所称X，是指… and the like,
see :mod:`contract_review.laws.defined_terms`). When a query asks what something is or
whether something counts as it (什么是, 是什么, 指什么, 含义, 定义, 是指, 的概念, 属于,
算不算) and uses a defined term (the longest one where terms overlap), the documents
defining it score 1 in the signal ``defines`` (among the candidates BM25 and the
embeddings found; it does not add any). Other queries get no such signal.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .name_scan import NameScanner

__all__ = ["DefinitionFinder", "asks_for_definition"]

FloatArray = npt.NDArray[np.float32]

_ASKS = re.compile(r"什么是|是什么|指什么|含义|定义|是指|的概念|属于|算不算")


def asks_for_definition(query: str) -> bool:
    """Whether ``query`` asks what something is or whether something counts as it."""
    return _ASKS.search(query) is not None


class DefinitionFinder:
    """The terms an index's documents define, and the documents a query's terms point at."""

    def __init__(self, field: str, metadata: Sequence[dict[str, Any]]) -> None:
        self.size = len(metadata)
        self._defined: dict[str, list[int]] = defaultdict(list)
        for position, row in enumerate(metadata):
            terms = row.get(field)
            for term in terms if isinstance(terms, list) else [terms]:
                if isinstance(term, str) and term.strip():
                    self._defined[term.strip()].append(position)
        self._scanner = NameScanner(self._defined)

    def terms(self, query: str) -> list[str]:
        """The defined terms ``query`` uses, when it asks for a definition."""
        if not asks_for_definition(query):
            return []
        return list(dict.fromkeys(name for _, _, name in self._scanner.find(query)))

    def signals(self, query: str) -> dict[str, FloatArray]:
        """``defines`` over every document; empty when the query asks for no defined term."""
        terms = self.terms(query)
        if not terms:
            return {}
        defines = np.zeros(self.size, dtype=np.float32)
        for term in terms:
            defines[self._defined[term]] = 1.0
        return {"defines": defines}
