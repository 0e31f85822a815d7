"""Periods as contracts write them: hours in words, a day counted by its place, a month
counted to its end, a period counted from the end of another, and the last working
day of a month, which is no period."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.playbooks.period_wording import in_days, sentence_numbers
from contract_review.text.number_words import english_number_words


def _ordinal_words(n: int) -> str:
    """Our own spelling of an ordinal in words, to write test sentences with."""
    words = english_number_words(n)
    head, _, last = words.rpartition("-") if "-" in words else ("", "", words)
    irregular = {"one": "first", "two": "second", "three": "third", "five": "fifth"}
    irregular |= {"eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
    if last in irregular:
        ordinal = irregular[last]
    elif last.endswith("y"):
        ordinal = last[:-1] + "ieth"
    else:
        ordinal = last + "th"
    return f"{head}-{ordinal}" if head else ordinal


def _suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _periods(text: str) -> list[float]:
    return [round(days, 6) for term in sentence_numbers(text) if (days := in_days(term))]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Objections must reach the Agency within seventy-two hours after dispatch.", [3.0]),
        ("within forty-eight (48) hours of the request", [2.0]),
        ("应在72小时内书面通知", [3.0]),
        ("paid on or before the seventy-fifth (75th) day after the date of receipt", [75.0]),
        ("payable on the 90th day following delivery", [90.0]),
        ("within the tenth business day after receipt", [14.0]),
        ("甲方于入库之日起满三个月后的十五个工作日内付款", [111.0]),
        ("within 15 days after the expiry of 90 days from delivery", [105.0]),
        ("于收到发票之月后的第四个自然月的最后一个工作日前付清", [120.0]),
        ("by the last day of the second calendar month following the invoice", [60.0]),
        ("甲方于收到发票之月的最后一个工作日前付款", []),
        ("on the first day of the month", []),
        ("notified before the sixth anniversary of the Completion Date", [2160.0]),
        ("before the 2nd anniversary of Closing", [720.0]),
        ("索赔应于交割日满三周年前提出", [1080.0]),
        ("on the anniversary of the Completion Date", []),
    ],
)
def test_periods_in_other_wordings(text: str, days: list[float]) -> None:
    assert _periods(text) == days


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=1, max_value=365), words=st.booleans())
def test_a_day_counted_by_its_place_is_that_many_days(n: int, words: bool) -> None:
    place = f"{_ordinal_words(n)} ({n}{_suffix(n)})" if words else f"{n}{_suffix(n)}"
    text = f"The Buyer shall pay on or before the {place} day after receiving the invoice."
    assert _periods(text) == [float(n)]


@settings(max_examples=60, deadline=None)
@given(
    months=st.integers(min_value=1, max_value=12),
    days=st.integers(min_value=1, max_value=90),
    working=st.booleans(),
)
def test_a_period_counted_from_the_end_of_another_adds_them(
    months: int, days: int, working: bool
) -> None:
    unit = "个工作日" if working else "日"
    text = f"甲方于货物入库之日起满{int_to_chinese(months)}个月后的{int_to_chinese(days)}{unit}内付款。"
    expected = months * 30 + days * (7 / 5 if working else 1)
    assert _periods(text) == [round(expected, 6)]
