"""HybridSearch (seed 001, tool 1): the articles that answer a query, among the laws a
``meta_filter`` keeps.

The law-level filter is applied first; BM25 and the embeddings then rank the remaining
articles and are fused in two stages (see :class:`~contract_review.retrieval.
search_models.SearchSettings`). Each result carries the part of the article that
matched the query as its snippet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from ..errors import InputError
from ..retrieval.search_models import MatchType, SearchHit, SearchSettings
from ..retrieval.snippets import SnippetFinder
from .law_filters import MetaFilter

if TYPE_CHECKING:
    from .law_index import LawIndex

__all__ = [
    "HybridSearchInput",
    "HybridSearchOutput",
    "LawSearchHit",
    "hybrid_rank_many",
    "hybrid_search",
]

#: Snippet length, in characters.
SNIPPET_CHARS = 160


class HybridSearchInput(BaseModel):
    """Input of HybridSearch."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(
        min_length=1, description="The question or the words to look for, in Chinese or English."
    )
    top_k: int = Field(default=20, ge=1, le=500, description="How many articles to return.")
    use_bm25: bool = Field(default=True, description="Rank by keyword matches (BM25).")
    use_vector: bool = Field(
        default=True, description="Rank by meaning (embeddings), when the index has vectors."
    )
    meta_filter: MetaFilter | None = Field(
        default=None,
        description="Keep only the laws matching these conditions (see MetaSchema for the "
        "fields and their values).",
    )


class LawSearchHit(BaseModel):
    """One article found."""

    law_id: str
    law_title: str
    article_id: str
    article_no: str = Field(description="第十条, 第一百三十三条之一.")
    snippet: str = Field(description="The part of the article that matched the query.")
    score: float = Field(description="Higher is better; comparable within one search only.")
    match_type: list[MatchType] = Field(
        description="Which rankings found it: bm25 (keywords), vector (meaning) or both."
    )


class HybridSearchOutput(BaseModel):
    """Output of HybridSearch: the articles, best first."""

    results: list[LawSearchHit] = Field(default_factory=list)


def _settings(index: LawIndex, request: HybridSearchInput) -> SearchSettings:
    if not request.use_bm25 and not request.use_vector:
        raise InputError("use_bm25 and use_vector are both false; turn at least one on")
    base = index.search.config.search
    return base.model_copy(
        update={"use_bm25": request.use_bm25, "use_vector": request.use_vector, "snippets": False}
    )


def hybrid_search(index: LawIndex, request: HybridSearchInput) -> HybridSearchOutput:
    """Run one HybridSearch.

    :raises InputError: for an empty query, both rankings turned off, or a bad filter.
    """
    return hybrid_search_many(index, [request])[0]


def hybrid_search_many(
    index: LawIndex, requests: Sequence[HybridSearchInput], *, snippets: bool = True
) -> list[HybridSearchOutput]:
    """:func:`hybrid_search` for several requests; those sharing their settings and filter
    are embedded and ranked together. ``snippets=False`` leaves the snippets empty (for
    evaluations)."""
    outputs: list[HybridSearchOutput | None] = [None] * len(requests)
    batches: dict[str, list[int]] = {}
    for position, request in enumerate(requests):
        if not request.query.strip():
            raise InputError("the query is empty; give the words or question to search for")
        key = request.model_dump_json(exclude={"query"})
        batches.setdefault(key, []).append(position)
    for positions in batches.values():
        first = requests[positions[0]]
        settings = _settings(index, first)
        filters = first.meta_filter.field_filters() if first.meta_filter else []
        found = index.search.search_many(
            [requests[p].query for p in positions],
            top_k=first.top_k,
            filters=filters,
            settings=settings,
        )
        for position, hits in zip(positions, found, strict=True):
            outputs[position] = HybridSearchOutput(
                results=_results(index, requests[position].query, hits, snippets)
            )
    return [output for output in outputs if output is not None]


def hybrid_rank_many(index: LawIndex, queries: Sequence[str], *, top_k: int) -> list[list[str]]:
    """The article ids HybridSearch returns for each query (both rankings, no filter),
    best first, without building the results: what an evaluation reads.

    :raises InputError: for an empty query.
    """
    if any(not query.strip() for query in queries):
        raise InputError("the query is empty; give the words or question to search for")
    settings = _settings(index, HybridSearchInput(query="?"))  # both rankings on
    return index.search.rank_many(queries, top_k=top_k, settings=settings)


def _results(
    index: LawIndex, query: str, hits: Sequence[SearchHit], snippets: bool
) -> list[LawSearchHit]:
    snippet = (
        SnippetFinder(index.search.tokenizer.tokenize_query(query), SNIPPET_CHARS)
        if snippets
        else None
    )
    results: list[LawSearchHit] = []
    for hit in hits:
        found = index.library.find_article(hit.id)
        if found is None:  # the index and the library were saved together
            continue
        law, article = found
        results.append(
            LawSearchHit(
                law_id=law.law_id,
                law_title=law.title,
                article_id=article.article_id,
                article_no=article.article_no,
                snippet="" if snippet is None else snippet(article.text),
                score=hit.score,
                match_type=hit.match_type,
            )
        )
    return results
