"""The edit a playbook rule proposes: the clause text with the offending number set to
the limit, a matched phrase replaced, or a sentence added.

Only the redlined span changes: ``after == before[:start] + new + before[end:]``, so the
diff (:func:`contract_review.review.diffs.suggested_change`) shows exactly the change.
A number keeps the way it is written: ``fourteen (14) days`` becomes ``twenty-eight
(28) days``, ``十四天`` becomes ``二十八天``; a number in another unit (``two weeks``
against a rule in days) is rewritten whole (``28 days``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS, int_to_chinese
from ..review.redline_checks import instruction_new_wording, noop_instructions
from ..text.number_words import (
    ENGLISH_NUMBER_WORDS,
    english_number_words,
    english_ordinal_words,
    ordinal_suffix,
)
from ..text.sentences import sentence_spans
from .drafting_slots import DraftingSlots
from .no_limit_wording import no_limit_edits
from .period_wording import sentence_numbers
from .redline_templates import redline_template
from .rule_matching import RuleHit
from .rule_models import PlaybookRule, ValueUnit
from .value_reading import ValueReading

__all__ = [
    "Edit",
    "apply_edits",
    "has_chinese",
    "redlined_text",
    "struck_sentences",
    "written_value",
]

_CJK = re.compile(r"[\u3400-\u9fff]")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_WORD = "|".join(sorted(ENGLISH_NUMBER_WORDS, key=len, reverse=True))
_WORDS = re.compile(rf"\b(?:{_WORD})\b(?:(?:\s+and\s+|[\s-]+)\b(?:{_WORD})\b)*", re.IGNORECASE)
_CHINESE = re.compile(f"[{CHINESE_NUMERAL_CHARS}]+")
# Units a value written in another unit is rewritten in.
_EN_UNITS: dict[str, str] = {"day": "days", "month": "months", "year": "years", "percent": "%"}
_ZH_UNITS: dict[str, str] = {"day": "日", "month": "个月", "year": "年", "percent": "%"}


def has_chinese(text: str) -> bool:
    """True when ``text`` holds Chinese characters."""
    return _CJK.search(text) is not None


def _digits(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def _same_case(new: str, old: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def written_value(reading: ValueReading, rule_unit: ValueUnit | None, value: float) -> str:
    """``reading``'s text with ``value`` written in its place, in the same style (an
    amount read as a share of the price becomes that share of the price, named as the
    contract names it)."""
    if rule_unit == "price_percent" and reading.price_term:
        if has_chinese(reading.text):
            return f"{reading.price_term}的{_digits(value)}%"
        return f"{_digits(value)}% of the {reading.price_term}"
    if rule_unit == "price_percent":
        rule_unit = "percent"
    if reading.text.lower() in ("once", "twice", "thrice"):  # a multiple in words
        written = {1.0: "once", 2.0: "twice", 3.0: "thrice"}.get(value, f"{_digits(value)} times")
        return _same_case(written, reading.text)
    anniversary = _anniversary(reading.text, rule_unit, value)
    if anniversary is not None:
        return anniversary
    same_unit = (
        rule_unit is None
        or not reading.unit  # read from a capture group: a bare number in the rule's unit
        or reading.unit == rule_unit
    )
    chinese = has_chinese(reading.text)
    if not same_unit:
        assert rule_unit is not None
        units = _ZH_UNITS if chinese else _EN_UNITS
        joiner = "" if chinese or rule_unit == "percent" else " "
        return f"{_digits(value)}{joiner}{units[rule_unit]}"
    whole = value == int(value) and 0 < value < 100_000
    text = _DIGITS.sub(lambda _: _digits(value), reading.text)
    if whole:
        text = _WORDS.sub(lambda m: _same_case(english_number_words(int(value)), m.group()), text)
        text = _CHINESE.sub(lambda _: int_to_chinese(int(value)), text)
    return text


_ANNIVERSARY = re.compile(r"anniversary|周年", re.IGNORECASE)
_YEARS_IN: dict[str, float] = {"year": 1.0, "month": 12.0, "day": 360.0}


def _anniversary(text: str, unit: ValueUnit | None, value: float) -> str | None:
    """A period written as an anniversary ("the sixth anniversary", 满三周年) rewritten
    as the anniversary of ``value`` (in ``unit``) when that is a whole number of years
    ("24 months" → "second anniversary"); None for any other text."""
    if _ANNIVERSARY.search(text) is None or unit not in _YEARS_IN:
        return None
    years = value / _YEARS_IN[unit]
    if years != int(years) or not 0 < years < 100:
        return None
    count = int(years)
    if has_chinese(text):
        return _CHINESE.sub(lambda _: int_to_chinese(count), _DIGITS.sub(str(count), text))
    if _DIGITS.search(text):
        return re.sub(r"\d+(?:st|nd|rd|th)?", f"{count}{ordinal_suffix(count)}", text, count=1)
    word = english_ordinal_words(count)
    return re.sub(
        r"^[a-z]+(?:-[a-z]+)?",
        lambda m: _same_case(word, m.group()),
        text,
        count=1,
        flags=re.IGNORECASE,
    )


#: An edit of a clause's text: replace ``text[start:end]`` with ``new``.
Edit = tuple[int, int, str]


def redlined_text(
    rule: PlaybookRule,
    text: str,
    hits: Sequence[RuleHit],
    *,
    slots: DraftingSlots | None = None,
) -> str | None:
    """``text`` as ``rule``'s redline changes it at every one of ``hits`` (none for an
    absent rule); None when the rule proposes no edit or the edit would change nothing.

    * a number is set to the limit wherever the rule read it, and wherever the clause
      writes the same period or amount again ("fourteen (14) days … within such 14
      days");
    * a phrase is replaced wherever the rule matched it;
    * a rule without an edit of its own takes its term's drafting template
      (:mod:`.redline_templates`), filled from ``slots``: in place of the first sentence
      that carries the term (later ones are struck), or at the end of the clause;
    * a term that sits in the new words of an amendment instruction (``replace "56
      days" with "90 days"``) is undone by striking the instruction, so the original
      wording stands — never by an instruction that replaces words with themselves.
    """
    chinese = has_chinese(text)
    redline = rule.redline
    ordered = sorted(hits, key=lambda h: h.start)
    instructions = instruction_new_wording(text)
    edits: list[Edit] = []
    template = redline_template(rule.category) if rule.category else None
    if (
        redline is not None
        and redline.kind == "replace_match"
        and template is not None
        and template.mode == "replace_sentence"
        and slots is not None
    ):
        # a matched phrase replaced in place seldom reads as drafted ("will fit for the
        # purposes ... or may later have for them"): the template takes its sentence
        redline = None
    if redline is None or redline.kind == "append":
        if redline is not None:
            words = redline.words(chinese)
            mode = "append"
        else:
            if template is None or slots is None:
                return None
            words, mode = slots.fill(template.words(chinese=slots.chinese)), template.mode
        if mode == "append" and ordered:
            # a cap added to a clause that says there is none: those words go
            struck = no_limit_edits(text, ordered, words)
            after = apply_edits(text, struck[0]) if struck is not None else None
            if struck is not None and after is not None:
                return after if struck[1] else _appended(after, words)
        if mode == "append" or not ordered:
            return _appended(text, words)
        edits = _sentence_edits(text, ordered, words, instructions)
    elif not ordered:
        return None
    elif redline.kind == "replace_match":
        for hit in ordered:
            words = redline.words(has_chinese(hit.matched))
            edits.append(_struck_or(text, instructions, hit.start, (hit.start, hit.end, words)))
    else:
        target = redline.value if redline.value is not None else rule.threshold
        if target is None:
            return None
        for hit in ordered:
            if hit.value is None:
                continue
            new = written_value(hit.value, rule.unit, target)
            edit = (hit.value.start, hit.value.end, new)
            edits.append(_struck_or(text, instructions, hit.value.start, edit))
            edits += _same_value_edits(text, hit.value, rule, target, instructions)
    after = apply_edits(text, edits)
    if after is None:
        return None
    if noop_instructions(after):  # an instruction now replaces words with themselves
        strikes = [
            _strike(text, start)
            for start, end, _, _ in instructions
            if any(start <= e[0] < end for e in edits)
        ]
        after = apply_edits(text, strikes)
    return None if after is None or after == text else after


def _appended(text: str, words: str) -> str:
    stripped = text.rstrip()
    joiner = "" if has_chinese(words) or not stripped else " "
    return stripped + joiner + words + text[len(stripped) :]


def _sentence_edits(
    text: str,
    hits: Sequence[RuleHit],
    words: str,
    instructions: Sequence[tuple[int, int, int, int]],
) -> list[Edit]:
    """The template in place of the first sentence carrying the term; later such
    sentences struck; a term in an instruction's new words strikes the instruction."""
    edits: list[Edit] = []
    placed = False
    seen: set[int] = set()
    for hit in hits:
        if hit.sentence_start in seen:
            continue
        seen.add(hit.sentence_start)
        if _in_new_wording(instructions, hit.start):
            edits.append(_strike(text, hit.start, instructions))
        elif not placed:
            edits.append((hit.sentence_start, hit.sentence_end, words))
            placed = True
        else:
            edits.append(_strike(text, hit.start, instructions))
    return edits


def struck_sentences(text: str, hits: Sequence[RuleHit]) -> str | None:
    """``text`` without the sentences that hold ``hits`` (None when nothing is struck)."""
    after = apply_edits(text, [_strike(text, hit.start) for hit in hits])
    return None if after is None or after == text else after


def _in_new_wording(instructions: Sequence[tuple[int, int, int, int]], offset: int) -> bool:
    return any(new_start <= offset < new_end for _, _, new_start, new_end in instructions)


def _struck_or(
    text: str, instructions: Sequence[tuple[int, int, int, int]], offset: int, edit: Edit
) -> Edit:
    """``edit``, or the strike of the instruction whose new words hold ``offset``."""
    return _strike(text, offset, instructions) if _in_new_wording(instructions, offset) else edit


def _strike(text: str, offset: int, instructions: Sequence[tuple[int, int, int, int]] = ()) -> Edit:
    """Strike the sentence holding ``offset`` (the instruction's own sentence for an
    offset in an instruction), with the white space after it."""
    start, end = next(
        ((a, b) for a, b in sentence_spans(text) if a <= offset < b), (offset, offset)
    )
    for i_start, i_end, _, _ in instructions:
        if i_start <= offset < i_end:
            start, end = min(start, i_start), max(end, i_end)
    while end < len(text) and text[end] in " \t":
        end += 1
    if end < len(text) and text[end] == "\n" and (start == 0 or text[start - 1] == "\n"):
        end += 1
    elif end == len(text) or text[end] == "\n":  # last of its line: take the space before
        while start > 0 and text[start - 1] in " \t":
            start -= 1
    return (start, end, "")


def _same_value_edits(
    text: str,
    reading: ValueReading,
    rule: PlaybookRule,
    target: float,
    instructions: Sequence[tuple[int, int, int, int]],
) -> list[Edit]:
    """The same period or amount written elsewhere in the clause, set to ``target`` too."""
    edits: list[Edit] = []
    for term in sentence_numbers(text):
        if (term.start, term.end) == (reading.start, reading.end) or term.unit != reading.unit:
            continue
        if not math.isclose(term.value, _raw_value(reading), rel_tol=1e-9):
            continue
        other = ValueReading(
            value=reading.value, text=term.text, start=term.start, end=term.end, unit=term.unit
        )
        edit = (term.start, term.end, written_value(other, rule.unit, target))
        edits.append(_struck_or(text, instructions, term.start, edit))
    return edits


def _raw_value(reading: ValueReading) -> float:
    """The number as written in ``reading`` (before conversion to the rule's unit)."""
    for term in sentence_numbers(reading.text):
        return term.value
    return reading.value


def apply_edits(text: str, edits: Sequence[Edit]) -> str | None:
    """``text`` with ``edits`` made; an edit inside a wider one is dropped (a strike
    wins over a change inside it); None when two edits overlap otherwise."""
    kept: list[Edit] = []
    for edit in sorted(set(edits), key=lambda e: (e[0], -e[1])):
        if kept and edit[0] < kept[-1][1]:
            if edit[1] <= kept[-1][1]:
                continue  # inside the one before
            return None
        kept.append(edit)
    out: list[str] = []
    position = 0
    for start, end, new in kept:
        out += [text[position:start], new]
        position = end
    out.append(text[position:])
    return "".join(out)
