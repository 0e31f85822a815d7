"""The unified search's entry point: plan the request, run it on the law graph and the
law index (or, for a dry run, only plan it), and assemble the response — results,
clarify block and meta (plan, metrics, intent, grounding, defaults, degeneration,
profile)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .clarify_blocks import MAX_CANDIDATES, bare, merge_clarify
from .exact_execution import run_exact
from .execution_outcome import Outcome
from .law_graph import LawGraph
from .planner import SearchPlan, plan_search
from .request_models import UnifiedSearchRequest
from .response_models import (
    ConceptGrounding,
    Entity,
    Grounding,
    Intent,
    Meta,
    Metrics,
    SearchResults,
    SizeMetrics,
    UnifiedSearchResponse,
)
from .search_errors import UnifiedSearchError
from .text_execution import run_text

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex

__all__ = ["NO_INDEX_SUGGESTION", "unified_search"]

#: What to do when no law index is configured.
NO_INDEX_SUGGESTION = (
    "start the server with --law-index DIR or set CONTRACT_REVIEW_LAW_INDEX; build one with "
    "'contract-review law index <laws folder> --out DIR'"
)


def _entities(graph: LawGraph, ids: list[str]) -> list[Entity]:
    return [bare(graph.entities[i]) for i in ids[:MAX_CANDIDATES] if i in graph.entities]


def _exact_confidence(plan: SearchPlan) -> float | None:
    resolution = plan.resolution
    if resolution is None:
        return None
    return 1.0 / len(resolution.entity_ids) if resolution.entity_ids else 0.0


def _intent(plan: SearchPlan, graph: LawGraph | None) -> Intent | None:
    """What the request asks about: the question's names and relations (nl, hybrid) and
    the exact concept with what it resolved to; confidence is the question's (see
    :func:`.concept_grounding.read_intent`) or 1/number of entities the concept matched,
    the higher of the two in hybrid mode."""
    if graph is None:
        return None
    exact = plan.request.exact_query
    relations = list(plan.graph.relation_types) if plan.graph is not None else []
    concepts = [exact.concept] if exact is not None and exact.concept is not None else []
    ids = list(plan.resolution.entity_ids) if plan.resolution is not None else []
    confidence = _exact_confidence(plan)
    if plan.intent is not None:
        settled = [a.entity_ids[0] for a in plan.intent.articles if len(a.entity_ids) == 1]
        concepts = [*plan.intent.concepts, *concepts]
        relations = list(dict.fromkeys([*plan.intent.relations, *relations]))
        ids = [*plan.intent.law_ids, *settled, *ids]
        confidence = max(plan.intent.confidence, confidence or 0.0)
    return Intent(
        concepts=list(dict.fromkeys(concepts)),
        relations=relations,
        entities=_entities(graph, list(dict.fromkeys(ids))),
        confidence=confidence,
    )


def _grounding(plan: SearchPlan, graph: LawGraph | None) -> Grounding | None:
    if graph is None:
        return None
    found = [plan.resolution] if plan.resolution is not None else []
    if plan.intent is not None:
        found += plan.intent.articles
    concepts = [
        ConceptGrounding(text=r.text, match=r.match, entity_ids=r.entity_ids) for r in found
    ]
    ids = [i for r in found if len(r.entity_ids) == 1 for i in r.entity_ids]
    relations = list(plan.graph.relation_types) if plan.graph is not None else []
    if plan.intent is not None:
        relations = list(dict.fromkeys([*plan.intent.relations, *relations]))
    return Grounding(concepts=concepts, relations=relations, entities=_entities(graph, ids))


def _response(
    plan: SearchPlan,
    graph: LawGraph | None,
    outcome: Outcome | None,
    started: float,
) -> UnifiedSearchResponse:
    results: SearchResults | None = None
    size = SizeMetrics()
    defaults = plan.defaults
    if outcome is not None:
        results = SearchResults(
            entities=outcome.entities,
            subgraph=outcome.subgraph,
            texts=outcome.texts,
            exists=outcome.exists,
        )
        subgraph = outcome.subgraph
        size = SizeMetrics(
            entities=len(outcome.entities),
            nodes=len(subgraph.nodes) if subgraph is not None else 0,
            edges=len(subgraph.edges) if subgraph is not None else 0,
            texts=len(outcome.texts),
        )
        if outcome.time_window is not None:
            defaults = defaults.model_copy(update={"time_window": outcome.time_window})
    extra = outcome.clarify if outcome is not None else []
    return UnifiedSearchResponse(
        results=results,
        clarify=merge_clarify([*plan.clarify, *extra]),
        meta=Meta(
            plan=plan.steps,
            metrics=Metrics(
                latency_ms=round((time.perf_counter() - started) * 1000, 3),
                calls=outcome.calls if outcome is not None else 0,
                size=size,
                total=outcome.total if outcome is not None else None,
                duplicates=outcome.duplicates if outcome is not None else 0,
            ),
            intent=_intent(plan, graph),
            grounding=_grounding(plan, graph),
            defaults=defaults,
            degeneration=[*plan.degeneration, *(outcome.degeneration if outcome else [])],
            profile=plan.profile.name,
        ),
    )


def unified_search(
    request: UnifiedSearchRequest,
    *,
    index: LawIndex | None,
    header_profile: str | None = None,
) -> UnifiedSearchResponse:
    """Answer one unified search request over the law library of ``index``.

    A dry run (``options.dry_run``) returns the plan, defaults and metrics and no
    results, and needs no index (with one, the request's names are grounded too, so
    its clarify block is filled).

    :param index: The law index searched; None when none is configured.
    :param header_profile: The ``X-Client-Profile`` header (the body's profile wins).
    :returns: The response; ``results`` is None for a dry run.
    :raises UnifiedSearchError: with the seed's code — ``E_SCHEMA_INVALID``,
        ``E_CAPABILITY_LIMIT``, ``E_AMBIGUITY_BLOCKED``, ``E_NOT_SUPPORTED`` (also when no
        index is configured and the request is no dry run) or ``E_BACKEND_ERROR``.
    """
    started = time.perf_counter()
    graph = LawGraph.from_library(index.library) if index is not None else None
    plan = plan_search(request, header_profile=header_profile, graph=graph)
    if request.options.dry_run:
        return _response(plan, graph, None, started)
    if index is None or graph is None:
        raise UnifiedSearchError(
            "E_NOT_SUPPORTED",
            "no law index is configured, so there is nothing to search (a dry run still "
            "returns the plan)",
            step="validate",
            suggestion=NO_INDEX_SUGGESTION,
        )
    outcome = run_exact(plan, graph) if request.mode == "exact" else run_text(plan, graph, index)
    return _response(plan, graph, outcome, started)
