"""Reading an article's headings: which is its chapter (章) and its section (节), and
matching a heading to the way a user names it (第四章, 第4章, its title)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS
from ..documents.numbering import parse_number_token
from .article_numbers import NUMERAL_PATTERN
from .law_models import Article

__all__ = [
    "chapter_heading",
    "chapter_index",
    "chapter_path",
    "heading_label",
    "heading_names",
    "parse_heading",
    "section_heading",
    "section_index",
]

# ---------------------------------------------------------------------- headings

_NUMBERED = re.compile(rf"第(?P<n>{NUMERAL_PATTERN})(?P<kind>分编|编|章|节)(?P<title>.*)")
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
        return parse_number_token(text)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def parse_heading(text: str) -> _Heading:
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


def heading_names(name: _Heading, heading: _Heading) -> bool:
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


def chapter_index(path: Sequence[str]) -> int | None:
    """Where the chapter is in ``path``: the 第X章 heading, else the innermost heading
    that is neither a part (编, 分编) nor a section (节), else None."""
    kinds = [parse_heading(heading).kind for heading in path]
    if "chapter" in kinds:
        return kinds.index("chapter")
    others = [i for i, kind in enumerate(kinds) if kind == "other"]
    return others[-1] if others else None


def section_index(path: Sequence[str]) -> int | None:
    kinds = [parse_heading(heading).kind for heading in path]
    return kinds.index("section") if "section" in kinds else None


def chapter_path(article: Article) -> list[str]:
    """The headings above ``article`` down to its chapter, outermost first; for an
    article outside any chapter, the part headings above it (often none)."""
    index = chapter_index(article.path)
    if index is not None:
        return list(article.path[: index + 1])
    section = section_index(article.path)
    return list(article.path if section is None else article.path[:section])


def chapter_heading(article: Article) -> str:
    """The heading of ``article``'s chapter (``第四章 劳动合同的解除和终止``), or ``""``."""
    index = chapter_index(article.path)
    return "" if index is None else article.path[index]


def section_heading(article: Article) -> str | None:
    """The heading of ``article``'s section (``第二节 劳务派遣``), or None."""
    index = section_index(article.path)
    return None if index is None else article.path[index]


def heading_label(heading: str) -> str:
    """第四章 for 第四章 劳动合同的解除和终止; unnumbered headings whole."""
    match = _NUMBERED.fullmatch(_WHITESPACE.sub("", heading))
    return heading if match is None else f"第{match['n']}{match['kind']}"
