"""Tying the names of a request to entities of the law graph.

An exact concept (:func:`resolve_concept`) is tried, in order, as an entity id; as an
exact name (a law's id, title or short title, an article's name 劳动合同法第二十一条,
a defined term); as an article number (第二十一条 alone, after a law name — also one
that matches only part of a title — or after an id's ``law_id#``; a trailing
第X款/第X项 names its article); and last as part of a law title or a term. Several
laws answering one exact name are versions of one law when they share the title and
carry version dates (the latest is taken, as the law library does) — otherwise the
name cannot be settled and the resolution is *blocked*. Several entities answering
equally (a bare 第二十一条, 合同法 inside several titles, a term several laws define)
make the resolution *ambiguous*.

:func:`read_intent` finds, in a natural-language question, the laws, articles, terms
and relations it names.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Literal

from ..laws.article_numbers import ARTICLE_NO_PATTERN, NUMERAL_PATTERN, parse_article_no
from ..laws.law_models import Law
from .law_graph import LawGraph
from .request_models import RelationType

__all__ = ["ConceptResolution", "NlIntent", "read_intent", "resolve_concept"]

MatchKind = Literal["id", "name", "article", "partial", "latest_version", "ambiguous", "none"]

_ARTICLE_REFERENCE = re.compile(rf"(?P<no>{ARTICLE_NO_PATTERN})")
_TRAILING_ARTICLE = re.compile(
    rf"^(?P<law>.*?)(?P<no>{ARTICLE_NO_PATTERN})"
    rf"(?:第(?:{NUMERAL_PATTERN})款)?(?:第(?:{NUMERAL_PATTERN})项)?$"
)
#: Words of a question that name a relation of the graph.
_RELATION_WORDS: dict[RelationType, tuple[str, ...]] = {
    "refers_to": ("引用", "援引", "参照", "依照", "适用哪些", "规定的情形"),
    "defines": ("定义", "是指", "所称", "含义", "什么是"),
    "excepts": ("例外", "除外", "但书", "除了"),
    "contains": ("包含", "有哪些条", "哪些条文", "多少条"),
}
#: The shortest term looked for in a question.
_MIN_INTENT_TERM = 2


@dataclass(frozen=True, slots=True)
class ConceptResolution:
    """What one name matched: ``entity_ids`` (one when settled), how it matched, and
    whether several matches block the request (``blocked``)."""

    text: str
    match: MatchKind
    entity_ids: list[str] = field(default_factory=list)
    blocked: bool = False

    @property
    def ambiguous(self) -> bool:
        """Whether several entities answer the name equally."""
        return len(self.entity_ids) > 1


def _laws(graph: LawGraph, ids: list[str]) -> list[Law]:
    library = graph.library
    found = [library.find_law(entity_id) for entity_id in ids]
    return [law for law in found if law is not None and law.law_id in ids]


def _latest_version(laws: list[Law]) -> Law | None:
    """The latest of ``laws`` when they are dated versions of one title, else None."""
    titles = {law.title for law in laws}
    dates = [law.version_date for law in laws]
    if len(titles) != 1 or any(date is None for date in dates) or len(set(dates)) != len(dates):
        return None
    return max(laws, key=lambda law: law.version_date or datetime.date.min)


def _settle(text: str, ids: list[str], graph: LawGraph, kind: MatchKind) -> ConceptResolution:
    if len(ids) == 1:
        return ConceptResolution(text, kind, ids)
    types = {graph.entities[entity_id].type for entity_id in ids}
    if types == {"law"}:
        laws = _laws(graph, ids)
        latest = _latest_version(laws)
        if latest is not None:
            return ConceptResolution(text, "latest_version", [latest.law_id])
        return ConceptResolution(text, "ambiguous", ids, blocked=kind == "name")
    if types == {"article"}:
        found = [graph.library.find_article(entity_id) for entity_id in ids]
        owners = [pair[0] for pair in found if pair is not None]
        latest = _latest_version(owners)
        if latest is not None and len(owners) == len(ids):
            chosen = [i for i in ids if i.startswith(f"{latest.law_id}#")]
            return ConceptResolution(text, "latest_version", chosen)
    return ConceptResolution(text, "ambiguous", ids)


def _articles_numbered(graph: LawGraph, laws: list[Law], number_text: str) -> list[str]:
    number = parse_article_no(number_text)
    found: list[str] = []
    for law in laws:
        article = graph.library.article_in(law, number)
        if article is not None:
            found.append(article.article_id)
    return found


def _partial_laws(graph: LawGraph, text: str) -> list[Law]:
    return [law for law in graph.library if text in law.title]


def resolve_concept(graph: LawGraph, concept: str) -> ConceptResolution:
    """The entities ``concept`` names (see the module docs)."""
    text = concept.strip().strip("《》").strip()
    if text in graph.entities:
        return ConceptResolution(text, "id", [text])
    exact = graph.names.get(text)
    if exact:
        return _settle(text, list(exact), graph, "name")
    article = _TRAILING_ARTICLE.match(text)
    if article is not None:
        law_text = article["law"].strip().rstrip("#").strip().strip("《》")
        if not law_text:
            laws = list(graph.library)
        else:
            named = graph.library.find_law(law_text)
            laws = [named] if named is not None else _partial_laws(graph, law_text)
        ids = _articles_numbered(graph, laws, article["no"])
        if ids:
            return _settle(text, ids, graph, "article")
        return ConceptResolution(text, "none")
    partial = [law.law_id for law in _partial_laws(graph, text)]
    partial += [
        entity.id for entity in graph.of_type("term") if text in entity.name and entity.name != text
    ]
    if partial:
        return _settle(text, partial, graph, "partial")
    return ConceptResolution(text, "none")


@dataclass(frozen=True, slots=True)
class NlIntent:
    """What a question names: ``concepts`` (law names and terms as written), the
    ``relations`` its words ask about, the laws it names, and each article reference
    resolved (ambiguous when no law is named with it)."""

    concepts: list[str]
    relations: list[RelationType]
    law_ids: list[str]
    articles: list[ConceptResolution]
    confidence: float


def _law_mentions(graph: LawGraph, text: str) -> list[tuple[int, int, Law]]:
    """The laws named in ``text`` by title or short title, longest first, not
    overlapping: (start, end, law)."""
    names: list[tuple[str, Law]] = []
    for law in graph.library:
        for name in {law.title, law.title.removeprefix("中华人民共和国")}:
            if len(name) >= _MIN_INTENT_TERM and name in text:
                names.append((name, law))
    found: list[tuple[int, int, Law]] = []
    for name, law in sorted(names, key=lambda pair: -len(pair[0])):
        start = text.find(name)
        while start >= 0:
            end = start + len(name)
            if not any(s < end and start < e for s, e, _ in found):
                found.append((start, end, law))
            start = text.find(name, end)
    return sorted(found, key=lambda mention: mention[0])


def read_intent(graph: LawGraph, text: str) -> NlIntent:
    """The laws, articles, terms and relations ``text`` names (see :class:`NlIntent`)."""
    mentions = _law_mentions(graph, text)
    concepts = [text[start:end] for start, end, _ in mentions]
    law_ids = list(dict.fromkeys(law.law_id for _, _, law in mentions))
    articles: list[ConceptResolution] = []
    for match in _ARTICLE_REFERENCE.finditer(text):
        before = [law for _, end, law in mentions if text[end : match.start()] in ("", "》")]
        laws = before or list(graph.library)
        ids = _articles_numbered(graph, laws, match["no"])
        reference = text[match.start() : match.end()]
        if before:
            reference = f"{before[0].title.removeprefix('中华人民共和国')}{reference}"
        articles.append(
            _settle(reference, ids, graph, "article")
            if ids
            else ConceptResolution(reference, "none")
        )
    taken = [(start, end) for start, end, _ in mentions]
    for entity in sorted(graph.of_type("term"), key=lambda term: -len(term.name)):
        name = entity.name
        if len(name) < _MIN_INTENT_TERM or name in concepts:
            continue
        start = text.find(name)
        if start >= 0 and not any(s < start + len(name) and start < e for s, e in taken):
            taken.append((start, start + len(name)))
            concepts.append(name)
    relations = [
        relation
        for relation, words in _RELATION_WORDS.items()
        if any(word in text for word in words)
    ]
    settled = any(len(article.entity_ids) == 1 for article in articles)
    confidence = 0.9 if settled else 0.7 if law_ids else 0.5 if concepts else 0.3
    return NlIntent(concepts, relations, law_ids, articles, confidence)
