"""The clarify blocks of the unified search: the questions and candidates offered when
a name is ambiguous or unknown, or a limit or depth was cut down, and merging several
into the one block a response carries."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from .concept_grounding import ConceptResolution
from .law_graph import LawGraph
from .request_models import RelationType
from .response_models import Clarify, ClarifyCandidates, Entity

__all__ = [
    "MAX_CANDIDATES",
    "ambiguity_clarify",
    "bare",
    "depth_clarify",
    "limit_clarify",
    "merge_clarify",
    "unknown_clarify",
]

#: The most candidate entities a clarify block lists.
MAX_CANDIDATES = 10


def bare(entity: Entity) -> Entity:
    """``entity`` without its attributes."""
    return entity if entity.attrs is None else entity.model_copy(update={"attrs": None})


def ambiguity_clarify(graph: LawGraph, resolution: ConceptResolution, where: str) -> Clarify:
    """Several entities answer the name ``resolution.text`` (given in ``where``)."""
    entities = [bare(graph.entities[i]) for i in resolution.entity_ids[:MAX_CANDIDATES]]
    more = len(resolution.entity_ids) - len(entities)
    listed = "、".join(entity.name for entity in entities) + (f" and {more} more" if more else "")
    return Clarify(
        triggered=True,
        reason=f"{where}: {resolution.text!r} matches {len(resolution.entity_ids)} entities "
        "equally",
        questions=[f"Which one do you mean by {resolution.text!r}: {listed}?"],
        candidates=ClarifyCandidates(
            concepts=list(dict.fromkeys(entity.name for entity in entities)), entities=entities
        ),
        suggestions=[
            f"set {where} to one candidate's name or use exact_query.entity_id with its id"
        ],
    )


def unknown_clarify(graph: LawGraph, text: str, where: str) -> Clarify:
    """No entity answers ``text``; offers the closest names."""
    close = difflib.get_close_matches(text, list(graph.names), n=5, cutoff=0.5)
    entities = [bare(graph.entities[graph.names[name][0]]) for name in close]
    return Clarify(
        triggered=True,
        reason=f"{where}: no law, article or term is named {text!r}",
        questions=[f"Did you mean {' / '.join(close)}?" if close else f"What is {text!r}?"],
        candidates=ClarifyCandidates(concepts=close, entities=entities),
        suggestions=["search the article texts instead with mode 'nl' and nl_query.text"],
    )


def limit_clarify(requested: int, cap: int, kind: str) -> Clarify:
    """The page asked for (``requested``) was cut to ``cap``."""
    return Clarify(
        triggered=True,
        reason=f"options.limit {requested} is above the {kind} limit; {cap} are returned",
        questions=[f"Show the next {cap} with options.offset, or narrow the query with filters?"],
        candidates=ClarifyCandidates(limit_suggestions=[cap]),
        suggestions=[f"page with options.offset = {cap}, {2 * cap}, …"],
    )


def depth_clarify(requested: int, relations: Sequence[RelationType]) -> Clarify:
    """Only one hop of the ``requested`` depth was followed."""
    return Clarify(
        triggered=True,
        reason=f"exact_query.graph.depth {requested} asks for more than one hop; one hop is "
        "returned",
        questions=[
            f"Go {requested} hops deep? Each further hop is a query from the nodes returned."
        ],
        candidates=ClarifyCandidates(
            relations=list(relations),
            directions=["out", "in", "both"],
            depths=sorted({1, requested}),
        ),
        suggestions=[
            "to extend the subgraph, query the returned nodes (exact_query.entity_id) with depth 1"
        ],
    )


def merge_clarify(parts: Sequence[Clarify]) -> Clarify | None:
    """One block from several (reasons joined, lists concatenated without repeats);
    None when there is none."""
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    merged = ClarifyCandidates()
    for part in parts:
        if part.candidates is None:
            continue
        for name in ClarifyCandidates.model_fields:
            values = list(getattr(merged, name))
            for value in getattr(part.candidates, name):
                if value not in values:
                    values.append(value)
            merged = merged.model_copy(update={name: values})
    return Clarify(
        triggered=any(part.triggered for part in parts),
        reason="; ".join(part.reason for part in parts if part.reason),
        questions=[q for part in parts for q in part.questions],
        candidates=merged,
        suggestions=list(dict.fromkeys(s for part in parts for s in part.suggestions)),
    )
