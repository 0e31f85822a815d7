"""Choosing the articles GetLaw returns: a chapter, a section, a span or a list of
articles, named the way a user writes them (see :mod:`.law_reading`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Literal

from ..errors import InputError
from .law_headings import (
    chapter_index,
    heading_label,
    heading_names,
    parse_heading,
    section_index,
)
from .law_library import LawLibrary
from .law_models import Article, Law
from .law_reading_models import ArticleSpan, GetLawInput, RangeValue

__all__ = ["select_articles"]

# ---------------------------------------------------------------------- range resolution

Level = Literal["chapter", "section"]
_LEVEL_WORDS: dict[Level, str] = {"chapter": "chapter (章)", "section": "section (节)"}
_LEVEL_PLURALS: dict[Level, str] = {"chapter": "chapters (章)", "section": "sections (节)"}


def _unit_path(article: Article, level: Level) -> tuple[str, ...] | None:
    index = chapter_index(article.path) if level == "chapter" else section_index(article.path)
    return None if index is None else tuple(article.path[: index + 1])


def _units(law: Law, level: Level) -> list[tuple[str, ...]]:
    """The law's chapters (or sections) as heading paths, in law order."""
    seen: dict[tuple[str, ...], None] = {}
    for article in law.articles:
        unit = _unit_path(article, level)
        if unit is not None:
            seen.setdefault(unit)
    return list(seen)


def _split_name(value: str | list[str]) -> list[str]:
    parts = value if isinstance(value, list) else re.split(r"[/／]", value)
    return [part.strip() for part in parts if part.strip()]


def _fits(parts: Sequence[str], unit: tuple[str, ...]) -> bool:
    """Whether the name ``parts`` (outermost first) fits the heading path ``unit``: the
    last part names the unit's own heading, the others name headings above it, in order."""
    *qualifiers, last = [parse_heading(part) for part in parts]
    *above, own = [parse_heading(heading) for heading in unit]
    if not heading_names(last, own):
        return False
    position = 0
    for qualifier in qualifiers:
        while position < len(above) and not heading_names(qualifier, above[position]):
            position += 1
        if position == len(above):
            return False
        position += 1
    return True


def _show(unit: Sequence[str]) -> str:
    return "/".join(unit)


def _qualified(
    parts: Sequence[str], unit: tuple[str, ...], units: Sequence[tuple[str, ...]]
) -> str:
    """The shortest name for ``unit`` that fits it alone: the user's last part with as
    few headings above it as needed (``合同编/第一章``), else the unit's whole path."""
    above = [heading_label(heading) for heading in unit[:-1]]
    for size in range(1, len(above) + 1):
        for chosen in itertools.combinations(above, size):
            name = [*chosen, parts[-1]]
            if [other for other in units if _fits(name, other)] == [unit]:
                return _show(name)
    return _show(unit)


def _resolve_unit(law: Law, level: Level, value: RangeValue) -> tuple[str, ...]:
    word = _LEVEL_WORDS[level]
    if isinstance(value, ArticleSpan) or value is None or not _split_name(value):
        raise InputError(
            f"range.value: range type {level!r} needs the {word} to read, e.g. "
            + ("'第四章' or '合同编/第一章'" if level == "chapter" else "'第五章/第二节'")
        )
    parts = _split_name(value)
    units = _units(law, level)
    if not units:
        raise InputError(
            f"range.value: {law.law_id} has no {_LEVEL_PLURALS[level]}; read it with range type 'all' or 'articles'"
        )
    fitting = [unit for unit in units if _fits(parts, unit)]
    shown = _show(parts)
    if not fitting:
        raise InputError(
            f"range.value: {law.law_id} has no {word} {shown!r}; its {level}s are: "
            + "; ".join(_show(unit) for unit in units)
        )
    if len(fitting) > 1:
        raise InputError(
            f"range.value: {shown!r} names {len(fitting)} {level}s of {law.law_id}: "
            + "; ".join(_show(unit) for unit in fitting)
            + f"; qualify it with the headings above it, e.g. "
            f"{_qualified(parts, fitting[0], units)!r}"
        )
    return fitting[0]


def _article(library: LawLibrary, law: Law, reference: str, what: str) -> Article:
    """The article of ``law`` that ``reference`` (an id or a number) names."""
    if not law.articles:
        raise InputError(f"{what}: {law.law_id} has no articles")
    reference = reference.strip()
    found = library.find_article(reference)
    if found is None and "#" in reference:
        name, _, number = reference.rpartition("#")
        named = library.find_law(name)
        if named is not None and named.law_id != law.law_id:
            raise InputError(
                f"{what}: {reference!r} is an article of {named.law_id}, not of {law.law_id}"
            )
        reference = number
    elif found is not None:
        if found[0].law_id != law.law_id:
            raise InputError(
                f"{what}: {reference!r} is an article of {found[0].law_id}, not of {law.law_id}"
            )
        return found[1]
    try:
        return library.article(reference, law)[1]
    except InputError as exc:
        raise InputError(f"{what}: {exc}") from None


_SPAN_SEPARATOR = re.compile(r"\s*(?:-|－|—|–|~|～|至|到)\s*")


def _span(value: RangeValue) -> tuple[str | None, str | None]:
    if isinstance(value, ArticleSpan):
        return value.start, value.end
    if isinstance(value, list):
        if len(value) != 2:
            raise InputError(
                "range.value: an articles range as a list takes two items, the first and "
                f"the last article, e.g. ['第十条', '第二十条'] (got {len(value)})"
            )
        return value[0], value[1]
    if value is None or not value.strip():
        raise InputError(
            "range.value: range type 'articles' needs the span to read, e.g. "
            "{'start': '第十条', 'end': '第二十条'} or '第十条-第二十条'"
        )
    ends = _SPAN_SEPARATOR.split(value.strip())
    if len(ends) == 1:
        return ends[0], ends[0]
    if len(ends) != 2:
        raise InputError(f"range.value: {value!r} is not a span of articles like '第十条-第二十条'")
    return ends[0] or None, ends[1] or None


def _select_span(library: LawLibrary, law: Law, value: RangeValue) -> list[Article]:
    start_ref, end_ref = _span(value)
    if not law.articles:
        return []
    start = (
        law.articles[0]
        if start_ref is None
        else _article(library, law, start_ref, "range.value.start")
    )
    end = (
        law.articles[-1] if end_ref is None else _article(library, law, end_ref, "range.value.end")
    )
    if start.number > end.number:
        raise InputError(
            f"range.value: the span starts at {start.article_no}, after its end "
            f"{end.article_no}; give the earlier article as start"
        )
    return [article for article in law.articles if start.number <= article.number <= end.number]


def _id_list(value: RangeValue) -> list[str]:
    if isinstance(value, ArticleSpan):
        raise InputError(
            "range.value: range type 'article_ids' takes a list of article ids or numbers, "
            "not a span; use range type 'articles' for a span"
        )
    if value is None:
        return []
    if isinstance(value, str):
        return [part for part in re.split(r"[,，、;；\s]+", value) if part]
    return [part for part in value if part.strip()]


def _select_ids(
    library: LawLibrary, law: Law, references: Iterable[tuple[str, str]]
) -> list[Article]:
    wanted = {_article(library, law, reference, what).article_id for what, reference in references}
    return [article for article in law.articles if article.article_id in wanted]


def _is_empty(value: RangeValue) -> bool:
    if isinstance(value, ArticleSpan):
        return value.start is None and value.end is None
    if isinstance(value, list):
        return not any(part.strip() for part in value)
    return value is None or not value.strip()


def select_articles(library: LawLibrary, law: Law, request: GetLawInput) -> list[Article]:
    """The articles of ``law`` that ``request`` (its ``range`` and ``article_ids``)
    selects, in law order.

    :raises InputError: naming the input at fault (see the module docs).
    """
    kind = request.range.type
    value = request.range.value
    top_ids = [
        ("article_ids", reference) for reference in request.article_ids or [] if reference.strip()
    ]
    if top_ids and kind not in ("all", "article_ids"):
        raise InputError(
            f"article_ids: the listed articles cannot be combined with range type {kind!r}; "
            "use range type 'article_ids' (or 'all'), or drop article_ids"
        )
    if kind == "all":
        if not _is_empty(value):
            raise InputError(
                f"range.value: range type 'all' takes no value (got {value!r}); did you "
                "mean range type 'chapter', 'section', 'articles' or 'article_ids'?"
            )
        return _select_ids(library, law, top_ids) if top_ids else list(law.articles)
    if kind == "article_ids":
        references = [("range.value", reference) for reference in _id_list(value)] + top_ids
        if not references:
            raise InputError(
                "range.value: range type 'article_ids' needs the articles to read, e.g. "
                "['第十条', '第十二条'] (or give them as article_ids)"
            )
        return _select_ids(library, law, references)
    if kind == "articles":
        return _select_span(library, law, value)
    unit = _resolve_unit(law, kind, value)
    return [article for article in law.articles if _unit_path(article, kind) == unit]
