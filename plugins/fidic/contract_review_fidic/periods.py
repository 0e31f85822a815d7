"""Periods of time as contracts write them ("within 28 days", "forty-two (42) days",
"28天内", "十四个工作日") and calendar arithmetic on them.

Used by the time-bar skill and the Particular Conditions consistency check.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from enum import StrEnum

from contract_review.documents.chinese_numerals import CHINESE_NUMERAL_CHARS, chinese_to_int
from pydantic import BaseModel, ConfigDict, Field


class PeriodUnit(StrEnum):
    """The unit a period is counted in."""

    CALENDAR_DAY = "calendar_day"
    WORKING_DAY = "working_day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


class PeriodMention(BaseModel):
    """One period found in a text."""

    model_config = ConfigDict(frozen=True)

    amount: int = Field(ge=0)
    unit: PeriodUnit
    text: str = Field(description="The period as written, e.g. 'twenty-eight (28) days'.")
    start: int = Field(ge=0, description="Offset of the mention in the scanned text.")
    end: int = Field(ge=0)

    @property
    def approx_calendar_days(self) -> int:
        """The period in calendar days (a working week is 5 of 7 days, a month 30, a year 365)."""
        if self.unit is PeriodUnit.CALENDAR_DAY:
            return self.amount
        if self.unit is PeriodUnit.WORKING_DAY:
            return -(-self.amount * 7 // 5)
        if self.unit is PeriodUnit.WEEK:
            return self.amount * 7
        if self.unit is PeriodUnit.MONTH:
            return self.amount * 30
        return self.amount * 365


_SMALL = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_WORD = "|".join(sorted([*_SMALL, *_TENS, "hundred", "a"], key=len, reverse=True))
_WORD_NUMBER = rf"(?:{_WORD})(?:[\s-]+(?:and[\s-]+)?(?:{_WORD}))*"

_EN_PERIOD = re.compile(
    rf"""
    (?:
        (?P<words>\b{_WORD_NUMBER})\s*\(\s*(?P<paren>\d{{1,4}})\s*\)   # twenty-eight (28)
      | \b(?P<digits>\d{{1,4}})                                         # 28
      | \b(?P<bare>{_WORD_NUMBER})                                      # twenty-eight
    )
    [\s-]*
    (?P<qual>calendar|working|business|clear)?[\s-]*
    (?P<unit>days?|weeks?|months?|years?)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)

_ZH_NUMBER = rf"(?:\d{{1,4}}|[{CHINESE_NUMERAL_CHARS}]{{1,6}})"
_ZH_PERIOD = re.compile(
    rf"""
    (?P<num>{_ZH_NUMBER})\s*
    (?:
        (?:个)?\s*(?P<qual>日历|工作|自然)(?P<qday>日|天)
      | (?P<day>天)
      | (?P<day_ri>日)(?=\s*(?:内|之内|以内|后|之后|以后|前|之前|以前|起|届满|期限))
      | (?:个)?\s*(?P<week>星期|周)
      | 个\s*(?P<month>月)
      | (?P<year>年)(?=\s*(?:内|之内|以内|后|之后|以后|期|届满))
    )
    """,
    re.VERBOSE,
)
# A Chinese date ("2025年12月31日", "12月31日") is not a period.
_ZH_DATE = re.compile(r"\d{2,4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?|\d{1,2}\s*月\s*\d{1,2}\s*日")


def english_number(text: str) -> int | None:
    """The value of an English number written in words ("forty-two" → 42), or None."""
    total = 0
    current = 0
    seen = False
    for word in re.split(r"[\s-]+", text.lower().strip()):
        if not word or word == "and":
            continue
        if word == "a":
            current += 1
        elif word in _SMALL:
            current += _SMALL[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        else:
            return None
        seen = True
    total += current
    return total if seen else None


def _unit_from_english(unit: str, qualifier: str | None) -> PeriodUnit:
    unit = unit.lower().rstrip("s")
    if unit == "day":
        if qualifier and qualifier.lower() in ("working", "business"):
            return PeriodUnit.WORKING_DAY
        return PeriodUnit.CALENDAR_DAY
    return {"week": PeriodUnit.WEEK, "month": PeriodUnit.MONTH}.get(unit, PeriodUnit.YEAR)


def _english_periods(text: str) -> list[PeriodMention]:
    found: list[PeriodMention] = []
    for match in _EN_PERIOD.finditer(text):
        if match.group("paren"):
            amount: int | None = int(match.group("paren"))
        elif match.group("digits"):
            amount = int(match.group("digits"))
        else:
            amount = english_number(match.group("bare"))
            if match.group("bare").lower() == "a":
                amount = 1
        if amount is None:
            continue
        found.append(
            PeriodMention(
                amount=amount,
                unit=_unit_from_english(match.group("unit"), match.group("qual")),
                text=match.group(0).strip(),
                start=match.start(),
                end=match.end(),
            )
        )
    return found


def _chinese_periods(text: str) -> list[PeriodMention]:
    dates = [(m.start(), m.end()) for m in _ZH_DATE.finditer(text)]
    found: list[PeriodMention] = []
    for match in _ZH_PERIOD.finditer(text):
        if any(start < match.end() and match.start() < end for start, end in dates):
            continue
        raw = match.group("num")
        try:
            amount = int(raw) if raw.isdigit() else chinese_to_int(raw)
        except ValueError:
            continue
        if match.group("qual"):
            unit = (
                PeriodUnit.WORKING_DAY if match.group("qual") == "工作" else PeriodUnit.CALENDAR_DAY
            )
        elif match.group("day") or match.group("day_ri"):
            unit = PeriodUnit.CALENDAR_DAY
        elif match.group("week"):
            unit = PeriodUnit.WEEK
        elif match.group("month"):
            unit = PeriodUnit.MONTH
        else:
            if amount >= 100:  # "2025年" is a year, not a period
                continue
            unit = PeriodUnit.YEAR
        found.append(
            PeriodMention(
                amount=amount,
                unit=unit,
                text=match.group(0).strip(),
                start=match.start(),
                end=match.end(),
            )
        )
    return found


def find_periods(text: str) -> list[PeriodMention]:
    """Every period written in ``text`` (English or Chinese), in document order."""
    found = _english_periods(text) + _chinese_periods(text)
    found.sort(key=lambda mention: mention.start)
    kept: list[PeriodMention] = []
    for mention in found:
        if kept and mention.start < kept[-1].end:
            continue  # overlapping reading of the same words
        kept.append(mention)
    return kept


def add_period(start: date, amount: int, unit: PeriodUnit) -> date:
    """The date ``amount`` units after ``start``.

    Working days skip Saturdays and Sundays (public holidays are not known); months and
    years keep the day of month, clamped to the month's last day.
    """
    if unit is PeriodUnit.CALENDAR_DAY:
        return start + timedelta(days=amount)
    if unit is PeriodUnit.WEEK:
        return start + timedelta(weeks=amount)
    if unit is PeriodUnit.WORKING_DAY:
        current = start
        remaining = amount
        while remaining > 0:
            current += timedelta(days=1)
            if current.weekday() < 5:
                remaining -= 1
        return current
    months = amount if unit is PeriodUnit.MONTH else amount * 12
    month_index = start.month - 1 + months
    year = start.year + month_index // 12
    month = month_index % 12 + 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)
