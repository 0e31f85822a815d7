"""The edit a playbook rule proposes: the clause text with the offending number set to
the limit, a matched phrase replaced, or a sentence added.

Only the redlined span changes: ``after == before[:start] + new + before[end:]``, so the
diff (:func:`contract_review.review.diffs.suggested_change`) shows exactly the change.
A number keeps the way it is written: ``fourteen (14) days`` becomes ``twenty-eight
(28) days``, ``十四天`` becomes ``二十八天``; a number in another unit (``two weeks``
against a rule in days) is rewritten whole (``28 days``).
"""

from __future__ import annotations

import re

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS, int_to_chinese
from ..skills.generic.number_words import ENGLISH_NUMBER_WORDS, english_number_value
from .rule_matching import RuleHit
from .rule_models import PlaybookRule, ValueUnit
from .value_reading import ValueReading

__all__ = ["english_number_words", "has_chinese", "redlined_text", "written_value"]

_CJK = re.compile(r"[\u3400-\u9fff]")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_WORD = "|".join(sorted(ENGLISH_NUMBER_WORDS, key=len, reverse=True))
_WORDS = re.compile(rf"\b(?:{_WORD})\b(?:(?:\s+and\s+|[\s-]+)\b(?:{_WORD})\b)*", re.IGNORECASE)
_CHINESE = re.compile(f"[{CHINESE_NUMERAL_CHARS}]+")
_WORD_OF: dict[int, str] = {}
for _word in ENGLISH_NUMBER_WORDS:
    _value = english_number_value(_word)
    if _value is not None:
        _WORD_OF.setdefault(_value, _word)
# Units a value written in another unit is rewritten in.
_EN_UNITS: dict[str, str] = {"day": "days", "month": "months", "year": "years", "percent": "%"}
_ZH_UNITS: dict[str, str] = {"day": "日", "month": "个月", "year": "年", "percent": "%"}


def has_chinese(text: str) -> bool:
    """True when ``text`` holds Chinese characters."""
    return _CJK.search(text) is not None


def english_number_words(n: int) -> str:
    """``n`` (0..999,999) in English words: 28 → ``twenty-eight``, 120 → ``one hundred
    and twenty``."""
    if not 0 <= n < 1_000_000:
        raise ValueError(f"{n} is outside 0..999999")
    if n < 20:
        return _WORD_OF[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _WORD_OF[tens * 10] + (f"-{_WORD_OF[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = f"{_WORD_OF[hundreds]} hundred"
        return head + (f" and {english_number_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{english_number_words(thousands)} thousand"
    return head + (f" {english_number_words(rest)}" if rest else "")


def _digits(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def _same_case(new: str, old: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def written_value(reading: ValueReading, rule_unit: ValueUnit | None, value: float) -> str:
    """``reading``'s text with ``value`` written in its place, in the same style."""
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


def redlined_text(rule: PlaybookRule, text: str, hit: RuleHit | None) -> str | None:
    """``text`` as ``rule``'s redline changes it at ``hit`` (the first place the rule
    fired; None for an absent rule); None when the rule proposes no edit or the edit
    would change nothing."""
    redline = rule.redline
    if redline is None:
        return None
    if redline.kind == "append":
        words = redline.words(has_chinese(text))
        stripped = text.rstrip()
        joiner = "" if has_chinese(words) or not stripped else " "
        after = stripped + joiner + words + text[len(stripped) :]
    elif hit is None:
        return None
    elif redline.kind == "replace_match":
        words = redline.words(has_chinese(hit.matched))
        after = text[: hit.start] + words + text[hit.end :]
    else:
        reading = hit.value
        target = redline.value if redline.value is not None else rule.threshold
        if reading is None or target is None:
            return None
        new = written_value(reading, rule.unit, target)
        after = text[: reading.start] + new + text[reading.end :]
    return None if after == text else after
