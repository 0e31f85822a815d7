"""The ordered steps of a search plan, with their parameters and, when the request
asks to explain or is a dry run, each step in words.

- exact: validate → resolve_entity / ground_concept → filter → traverse → dedup →
  paginate; a relation check: validate → resolve_entity / ground_concept → filter →
  check_relation;
- nl: validate → ground_concept → text_search → fuse → dedup → paginate;
- hybrid: validate → ground_concept (the question) → resolve_entity / ground_concept
  (the exact start) → join (which hits the start keeps) → text_search → filter → fuse
  → dedup → paginate → traverse (around the articles of the page).

The dedup step is listed when ``dedup_fields`` is not the default (entity ids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .response_models import PlanStep, StepParams

if TYPE_CHECKING:
    from .planner import SearchPlan

__all__ = ["plan_steps"]


def _anchor_step(plan: SearchPlan) -> tuple[str, StepParams, str] | None:
    exact = plan.request.exact_query
    if exact is None:
        return None
    if exact.entity_id is not None:
        return (
            "resolve_entity",
            StepParams(entity_id=exact.entity_id),
            f"look up the entity with id {exact.entity_id!r}",
        )
    if exact.concept is not None:
        return (
            "ground_concept",
            StepParams(concept=exact.concept),
            f"match {exact.concept!r} to a law (id, title, short title), an article "
            "(law name + 第X条) or a defined term; ask which when several match",
        )
    return None


def _traverse_step(plan: SearchPlan, start: str) -> tuple[str, StepParams, str] | None:
    graph = plan.graph
    if graph is None:
        return None
    relations = ", ".join(graph.relation_types)
    return (
        "traverse",
        StepParams(
            relation_types=graph.relation_types, direction=graph.direction, depth=graph.depth
        ),
        f"follow {relations} edges {graph.direction} from {start}, {graph.depth} hop",
    )


_JOIN_WORDS = {
    "by_id": "keep the hits tied to the start by id: a law's articles, an article and the "
    "articles one hop from it, the articles of a term's law",
    "field_equality": "keep the hits whose article agrees with the start on {fields}",
    "external_edge": "keep the hits linked to the start by an edge ({relations}, either way)",
}


def _join_step(plan: SearchPlan) -> tuple[str, StepParams, str] | None:
    exact = plan.request.exact_query
    if exact is None or (exact.concept is None and exact.entity_id is None):
        return None
    fields = plan.join_fields if plan.join_strategy == "field_equality" else None
    graph = exact.graph
    relations = ", ".join(graph.relation_types or []) if graph is not None else ""
    words = _JOIN_WORDS[plan.join_strategy].format(
        fields=", ".join(plan.join_fields), relations=relations or "any relation"
    )
    return ("join", StepParams(join_strategy=plan.join_strategy, join_fields=fields), words)


def _check_step(plan: SearchPlan) -> tuple[str, StepParams, str] | None:
    graph, exact = plan.graph, plan.request.exact_query
    if graph is None or exact is None or exact.graph is None:
        return None
    target = exact.graph.target_id or exact.graph.target_concept
    relations = ", ".join(graph.relation_types)
    return (
        "check_relation",
        StepParams(
            relation_types=graph.relation_types,
            direction=graph.direction,
            depth=graph.depth,
            target=target,
        ),
        f"say whether {relations} edges lead {graph.direction} from the start to {target!r} "
        f"within {graph.depth} hop, and return them",
    )


def _dedup_step(plan: SearchPlan) -> tuple[str, StepParams, str] | None:
    if plan.dedup_fields == ["id"]:
        return None
    fields = ", ".join(plan.dedup_fields)
    return (
        "dedup",
        StepParams(dedup_fields=plan.dedup_fields),
        f"count the results agreeing on {fields} once (the first in order is kept)",
    )


def plan_steps(plan: SearchPlan) -> list[PlanStep]:
    """The steps of ``plan`` in execution order (never empty)."""
    request = plan.request
    options = request.options
    page = StepParams(limit=plan.limit, offset=plan.offset, order_by=options.order_by)
    ordering = f" ordered by {options.order_by}" if options.order_by else ""
    found: list[tuple[str, StepParams, str] | None] = [
        (
            "validate",
            page,
            f"check the request against the schema and the limits (profile {plan.profile.name}: "
            f"{plan.profile.description})",
        )
    ]
    filters = (
        (
            "filter",
            StepParams(filters=plan.filters),
            f"keep the entities passing {len(plan.filters)} filter(s)",
        )
        if plan.filters
        else None
    )
    paginate = (
        "paginate",
        page,
        f"return results {plan.offset + 1} to {plan.offset + plan.limit}{ordering}",
    )
    if plan.relation_check:
        found += [_anchor_step(plan), filters, _check_step(plan)]
    elif request.mode == "exact":
        found += [
            _anchor_step(plan),
            filters,
            _traverse_step(plan, "the start entity"),
            _dedup_step(plan),
            paginate,
        ]
    else:
        query = request.nl_query.text if request.nl_query is not None else ""
        profile = plan.profile
        found += [
            (
                "ground_concept",
                StepParams(query=query),
                "find the laws, article numbers, terms and relations the question names",
            ),
            _anchor_step(plan),
            _join_step(plan),
            (
                "text_search",
                StepParams(
                    query=query,
                    candidate_pool=profile.candidate_pool,
                    min_score=profile.min_score,
                    weights=profile.weights,
                ),
                f"rank the articles by BM25 and embeddings, keep the best "
                f"{profile.candidate_pool}"
                + (
                    f" scoring at least {profile.min_score}"
                    if profile.min_score is not None
                    else ""
                ),
            ),
            filters,
            (
                "fuse",
                StepParams(),
                "join each text hit to its article entity, grounded entities first",
            ),
            _dedup_step(plan),
            paginate,
            _traverse_step(plan, "each article of the page"),
        ]
    explain = options.explain or options.dry_run
    return [
        PlanStep.model_validate(
            {
                "step": number,
                "action": action,
                "params": params,
                "explain": words if explain else None,
            }
        )
        for number, (action, params, words) in enumerate(
            (step for step in found if step is not None), start=1
        )
    ]
