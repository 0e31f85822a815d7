"""Defined terms: finding ``"Contract Price" means ...`` / ``“合同价款”是指……`` /
``本合同所称工程款，是指……`` sentences and marking the sections that hold definitions."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator

from .model import DefinedTerm, Section

__all__ = [
    "DEFINITIONS_TITLES",
    "MIN_DEFINITIONS_FOR_SECTION",
    "count_definitions",
    "definition_spans",
    "extract_definitions",
    "has_definition",
    "is_definitions_title",
    "mark_definitions_sections",
]

#: Section titles that mark a definitions section (compared case-insensitively).
DEFINITIONS_TITLES: tuple[str, ...] = (
    "definitions",
    "definition",
    "interpretation",
    "definitions and interpretation",
    "interpretation and definitions",
    "定义",
    "释义",
    "定义与解释",
    "定义和解释",
    "词语定义",
)
#: A section whose own text holds at least this many definitions is a definitions section.
MIN_DEFINITIONS_FOR_SECTION = 3

#: A quoted term: "X", “X”, ‘X’, 'X' (not an apostrophe), 「X」 or 『X』.
_QUOTED_TERM = (
    r'(?:"(?P<t1>[^"\n]{1,80}?)"'
    r"|“(?P<t2>[^“”\n]{1,80}?)[”\"]"
    r"|(?<![\w’'])['‘](?P<t3>[^'‘’\n]{1,80}?)['’]"
    r"|「(?P<t4>[^「」\n]{1,80}?)」"
    r"|『(?P<t5>[^『』\n]{1,80}?)』)"
)
_EN_VERBS = r"(?:shall\s+mean|means|mean|shall\s+have\s+the\s+meaning|has\s+the\s+meaning|is\s+defined\s+as)\b"
# 指 but not 指定/指出/指示/... ("交付至“甲方”指定地点" defines nothing); 指标 only as
# 指 + 标的 ("“合格上市”指标的公司的股票…上市" defines).
# 仅指/专指/均指 define too ("“转让方所知”或类似表述，仅指…").
_ZH_VERBS = (
    r"(?:(?:仅|专|均)?(?:是指|系指)|意指|意为|(?:仅|专|均)?指(?![定出示导挥南令明引控]|标(?!的)))"
)
#: The instrument naming its own term: 本合同所称 / 本协议项下的 / 本合同中的 ….
_SCOPE_PREFIX = r"本(?:合同|协议|协议书|条款|章程|附件|补充协议)(?:项下的?|中的?|所称的?|所述的?)+"
#: An unquoted term after that prefix: 本合同所称工程款，是指… / 本协议项下的交割日系指….
_SCOPED_TERM = rf"{_SCOPE_PREFIX}(?P<t6>[^，,。；;：:\n“”\"「」『』‘’]{{1,30}}?)"
#: A first name of a term defined under two: “知悉”或“所知”指… / "Losses" or "Loss" means…
#: / “转让方所知”“就转让方所知”指… (two quoted names side by side).
_OTHER_NAME = (
    r'(?:(?:"[^"\n]{1,80}?"|“[^“”\n]{1,80}?[”"]|「[^「」\n]{1,80}?」|『[^『』\n]{1,80}?』)\s*'
    r"(?:或者|或|和|及|以及|、|/|\s+or\s+|\s+and\s+|(?=[“「『]))\s*)"
)
#: "or words of similar import" after the term: “转让方所知”或类似表述，指… / "Knowledge"
#: or any similar expression means….
_SIMILAR_WORDS = (
    r"(?:(?:或|及)(?:其他)?(?:类似|相似|同类)(?:的)?(?:表述|用语|措辞|词语|表达)"
    r"|or\s+(?:any\s+)?(?:similar|like|equivalent)\s+(?:expressions?|words?|phrases?)"
    r"(?:\s+of\s+(?:similar|like)\s+(?:import|effect))?)"
)
_DEFINITION_RE = re.compile(
    rf"(?:(?:{_SCOPE_PREFIX})?{_OTHER_NAME}?{_QUOTED_TERM}\s*(?:[（(][^）)\n]{{0,80}}[）)]\s*)?"
    rf"(?:{_SIMILAR_WORDS}\s*[,，]?\s*)?"
    rf"|{_SCOPED_TERM})[,，]?\s*(?:{_EN_VERBS}|{_ZH_VERBS})",
    re.IGNORECASE,
)
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_TRAILING_RE = re.compile(r"(?:[\s;；,，.。]|\band\b|\bor\b)+$", re.IGNORECASE)


def _matches(text: str) -> Iterator[re.Match[str]]:
    for match in _DEFINITION_RE.finditer(text):
        term = _term(match)
        if term and term == term.strip() and not term.endswith(("，", ",")):
            yield match


def _term(match: re.Match[str]) -> str:
    return next(g for g in match.group("t1", "t2", "t3", "t4", "t5", "t6") if g is not None)


def has_definition(text: str) -> bool:
    """True when ``text`` contains a definition sentence."""
    return next(_matches(text), None) is not None


def count_definitions(text: str) -> int:
    """How many definition sentences ``text`` contains."""
    return sum(1 for _ in _matches(text))


def is_definitions_title(title: str, extra_titles: Iterable[str] = ()) -> bool:
    """True when ``title`` names a definitions section ("Definitions", "定义与解释", ...)."""
    normal = title.strip().strip(".:：。").strip().casefold()
    if not normal:
        return False
    known = {t.casefold() for t in DEFINITIONS_TITLES} | {
        t.strip().casefold() for t in extra_titles
    }
    return normal in known


def extract_definitions(text: str, *, offset: int, section_id: str) -> list[DefinedTerm]:
    """The terms ``text`` defines; ``offset`` is where ``text`` starts in the source.

    A definition runs from the defining verb to the end of its line, or to the next
    definition on the same line, without trailing ``;``, ``and`` or full stop.
    """
    found = list(_matches(text))
    terms: list[DefinedTerm] = []
    for index, match in enumerate(found):
        line_end = text.find("\n", match.end())
        end = len(text) if line_end < 0 else line_end
        if index + 1 < len(found):
            end = min(end, found[index + 1].start())
        definition = _TRAILING_RE.sub("", text[match.end() : end].strip())
        terms.append(
            DefinedTerm(
                term=" ".join(_term(match).split()),
                definition=definition,
                section_id=section_id,
                start=offset + match.start(),
            )
        )
    return terms


def definition_spans(text: str) -> list[tuple[int, int]]:
    """Where each definition of ``text`` (a definitions section's own text) runs: from
    its quoted term to the end of its paragraph, or to the next definition — so that a
    term a drafter hides in one definition ("'Disclosed' means … whether or not fairly
    disclosed") can be read on its own. A paragraph after the first definition that
    holds none (a definition worded in a way not recognised, an interpretation rule) is
    a span of its own, so nothing after the first definition goes unread. Empty when
    ``text`` defines nothing."""
    found = list(_matches(text))
    # a definition that runs on over several lines (its own list) ends at a blank line;
    # the blank lines are found once (a definition's search must not rescan the text)
    blanks = [m.start() for m in _BLANK_LINE.finditer(text)]
    spans: list[tuple[int, int]] = []
    for index, match in enumerate(found):
        after = bisect.bisect_left(blanks, match.end())
        end = blanks[after] if after < len(blanks) else len(text)
        next_start = found[index + 1].start() if index + 1 < len(found) else len(text)
        spans.append((match.start(), min(end, next_start)))
        spans += _paragraphs(text, min(end, next_start), next_start)
    return [(start, end) for start, end in spans if text[start:end].strip()]


#: The fewest characters (spaces aside) a paragraph that defines nothing needs to be read
#: on its own: fewer are the next definition's label ("(h)", "（八）") or a heading.
MIN_PARAGRAPH_CHARS = 20


def _paragraphs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The blank-line separated paragraphs of ``text[start:end]`` that could hold a term."""
    spans: list[tuple[int, int]] = []
    at = start
    for blank in [*_BLANK_LINE.finditer(text, start, end), None]:
        stop = end if blank is None else blank.start()
        if len("".join(text[at:stop].split())) >= MIN_PARAGRAPH_CHARS:
            spans.append((at, stop))
        if blank is not None:
            at = blank.end()
    return spans


def mark_definitions_sections(
    root: Section, *, extra_titles: Iterable[str] = ()
) -> list[DefinedTerm]:
    """Set ``is_definitions`` on the sections that hold definitions and return every
    defined term of the tree, in document order.

    A section is a definitions section when its title names one
    (:func:`is_definitions_title`) or its own text holds at least
    ``MIN_DEFINITIONS_FOR_SECTION`` definitions.
    """
    extra = tuple(extra_titles)
    terms: list[DefinedTerm] = []
    for section in root.walk():
        found = extract_definitions(section.text, offset=section.text_start, section_id=section.id)
        terms.extend(found)
        if is_definitions_title(section.title, extra) or len(found) >= MIN_DEFINITIONS_FOR_SECTION:
            section.is_definitions = True
    return terms
