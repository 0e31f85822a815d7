"""The active SHA/SPA skills on English and Chinese agreements."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review_sha_spa.conditions import (
    ConditionCategory,
    ExtractConditionsInput,
    extract_conditions,
)
from contract_review_sha_spa.indemnity import (
    BasketType,
    IndemnityAnalysisInput,
    analyse_indemnity,
    basket_type,
)
from contract_review_sha_spa.reps_warranties import (
    ExtractRepsWarrantiesInput,
    extract_reps_warranties,
)
from contract_review_sha_spa.subjects import Subject

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def spa_en() -> Document:
    return parse_text((DATA / "spa_en.txt").read_text(encoding="utf-8"), name="spa_en.txt")


@pytest.fixture(scope="module")
def spa_zh() -> Document:
    return parse_text((DATA / "spa_zh.txt").read_text(encoding="utf-8"), name="spa_zh.txt")


# ---------------------------------------------------------------- conditions precedent


def test_english_conditions(spa_en: Document) -> None:
    out = extract_conditions(ExtractConditionsInput(clause_id="3", document_structure=spa_en))
    assert [(c.label, c.category) for c in out.conditions] == [
        ("(a)", ConditionCategory.REGULATORY_APPROVAL),
        ("(b)", ConditionCategory.THIRD_PARTY_CONSENT),
        ("(c)", ConditionCategory.NO_MAC),
        ("(d)", ConditionCategory.CORPORATE_APPROVAL),
        ("(e)", ConditionCategory.OTHER),
    ]
    assert [c.waivable for c in out.conditions] == [False, True, False, False, False]
    assert out.categories["regulatory_approval"] == 1
    # the clause uses the defined term; the date comes from the definition
    assert out.long_stop_date is not None
    assert out.long_stop_date.date == date(2025, 12, 31)
    assert out.long_stop_date.from_definition
    assert any("waive condition (e)" in s for s in out.waiver_provisions)


def test_chinese_conditions(spa_zh: Document) -> None:
    out = extract_conditions(ExtractConditionsInput(clause_id="3", document_structure=spa_zh))
    assert [c.category for c in out.conditions] == [
        ConditionCategory.REGULATORY_APPROVAL,
        ConditionCategory.THIRD_PARTY_CONSENT,
        ConditionCategory.NO_MAC,
        ConditionCategory.CORPORATE_APPROVAL,
    ]
    assert out.conditions[0].label == "（一）"
    assert out.long_stop_date is not None and out.long_stop_date.date == date(2025, 12, 31)


def test_long_stop_date_written_in_the_clause() -> None:
    text = (
        "完成交割须满足：\n（一）取得商务主管部门的备案；\n（二）买方董事会批准。\n"
        "如上述条件未能于2026年6月30日（“最后截止日”）前满足，任何一方可终止本协议。"
    )
    out = extract_conditions(ExtractConditionsInput(clause_id="3", clause_text=text))
    assert out.long_stop_date is not None
    assert out.long_stop_date.date == date(2026, 6, 30)
    assert not out.long_stop_date.from_definition


def test_long_stop_period_and_unnumbered_conditions() -> None:
    text = (
        "Completion is conditional upon the approval of the competition authority. "
        "If that approval is not obtained by the Long Stop Date, being six months after the "
        "date of this Agreement, either party may terminate."
    )
    out = extract_conditions(ExtractConditionsInput(clause_id="3", clause_text=text))
    assert [c.category for c in out.conditions] == [ConditionCategory.REGULATORY_APPROVAL]
    assert out.long_stop_date is not None
    assert out.long_stop_date.period == "six months"
    assert out.notes  # unnumbered conditions are noted


def test_no_text() -> None:
    out = extract_conditions(ExtractConditionsInput(clause_id="3"))
    assert out.conditions == [] and out.notes


# ---------------------------------------------------------------- warranties


def test_english_warranties(spa_en: Document) -> None:
    out = extract_reps_warranties(
        ExtractRepsWarrantiesInput(clause_id="4", document_structure=spa_en)
    )
    assert out.warrantor == "Seller"
    assert [w.subject for w in out.warranties] == [
        Subject.CAPACITY_AUTHORITY,
        Subject.TITLE_TO_SHARES,
        Subject.FINANCIAL_STATEMENTS,
        Subject.LITIGATION,
        Subject.TAX,
        Subject.INTELLECTUAL_PROPERTY,
    ]
    accounts, litigation = out.warranties[2], out.warranties[3]
    assert accounts.materiality_qualifier == "in all material respects"
    assert litigation.knowledge_qualifier == "so far as the Seller is aware"
    assert not out.warranties[0].qualified
    assert out.general_disclosure_carve_out == "Save as Disclosed"
    assert out.repeated_at_closing


def test_chinese_warranties(spa_zh: Document) -> None:
    out = extract_reps_warranties(
        ExtractRepsWarrantiesInput(clause_id="4", document_structure=spa_zh)
    )
    assert out.warrantor == "卖方"
    assert [w.subject for w in out.warranties] == [
        Subject.TITLE_TO_SHARES,
        Subject.FINANCIAL_STATEMENTS,
        Subject.LITIGATION,
        Subject.TAX,
    ]
    assert out.warranties[1].materiality_qualifier == "在所有重大方面"
    assert out.warranties[2].knowledge_qualifier == "据卖方所知"
    assert out.general_disclosure_carve_out.startswith("除披露函披露")


def test_unnumbered_warranty_sentences() -> None:
    text = (
        "The Company warrants that it has complied with all applicable laws. "
        "The parties shall cooperate. "
        "To the best of the Seller's knowledge, no employee has given notice."
    )
    out = extract_reps_warranties(ExtractRepsWarrantiesInput(clause_id="4", clause_text=text))
    assert len(out.warranties) == 1
    assert out.warranties[0].subject is Subject.COMPLIANCE


# ---------------------------------------------------------------- indemnities


def test_english_indemnity_limits(spa_en: Document) -> None:
    out = analyse_indemnity(
        IndemnityAnalysisInput(clause_id="7", document_structure=spa_en, purchase_price=20_000_000)
    )
    assert out.cap is not None
    assert out.cap.percentage == 30 and out.cap.computed_amount == 6_000_000
    assert out.de_minimis is not None
    assert (out.de_minimis.amount, out.de_minimis.currency) == (25_000, "USD")
    assert out.basket is not None
    assert out.basket.amount == 200_000 and out.basket.basket_type is BasketType.TIPPING
    assert [(p.months, p.applies_to) for p in out.claim_periods] == [(18, "general"), (60, "tax")]
    assert [s.subject for s in out.specific_indemnities] == [Subject.TAX]
    assert out.fraud_carve_out
    assert out.notes == []


def test_chinese_indemnity_limits(spa_zh: Document) -> None:
    out = analyse_indemnity(IndemnityAnalysisInput(clause_id="7", document_structure=spa_zh))
    assert out.cap is not None and out.cap.percentage == 30 and out.cap.computed_amount is None
    assert out.de_minimis is not None
    assert (out.de_minimis.amount, out.de_minimis.currency) == (100_000, "CNY")
    assert out.basket is not None
    assert out.basket.amount == 1_000_000 and out.basket.basket_type is BasketType.DEDUCTIBLE
    assert [(p.period, p.months) for p in out.claim_periods] == [("24个月", 24)]
    assert [s.subject for s in out.specific_indemnities] == [Subject.ENVIRONMENT]
    assert out.fraud_carve_out


def test_uncapped_indemnity_is_noted() -> None:
    out = analyse_indemnity(
        IndemnityAnalysisInput(
            clause_id="7", clause_text="The Seller shall indemnify the Buyer against all Losses."
        )
    )
    assert out.cap is None
    assert "no cap on liability found" in out.notes


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        (
            "Claims are recoverable only to the extent of the excess over USD 1m.",
            BasketType.DEDUCTIBLE,
        ),
        (
            "Once exceeded, the whole amount and not merely the excess is recoverable.",
            BasketType.TIPPING,
        ),
        (
            "Once the threshold is reached the Buyer may claim the excess, not the whole amount.",
            BasketType.DEDUCTIBLE,
        ),
        ("累计索赔金额超过100万元的，卖方应就全部金额承担责任。", BasketType.TIPPING),
        ("The threshold is USD 1m.", BasketType.UNKNOWN),
    ],
)
def test_basket_types(sentence: str, kind: BasketType) -> None:
    assert basket_type(sentence) is kind
