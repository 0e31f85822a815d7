"""What both law loaders share about versions and repeats: the ``title@YYYY-MM-DD`` id of
one version of a law, the version date a LawRefBook file name carries, and keeping the
first text of an article a corpus repeats."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from pathlib import Path

from .law_models import Article

__all__ = ["drop_repeated_articles", "file_name_date", "version_law_id"]

_FILE_DATE = re.compile(r"\((?P<date>\d{4}-\d{2}-\d{2})\)$")


def version_law_id(title: str, version: datetime.date | None) -> str:
    """The id of one version of a law: ``title@YYYY-MM-DD``, or the bare title when
    ``version`` is None (an undated text, or the only version loaded)."""
    return title if version is None else f"{title}@{version.isoformat()}"


def file_name_date(path: Path) -> datetime.date | None:
    """The version date a file name carries, as in ``劳动合同法(2012-12-28).md``; None
    when the name has no ``(YYYY-MM-DD)`` before the suffix or it is not a calendar date."""
    match = _FILE_DATE.search(Path(path).stem)
    if match is None:
        return None
    try:
        return datetime.date.fromisoformat(match["date"])
    except ValueError:
        return None


def drop_repeated_articles(articles: Iterable[Article]) -> tuple[list[Article], list[Article]]:
    """``(kept, repeated)``: the articles in order with only the first of each article
    number kept, and the later ones that repeat a number (a law filed twice in a corpus,
    an article copied into two part files)."""
    kept: list[Article] = []
    repeated: list[Article] = []
    seen: set[str] = set()
    for article in articles:
        if article.article_no in seen:
            repeated.append(article)
        else:
            seen.add(article.article_no)
            kept.append(article)
    return kept, repeated
