"""Section numbers: dotted numbers, roman numerals and clause references.

A *clause reference* is how a reader names a section ("Clause 20.1", "20.1", "第十四条",
"Article V"); :func:`parse_clause_reference` turns it into the number tuple that
:attr:`Section.number` holds, so references written differently from the document's
own ids still find the section.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from .chinese_numerals import CHINESE_NUMERAL_CHARS, chinese_to_int
from .model import SectionKind

__all__ = [
    "ClauseReference",
    "int_to_roman",
    "parse_clause_reference",
    "parse_dotted",
    "parse_number_token",
    "roman_to_int",
]

_ROMAN_RE = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)
_DOTTED_RE = re.compile(r"^\d+(?:\.\d+)*\.?$")


def roman_to_int(text: str) -> int:
    """The value of a roman numeral (case-insensitive): ``"XIV"`` → 14.

    :raises ValueError: when ``text`` is not a well-formed roman numeral.
    """
    upper = text.upper()
    if not upper or not _ROMAN_RE.match(upper):
        raise ValueError(f"{text!r} is not a roman numeral")
    total = 0
    rest = upper
    for value, symbol in _ROMAN_VALUES:
        while rest.startswith(symbol):
            total += value
            rest = rest[len(symbol) :]
    return total


def int_to_roman(n: int) -> str:
    """The upper-case roman numeral for ``n`` (1..3999).

    :raises ValueError: when ``n`` is outside 1..3999.
    """
    if not 1 <= n <= 3999:
        raise ValueError(f"{n} is outside 1..3999")
    parts: list[str] = []
    for value, symbol in _ROMAN_VALUES:
        count, n = divmod(n, value)
        parts.append(symbol * count)
    return "".join(parts)


def parse_dotted(text: str) -> tuple[int, ...]:
    """The components of a dotted number: ``"1.1.2"`` → (1, 1, 2); a trailing dot is allowed.

    :raises ValueError: when ``text`` is not a dotted number.
    """
    if not _DOTTED_RE.match(text):
        raise ValueError(f"{text!r} is not a dotted number")
    return tuple(int(part) for part in text.rstrip(".").split("."))


def parse_number_token(text: str) -> int:
    """One number written in arabic digits, Chinese numerals or roman numerals.

    :raises ValueError: when ``text`` is none of these.
    """
    if text.isascii() and text.isdigit():
        return int(text)
    if text and all(ch in CHINESE_NUMERAL_CHARS for ch in text):
        return chinese_to_int(text)
    return roman_to_int(text)


class ClauseReference(BaseModel):
    """A section reference reduced to its number and, when the words say so, its kind."""

    model_config = ConfigDict(frozen=True)

    number: tuple[int, ...]
    kind: SectionKind | None = None


_NUM = rf"[0-9{CHINESE_NUMERAL_CHARS}]+"
_ZH_REF_RE = re.compile(rf"^第\s*({_NUM})\s*(条|分编|编|章|节)(?:之({_NUM}))?$")
_ZH_ENUM_RE = re.compile(rf"^([{CHINESE_NUMERAL_CHARS}]+)、?$")
_EN_REF_RE = re.compile(
    r"^(?:(sub-?clause|clause|cl\.|article|art\.|section|sec\.|§|part|chapter|paragraph|para\.)\s*)?"
    r"(\d+(?:\.\d+)*\.?|[ivxlcdm]+)$",
    re.IGNORECASE,
)
_ZH_KINDS = {
    "条": SectionKind.ARTICLE,
    "分编": SectionKind.PART,
    "编": SectionKind.PART,
    "章": SectionKind.CHAPTER,
    "节": SectionKind.SUBCHAPTER,
}
_EN_KINDS = {
    "article": SectionKind.ARTICLE,
    "art.": SectionKind.ARTICLE,
    "part": SectionKind.PART,
    "chapter": SectionKind.CHAPTER,
}


def parse_clause_reference(text: str) -> ClauseReference | None:
    """Reduce a reference such as ``"Sub-Clause 20.1"``, ``"20.1"``, ``"第一百三十三条之一"``,
    ``"Article V"`` or ``"14"`` to its number (and kind, when the words name one).

    Returns None when ``text`` is not a numbered reference (a topic id like
    ``"governing_law"``).
    """
    ref = text.strip().strip("[]()（）")
    if not ref:
        return None
    zh = _ZH_REF_RE.match(ref)
    if zh:
        try:
            number: tuple[int, ...] = (parse_number_token(zh.group(1)),)
            if zh.group(3):
                number += (parse_number_token(zh.group(3)),)
        except ValueError:
            return None
        return ClauseReference(number=number, kind=_ZH_KINDS[zh.group(2)])
    enum = _ZH_ENUM_RE.match(ref)
    if enum:
        try:
            return ClauseReference(number=(chinese_to_int(enum.group(1)),))
        except ValueError:
            return None
    en = _EN_REF_RE.match(ref)
    if not en:
        return None
    word = (en.group(1) or "").lower()
    token = en.group(2)
    try:
        if token[0].isdigit():
            en_number = parse_dotted(token)
        elif word:  # roman numerals only after a word: "Article V", never a bare "v"
            en_number = (roman_to_int(token),)
        else:
            return None
    except ValueError:
        return None
    return ClauseReference(number=en_number, kind=_EN_KINDS.get(word))
