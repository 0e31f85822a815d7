"""Periods as contracts write them, read from one sentence.

:func:`~contract_review.skills.generic.financial_terms.find_financial_terms` reads
"fourteen (14) days", "two weeks", "60个工作日". This module adds the forms it does not
read: hours ("seventy-two hours", 72小时), periods named without units ("a fortnight",
半个月, 半年), periods counted to a later month ("the last day of the fourth calendar
month following the invoice", 收到发票之月后的第四个自然月), a day counted by its place
("on or before the seventy-fifth (75th) day after receipt", 之日起第七十五日), and a
period counted from the end of another ("满三个月后的十五个工作日内" is three months and
fifteen working days), and a period counted to an anniversary ("before the sixth
anniversary of Completion", 满三周年). "最后一个工作日" is the last working day of a month, not
a period.
"""

from __future__ import annotations

import re

from ..skills.generic.financial_terms import FinancialTerm, find_financial_terms
from ..text.number_words import chinese_amount_value, english_number_value

__all__ = ["DAYS", "in_days", "parse_number", "sentence_numbers"]

_FLAGS = re.IGNORECASE

_HOURS = re.compile(
    r"(?:(?P<words>[a-z]+(?:[- ][a-z]+)?)\s+\()?"
    r"(?P<num>\d+|[一二三四五六七八九十两]{1,4}|\b[a-z]+(?:-[a-z]+)?)\)?\s*"
    r"(?:hours?\b|hrs?\b|个?小时)",
    _FLAGS,
)

# A period counted to the end of a later month: "the last day of the fourth calendar
# month following the month of invoice", "the end of the third month after delivery",
# "the 15th day of the second month following" (the month itself; at least that many
# months pass).
_MONTH_END = re.compile(
    r"\b(?:day|end)\s+of\s+the\s+(?P<period>(?:(?P<ord>first|second|third|[a-z]+th|"
    r"\d{1,2}(?:st|nd|rd|th))\s+)?(?:full\s+)?(?:calendar\s+)?month)"
    r"(?=\s+(?:following|after|from|next\s+following)\b)",
    _FLAGS,
)

# The Chinese form: 收到发票之月后的第四个自然月(的最后一个工作日) is four months.
_MONTH_END_ZH = re.compile(
    r"(?<=月)(?:之)?后的?(?P<period>第(?P<ord>[一二三四五六七八九十]{1,3}|\d{1,2})个?"
    r"(?:自然|日历|公历)?月)"
)

# Periods written without a number of units: "a fortnight", "two fortnights", 半个月, 半年.
_NAMED_PERIODS = re.compile(
    r"\b(?P<count>a|\d+|[a-z]+(?:-[a-z]+)?)\s+fortnights?\b|(?P<half>半个?月|半年)", _FLAGS
)
_HALVES: dict[str, tuple[float, str]] = {
    "半个月": (15, "day"),
    "半月": (15, "day"),
    "半年": (6, "month"),
}

# A day counted by its place: "the seventy-fifth (75th) day after", "the 90th day
# following", 之日起第七十五日.
_ORDINAL_DAY = re.compile(
    r"\b(?:(?P<words>[a-z]+(?:-[a-z]+)?)\s+\()?(?P<num>\d{1,3}(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)"
    r"\)?\s+(?P<unit>(?:calendar\s+)?day|(?:business|working)\s+day)\b"
    r"(?=\s+(?:after|following|from)\b)"
    r"|第(?P<zh>\d{1,3}|[一二三四五六七八九十百]{1,5})(?:个)?(?P<zhunit>工作日|日|天)",
    _FLAGS,
)
# A period counted to an anniversary: "before the sixth anniversary of Completion" is six
# years, "the 2nd anniversary" two; 交割日满三周年, 第二个周年日.
_ANNIVERSARY = re.compile(
    r"\b(?P<num>\d{1,2}(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)\s+anniversary\b"
    r"|(?:满|第)(?P<zh>\d{1,2}|[一二三四五六七八九十]{1,3})(?:个)?周年",
    _FLAGS,
)
_ORDINAL_WORDS = {
    "first": "one",
    "second": "two",
    "third": "three",
    "fifth": "five",
    "eighth": "eight",
    "ninth": "nine",
    "twelfth": "twelve",
}

# Between two periods, words that count the second from the end of the first:
# 满三个月后的十五个工作日内; "within 15 days after the expiry of (a period of) 90 days".
_THEN_ZH = re.compile(r"\s*(?:之后|以后|后)的?\s*")
_AFTER_END_EN = re.compile(
    r"\s+(?:after|following|from)\s+(?:the\s+)?(?:expiry|end|lapse|expiration)\s+of\s+"
    r"(?:a\s+|the\s+)?(?:period\s+of\s+)?",
    _FLAGS,
)

#: Days in each period unit (a year counts 360 days, so 12 months make a year).
DAYS: dict[str, float] = {
    "hour": 1 / 24,
    "day": 1.0,
    "working_day": 7 / 5,
    "week": 7.0,
    "month": 30.0,
    "year": 360.0,
}


#: Multiples written as words ("an amount equal to twice the Issue Price").
_MULTIPLES: dict[str, float] = {"once": 1.0, "twice": 2.0, "thrice": 3.0}


def parse_number(raw: str) -> float | None:
    """A number as contracts write it: ``1,000``, ``28.5``, ``twenty-eight``, ``二十八``,
    and a multiple as a count (``twice`` the price is 2 times it)."""
    cleaned = raw.replace(",", "").strip()
    if cleaned.lower() in _MULTIPLES:
        return _MULTIPLES[cleaned.lower()]
    try:
        return float(cleaned)
    except ValueError:
        pass
    words = english_number_value(cleaned)
    if words is not None:
        return float(words)
    return chinese_amount_value(cleaned)


def in_days(term: FinancialTerm) -> float | None:
    """``term``'s length in days, or None when it is not a period."""
    if term.kind != "period" or term.unit not in DAYS:
        return None
    return term.value * DAYS[term.unit]


def sentence_numbers(text: str) -> list[FinancialTerm]:
    """Every amount, percentage and period of ``text`` (one sentence), in order."""
    anniversaries = _anniversaries(text)
    terms = sorted(
        [
            *(
                term
                for term in find_financial_terms(text)
                if not _is_position(text, term)
                and not any(a.start <= term.start < a.end for a in anniversaries)
            ),
            *_hours(text),
            *_months_to_month_end(text),
            *_named_periods(text),
            *_ordinal_days(text),
            *anniversaries,
        ],
        key=lambda term: term.start,
    )
    return _counted_on(text, terms)


def _period(match: re.Match[str], value: float, unit: str, group: int | str = 0) -> FinancialTerm:
    """The period ``match`` (its ``group``) writes: ``value`` ``unit``s."""
    return FinancialTerm(
        kind="period",
        text=match.group(group),
        value=value,
        unit=unit,
        start=match.start(group),
        end=match.end(group),
    )


def _hours(text: str) -> list[FinancialTerm]:
    """Periods in hours ("48 hours", "forty-eight (48) hours", "seventy-two hours",
    "72小时"), which
    :func:`find_financial_terms` does not read."""
    terms: list[FinancialTerm] = []
    for match in _HOURS.finditer(text):
        value = parse_number(match.group("num"))
        if value is not None:
            terms.append(_period(match, value, "hour"))
    return terms


def _months_to_month_end(text: str) -> list[FinancialTerm]:
    """Periods counted to a later month ("the last day of the fourth calendar month
    following ..." is 4 months, so is 收到发票之月后的第四个自然月), which
    :func:`find_financial_terms` does not read."""
    terms: list[FinancialTerm] = []
    for match in [*_MONTH_END.finditer(text), *_MONTH_END_ZH.finditer(text)]:
        ordinal = (match.group("ord") or "first").casefold()
        months = _ordinal_value(ordinal) or parse_number(ordinal)
        if months is None:
            continue
        terms.append(_period(match, float(months), "month", "period"))
    return terms


def _named_periods(text: str) -> list[FinancialTerm]:
    """Periods named without units ("a fortnight" is 14 days, 半个月 15 days, 半年 six
    months), which :func:`find_financial_terms` does not read."""
    terms: list[FinancialTerm] = []
    for match in _NAMED_PERIODS.finditer(text):
        if match.group("half"):
            value, unit = _HALVES[match.group("half")]
        else:
            count = match.group("count").casefold()
            number = 1 if count == "a" else parse_number(count)
            if number is None:
                continue
            value, unit = 14 * number, "day"
        terms.append(_period(match, float(value), unit))
    return terms


def _is_position(text: str, term: FinancialTerm) -> bool:
    """True when ``term`` names a day's place, not a length: 最后一个工作日 is the last
    working day (of a month), not one working day."""
    return term.kind == "period" and text[max(0, term.start - 2) : term.start] == "最后"


def _ordinal_days(text: str) -> list[FinancialTerm]:
    """Days counted by their place: "the seventy-fifth (75th) day after receipt" is 75
    days, 之日起第七十五日 too."""
    terms: list[FinancialTerm] = []
    for match in _ORDINAL_DAY.finditer(text):
        if match.group("zh"):
            number, unit = parse_number(match.group("zh")), match.group("zhunit")
            unit = "working_day" if unit == "工作日" else "day"
        else:
            number = _ordinal_value(match.group("num"))
            working = re.match(r"business|working", match.group("unit"), _FLAGS)
            unit = "working_day" if working else "day"
        if number is None:
            continue
        terms.append(_period(match, number, unit))
    return terms


def _anniversaries(text: str) -> list[FinancialTerm]:
    """Periods counted to an anniversary ("the sixth anniversary of the Completion
    Date" is six years; 满三周年 three)."""
    terms: list[FinancialTerm] = []
    for match in _ANNIVERSARY.finditer(text):
        zh = match.group("zh")
        number = parse_number(zh) if zh else _ordinal_value(match.group("num"))
        if number is None or number <= 0:
            continue
        terms.append(_period(match, number, "year"))
    return terms


def _ordinal_value(word: str) -> float | None:
    """The number an ordinal names: "75th", "seventy-fifth" and "ninetieth" are 75, 75, 90;
    None for a word that is no ordinal."""
    word = word.casefold()
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", word):
        return float(word[:-2])
    head, _, last = word.rpartition("-")
    if last in _ORDINAL_WORDS:
        cardinal = _ORDINAL_WORDS[last]
    elif last.endswith("ieth"):
        cardinal = last[:-4] + "y"
    elif last.endswith("th"):
        cardinal = last[:-2]
    else:
        return None
    return parse_number(f"{head}-{cardinal}" if head else cardinal)


def _counted_on(text: str, terms: list[FinancialTerm]) -> list[FinancialTerm]:
    """``terms`` with each period that is counted from the end of the one next to it
    joined to it: 满三个月后的十五个工作日内 is one period of 90 + 21 days."""
    joined: list[FinancialTerm] = []
    for term in terms:
        last = joined[-1] if joined else None
        if last is not None and _continues(text, last, term):
            days = (in_days(last) or 0.0) + (in_days(term) or 0.0)
            joined[-1] = FinancialTerm(
                kind="period",
                text=text[last.start : term.end],
                value=days,
                unit="day",
                start=last.start,
                end=term.end,
            )
        else:
            joined.append(term)
    return joined


def _continues(text: str, first: FinancialTerm, second: FinancialTerm) -> bool:
    """True when ``second`` is counted from the end of ``first`` (or, in English, the
    other way round: "15 days after the expiry of 90 days")."""
    if in_days(first) is None or in_days(second) is None or second.start < first.end:
        return False
    between = text[first.end : second.start]
    return bool(_THEN_ZH.fullmatch(between) or _AFTER_END_EN.fullmatch(between))
