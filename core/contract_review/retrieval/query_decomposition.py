"""Splitting a multi-part question into the questions it holds.

``金融机构发放的贷款利率是否适用……？/民间借贷是什么？`` asks two things; searching each
part and merging finds the articles for every part, where one search of the whole
would let the longest part dominate.
"""

from __future__ import annotations

import re

from ..text.sentences import sentence_spans

_SLASH = re.compile(r"[/／]")
#: A sentence ending in one of these ends a question (closing quotes aside).
_QUESTION_ENDS = "？?；;"
_CLOSERS = '”"’）)'
#: Parts shorter than this (after stripping) are not questions on their own.
MIN_PART_CHARS = 4


def decompose(query: str) -> list[str]:
    """The parts of ``query``; ``[query]`` when it holds a single question.

    Parts are cut at ``/``, question marks and semicolons; duplicates and fragments
    shorter than :data:`MIN_PART_CHARS` characters are dropped.
    """
    parts = [p for piece in _SLASH.split(query) for p in _questions(piece) if p]
    unique = list(dict.fromkeys(p for p in parts if len(p) >= MIN_PART_CHARS))
    if len(unique) < 2:
        return [query.strip()]
    return unique


def _questions(text: str) -> list[str]:
    """``text`` cut after each question mark, semicolon and line break, without them (nor
    the closing quotes and brackets after them): its sentences
    (:func:`~contract_review.text.sentences.sentence_spans`) joined up to each one
    ending so; a statement stays with the question it leads to."""
    spans = sentence_spans(text, semicolons=True, line_breaks=True)
    parts: list[str] = []
    start: int | None = None
    for index, (sentence_start, end) in enumerate(spans):
        start = sentence_start if start is None else start
        following = spans[index + 1][0] if index + 1 < len(spans) else len(text)
        asks = text[sentence_start:end].rstrip(_CLOSERS).endswith(tuple(_QUESTION_ENDS))
        if asks or index + 1 == len(spans) or "\n" in text[end:following]:
            part = text[start:end]
            parts.append((part.rstrip(_CLOSERS) if asks else part).rstrip(_QUESTION_ENDS).strip())
            start = None
    return parts
