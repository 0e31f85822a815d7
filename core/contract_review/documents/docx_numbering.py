"""The numbers Word displays before paragraphs: its automatic list numbering.

Word keeps list numbers in ``word/numbering.xml``, not in the paragraph text, so
python-docx does not see them. :class:`DocxNumbering` recomputes them, one paragraph
at a time, in document order.

How numbers are counted (as Word does; LibreOffice agrees on the common cases):

* A paragraph is numbered by its own ``w:numPr`` or the one its style (or a style it is
  based on) carries; ``numId`` 0 switches numbering off.
* Counters belong to the ``w:abstractNum``: ``w:num`` instances sharing one abstract
  numbering continue one sequence. A ``w:startOverride`` restarts the sequence at its
  value the first time its ``w:num`` is used at that level.
* Counting a level restarts the levels below it (only those whose ``w:lvlRestart``
  allows it; 0 means never).
* A level that ``w:lvlText`` shows but that has not been counted since it last
  restarted shows its start value minus one, as Word does ("1.0.1" for a level 3
  paragraph straight after a level 1 paragraph).
* ``w:isLgl`` shows every level of the label in decimal.

LibreOffice (checked with 7.4) shows the same labels for ordinary lists but differs
from Word in places, where this module follows Word: it counts a level not yet used as
if it had been (1.1 where Word shows 0.1), ignores ``w:isLgl`` and ``w:lvlRestart`` 0,
and writes ``japaneseCounting`` as Chinese (一百 for Word's 百).

Reading needs no python-docx import: the XML is read through lxml's element API, so
the module imports without the ``formats`` extra.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..text.number_words import english_number_words, english_ordinal_words, ordinal_suffix
from .chinese_numerals import int_to_chinese
from .numbering import int_to_roman

if TYPE_CHECKING:
    import docx.document
    import docx.oxml.text.paragraph

__all__ = ["DocxNumbering", "format_number"]

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_RT_NUMBERING = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering"
_RT_STYLES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
_LEVELS = 9
_MAX_VALUE = 32_767  # Word's largest list number; larger stated values are clamped
_MAX_TEXT = 255  # longest lvlText kept (Word's own are a few characters)
_PLACEHOLDER = re.compile(r"%([1-9])")
_PADDED = re.compile(r"^(0+)1$")


def _w(name: str) -> str:
    return f"{{{_W}}}{name}"


_VAL = _w("val")


class _Element(Protocol):
    """The part of lxml's element API read here."""

    def get(self, key: str, default: None = None) -> str | None: ...

    def find(self, path: str) -> Any: ...

    def findall(self, path: str) -> Any: ...

    def iter(self, tag: str) -> Iterator[Any]: ...


@dataclass(frozen=True, slots=True)
class _Level:
    """One ``w:lvl``: how a level counts and what it displays."""

    start: int
    fmt: str
    pad: int  # digits for custom zero-padded formats ("001"), else 0
    text: str
    restart: int  # counting a level whose index is below this restarts this level
    legal: bool
    style: str | None


@dataclass(frozen=True, slots=True)
class _Num:
    """One ``w:num``: its counter key, its levels and its start overrides."""

    key: int
    levels: tuple[_Level | None, ...]
    overrides: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class _StyleNumbering:
    """The numbering a paragraph style gives, through its ``w:basedOn`` chain."""

    num_id: int | None
    ilvl: int | None
    chain: tuple[str, ...]


_NO_STYLE = _StyleNumbering(None, None, ())


class DocxNumbering:
    """The numbers Word displays before paragraphs (its automatic list numbering)."""

    def __init__(self, numbering: _Element | None, styles: _Element | None) -> None:
        """Index the ``w:numbering`` and ``w:styles`` elements (either may be None)."""
        self._abstracts: dict[int, _Element] = {}
        self._nums: dict[int, _Element] = {}
        self._styles: dict[str, _Element] = {}
        self._default_style: str | None = None
        if numbering is not None:
            for element in numbering.findall(_w("abstractNum")):
                key = _int(element.get(_w("abstractNumId")))
                if key is not None:
                    self._abstracts.setdefault(key, element)
            for element in numbering.findall(_w("num")):
                key = _int(element.get(_w("numId")))
                if key is not None:
                    self._nums.setdefault(key, element)
        if styles is not None:
            for element in styles.findall(_w("style")):
                style_id = element.get(_w("styleId"))
                if style_id is None:
                    continue
                self._styles.setdefault(style_id, element)
                if (
                    self._default_style is None
                    and element.get(_w("type")) == "paragraph"
                    and _on_value(element.get(_w("default")), absent=False)
                ):
                    self._default_style = style_id
        self._num_cache: dict[int, _Num | None] = {}
        self._style_cache: dict[str, _StyleNumbering] = {}
        self._counters: dict[int, list[int | None]] = {}
        self._seen: set[tuple[int, int]] = set()

    @classmethod
    def of(cls, document: docx.document.Document) -> DocxNumbering:
        """The numbering of ``document`` (its numbering part may be absent)."""
        part = document.part
        return cls(_related_element(part, _RT_NUMBERING), _related_element(part, _RT_STYLES))

    def label(self, paragraph: docx.oxml.text.paragraph.CT_P) -> str:
        """The label Word displays before ``paragraph``: ``"1.1"``, ``"(a)"``, ``"第一条"``;
        ``""`` when it has none or a bullet. Call once per paragraph, in document order."""
        found = self._numbering_of(paragraph)
        if found is None:
            return ""
        num_id, num, ilvl = found
        level = num.levels[ilvl]
        if level is None:
            return ""
        state = self._counters.setdefault(num.key, [None] * _LEVELS)
        override = num.overrides[ilvl]
        current = state[ilvl]
        if override is not None and (num_id, ilvl) not in self._seen:
            value = override
        elif current is None:
            value = level.start
        else:
            value = min(current + 1, _MAX_VALUE)
        self._seen.add((num_id, ilvl))
        state[ilvl] = value
        for lower in range(ilvl + 1, _LEVELS):
            definition = num.levels[lower]
            if ilvl < (definition.restart if definition is not None else lower):
                state[lower] = None
        if level.fmt == "bullet":
            return ""
        return _PLACEHOLDER.sub(lambda m: self._shown(num, state, level, int(m[1]) - 1), level.text)

    @staticmethod
    def _shown(num: _Num, state: list[int | None], level: _Level, index: int) -> str:
        """The number that ``%n`` (level ``index``) shows in ``level``'s text."""
        shown = num.levels[index]
        if shown is None:
            return ""
        value = state[index]
        if value is None:
            value = max(shown.start - 1, 0)
        if level.legal:
            return str(value)
        return format_number(value, shown.fmt, pad=shown.pad)

    def _numbering_of(self, paragraph: Any) -> tuple[int, _Num, int] | None:
        """The numId, its definition and the level that number ``paragraph``, if any."""
        ppr = paragraph.find(_w("pPr"))
        numpr = ppr.find(_w("numPr")) if ppr is not None else None
        style_id = _child_val(ppr, "pStyle") if ppr is not None else None
        style = self._style_numbering(style_id or self._default_style)
        direct_num = _int(_child_val(numpr, "numId")) if numpr is not None else None
        direct_ilvl = _child_val(numpr, "ilvl") if numpr is not None else None
        num_id = direct_num if direct_num is not None else style.num_id
        if not num_id:  # absent, or 0: numbering switched off
            return None
        num = self._num(num_id)
        if num is None:
            return None
        if direct_ilvl is not None:
            ilvl = _int(direct_ilvl)
        elif style.ilvl is not None:
            ilvl = style.ilvl
        else:
            ilvl = _level_for_styles(num.levels, style.chain)
        if ilvl is None or not 0 <= ilvl < _LEVELS:
            return None
        return num_id, num, ilvl

    def _style_numbering(self, style_id: str | None) -> _StyleNumbering:
        """The numId and level that ``style_id`` gives, following ``w:basedOn``."""
        if style_id is None:
            return _NO_STYLE
        cached = self._style_cache.get(style_id)
        if cached is not None:
            return cached
        num_id: int | None = None
        ilvl: int | None = None
        chain: list[str] = []
        current: str | None = style_id
        while current is not None and current not in chain:
            element = self._styles.get(current)
            if element is None:
                break
            chain.append(current)
            numpr = element.find(f"{_w('pPr')}/{_w('numPr')}")
            if numpr is not None:
                if num_id is None:
                    num_id = _int(_child_val(numpr, "numId"))
                if ilvl is None:
                    ilvl = _int(_child_val(numpr, "ilvl"))
            current = _child_val(element, "basedOn")
        result = _StyleNumbering(num_id, ilvl, tuple(chain))
        self._style_cache[style_id] = result
        return result

    def _num(self, num_id: int) -> _Num | None:
        """The resolved definition of ``w:num`` ``num_id`` (None when it does not exist)."""
        if num_id in self._num_cache:
            return self._num_cache[num_id]
        result: _Num | None = None
        element = self._nums.get(num_id)
        abstract_id = _int(_child_val(element, "abstractNumId")) if element is not None else None
        if element is not None and abstract_id is not None and abstract_id in self._abstracts:
            levels = list(self._abstract_levels(abstract_id, set()))
            overrides: list[int | None] = [None] * _LEVELS
            for override in element.findall(_w("lvlOverride")):
                ilvl = _int(override.get(_w("ilvl")))
                if ilvl is None or not 0 <= ilvl < _LEVELS:
                    continue
                start = _child_val(override, "startOverride")
                if start is not None:
                    overrides[ilvl] = _clamp(_int(start), 0)
                lvl = override.find(_w("lvl"))
                if lvl is not None:
                    levels[ilvl] = _read_level(lvl, ilvl)
            result = _Num(abstract_id, tuple(levels), tuple(overrides))
        self._num_cache[num_id] = result
        return result

    def _abstract_levels(self, abstract_id: int, seen: set[int]) -> tuple[_Level | None, ...]:
        """The levels of an abstract numbering, through ``w:numStyleLink`` to the abstract
        numbering that defines the linked numbering style."""
        seen.add(abstract_id)
        element = self._abstracts[abstract_id]
        link = _child_val(element, "numStyleLink")
        if link is not None:
            target = self._linked_abstract(link)
            if target is not None and target not in seen:
                return self._abstract_levels(target, seen)
        levels: list[_Level | None] = [None] * _LEVELS
        for lvl in element.findall(_w("lvl")):
            ilvl = _int(lvl.get(_w("ilvl")))
            if ilvl is not None and 0 <= ilvl < _LEVELS and levels[ilvl] is None:
                levels[ilvl] = _read_level(lvl, ilvl)
        return tuple(levels)

    def _linked_abstract(self, style_id: str) -> int | None:
        """The abstract numbering that numbering style ``style_id`` stands for."""
        style = self._styles.get(style_id)
        if style is not None:
            numpr = style.find(f"{_w('pPr')}/{_w('numPr')}")
            num_id = _int(_child_val(numpr, "numId")) if numpr is not None else None
            num = self._nums.get(num_id) if num_id is not None else None
            if num is not None:
                abstract_id = _int(_child_val(num, "abstractNumId"))
                if abstract_id in self._abstracts:
                    return abstract_id
        for abstract_id, element in self._abstracts.items():
            if _child_val(element, "styleLink") == style_id:
                return abstract_id
        return None


def _related_element(part: Any, reltype: str) -> _Element | None:
    """The root element of the part ``part`` relates to by ``reltype``, if any (looked up
    without python-docx's accessors, which create a missing part)."""
    for rel in part.rels.values():
        if rel.reltype == reltype and not rel.is_external:
            element: _Element | None = getattr(rel.target_part, "element", None)
            return element
    return None


def _read_level(lvl: _Element, ilvl: int) -> _Level:
    """The definition of ``w:lvl`` ``lvl`` at level ``ilvl``."""
    fmt, pad = _number_format(lvl)
    restart = _int(_child_val(lvl, "lvlRestart"))
    if restart is None or restart > ilvl:
        restart = ilvl  # omitted, or naming this level or a deeper one: the default
    return _Level(
        start=_clamp(_int(_child_val(lvl, "start")), 0),
        fmt=fmt,
        pad=pad,
        text=(_child_val(lvl, "lvlText") or "")[:_MAX_TEXT],
        restart=max(restart, 0),
        legal=_on(lvl.find(_w("isLgl"))),
        style=_child_val(lvl, "pStyle"),
    )


def _number_format(lvl: _Element) -> tuple[str, int]:
    """The level's ``w:numFmt`` and, for a custom "001, 002, ..." format, its width.

    Word 2013 and later write custom formats inside ``mc:AlternateContent``; the choice
    is read when it is zero-padded decimal, otherwise its fallback."""
    direct = lvl.find(_w("numFmt"))
    candidates = [direct] if direct is not None else list(lvl.iter(_w("numFmt")))
    for element in candidates:
        value = element.get(_VAL)
        if value == "custom":
            first = (element.get(_w("format")) or "").split(",")[0].strip()
            padded = _PADDED.match(first)
            if padded:
                return "decimal", len(first)
            continue
        if value:
            return value, 0
    return "decimal", 0


def _level_for_styles(levels: tuple[_Level | None, ...], chain: tuple[str, ...]) -> int:
    """The level whose ``w:pStyle`` names a style of ``chain`` (nearest first), else 0."""
    for style_id in chain:
        for index, level in enumerate(levels):
            if level is not None and level.style == style_id:
                return index
    return 0


def _child_val(element: _Element | None, name: str) -> str | None:
    """``w:val`` of ``element``'s first ``w:name`` child."""
    if element is None:
        return None
    child = element.find(_w(name))
    if child is None:
        return None
    value: str | None = child.get(_VAL)
    return value


def _int(text: str | None) -> int | None:
    """``text`` as an integer, or None when it is absent or not one."""
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def _clamp(value: int | None, default: int) -> int:
    return default if value is None else min(max(value, 0), _MAX_VALUE)


def _on_value(value: str | None, *, absent: bool) -> bool:
    if value is None:
        return absent
    return value.strip().lower() not in ("0", "false", "off")


def _on(element: _Element | None) -> bool:
    """Whether an OOXML on/off element is present and on."""
    return element is not None and _on_value(element.get(_VAL), absent=True)


# --- number formats ------------------------------------------------------------------

_STEMS = "甲乙丙丁戊己庚辛壬癸"
_BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
_IDEOGRAPH_DIGITS = "〇一二三四五六七八九"
_LEGAL_SIMPLIFIED = str.maketrans("一二三四五六七八九十百千", "壹贰叁肆伍陆柒捌玖拾佰仟")
_LEGAL_TRADITIONAL = str.maketrans("一二三四五六七八九十百千万", "壹貳參肆伍陸柒捌玖拾佰仟萬")
_MAX_LETTER = 26 * 30  # beyond "zzz…" (30 letters) letters fall back to decimal


def _letter(n: int) -> str | None:
    if not 1 <= n <= _MAX_LETTER:
        return None
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _roman(n: int) -> str | None:
    return int_to_roman(n) if 1 <= n <= 3999 else None


def _chinese(n: int) -> str | None:
    """Chinese counting: 一 … 十 十一 … 二十 … 一百 一百零一 (〇 for zero)."""
    if n == 0:
        return "〇"
    return int_to_chinese(n) if 1 <= n <= 99_999 else None


def _chinese_legal(n: int, table: dict[int, int]) -> str | None:
    """Financial (大写) numerals: 壹 贰 … 壹拾 壹拾壹 … 壹佰."""
    if n == 0:
        return "零"
    text = _chinese(n)
    if text is None:
        return None
    if text.startswith("十"):
        text = "一" + text
    return text.translate(table)


def _japanese(n: int) -> str | None:
    """Japanese counting: 一 … 十 十一 … 二十 … 百 百一 … 千 (no 一 before a unit, no 零)."""
    if not 1 <= n <= 9999:
        return None
    parts: list[str] = []
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = n // value % 10
        if digit:
            parts.append(("" if digit == 1 and unit else _IDEOGRAPH_DIGITS[digit]) + unit)
    return "".join(parts)


def _digits(n: int, table: str) -> str:
    return "".join(table[int(ch)] for ch in str(n))


def _enclosed(n: int, first: int, *, zero: str | None = None) -> str | None:
    if n == 0 and zero is not None:
        return zero
    return chr(first + n - 1) if 1 <= n <= 20 else None


def _symbol(n: int, symbols: str) -> str | None:
    """The n-th of ``symbols`` (甲乙丙…); beyond them decimal, as LibreOffice shows."""
    return symbols[n - 1] if 1 <= n <= len(symbols) else None


def _chicago(n: int) -> str | None:
    """Footnote symbols: * † ‡ § ** †† …"""
    if not 1 <= n <= _MAX_LETTER:
        return None
    return "*†‡§"[(n - 1) % 4] * ((n - 1) // 4 + 1)


_FORMATS: dict[str, Callable[[int], str | None]] = {
    "decimal": str,
    "decimalZero": lambda n: f"{n:02d}",
    "upperRoman": _roman,
    "lowerRoman": lambda n: None if (r := _roman(n)) is None else r.lower(),
    "upperLetter": lambda n: None if (s := _letter(n)) is None else s.upper(),
    "lowerLetter": _letter,
    "ordinal": lambda n: f"{n}{ordinal_suffix(n)}",
    "cardinalText": lambda n: english_number_words(n).capitalize() if n < 1_000_000 else None,
    "ordinalText": lambda n: english_ordinal_words(n).capitalize() if n < 1_000_000 else None,
    "chineseCounting": _chinese,
    "chineseCountingThousand": _chinese,
    "taiwaneseCounting": lambda n: None if (s := _chinese(n)) is None else s.replace("万", "萬"),
    "taiwaneseCountingThousand": lambda n: (
        None if (s := _chinese(n)) is None else s.replace("万", "萬")
    ),
    "chineseLegalSimplified": lambda n: _chinese_legal(n, _LEGAL_SIMPLIFIED),
    "ideographLegalTraditional": lambda n: _chinese_legal(n, _LEGAL_TRADITIONAL),
    "japaneseCounting": _japanese,
    "ideographDigital": lambda n: _digits(n, _IDEOGRAPH_DIGITS),
    "taiwaneseDigital": lambda n: _digits(n, _IDEOGRAPH_DIGITS),
    "japaneseDigitalTenThousand": lambda n: _digits(n, _IDEOGRAPH_DIGITS),
    "ideographTraditional": lambda n: _symbol(n, _STEMS),
    "ideographZodiac": lambda n: _symbol(n, _BRANCHES),
    "decimalFullWidth": lambda n: _digits(n, "０１２３４５６７８９"),
    "decimalFullWidth2": lambda n: _digits(n, "０１２３４５６７８９"),
    "decimalHalfWidth": str,
    "decimalEnclosedCircle": lambda n: _enclosed(n, 0x2460, zero="⓪"),
    "decimalEnclosedCircleChinese": lambda n: _enclosed(n, 0x2460, zero="⓪"),
    "decimalEnclosedFullstop": lambda n: _enclosed(n, 0x2488),
    "decimalEnclosedParen": lambda n: _enclosed(n, 0x2474),
    "chicago": _chicago,
    "none": lambda n: "",
    "bullet": lambda n: "",
}


def format_number(value: int, fmt: str, *, pad: int = 0) -> str:
    """``value`` written in Word number format ``fmt`` (``w:numFmt``): 4 in
    ``"lowerRoman"`` → ``"iv"``, 12 in ``"chineseCounting"`` → ``"十二"``. Unknown
    formats, and values a format cannot write, fall back to decimal; ``pad`` zero-pads
    decimal to that many digits."""
    if pad and fmt == "decimal":
        return str(value).zfill(min(pad, 10))
    writer = _FORMATS.get(fmt, str)
    text = writer(value) if value >= 0 else None
    return str(value) if text is None else text
