"""The unified search on the real laws of the shared data folder (skipped when it is
absent): the graph of the library the ``law index`` command loads, 劳动合同法第二十一条's
references and exceptions, and the acceptance question on a BM25-only index."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.law_sources import load_laws
from contract_review.unified_search import (
    LawGraph,
    UnifiedSearchError,
    UnifiedSearchRequest,
    unified_search,
)

LABOUR = "中华人民共和国劳动合同法"
A21 = f"{LABOUR}#第二十一条"
A39 = f"{LABOUR}#第三十九条"
A40 = f"{LABOUR}#第四十条"


@pytest.fixture(scope="module")
def real_index(shared_laws: Path) -> LawIndex:
    return build_law_index(load_laws(shared_laws), embedder=None, show_progress=False)


def test_the_graph_of_the_real_laws(real_index: LawIndex) -> None:
    library = LawLibrary(real_index.library.laws)
    started = time.perf_counter()
    graph = LawGraph.from_library(library, cache=False)
    elapsed = time.perf_counter() - started
    counts = graph.counts()
    assert elapsed < 5.0
    assert counts["law"] == len(library) and counts["article"] == library.article_count
    assert counts["contains"] == library.article_count
    assert counts["refers_to"] > 100 and counts["excepts"] > 10 and counts["defines"] > 10
    assert counts["excepts"] < counts["refers_to"]
    out = {(e.target, e.relation) for e in graph.out_edges(A21)}
    assert {(A39, "refers_to"), (A40, "refers_to"), (A39, "excepts"), (A40, "excepts")} <= out


def test_article_21_refers_to_and_excepts_articles_39_and_40(real_index: LawIndex) -> None:
    request = UnifiedSearchRequest.model_validate(
        {
            "mode": "exact",
            "exact_query": {
                "concept": "劳动合同法第二十一条",
                "graph": {"relation_types": ["refers_to", "excepts"], "direction": "out"},
            },
        }
    )
    response = unified_search(request, index=real_index)
    assert response.results is not None and response.results.subgraph is not None
    edges = {(e.source_id, e.target_id, e.relation_type) for e in response.results.subgraph.edges}
    assert {
        (A21, A39, "refers_to"),
        (A21, A40, "refers_to"),
        (A21, A39, "excepts"),
        (A21, A40, "excepts"),
    } <= edges


def test_the_probation_question_finds_article_21(real_index: LawIndex) -> None:
    request = UnifiedSearchRequest.model_validate(
        {"mode": "nl", "nl_query": {"text": "试用期内用人单位可以随意解除劳动合同吗"}}
    )
    response = unified_search(request, index=real_index)
    assert response.results is not None
    hits = {hit.entity_id: hit for hit in response.results.texts}
    assert A21 in hits
    found = real_index.library.find_article(A21)
    assert found is not None and hits[A21].snippet in found[1].text
    assert "试用期" in hits[A21].highlight_terms
    assert response.meta.metrics.latency_ms < 2000


def test_a_bare_article_number_blocks_a_traversal_on_the_real_laws(real_index: LawIndex) -> None:
    request = UnifiedSearchRequest.model_validate(
        {"mode": "exact", "exact_query": {"concept": "第二十一条", "graph": {}}}
    )
    with pytest.raises(UnifiedSearchError) as caught:
        unified_search(request, index=real_index)
    assert caught.value.code == "E_AMBIGUITY_BLOCKED"
    assert caught.value.clarify is not None and caught.value.clarify.candidates is not None
    assert (
        A21 in {e.id for e in caught.value.clarify.candidates.entities}
        or len(caught.value.clarify.candidates.entities) == 10
    )
