"""Writing numbered contract text for tests.

A contract is described as a flat list of :class:`ContractClause` (a number such as
``(20, 1)``, a title and a body) and rendered in one of the numbering styles real
contracts use:

* English ``"plain"`` — ``1. Definitions`` / ``1.1 Contract Price``;
* English ``"clause"`` — ``Clause 1 Definitions`` / ``Sub-Clause 1.1 Contract Price``;
* Chinese ``"article"`` — ``第一条 定义与解释`` (sub-clauses are written ``1.1``);
* Chinese ``"plain"`` — ``1. 定义与解释`` / ``1.1 合同价格``.

Rendering returns a :class:`ContractText`: the text together with the section ids a
correct parser must find in it (the number as the document writes it, without a
leading word: ``"1"``, ``"20.1"``, ``"第十四条"``). The hypothesis strategies in
:mod:`contract_review.testing.strategies` and the conformance suite's sample review both
build their documents this way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

#: A language contract text is written in.
Language = Literal["en", "zh"]

#: A numbering style; which ones a language supports is in :data:`STYLES`.
NumberingStyle = Literal["plain", "clause", "article"]

#: A source format :func:`contract_review.documents.loading.parse_text` reads.
TextFormat = Literal["text", "markdown"]

#: The numbering styles each language is rendered in.
STYLES: dict[str, tuple[NumberingStyle, ...]] = {
    "en": ("plain", "clause"),
    "zh": ("article", "plain"),
}

_DIGITS = "零一二三四五六七八九"
_UNITS = ((1000, "千"), (100, "百"), (10, "十"))


def chinese_numeral(value: int) -> str:
    """Write ``value`` (1–9999) in Chinese numerals, as contracts and laws number articles.

    >>> chinese_numeral(14), chinese_numeral(20), chinese_numeral(133), chinese_numeral(105)
    ('十四', '二十', '一百三十三', '一百零五')
    """
    if not 1 <= value <= 9999:
        raise ValueError(f"chinese_numeral supports 1-9999, got {value}")
    parts: list[str] = []
    rest = value
    pending_zero = False
    for unit, name in _UNITS:
        digit, rest = divmod(rest, unit)
        if digit:
            if pending_zero:
                parts.append("零")
                pending_zero = False
            # 十四, not 一十四, when ten is the leading unit
            parts.append(
                name if (digit == 1 and unit == 10 and not parts) else _DIGITS[digit] + name
            )
        elif parts:
            pending_zero = True
    if rest:
        if pending_zero:
            parts.append("零")
        parts.append(_DIGITS[rest])
    return "".join(parts)


def parse_chinese_numeral(text: str) -> int | None:
    """The value of a Chinese numeral written by :func:`chinese_numeral`, or ``None``."""
    if not text:
        return None
    total = 0
    digit: int | None = None
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS.index(char)
            continue
        unit = next((u for u, name in _UNITS if name == char), None)
        if unit is None:
            return None
        total += (1 if digit is None else digit) * unit
        digit = None
    return total + (digit or 0)


class ContractClause(BaseModel):
    """One numbered clause to render.

    ``number`` is the clause's position in the numbering tree: ``(20,)`` is clause 20,
    ``(20, 1)`` is sub-clause 20.1. ``body`` may hold several lines; none of them may
    start like a heading (a number, ``Clause``, ``第…条``).
    """

    model_config = ConfigDict(frozen=True)

    number: tuple[int, ...] = Field(min_length=1)
    title: str
    body: str = ""


class ExpectedClause(BaseModel):
    """A section a correct parser finds in a :class:`ContractText`."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="The section id: '1', '20.1', '第十四条'.")
    title: str
    number: tuple[int, ...]
    parent_id: str | None = Field(default=None, description="Id of the enclosing clause.")


class ContractText(BaseModel):
    """Contract text and the clause ids a parser must find in it."""

    model_config = ConfigDict(frozen=True)

    text: str
    language: Language
    style: NumberingStyle
    format: TextFormat = "text"
    clauses: tuple[ExpectedClause, ...]

    @property
    def clause_ids(self) -> tuple[str, ...]:
        """The expected section ids, in document order."""
        return tuple(clause.id for clause in self.clauses)


_HEADING_LIKE = re.compile(
    r"^\s*(?:[#\d(（【]|第|附件|附录|附表|[一二三四五六七八九十]+、"
    r"|(?:sub-?)?clause\b|article\b|section\b|chapter\b|part\b"
    r"|schedule\b|appendix\b|annex|exhibit\b|attachment\b)",
    re.IGNORECASE,
)


def body_line(line: str, *, language: Language) -> str:
    """``line`` made safe as a body line: prefixed with ``Note:`` / ``注：`` when it
    would otherwise start like a heading (a number, ``Clause``, ``第…条``, ``#``)."""
    stripped = line.strip()
    if _HEADING_LIKE.match(stripped):
        return ("注：" if language == "zh" else "Note: ") + stripped
    return stripped


def section_id(number: tuple[int, ...], *, style: NumberingStyle) -> str:
    """The section id a parser gives a clause with this number in this style."""
    if style == "article" and len(number) == 1:
        return f"第{chinese_numeral(number[0])}条"
    return ".".join(str(part) for part in number)


def heading(
    number: tuple[int, ...], title: str, *, language: Language, style: NumberingStyle
) -> str:
    """The heading line of a clause, without Markdown markers."""
    dotted = ".".join(str(part) for part in number)
    if style == "article":
        label = f"第{chinese_numeral(number[0])}条" if len(number) == 1 else dotted
    elif style == "clause":
        label = {1: f"Clause {dotted}", 2: f"Sub-Clause {dotted}"}.get(len(number), dotted)
    else:
        label = f"{dotted}." if len(number) == 1 else dotted
    return f"{label} {title}".rstrip()


def with_parents(clauses: Sequence[ContractClause], *, language: Language) -> list[ContractClause]:
    """``clauses`` sorted by number, with a titled parent added for every sub-clause
    whose parent is missing (``20.1`` without ``20`` gets a clause ``20``)."""
    by_number = {clause.number: clause for clause in clauses}
    for clause in list(by_number.values()):
        for depth in range(1, len(clause.number)):
            parent = clause.number[:depth]
            if parent not in by_number:
                title = "一般规定" if language == "zh" else "General Provisions"
                by_number[parent] = ContractClause(number=parent, title=title)
    return [by_number[number] for number in sorted(by_number)]


def render_contract(
    clauses: Sequence[ContractClause],
    *,
    language: Language,
    style: NumberingStyle | None = None,
    title: str = "",
    preamble: str = "",
    format: TextFormat = "text",
) -> ContractText:
    """Render clauses as contract text.

    :param clauses: The clauses, in any order; missing parents are added
        (:func:`with_parents`). Numbers must be unique.
    :param language: ``"en"`` or ``"zh"``.
    :param style: A style from :data:`STYLES` for the language (its first by default).
        The Chinese ``"article"`` style writes top-level clauses as ``第N条``.
    :param title: The contract's title line (optional).
    :param preamble: Text between the title and the first clause (optional).
    :param format: ``"markdown"`` writes headings as ``#`` lines, one ``#`` deeper than
        the title per level.
    :returns: The text and the sections a parser must find in it.
    """
    chosen: NumberingStyle = style or STYLES[language][0]
    if chosen not in STYLES[language]:
        raise ValueError(f"style {chosen!r} is not used for language {language!r}")
    numbers = [clause.number for clause in clauses]
    if len(set(numbers)) != len(numbers):
        raise ValueError("clause numbers must be unique")
    blocks: list[str] = []
    if title:
        blocks.append(f"# {title}" if format == "markdown" else title)
    if preamble:
        blocks.append(preamble)
    expected: list[ExpectedClause] = []
    for clause in with_parents(clauses, language=language):
        line = heading(clause.number, clause.title, language=language, style=chosen)
        if format == "markdown":
            line = "#" * (len(clause.number) + 1) + " " + line
        blocks.append(f"{line}\n{clause.body}" if clause.body else line)
        parent = clause.number[:-1]
        expected.append(
            ExpectedClause(
                id=section_id(clause.number, style=chosen),
                title=clause.title,
                number=clause.number,
                parent_id=section_id(parent, style=chosen) if parent else None,
            )
        )
    return ContractText(
        text="\n\n".join(blocks) + "\n",
        language=language,
        style=chosen,
        format=format,
        clauses=tuple(expected),
    )
