"""Rendering numbered contract text: numerals, headings, expected ids, safe bodies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.testing.contract_text import (
    ContractClause,
    body_line,
    chinese_numeral,
    parse_chinese_numeral,
    render_contract,
)


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (1, "一"),
        (10, "十"),
        (14, "十四"),
        (20, "二十"),
        (105, "一百零五"),
        (110, "一百一十"),
        (133, "一百三十三"),
        (1005, "一千零五"),
        (2024, "二千零二十四"),
    ],
)
def test_chinese_numerals_are_written_as_contracts_write_them(value: int, written: str) -> None:
    assert chinese_numeral(value) == written


@settings(deadline=None, max_examples=200)
@given(st.integers(1, 9999))
def test_chinese_numerals_round_trip(value: int) -> None:
    assert parse_chinese_numeral(chinese_numeral(value)) == value


def test_chinese_numeral_rejects_values_out_of_range() -> None:
    with pytest.raises(ValueError, match="1-9999"):
        chinese_numeral(0)


def test_english_plain_style_numbers_clauses_and_adds_missing_parents() -> None:
    contract = render_contract(
        [
            ContractClause(
                number=(20, 1), title="Contractor's Claims", body="The Contractor shall notify."
            ),
            ContractClause(number=(1,), title="Definitions"),
        ],
        language="en",
        style="plain",
        title="CONTRACT",
    )
    assert contract.clause_ids == ("1", "20", "20.1")
    assert contract.text.splitlines()[:3] == ["CONTRACT", "", "1. Definitions"]
    assert "20.1 Contractor's Claims\nThe Contractor shall notify." in contract.text
    by_id = {clause.id: clause for clause in contract.clauses}
    assert by_id["20.1"].parent_id == "20"
    assert by_id["20"].title == "General Provisions"


def test_clause_style_uses_clause_and_sub_clause_keywords() -> None:
    contract = render_contract(
        [
            ContractClause(number=(4,), title="Obligations"),
            ContractClause(number=(4, 12), title="Conditions"),
        ],
        language="en",
        style="clause",
    )
    assert "Clause 4 Obligations" in contract.text
    assert "Sub-Clause 4.12 Conditions" in contract.text
    assert contract.clause_ids == ("4", "4.12")


def test_chinese_article_style_ids_keep_the_article_form() -> None:
    contract = render_contract(
        [ContractClause(number=(14,), title="合同价格", body="发包人应当支付合同价款。")],
        language="zh",
        style="article",
    )
    assert contract.text.startswith("第十四条 合同价格\n发包人应当支付合同价款。")
    assert contract.clause_ids == ("第十四条",)


def test_markdown_headings_get_one_hash_per_level_below_the_title() -> None:
    contract = render_contract(
        [ContractClause(number=(1,), title="Scope"), ContractClause(number=(1, 1), title="Works")],
        language="en",
        title="Agreement",
        format="markdown",
    )
    assert contract.text.splitlines()[::2] == ["# Agreement", "## 1. Scope", "### 1.1 Works"]


def test_render_rejects_duplicate_numbers_and_foreign_styles() -> None:
    with pytest.raises(ValueError, match="unique"):
        render_contract(
            [ContractClause(number=(1,), title="A"), ContractClause(number=(1,), title="B")],
            language="en",
        )
    with pytest.raises(ValueError, match="not used for language"):
        render_contract([ContractClause(number=(1,), title="A")], language="en", style="article")


@pytest.mark.parametrize(
    "line",
    ["30 days after notice", "Clause 3 applies", "第三条约定", "# heading", "(a) item", "一、定义"],
)
def test_body_lines_that_look_like_headings_are_prefixed(line: str) -> None:
    assert not body_line(line, language="en").startswith(line)


def test_ordinary_body_lines_are_kept() -> None:
    assert body_line("  The Employer shall pay.  ", language="en") == "The Employer shall pay."
