"""Where a playbook rule's patterns hit a text, and the numbers they read.

Works on plain text (a located clause, a section, a clause given to the
``assess_deviation`` skill); offsets are into that text. Three things make rules
written once work on contracts they were not written against:

* **text in force** — the words an amendment removes (``replace "56 days" with "90
  days"``, ``将“28天”修改为“14天”``) are blanked out before matching, so a rule reads
  the new wording, not the old;
* **sentences** — guards (``requires``, ``unless``) look at the sentence of a match, so
  "either party may terminate" in one sentence does not excuse a one-sided right in
  another (with ``unless_scope: part``, ``unless`` looks only at the match's part of the
  sentence between semicolons, and with ``unless_scope: phrase`` between semicolons and
  Chinese commas);
* **values** — a numeric rule reads the number nearest its match
  (:mod:`.value_reading`), so "fourteen (14) days", "two weeks", "十四天" and
  "60个工作日" all count, converted to the rule's unit.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..documents.case_folding import fold
from ..documents.chinese_script import simplified
from ..text.sentences import sentence_spans
from .deal_price import DealPrice
from .pattern_words import may_match
from .rule_models import Comparison, PlaybookRule
from .term_topics import term_topics
from .value_reading import SentenceNumbers, ValueReading, read_value

__all__ = [
    "FOLLOWING_SENTENCES",
    "PROVISO_TEXT",
    "RuleHit",
    "any_match",
    "compare",
    "excused",
    "find_hits",
    "in_force",
    "part_span",
    "rule_pattern",
    "sentence_parts",
]

#: How far back (characters) a concession ("even if", 即使) governs an ``unless`` match.
CONCESSION_CHARS = 160
#: A sentence is also about a rule's topic when the classifier gives the topic at least
#: TOPIC_RUNNER_UP and at least TOPIC_MARGIN more than "none" (the sentence is clearly
#: about some term, and this one is its first or a close second reading).
TOPIC_RUNNER_UP = 0.3
TOPIC_MARGIN = 0.1
#: How far back (characters) "without ..." denies an ``unless`` match.
NEGATION_CHARS = 80
#: The most "(or, for a Tax claim, …)" parentheses a sentence may hold for each to be read
#: as another case (see :func:`_other_cases`).
MAX_OTHER_CASES = 8
#: Sentences after the match's own that ``requires_scope: following`` looks at.
FOLLOWING_SENTENCES = 2

_FLAGS = re.IGNORECASE
# A sentence that opens by pointing back ("These amounts ...", "Such damages ...", 上述违约金
# ...) is about what the sentence before it names, so ``requires`` reads that one too.
_ANAPHOR = re.compile(
    r"\W*(?:\(?[a-z0-9]{1,4}\)\s*)?(?:(?:these|those|such|they|the\s+same|the\s+said|"
    r"all\s+such|any\s+such)\b|上述|前述|该等?|此类|这些|前款)",
    _FLAGS,
)
# Old wording an amendment removes: the quoted words after replace/delete, or before
# "is replaced by"; 将“X”修改为 / 删除“X”.
_OLD_WORDING = (
    re.compile(
        r"\b(?:replace|delete|omit|substitute\s+for)\s+(?:the\s+(?:words?|figures?|number)\s+)?"
        r"[\"“‘]([^\"”’\n]{1,400})[\"”’]",
        _FLAGS,
    ),
    re.compile(
        r"[\"“‘]([^\"”’\n]{1,400})[\"”’]\s*(?:,\s*)?(?:is|are|shall\s+be)\s+"
        r"(?:replaced|deleted|substituted|omitted)",
        _FLAGS,
    ),
    re.compile(r"(?:将|把|删除|删去)\s*[\"“‘]([^\"”’\n]{1,200})[\"”’]"),
    re.compile(r"[\"“‘]([^\"”’\n]{1,200})[\"”’]\s*(?:修改|替换|变更|改)为"),
)
# Boilerplate that reads like a term to a pattern but states none: "including, but not
# limited to," and "including without limitation" introduce examples, not a limit or
# its absence; "in full force and effect" and "of no force or effect" say whether
# something is valid, not that anything is paid or liable in full. Blanked before
# matching (same length), like the words an amendment removes.
_NO_TERM_PHRASES = re.compile(
    r"\b(?:includ(?:ing|es|ed|e)|such\s+as)\s*(?:,\s*)?(?:(?:but|and)\s+(?:(?:is|are)\s+)?"
    r"not\s+(?:be\s+)?limited\s+to|without\s+(?:limitation|limit)(?!\s+(?:as\s+to|of)\s+amount))\b"
    r"|\b(?:in\s+full|of\s+no(?:\s+further)?)\s+force\s+(?:and|or)\s+effect\b",
    _FLAGS,
)
# What separates the parts of a sentence for ``unless_scope: part``: a Chinese ；, or a
# semicolon before a clause ("; the Supplier may not..."), not one inside a list of
# references ("; Sections 6.2 and 7.1", "; 11.1(a)"). ``phrase`` also splits at ，.
# A part ends at a semicolon or where a proviso starts ("…, provided always that the
# Company may …": the proviso is a proposition of its own).
#: The words that open a proviso ("provided always that", "provided, however, that").
PROVISO_TEXT = r"\bprovided\s+(?:always\s+|however\s+|further\s+|also\s+)?,?\s*that\b"
_PART_END_TEXT = (
    r"；|;(?=\s*(?!(?:sections?|clauses?|articles?|schedules?|annex(?:es)?|exhibits?|"
    r"paragraphs?)\b)[A-Za-z])|[,;]?\s*" + PROVISO_TEXT
)
# A phrase also ends at a Chinese comma and at ", and" / ", but" joining two clauses.
# So does ", or, in the case of …" starting another case ("…the seventh anniversary, or,
# in the case of a Tax claim, the eighth"; "… nine months (or, for a claim under clause
# 9.17, four years)").
_PHRASE_END_TEXT = (
    _PART_END_TEXT
    + r"|，|,\s+(?:and|but|whereas|while)\s+(?!or\b)|,?\s+\(?or,?\s+(?:in\s+the\s+case\s+of|for|in\s+respect\s+of|with\s+respect\s+to)\b"
)
# A parenthesis that gives another case its own term: "(or, in the case of a Tax Claim,
# the seventh anniversary)", "(or, for a claim under clause 9.17, four years)".
_OTHER_CASE = re.compile(
    r"\(\s*or,?\s+(?:in\s+the\s+case\s+of|for|in\s+respect\s+of|with\s+respect\s+to|as\s+regards)"
    r"\b[^()]{0,300}\)",
    _FLAGS,
)
_PART_END = {
    "part": re.compile(_PART_END_TEXT, _FLAGS),
    "phrase": re.compile(_PHRASE_END_TEXT, _FLAGS),
    # where a proviso opens ("provided that", "，但", "，但是"), for ``unless_scope: proviso``
    "proviso": re.compile(PROVISO_TEXT + r"|[，,；;]\s*但(?:是)?(?![书])", _FLAGS),
}
# Words that make what follows a concession ("even if", "whether or not", 即使, 无论).
_CONCESSIVE = re.compile(
    r"\beven\s+(?:if|where|when|though)\b|\bwhether\s+or\s+not\b|\b(?:regardless|irrespective)"
    r"\s+of\b|\bincluding\s+(?:where|when|if)\b|\bhow(?:so)?ever\s+caused\b|即使|即便|无论|不论|纵使|哪怕",
    _FLAGS,
)
# Words just before an ``unless`` match that deny it: "without the need to show any default
# by the Owner", "without any breach", "without the need for the Claim to be agreed by the
# Seller" — the default (the agreement) is what the term does without.
# So do words that put the matched thing in a list of figures that do not limit the term,
# beside the price or the fees: "not reduced by reference to any fees paid, any insurance
# limit", 不以本合同价款、…保险赔付金额…为限 (insurance alone, "not limited by the amount of
# any insurance it maintains", is still an exception); and a route of challenge that is
# closed: "not open to dispute, review, expert determination or any legal proceedings".
# And a ground that may not be relied on (不得以…经合理调查即可知悉为由主张…). So does
# a thing named beside the warranties, or after "including": "any claim under the
# Warranties or the tax covenant", "any Claim or any claim under the Tax Covenant", "all
# Claims including Tax Claims" are covered too. And a thing that is not set up is no
# exception, nor is any item of its list (亦不设置共管账户、银行保函或其他担保安排).
_NEGATED = re.compile(
    r"\bwithout\s+(?:(?:the\s+|any\s+)?(?:need|necessity|requirement)\s+(?:for\s+\w+\s+)?"
    r"to\s+(?:show|prove|establish|demonstrate|allege|cite)\s+)?(?:any\s+|a\s+|the\s+)?"
    r"(?:\w+\s+){0,2}$"
    r"|\bwithout\s+(?:the\s+|any\s+)?(?:need|necessity|requirement)\s+for\s+(?:(?:the|any|such|that)\s+)?"
    r"\w+(?:\s+\w+)?\s+to\s+be\s+$"
    r"|\bnot\s+(?:be\s+)?(?:reduced|limited|capped|restricted|diminished)\s+(?:\w+\s+){0,3}?"
    r"by\b[^.;]*?\b(?:fees?|price|charges|sums?\s+paid|amounts?\s+paid)\b[^.;]*$"
    r"|\bnot\s+(?:be\s+)?(?:open|subject|liable|susceptible)\s+to\b[^.;]*$"
    r"|(?:不以|不受)[^。；，]*?(?:价款|总价|总额|总金额|合同金额|服务费|费用)[^。；，]*$"
    r"|不得以[^。；，]*$"
    # an exception's words inside what is left out ("不包括其应当知悉或经合理询问即可知悉的事实")
    r"|(?:不包括|不包含|不含)[^。；，]*$"
    r"|\b(?:warrant(?:y|ies)|claims?)(?:\s+claims?)?\s*,?\s+(?:or|and|and/or)\s+(?:any\s+claims?\s+)?"
    r"(?:under\s+)?(?:the\s+|any\s+)?$"
    r"|\bincluding\s+(?:the\s+|all\s+|any\s+)?$"
    r"|(?:无需|无须|不需要?|不必|不|未|亦不|并不)(?:设立|设置|存入|开立|设|使用|安排|提供)"
    r"(?:任何)?[^。；，]{0,20}?$",
    _FLAGS,
)
_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "lt": lambda value, limit: value < limit,
    "le": lambda value, limit: value <= limit,
    "gt": lambda value, limit: value > limit,
    "ge": lambda value, limit: value >= limit,
}


class RuleHit(BaseModel):
    """One place a present/numeric rule fires in a text."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0, description="Offset of the match in the text.")
    end: int = Field(ge=0)
    matched: str = Field(description="The matched words.")
    sentence_start: int = Field(ge=0, description="Offset of the match's sentence.")
    sentence_end: int = Field(ge=0)
    value: ValueReading | None = Field(default=None, description="The number read (numeric).")
    party: str | None = Field(
        default=None, description="The words of the pattern's (?P<party>...) group, if any."
    )

    def sentence(self, text: str) -> str:
        """The sentence of the match, from the text the hit was found in."""
        return text[self.sentence_start : self.sentence_end]


def compare(value: float, comparison: Comparison, threshold: float) -> bool:
    """``value <comparison> threshold``."""
    return _COMPARE[comparison](value, threshold)


@lru_cache(maxsize=4096)
def in_force(text: str) -> str:
    """``text`` with the words amendments remove and boilerplate that states no term
    ("including, but not limited to") blanked out, and traditional Chinese read as
    simplified (same length, so offsets still point into ``text``)."""
    text = simplified(text)
    chars = list(text)
    for pattern in _OLD_WORDING:
        for match in pattern.finditer(text):
            chars[match.start(1) : match.end(1)] = " " * (match.end(1) - match.start(1))
    for match in _NO_TERM_PHRASES.finditer(text):
        chars[match.start() : match.end()] = " " * (match.end() - match.start())
    return "".join(chars)


@lru_cache(maxsize=4096)
def rule_pattern(pattern: str) -> re.Pattern[str]:
    """A rule's pattern compiled as rules are matched (case-insensitive), once: a
    playbook has more patterns than ``re``'s own cache holds."""
    return re.compile(pattern, _FLAGS)


def any_match(patterns: Iterable[str], text: str) -> bool:
    """True when one of ``patterns`` matches ``text`` (case-insensitive); a pattern
    whose words are not in the text is not run."""
    folded: str | None = None
    for pattern in patterns:
        if folded is None:
            folded = fold(text)
        if may_match(pattern, folded) and rule_pattern(pattern).search(text):
            return True
    return False


def find_hits(rule: PlaybookRule, text: str, *, price: DealPrice | None = None) -> list[RuleHit]:
    """Where ``rule`` (a present or numeric rule) fires in ``text``: matches of its
    patterns in the text in force whose sentence passes ``requires``/``unless`` and,
    for a numeric rule, whose number breaks the limit (``price``: the contract's, for a
    rule in ``price_percent``). Overlapping matches are kept
    once (the earliest, then the longest). ``unless_anywhere`` and ``one_sided`` are
    the caller's: they depend on the rule's scope.

    Linear in the text for each pattern: a sentence's guards are read once however many
    matches it holds (a 100 K-character sentence of repeated hits is read once, not once
    per hit), and a match's sentence is found by bisection."""
    masked = in_force(text)
    folded = fold(masked)
    sentences: _Sentences | None = None  # read at the first match
    terms_cache: dict[tuple[int, int], SentenceNumbers] = {}
    required: dict[tuple[int, int], bool] = {}  # guarded stretch -> requires met
    # (unless stretch, other cases blanked in it) -> excused
    excusing: dict[tuple[tuple[int, int], tuple[tuple[int, int], ...]], bool] = {}
    about: dict[tuple[int, int], bool] = {}  # sentence -> about the rule's topic
    hits: list[RuleHit] = []
    for pattern in rule.patterns:
        if not may_match(pattern, folded):  # a word the pattern needs is not there
            continue
        for match in rule_pattern(pattern).finditer(masked):
            if match.end() == match.start():
                continue
            if sentences is None:
                sentences = _Sentences(masked)
            span = sentences.of(match.start())
            guarded = (sentences.referent_start(span, masked), span[1])
            if rule.requires_scope == "following":
                guarded = (guarded[0], sentences.following_end(span, FOLLOWING_SENTENCES))
            if rule.requires:
                if guarded not in required:
                    required[guarded] = any_match(rule.requires, masked[guarded[0] : guarded[1]])
                if not required[guarded]:
                    continue
            value = None
            if rule.is_numeric:
                value = read_value(rule, masked, match, span, terms_cache, price)
                if value is None or not _breaks_limit(rule, value.value):
                    continue
            if rule.unless:
                # a number read away from its cue word is excused by what stands by either
                first, last = _reach(match.start(), match.end(), value)
                stretch = _unless_span(rule, masked, span, first, last)
                key = (stretch, _other_cases(masked, stretch, first, last))
                if key not in excusing:
                    excusing[key] = _excused(rule.unless, _without(masked, stretch, key[1]))
                if excusing[key]:
                    continue
            if rule.topic:
                if span not in about:
                    about[span] = _about(rule, masked[span[0] : span[1]])
                if not about[span]:
                    continue
            hits.append(
                RuleHit(
                    start=match.start(),
                    end=match.end(),
                    matched=text[match.start() : match.end()],
                    sentence_start=span[0],
                    sentence_end=span[1],
                    value=value,
                    party=_group(match, "party"),
                )
            )
    return _without_overlaps(hits)


def excused(rule: PlaybookRule, text: str, hit: RuleHit) -> bool:
    """True when one of ``rule.unless`` excuses ``hit`` (found in ``text``) as
    :func:`find_hits` reads it: in the hit's sentence, part or phrase, not conceded or
    denied."""
    if not rule.unless:
        return False
    span = (hit.sentence_start, hit.sentence_end)
    first, last = _reach(hit.start, hit.end, hit.value)
    return _excused(rule.unless, _unless_text(rule, in_force(text), span, first, last))


def _reach(start: int, end: int, value: ValueReading | None) -> tuple[int, int]:
    """From the cue word to its number: where a numeric hit's ``unless`` part or phrase
    is read ("… within 18 months, or for a Tax claim within five years, and any such claim
    …" — the number five years stands in the phrase of the tax exception)."""
    if value is None:
        return start, end
    return min(start, value.start), max(end, value.end)


def _unless_text(rule: PlaybookRule, text: str, span: tuple[int, int], start: int, end: int) -> str:
    """What ``unless`` reads: the match's sentence, or (``unless_scope: part``/``phrase``)
    only the stretch of it between the semicolons (and Chinese commas) around the match."""
    stretch = _unless_span(rule, text, span, start, end)
    return _without(text, stretch, _other_cases(text, stretch, start, end))


def _other_cases(
    text: str, stretch: tuple[int, int], start: int, end: int
) -> tuple[tuple[int, int], ...]:
    """The parentheses in ``text[stretch]`` that set another case its own term ("… nine
    months after Completion (or, for a claim under the Tax Covenant, seven years)"),
    away from ``text[start:end]``: what excuses that case is not an exception to this
    one. A stretch with more than :data:`MAX_OTHER_CASES` of them is read whole, so a
    sentence's ``unless`` is still read a bounded number of times however many matches
    and parentheses it holds."""
    cases = _cases_in(text, stretch[0], stretch[1])
    if len(cases) > MAX_OTHER_CASES:
        return ()
    return tuple((first, last) for first, last in cases if last <= start or first >= end)


@lru_cache(maxsize=256)
def _cases_in(text: str, first: int, last: int) -> tuple[tuple[int, int], ...]:
    """Where the other-case parentheses of ``text[first:last]`` are (read once per
    stretch), at most one more than :data:`MAX_OTHER_CASES`."""
    found: list[tuple[int, int]] = []
    for match in _OTHER_CASE.finditer(text, first, last):
        found.append((match.start(), match.end()))
        if len(found) > MAX_OTHER_CASES:
            break
    return tuple(found)


def _without(text: str, stretch: tuple[int, int], holes: tuple[tuple[int, int], ...]) -> str:
    """``text[stretch]`` with each of ``holes`` blanked (same length)."""
    pieces: list[str] = []
    at = stretch[0]
    for first, last in holes:
        pieces += [text[at:first], " " * (last - first)]
        at = last
    pieces.append(text[at : stretch[1]])
    return "".join(pieces)


def _unless_span(
    rule: PlaybookRule, text: str, span: tuple[int, int], start: int, end: int
) -> tuple[int, int]:
    """Where :func:`_unless_text` reads. With ``unless_scope: proviso`` a match inside a
    proviso is read from the proviso on: the proviso overrides what comes before it ("at
    a price not less than the Issue Price; provided that after the third anniversary no
    minimum price shall apply" — the floor before it does not excuse the floor taken
    away); a match before any proviso reads the whole sentence."""
    if rule.unless_scope == "sentence":
        return span
    if rule.unless_scope == "proviso":
        opened, _ = _part_marks(text, span[0], span[1], "proviso")
        before = bisect.bisect_right(opened, start)
        return (opened[before - 1], span[1]) if before else span
    return part_span(text, span, start, end, rule.unless_scope)


def part_span(
    text: str,
    sentence: tuple[int, int],
    start: int,
    end: int,
    scope: Literal["part", "phrase"] = "part",
) -> tuple[int, int]:
    """The stretch of the sentence ``sentence`` that holds ``text[start:end]``: between the
    semicolons and provisos around it (``part``), and also Chinese commas and ", and"
    (``phrase``)."""
    starts, ends = _part_marks(text, sentence[0], sentence[1], scope)
    before = bisect.bisect_right(ends, start)  # the marks that end by the match's start
    after = bisect.bisect_left(starts, end)  # the first mark from the match's end on
    first = ends[before - 1] if before else sentence[0]
    last = starts[after] if after < len(starts) else sentence[1]
    return first, last


@lru_cache(maxsize=256)
def _part_marks(
    text: str, first: int, last: int, scope: Literal["part", "phrase", "proviso"]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the marks that end a part (or phrase, or open a proviso) of
    ``text[first:last]`` start and end, in order: read once per sentence, however many
    matches it holds."""
    marks = [(mark.start(), mark.end()) for mark in _PART_END[scope].finditer(text, first, last)]
    return tuple(a for a, _ in marks), tuple(b for _, b in marks)


def sentence_parts(text: str, sentence: tuple[int, int]) -> list[tuple[int, int]]:
    """The parts of the sentence ``sentence`` of ``text``, between the semicolons and
    provisos that :func:`part_span` stops at, in order, without the white space at
    either end (as :func:`~contract_review.text.sentences.sentence_spans` gives sentences)."""
    bounds: list[tuple[int, int]] = []
    first = sentence[0]
    for mark in _PART_END["part"].finditer(text, sentence[0], sentence[1]):
        bounds.append((first, mark.start()))
        first = mark.end()
    bounds.append((first, sentence[1]))
    parts: list[tuple[int, int]] = []
    for start, end in bounds:
        piece = text[start:end]
        if piece.strip():
            lead = start + len(piece) - len(piece.lstrip())
            parts.append((lead, lead + len(piece.strip())))
    return parts


def _excused(unless: Iterable[str], text: str) -> bool:
    """True when one of the ``unless`` patterns matches ``text`` outside a concessive
    phrase and not denied: "even if it results from the Provider's negligence" makes the
    term harsher, and "without the need to show any default" is no default; neither is
    an exception to the term."""
    return any(
        not _CONCESSIVE.search(text[_concession_start(text, m.start()) : m.start()])
        and not _NEGATED.search(text[max(0, m.start() - NEGATION_CHARS) : m.start()])
        for pattern in unless
        for m in rule_pattern(pattern).finditer(text)
    )


def _concession_start(text: str, offset: int) -> int:
    """Where the concession that may govern ``offset`` can start: after the last ; : (
    (or their Chinese forms, and the Chinese comma, which ends a 无论… phrase) and at most
    :data:`CONCESSION_CHARS` back, so an English list ("including where it arises from a
    defect, from repairs or from any negligence of the Lessor") stays under its
    "including where"."""
    mark = max(text.rfind(mark, 0, offset) for mark in ";:(；：（，") + 1
    return max(mark, offset - CONCESSION_CHARS)


def _about(rule: PlaybookRule, sentence: str) -> bool:
    """True when the topic classifier reads ``sentence`` as about the rule's topic: at
    least ``rule.topic_min``, or :data:`TOPIC_RUNNER_UP` and clearly more likely than
    about no term ("withdraw the Booking for any reason" read 0.39 termination, 0.57 time
    bar, 0.04 none)."""
    topics = term_topics().probabilities([sentence])[0]
    share = sum(topics.get(topic, 0.0) for topic in rule.topic)
    if share >= rule.topic_min:
        return True
    return share >= TOPIC_RUNNER_UP and share >= topics.get("none", 0.0) + TOPIC_MARGIN


def _group(match: re.Match[str], name: str) -> str | None:
    if name not in match.re.groupindex:
        return None
    return match.group(name)


def _breaks_limit(rule: PlaybookRule, value: float) -> bool:
    assert rule.comparison is not None and rule.threshold is not None
    return compare(value, rule.comparison, rule.threshold)


class _Sentences:
    """The sentences of a text, looked up by bisection."""

    def __init__(self, text: str) -> None:
        self.spans = sentence_spans(text)
        self.starts = [start for start, _ in self.spans]
        self.ends = [end for _, end in self.spans]

    def of(self, offset: int) -> tuple[int, int]:
        """The sentence holding ``offset`` (the first that ends after it, from
        ``offset`` at the latest), else the last one."""
        index = bisect.bisect_right(self.ends, offset)
        if index < len(self.spans):
            start, end = self.spans[index]
            return (min(start, offset), end)
        return self.spans[-1] if self.spans else (offset, offset)

    def referent_start(self, span: tuple[int, int], text: str) -> int:
        """Where ``requires`` starts reading for the sentence ``span``: at the sentence
        before it when ``span`` opens by pointing back to it ("These amounts apply
        without any overall limit" after the sentence that sets the liquidated damages),
        else at ``span``."""
        if not _ANAPHOR.match(text, span[0]):
            return span[0]
        before = bisect.bisect_right(self.ends, span[0])  # sentences ending by span[0]
        return self.starts[before - 1] if before else span[0]

    def following_end(self, span: tuple[int, int], count: int) -> int:
        """The end of the sentence ``count`` sentences after ``span`` (or of the last)."""
        first = bisect.bisect_left(self.starts, span[1])  # sentences starting after it
        after = len(self.spans) - first
        return self.ends[first + min(count, after) - 1] if after else span[1]


def _without_overlaps(hits: list[RuleHit]) -> list[RuleHit]:
    hits.sort(key=lambda hit: (hit.start, -(hit.end - hit.start)))
    kept: list[RuleHit] = []
    for hit in hits:
        if kept and hit.start < kept[-1].end:
            continue
        kept.append(hit)
    return kept
