"""Running an exact plan on the law graph: the entities a concept or id names (or, with
filters alone, every entity passing them), filtered, ordered, de-duplicated and paged;
with a graph query, the start entity and the page of its neighbours as a subgraph; with
a relation check, whether the start and the target are related (``exists``), the two
and the edges between them.

A listing by filters alone that keeps more than ``hard_limit`` (2000) entities and does
not filter on a date gets the seed's default time window: entities that took effect in
the last ``time_window_years`` (three) years (a ``filter`` degeneration), unless that
would keep none.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

from .entity_dedup import deduplicated
from .entity_filters import filtered
from .entity_ordering import order_entities
from .execution_outcome import EntityView, Outcome
from .graph_traversal import traverse
from .law_graph import LawGraph
from .planner import SearchPlan
from .response_models import Degeneration, Entity, Subgraph

__all__ = ["page_of", "run_exact", "time_window"]
_DATE_FIELDS = frozenset({"effective_date", "revised_date", "version_date"})


def view_of(plan: SearchPlan) -> EntityView:
    """How ``plan``'s response shows entities."""
    return EntityView(
        verbose=plan.request.options.response_format == "verbose",
        filters=plan.filters,
        order_field=plan.order[0] if plan.order is not None else None,
    )


def time_window(
    entities: Sequence[Entity], plan: SearchPlan, outcome: Outcome, today: datetime.date
) -> list[Entity]:
    """``entities`` within the default time window when it applies (see the module
    docs), recording the window and the degeneration in ``outcome``."""
    limits = plan.limits
    if len(entities) <= limits.hard_limit or any(flt.field in _DATE_FIELDS for flt in plan.filters):
        return list(entities)
    years = limits.time_window_years
    cutoff = today.replace(year=today.year - years, day=min(today.day, 28))
    recent = [
        entity
        for entity in entities
        if str((entity.attrs or {}).get("effective_date") or "") >= cutoff.isoformat()
    ]
    if not recent:
        return list(entities)
    outcome.time_window = f"effective_date >= {cutoff.isoformat()} (last {years} years)"
    outcome.degeneration.append(
        Degeneration(
            type="filter",
            detail=f"{len(entities)} matches without a date filter; kept the "
            f"{len(recent)} that took effect since {cutoff.isoformat()}",
        )
    )
    return recent


def _candidates(plan: SearchPlan, graph: LawGraph) -> list[Entity]:
    if plan.resolution is not None:
        return [graph.entities[i] for i in plan.resolution.entity_ids]
    wanted = set(plan.filter_types)
    return [entity for entity in graph.entities.values() if entity.type in wanted]


def page_of(
    plan: SearchPlan,
    entities: Sequence[Entity],
    outcome: Outcome,
    *,
    scores: Mapping[str, float] | None = None,
) -> list[Entity]:
    """The page of ``entities``: ordered, de-duplicated on the plan's ``dedup_fields``
    (recording the total and the duplicates in ``outcome``), then cut."""
    ordered = order_entities(entities, plan.order, scores=scores)
    kept, outcome.duplicates = deduplicated(ordered, plan.dedup_fields)
    outcome.total = len(kept)
    return kept[plan.offset : plan.offset + plan.limit]


def _relation_check(plan: SearchPlan, graph: LawGraph, start: Entity, outcome: Outcome) -> None:
    assert plan.graph is not None
    target_ids = plan.target.entity_ids if plan.target is not None else []
    target = graph.entities.get(target_ids[0]) if target_ids else None
    view = view_of(plan)
    if target is not None and not filtered([target], plan.filters):
        target = None  # the filters apply to the target: one failing them is no answer
    if target is None:
        outcome.exists = False
        outcome.entities = [view(start)]
        outcome.subgraph = Subgraph(nodes=[view(start)])
        return
    walk = traverse(
        graph,
        [start.id],
        relation_types=plan.graph.relation_types,
        direction=plan.graph.direction,
        depth=plan.graph.depth,
    )
    pair = [start] if target.id == start.id else [start, target]
    edges = walk.edges_among({start.id, target.id}) if target.id in walk.nodes else []
    outcome.exists = bool(edges)
    outcome.total = len(edges)
    outcome.entities = [view(entity) for entity in pair]
    outcome.subgraph = Subgraph(nodes=[view(entity) for entity in pair], edges=edges)


def run_exact(plan: SearchPlan, graph: LawGraph, *, today: datetime.date | None = None) -> Outcome:
    """The outcome of an exact ``plan`` (see the module docs)."""
    outcome = Outcome()
    view = view_of(plan)
    candidates = _candidates(plan, graph)
    if plan.graph is None or plan.resolution is None:
        kept = filtered(candidates, plan.filters)
        if plan.resolution is None:
            kept = time_window(kept, plan, outcome, today or datetime.date.today())
        outcome.entities = [view(entity) for entity in page_of(plan, kept, outcome)]
        return outcome
    if not candidates:
        outcome.subgraph = Subgraph()
        if plan.relation_check:
            outcome.exists = False
        return outcome
    start = candidates[0]
    if plan.relation_check:
        _relation_check(plan, graph, start, outcome)
        return outcome
    walk = traverse(
        graph,
        [start.id],
        relation_types=plan.graph.relation_types,
        direction=plan.graph.direction,
        depth=plan.graph.depth,
    )
    neighbours = filtered((graph.entities[node] for node in walk.nodes), plan.filters)
    page = page_of(plan, neighbours, outcome)
    nodes = [start, *page]
    outcome.entities = [view(start)]
    outcome.subgraph = Subgraph(
        nodes=[view(entity) for entity in nodes],
        edges=walk.edges_among({entity.id for entity in nodes}),
    )
    return outcome
