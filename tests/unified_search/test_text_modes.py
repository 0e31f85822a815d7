"""nl and hybrid modes on the small library: text hits with passages from the article
texts, grounding of the names a question uses, the hybrid scope, filters and subgraph,
profiles (header and body), backend failures and dry runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from contract_review.laws.law_index import LawIndex
from contract_review.unified_search import (
    LawGraph,
    UnifiedSearchError,
    UnifiedSearchRequest,
    UnifiedSearchResponse,
    unified_search,
)

Search = Callable[..., UnifiedSearchResponse]

LABOUR = "中华人民共和国劳动合同法"
CODE = "中华人民共和国民法典"
A21 = f"{LABOUR}#第二十一条"
QUESTION = "试用期内用人单位可以随意解除劳动合同吗"


def nl(text: str, **options: Any) -> dict[str, Any]:
    return {"mode": "nl", "nl_query": {"text": text}, "options": options}


def hybrid(text: str, exact: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {"mode": "hybrid", "nl_query": {"text": text}, "exact_query": exact, "options": options}


def text_ids(response: UnifiedSearchResponse) -> list[str]:
    assert response.results is not None
    return [hit.entity_id for hit in response.results.texts]


def test_nl_returns_text_hits_with_passages_of_the_articles(
    search: Search, graph: LawGraph
) -> None:
    response = search(nl(QUESTION, limit=5))
    assert response.results is not None
    texts = response.results.texts
    assert A21 in text_ids(response) and len(texts) <= 5
    for hit in texts:
        entity = graph.entities[hit.entity_id]
        assert entity.attrs is not None
        assert hit.snippet and hit.snippet in str(entity.attrs["text"])
        assert (hit.entity_type, hit.text_field) == ("article", "text")
        assert hit.highlight_terms and all(term in hit.snippet for term in hit.highlight_terms)
        assert hit.score is not None
    scores = [hit.score for hit in texts if hit.score is not None]
    assert scores == sorted(scores, reverse=True)
    assert [e.id for e in response.results.entities] == text_ids(response)
    assert response.meta.metrics.calls == 1
    assert response.meta.metrics.size.texts == len(texts)
    actions = [step.action for step in response.meta.plan]
    assert actions == ["validate", "ground_concept", "text_search", "fuse", "paginate"]


def test_a_question_naming_a_law_is_searched_in_that_law(search: Search) -> None:
    response = search(nl("民法典关于定金的规定"))
    assert text_ids(response)
    assert all(i.startswith(f"{CODE}#") for i in text_ids(response))
    assert response.meta.intent is not None and "民法典" in response.meta.intent.concepts
    assert response.meta.intent.confidence is not None


def test_a_question_naming_an_article_puts_it_first(search: Search) -> None:
    response = search(nl("劳动合同法第四十二条说了什么"))
    assert text_ids(response)[0] == f"{LABOUR}#第四十二条"
    assert response.meta.grounding is not None
    grounded = response.meta.grounding.concepts[0]
    assert (grounded.text, grounded.match, grounded.entity_ids) == (
        "劳动合同法第四十二条",
        "article",
        [f"{LABOUR}#第四十二条"],
    )
    assert response.meta.intent is not None and response.meta.intent.confidence == 0.9


def test_a_bare_article_number_in_a_question_is_clarified(search: Search) -> None:
    response = search(nl("第二十一条规定了什么"))
    assert response.clarify is not None and response.clarify.triggered
    assert response.clarify.candidates is not None
    assert {e.id for e in response.clarify.candidates.entities} == {
        A21,
        "中华人民共和国技术合同法#第二十一条",
    }
    assert response.results is not None  # the search still ran


def test_hybrid_scopes_filters_and_extends_with_a_subgraph(search: Search) -> None:
    response = search(
        hybrid(
            "解除劳动合同",
            {
                "concept": "劳动合同法",
                "filters": [{"field": "number", "op": "gte", "value": 21}],
                "graph": {"relation_types": ["excepts"], "direction": "out"},
            },
            limit=3,
        )
    )
    assert response.results is not None
    found = text_ids(response)
    assert found and len(found) <= 3
    assert all(i.startswith(f"{LABOUR}#") for i in found)
    numbers = [e.attrs["number"] for e in response.results.entities if e.attrs]
    assert numbers and all(isinstance(n, int) and n >= 21 for n in numbers)
    subgraph = response.results.subgraph
    assert subgraph is not None
    node_ids = {node.id for node in subgraph.nodes}
    assert set(found) <= node_ids
    assert all(edge.relation_type == "excepts" for edge in subgraph.edges)
    if A21 in found:
        assert (A21, f"{LABOUR}#第三十九条") in {(e.source_id, e.target_id) for e in subgraph.edges}
    actions = [step.action for step in response.meta.plan]
    assert actions[-1] == "traverse" and "text_search" in actions and "filter" in actions


def test_hybrid_with_an_article_start_keeps_its_neighbourhood(search: Search) -> None:
    response = search(hybrid("解除劳动合同", {"entity_id": A21}))
    allowed = {A21, f"{LABOUR}#第三十九条", f"{LABOUR}#第四十条"}
    assert text_ids(response) and set(text_ids(response)) <= allowed


def test_hybrid_filters_on_law_attributes_narrow_the_search(search: Search) -> None:
    response = search(
        hybrid(
            "劳动合同 纠纷", {"filters": [{"field": "law_level", "op": "eq", "value": "司法解释"}]}
        )
    )
    assert text_ids(response)
    assert all(i.startswith("最高人民法院") for i in text_ids(response))
    nothing = search(
        hybrid("劳动合同", {"filters": [{"field": "law_level", "op": "eq", "value": "部门规章"}]})
    )
    assert text_ids(nothing) == [] and nothing.meta.metrics.calls == 0


def test_hybrid_filters_on_other_entity_types_are_not_supported(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(hybrid("定金", {"filters": [{"field": "type", "op": "eq", "value": "law"}]}))
    assert caught.value.code == "E_NOT_SUPPORTED"
    assert caught.value.suggestion is not None


def test_profiles_change_the_plan(search: Search) -> None:
    body = nl(QUESTION, dry_run=True)
    precision = search({**body, "profile": "precision"})
    recall = search({**body, "profile": "recall"})
    balanced = search(body)
    assert (precision.meta.profile, recall.meta.profile, balanced.meta.profile) == (
        "precision",
        "recall",
        "balanced",
    )
    limits = [r.meta.defaults.limit for r in (precision, balanced, recall)]
    assert limits == sorted(limits) and len(set(limits)) == 3
    pools = [r.meta.defaults.candidate_pool or 0 for r in (precision, balanced, recall)]
    assert pools == sorted(pools) and len(set(pools)) == 3
    assert precision.meta.defaults.min_score is not None
    assert recall.meta.defaults.min_score is None

    def weights(response: UnifiedSearchResponse) -> Any:
        step = next(s for s in response.meta.plan if s.action == "text_search")
        return step.params.weights

    assert weights(precision).bm25 > weights(precision).vector
    assert weights(recall).vector > weights(recall).bm25
    assert weights(balanced) is None  # the index's own weights


def test_the_body_profile_overrides_the_header(search: Search) -> None:
    body = nl(QUESTION, dry_run=True)
    assert search(body, header_profile="recall").meta.profile == "recall"
    assert search({**body, "profile": "precision"}, header_profile="recall").meta.profile == (
        "precision"
    )
    with pytest.raises(UnifiedSearchError) as caught:
        search(body, header_profile="fastest")
    assert caught.value.code == "E_SCHEMA_INVALID" and "X-Client-Profile" in caught.value.message


def test_precision_returns_fewer_surer_hits(search: Search) -> None:
    precision = search({**nl(QUESTION), "profile": "precision"})
    recall = search({**nl(QUESTION), "profile": "recall"})
    assert len(text_ids(precision)) <= len(text_ids(recall))
    assert A21 in text_ids(precision)


def test_a_failing_backend_is_a_backend_error_naming_the_step(
    law_index: LawIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("index file vanished")

    monkeypatch.setattr(law_index.search, "search", broken)
    request = UnifiedSearchRequest.model_validate(nl(QUESTION))
    with pytest.raises(UnifiedSearchError) as caught:
        unified_search(request, index=law_index)
    assert caught.value.code == "E_BACKEND_ERROR"
    assert caught.value.step == "text_search"
    assert caught.value.suggestion is not None and caught.value.suggestion.startswith("retry")
    assert "index file vanished" in caught.value.message


def test_an_nl_dry_run_needs_no_index() -> None:
    request = UnifiedSearchRequest.model_validate(nl(QUESTION, dry_run=True, explain=True))
    response = unified_search(request, index=None)
    assert response.results is None and response.meta.plan
    assert all(step.explain for step in response.meta.plan)
    assert response.meta.metrics.calls == 0
    assert response.meta.intent is None  # nothing to ground against


def test_order_by_an_attribute_in_nl_mode(search: Search) -> None:
    response = search(nl("劳动合同 解除", order_by="number"))
    assert response.results is not None
    numbers = [e.attrs["number"] for e in response.results.entities if e.attrs]
    assert numbers == sorted(numbers)  # type: ignore[type-var]
    assert text_ids(response) == [e.id for e in response.results.entities]
