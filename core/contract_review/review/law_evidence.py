"""Law articles as evidence: a playbook rule may cite articles (``law_refs``, e.g.
``中华人民共和国民法典#第五百八十五条``); when a law index is configured (setting
``law_index``, default ``<data dir>/law-index``) the findings of that rule quote them.
Without an index the citations stay in the rationale and nothing fails."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from ..config import Settings
from ..errors import ContractReviewError
from ..laws.law_library import LawLibrary
from .findings import Evidence

__all__ = ["LawQuoter", "law_quoter"]

logger = logging.getLogger(__name__)

#: Article references -> the articles quoted as law evidence (unknown ones skipped).
LawQuoter = Callable[[Sequence[str]], list[Evidence]]


def _library(directory: Path) -> LawLibrary | None:
    from ..laws.law_index import MANIFEST
    from ..laws.law_tools import open_law_library

    if not (directory / MANIFEST).is_file():
        return None
    try:
        return open_law_library(directory)
    except ContractReviewError as exc:
        logger.warning(
            "law index %s cannot be read (%s); findings cite laws by name", directory, exc
        )
        return None


def law_quoter(settings: Settings) -> LawQuoter:
    """Quotes cited articles from the configured law index (none: quotes nothing)."""
    library = _library(settings.law_index or settings.data_dir / "law-index")

    def quote(references: Sequence[str]) -> list[Evidence]:
        if library is None:
            return []
        evidence: list[Evidence] = []
        for reference in references:
            try:
                law, article = library.article(reference)
            except ContractReviewError:
                logger.info("law article %s is not in the law index", reference)
                continue
            evidence.append(Evidence.from_article(law, article))
        return evidence

    return quote
