"""Amounts, percentages and periods in English and Chinese clause text."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.skills.generic.financial_terms import find_financial_terms
from contract_review.text.number_words import chinese_amount_value, english_number_value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("USD 1,000,000", ("amount", 1_000_000.0, "USD")),
        ("US$5 million", ("amount", 5_000_000.0, "USD")),
        ("$250.50", ("amount", 250.5, "USD")),
        ("€200", ("amount", 200.0, "EUR")),
        ("EUR 3,000", ("amount", 3000.0, "EUR")),
        ("£3,000", ("amount", 3000.0, "GBP")),
        ("GBP 12", ("amount", 12.0, "GBP")),
        ("S$186,000,000", ("amount", 186_000_000.0, "SGD")),
        ("SGD 2.5 million", ("amount", 2_500_000.0, "SGD")),
        ("新加坡元500万元", ("amount", 5_000_000.0, "SGD")),
        ("RMB 10 million", ("amount", 10_000_000.0, "CNY")),
        ("CNY 88", ("amount", 88.0, "CNY")),
        ("¥500", ("amount", 500.0, "CNY")),
        ("500,000 US dollars", ("amount", 500_000.0, "USD")),
        ("人民币100万元", ("amount", 1_000_000.0, "CNY")),
        ("人民币 5,000 元", ("amount", 5000.0, "CNY")),
        ("十万元", ("amount", 100_000.0, "CNY")),
        ("壹佰万元整", ("amount", 1_000_000.0, "CNY")),
        ("1.5亿元", ("amount", 150_000_000.0, "CNY")),
        ("100万美元", ("amount", 1_000_000.0, "USD")),
        ("10%", ("percentage", 10.0, "percent")),
        ("2.5 per cent", ("percentage", 2.5, "percent")),
        ("ten percent (10%)", ("percentage", 10.0, "percent")),
        ("fifteen (15) per cent", ("percentage", 15.0, "percent")),
        ("百分之十", ("percentage", 10.0, "percent")),
        ("百分之五点五", ("percentage", 5.5, "percent")),
        ("百分之十（10%）", ("percentage", 10.0, "percent")),
        ("28 days", ("period", 28.0, "day")),
        ("twenty-eight (28) days", ("period", 28.0, "day")),
        ("14 working days", ("period", 14.0, "working_day")),
        ("7 calendar days", ("period", 7.0, "day")),
        ("a 28-day period", ("period", 28.0, "day")),
        ("two weeks", ("period", 2.0, "week")),
        ("6 months", ("period", 6.0, "month")),
        ("one year", ("period", 1.0, "year")),
        ("30日", ("period", 30.0, "day")),
        ("三十天", ("period", 30.0, "day")),
        ("十五个工作日", ("period", 15.0, "working_day")),
        ("三（3）年内", ("period", 3.0, "year")),
        ("十五(15)个工作日", ("period", 15.0, "working_day")),
        ("3个月", ("period", 3.0, "month")),
        ("两年", ("period", 2.0, "year")),
        ("两个星期", ("period", 2.0, "week")),
    ],
)
def test_single_terms(text: str, expected: tuple[str, float, str]) -> None:
    sentence = f"The parties agree: {text} applies."
    terms = find_financial_terms(sentence)
    assert [(t.kind, t.value, t.unit) for t in terms] == [expected]
    assert terms[0].text in sentence
    assert sentence[terms[0].start : terms[0].end] == terms[0].text


@pytest.mark.parametrize(
    "text",
    [
        "本合同于2024年3月1日签订。",  # dates are not periods
        "See Clause 20.1 and Article 5.",
        "The 3月 schedule",
        "No figures here at all.",
        "合同共十四条。",
    ],
)
def test_no_terms(text: str) -> None:
    assert find_financial_terms(text) == []


def test_restatement_in_brackets_is_one_term() -> None:
    text = "合同价款为人民币壹佰万元整（¥1,000,000），工期三十日。"
    terms = find_financial_terms(text)
    assert [(t.text, t.value, t.unit) for t in terms] == [
        ("人民币壹佰万元整（¥1,000,000）", 1_000_000.0, "CNY"),
        ("三十日", 30.0, "day"),
    ]


def test_different_values_in_brackets_stay_separate() -> None:
    terms = find_financial_terms("USD 100 (EUR 90)")
    assert [(t.value, t.unit) for t in terms] == [(100.0, "USD"), (90.0, "EUR")]


def test_number_words() -> None:
    assert english_number_value("twenty-eight") == 28
    assert english_number_value("one hundred and twenty") == 120
    assert english_number_value("two million five hundred thousand") == 2_500_000
    assert english_number_value("several") is None
    assert chinese_amount_value("壹佰万") == 1_000_000
    assert chinese_amount_value("三亿零五百") == 300_000_500
    assert chinese_amount_value("点") is None


# ---------------------------------------------------------------------- properties

fragments = st.sampled_from(
    [
        "USD 1,000",
        "10%",
        "28 days",
        "人民币",
        "万元",
        "百分之",
        "三十",
        "日",
        "个月",
        "(",
        ")",
        "（",
        "）",
        "percent",
        " ",
        "ten",
        "2024年",
        "working",
        "$",
        "€",
        "5",
        ",",
        ".",
    ]
)
texts = st.lists(fragments | st.text(max_size=4), max_size=12).map("".join)


@settings(deadline=None, max_examples=150)
@given(text=texts)
def test_terms_are_ordered_disjoint_slices_of_the_text(text: str) -> None:
    terms = find_financial_terms(text)
    previous_end = 0
    for term in terms:
        assert text[term.start : term.end] == term.text
        assert term.text == term.text.strip() and term.text
        assert term.start >= previous_end
        previous_end = term.end


@settings(deadline=None, max_examples=100)
@given(
    value=st.integers(1, 99_999_999),
    currency=st.sampled_from(["USD", "EUR", "GBP", "CNY"]),
    style=st.sampled_from(["code", "symbol", "chinese"]),
)
def test_written_amounts_read_back(value: int, currency: str, style: str) -> None:
    symbols = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}
    chinese = {"USD": "美元", "EUR": "欧元", "GBP": "英镑", "CNY": "元"}
    if style == "code":
        written = f"{currency} {value:,}"
    elif style == "symbol":
        written = f"{symbols[currency]}{value:,}"
    else:
        written = f"{value}{chinese[currency]}"
    terms = find_financial_terms(f"支付 {written} 。")
    assert [(t.kind, t.value, t.unit) for t in terms] == [("amount", float(value), currency)]


@settings(deadline=None, max_examples=100)
@given(value=st.integers(1, 99_999), unit=st.sampled_from(["日", "天", "个月", "个工作日", "年"]))
def test_chinese_periods_read_back(value: int, unit: str) -> None:
    assume(unit != "年" or value < 1000)  # four-digit numbers before 年 are years
    units = {"日": "day", "天": "day", "个月": "month", "个工作日": "working_day", "年": "year"}
    terms = find_financial_terms(f"应在{int_to_chinese(value)}{unit}内完成")
    assert [(t.value, t.unit) for t in terms] == [(float(value), units[unit])]


def test_a_line_break_separates_a_number_from_a_unit() -> None:
    assert find_financial_terms("Sub-Clause 14\nDays of rest are agreed.") == []
    assert find_financial_terms("第14\n日") == []


@pytest.mark.parametrize(
    "text",
    [
        "5" + " " * 20_000 + "x",
        "10" + " \t" * 10_000 + "%",
        "one two three four five six seven eight nine ten " * 400,
        "三十" + " " * 20_000,
        "一二三四五六七八九十" * 2_000,
    ],
)
def test_long_runs_hold_no_terms(text: str) -> None:
    # Regression: these inputs once made the patterns backtrack quadratically.
    assert find_financial_terms(text) == []
