"""Running an nl or hybrid plan: the text search over the articles, grounded to the
graph, then filtered, fused, ordered, paged and (hybrid with a graph) extended by the
subgraph around the page.

- *scope*: the laws the search may return are those the exact start names (a law, the
  law of a term, the laws of an article and its neighbours) or else those the question
  names (劳动合同法…), narrowed by the filters on law attributes (law_level, status,
  dates …), which are applied before ranking. An article start also keeps only itself
  and the articles one hop from it. That is the ``by_id`` join of the hits to the
  start (``options.join_strategy``); ``field_equality`` keeps instead the articles that
  agree with a start entity on every ``join_fields`` attribute, and ``external_edge``
  the articles an edge links to a start entity (the graph query's relations, else all;
  either way).
- *filters* are applied to each hit's article; *fuse* puts the articles the question
  names exactly (劳动合同法第二十一条) first, then the hits by score, one entity and
  one text hit per article; ``dedup_fields`` then counts agreeing articles once.
- *graph* (hybrid): one hop from each article of the page along the chosen relations;
  the subgraph holds the page's articles and neighbours up to 50 nodes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .entity_filters import ENTITY_FIELDS, attribute_value, filtered, matches
from .exact_execution import page_of, view_of
from .execution_outcome import Outcome
from .graph_traversal import traverse
from .law_graph import RELATION_TYPES, LawGraph
from .planner import SearchPlan
from .response_models import Degeneration, Entity, Subgraph, TextHit
from .text_search import ArticleHit, highlights, passage, search_texts

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex

__all__ = ["run_text"]

_LAW_FIELDS = frozenset(ENTITY_FIELDS["law"]) - {"id", "type", "name"}


def _law_of(entity: Entity) -> str | None:
    if entity.type == "law":
        return entity.id
    law_id = (entity.attrs or {}).get("law_id")
    return law_id if isinstance(law_id, str) else None


def _agrees(article: Entity, start: Entity, fields: list[str]) -> bool:
    values = [(attribute_value(article, f), attribute_value(start, f)) for f in fields]
    return all(mine is not None and mine == theirs for mine, theirs in values)


def _joined(plan: SearchPlan, graph: LawGraph, starts: list[Entity]) -> set[str]:
    """The articles ``field_equality`` or ``external_edge`` joins to ``starts``."""
    if plan.join_strategy == "field_equality":
        return {
            article.id
            for article in graph.of_type("article")
            if any(_agrees(article, start, plan.join_fields) for start in starts)
        }
    exact = plan.request.exact_query
    query = exact.graph if exact is not None else None
    walk = traverse(
        graph,
        [start.id for start in starts],
        relation_types=(query.relation_types if query is not None else None) or RELATION_TYPES,
        direction="both",
    )
    return {node for node in walk.nodes if graph.entities[node].type == "article"}


def _scope(plan: SearchPlan, graph: LawGraph) -> tuple[list[str] | None, set[str] | None]:
    """(law ids the search may return or None for all, article ids kept or None)."""
    law_ids: list[str] | None = None
    articles: set[str] | None = None
    if plan.resolution is not None and plan.join_strategy != "by_id":
        starts = [graph.entities[i] for i in plan.resolution.entity_ids]
        articles = _joined(plan, graph, starts)
        law_ids = sorted({law for a in articles if (law := _law_of(graph.entities[a])) is not None})
    elif plan.resolution is not None:
        starts = [graph.entities[i] for i in plan.resolution.entity_ids]
        if any(entity.type == "article" for entity in starts):
            near = traverse(
                graph,
                [e.id for e in starts if e.type == "article"],
                relation_types=RELATION_TYPES,
                direction="both",
            )
            articles = {e.id for e in starts if e.type == "article"}
            articles |= {n for n in near.nodes if graph.entities[n].type == "article"}
            starts += [graph.entities[n] for n in articles]
        law_ids = list(dict.fromkeys(law for e in starts if (law := _law_of(e)) is not None))
    elif plan.intent is not None and plan.intent.law_ids:
        law_ids = list(plan.intent.law_ids)
    law_filters = [flt for flt in plan.filters if flt.field in _LAW_FIELDS]
    if law_filters:
        allowed = [law.id for law in filtered(graph.of_type("law"), law_filters)]
        law_ids = allowed if law_ids is None else [i for i in law_ids if i in allowed]
    return law_ids, articles


def _grounded(plan: SearchPlan, graph: LawGraph) -> list[str]:
    if plan.intent is None:
        return []
    return [a.entity_ids[0] for a in plan.intent.articles if len(a.entity_ids) == 1]


def _subgraph(plan: SearchPlan, graph: LawGraph, page: list[Entity], outcome: Outcome) -> None:
    if plan.graph is None:
        return
    view = view_of(plan)
    walk = traverse(
        graph,
        [entity.id for entity in page],
        relation_types=plan.graph.relation_types,
        direction=plan.graph.direction,
        depth=plan.graph.depth,
    )
    room = max(plan.limits.graph_limit - len(walk.starts), 0)
    kept = walk.nodes[:room]
    if len(walk.nodes) > room:
        outcome.degeneration.append(
            Degeneration(
                type="limit",
                detail=f"the subgraph reached {len(walk.starts) + len(walk.nodes)} nodes; cut "
                f"to the graph limit {plan.limits.graph_limit}",
            )
        )
    nodes = [graph.entities[node] for node in [*walk.starts, *kept]]
    outcome.subgraph = Subgraph(
        nodes=[view(entity) for entity in nodes],
        edges=walk.edges_among({entity.id for entity in nodes}),
    )


def run_text(plan: SearchPlan, graph: LawGraph, index: LawIndex) -> Outcome:
    """The outcome of an nl or hybrid ``plan`` (see the module docs).

    :raises UnifiedSearchError: ``E_BACKEND_ERROR`` when the text search fails.
    """
    outcome = Outcome()
    query = plan.request.nl_query.text if plan.request.nl_query is not None else ""
    law_ids, articles = _scope(plan, graph)
    if law_ids is None or law_ids:
        outcome.calls += 1
    searched = search_texts(index, query, profile=plan.profile, law_ids=law_ids)
    hits, terms = searched.hits, searched.terms
    by_id: dict[str, ArticleHit] = {hit.article_id: hit for hit in hits}
    ordered_ids = list(dict.fromkeys([*_grounded(plan, graph), *by_id]))
    kept: list[Entity] = []
    for article_id in ordered_ids:
        entity = graph.entities.get(article_id)
        if entity is None or (articles is not None and article_id not in articles):
            continue
        if law_ids is not None and _law_of(entity) not in law_ids:
            continue
        if all(matches(entity, flt) for flt in plan.filters):
            kept.append(entity)
    scores = {hit.article_id: hit.score for hit in hits}
    page = page_of(plan, kept, outcome, scores=scores)
    view = view_of(plan)
    for entity in page:
        hit = by_id.get(entity.id)
        if hit is None:
            text = str((entity.attrs or {}).get("text") or "")
            snippet = passage(text, terms)
            hit = ArticleHit(entity.id, 0.0, snippet, highlights(snippet, terms))
        outcome.texts.append(
            TextHit(
                entity_id=entity.id,
                entity_type="article",
                text_field="text",
                snippet=hit.snippet,
                highlight_terms=hit.highlight_terms,
                score=None if entity.id not in scores else hit.score,
            )
        )
        outcome.entities.append(view(entity))
    _subgraph(plan, graph, page, outcome)
    return outcome
