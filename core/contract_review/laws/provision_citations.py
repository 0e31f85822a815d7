"""Finding the provisions an article cites: 本法第X条, 第X条第X款, ranges (第X条至第Y条),
《XX法》第X条 and 民法典第X条 (another law), 前条/前两条, and 本章/本节 as a whole.

This only reads text; :mod:`.provision_index` resolves citations to articles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .article_numbers import ARTICLE_NO_PATTERN, NUMERAL_PATTERN, ArticleNumber, parse_article_no

__all__ = ["ReferenceKind", "ReferenceMatch", "find_references"]

#: What a citation points at: numbered articles (with the law they belong to), the
#: article(s) just before (前条, 前两条), or the citing article's chapter or section.
ReferenceKind = Literal["article", "previous", "chapter", "section"]

_PARAGRAPH_NO = rf"第(?:{NUMERAL_PATTERN})款"
_ITEM_NO = rf"第(?:{NUMERAL_PATTERN})项"


@dataclass(frozen=True, slots=True)
class ReferenceMatch:
    """One citation in an article.

    For ``kind == "article"``: :attr:`number` is the cited article; :attr:`range_start`
    is set for the second end of a range (第一百六十条至第一百七十条); :attr:`law_name`
    is None for the citing law itself, else the text naming the other law (a 《》 title,
    or the characters before the number that end in 法/典/条例… — the resolver looks
    for a known law name at their end). For ``kind == "previous"``, :attr:`count` is how
    many articles back (前条 1, 前两条 2). :attr:`start`/:attr:`end` span the citation.
    """

    kind: ReferenceKind
    start: int
    end: int
    number: ArticleNumber | None = None
    range_start: ArticleNumber | None = None
    law_name: str | None = None
    count: int = 1


_SAME_LAW = re.compile(r"本(?:法|规定|解释|条例|办法|决定|细则|章|节|编|分编)$")
_BOOK_TITLE = re.compile(r"《(?P<name>[^《》]{1,60})》$")
_LAW_NAME = re.compile(r"[\u4e00-\u9fff]{1,30}(?:法|典|条例|规定|解释|办法|决定|细则)$")
_CONTINUATION = re.compile(r"(?:、|和|及|以及|或者|或|与|至)")
_ARTICLE_REFERENCE = re.compile(
    rf"(?P<no>{ARTICLE_NO_PATTERN})(?:{_PARAGRAPH_NO})?(?:{_ITEM_NO})?"
    rf"(?:、{_PARAGRAPH_NO}|、{_ITEM_NO})*"
)
_PREVIOUS = re.compile(r"前(?P<count>[两二三四五])?条(?!件)")
_CHAPTER = re.compile(r"本(?P<level>章|节)(?![所第])")
_COUNTS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5}
#: How far back a law name may start before the article number it qualifies.
_NAME_WINDOW = 40


def _law_name_before(text: str, start: int) -> str | None:
    """The name of the other law qualifying the article number at ``start``; None for
    the citing law (本法第X条, 本章第X条, or a bare 第X条)."""
    before = text[max(0, start - _NAME_WINDOW) : start]
    if _SAME_LAW.search(before):
        return None
    if (book := _BOOK_TITLE.search(before)) is not None:
        return book["name"]
    if (name := _LAW_NAME.search(before)) is not None:
        return name.group()
    return None


def find_references(text: str) -> list[ReferenceMatch]:
    """The citations of ``text``, in order.

    Numbered articles (第X条, 第X条之一, with any 第X款/第X项 after them) belong to the
    citing law unless a law name comes right before them (《XX法》, 民法典, 民事诉讼法);
    a number joined to the one before it by 、/和/及/或者/至 shares its law, and 至
    makes a range. 前条/前两条 cite the articles just before; 本章/本节 (not 本章第X条,
    not 本章所称) cite the citing article's chapter or section. 本条, 前款 and 第X款
    alone stay inside the citing article and are not returned.
    """
    found: list[ReferenceMatch] = []
    previous: ReferenceMatch | None = None
    for match in _ARTICLE_REFERENCE.finditer(text):
        number = parse_article_no(match["no"])
        gap = text[previous.end : match.start()] if previous is not None else None
        if previous is not None and gap is not None and _CONTINUATION.fullmatch(gap):
            name = previous.law_name
            range_start = previous.number if gap == "至" else None
        else:
            name = _law_name_before(text, match.start())
            range_start = None
        reference = ReferenceMatch(
            "article",
            match.start(),
            match.end(),
            number=number,
            range_start=range_start,
            law_name=name,
        )
        found.append(reference)
        previous = reference
    for match in _PREVIOUS.finditer(text):
        count = _COUNTS.get(match["count"] or "", 1)
        found.append(ReferenceMatch("previous", match.start(), match.end(), count=count))
    for match in _CHAPTER.finditer(text):
        kind: ReferenceKind = "chapter" if match["level"] == "章" else "section"
        found.append(ReferenceMatch(kind, match.start(), match.end()))
    return sorted(found, key=lambda reference: reference.start)
