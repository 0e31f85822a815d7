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

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from ..errors import InputError, describe_validation_error
from .law_headings import chapter_heading, chapter_path, section_heading
from .law_library import LawLibrary, LawNotFoundError
from .law_models import Article, Law
from .law_ranges import select_articles
from .law_reading_models import ArticleText, ChapterText, GetLawInput, GetLawOutput, LawMeta

__all__ = ["get_law", "get_law_from_cli", "parse_get_law_input", "render_plain"]

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
    except LawNotFoundError as exc:
        raise LawNotFoundError(f"law_id: {exc}") from None
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
