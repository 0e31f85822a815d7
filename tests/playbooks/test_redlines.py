"""Redlines change only the redlined span, and write numbers the way the clause does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.playbooks.drafting_slots import DraftingSlots
from contract_review.playbooks.redlines import has_chinese, redlined_text, written_value
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import PlaybookRule, Redline
from contract_review.playbooks.value_reading import ValueReading
from contract_review.review.diffs import suggested_change
from contract_review.text.number_words import english_number_words

REPLACE_VALUE = PlaybookRule(
    rule_id="notice",
    clause_id="20.1",
    description="d",
    patterns=(r"\bnotice\b", "通知"),
    threshold=28,
    comparison="lt",
    unit="day",
    redline=Redline(kind="replace_value"),
)
REPLACE_MATCH = PlaybookRule(
    rule_id="fit",
    clause_id="4.1",
    description="d",
    patterns=(r"fit\s+for\s+any\s+purpose", "任何用途"),
    redline=Redline(kind="replace_match", text="fit for the stated purposes", text_zh="约定用途"),
)
APPEND = PlaybookRule(
    rule_id="cap",
    clause_id="17.6",
    description="d",
    patterns=("shall not exceed", "不超过"),
    when="absent",
    redline=Redline(kind="append", text="Liability is capped.", text_zh="责任以合同价为限。"),
)

_FILLER = st.text(
    alphabet=st.sampled_from(list("abc XYZ,;()\n—甲乙方的和。")), min_size=0, max_size=40
)


def _only_span_changed(before: str, after: str, start: int, end: int) -> None:
    """``after`` is ``before`` with ``before[start:end]`` replaced, nothing else."""
    assert after.startswith(before[:start])
    assert after.endswith(before[end:])
    assert len(after) >= start + len(before) - end


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=27),
    style=st.integers(min_value=0, max_value=3),
    head=_FILLER,
    tail=_FILLER,
)
def test_value_redline_changes_only_the_number(n: int, style: int, head: str, tail: str) -> None:
    written = [
        f"{n} days",
        f"{english_number_words(n)} ({n}) days",
        f"{int_to_chinese(n)}天",
        f"{n}个日历日",
    ][style]
    sentence = "乙方应在{}内发出通知" if style >= 2 else "Notice shall be given within {}"
    before = f"{head}. {sentence.format(written)}. {tail}"
    [hit, *_] = find_hits(REPLACE_VALUE, before)
    assert hit.value is not None
    after = redlined_text(REPLACE_VALUE, before, [hit])
    assert after is not None and after != before
    _only_span_changed(before, after, hit.value.start, hit.value.end)
    assert find_hits(REPLACE_VALUE, after) == []  # the redlined clause meets the standard
    change = suggested_change(before, after)
    assert change.diff


@settings(max_examples=40, deadline=None)
@given(head=_FILLER, tail=_FILLER, chinese=st.booleans())
def test_match_and_append_redlines_change_only_their_span(
    head: str, tail: str, chinese: bool
) -> None:
    phrase = "货物应适用于任何用途" if chinese else "the goods shall be fit for any purpose"
    before = f"{head} {phrase} {tail}"
    [hit] = find_hits(REPLACE_MATCH, before)
    after = redlined_text(REPLACE_MATCH, before, [hit])
    assert after is not None
    _only_span_changed(before, after, hit.start, hit.end)
    assert ("约定用途" if chinese else "fit for the stated purposes") in after
    appended = redlined_text(APPEND, before, ())
    assert appended is not None
    end = len(before.rstrip())
    _only_span_changed(before, appended, end, end)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("fourteen (14) days", "twenty-eight (28) days"),
        ("Fourteen days", "Twenty-eight days"),
        ("十四天", "二十八天"),
        ("14 days", "28 days"),
        ("two weeks", "28 days"),
        ("10个工作日", "28日"),
    ],
)
def test_numbers_keep_their_style(written: str, expected: str) -> None:
    text = f"Notice within {written}." if written.isascii() else f"应在{written}内通知。"
    [hit] = find_hits(REPLACE_VALUE, text)
    assert redlined_text(REPLACE_VALUE, text, [hit]) == text.replace(written, expected)


def test_no_redline_without_an_edit() -> None:
    rule = REPLACE_VALUE.model_copy(update={"redline": None})
    [hit] = find_hits(rule, "Notice within 7 days.")
    assert redlined_text(rule, "Notice within 7 days.", [hit]) is None
    assert redlined_text(REPLACE_MATCH, "anything", ()) is None


def test_a_period_is_changed_wherever_the_clause_repeats_it() -> None:
    text = (
        "Notice shall be given within fourteen (14) days. If no notice is given within "
        "the period of fourteen (14) days, the claim is lost; a reply is due in 30 days."
    )
    hits = find_hits(REPLACE_VALUE, text)
    after = redlined_text(REPLACE_VALUE, text, hits)
    assert after is not None
    assert after.count("twenty-eight (28) days") == 2 and "fourteen" not in after
    assert "30 days" in after


def test_a_term_brought_in_by_an_amendment_is_undone_by_striking_it() -> None:
    text = 'Sub-Clause 14.7\nIn this Sub-Clause, replace "56 days" with "90 days".'
    rule = REPLACE_VALUE.model_copy(
        update={"patterns": ("within|with",), "threshold": 56.0, "comparison": "gt"}
    )
    hits = find_hits(rule, text)
    after = redlined_text(rule, text, hits)
    assert after is not None and "replace" not in after


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "zero"),
        (7, "seven"),
        (28, "twenty-eight"),
        (56, "fifty-six"),
        (90, "ninety"),
        (120, "one hundred and twenty"),
        (1005, "one thousand five"),
    ],
)
def test_english_number_words(n: int, words: str) -> None:
    assert english_number_words(n) == words


@pytest.mark.parametrize(
    ("written", "unit", "limit", "expected"),
    [
        ("sixth anniversary", "month", 24, "second anniversary"),
        ("Sixth anniversary", "year", 2, "Second anniversary"),
        ("7th anniversary", "month", 36, "3rd anniversary"),
        ("满五周年", "month", 24, "满二周年"),
    ],
)
def test_a_period_counted_to_an_anniversary_is_rewritten_as_one(
    written: str, unit: str, limit: float, expected: str
) -> None:
    """ "before the sixth anniversary of Completion" capped at 24 months reads "before
    the second anniversary of Completion", not "before the 24 months of Completion"."""
    reading = ValueReading(value=72, text=written, start=0, end=len(written), unit="year")
    assert written_value(reading, unit, limit) == expected  # type: ignore[arg-type]


def _uncapped_penalty_rule() -> PlaybookRule:
    from contract_review.playbooks.playbook_loading import term_library
    from contract_review.playbooks.term_library import expand_uses

    raw = {
        "rule_id": "delay_damages_without_limit",
        "clause_id": "8.2",
        "description": "Delay damages have no maximum.",
        "uses": "penalty_without_limit",
        "category": "uncapped_penalty",
    }
    return PlaybookRule.model_validate(expand_uses(raw, term_library()))


_EN_SLOTS = DraftingSlots(
    chinese=False,
    contract="Contract",
    price="the Contract Price",
    party="the Contractor",
    other="the Employer",
)
_ZH_SLOTS = DraftingSlots(
    chinese=True, contract="本合同", price="合同价款", party="乙方", other="甲方"
)


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        (
            "The Contractor shall pay delay damages of 0.1% of the Contract Price per day, "
            "without any maximum amount or limit, until the Works are completed.",
            "The Contractor shall pay delay damages of 0.1% of the Contract Price per day, "
            "until the Works are completed. The total",
        ),
        (
            "Delay damages accrue at 0.1% per day with no cap.",
            "Delay damages accrue at 0.1% per day. The total",
        ),
        (
            "Delay damages of 0.1% per day are payable. Delay damages shall not be capped.",
            "Delay damages of 0.1% per day are payable. The total",
        ),
        (
            "乙方逾期交付的，每逾期一日按合同价款的千分之一支付违约金，不设上限。",
            "乙方逾期交付的，每逾期一日按合同价款的千分之一支付违约金。上述违约金",
        ),
        (
            "乙方逾期交付的，每逾期一日按合同价款的千分之一支付违约金。违约金总额上不封顶。",
            "乙方逾期交付的，每逾期一日按合同价款的千分之一支付违约金。上述违约金",
        ),
    ],
)
def test_a_cap_added_to_a_clause_that_says_there_is_none_strikes_those_words(
    before: str, expected: str
) -> None:
    """A partner reading "without any maximum ... The total ... shall not exceed 10%"
    sees a clause that contradicts itself: the words saying there is no limit go, the
    rest of their sentence (the rate) stands, and the cap is added once."""
    rule = _uncapped_penalty_rule()
    slots = _ZH_SLOTS if has_chinese(before) else _EN_SLOTS
    hits = find_hits(rule, before)
    assert hits
    after = redlined_text(rule, before, hits, slots=slots)
    assert after is not None
    assert after.startswith(expected), after
    cap = "不超过合同价款的百分之十" if slots.chinese else "shall not exceed ten per cent"
    assert after.count(cap) == 1
    assert find_hits(rule, after) == []  # nothing says "no limit" any more


@settings(max_examples=40, deadline=None)
@given(head=_FILLER, tail=_FILLER)
def test_striking_the_no_limit_words_changes_nothing_else(head: str, tail: str) -> None:
    rule = _uncapped_penalty_rule()
    before = f"{head}. Delay damages are payable at 0.1% per day without any limit. {tail}"
    hits = [h for h in find_hits(rule, before) if h.matched.startswith("without")]
    assert hits
    after = redlined_text(rule, before, hits, slots=_EN_SLOTS)
    assert after is not None
    at = before.index(" without any limit")
    assert after.startswith(before[:at] + ". ")
    assert before[at + len(" without any limit") :].rstrip() in after
