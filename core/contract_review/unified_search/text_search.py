"""The text search of the unified search: the law index's hybrid search (BM25 and
embeddings over the articles) run with the profile's settings, restricted to some laws
when the request names them, and each hit's passage — a piece of the article text
itself, so it can be quoted — with the query words found in it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..laws.law_filters import MetaFilter
from ..text.sentences import sentence_spans
from .search_errors import UnifiedSearchError
from .search_profiles import ProfileSettings, profile_search_settings

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex

__all__ = ["PASSAGE_CHARS", "ArticleHit", "TextSearch", "highlights", "passage", "search_texts"]

#: The longest passage returned, in characters.
PASSAGE_CHARS = 160


@dataclass(frozen=True, slots=True)
class ArticleHit:
    """One article found: its id, fused score, passage and the query words in it."""

    article_id: str
    score: float
    snippet: str
    highlight_terms: list[str]


@dataclass(frozen=True, slots=True)
class TextSearch:
    """The hits of one query, best first, and the query's words (as the index cuts them)."""

    hits: list[ArticleHit]
    terms: list[str]


def passage(text: str, terms: Sequence[str], max_chars: int = PASSAGE_CHARS) -> str:
    """The sentence of ``text`` (a semicolon or a line break ending one) holding the most
    of ``terms`` (longer terms count more; the first on a tie, the opening when none
    occurs), with the sentences after it up to ``max_chars``, cut at ``max_chars``;
    always a substring of ``text``."""
    spans = sentence_spans(text, semicolons=True, line_breaks=True)
    if not spans:
        return text.strip()[:max_chars]
    wanted = {term.lower() for term in terms if term.strip()}
    lowered = text.lower()
    scores = [sum(len(t) for t in wanted if t in lowered[start:end]) for start, end in spans]
    best = scores.index(max(scores))
    start, end = spans[best]
    for _, following_end in spans[best + 1 :]:
        if following_end - start > max_chars:
            break
        end = following_end
    return text[start : min(end, start + max_chars)].strip()


def highlights(snippet: str, terms: Sequence[str]) -> list[str]:
    """The distinct ``terms`` occurring in ``snippet``, in query order."""
    lowered = snippet.lower()
    return [term for term in dict.fromkeys(terms) if term.strip() and term.lower() in lowered]


def search_texts(
    index: LawIndex,
    query: str,
    *,
    profile: ProfileSettings,
    law_ids: Sequence[str] | None = None,
) -> TextSearch:
    """The best ``profile.candidate_pool`` articles for ``query`` (only those of
    ``law_ids`` when given), best first, without those under ``profile.min_score``.

    :raises UnifiedSearchError: ``E_BACKEND_ERROR`` (step ``text_search``) when the
        search backend fails.
    """
    try:
        search = index.search
        terms = search.tokenizer.tokenize_query(query)
        if law_ids is not None and not law_ids:
            return TextSearch([], terms)
        settings = profile_search_settings(search.config.search, profile)
        filters = MetaFilter(law_id=list(law_ids)).field_filters() if law_ids else []
        hits = search.search(
            query, top_k=profile.candidate_pool, filters=filters, settings=settings
        )
    except UnifiedSearchError:
        raise
    except Exception as exc:
        raise UnifiedSearchError(
            "E_BACKEND_ERROR",
            f"the law index's search failed: {type(exc).__name__}: {exc}",
            step="text_search",
            suggestion="retry the request; if it keeps failing, rebuild the law index with "
            "'contract-review law index'",
        ) from exc
    found: list[ArticleHit] = []
    for hit in hits:
        if profile.min_score is not None and hit.score < profile.min_score:
            continue
        located = index.library.find_article(hit.id)
        if located is None:
            continue
        snippet = passage(located[1].text, terms)
        found.append(ArticleHit(hit.id, hit.score, snippet, highlights(snippet, terms)))
    return TextSearch(found, terms)
