"""The generic checklist covers the CUAD categories and more."""

from __future__ import annotations

import re

import pytest

from contract_review.domain import PlaybookRule, Priority
from contract_review_generic.checklist import CHECKLIST, DOMAIN_SPEC

CUAD_CATEGORIES = {
    "cap_on_liability": "Cap On Liability",
    "uncapped_liability": "Uncapped Liability",
    "termination_for_convenience": "Termination For Convenience",
    "change_of_control": "Change Of Control",
    "anti_assignment": "Anti-Assignment",
    "non_compete": "Non-Compete",
    "exclusivity": "Exclusivity",
    "governing_law": "Governing Law",
    "ip_ownership_assignment": "Ip Ownership Assignment",
    "insurance": "Insurance",
    "audit_rights": "Audit Rights",
    "liquidated_damages": "Liquidated Damages",
    "warranty_duration": "Warranty Duration",
    "renewal_term": "Renewal Term",
    "notice_period_to_terminate_renewal": "Notice Period To Terminate Renewal",
    "minimum_commitment": "Minimum Commitment",
}
EXTRA_TOPICS = {"indemnification", "confidentiality", "dispute_resolution", "payment_terms"}


def test_topics() -> None:
    by_id = {item.clause_id: item for item in CHECKLIST}
    assert set(by_id) == set(CUAD_CATEGORIES) | EXTRA_TOPICS
    for clause_id, category in CUAD_CATEGORIES.items():
        assert by_id[clause_id].clause_name_en == category
    assert by_id["cap_on_liability"].priority is Priority.CRITICAL
    assert by_id["indemnification"].priority is Priority.CRITICAL


def test_items_are_bilingual_with_enough_keywords() -> None:
    for item in CHECKLIST:
        assert re.search(r"[\u4e00-\u9fff]", item.clause_name), item.clause_id
        english = [k for k in item.keywords if k.isascii()]
        chinese = [k for k in item.keywords if not k.isascii()]
        assert len(english) >= 5 and len(chinese) >= 3, item.clause_id
        assert len(set(item.keywords)) == len(item.keywords), item.clause_id
        assert item.required_skills[0] == "generic_locate_clause"


def test_anti_assignment_keywords() -> None:
    item = DOMAIN_SPEC.checklist_item("anti_assignment")
    assert item is not None
    for keyword in (
        "assign",
        "assignment",
        "without the prior written consent",
        "转让",
        "不得转让",
    ):
        assert keyword in item.keywords


def test_every_topic_has_a_baseline() -> None:
    assert set(DOMAIN_SPEC.baseline_texts) == {item.clause_id for item in CHECKLIST}


def _rule(rule_id: str) -> PlaybookRule:
    return next(rule for rule in DOMAIN_SPEC.playbook_rules if rule.rule_id == rule_id)


def _first_number(rule: PlaybookRule, text: str) -> float | None:
    for pattern in rule.patterns:
        match = re.search(pattern, text, re.IGNORECASE)
        if match and match.groups():
            return float(match.group(1))
    return None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "This Agreement renews automatically unless either party gives at least 120 days "
            "prior written notice of non-renewal.",
            120,
        ),
        ("除非一方在期满前30日书面通知对方不续约，本合同自动续展一年。", 30),
    ],
)
def test_renewal_notice_rule_reads_the_period(text: str, value: float) -> None:
    rule = _rule("generic_renewal_notice_over_90_days")
    assert _first_number(rule, text) == value
    assert rule.threshold == 90 and rule.comparison == "gt"


def test_presence_and_absence_rules() -> None:
    uncapped = _rule("generic_uncapped_liability_present")
    assert uncapped.when == "present"
    assert any(re.search(p, "不受上述责任限制", re.I) for p in uncapped.patterns)
    law = _rule("generic_governing_law_absent")
    assert law.when == "absent"
    assert any(
        re.search(p, "This Agreement is governed by the laws of England.", re.I)
        for p in law.patterns
    )
    assert any(re.search(p, "本合同适用中华人民共和国法律。", re.I) for p in law.patterns)
