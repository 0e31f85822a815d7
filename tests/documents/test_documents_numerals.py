"""Chinese numerals, roman numerals, dotted numbers and clause references."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import chinese_to_int, int_to_chinese
from contract_review.documents.model import SectionKind
from contract_review.documents.numbering import (
    ClauseReference,
    int_to_roman,
    parse_clause_reference,
    parse_dotted,
    roman_to_int,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("一", 1),
        ("九", 9),
        ("十", 10),
        ("十四", 14),
        ("二十", 20),
        ("一百", 100),
        ("一百零五", 105),
        ("一百一十", 110),
        ("一百三十三", 133),
        ("四百六十三", 463),
        ("一千零一", 1001),
        ("一千二百六十", 1260),
        ("两千", 2000),
        ("一万", 10_000),
        ("一万零一十", 10_010),
        ("九万九千九百九十九", 99_999),
        ("二〇二四", 2024),
        ("零", 0),
    ],
)
def test_chinese_to_int(text: str, value: int) -> None:
    assert chinese_to_int(text) == value


@pytest.mark.parametrize("text", ["", "abc", "十十", "百", "零十", "万", "一万万", "第十", "14"])
def test_chinese_to_int_rejects_non_numerals(text: str) -> None:
    with pytest.raises(ValueError, match="not a Chinese numeral"):
        chinese_to_int(text)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1, "一"),
        (10, "十"),
        (14, "十四"),
        (20, "二十"),
        (110, "一百一十"),
        (463, "四百六十三"),
        (1001, "一千零一"),
        (1010, "一千零一十"),
        (1260, "一千二百六十"),
        (10_000, "一万"),
        (10_010, "一万零一十"),
        (10_100, "一万零一百"),
        (20_000, "二万"),
    ],
)
def test_int_to_chinese_standard_form(value: int, text: str) -> None:
    assert int_to_chinese(value) == text


@pytest.mark.parametrize("value", [0, -3, 100_000])
def test_int_to_chinese_range(value: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        int_to_chinese(value)


@settings(deadline=None, max_examples=300)
@given(st.integers(min_value=1, max_value=99_999))
def test_chinese_round_trip(value: int) -> None:
    assert chinese_to_int(int_to_chinese(value)) == value


def test_chinese_round_trip_exhaustive_below_two_thousand() -> None:
    # Every article number a law is likely to use.
    assert all(chinese_to_int(int_to_chinese(n)) == n for n in range(1, 2000))


@pytest.mark.parametrize(
    ("text", "value"), [("I", 1), ("iv", 4), ("V", 5), ("IX", 9), ("XIV", 14), ("MCMXC", 1990)]
)
def test_roman_to_int(text: str, value: int) -> None:
    assert roman_to_int(text) == value


@pytest.mark.parametrize("text", ["", "IIII", "VX", "ABC", "IC"])
def test_roman_to_int_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="not a roman numeral"):
        roman_to_int(text)


@settings(deadline=None, max_examples=200)
@given(st.integers(min_value=1, max_value=3999))
def test_roman_round_trip(value: int) -> None:
    assert roman_to_int(int_to_roman(value)) == value


def test_parse_dotted() -> None:
    assert parse_dotted("1") == (1,)
    assert parse_dotted("1.") == (1,)
    assert parse_dotted("4.12") == (4, 12)
    assert parse_dotted("1.1.2.3") == (1, 1, 2, 3)
    with pytest.raises(ValueError, match="dotted"):
        parse_dotted("1..2")


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("20.1", ClauseReference(number=(20, 1))),
        ("Clause 20.1", ClauseReference(number=(20, 1))),
        ("Sub-Clause 20.1", ClauseReference(number=(20, 1))),
        ("sub-clause 4.12", ClauseReference(number=(4, 12))),
        ("Article V", ClauseReference(number=(5,), kind=SectionKind.ARTICLE)),
        ("Article 5", ClauseReference(number=(5,), kind=SectionKind.ARTICLE)),
        ("14", ClauseReference(number=(14,))),
        ("第十四条", ClauseReference(number=(14,), kind=SectionKind.ARTICLE)),
        ("第14条", ClauseReference(number=(14,), kind=SectionKind.ARTICLE)),
        ("第一百三十三条之一", ClauseReference(number=(133, 1), kind=SectionKind.ARTICLE)),
        ("第三章", ClauseReference(number=(3,), kind=SectionKind.CHAPTER)),
        ("一、", ClauseReference(number=(1,))),
    ],
)
def test_parse_clause_reference(reference: str, expected: ClauseReference) -> None:
    assert parse_clause_reference(reference) == expected


@pytest.mark.parametrize("reference", ["governing_law", "", "v", "Clause", "第X条"])
def test_parse_clause_reference_topics(reference: str) -> None:
    assert parse_clause_reference(reference) is None
