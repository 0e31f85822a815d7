"""The words a rule's pattern cannot match without, to skip texts that lack them.

A playbook pattern scanned over every section of a contract costs most of the offline
review (``re`` has no fast search for a case-insensitive pattern). Most patterns name
words a match must contain: ``(?:liquidated|delay)\\s+damages|penalt\\w*`` cannot match
a text without "damages" or "penalt". :func:`required_words` reads those words from the
pattern's parse tree; :func:`may_match` tests them with ``in`` on the text folded by
:func:`~contract_review.documents.case_folding.fold`, and says False only when the
pattern cannot match (case ignored or not). A pattern with no such words (it starts
with a character class, every alternative of it does not name a word...) always may.

Words are read from ASCII letters and from letters that have no case (Chinese
characters, category ``Lo``): the folding is exact for both, so a Chinese pattern is
skipped on an English text. Any other non-ASCII letter ends a word. The parse tree is
``re``'s own (``re._parser``); a construct this module does not know gives no words,
never a wrong one.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..documents.case_folding import folds_exactly

__all__ = ["may_match", "required_words"]

# re's parser and its opcodes (no stubs: they are the module's internals).
sre_parse = importlib.import_module("re._parser")
sre = importlib.import_module("re._constants")

# One requirement: a match holds at least one of these words (folded); None: no word.
_Words = frozenset[str] | None


@lru_cache(maxsize=4096)
def required_words(pattern: str) -> frozenset[str] | None:
    """Words (lower-case ASCII or caseless letters) one of which every match of
    ``pattern`` contains (compiled with or without ``re.IGNORECASE``), or None when it
    requires no word."""
    try:
        tree = sre_parse.parse(pattern)
    except (re.error, RecursionError):
        return None
    try:
        return _sequence(tree.data)
    except (TypeError, ValueError, IndexError, RecursionError):  # a tree this code misreads
        return None


def may_match(pattern: str, folded: str) -> bool:
    """False only when ``pattern`` cannot match the text ``folded`` was made from
    (``folded = fold(text)``, :func:`~contract_review.documents.case_folding.fold`)."""
    words = required_words(pattern)
    return words is None or any(word in folded for word in words)


def _sequence(items: Iterable[tuple[Any, Any]]) -> _Words:
    """The best requirement of items matched one after the other: a run of literal
    letters is a word every match holds, and so is any item's own requirement."""
    best: _Words = None
    run: list[str] = []
    for op, arg in items:
        if op is sre.LITERAL and folds_exactly(chr(arg)):
            run.append(chr(arg).lower())
            continue
        best = _better(best, _run(run))
        run = []
        best = _better(best, _item(op, arg))
    return _better(best, _run(run))


def _item(op: Any, arg: Any) -> _Words:
    if op is sre.SUBPATTERN:
        return _sequence(arg[-1])
    if op is sre.ATOMIC_GROUP:
        return _sequence(arg)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _high, body = arg
        return _sequence(body) if low >= 1 else None
    if op is sre.BRANCH:
        words: set[str] = set()
        for branch in arg[1]:
            found = _sequence(branch)
            if found is None:
                return None
            words |= found
        return frozenset(words)
    return None  # classes, anchors, look-arounds, references...: no word of their own


def _run(letters: list[str]) -> _Words:
    return frozenset({"".join(letters)}) if letters else None


def _better(a: _Words, b: _Words) -> _Words:
    """The more selective requirement: longer shortest word, then fewer words."""
    if a is None:
        return b
    if b is None:
        return a
    return max(a, b, key=lambda words: (min(map(len, words)), -len(words)))
