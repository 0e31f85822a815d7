"""``extract_financial_terms``: amounts, percentages and time periods in a clause.

English and Chinese: ``USD 1,000,000``, ``US$5 million``, ``€200``, ``£3,000``,
``RMB 10 million``, ``¥500``, ``500,000 US dollars``, ``人民币100万元``, ``壹佰万元整``,
``10%``, ``ten percent (10%)``, ``百分之十``, ``28 days``, ``twenty-eight (28) days``,
``14 working days``, ``30日``, ``十五个工作日``, ``3个月``, ``两年``. Each term comes
with the text as written, its value (scaled: "5 million" is 5000000), its unit (an
ISO currency code, ``percent``, or ``day``/``working_day``/``week``/``month``/``year``)
and its offsets in the clause text. A term written twice — ``ten percent (10%)``,
``壹佰万元（¥1,000,000）`` — is reported once, spanning both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Literal

from pydantic import BaseModel, Field

from ...documents.chinese_numerals import CHINESE_NUMERAL_CHARS
from ...text.clause_text import clause_text
from ...text.number_words import (
    CHINESE_AMOUNT_CHARS,
    ENGLISH_NUMBER_WORDS,
    chinese_amount_value,
    english_number_value,
)
from .clause_input import ClauseInput

FinancialTermKind = Literal["amount", "percentage", "period"]


class ExtractFinancialTermsInput(ClauseInput):
    """Input of ``extract_financial_terms``."""


class FinancialTerm(BaseModel):
    """One amount, percentage or period."""

    kind: FinancialTermKind
    text: str = Field(description="As written in the clause.")
    value: float = Field(description="Numeric value, scaled ('5 million' is 5000000).")
    unit: str = Field(
        description="Currency code (USD, EUR, GBP, CNY, HKD, SGD, JPY), 'percent', or "
        "day / working_day / week / month / year."
    )
    start: int = Field(ge=0, description="Offset in the clause text.")
    end: int = Field(ge=0)


class ExtractFinancialTermsOutput(BaseModel):
    """Output of ``extract_financial_terms``."""

    clause_id: str
    clause_found: bool
    clause_offset: int | None = Field(
        default=None, description="Where the clause text starts in the document source."
    )
    terms: list[FinancialTerm] = Field(default_factory=list)


# ---------------------------------------------------------------------- patterns

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORD = "|".join(sorted(ENGLISH_NUMBER_WORDS, key=len, reverse=True))
# At most eight words ("two million five hundred and twenty-eight thousand"): the bound
# keeps matching linear on long runs of number words.
_WORDS = rf"\b(?:{_WORD})\b(?:(?:\s+and\s+|[\s-]+)\b(?:{_WORD})\b){{0,7}}"
_EN_SCALE = r"million|billion|thousand|mn|bn|m|k"
_ZH_NUM = f"[{CHINESE_AMOUNT_CHARS}]+"
_ZH_CURRENCY = "人民币|美元|欧元|英镑|港币|港元|新加坡元|新元|日元"

_CURRENCIES: dict[str, str] = {
    "us$": "USD",
    "usd": "USD",
    "$": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "us dollar": "USD",
    "us dollars": "USD",
    "美元": "USD",
    "eur": "EUR",
    "€": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "欧元": "EUR",
    "gbp": "GBP",
    "£": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "pounds sterling": "GBP",
    "英镑": "GBP",
    "rmb": "CNY",
    "cny": "CNY",
    "¥": "CNY",
    "￥": "CNY",
    "yuan": "CNY",
    "renminbi": "CNY",
    "人民币": "CNY",
    "元": "CNY",
    "hkd": "HKD",
    "hk$": "HKD",
    "sgd": "SGD",
    "s$": "SGD",
    "sg$": "SGD",
    "新加坡元": "SGD",
    "新元": "SGD",
    "港币": "HKD",
    "港元": "HKD",
    "jpy": "JPY",
    "日元": "JPY",
}
_SCALES: dict[str, float] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "千": 1e3,
    "万": 1e4,
    "百万": 1e6,
    "亿": 1e8,
}
_PERIOD_UNITS: dict[str, str] = {
    "day": "day",
    "week": "week",
    "month": "month",
    "year": "year",
    "天": "day",
    "日": "day",
    "日历日": "day",
    "自然日": "day",
    "工作日": "working_day",
    "周": "week",
    "星期": "week",
    "月": "month",
    "年": "year",
}

# Space inside one term: a few blanks, never a line break, so a number at the end of one
# line and a unit word starting the next are not read as one term.
_SP = r"[^\S\n]{0,3}"
_SP1 = r"[^\S\n]?"

_EN_AMOUNT_PREFIX_RE = re.compile(
    rf"(?<![A-Za-z])(?P<cur>US\$|HK\$|SG?\$|USD|EUR|GBP|RMB|CNY|HKD|SGD|JPY|[$€£¥￥]){_SP1}"
    rf"(?P<num>{_NUM})(?:{_SP1}(?P<scale>(?i:{_EN_SCALE}))\b)?"
)
_EN_AMOUNT_SUFFIX_RE = re.compile(
    rf"(?<![\d.,])(?P<num>{_NUM})(?:{_SP1}(?P<scale>(?i:million|billion|thousand)))?{_SP1}"
    r"(?P<cur>USD|EUR|GBP|RMB|CNY|HKD|SGD|JPY|(?i:(?:US\s)?dollars?|euros?|pounds?(?:\ssterling)?"
    r"|yuan|renminbi))\b"
)
_ZH_AMOUNT_RE = re.compile(
    rf"(?:(?P<pre>{_ZH_CURRENCY}){_SP})?(?P<num>{_NUM}|{_ZH_NUM}){_SP}(?P<scale>百万|亿|万|千)?{_SP}"
    rf"(?P<cur>元|{_ZH_CURRENCY})?(?:整)?"
)
_PERCENT_RE = re.compile(rf"(?<![\d.,])(?P<num>{_NUM}){_SP1}(?:%|％|(?i:per\s?cent)\b)")
_PERCENT_WORDS_RE = re.compile(
    rf"(?i:(?P<words>{_WORDS}){_SP}(?:\({_SP}(?P<num>{_NUM}){_SP}\){_SP})?per\s?cent)\b"
)
_ZH_PERCENT_RE = re.compile(rf"百分之{_SP}(?P<num>{_NUM}|{_ZH_NUM})")
_EN_PERIOD_RE = re.compile(
    rf"(?i:(?:(?P<words>{_WORDS}){_SP}(?:\({_SP}(?P<wnum>\d+){_SP}\){_SP})?"
    rf"|(?<![\d.,])(?P<num>\d+(?:\.\d+)?){_SP})"
    rf"(?:-{_SP})?(?P<qual>(?:calendar|working|business|banking){_SP})?"
    r"(?P<unit>day|week|month|year)s?)\b"
)
_ZH_PERIOD_RE = re.compile(
    rf"(?<![\d{CHINESE_NUMERAL_CHARS}])(?P<num>\d{{1,9}}|[{CHINESE_NUMERAL_CHARS}]{{1,12}})"
    # the number repeated in figures: "三（3）年", "十五（15）个工作日"
    rf"{_SP}(?:[（(]{_SP}(?P<figures>\d{{1,9}}){_SP}[）)]{_SP})?"
    rf"(?:(?P<ge>个){_SP})?"
    r"(?P<unit>工作日|日历日|自然日|天|日|星期|周|月|年)"
)
_PAREN_OPEN_RE = re.compile(r"^\s*[（(]\s*$")
_PAREN_CLOSE_RE = re.compile(r"^\s*[）)]")


# ---------------------------------------------------------------------- extraction


def extract_financial_terms(data: ExtractFinancialTermsInput) -> ExtractFinancialTermsOutput:
    """Find the amounts, percentages and periods in the clause."""
    document = data.document_structure
    section = data.find_section()
    if section is None:
        return ExtractFinancialTermsOutput(clause_id=data.clause_id, clause_found=False)
    located = clause_text(document, section)
    return ExtractFinancialTermsOutput(
        clause_id=data.clause_id,
        clause_found=True,
        clause_offset=located.offset,
        terms=find_financial_terms(located.text),
    )


def find_financial_terms(text: str) -> list[FinancialTerm]:
    """Every amount, percentage and period in ``text``, in text order, without overlaps."""
    candidates: list[FinancialTerm] = []
    for pattern, build in _EXTRACTORS:
        for match in pattern.finditer(text):
            term = build(match)
            if term is not None and term.text.strip():
                candidates.append(term)
    # Earliest first; of two starting together, the longer; drop anything overlapping.
    candidates.sort(key=lambda t: (t.start, -(t.end - t.start)))
    kept: list[FinancialTerm] = []
    for term in candidates:
        if kept and term.start < kept[-1].end:
            continue
        kept.append(term)
    return list(_merge_restatements(text, kept))


def _merge_restatements(text: str, terms: list[FinancialTerm]) -> Iterator[FinancialTerm]:
    """Join ``X (X')`` where both state the same value in the same unit."""
    index = 0
    while index < len(terms):
        term = terms[index]
        if index + 1 < len(terms):
            following = terms[index + 1]
            closing = _PAREN_CLOSE_RE.match(text[following.end :])
            if (
                following.kind == term.kind
                and following.unit == term.unit
                and abs(following.value - term.value) <= 1e-9 * max(1.0, abs(term.value))
                and _PAREN_OPEN_RE.match(text[term.end : following.start])
                and closing
            ):
                end = following.end + closing.end()
                yield term.model_copy(update={"end": end, "text": text[term.start : end]})
                index += 2
                continue
        yield term
        index += 1


def _number(raw: str) -> float | None:
    raw = raw.replace(",", "")
    try:
        return float(raw)
    except ValueError:
        return chinese_amount_value(raw)


def _term(
    match: re.Match[str], kind: FinancialTermKind, value: float | None, unit: str | None
) -> FinancialTerm | None:
    if value is None or unit is None:
        return None
    text = match.group().rstrip()
    start = match.start() + (len(text) - len(text.lstrip()))
    text = text.strip()
    return FinancialTerm(
        kind=kind, text=text, value=value, unit=unit, start=start, end=start + len(text)
    )


def _scaled(value: float | None, scale: str | None) -> float | None:
    if value is None:
        return None
    return value * _SCALES[scale.lower()] if scale else value


def _currency(raw: str) -> str | None:
    return _CURRENCIES.get(" ".join(raw.lower().split()))


def _amount_prefix(match: re.Match[str]) -> FinancialTerm | None:
    value = _scaled(_number(match.group("num")), match.group("scale"))
    return _term(match, "amount", value, _currency(match.group("cur")))


def _amount_suffix(match: re.Match[str]) -> FinancialTerm | None:
    value = _scaled(_number(match.group("num")), match.group("scale"))
    return _term(match, "amount", value, _currency(match.group("cur")))


def _amount_chinese(match: re.Match[str]) -> FinancialTerm | None:
    prefix, currency = match.group("pre"), match.group("cur")
    if not prefix and not currency:
        return None
    if prefix and currency and currency != "元" and currency != prefix:
        return None  # "人民币 ... 美元": two amounts, not one
    code = _currency(prefix or currency)
    value = _scaled(_number(match.group("num")), match.group("scale"))
    return _term(match, "amount", value, code)


def _percent(match: re.Match[str]) -> FinancialTerm | None:
    return _term(match, "percentage", _number(match.group("num")), "percent")


def _percent_words(match: re.Match[str]) -> FinancialTerm | None:
    numeral = match.group("num")
    value = _number(numeral) if numeral else _words_value(match.group("words"))
    return _term(match, "percentage", value, "percent")


def _percent_chinese(match: re.Match[str]) -> FinancialTerm | None:
    return _term(match, "percentage", _number(match.group("num")), "percent")


def _period_english(match: re.Match[str]) -> FinancialTerm | None:
    if match.group("words") is not None:
        numeral = match.group("wnum")
        value = float(numeral) if numeral else _words_value(match.group("words"))
    else:
        value = _number(match.group("num"))
    unit = _PERIOD_UNITS[match.group("unit").lower()]
    qualifier = (match.group("qual") or "").strip().lower()
    if unit == "day" and qualifier in ("working", "business", "banking"):
        unit = "working_day"
    return _term(match, "period", value, unit)


def _period_chinese(match: re.Match[str]) -> FinancialTerm | None:
    unit_text, has_ge = match.group("unit"), bool(match.group("ge"))
    value = _number(match.group("figures") or match.group("num"))
    if value is None:
        return None
    before = match.string[: match.start()].rstrip()
    after = match.string[match.end() :]
    if unit_text == "月" and not has_ge:
        return None  # "3月" is March
    if unit_text == "日" and before.endswith("月"):
        return None  # "3月1日" is a date
    if unit_text == "年" and (value >= 1000 or re.match(r"\s*\d+\s*月", after)):
        return None  # "2024年" is a year
    return _term(match, "period", value, _PERIOD_UNITS[unit_text])


def _words_value(words: str) -> float | None:
    value = english_number_value(words)
    return None if value is None else float(value)


_EXTRACTORS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], FinancialTerm | None]], ...] = (
    (_EN_AMOUNT_PREFIX_RE, _amount_prefix),
    (_EN_AMOUNT_SUFFIX_RE, _amount_suffix),
    (_ZH_AMOUNT_RE, _amount_chinese),
    (_PERCENT_RE, _percent),
    (_PERCENT_WORDS_RE, _percent_words),
    (_ZH_PERCENT_RE, _percent_chinese),
    (_EN_PERIOD_RE, _period_english),
    (_ZH_PERIOD_RE, _period_chinese),
)
