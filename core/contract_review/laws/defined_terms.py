"""The terms a law defines, read from its own text: 本法所称X，是指…, X是指…, and the
Civil Code's contract types (买卖合同是出卖人转移标的物的所有权于买受人…的合同).

A defined term is the statute's own word for a thing a layperson describes; the article
defining it is where a question about the thing starts (什么是行纪合同, 地理标志可以注册
商标吗). :func:`defined_terms` gives the terms of one article's text; the index keeps
them and scores an article that defines a term the query uses (:mod:`.term_mentions`).
"""

from __future__ import annotations

import re

__all__ = ["MIN_TERM_CHARS", "defined_terms"]

#: Shorter terms are not kept (使用, 产品 …: too common to point at one article).
MIN_TERM_CHARS = 3

_TERM = r"[^，。；、“”‘’：:\n（()）《》]{2,14}"
#: 本法所称X，是指 / 所称X，指 / 所称的X是指
_SO_CALLED = re.compile(rf"所称(?:的)?(?P<term>{_TERM})(?:，)?(?:是指|指)")
#: X是指 / X，是指 at the start of a sentence or paragraph.
_IS_MEANT = re.compile(rf"(?:^|\n|。)(?P<term>{_TERM})(?:，)?是指")
#: X合同是…的合同。 at the start of a paragraph (the Civil Code's contract types).
_CONTRACT = re.compile(rf"(?:^|\n)(?P<term>{_TERM}合同)是[^。\n]{{4,160}}的合同。")
#: Words before the term that are not part of it (本法所称, 前款规定的 …).
_LEAD = re.compile(
    r"^(?:本法|本条例|本规定|本办法|本解释|本细则|本条|前款|本款)(?:所称|中的|规定的)?"
)


def defined_terms(text: str) -> list[str]:
    """The terms ``text`` defines, in order, each once."""
    found: list[str] = []
    for pattern in (_SO_CALLED, _IS_MEANT, _CONTRACT):
        for match in pattern.finditer(text):
            term = _LEAD.sub("", match["term"].strip())
            if len(term) >= MIN_TERM_CHARS and term not in found:
                found.append(term)
    return found
