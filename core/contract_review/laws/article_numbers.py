"""Article numbers as Chinese laws write them: 第十条, 第一千二百六十条, 第一百三十三条之一,
and the Arabic form 第12条.

A number parses to an :class:`ArticleNumber` ``(n, sub)``: 第一百三十三条 → (133, 0),
第一百三十三条之一 → (133, 1). Tuples sort the way the articles are ordered in a law, so
之一 falls after its base article and before the next one. The Chinese numerals
themselves are read and written by :mod:`contract_review.documents.numbering` and
:mod:`contract_review.documents.chinese_numerals`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS, int_to_chinese
from ..documents.numbering import parse_number_token

__all__ = [
    "ARTICLE_NO_PATTERN",
    "NUMERAL_PATTERN",
    "ArticleNumber",
    "format_article_no",
    "parse_article_no",
]

#: A number as laws write one: Chinese numerals or Arabic digits (no anchors, no group).
NUMERAL_PATTERN = rf"[{CHINESE_NUMERAL_CHARS}]+|[0-9]+"

_ARTICLE_NO = re.compile(rf"第(?P<n>{NUMERAL_PATTERN})条(?:之(?P<sub>{NUMERAL_PATTERN}))?")

#: The article-number text (without anchors): 第 + numeral + 条, optionally 之 + numeral.
#: The same expression as the parser's, with its named groups made anonymous so that it
#: can be embedded in a larger expression any number of times.
ARTICLE_NO_PATTERN = _ARTICLE_NO.pattern.replace("(?P<n>", "(?:").replace("(?P<sub>", "(?:")


class ArticleNumber(NamedTuple):
    """The sortable key of an article: its number and its 之X suffix (0 when none)."""

    n: int
    sub: int = 0


def _numeral(text: str, whole: str) -> int:
    try:
        value = parse_number_token(text)
    except ValueError:
        raise ValueError(f"{whole!r} is not an article number: {text!r} is no numeral") from None
    if value < 1:
        raise ValueError(f"{whole!r} is not an article number: numbers start at 1")
    return value


def parse_article_no(text: str) -> ArticleNumber:
    """The number of ``text``: ``"第十条"`` → (10, 0), ``"第一百三十三条之一"`` → (133, 1),
    ``"第12条"`` → (12, 0). Surrounding whitespace is ignored.

    :raises ValueError: naming ``text`` when it is not an article number.
    """
    match = _ARTICLE_NO.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not an article number like 第十条 or 第一百三十三条之一")
    n = _numeral(match["n"], text)
    sub = _numeral(match["sub"], text) if match["sub"] is not None else 0
    return ArticleNumber(n, sub)


def format_article_no(number: ArticleNumber | tuple[int, int] | int, sub: int = 0) -> str:
    """The standard Chinese text of an article number: (133, 1) → ``"第一百三十三条之一"``.

    :raises ValueError: when the number is below 1 or the suffix is negative.
    """
    if isinstance(number, tuple):
        n, sub = number
    else:
        n = number
    if n < 1 or sub < 0:
        raise ValueError(f"({n}, {sub}) is not an article number")
    text = f"第{int_to_chinese(n)}条"
    return f"{text}之{int_to_chinese(sub)}" if sub else text
