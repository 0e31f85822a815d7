"""Invariants of the unified search on the small library, over generated requests:
pages never pass the limits, consecutive pages make up the longer page, subgraph edges
join returned nodes along requested relations and directions, and dry runs plan
without results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.unified_search import (
    LawGraph,
    UnifiedSearchError,
    UnifiedSearchRequest,
    UnifiedSearchResponse,
    unified_search,
)

Search = Callable[..., UnifiedSearchResponse]

RELATIONS = ["contains", "refers_to", "defines", "excepts"]
QUERIES = [
    "试用期内用人单位可以随意解除劳动合同吗",
    "定金",
    "劳动争议 纠纷",
    "解除劳动合同",
    "合同",
]
CONCEPTS = [
    "劳动合同法",
    "民法典",
    "合同法",
    "第二十一条",
    "用人单位",
    "劳动合同法第四十条",
    "无此法",
]
FILTERS: list[dict[str, Any]] = [
    {"field": "type", "op": "eq", "value": "article"},
    {"field": "type", "op": "in", "value": ["law", "term"]},
    {"field": "law_level", "op": "eq", "value": "法律"},
    {"field": "effective_date", "op": "between", "value": ["2000-01-01", "2021-12-31"]},
    {"field": "status", "op": "ne", "value": "已废止"},
    {"field": "law_id", "op": "contains", "value": "劳动"},
]
ORDERS = [None, "name", "-name", "effective_date", "-effective_date", "id", "score", "-score"]
ARTICLE_ORDERS = [None, "name", "-number", "number", "-effective_date", "-score"]

graph_queries = st.fixed_dictionaries(
    {},
    optional={
        "relation_types": st.lists(st.sampled_from(RELATIONS), min_size=1, max_size=4, unique=True),
        "direction": st.sampled_from(["out", "in", "both"]),
        "depth": st.integers(1, 4),
    },
)


def limits_hold(response: UnifiedSearchResponse, limit: int, graph_query: bool) -> None:
    assert response.results is not None
    results = response.results
    if graph_query:
        assert len(results.entities) <= 1
        assert results.subgraph is not None
        assert len(results.subgraph.nodes) <= min(limit + 1, 50)
    else:
        assert len(results.entities) <= min(limit, 30)
    assert len(results.texts) <= min(limit, 30)
    if results.subgraph is not None:
        assert len(results.subgraph.nodes) <= 50
    size = response.meta.metrics.size
    assert (size.entities, size.texts) == (len(results.entities), len(results.texts))


@settings(max_examples=80, deadline=None)
@given(
    data=st.data(),
    limit=st.one_of(st.integers(1, 60), st.integers(1900, 2100)),
    offset=st.integers(0, 20),
    use_graph=st.booleans(),
)
def test_results_never_exceed_the_limits(
    search: Search, graph: LawGraph, data: st.DataObject, limit: int, offset: int, use_graph: bool
) -> None:
    exact: dict[str, Any]
    if use_graph:
        exact = {
            "entity_id": data.draw(st.sampled_from(sorted(graph.entities))),
            "graph": data.draw(graph_queries),
        }
    else:
        exact = {"concept": data.draw(st.sampled_from(CONCEPTS))}
        exact["filters"] = data.draw(st.lists(st.sampled_from(FILTERS[2:]), max_size=2))
    body = {"mode": "exact", "exact_query": exact, "options": {"limit": limit, "offset": offset}}
    if limit > 2000 or offset + limit > 2000:
        try:
            search(body)
        except UnifiedSearchError as error:
            assert error.code == "E_CAPABILITY_LIMIT"
        else:
            raise AssertionError("a limit above 2000 was served")
        return
    response = search(body)
    limits_hold(response, limit, use_graph)
    if limit > (49 if use_graph else 30):
        assert "limit" in [d.type for d in response.meta.degeneration]
        assert response.clarify is not None and response.clarify.triggered


@settings(max_examples=40, deadline=None)
@given(
    query=st.sampled_from(QUERIES),
    limit=st.integers(1, 60),
    profile=st.sampled_from(["precision", "recall", "balanced"]),
)
def test_text_results_never_exceed_the_limits(
    search: Search, query: str, limit: int, profile: str
) -> None:
    body = {
        "mode": "nl",
        "nl_query": {"text": query},
        "options": {"limit": limit},
        "profile": profile,
    }
    limits_hold(search(body), limit, False)


def page_ids(response: UnifiedSearchResponse) -> list[str]:
    assert response.results is not None
    return [entity.id for entity in response.results.entities]


@settings(max_examples=60, deadline=None)
@given(
    filters=st.lists(st.sampled_from(FILTERS), max_size=2),
    order=st.sampled_from(ORDERS),
    limit=st.integers(1, 15),
)
def test_consecutive_pages_make_up_the_longer_page(
    search: Search, filters: list[dict[str, Any]], order: str | None, limit: int
) -> None:
    def page(offset: int, size: int) -> list[str]:
        options = {"limit": size, "offset": offset, "order_by": order}
        return page_ids(
            search(
                {
                    "mode": "exact",
                    "exact_query": {"filters": filters or FILTERS[:1]},
                    "options": options,
                }
            )
        )

    assert page(0, limit) + page(limit, limit) == page(0, 2 * limit)


@settings(max_examples=30, deadline=None)
@given(
    query=st.sampled_from(QUERIES),
    order=st.sampled_from(ARTICLE_ORDERS),
    limit=st.integers(1, 12),
    hybrid=st.booleans(),
)
def test_text_pages_are_consistent(
    search: Search, query: str, order: str | None, limit: int, hybrid: bool
) -> None:
    def page(offset: int, size: int) -> list[str]:
        body: dict[str, Any] = {
            "mode": "hybrid" if hybrid else "nl",
            "nl_query": {"text": query},
            "options": {"limit": size, "offset": offset, "order_by": order},
        }
        if hybrid:
            body["exact_query"] = {"filters": [FILTERS[2]]}
        response = search(body)
        assert response.results is not None
        assert [t.entity_id for t in response.results.texts] == page_ids(response)
        return page_ids(response)

    assert page(0, limit) + page(limit, limit) == page(0, 2 * limit)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), query=graph_queries)
def test_subgraph_edges_join_returned_nodes_along_requested_relations(
    search: Search, graph: LawGraph, data: st.DataObject, query: dict[str, Any]
) -> None:
    start = data.draw(st.sampled_from(sorted(graph.entities)))
    response = search({"mode": "exact", "exact_query": {"entity_id": start, "graph": query}})
    assert response.results is not None and response.results.subgraph is not None
    subgraph = response.results.subgraph
    nodes = {node.id for node in subgraph.nodes}
    assert subgraph.nodes[0].id == start and len(nodes) == len(subgraph.nodes)
    wanted = set(query.get("relation_types") or RELATIONS)
    direction = query.get("direction") or ("out" if query.get("relation_types") else "both")
    for edge in subgraph.edges:
        assert edge.source_id in nodes and edge.target_id in nodes
        assert edge.relation_type in wanted
        assert start in (edge.source_id, edge.target_id)  # one hop from the start
        if direction != "both":
            assert edge.direction == direction
        assert (edge.source_id if edge.direction == "out" else edge.target_id) == start
    # every neighbour is joined to the start by an edge
    joined = {e.target_id if e.direction == "out" else e.source_id for e in subgraph.edges}
    assert nodes - {start} <= joined


@settings(max_examples=60, deadline=None)
@given(
    mode=st.sampled_from(["nl", "exact", "hybrid"]),
    concept=st.sampled_from(CONCEPTS),
    query=st.sampled_from(QUERIES),
    graph_query=st.one_of(st.none(), graph_queries),
    profile=st.sampled_from([None, "precision", "recall", "balanced"]),
    explain=st.booleans(),
)
def test_dry_runs_plan_without_results_and_without_an_index(
    mode: str,
    concept: str,
    query: str,
    graph_query: dict[str, Any] | None,
    profile: str | None,
    explain: bool,
) -> None:
    body: dict[str, Any] = {
        "mode": mode,
        "options": {"dry_run": True, "explain": explain},
        "profile": profile,
    }
    if mode != "exact":
        body["nl_query"] = {"text": query}
    if mode != "nl":
        body["exact_query"] = {"concept": concept, "graph": graph_query}
    response = unified_search(UnifiedSearchRequest.model_validate(body), index=None)
    assert response.results is None
    assert response.meta.plan and response.meta.plan[0].action == "validate"
    assert [step.step for step in response.meta.plan] == list(range(1, len(response.meta.plan) + 1))
    assert all(step.explain for step in response.meta.plan)  # a dry run explains itself
    assert response.meta.metrics.calls == 0
    assert response.meta.profile == (profile or "balanced")
