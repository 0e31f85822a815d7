"""``fidic_calculate_time_bar`` on English and Chinese claim clauses."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review_fidic.periods import PeriodUnit, add_period
from contract_review_fidic.time_bar import TimeBarInput, TimeBarKind, calculate_time_bar

CLAIM_EN = (
    "If the Contractor considers that it is entitled to an extension of time, it shall give "
    "notice to the Employer not later than 28 days after the Contractor became aware, or "
    "should have become aware, of the event or circumstance. If the Contractor fails to give "
    "notice within such period of 28 days, the Contractor shall not be entitled to additional "
    "payment.\n"
    "Within 42 days after the Contractor became aware of the event, the Contractor shall send "
    "a fully detailed claim.\n"
    "Within forty-two (42) days after receiving a claim, the Employer shall respond with "
    "approval or disapproval."
)
CLAIM_ZH = (
    "承包商应在察觉或应已察觉该事件或情况后14天内向雇主发出索赔通知。"
    "承包商应在察觉该事件后42天内提交详细索赔报告。"
    "如承包商未能在上述期限内发出通知，则丧失索赔权利。"
    "雇主应在收到详细索赔后42日内答复。"
)


def test_english_claim_clause() -> None:
    out = calculate_time_bar(
        TimeBarInput(clause_id="20.1", clause_text=CLAIM_EN, event_date=date(2024, 1, 10))
    )
    kinds = [(bar.kind, bar.amount) for bar in out.time_bars]
    assert kinds == [
        (TimeBarKind.NOTICE, 28),
        (TimeBarKind.DETAILED_CLAIM, 42),
        (TimeBarKind.RESPONSE, 42),
    ]
    notice, claim, response = out.time_bars
    assert "became aware" in notice.trigger
    assert notice.deadline == date(2024, 2, 7)
    assert claim.deadline == date(2024, 2, 21)
    assert not response.runs_from_event and response.deadline is None
    assert out.shortest_notice_days == 28
    assert not out.below_standard
    assert out.forfeiture
    assert out.earliest_deadline == date(2024, 2, 7)


def test_chinese_claim_clause_flags_short_notice() -> None:
    out = calculate_time_bar(
        TimeBarInput(clause_id="20.1", clause_text=CLAIM_ZH, event_date=date(2024, 1, 10))
    )
    kinds = [(bar.kind, bar.amount) for bar in out.time_bars]
    assert kinds == [
        (TimeBarKind.NOTICE, 14),
        (TimeBarKind.DETAILED_CLAIM, 42),
        (TimeBarKind.RESPONSE, 42),
    ]
    assert out.time_bars[0].shorter_than_standard
    assert "察觉" in out.time_bars[0].trigger
    assert out.time_bars[0].deadline == date(2024, 1, 24)
    assert out.below_standard
    assert out.shortest_notice_days == 14
    assert out.forfeiture


def test_working_days_skip_weekends_and_warn() -> None:
    text = "The Contractor shall give notice within 10 working days after the event."
    out = calculate_time_bar(
        TimeBarInput(clause_id="8.2", clause_text=text, event_date=date(2024, 3, 1))
    )
    (bar,) = out.time_bars
    assert bar.unit is PeriodUnit.WORKING_DAY
    assert bar.deadline == date(2024, 3, 15)  # Friday + 10 working days
    assert bar.shorter_than_standard  # 14 calendar days
    assert any("weekends" in warning for warning in out.warnings)


def test_clause_looked_up_in_document_when_no_text_given() -> None:
    document = parse_text(
        "20 Claims\n\n20.1 Contractor's Claims\nThe Contractor shall give notice within 21 days "
        "after becoming aware of the event.\n\n20.2 Disputes\nDisputes go to the board within 84 days.\n",
        name="contract.txt",
    )
    out = calculate_time_bar(TimeBarInput(clause_id="20.1", document_structure=document))
    assert [bar.amount for bar in out.time_bars] == [21]
    assert out.below_standard


def test_no_text_is_a_warning_not_an_error() -> None:
    out = calculate_time_bar(TimeBarInput(clause_id="20.1"))
    assert out.time_bars == []
    assert out.warnings


def test_period_without_time_bar_wording_is_ignored() -> None:
    out = calculate_time_bar(
        TimeBarInput(clause_id="11.1", clause_text="The Defects Notification Period is 365 days.")
    )
    assert out.time_bars == []


@settings(deadline=None, max_examples=25)
@given(
    days=st.integers(min_value=1, max_value=400), event=st.dates(date(2000, 1, 1), date(2090, 1, 1))
)
def test_deadline_is_event_plus_calendar_days(days: int, event: date) -> None:
    text = f"The Contractor shall give notice within {days} days after becoming aware of the event."
    out = calculate_time_bar(TimeBarInput(clause_id="20.1", clause_text=text, event_date=event))
    (bar,) = out.time_bars
    assert bar.deadline == event + timedelta(days=days)
    assert bar.shorter_than_standard is (days < 28)


@settings(deadline=None, max_examples=25)
@given(start=st.dates(date(2000, 1, 1), date(2090, 1, 1)), months=st.integers(0, 36))
def test_adding_months_keeps_day_or_clamps(start: date, months: int) -> None:
    end = add_period(start, months, PeriodUnit.MONTH)
    assert (end.year * 12 + end.month) - (start.year * 12 + start.month) == months
    assert end.day == start.day or end.day < start.day
