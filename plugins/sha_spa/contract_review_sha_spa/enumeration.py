"""Splitting a clause into its enumerated items: (a)/(b), (i)/(ii), (1)/(2), 1./2.,
（一）/（二）, 一、/二、, ①/②.

Only the top-level list is split: the family of the first item numbered 1 (or "a")
decides, and nested items of another family stay inside their parent's text. A marker
counts only at the start of a line or after a colon or semicolon, so references such as
"Clause 3.1(b)" are not mistaken for items.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import BaseModel, Field

from contract_review.documents.chinese_numerals import chinese_to_int
from contract_review.documents.numbering import roman_to_int
from contract_review.text.sentences import sentence_spans


class EnumeratedItem(BaseModel):
    """One item of an enumerated list."""

    label: str = Field(description="The marker as written, e.g. '(a)' or '（一）'.")
    text: str = Field(description="The item's text, without its marker and trailing 'and'/'or'.")
    start: int = Field(ge=0, description="Offset of the marker in the clause text.")
    end: int = Field(ge=0, description="Offset just after the item's text.")


class Enumeration(BaseModel):
    """A clause split into lead-in text, items and trailing text."""

    lead_in: str = ""
    items: list[EnumeratedItem] = Field(default_factory=list)
    tail: str = ""


_MARKER = re.compile(
    r"""
    (?:^|[:;：；][ \t]*(?:(?:and|or|and/or)[ \t]+|以及|及|或)?)[ \t\u3000]*
    (?P<marker>
        \((?P<lower>[a-z]{1,2}|[ivxlc]{1,6})\)
      | \((?P<upper>[A-Z])\)
      | [(（](?P<paren_num>\d{1,2})[)）]
      | (?P<dot_num>\d{1,2})[.．、](?!\d)
      | [（(](?P<zh_paren>[一二三四五六七八九十]{1,3})[)）]
      | (?P<zh_comma>[一二三四五六七八九十]{1,3})、
      | (?P<circled>[\u2460-\u2473])
    )
    """,
    re.VERBOSE | re.MULTILINE,
)
_TRAILING = re.compile(
    r"(?:[;；,，.。]?\s*(?:\b(?:and/or|and|or)\b|以及|及|或)?\s*[;；,，.。]?\s*)$", re.IGNORECASE
)


def _roman_value(text: str) -> int | None:
    try:
        return roman_to_int(text)
    except ValueError:
        return None


def _readings(match: re.Match[str]) -> Iterator[tuple[str, int]]:
    """(family, value) readings of a marker; "(i)" reads as roman 1 and as letter 9."""
    lower = match.group("lower")
    if lower is not None:
        if len(lower) == 1:
            yield "alpha", ord(lower) - ord("a") + 1
        elif len(set(lower)) == 1 and lower[0] in "abcdefghijklmnopqrstuvwxyz":
            yield "alpha", 26 + ord(lower[0]) - ord("a") + 1  # (aa), (bb)
        roman = _roman_value(lower)
        if roman is not None:
            yield "roman", roman
        return
    if match.group("upper") is not None:
        yield "upper", ord(match.group("upper")) - ord("A") + 1
    elif match.group("paren_num") is not None:
        yield "paren_num", int(match.group("paren_num"))
    elif match.group("dot_num") is not None:
        yield "dot_num", int(match.group("dot_num"))
    elif match.group("zh_paren") is not None:
        yield "zh_paren", chinese_to_int(match.group("zh_paren"))
    elif match.group("zh_comma") is not None:
        yield "zh_comma", chinese_to_int(match.group("zh_comma"))
    elif match.group("circled") is not None:
        yield "circled", ord(match.group("circled")) - 0x2460 + 1


def _clean(text: str) -> str:
    text = " ".join(text.split())
    return _TRAILING.sub("", text).strip()


def _sequence(
    markers: list[tuple[re.Match[str], dict[str, int]]], family: str
) -> list[re.Match[str]]:
    """The markers of ``family`` numbered 1, 2, 3... in order."""
    accepted: list[re.Match[str]] = []
    expected = 1
    for match, readings in markers:
        if readings.get(family) == expected:
            accepted.append(match)
            expected += 1
    return accepted


def split_enumeration(text: str) -> Enumeration:
    """The top-level enumerated items of ``text``; no items when it has fewer than two."""
    markers = [(match, dict(_readings(match))) for match in _MARKER.finditer(text)]
    families = dict.fromkeys(f for _, readings in markers for f, v in readings.items() if v == 1)
    accepted: list[re.Match[str]] = []
    for family in families:
        accepted = _sequence(markers, family)
        if len(accepted) >= 2:
            break
    if len(accepted) < 2:
        return Enumeration(lead_in=text.strip())
    items: list[EnumeratedItem] = []
    for index, match in enumerate(accepted):
        body_start = match.end("marker")
        if index + 1 < len(accepted):
            body_end = accepted[index + 1].start("marker")
        else:
            line_end = text.find("\n", body_start)
            line_end = len(text) if line_end < 0 else line_end
            first = sentence_spans(text[body_start:line_end])[:1]
            body_end = body_start + first[0][1] if first else line_end
        raw = text[body_start:body_end]
        items.append(
            EnumeratedItem(
                label=match.group("marker").strip(),
                text=_clean(raw),
                start=match.start("marker"),
                end=body_start + len(raw.rstrip()),
            )
        )
    return Enumeration(
        lead_in=text[: accepted[0].start("marker")].strip(),
        items=items,
        tail=text[items[-1].end :].strip(),
    )
