"""Breadth-first traversal of the law graph from one or more start entities, along
chosen relations, out (along the edges), in (against them) or both, to a depth; and
the edges of a traversal restricted to the nodes a response returns."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from .law_graph import GraphEdge, LawGraph
from .request_models import Direction, RelationType
from .response_models import Edge

__all__ = ["Traversal", "traverse"]


@dataclass(frozen=True, slots=True)
class Traversal:
    """What a traversal reached: the new nodes in discovery order (the starts not
    among them) and every edge followed, with the way it was followed."""

    starts: list[str]
    nodes: list[str]
    edges: list[tuple[GraphEdge, Literal["out", "in"]]]

    def edges_among(self, kept: Collection[str]) -> list[Edge]:
        """The followed edges whose both ends are in ``kept``, as response edges."""
        return [
            Edge(
                source_id=edge.source,
                target_id=edge.target,
                relation_type=edge.relation,
                direction=way,
            )
            for edge, way in self.edges
            if edge.source in kept and edge.target in kept
        ]


def _steps(
    graph: LawGraph, node: str, relations: Collection[RelationType], direction: Direction
) -> list[tuple[GraphEdge, Literal["out", "in"], str]]:
    found: list[tuple[GraphEdge, Literal["out", "in"], str]] = []
    if direction in ("out", "both"):
        found += [(e, "out", e.target) for e in graph.out_edges(node) if e.relation in relations]
    if direction in ("in", "both"):
        found += [(e, "in", e.source) for e in graph.in_edges(node) if e.relation in relations]
    return found


def traverse(
    graph: LawGraph,
    starts: Sequence[str],
    *,
    relation_types: Collection[RelationType],
    direction: Direction,
    depth: int = 1,
) -> Traversal:
    """The nodes and edges within ``depth`` hops of ``starts`` (ids not in the graph
    are ignored), each edge once."""
    relations = frozenset(relation_types)
    seen = dict.fromkeys(start for start in starts if start in graph)
    reached: list[str] = []
    edges: list[tuple[GraphEdge, Literal["out", "in"]]] = []
    followed: set[GraphEdge] = set()
    frontier = list(seen)
    for _ in range(depth):
        following: list[str] = []
        for node in frontier:
            for edge, way, other in _steps(graph, node, relations, direction):
                if edge not in followed:
                    followed.add(edge)
                    edges.append((edge, way))
                if other not in seen:
                    seen[other] = None
                    reached.append(other)
                    following.append(other)
        frontier = following
        if not frontier:
            break
    return Traversal(list(dict.fromkeys(s for s in starts if s in graph)), reached, edges)
