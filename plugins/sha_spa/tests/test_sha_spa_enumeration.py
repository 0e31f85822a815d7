"""Splitting clauses into enumerated items, and finding dates."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review_sha_spa.dates import find_dates
from contract_review_sha_spa.enumeration import split_enumeration


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("Conditions:\n(a) one;\n(b) two; and\n(c) three.", ["(a)", "(b)", "(c)"]),
        ("The Seller warrants that: (a) one; (b) two; and (c) three.", ["(a)", "(b)", "(c)"]),
        ("Subject to:\n(i) one;\n(ii) two;\n(iii) three.", ["(i)", "(ii)", "(iii)"]),
        ("条件如下：\n（一）甲；\n（二）乙；\n（三）丙。", ["（一）", "（二）", "（三）"]),
        ("条件如下：\n一、甲；\n二、乙。", ["一、", "二、"]),
        ("Conditions:\n1. one;\n2. two.", ["1.", "2."]),
        ("条件如下：①甲；②乙。", ["①", "②"]),
    ],
)
def test_marker_families(text: str, labels: list[str]) -> None:
    assert [item.label for item in split_enumeration(text).items] == labels


def test_nested_items_stay_in_their_parent() -> None:
    result = split_enumeration(
        "Conditions:\n(a) approvals, namely:\n(i) merger control; and\n(ii) FDI;\n(b) consents."
    )
    assert [item.label for item in result.items] == ["(a)", "(b)"]
    assert "(ii) FDI" in result.items[0].text
    assert result.items[1].text == "consents"


def test_references_are_not_items() -> None:
    text = "The Buyer may waive the condition in Clause 3.1(b) or (c)."
    assert split_enumeration(text).items == []


def test_lead_in_and_tail() -> None:
    result = split_enumeration("Completion requires:\n(a) one;\n(b) two.\nThe Buyer may waive (b).")
    assert result.lead_in == "Completion requires:"
    assert result.tail == "The Buyer may waive (b)."


@settings(deadline=None, max_examples=30)
@given(
    items=st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=3, max_size=30)
        .map(str.strip)
        .filter(lambda body: bool(body) and body.split()[-1] not in ("and", "or")),
        min_size=2,
        max_size=8,
    )
)
def test_split_recovers_generated_lists(items: list[str]) -> None:
    letters = "abcdefgh"
    text = "The conditions are:\n" + "\n".join(
        f"({letters[i]}) {body};" for i, body in enumerate(items)
    )
    result = split_enumeration(text)
    assert [item.text for item in result.items] == [" ".join(body.split()) for body in items]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("by 31 December 2025", date(2025, 12, 31)),
        ("by December 31, 2025", date(2025, 12, 31)),
        ("by 2025-12-31", date(2025, 12, 31)),
        ("于2025年12月31日前", date(2025, 12, 31)),
        ("于二〇二五年十二月三十一日前", date(2025, 12, 31)),
    ],
)
def test_dates(text: str, expected: date) -> None:
    assert [mention.value for mention in find_dates(text)] == [expected]


def test_invalid_dates_are_skipped() -> None:
    assert find_dates("31 February 2025") == []
