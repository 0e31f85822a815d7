"""Splitting a multi-part question into the questions it holds.

``金融机构发放的贷款利率是否适用……？/民间借贷是什么？`` asks two things; searching each
part and merging finds the articles for every part, where one search of the whole
would let the longest part dominate.
"""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"\s*(?:/|／|？|\?|；|;|\n)\s*")
#: Parts shorter than this (after stripping) are not questions on their own.
MIN_PART_CHARS = 4


def decompose(query: str) -> list[str]:
    """The parts of ``query``; ``[query]`` when it holds a single question.

    Parts are cut at ``/``, question marks and semicolons; duplicates and fragments
    shorter than :data:`MIN_PART_CHARS` characters are dropped.
    """
    parts = [p for p in (part.strip() for part in _SEPARATORS.split(query)) if p]
    unique = list(dict.fromkeys(p for p in parts if len(p) >= MIN_PART_CHARS))
    if len(unique) < 2:
        return [query.strip()]
    return unique
