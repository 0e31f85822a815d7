"""Seed 003's relation check (``exists``), ``dedup_fields`` and ``join_strategy`` on the
small library, and the capabilities document the planner is held to."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from contract_review.unified_search import (
    UnifiedSearchError,
    UnifiedSearchRequest,
    UnifiedSearchResponse,
    plan_search,
    search_capabilities,
)
from contract_review.unified_search.capabilities import SEARCH_LIMITS, SearchLimits

from .conftest import LABOUR, Search

A2 = f"{LABOUR}#第二条"
A19 = f"{LABOUR}#第十九条"
A21 = f"{LABOUR}#第二十一条"
A39 = f"{LABOUR}#第三十九条"
A40 = f"{LABOUR}#第四十条"
A42 = f"{LABOUR}#第四十二条"
EMPLOYER = f"term:{LABOUR}#用人单位"


def exact(**query: Any) -> dict[str, Any]:
    options = query.pop("options", {})
    return {"mode": "exact", "exact_query": query, "options": options}


def hybrid(text: str, exact_query: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {
        "mode": "hybrid",
        "nl_query": {"text": text},
        "exact_query": exact_query,
        "options": options,
    }


def ids(response: UnifiedSearchResponse) -> list[str]:
    assert response.results is not None
    return [entity.id for entity in response.results.entities]


def actions(response: UnifiedSearchResponse) -> list[str]:
    return [step.action for step in response.meta.plan]


# ------------------------------------------------------------------ relation check (exists)


def test_exists_confirms_a_relation_and_returns_its_edge(search: Search) -> None:
    response = search(exact(entity_id=A21, graph={"relation_types": ["excepts"], "target_id": A39}))
    assert response.results is not None and response.results.exists is True
    subgraph = response.results.subgraph
    assert subgraph is not None
    assert [node.id for node in subgraph.nodes] == [A21, A39]
    assert [(e.source_id, e.target_id, e.relation_type, e.direction) for e in subgraph.edges] == [
        (A21, A39, "excepts", "out")
    ]
    assert actions(response) == ["validate", "resolve_entity", "check_relation"]
    check = response.meta.plan[-1].params
    assert check.target == A39 and check.relation_types == ["excepts"]


def test_exists_is_false_without_an_edge_and_follows_the_direction(search: Search) -> None:
    unrelated = search(exact(entity_id=A21, graph={"target_id": A19}))
    assert unrelated.results is not None and unrelated.results.exists is False
    assert unrelated.results.subgraph is not None and unrelated.results.subgraph.edges == []
    # 21 excepts 39: out from 39 nothing leads to 21, in (against the edge) it does
    backwards = search(
        exact(entity_id=A39, graph={"relation_types": ["excepts"], "target_id": A21})
    )
    assert backwards.results is not None and backwards.results.exists is False
    against = search(
        exact(
            entity_id=A39,
            graph={"relation_types": ["excepts"], "direction": "in", "target_id": A21},
        )
    )
    assert against.results is not None and against.results.exists is True
    assert against.results.subgraph is not None
    assert against.results.subgraph.edges[0].direction == "in"


def test_the_target_may_be_a_concept_and_an_unknown_one_is_clarified(search: Search) -> None:
    named = search(exact(concept="劳动合同法第二条", graph={"target_concept": "用人单位"}))
    assert named.results is not None and named.results.exists is True
    assert named.results.subgraph is not None
    assert named.results.subgraph.edges[0].relation_type == "defines"
    unknown = search(exact(entity_id=A21, graph={"target_concept": "不存在的法律名称"}))
    assert unknown.results is not None and unknown.results.exists is False
    assert unknown.clarify is not None and unknown.clarify.triggered
    assert "graph.target_concept" in (unknown.clarify.reason or "")


def test_an_ambiguous_target_blocks_the_check(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as raised:
        search(exact(entity_id=A21, graph={"target_concept": "第二十一条"}))
    assert raised.value.code == "E_AMBIGUITY_BLOCKED"
    assert raised.value.step == "check_relation"
    assert raised.value.clarify is not None


def test_a_deeper_check_runs_one_hop_and_says_so(search: Search) -> None:
    response = search(exact(entity_id=A21, graph={"depth": 3, "target_id": A39}))
    assert response.results is not None and response.results.exists is True
    assert [d.type for d in response.meta.degeneration] == ["depth"]


def test_relation_check_rules_of_the_request() -> None:
    with pytest.raises(ValidationError, match="target_id or target_concept"):
        UnifiedSearchRequest.model_validate(
            exact(entity_id=A21, graph={"target_id": A39, "target_concept": "x"})
        )
    with pytest.raises(ValidationError, match="needs mode 'exact'"):
        UnifiedSearchRequest.model_validate(
            hybrid("试用期", {"entity_id": A21, "graph": {"target_id": A39}})
        )


def test_a_dry_run_plans_the_check(search: Search) -> None:
    response = search(exact(entity_id=A21, graph={"target_id": A39}, options={"dry_run": True}))
    assert response.results is None
    assert actions(response)[-1] == "check_relation"
    assert response.meta.plan[-1].explain and A39 in response.meta.plan[-1].explain


# ------------------------------------------------------------------ dedup_fields


def test_dedup_fields_keep_one_article_per_law(search: Search) -> None:
    every = search(exact(filters=[{"field": "type", "value": "article"}], options={"limit": 30}))
    one_each = search(
        exact(
            filters=[{"field": "type", "value": "article"}],
            options={"limit": 30, "dedup_fields": ["law_id"], "response_format": "verbose"},
        )
    )
    assert one_each.results is not None
    laws = [entity.attrs["law_id"] for entity in one_each.results.entities if entity.attrs]
    assert len(laws) == len(set(laws)) == 4
    assert one_each.meta.metrics.total == 4
    assert one_each.meta.metrics.duplicates == len(ids(every)) - 4
    assert every.meta.metrics.duplicates == 0
    assert "dedup" in actions(one_each) and "dedup" not in actions(every)
    # the first of each law in order is the one kept
    assert ids(one_each) == [
        next(i for i in ids(every) if i.startswith(law)) for law in dict.fromkeys(laws)
    ]


def test_dedup_fields_in_text_search(search: Search) -> None:
    response = search(
        {
            "mode": "nl",
            "nl_query": {"text": "解除劳动合同 定金"},
            "options": {"dedup_fields": ["law_id"], "response_format": "verbose"},
        }
    )
    assert response.results is not None
    laws = [entity.attrs["law_id"] for entity in response.results.entities if entity.attrs]
    assert laws and len(laws) == len(set(laws))
    assert [hit.entity_id for hit in response.results.texts] == ids(response)


def test_an_unknown_dedup_field_is_not_supported(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as raised:
        search(exact(concept="劳动合同法", options={"dedup_fields": ["colour"]}))
    assert raised.value.code == "E_NOT_SUPPORTED"
    assert "options.dedup_fields[0]" in raised.value.message


# ------------------------------------------------------------------ join_strategy


def _article_ids(response: UnifiedSearchResponse) -> set[str]:
    return set(ids(response))


def test_join_by_id_keeps_the_starts_neighbourhood(search: Search) -> None:
    response = search(hybrid("解除劳动合同", {"entity_id": A21}))
    assert _article_ids(response) <= {A21, A39, A40}
    join = next(step for step in response.meta.plan if step.action == "join")
    assert join.params.join_strategy == "by_id"


def test_join_on_field_equality_keeps_the_articles_agreeing_on_the_fields(
    search: Search,
) -> None:
    response = search(
        hybrid(
            "解除劳动合同",
            {"entity_id": A21},
            join_strategy="field_equality",
            join_fields=["law_id"],
            limit=10,
        )
    )
    found = _article_ids(response)
    assert found and all(article.startswith(f"{LABOUR}#") for article in found)
    assert A42 in found  # same law, not next to 21: only field equality brings it
    join = next(step for step in response.meta.plan if step.action == "join")
    assert join.params.join_fields == ["law_id"]


def test_join_through_an_external_edge_keeps_the_linked_articles(search: Search) -> None:
    linked = search(hybrid("解除劳动合同", {"entity_id": A40}, join_strategy="external_edge"))
    assert _article_ids(linked) and _article_ids(linked) <= {A21, A42}  # not 40 itself
    by_id = search(hybrid("解除劳动合同", {"entity_id": A40}))
    assert A40 in _article_ids(by_id)
    # a term joins the article defining it through its ``defines`` edge
    term = search(hybrid("用人单位", {"entity_id": EMPLOYER}, join_strategy="external_edge"))
    assert _article_ids(term) == {A2}
    term_by_id = search(hybrid("用人单位 解除劳动合同", {"entity_id": EMPLOYER}))
    assert len(_article_ids(term_by_id)) > 1  # the term's law


def test_join_rules_of_the_request(search: Search) -> None:
    with pytest.raises(ValidationError, match="needs mode 'hybrid'"):
        UnifiedSearchRequest.model_validate(
            {"mode": "nl", "nl_query": {"text": "x"}, "options": {"join_strategy": "external_edge"}}
        )
    with pytest.raises(ValidationError, match="join_fields is read by"):
        UnifiedSearchRequest.model_validate(hybrid("x", {"entity_id": A21}, join_fields=["law_id"]))
    with pytest.raises(UnifiedSearchError) as raised:
        search(
            hybrid("x", {"entity_id": A21}, join_strategy="field_equality", join_fields=["colour"])
        )
    assert raised.value.code == "E_NOT_SUPPORTED"


# ------------------------------------------------------------------ capabilities


def test_the_capabilities_document_describes_each_operation() -> None:
    document = search_capabilities()
    operations = {op.operation_id: op for op in document.operations}
    unified = operations["unified_search"]
    assert (unified.method, unified.url) == ("POST", "/api/search/unified")
    assert (operations["search_capabilities"].method, operations["search_capabilities"].url) == (
        "GET",
        "/api/search/capabilities",
    )
    parameters = {p.name: p for p in unified.parameters}
    assert parameters["mode"].required and parameters["mode"].allowed == ["nl", "exact", "hybrid"]
    assert parameters["options.join_strategy"].allowed == [
        "by_id",
        "field_equality",
        "external_edge",
    ]
    assert parameters["options.join_strategy"].default == "by_id"
    assert parameters["options.dedup_fields"].type == "array of string"
    assert parameters["options.dedup_fields"].default == ["id"]
    assert parameters["options.join_fields"].default == ["id"]
    assert "exact_query.graph.target_id" in parameters
    assert "between" in (parameters["exact_query.filters[].op"].allowed or [])
    assert parameters["X-Client-Profile"].location == "header"
    assert set(unified.limits) == {spec.name for spec in document.limits}
    assert document.limit("hard_limit").value == SEARCH_LIMITS.hard_limit
    assert document.limit("hard_limit").error_code == "E_CAPABILITY_LIMIT"
    assert document.relation_types == ["contains", "refers_to", "defines", "excepts"]
    assert "law_id" in document.entity_fields["article"]


def test_the_planner_holds_requests_to_the_documented_limits() -> None:
    for limits in (SEARCH_LIMITS, SearchLimits(list_limit=5, graph_limit=8, hard_limit=40)):
        document = search_capabilities(limits=limits)
        hard = document.limit("hard_limit").value
        within = UnifiedSearchRequest.model_validate(
            exact(concept="劳动合同法", options={"limit": hard})
        )
        assert plan_search(within, limits=limits).limit == document.limit("list_limit").value
        beyond = UnifiedSearchRequest.model_validate(
            exact(concept="劳动合同法", options={"limit": hard + 1})
        )
        with pytest.raises(UnifiedSearchError) as raised:
            plan_search(beyond, limits=limits)
        assert raised.value.code == document.limit("hard_limit").error_code
        graph = UnifiedSearchRequest.model_validate(
            exact(entity_id=A21, graph={}, options={"limit": hard})
        )
        assert plan_search(graph, limits=limits).limit == document.limit("graph_limit").value - 1


def test_the_default_limits_are_read_when_called(monkeypatch: pytest.MonkeyPatch) -> None:
    from contract_review.unified_search import capabilities

    smaller = SearchLimits(hard_limit=100)
    monkeypatch.setattr(capabilities, "SEARCH_LIMITS", smaller)
    assert search_capabilities().limit("hard_limit").value == 100
    request = UnifiedSearchRequest.model_validate(
        exact(concept="劳动合同法", options={"limit": 101})
    )
    with pytest.raises(UnifiedSearchError, match="past the first 100"):
        plan_search(request)
