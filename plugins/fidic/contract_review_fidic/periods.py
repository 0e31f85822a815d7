"""Periods of time in a clause ("within 28 days", "forty-two (42) days", "28天内",
"十四个工作日") and calendar arithmetic on them.

Finding the periods is core's job (:func:`contract_review.skills.generic.financial_terms.find_financial_terms`);
this module turns them into calendar days and deadlines.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from contract_review.skills.generic.financial_terms import FinancialTerm, find_financial_terms


class PeriodUnit(StrEnum):
    """The unit a period is counted in (core's financial-term units for periods)."""

    DAY = "day"
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
    def calendar_days(self) -> int:
        """The period in calendar days (approximate for working days, months and years)."""
        return calendar_days(self.amount, self.unit)


def _mention(term: FinancialTerm) -> PeriodMention:
    return PeriodMention(
        amount=round(term.value),
        unit=PeriodUnit(term.unit),
        text=term.text,
        start=term.start,
        end=term.end,
    )


def find_periods(text: str) -> list[PeriodMention]:
    """Every period written in ``text`` (English or Chinese), in text order."""
    return [_mention(term) for term in find_financial_terms(text) if term.kind == "period"]


def calendar_days(amount: int, unit: PeriodUnit) -> int:
    """``amount`` units in calendar days: a working week is 5 of 7 days, a month 30
    days, a year 365 days."""
    if unit is PeriodUnit.DAY:
        return amount
    if unit is PeriodUnit.WORKING_DAY:
        return -(-amount * 7 // 5)
    if unit is PeriodUnit.WEEK:
        return amount * 7
    if unit is PeriodUnit.MONTH:
        return amount * 30
    return amount * 365


def add_period(start: date, amount: int, unit: PeriodUnit) -> date:
    """The date ``amount`` units after ``start``.

    Working days skip Saturdays and Sundays (public holidays are not known); months and
    years keep the day of month, clamped to the month's last day.
    """
    if unit is PeriodUnit.DAY:
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
