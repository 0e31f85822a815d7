"""Before an item is reported missing: it applies to this kind of contract, and the
contract does not provide it in words the locator missed."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem
from contract_review.playbooks.drafting_slots import drafting_slots, party_phrase, positional_label
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.review.item_mentions import (
    MENTION_REASON,
    distinctive_keywords,
    item_applies,
    mentioned_locations,
)
from contract_review.review.state import ReviewState

from .engine_fixtures import make_engine, make_registry

WARRANTY = ChecklistItem(
    clause_id="warranty_duration",
    clause_name="质保期",
    keywords=("warranty", "保证期", "defects in materials and workmanship"),
    provided_by=("质量保证期", "defects liability period"),
    applies_to=("supply", "construction"),
)


def test_only_distinctive_keywords_count() -> None:
    assert distinctive_keywords(WARRANTY) == ["defects in materials and workmanship"]


def test_an_item_is_found_by_its_own_words_in_chinese_and_english() -> None:
    zh = parse_text(
        "第一条 交付\n乙方应按期交付设备。\n第二条 质量\n本设备的质量保证期为验收合格之日起十二个月。\n",
        name="c.txt",
    )
    found = mentioned_locations(WARRANTY, zh)
    assert [(loc.clause_id, loc.reason) for loc in found] == [("第二条", MENTION_REASON)]
    en = parse_text(
        "1. Delivery\nThe Supplier delivers the Goods.\n2. Defects\nThe defects liability "
        "period is twelve months.\n",
        name="c.txt",
    )
    assert [loc.clause_id for loc in mentioned_locations(WARRANTY, en)] == ["2"]
    nothing = parse_text("1. Delivery\nThe Supplier delivers the Goods.\n", name="c.txt")
    assert mentioned_locations(WARRANTY, nothing) == []


def test_an_item_applies_only_to_its_kinds_of_contract() -> None:
    assert item_applies(WARRANTY, "supply")
    assert not item_applies(WARRANTY, "nda")
    assert item_applies(WARRANTY, "")  # type unknown: every item applies
    assert item_applies(ChecklistItem(clause_id="x", clause_name="x"), "nda")


def test_drafting_slots_read_the_contract_words() -> None:
    en = parse_text(
        "1. Price\nThe Contract Price is USD 1m. This Contract binds the parties.\n", name="c.txt"
    )
    slots = drafting_slots(en)
    assert (slots.contract, slots.price) == ("Contract", "the Contract Price")
    fees = parse_text("1. Fees\nThe Customer pays the Fees under this Agreement.\n", name="c.txt")
    assert drafting_slots(fees).price == "the total Fees paid and payable under this Agreement"
    zh = parse_text("第一条 价款\n本合同价款为人民币十万元。\n", name="c.txt")
    assert (drafting_slots(zh).contract, drafting_slots(zh).price) == ("本合同", "合同价款")
    assert party_phrase("Contractor", chinese=False) == "the Contractor"
    assert party_phrase("Acme Supply Co.", chinese=False) == "Acme Supply Co."
    assert party_phrase("乙方", chinese=True) == "乙方"


def _review_generic(tmp_path: Path, contract: Path) -> tuple[ReviewEngine, ReviewState]:
    """The offline generic review of ``contract``, in a store under ``tmp_path``."""
    engine = make_engine(tmp_path, make_registry())
    state = engine.start(
        ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(contract))])
    )
    return engine, state


def test_positional_parties_are_told_apart_by_who_pays_the_price() -> None:
    """A contract naming its parties only 甲方 and 乙方: the one that pays the price is the
    customer (employer, buyer...), the other the supplier (contractor, seller...); a
    penalty paid is no price; traditional characters read alike; no payment: no answer."""
    text = (
        "甲方應於驗收合格後三十日內向乙方支付合同總價的百分之九十。"
        "乙方逾期交货的，应向甲方支付违约金。甲方支付设计费总额的百分之十作为定金。"
    )
    assert positional_label(text, "contractor") == "乙方"
    assert positional_label(text, "buyer") == "甲方"
    assert positional_label(text, "party_a") == ""  # a positional side is no role
    assert positional_label("乙方应向甲方支付违约金。", "supplier") == ""
    reversed_roles = "乙方应按月向甲方支付租金。"
    assert positional_label(reversed_roles, "lessor") == "甲方"


@pytest.mark.requires_domain("generic")
def test_a_chinese_template_names_the_burdened_party(tmp_path: Path) -> None:
    """A fitness-for-any-purpose promise in a contract that names its parties 甲方 and
    乙方 only: the drafted change says which party warrants, not 各方."""
    contract = tmp_path / "services_zh.txt"
    contract.write_text(
        "技术服务合同\n\n甲方：某某医院\n乙方：某某信息技术有限公司\n\n"
        "第一条 服务内容\n乙方为甲方开发影像云平台，并提供运维服务。\n"
        "第二条 价款\n甲方应于验收合格后三十日内向乙方支付服务费人民币八十万元。\n"
        "第三条 质量\n乙方保证交付成果适用于甲方现在或将来的任何用途，无论该用途是否在本合同中载明。\n"
        "第四条 争议解决\n因本合同产生的争议，提交甲方所在地人民法院诉讼解决。\n",
        encoding="utf-8",
    )
    _, state = _review_generic(tmp_path, contract)
    fitness = [
        f
        for f in state.findings
        if f.checklist_item_id == "fitness_for_purpose" and f.suggested_change is not None
    ]
    assert fitness, [f.title for f in state.findings]
    after = fitness[0].suggested_change.after if fitness[0].suggested_change else ""
    assert "各方不作保证" not in after and "乙方" in after


@pytest.mark.requires_domain("generic")
def test_a_review_does_not_report_missing_what_the_contract_provides(tmp_path: Path) -> None:
    """An equipment purchase contract whose warranty the locator may not find, and a
    non-disclosure agreement that lacks site conditions: neither is reported missing."""
    contract = tmp_path / "purchase_zh.txt"
    contract.write_text(
        "设备采购合同\n\n甲方（买方）：甲公司\n乙方（卖方）：乙公司\n\n"
        "第一条 标的\n乙方向甲方出售数控机床一台，合同价款为人民币五十万元。\n"
        "第二条 付款\n甲方应于验收合格后三十日内支付全部价款。\n"
        "第三条 质量\n本设备的质量保证期为验收合格之日起十二个月，期内乙方免费维修。\n"
        "第四条 违约责任\n乙方逾期交货的，每日按合同价款的千分之一支付违约金，总额不超过合同价款的百分之五。\n"
        "第五条 争议解决\n因本合同产生的争议，提交甲方所在地人民法院诉讼解决。\n",
        encoding="utf-8",
    )
    engine, state = _review_generic(tmp_path, contract)
    assert state.contract_type == "supply"
    missing = {f.checklist_item_id for f in state.findings if f.status is FindingStatus.MISSING}
    assert "warranty_duration" not in missing
    assert "ground_conditions" not in missing  # not expected in a supply contract
    report = engine.report(state)
    s = report.summary
    assert s.critical + s.high + s.medium + s.low == s.deviations
    assert s.total == s.deviations + s.missing and s.checked == len(report.checked)
    not_applicable = {c.checklist_item_id for c in report.clauses if c.not_applicable}
    assert "ground_conditions" in not_applicable
