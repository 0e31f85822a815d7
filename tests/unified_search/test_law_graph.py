"""The law graph of the small library: entities and their ids, the four relations,
adjacency both ways, caching per library, traversal."""

from __future__ import annotations

from contract_review.laws.law_library import LawLibrary
from contract_review.unified_search import LawGraph
from contract_review.unified_search.graph_traversal import traverse
from contract_review.unified_search.law_graph import term_id

LABOUR = "中华人民共和国劳动合同法"
CODE = "中华人民共和国民法典"
A21 = f"{LABOUR}#第二十一条"
A39 = f"{LABOUR}#第三十九条"
A40 = f"{LABOUR}#第四十条"
A42 = f"{LABOUR}#第四十二条"


def edges(graph: LawGraph) -> set[tuple[str, str, str]]:
    return {(e.source, e.target, e.relation) for e in graph.edges()}


def test_entities_are_laws_articles_and_defined_terms(graph: LawGraph) -> None:
    counts = graph.counts()
    assert (counts["law"], counts["article"]) == (4, 13)
    law = graph.entity(LABOUR)
    assert law is not None and law.type == "law" and law.name == LABOUR
    assert law.attrs is not None and law.attrs["short_title"] == "劳动合同法"
    assert law.attrs["article_count"] == 6
    article = graph.entity(A21)
    assert article is not None and article.name == "劳动合同法第二十一条"
    assert article.attrs is not None
    assert (article.attrs["number"], article.attrs["law_level"]) == (21, "法律")
    assert article.attrs["tags"] == ["劳动"]
    term = graph.entity(term_id(LABOUR, "用人单位"))
    assert term is not None and term.type == "term" and term.name == "用人单位"
    assert term.attrs is not None and term.attrs["defined_in"] == [f"{LABOUR}#第二条"]


def test_the_four_relations(graph: LawGraph) -> None:
    found = edges(graph)
    assert (LABOUR, A21, "contains") in found
    assert sum(1 for _, _, relation in found if relation == "contains") == 13
    assert {(A21, A39, "refers_to"), (A21, A40, "refers_to")} <= found
    # 除劳动者有本法第三十九条和第四十条…规定的情形外 is an exception naming both
    assert {(A21, A39, "excepts"), (A21, A40, "excepts")} <= found
    # 不得依照本法第四十条的规定 is a plain reference, not an exception
    assert (A42, A40, "refers_to") in found and (A42, A40, "excepts") not in found
    assert (f"{CODE}#第五百八十八条", f"{CODE}#第五百八十六条", "refers_to") in found
    assert (f"{LABOUR}#第二条", term_id(LABOUR, "用人单位"), "defines") in found


def test_adjacency_lists_both_ways(graph: LawGraph) -> None:
    incoming = {(e.source, e.relation) for e in graph.in_edges(A40)}
    assert {(A21, "refers_to"), (A21, "excepts"), (A42, "refers_to"), (LABOUR, "contains")} == (
        incoming
    )
    assert all(edge.source == A21 for edge in graph.out_edges(A21))


def test_the_graph_is_built_once_per_library(library: LawLibrary) -> None:
    assert LawGraph.from_library(library) is LawGraph.from_library(library)
    fresh = LawGraph.from_library(library, cache=False)
    assert fresh is not LawGraph.from_library(library)
    assert fresh.counts() == LawGraph.from_library(library).counts()


def test_names_find_laws_articles_and_terms(graph: LawGraph) -> None:
    assert graph.names["劳动合同法"] == [LABOUR]
    assert graph.names["劳动合同法第二十一条"] == [A21]
    assert graph.names["中华人民共和国劳动合同法第二十一条"] == [A21]
    assert graph.names["用人单位"] == [term_id(LABOUR, "用人单位")]


def test_traversal_follows_the_direction_and_relations(graph: LawGraph) -> None:
    out = traverse(graph, [A21], relation_types=["excepts"], direction="out")
    assert out.nodes == [A39, A40]
    assert {(e.source, e.target) for e, way in out.edges if way == "out"} == {
        (A21, A39),
        (A21, A40),
    }
    into = traverse(graph, [A40], relation_types=["refers_to"], direction="in")
    assert set(into.nodes) == {A21, A42}
    assert all(way == "in" for _, way in into.edges)
    deeper = traverse(graph, [A42], relation_types=["refers_to"], direction="both", depth=2)
    assert set(deeper.nodes) == {A40, A21}
    assert traverse(graph, ["no such id"], relation_types=["contains"], direction="out").nodes == []
