"""Per-law lookups built from :mod:`.provision_relations` and
:mod:`.provision_citations`: for every article of a law,
its definitions, exception sentences and resolved citations; which articles carve out
of which (an article citing another from an exception sentence); and which article
defines each term, with the part of the law the definition applies to.

An index is built once per law on first use (one pass over the law's articles) and
cached per :class:`~.law_library.LawLibrary` (weakly: dropping the library drops its
indexes), so later look-ups only read dictionaries.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass

from .article_numbers import ArticleNumber
from .law_library import LawLibrary
from .law_models import Article, Law
from .provision_citations import ReferenceMatch, find_references
from .provision_relations import (
    COUNTING_TERMS,
    DefinitionMatch,
    DefinitionScope,
    ExceptionMatch,
    find_definitions,
    find_exceptions,
)

__all__ = ["ArticleLinks", "CitedArticle", "LawProvisionIndex", "provision_index"]

#: A range citation (第一百六十条至第一百七十条) longer than this keeps only its ends.
RANGE_LIMIT = 20
#: The shortest law name a citation may use (民法典, 刑法 …).
_MIN_LAW_NAME = 2
#: A term followed by one of these names the person holding it (债权 → 债权人), which
#: is not a use of the term.
_AGENT_SUFFIXES = frozenset("人者")
#: The heading of each definition scope level, as the headings are written.
_LEVEL_HEADINGS: dict[DefinitionScope, re.Pattern[str]] = {
    "编": re.compile(r"^(?!.*分编)(?:第.+编|.*编$)"),
    "分编": re.compile(r"分编"),
    "章": re.compile(r"^第.+章"),
    "节": re.compile(r"^第.+节"),
}


@dataclass(frozen=True, slots=True)
class CitedArticle:
    """An article an article cites: its law, its index in that law's articles, and
    whether the citation sits in one of the citing article's exception sentences."""

    law: Law
    position: int
    in_exception: bool

    @property
    def article(self) -> Article:
        """The cited article."""
        return self.law.articles[self.position]


@dataclass(frozen=True, slots=True)
class ArticleLinks:
    """What one article holds: its definition and exception sentences, the articles
    it cites (resolved, each once, in text order, never itself) and the heading levels
    it cites as a whole (``"章"`` for 本章, ``"节"`` for 本节)."""

    definitions: tuple[DefinitionMatch, ...]
    exceptions: tuple[ExceptionMatch, ...]
    cited: tuple[CitedArticle, ...]
    cited_levels: tuple[DefinitionScope, ...]


@dataclass(frozen=True, slots=True)
class _Definer:
    position: int
    #: The headings the definition applies under; None for the whole law.
    scope: tuple[str, ...] | None


def _scope_path(path: list[str], scope: DefinitionScope) -> tuple[str, ...] | None:
    """The heading prefix of ``path`` down to the ``scope`` level; None (the whole law)
    for law-wide scope or when the article has no heading of that level."""
    pattern = _LEVEL_HEADINGS.get(scope)
    if pattern is None:
        return None
    for index, heading in enumerate(path):
        if pattern.search(heading):
            return tuple(path[: index + 1])
    return None


class LawProvisionIndex:
    """The relation lookups of one law (see the module docs)."""

    def __init__(self, library: LawLibrary, law: Law) -> None:
        self.law = law
        self._positions = {article.article_id: i for i, article in enumerate(law.articles)}
        self.links: list[ArticleLinks] = [
            self._links(library, position) for position in range(len(law.articles))
        ]
        self._carve_outs: dict[int, list[int]] = {}
        self._definers: dict[str, list[_Definer]] = {}
        for position, links in enumerate(self.links):
            for cited in links.cited:
                if cited.in_exception and cited.law is law:
                    self._carve_outs.setdefault(cited.position, []).append(position)
            path = law.articles[position].path
            for definition in links.definitions:
                if definition.scope == "article":
                    continue
                definer = _Definer(position, _scope_path(path, definition.scope))
                for term in definition.terms:
                    if len(term) >= 2 and term not in COUNTING_TERMS:
                        self._definers.setdefault(term, []).append(definer)
        terms = sorted(self._definers, key=lambda term: (-len(term), term))
        self._terms = re.compile("|".join(map(re.escape, terms))) if terms else None

    # ------------------------------------------------------------------ building

    def _links(self, library: LawLibrary, position: int) -> ArticleLinks:
        text = self.law.articles[position].text
        exceptions = tuple(find_exceptions(text))
        spans = [(e.core.start, e.core.end) for e in exceptions]
        cited: dict[tuple[str, int], CitedArticle] = {}
        levels: list[DefinitionScope] = []
        for reference in find_references(text):
            in_exception = any(start <= reference.start < end for start, end in spans)
            if reference.kind in ("chapter", "section"):
                level: DefinitionScope = "章" if reference.kind == "chapter" else "节"
                if level not in levels:
                    levels.append(level)
                continue
            for law, target in self._resolve(library, position, reference):
                if law is self.law and target == position:
                    continue
                key = (law.law_id, target)
                known = cited.get(key)
                if known is None or (in_exception and not known.in_exception):
                    cited[key] = CitedArticle(law, target, in_exception)
        return ArticleLinks(
            tuple(find_definitions(text)), exceptions, tuple(cited.values()), tuple(levels)
        )

    def _resolve(
        self, library: LawLibrary, position: int, reference: ReferenceMatch
    ) -> Iterator[tuple[Law, int]]:
        """The (law, position) pairs a citation names; nothing for articles or laws
        the library does not hold."""
        if reference.kind == "previous":
            for back in range(reference.count, 0, -1):
                if position - back >= 0:
                    yield self.law, position - back
            return
        if reference.number is None:
            return
        law = self.law if reference.law_name is None else _named_law(library, reference.law_name)
        if law is None:
            return
        end = _position_of(library, law, reference.number)
        if end is None:
            return
        if reference.range_start is not None:
            start = _position_of(library, law, reference.range_start)
            if start is not None and 0 < end - start <= RANGE_LIMIT:
                for inner in range(start + 1, end):
                    yield law, inner
        yield law, end

    # ------------------------------------------------------------------ look-ups

    def position(self, article: Article) -> int:
        """The index of ``article`` in this law."""
        return self._positions[article.article_id]

    def carve_outs(self, position: int) -> list[int]:
        """The articles of this law that cite the article at ``position`` from one of
        their exception sentences (依照第X条…，但…除外; 除第X条规定的…外), in law order."""
        return list(self._carve_outs.get(position, ()))

    def definers(self, position: int) -> list[tuple[int, str]]:
        """The other articles defining a term the article at ``position`` uses, as
        (position, term), each article once, longest term first. Terms are matched
        longest-first, so 被保险人 is no use of 保险人; nor is a term followed by 人/者
        (债权人 is no use of 债权). A scoped definition (本章所称, 本编所称) counts only
        under its heading."""
        if self._terms is None:
            return []
        article = self.law.articles[position]
        found: dict[int, str] = {}
        text = article.text
        for match in self._terms.finditer(text):
            if text[match.end() : match.end() + 1] in _AGENT_SUFFIXES:
                continue  # 债权人 is not a use of 债权
            term = match.group()
            for definer in self._definers[term]:
                if definer.position == position or definer.position in found:
                    continue
                scope = definer.scope
                if scope is None or tuple(article.path[: len(scope)]) == scope:
                    found[definer.position] = term
        return sorted(found.items(), key=lambda pair: (-len(pair[1]), pair[0]))

    def group_members(self, position: int, level: DefinitionScope, limit: int) -> list[int]:
        """Up to ``limit`` other articles under the same ``level`` heading (章 or 节) as
        the article at ``position``, nearest first (the earlier one on a tie)."""
        scope = _scope_path(self.law.articles[position].path, level)
        if scope is None or limit <= 0:
            return []
        articles = self.law.articles

        def member(index: int) -> bool:
            return 0 <= index < len(articles) and tuple(articles[index].path[: len(scope)]) == scope

        found: list[int] = []
        before, after = position - 1, position + 1
        while len(found) < limit and (member(before) or member(after)):
            if member(before):
                found.append(before)
                before -= 1
            if len(found) < limit and member(after):
                found.append(after)
                after += 1
        return found


def _named_law(library: LawLibrary, name: str) -> Law | None:
    """The library law whose name ends ``name`` (a 《》 title, or text such as
    依照民法典 whose end names the law), longest name first; None when none does."""
    for start in range(len(name) - _MIN_LAW_NAME + 1):
        law = library.find_law(name[start:])
        if law is not None:
            return law
    return None


def _position_of(library: LawLibrary, law: Law, number: ArticleNumber) -> int | None:
    article = library.article_in(law, number)
    return None if article is None else library.position(article)


_INDEXES: weakref.WeakKeyDictionary[LawLibrary, dict[str, LawProvisionIndex]] = (
    weakref.WeakKeyDictionary()
)


def provision_index(library: LawLibrary, law: Law) -> LawProvisionIndex:
    """The relation index of ``law`` (a law of ``library``), built on first use and
    cached for as long as ``library`` lives."""
    per_law = _INDEXES.setdefault(library, {})
    index = per_law.get(law.law_id)
    if index is None or index.law is not law:
        index = LawProvisionIndex(library, law)
        per_law[law.law_id] = index
    return index
