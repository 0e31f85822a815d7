"""Small laws written in a test: ``make_law("样例法", [("第一条", "text"), ...])``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..laws.article_text import build_article
from ..laws.law_models import Law, LawMetadata

__all__ = ["ArticleSpec", "make_law"]

#: ``(article_no, text)`` or ``(article_no, text, path)``; text lines split at ``\n``.
ArticleSpec = tuple[str, str] | tuple[str, str, Sequence[str]]


def make_law(
    law_id: str,
    specs: Sequence[ArticleSpec],
    *,
    title: str | None = None,
    path: Sequence[str] = (),
    **metadata: Any,
) -> Law:
    """A law of the articles ``specs`` (each with its own path, else ``path``), titled
    ``title`` (default: ``law_id``), with the metadata fields given as keywords."""
    articles = []
    for spec in specs:
        headings: Sequence[str] = spec[2] if len(spec) == 3 else path
        articles.append(build_article(law_id, spec[0], spec[1].split("\n"), headings))
    return Law(
        law_id=law_id,
        title=title or law_id,
        metadata=LawMetadata.model_validate(metadata),
        articles=articles,
    )
