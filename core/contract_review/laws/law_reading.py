"""GetLaw (seed 001, tool 3): read one law's metadata and text, whole or in part.

The part read is chosen by :class:`LawRange`:

``all``
    every article (or, when the top-level ``article_ids`` are given, those articles).
``chapter``
    one chapter (章). ``value`` names it the way a user writes it: its number
    (``"第四章"``, ``"第4章"``), its whole heading (``"第四章 劳动合同的解除和终止"``) or its
    title (``"劳动合同的解除和终止"``). Where chapter numbers repeat — the Civil Code
    numbers its chapters anew in each part (编) — qualify it with the headings above it,
    outermost first, as a ``/``-joined string (``"合同编/第一章"``) or a list
    (``["合同编", "第一章"]``); a name that still fits several chapters is an error listing
    them. Headings without a number that hold articles directly (``附则`` of the Criminal
    Law, ``一、关于一般规定`` of a judicial interpretation) count as chapters too.
``section``
    one section (节), named like a chapter: ``"劳务派遣"``, ``"第五章/第二节"``,
    ``["总则", "第六章", "第三节"]``.
``articles``
    a span of articles, both ends included: ``{"start": "第十条", "end": "第二十条"}``
    (either end may be left out: from the first / to the last article),
    ``"第十条-第二十条"``, ``"第十条至第二十条"``, or a two-item list
    ``["第十条", "第二十条"]``.
``article_ids``
    the listed articles (``law_id#第X条`` ids or numbers like ``第十条``, ``第10条``):
    ``value`` and/or the top-level ``article_ids``.

Articles come back in the law's order, without repeats. The structured text groups
consecutive articles by chapter: ``{"chapter": "第一章 总则", "path": [...],
"articles": [{"article_id", "article_no", "section", "text"}]}`` where ``path`` is every
heading down to the chapter (``["合同编", "第一分编 通则", "第一章 一般规定"]``) and
articles outside any chapter have ``chapter == ""``. The plain text is one string: the
headings where they change, then one ``第X条 text`` block per article.

Every mistake (an unknown law, chapter, section or article; an ambiguous chapter; a
span running backwards; a range type without its value) is an :class:`InputError`
naming the input.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS, chinese_to_int
from ..errors import InputError, describe_validation_error
from .law_library import LawLibrary
from .law_models import Article, Law

__all__ = [
    "ArticleSpan",
    "ArticleText",
    "ChapterText",
    "GetLawInput",
    "GetLawOutput",
    "LawField",
    "LawMeta",
    "LawRange",
    "RangeType",
    "RangeValue",
    "TextFormat",
    "chapter_heading",
    "chapter_path",
    "get_law",
    "get_law_from_cli",
    "parse_get_law_input",
    "render_plain",
    "section_heading",
    "select_articles",
]

#: How the articles to read are chosen (see the module docs).
RangeType = Literal["all", "chapter", "section", "articles", "article_ids"]
#: What to return: the law's metadata, its text, or both.
LawField = Literal["meta", "text"]
#: The text as chapters of articles (``structured``) or as one string (``plain``).
TextFormat = Literal["structured", "plain"]


class ArticleSpan(BaseModel):
    """A run of articles, both ends included."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: str | None = Field(
        default=None,
        description="First article, e.g. 第十条 (or 第10条, or an article id); "
        "unset: the law's first article.",
    )
    end: str | None = Field(
        default=None,
        description="Last article, e.g. 第二十条; unset: the law's last article.",
    )


#: A range value: a name or number (chapter, section, span text, one id), a list (path
#: parts of a chapter or section, a span's two ends, article ids) or a span object.
RangeValue = str | list[str] | ArticleSpan | None


class LawRange(BaseModel):
    """Which part of the law to read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: RangeType = Field(
        default="all",
        description=(
            "all: the whole law; chapter: one chapter (章); section: one section (节); "
            "articles: a span of articles; article_ids: the listed articles."
        ),
    )
    value: RangeValue = Field(
        default=None,
        description=(
            "chapter: '第四章', '第四章 劳动合同的解除和终止' or its title; where chapter "
            "numbers repeat per part (民法典) qualify it: '合同编/第一章' or "
            "['合同编', '第一章']. section: '第二节' or '第五章/第二节' or its title. "
            "articles: {'start': '第十条', 'end': '第二十条'} or '第十条-第二十条' "
            "(either end may be omitted in the object form). article_ids: a list of "
            "article ids or numbers. all: leave unset."
        ),
    )


class GetLawInput(BaseModel):
    """The GetLaw request (seed 001)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    law_id: str = Field(
        min_length=1,
        description="The law: its law_id, full title (中华人民共和国劳动合同法) or short "
        "title (劳动合同法).",
    )
    article_ids: list[str] | None = Field(
        default=None,
        description="Only these articles: ids (law_id#第X条) or numbers (第十条). "
        "Used with range type 'all' or 'article_ids'.",
    )
    fields: list[LawField] = Field(
        default_factory=lambda: list[LawField](["meta", "text"]),
        description="What to return: 'meta' (issuing authority, level, dates, tags) and/or 'text'.",
    )
    range: LawRange = Field(
        default_factory=LawRange, description="Which part of the law's text to return."
    )
    format: TextFormat = Field(
        default="structured",
        description="structured: chapters with their articles; plain: one text.",
    )


class LawMeta(BaseModel):
    """A law's metadata as GetLaw returns it (dates as ``YYYY-MM-DD``)."""

    model_config = ConfigDict(frozen=True)

    issuing_authority: str | None = Field(description="发布机关 (issuing authority).")
    law_level: str = Field(description="法律层级 (level): 法律, 行政法规, 司法解释 …")
    effective_date: str | None = Field(description="施行日期 (effective date), YYYY-MM-DD.")
    revised_date: str | None = Field(
        description="最近修正/修订日期 (latest amendment), YYYY-MM-DD; null if never amended."
    )
    tags: list[str] = Field(description="主题标签 / 业务领域 (subject tags).")


class ArticleText(BaseModel):
    """One article in the structured text."""

    model_config = ConfigDict(frozen=True)

    article_id: str = Field(description="law_id#第X条, for GetProvisionContext.")
    article_no: str = Field(description="第X条.")
    section: str | None = Field(default=None, description="The section (节) heading, if any.")
    text: str = Field(description="The article's text, one paragraph or item per line.")


class ChapterText(BaseModel):
    """Consecutive articles of one chapter."""

    model_config = ConfigDict(frozen=True)

    chapter: str = Field(description="The chapter heading, e.g. 第一章 总则; '' if none.")
    path: list[str] = Field(
        description="Every heading down to the chapter, outermost first "
        "(e.g. 合同编, 第一分编 通则, 第一章 一般规定)."
    )
    articles: list[ArticleText]


class GetLawOutput(BaseModel):
    """The GetLaw answer (seed 001); ``meta``/``text`` are null when not asked for."""

    model_config = ConfigDict(frozen=True)

    law_id: str
    law_title: str
    status: str = Field(description="效力状态: 现行有效, 已废止 or 已修订.")
    meta: LawMeta | None = None
    text: list[ChapterText] | str | None = None


# ---------------------------------------------------------------------- headings

_NUMERAL = rf"[{CHINESE_NUMERAL_CHARS}]+|[0-9]+"
_NUMBERED = re.compile(rf"第(?P<n>{_NUMERAL})(?P<kind>分编|编|章|节)(?P<title>.*)")
_ENUMERATED = re.compile(rf"(?P<n>[{CHINESE_NUMERAL_CHARS}]+)、(?P<title>.+)")
_WHITESPACE = re.compile(r"\s+")
_Kind = Literal["part", "subpart", "chapter", "section", "other"]
_KINDS: dict[str, _Kind] = {"编": "part", "分编": "subpart", "章": "chapter", "节": "section"}


@dataclass(frozen=True)
class _Heading:
    """A heading (or a user's name for one) taken apart."""

    #: Without whitespace: 第一章 总 则 → 第一章总则.
    compact: str
    kind: _Kind
    #: 4 for 第四章; None when not numbered.
    number: int | None
    #: 总则 for 第一章 总则, 关于一般规定 for 一、关于一般规定, the whole text otherwise.
    title: str


def _number(text: str) -> int | None:
    try:
        return int(text) if text.isascii() else chinese_to_int(text)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _parse_heading(text: str) -> _Heading:
    compact = _WHITESPACE.sub("", text)
    match = _NUMBERED.fullmatch(compact)
    if match is not None and (number := _number(match["n"])) is not None:
        return _Heading(compact, _KINDS[match["kind"]], number, match["title"])
    if compact.endswith("编"):
        return _Heading(compact, "part", None, compact)
    match = _ENUMERATED.fullmatch(compact)
    if match is not None:
        return _Heading(compact, "other", _number(match["n"]), match["title"])
    return _Heading(compact, "other", None, compact)


def _names(name: _Heading, heading: _Heading) -> bool:
    """Whether a user's ``name`` (第四章, 第4章, a title, the whole heading) names
    ``heading``."""
    if not name.compact:
        return False
    if name.compact in (heading.compact, heading.title):
        return True
    return (
        name.kind == heading.kind
        and name.kind != "other"
        and name.number is not None
        and name.number == heading.number
        and name.title in ("", heading.title)
    )


def _chapter_index(path: Sequence[str]) -> int | None:
    """Where the chapter is in ``path``: the 第X章 heading, else the innermost heading
    that is neither a part (编, 分编) nor a section (节), else None."""
    kinds = [_parse_heading(heading).kind for heading in path]
    if "chapter" in kinds:
        return kinds.index("chapter")
    others = [i for i, kind in enumerate(kinds) if kind == "other"]
    return others[-1] if others else None


def _section_index(path: Sequence[str]) -> int | None:
    kinds = [_parse_heading(heading).kind for heading in path]
    return kinds.index("section") if "section" in kinds else None


def chapter_path(article: Article) -> list[str]:
    """The headings above ``article`` down to its chapter, outermost first; for an
    article outside any chapter, the part headings above it (often none)."""
    index = _chapter_index(article.path)
    if index is not None:
        return list(article.path[: index + 1])
    section = _section_index(article.path)
    return list(article.path if section is None else article.path[:section])


def chapter_heading(article: Article) -> str:
    """The heading of ``article``'s chapter (``第四章 劳动合同的解除和终止``), or ``""``."""
    index = _chapter_index(article.path)
    return "" if index is None else article.path[index]


def section_heading(article: Article) -> str | None:
    """The heading of ``article``'s section (``第二节 劳务派遣``), or None."""
    index = _section_index(article.path)
    return None if index is None else article.path[index]


# ---------------------------------------------------------------------- range resolution

Level = Literal["chapter", "section"]
_LEVEL_WORDS: dict[Level, str] = {"chapter": "chapter (章)", "section": "section (节)"}
_LEVEL_PLURALS: dict[Level, str] = {"chapter": "chapters (章)", "section": "sections (节)"}


def _unit_path(article: Article, level: Level) -> tuple[str, ...] | None:
    index = _chapter_index(article.path) if level == "chapter" else _section_index(article.path)
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
    *qualifiers, last = [_parse_heading(part) for part in parts]
    *above, own = [_parse_heading(heading) for heading in unit]
    if not _names(last, own):
        return False
    position = 0
    for qualifier in qualifiers:
        while position < len(above) and not _names(qualifier, above[position]):
            position += 1
        if position == len(above):
            return False
        position += 1
    return True


def _show(unit: Sequence[str]) -> str:
    return "/".join(unit)


def _label(heading: str) -> str:
    """第四章 for 第四章 劳动合同的解除和终止; unnumbered headings whole."""
    match = _NUMBERED.fullmatch(_WHITESPACE.sub("", heading))
    return heading if match is None else f"第{match['n']}{match['kind']}"


def _qualified(
    parts: Sequence[str], unit: tuple[str, ...], units: Sequence[tuple[str, ...]]
) -> str:
    """The shortest name for ``unit`` that fits it alone: the user's last part with as
    few headings above it as needed (``合同编/第一章``), else the unit's whole path."""
    above = [_label(heading) for heading in unit[:-1]]
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


# ---------------------------------------------------------------------- output


def _meta(law: Law) -> LawMeta:
    metadata = law.metadata
    return LawMeta(
        issuing_authority=metadata.issuing_authority,
        law_level=metadata.law_level,
        effective_date=None
        if metadata.effective_date is None
        else metadata.effective_date.isoformat(),
        revised_date=None if metadata.revised_date is None else metadata.revised_date.isoformat(),
        tags=list(metadata.tags),
    )


def _structured(articles: Sequence[Article]) -> list[ChapterText]:
    groups: list[tuple[list[str], list[Article]]] = []
    for article in articles:
        path = chapter_path(article)
        if groups and groups[-1][0] == path:
            groups[-1][1].append(article)
        else:
            groups.append((path, [article]))
    return [
        ChapterText(
            chapter=chapter_heading(members[0]),
            path=path,
            articles=[
                ArticleText(
                    article_id=article.article_id,
                    article_no=article.article_no,
                    section=section_heading(article),
                    text=article.text,
                )
                for article in members
            ],
        )
        for path, members in groups
    ]


def render_plain(articles: Sequence[Article]) -> str:
    """``articles`` as one text: the headings that change before an article (each on a
    line, after a blank line), then ``第X条 text`` per article."""
    lines: list[str] = []
    previous: list[str] = []
    for article in articles:
        same = 0
        while same < min(len(previous), len(article.path)) and previous[same] == article.path[same]:
            same += 1
        if article.path[same:]:
            if lines:
                lines.append("")
            lines.extend(article.path[same:])
        lines.append(f"{article.article_no} {article.text}")
        previous = list(article.path)
    return "\n".join(lines)


def parse_get_law_input(value: GetLawInput | Mapping[str, Any]) -> GetLawInput:
    """``value`` as a :class:`GetLawInput`.

    :raises InputError: naming each field that is missing or malformed.
    """
    if isinstance(value, GetLawInput):
        return value
    try:
        return GetLawInput.model_validate(value)
    except ValidationError as exc:
        raise InputError(f"invalid GetLaw input: {describe_validation_error(exc)}") from None


def get_law(library: LawLibrary, request: GetLawInput | Mapping[str, Any]) -> GetLawOutput:
    """GetLaw: the metadata and/or text of the law ``request.law_id`` names, limited to
    ``request.range`` (see the module docs).

    :raises InputError: for an unknown law, chapter, section or article, an ambiguous
        chapter or section, a span running backwards, or a range without its value.
    """
    request = parse_get_law_input(request)
    try:
        law = library.law(request.law_id)
    except InputError as exc:
        raise InputError(f"law_id: {exc}") from None
    articles = select_articles(library, law, request)
    text: list[ChapterText] | str | None = None
    if "text" in request.fields:
        text = _structured(articles) if request.format == "structured" else render_plain(articles)
    return GetLawOutput(
        law_id=law.law_id,
        law_title=law.title,
        status=law.metadata.status,
        meta=_meta(law) if "meta" in request.fields else None,
        text=text,
    )


def get_law_from_cli(
    library: LawLibrary,
    *,
    law: str,
    range_type: str,
    value: str | None,
    fields: Sequence[str],
    text_format: str,
) -> GetLawOutput:
    """GetLaw from command-line options: ``value`` is the range value as one string
    (``第四章``, ``合同编/第一章``, ``第十条-第二十条``, or comma-separated article ids).

    :raises InputError: as :func:`get_law`, naming the option values at fault.
    """
    return get_law(
        library,
        {
            "law_id": law,
            "fields": list(fields),
            "range": {"type": range_type, "value": value},
            "format": text_format,
        },
    )
