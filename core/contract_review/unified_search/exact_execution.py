"""Running an exact plan on the law graph: the entities a concept or id names (or, with
filters alone, every entity passing them), filtered, ordered and paged; or, with a
graph query, the start entity and the page of its neighbours as a subgraph.

A listing by filters alone that keeps more than 2000 entities and does not filter on a
date gets the seed's default time window: entities that took effect in the last three
years (a ``filter`` degeneration), unless that would keep none.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from .entity_filters import filtered
from .entity_ordering import order_entities
from .execution_outcome import EntityView, Outcome
from .graph_traversal import traverse
from .law_graph import LawGraph
from .planner import HARD_LIMIT, SearchPlan
from .response_models import Degeneration, Entity, Subgraph

__all__ = ["TIME_WINDOW_YEARS", "run_exact", "time_window"]

#: The default time window, in years, of a large listing.
TIME_WINDOW_YEARS = 3
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
    if len(entities) <= HARD_LIMIT or any(flt.field in _DATE_FIELDS for flt in plan.filters):
        return list(entities)
    cutoff = today.replace(year=today.year - TIME_WINDOW_YEARS, day=min(today.day, 28))
    recent = [
        entity
        for entity in entities
        if str((entity.attrs or {}).get("effective_date") or "") >= cutoff.isoformat()
    ]
    if not recent:
        return list(entities)
    outcome.time_window = f"effective_date >= {cutoff.isoformat()} (last {TIME_WINDOW_YEARS} years)"
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


def _page(plan: SearchPlan, entities: list[Entity]) -> list[Entity]:
    ordered = order_entities(entities, plan.order)
    return ordered[plan.offset : plan.offset + plan.limit]


def run_exact(plan: SearchPlan, graph: LawGraph, *, today: datetime.date | None = None) -> Outcome:
    """The outcome of an exact ``plan`` (see the module docs)."""
    outcome = Outcome()
    view = view_of(plan)
    candidates = _candidates(plan, graph)
    if plan.graph is None or plan.resolution is None:
        kept = filtered(candidates, plan.filters)
        if plan.resolution is None:
            kept = time_window(kept, plan, outcome, today or datetime.date.today())
        outcome.total = len(kept)
        outcome.entities = [view(entity) for entity in _page(plan, kept)]
        return outcome
    if not candidates:
        outcome.subgraph = Subgraph()
        return outcome
    start = candidates[0]
    walk = traverse(
        graph,
        [start.id],
        relation_types=plan.graph.relation_types,
        direction=plan.graph.direction,
        depth=plan.graph.depth,
    )
    neighbours = filtered((graph.entities[node] for node in walk.nodes), plan.filters)
    outcome.total = len(neighbours)
    page = _page(plan, neighbours)
    nodes = [start, *page]
    outcome.entities = [view(start)]
    outcome.subgraph = Subgraph(
        nodes=[view(entity) for entity in nodes],
        edges=walk.edges_among({entity.id for entity in nodes}),
    )
    return outcome
