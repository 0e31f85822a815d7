"""Building an :class:`~.law_models.Article` from its number and body lines: the split
into paragraphs (款) and items (项) that both loaders share."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .article_numbers import ArticleNumber, format_article_no, parse_article_no
from .law_models import Article, ArticleItem

__all__ = ["article_id", "build_article", "split_body"]

#: An item line: （一）…, (二)…, or 一、… is not an item (that is a list inside a paragraph).
_ITEM = re.compile(r"^(?P<label>[（(][一二三四五六七八九十百]+[）)])")
#: Characters that take no space: a line holding only these (the zero-width spaces
#: that pad the 民事诉讼法 file) is blank, not a paragraph.
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"


def _clean(line: str) -> str:
    """``line`` without surrounding whitespace and zero-width characters."""
    return line.strip().strip(_INVISIBLE).strip()


def article_id(law_id: str, article_no: str) -> str:
    """The library-wide id of an article: ``law_id#第X条``."""
    return f"{law_id}#{article_no}"


def split_body(lines: Iterable[str]) -> tuple[list[str], list[ArticleItem]]:
    """The paragraphs (款) and items (项) of an article body, one line each; blank
    lines (zero-width characters count as blank) are dropped.

    Item lines belong to the paragraph before them; an item before any paragraph opens
    an empty paragraph so that its index stays valid.
    """
    paragraphs: list[str] = []
    items: list[ArticleItem] = []
    for raw in lines:
        line = _clean(raw)
        if not line:
            continue
        match = _ITEM.match(line)
        if match is None:
            paragraphs.append(line)
            continue
        if not paragraphs:
            paragraphs.append("")
        items.append(ArticleItem(paragraph=len(paragraphs) - 1, label=match["label"], text=line))
    return paragraphs, items


def build_article(
    law_id: str, article_no: str | ArticleNumber, lines: Sequence[str], path: Sequence[str]
) -> Article:
    """An article of ``law_id`` numbered ``article_no`` (any accepted text form, or the
    parsed number; stored in standard Chinese form) with the body ``lines``.

    :raises ValueError: when ``article_no`` is not an article number.
    """
    number = article_no if isinstance(article_no, ArticleNumber) else parse_article_no(article_no)
    standard = format_article_no(number)
    body = [line for line in map(_clean, lines) if line]
    paragraphs, items = split_body(body)
    return Article(
        article_id=article_id(law_id, standard),
        article_no=standard,
        number=number,
        path=list(path),
        text="\n".join(body),
        paragraphs=paragraphs,
        items=items,
    )
