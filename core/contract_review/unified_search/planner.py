"""Turning a request into a plan: the profile in force, the checks (filters, order,
limits), the defaults and cuts of seed 003, the grounding of the request's names (when
the law graph is at hand), and the ordered steps the executor runs.

Defaults and limits:

- *direction*: a graph query naming its relations is a one-hop question and follows
  them out; one naming none asks for the subgraph around the start and goes both ways.
- *depth*: 1. A deeper request is softly clarified: one hop is returned, a ``depth``
  degeneration is recorded and the clarify block offers the deeper depth.
- *limit*: the profile's page size when left out; lists are cut to 30 and graphs to 50
  nodes (the start and 49 neighbours) with a ``limit`` degeneration and a clarify
  block; more than 2000 (or a page ending past the 2000th result) is refused with
  ``E_CAPABILITY_LIMIT``.
- *ambiguity*: a name several entities answer equally is softly clarified (all are
  listed, the clarify block asks which); it blocks the request (``E_AMBIGUITY_BLOCKED``)
  when it is the exact name of several laws that no version date tells apart, or when
  a traversal must start from it or a relation check must end at it.
- *relation check*: a graph query naming a target (``target_id``/``target_concept``)
  asks whether the start and the target are related, one hop along the relations and
  direction asked; an unknown target is softly clarified (the answer is "no").
- *dedup and join*: ``dedup_fields`` and ``join_fields`` must name attributes of the
  entities searched (``E_NOT_SUPPORTED`` otherwise).

The limits are :data:`.capabilities.SEARCH_LIMITS` — the object the capabilities
document (``GET /api/search/capabilities``) is written from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import capabilities
from .capabilities import SearchLimits
from .clarify_blocks import (
    ambiguity_clarify,
    depth_clarify,
    limit_clarify,
    unknown_clarify,
)
from .concept_grounding import ConceptResolution, NlIntent, read_intent, resolve_concept
from .entity_filters import check_attribute_names, check_filters, target_types
from .entity_ordering import parse_order_by
from .law_graph import RELATION_TYPES, LawGraph
from .plan_steps import plan_steps
from .request_models import Direction, Filter, JoinStrategy, RelationType, UnifiedSearchRequest
from .response_models import Clarify, Defaults, Degeneration, EntityType, PlanStep
from .search_errors import UnifiedSearchError
from .search_profiles import ProfileSettings, choose_profile

__all__ = ["GraphPlan", "SearchPlan", "plan_search"]


@dataclass(frozen=True, slots=True)
class GraphPlan:
    """The traversal to run: relations, direction, the depth run and the one asked."""

    relation_types: list[RelationType]
    direction: Direction
    depth: int
    requested_depth: int


@dataclass(slots=True)
class SearchPlan:
    """Everything the executor needs (see the module docs)."""

    request: UnifiedSearchRequest
    profile: ProfileSettings
    #: The limits checked and applied (the capabilities document's).
    limits: SearchLimits
    steps: list[PlanStep]
    defaults: Defaults
    limit: int
    offset: int
    order: tuple[str, bool] | None
    filters: list[Filter]
    filter_types: list[EntityType]
    graph: GraphPlan | None
    #: The exact query's concept or entity id as matched (None when not grounded).
    resolution: ConceptResolution | None = None
    #: What the natural-language query names (None when not grounded).
    intent: NlIntent | None = None
    degeneration: list[Degeneration] = field(default_factory=list)
    clarify: list[Clarify] = field(default_factory=list)
    #: Results agreeing on these attributes count once.
    dedup_fields: list[str] = field(default_factory=lambda: ["id"])
    #: How hybrid text hits join the exact start, and the fields field_equality compares.
    join_strategy: JoinStrategy = "by_id"
    join_fields: list[str] = field(default_factory=lambda: ["id"])
    #: The relation check's target as matched (None when not grounded or not asked).
    target: ConceptResolution | None = None

    @property
    def graph_query(self) -> bool:
        """Whether the request traverses from an exact start (exact mode with a graph)."""
        return self.request.mode == "exact" and self.graph is not None

    @property
    def relation_check(self) -> bool:
        """Whether the request asks if the start and a target are related."""
        exact = self.request.exact_query
        return (
            self.graph_query and exact is not None and bool(exact.graph and exact.graph.has_target)
        )


def _filter_types(request: UnifiedSearchRequest, filters: list[Filter]) -> list[EntityType]:
    if request.mode == "exact":
        return target_types(filters)
    types = target_types(filters, ["article"])
    if not types:
        raise UnifiedSearchError(
            "E_NOT_SUPPORTED",
            "exact_query.filters: the text search finds articles; a type filter naming "
            "other entity types keeps none of them",
            step="filter",
            suggestion="use mode 'exact' to list laws or terms, or drop the type filter",
        )
    return types


def _limit(plan: SearchPlan, requested: int | None, cap: int, kind: str) -> None:
    if requested is None or requested <= cap:
        return
    what = (
        f"{cap} neighbours (a subgraph holds at most {plan.limits.graph_limit} nodes, its "
        "start included)"
        if kind == "graph"
        else f"the list limit {cap}"
    )
    plan.degeneration.append(
        Degeneration(type="limit", detail=f"options.limit {requested} cut to {what}")
    )
    plan.clarify.append(limit_clarify(requested, cap, kind))


def _graph_plan(request: UnifiedSearchRequest, limits: SearchLimits) -> GraphPlan | None:
    query = request.exact_query.graph if request.exact_query is not None else None
    if query is None:
        return None
    relations = list(query.relation_types or RELATION_TYPES)
    direction: Direction = query.direction or ("out" if query.relation_types else "both")
    requested = query.depth or 1
    return GraphPlan(relations, direction, min(requested, limits.max_depth), requested)


def _ground_exact(plan: SearchPlan, graph: LawGraph) -> None:
    exact = plan.request.exact_query
    if exact is None or (exact.concept is None and exact.entity_id is None):
        return
    if exact.entity_id is not None:
        where, text = "exact_query.entity_id", exact.entity_id.strip()
        found = text in graph.entities
        resolution = ConceptResolution(text, "id" if found else "none", [text] if found else [])
    else:
        where, text = "exact_query.concept", exact.concept or ""
        resolution = resolve_concept(graph, text)
    plan.resolution = resolution
    if resolution.match == "none":
        plan.clarify.append(unknown_clarify(graph, resolution.text, where))
        return
    if not resolution.ambiguous:
        return
    clarify = ambiguity_clarify(graph, resolution, where)
    if resolution.blocked or plan.graph_query:
        why = (
            "several laws carry this exact name and no version date tells them apart"
            if resolution.blocked
            else "a graph traversal needs one start entity"
        )
        raise UnifiedSearchError(
            "E_AMBIGUITY_BLOCKED",
            f"{where}: {resolution.text!r} matches {len(resolution.entity_ids)} entities; {why}",
            step="ground_concept" if exact.concept is not None else "resolve_entity",
            suggestion="choose one of clarify.candidates.entities and send its id as "
            "exact_query.entity_id",
            clarify=clarify,
        )
    plan.clarify.append(clarify)


def _ground_target(plan: SearchPlan, graph: LawGraph) -> None:
    exact = plan.request.exact_query
    query = exact.graph if exact is not None else None
    if query is None or not query.has_target:
        return
    if query.target_id is not None:
        where, text = "exact_query.graph.target_id", query.target_id.strip()
        found = text in graph.entities
        resolution = ConceptResolution(text, "id" if found else "none", [text] if found else [])
    else:
        where, text = "exact_query.graph.target_concept", query.target_concept or ""
        resolution = resolve_concept(graph, text)
    plan.target = resolution
    if resolution.match == "none":
        plan.clarify.append(unknown_clarify(graph, resolution.text, where))
    elif resolution.ambiguous:
        raise UnifiedSearchError(
            "E_AMBIGUITY_BLOCKED",
            f"{where}: {resolution.text!r} matches {len(resolution.entity_ids)} entities; a "
            "relation check needs one target",
            step="check_relation",
            suggestion="choose one of clarify.candidates.entities and send its id as "
            "exact_query.graph.target_id",
            clarify=ambiguity_clarify(graph, resolution, where),
        )


def _ground_text(plan: SearchPlan, graph: LawGraph) -> None:
    if plan.request.nl_query is None:
        return
    plan.intent = read_intent(graph, plan.request.nl_query.text)
    for article in plan.intent.articles:
        if article.ambiguous:
            plan.clarify.append(ambiguity_clarify(graph, article, "nl_query.text"))


def plan_search(
    request: UnifiedSearchRequest,
    *,
    header_profile: str | None = None,
    graph: LawGraph | None = None,
    limits: SearchLimits | None = None,
) -> SearchPlan:
    """The plan of ``request`` (see the module docs); its names are grounded when
    ``graph`` is given.

    :param header_profile: The ``X-Client-Profile`` header; the body's profile wins.
    :param limits: The limits to hold the request to; default
        :data:`.capabilities.SEARCH_LIMITS`, the ones the capabilities document shows.
    :raises UnifiedSearchError: ``E_SCHEMA_INVALID`` (bad header, order_by or filter
        value), ``E_NOT_SUPPORTED`` (a filter or order the graph cannot answer),
        ``E_CAPABILITY_LIMIT`` (a page past the hard limit) or ``E_AMBIGUITY_BLOCKED``.
    """
    profile = choose_profile(request.profile, header_profile)
    options = request.options
    filters = list(request.exact_query.filters) if request.exact_query is not None else []
    types = _filter_types(request, filters)
    # type filters that exclude each other keep nothing; the other fields are still
    # checked against every entity type
    checked: list[EntityType] = types or ["law", "article", "term"]
    check_filters(filters, checked)
    check_attribute_names(options.dedup_fields, checked, "options.dedup_fields")
    check_attribute_names(options.join_fields, ["article"], "options.join_fields")
    order = parse_order_by(options.order_by, checked)
    requested = options.limit
    limits = limits or capabilities.SEARCH_LIMITS
    if requested is not None and (
        requested > limits.hard_limit or options.offset + requested > limits.hard_limit
    ):
        raise UnifiedSearchError(
            "E_CAPABILITY_LIMIT",
            f"options.limit {requested} (offset {options.offset}) asks past the first "
            f"{limits.hard_limit} results, more than the search serves (hard_limit)",
            step="validate",
            suggestion=f"ask for at most {limits.list_limit} per page (graphs "
            f"{limits.graph_limit}) and page with options.offset, or narrow the query with "
            "filters; GET /api/search/capabilities lists the limits",
        )
    graph_plan = _graph_plan(request, limits)
    graph_query = request.mode == "exact" and graph_plan is not None
    cap, default = (
        (limits.graph_limit - 1, min(profile.graph_limit, limits.graph_limit - 1))
        if graph_query
        else (limits.list_limit, min(profile.list_limit, limits.list_limit))
    )
    text = request.mode != "exact"
    plan = SearchPlan(
        request=request,
        profile=profile,
        limits=limits,
        steps=[],
        defaults=Defaults(
            direction=graph_plan.direction if graph_plan else None,
            depth=graph_plan.depth if graph_plan else None,
            limit=min(requested or default, cap),
            candidate_pool=profile.candidate_pool if text else None,
            min_score=profile.min_score if text else None,
            weights=profile.weights if text else None,
        ),
        limit=min(requested or default, cap),
        offset=options.offset,
        order=order,
        filters=filters,
        filter_types=types,
        graph=graph_plan,
        dedup_fields=list(options.dedup_fields),
        join_strategy=options.join_strategy,
        join_fields=list(options.join_fields),
    )
    _limit(plan, requested, cap, "graph" if graph_query else "list")
    if graph_plan is not None and graph_plan.requested_depth > graph_plan.depth:
        plan.degeneration.append(
            Degeneration(
                type="depth",
                detail=f"exact_query.graph.depth {graph_plan.requested_depth} run as "
                f"{graph_plan.depth} hop (max_depth)",
            )
        )
        plan.clarify.append(depth_clarify(graph_plan.requested_depth, graph_plan.relation_types))
    if graph is not None:
        _ground_exact(plan, graph)
        _ground_target(plan, graph)
        _ground_text(plan, graph)
    plan.steps = plan_steps(plan)
    return plan
