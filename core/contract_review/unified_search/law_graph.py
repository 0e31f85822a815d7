"""The law library seen as a graph: laws, articles and defined terms, tied by four
relations.

- ``contains``: a law → each of its articles;
- ``refers_to``: an article → each article it cites (本法第X条, 前条, 《XX法》第X条 …,
  resolved by :mod:`contract_review.laws.provision_index`);
- ``defines``: an article → each term it defines (本法所称X，是指…, X是指…, 以下简称X),
  found by :func:`~contract_review.laws.provision_relations.find_definitions`;
- ``excepts``: an article → each article it cites from one of its exception sentences
  (除本法第三十九条规定的情形外…, 依照第X条…但…除外), found by
  :func:`~contract_review.laws.provision_relations.find_exceptions` and the citations.

Entity ids: a law's ``law_id``, an article's ``article_id`` (``law_id#第X条``), a term's
``term:law_id#term``. The graph is built once per library and cached (weakly) with it.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import get_args

from ..laws.law_library import LawLibrary, short_title
from ..laws.law_models import Article, Law
from ..laws.provision_index import provision_index
from ..laws.provision_relations import COUNTING_TERMS, DefinitionMatch
from .request_models import RelationType
from .response_models import AttrValue, Entity, EntityType

__all__ = ["RELATION_TYPES", "GraphEdge", "LawGraph", "term_id"]

#: Every relation of the graph, in a fixed order.
RELATION_TYPES: tuple[RelationType, ...] = get_args(RelationType)
#: The shortest term kept as an entity (single characters are no terms).
_MIN_TERM = 2


def term_id(law_id: str, term: str) -> str:
    """The entity id of ``term`` as defined in the law ``law_id``."""
    return f"term:{law_id}#{term}"


@dataclass(frozen=True, slots=True)
class GraphEdge:
    """One relation, from ``source`` to ``target``."""

    source: str
    target: str
    relation: RelationType


def _law_attrs(law: Law) -> dict[str, AttrValue]:
    meta = law.metadata
    return {
        "law_id": law.law_id,
        "title": law.title,
        "short_title": short_title(law.title),
        "law_level": meta.law_level,
        "status": meta.status,
        "issuing_authority": meta.issuing_authority,
        "effective_date": meta.effective_date.isoformat() if meta.effective_date else None,
        "revised_date": meta.revised_date.isoformat() if meta.revised_date else None,
        "version_date": law.version_date.isoformat() if law.version_date else None,
        "tags": list(meta.tags),
        "article_count": len(law.articles),
    }


def _article_attrs(law_attrs: dict[str, AttrValue], article: Article) -> dict[str, AttrValue]:
    inherited = ("law_level", "status", "issuing_authority", "effective_date", "revised_date")
    return {
        "law_id": law_attrs["law_id"],
        "law_title": law_attrs["title"],
        "article_no": article.article_no,
        "number": article.number.n,
        "path": list(article.path),
        **{key: law_attrs[key] for key in inherited},
        "tags": law_attrs["tags"],
        "text": article.text,
    }


class LawGraph:
    """Entities, edges and name look-ups of one :class:`LawLibrary` (see the module docs)."""

    def __init__(self, library: LawLibrary) -> None:
        self.library = library
        #: Every entity with all its attributes, in library order (laws, each law's
        #: articles, then its terms).
        self.entities: dict[str, Entity] = {}
        self._out: dict[str, list[GraphEdge]] = {}
        self._in: dict[str, list[GraphEdge]] = {}
        self._seen: set[GraphEdge] = set()
        #: Every exact name (ids, titles, short titles, article names, terms) → entity ids.
        self.names: dict[str, list[str]] = {}
        for law in library:
            self._add_law(law)
        self._rank = {entity_id: rank for rank, entity_id in enumerate(self.entities)}
        self._by_type: dict[EntityType, list[Entity]] = {"law": [], "article": [], "term": []}
        for entity in self.entities.values():
            self._by_type[entity.type].append(entity)

    @classmethod
    def from_library(cls, library: LawLibrary, *, cache: bool = True) -> LawGraph:
        """The graph of ``library``; built on first use and cached while ``library``
        lives (``cache=False`` builds a fresh one and leaves the cache alone)."""
        if not cache:
            return cls(library)
        graph = _GRAPHS.get(library)
        if graph is None:
            graph = cls(library)
            _GRAPHS[library] = graph
        return graph

    # ------------------------------------------------------------------ building

    def _entity(self, entity: Entity, *names: str) -> None:
        self.entities[entity.id] = entity
        for name in dict.fromkeys((entity.id, *names)):
            ids = self.names.setdefault(name, [])
            if entity.id not in ids:
                ids.append(entity.id)

    def _edge(self, source: str, target: str, relation: RelationType) -> None:
        edge = GraphEdge(source, target, relation)
        if edge in self._seen:
            return
        self._seen.add(edge)
        self._out.setdefault(source, []).append(edge)
        self._in.setdefault(target, []).append(edge)

    def _add_law(self, law: Law) -> None:
        attrs = _law_attrs(law)
        short = short_title(law.title)
        self._entity(
            Entity(id=law.law_id, type="law", name=law.title, attrs=attrs), law.title, short
        )
        for article in law.articles:
            name = f"{short}{article.article_no}"
            self._entity(
                Entity(
                    id=article.article_id,
                    type="article",
                    name=name,
                    attrs=_article_attrs(attrs, article),
                ),
                name,
                f"{law.title}{article.article_no}",
            )
            self._edge(law.law_id, article.article_id, "contains")
        index = provision_index(self.library, law)
        terms: dict[str, tuple[DefinitionMatch, list[str]]] = {}
        for article, links in zip(law.articles, index.links, strict=True):
            for cited in links.cited:
                self._edge(article.article_id, cited.article.article_id, "refers_to")
                if cited.in_exception:
                    self._edge(article.article_id, cited.article.article_id, "excepts")
            for definition in links.definitions:
                for term in definition.terms:
                    if len(term) < _MIN_TERM or term in COUNTING_TERMS:
                        continue
                    _, definers = terms.setdefault(term, (definition, []))
                    if article.article_id not in definers:
                        definers.append(article.article_id)
        for term, (definition, definers) in terms.items():
            entity_id = term_id(law.law_id, term)
            term_attrs: dict[str, AttrValue] = {
                "law_id": law.law_id,
                "law_title": law.title,
                "scope": definition.scope,
                "definition": definition.sentence.text,
                "defined_in": definers,
            }
            self._entity(Entity(id=entity_id, type="term", name=term, attrs=term_attrs), term)
            for definer in definers:
                self._edge(definer, entity_id, "defines")

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return len(self.entities)

    def __contains__(self, entity_id: object) -> bool:
        return entity_id in self.entities

    def entity(self, entity_id: str) -> Entity | None:
        """The entity with this id (all attributes), or None."""
        return self.entities.get(entity_id)

    def rank(self, entity_id: str) -> int:
        """The entity's place in library order (laws in load order, each followed by
        its articles in order and its terms)."""
        return self._rank[entity_id]

    def edges(self) -> Iterator[GraphEdge]:
        """Every edge, grouped by source in library order."""
        for entity_id in self.entities:
            yield from self._out.get(entity_id, ())

    def out_edges(self, entity_id: str) -> list[GraphEdge]:
        """The edges leaving ``entity_id``."""
        return self._out.get(entity_id, [])

    def in_edges(self, entity_id: str) -> list[GraphEdge]:
        """The edges arriving at ``entity_id``."""
        return self._in.get(entity_id, [])

    def of_type(self, entity_type: EntityType) -> list[Entity]:
        """The entities of one type, in library order."""
        return list(self._by_type[entity_type])

    def counts(self) -> dict[str, int]:
        """How many entities of each type and edges of each relation the graph holds."""
        found: dict[str, int] = {"law": 0, "article": 0, "term": 0}
        for entity in self.entities.values():
            found[entity.type] += 1
        for relation in RELATION_TYPES:
            found[relation] = 0
        for edge in self.edges():
            found[edge.relation] += 1
        return found


_GRAPHS: weakref.WeakKeyDictionary[LawLibrary, LawGraph] = weakref.WeakKeyDictionary()
