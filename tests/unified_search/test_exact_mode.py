"""Exact mode on the small library: concepts and ids, graph traversal with its
defaults, the soft clarify of depth and limit, the capability limit, ambiguity (soft
and blocked), filters, ordering, formats, dry runs and the missing index."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from contract_review.laws.law_index import build_law_index
from contract_review.laws.law_library import LawLibrary
from contract_review.testing.law_builders import make_law
from contract_review.unified_search import (
    LawGraph,
    UnifiedSearchError,
    UnifiedSearchRequest,
    UnifiedSearchResponse,
    plan_search,
    unified_search,
)
from contract_review.unified_search.exact_execution import run_exact

Search = Callable[..., UnifiedSearchResponse]

LABOUR = "中华人民共和国劳动合同法"
A21 = f"{LABOUR}#第二十一条"
A39 = f"{LABOUR}#第三十九条"
A40 = f"{LABOUR}#第四十条"


def exact(**query: Any) -> dict[str, Any]:
    options = query.pop("options", {})
    return {"mode": "exact", "exact_query": query, "options": options}


def ids(response: UnifiedSearchResponse) -> list[str]:
    assert response.results is not None
    return [entity.id for entity in response.results.entities]


@pytest.mark.parametrize(
    ("concept", "expected", "match"),
    [
        ("劳动合同法", LABOUR, "name"),
        ("《中华人民共和国劳动合同法》", LABOUR, "id"),
        ("劳动合同法第二十一条", A21, "name"),
        ("劳动合同法第21条", A21, "article"),
        ("劳动合同法第四十条第一项", A40, "article"),
        (f"{LABOUR}#第21条", A21, "article"),
        ("用人单位", f"term:{LABOUR}#用人单位", "name"),
        (A21, A21, "id"),
        (
            "最高人民法院关于审理劳动争议",
            "最高人民法院关于审理劳动争议案件适用法律问题的解释",
            "partial",
        ),
    ],
)
def test_a_concept_names_one_entity(
    search: Search, concept: str, expected: str, match: str
) -> None:
    response = search(exact(concept=concept))
    assert ids(response) == [expected]
    assert response.clarify is None
    assert response.meta.grounding is not None
    assert response.meta.grounding.concepts[0].match == match
    assert response.meta.intent is not None and response.meta.intent.confidence == 1.0
    assert [step.action for step in response.meta.plan] == [
        "validate",
        "ground_concept",
        "paginate",
    ]


def test_entity_id_and_graph_depth_one_give_the_subgraph(search: Search) -> None:
    response = search(
        exact(entity_id=A21, graph={"relation_types": ["excepts"], "direction": "out", "depth": 1})
    )
    assert response.results is not None and response.results.subgraph is not None
    subgraph = response.results.subgraph
    assert [node.id for node in subgraph.nodes] == [A21, A39, A40]
    assert {(e.source_id, e.target_id, e.relation_type, e.direction) for e in subgraph.edges} == {
        (A21, A39, "excepts", "out"),
        (A21, A40, "excepts", "out"),
    }
    assert ids(response) == [A21]
    assert response.clarify is None and response.meta.degeneration == []
    actions = [step.action for step in response.meta.plan]
    assert actions == ["validate", "resolve_entity", "traverse", "paginate"]
    assert all(step.explain is None for step in response.meta.plan)  # not asked to explain
    assert response.meta.metrics.size.nodes == 3 and response.meta.metrics.size.edges == 2


def test_graph_direction_defaults(search: Search) -> None:
    one_hop = search(exact(entity_id=A40, graph={"relation_types": ["refers_to"]}))
    assert one_hop.meta.defaults.direction == "out"
    subgraph = search(exact(entity_id=A40, graph={}))
    assert subgraph.meta.defaults.direction == "both"
    assert subgraph.results is not None and subgraph.results.subgraph is not None
    relations = {(e.relation_type, e.direction) for e in subgraph.results.subgraph.edges}
    assert ("contains", "in") in relations and ("refers_to", "in") in relations
    incoming = search(
        exact(entity_id=A40, graph={"relation_types": ["refers_to"], "direction": "in"})
    )
    assert incoming.results is not None and incoming.results.subgraph is not None
    assert {e.source_id for e in incoming.results.subgraph.edges} == {A21, f"{LABOUR}#第四十二条"}


def test_depth_two_returns_one_hop_and_asks(search: Search) -> None:
    response = search(
        exact(
            entity_id=f"{LABOUR}#第四十二条",
            graph={"relation_types": ["refers_to"], "direction": "both", "depth": 2},
        )
    )
    assert response.results is not None and response.results.subgraph is not None
    assert [node.id for node in response.results.subgraph.nodes] == [f"{LABOUR}#第四十二条", A40]
    assert [d.type for d in response.meta.degeneration] == ["depth"]
    assert response.clarify is not None and response.clarify.triggered
    assert response.clarify.candidates is not None and 2 in response.clarify.candidates.depths
    assert response.meta.defaults.depth == 1


def test_a_limit_above_the_list_limit_is_cut_to_30(search: Search) -> None:
    response = search(
        exact(filters=[{"field": "type", "op": "eq", "value": "article"}], options={"limit": 100})
    )
    assert response.meta.defaults.limit == 30
    assert [d.type for d in response.meta.degeneration] == ["limit"]
    assert response.clarify is not None and response.clarify.triggered
    assert response.clarify.candidates is not None
    assert response.clarify.candidates.limit_suggestions == [30]
    assert len(ids(response)) == 13  # all there are, under the cut limit


def test_a_limit_above_2000_is_refused(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(exact(concept="劳动合同法", options={"limit": 5000}))
    assert caught.value.code == "E_CAPABILITY_LIMIT"
    assert caught.value.suggestion is not None and "offset" in caught.value.suggestion


def test_an_ambiguous_concept_is_clarified_with_candidates(search: Search) -> None:
    response = search(exact(concept="第二十一条"))
    assert set(ids(response)) == {A21, "中华人民共和国技术合同法#第二十一条"}
    assert response.clarify is not None and response.clarify.triggered
    assert response.clarify.candidates is not None
    assert {e.id for e in response.clarify.candidates.entities} == set(ids(response))
    partial = search(exact(concept="合同法"))
    assert set(ids(partial)) == {LABOUR, "中华人民共和国技术合同法"}
    assert partial.meta.grounding is not None
    assert partial.meta.grounding.concepts[0].match == "ambiguous"


def test_an_ambiguous_start_of_a_traversal_is_blocked(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(exact(concept="第二十一条", graph={"relation_types": ["refers_to"]}))
    assert caught.value.code == "E_AMBIGUITY_BLOCKED"
    assert caught.value.clarify is not None and caught.value.clarify.candidates is not None
    assert len(caught.value.clarify.candidates.entities) == 2


def test_a_name_of_several_laws_without_versions_is_blocked() -> None:
    laws = [
        make_law("中华人民共和国保险法", [("第一条", "保险活动适用本法。")]),
        make_law("保险法（地方）", [("第一条", "本地保险活动适用本法。")], title="保险法"),
    ]
    index = build_law_index(laws, embedder=None, show_progress=False)
    request = UnifiedSearchRequest.model_validate(exact(concept="保险法"))
    with pytest.raises(UnifiedSearchError) as caught:
        unified_search(request, index=index)
    assert caught.value.code == "E_AMBIGUITY_BLOCKED"
    clarify = caught.value.clarify
    assert clarify is not None and clarify.candidates is not None
    assert {e.id for e in clarify.candidates.entities} == {"中华人民共和国保险法", "保险法（地方）"}
    assert caught.value.to_response().clarify == clarify


def test_dated_versions_of_a_law_resolve_to_the_latest() -> None:
    laws = [
        make_law(LABOUR, [("第十九条", "一年以上的，试用期不得超过两个月。")], title=LABOUR),
        make_law(f"{LABOUR}@2007-06-29", [("第十九条", "旧文本。")], title=LABOUR),
    ]
    laws = [
        laws[0].model_copy(update={"version_date": datetime.date(2012, 12, 28)}),
        laws[1].model_copy(update={"version_date": datetime.date(2007, 6, 29)}),
    ]
    index = build_law_index(laws, embedder=None, show_progress=False)
    for concept, expected in (("劳动合同法", LABOUR), ("劳动合同法第十九条", f"{LABOUR}#第十九条")):
        response = unified_search(
            UnifiedSearchRequest.model_validate(exact(concept=concept)), index=index
        )
        assert ids(response) == [expected]
        assert response.meta.grounding is not None
        assert response.meta.grounding.concepts[0].match == "latest_version"


def test_an_unknown_name_is_clarified_with_close_names(search: Search) -> None:
    response = search(exact(concept="劳动合同发"))
    assert ids(response) == []
    assert response.clarify is not None and response.clarify.candidates is not None
    assert "劳动合同法" in response.clarify.candidates.concepts


def test_filters_order_and_compact_attributes(search: Search) -> None:
    response = search(
        exact(
            filters=[
                {"field": "type", "op": "eq", "value": "law"},
                {"field": "effective_date", "op": "gte", "value": "2013-01-01"},
            ],
            options={"order_by": "-effective_date"},
        )
    )
    assert response.results is not None
    entities = response.results.entities
    assert {e.id for e in entities} == {
        LABOUR,
        "中华人民共和国民法典",
        "最高人民法院关于审理劳动争议案件适用法律问题的解释",
    }
    assert entities[-1].id == LABOUR
    # compact: only the attributes filtered or ordered on
    assert all(e.attrs is not None and set(e.attrs) == {"effective_date"} for e in entities)
    dates = [str(e.attrs["effective_date"]) for e in entities if e.attrs]
    assert dates == sorted(dates, reverse=True)


@pytest.mark.parametrize(
    ("flt", "expected"),
    [
        (
            {"field": "article_no", "op": "eq", "value": "第21条"},
            {A21, "中华人民共和国技术合同法#第二十一条"},
        ),
        ({"field": "number", "op": "between", "value": [39, 40]}, {A39, A40}),
        ({"field": "tags", "op": "in", "value": ["劳动"]}, None),
        ({"field": "status", "op": "eq", "value": "已废止"}, None),
        (
            {"field": "text", "op": "contains", "value": "定金合同"},
            {"中华人民共和国民法典#第五百八十六条"},
        ),
    ],
)
def test_filters_on_article_attributes(
    search: Search, graph: LawGraph, flt: dict[str, Any], expected: set[str] | None
) -> None:
    body = exact(filters=[{"field": "type", "op": "eq", "value": "article"}, flt])
    found = set(ids(search(body)))
    if expected is None:
        expected = {
            e.id
            for e in graph.of_type("article")
            if e.attrs is not None
            and (
                "劳动" in (e.attrs["tags"] or [])  # type: ignore[operator]
                if flt["field"] == "tags"
                else e.attrs["status"] == "已废止"
            )
        }
    assert found == expected


@pytest.mark.parametrize(
    ("flt", "code"),
    [
        ({"field": "color", "op": "eq", "value": "red"}, "E_NOT_SUPPORTED"),
        ({"field": "tags", "op": "gte", "value": "a"}, "E_NOT_SUPPORTED"),
        ({"field": "effective_date", "op": "gte", "value": "last year"}, "E_SCHEMA_INVALID"),
        ({"field": "number", "op": "gt", "value": "twenty"}, "E_SCHEMA_INVALID"),
        ({"field": "type", "op": "eq", "value": "chapter"}, "E_SCHEMA_INVALID"),
    ],
)
def test_filters_the_graph_cannot_answer(search: Search, flt: dict[str, Any], code: str) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(exact(concept="劳动合同法", filters=[flt]))
    assert caught.value.code == code
    assert flt["field"] in caught.value.message


def test_a_field_articles_lack_is_not_supported_with_a_suggestion(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(
            exact(
                filters=[
                    {"field": "type", "op": "eq", "value": "article"},
                    {"field": "article_count", "op": "gt", "value": 3},
                ]
            )
        )
    assert caught.value.code == "E_NOT_SUPPORTED"
    assert "only law entities have it" in caught.value.message
    assert caught.value.suggestion is not None and "article_no" in caught.value.suggestion


def test_order_by_an_unknown_field_is_a_schema_error(search: Search) -> None:
    with pytest.raises(UnifiedSearchError) as caught:
        search(exact(concept="劳动合同法", options={"order_by": "-popularity"}))
    assert caught.value.code == "E_SCHEMA_INVALID"
    assert "popularity" in caught.value.message


def test_verbose_shows_every_attribute(search: Search) -> None:
    response = search(exact(concept="劳动合同法第二十一条", options={"response_format": "verbose"}))
    assert response.results is not None
    attrs = response.results.entities[0].attrs
    assert (
        attrs is not None and attrs["article_no"] == "第二十一条" and "试用期" in str(attrs["text"])
    )
    compact = search(exact(concept="劳动合同法第二十一条"))
    assert compact.results is not None and compact.results.entities[0].attrs is None


def test_dry_run_plans_without_an_index_and_returns_no_results() -> None:
    request = UnifiedSearchRequest.model_validate(
        exact(concept="劳动合同法", graph={"depth": 3}, options={"dry_run": True, "explain": True})
    )
    response = unified_search(request, index=None)
    assert response.results is None
    assert [step.action for step in response.meta.plan] == [
        "validate",
        "ground_concept",
        "traverse",
        "paginate",
    ]
    assert all(step.explain for step in response.meta.plan)
    assert response.meta.metrics.calls == 0 and response.meta.metrics.latency_ms >= 0
    assert response.meta.defaults.depth == 1 and response.meta.defaults.direction == "both"
    assert [d.type for d in response.meta.degeneration] == ["depth"]
    assert response.clarify is not None and response.clarify.triggered


def test_without_an_index_a_search_is_not_supported() -> None:
    request = UnifiedSearchRequest.model_validate(exact(concept="劳动合同法"))
    with pytest.raises(UnifiedSearchError) as caught:
        unified_search(request, index=None)
    assert caught.value.code == "E_NOT_SUPPORTED"
    assert caught.value.message.startswith("no law index is configured")
    assert caught.value.suggestion is not None
    assert (
        "--law-index" in caught.value.suggestion
        and "contract-review law index" in caught.value.suggestion
    )


def test_a_large_listing_gets_the_default_time_window() -> None:
    old = make_law(
        "旧法", [(f"第{n}条", f"旧规定{n}。") for n in range(1, 2001)], effective_date="2000-01-01"
    )
    new = make_law(
        "新法", [(f"第{n}条", f"新规定{n}。") for n in range(1, 6)], effective_date="2025-06-01"
    )
    graph = LawGraph.from_library(LawLibrary([old, new]), cache=False)
    request = UnifiedSearchRequest.model_validate(
        exact(filters=[{"field": "type", "op": "eq", "value": "article"}], options={"limit": 10})
    )
    plan = plan_search(request, graph=graph)
    outcome = run_exact(plan, graph, today=datetime.date(2026, 11, 27))
    assert outcome.total == 5
    assert [d.type for d in outcome.degeneration] == ["filter"]
    assert outcome.time_window is not None and "2023-11-27" in outcome.time_window
    dated = UnifiedSearchRequest.model_validate(
        exact(
            filters=[
                {"field": "type", "op": "eq", "value": "article"},
                {"field": "effective_date", "op": "gte", "value": "1990-01-01"},
            ]
        )
    )
    assert run_exact(plan_search(dated, graph=graph), graph).total == 2005
