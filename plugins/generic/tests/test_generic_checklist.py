"""The generic checklist covers the CUAD categories and more."""

from __future__ import annotations

import re

import pytest

from contract_review.domain import PlaybookRule, Priority
from contract_review.playbooks.rule_matching import any_match, find_hits
from contract_review.playbooks.rule_models import KNOWN_CATEGORIES
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
#: Topics added so each category of the playbook has a home.
PLAYBOOK_TOPICS = {"claims_notice", "fitness_for_purpose", "ground_conditions"}


GENERAL_CATEGORIES = set(KNOWN_CATEGORIES) - {
    "indemnity_no_cap",
    "indemnity_no_basket",
    "warranty_survival_long_or_unlimited",
    "reserved_matters_missing_or_simple_majority",
}


def test_topics() -> None:
    by_id = {item.clause_id: item for item in CHECKLIST}
    assert set(by_id) == set(CUAD_CATEGORIES) | EXTRA_TOPICS | PLAYBOOK_TOPICS
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
    topics = {item.clause_id for item in CHECKLIST}
    assert set(DOMAIN_SPEC.baseline_texts) == topics
    for topic in PLAYBOOK_TOPICS:
        assert any(rule.standard_position for rule in DOMAIN_SPEC.playbook.rules_for(topic))


def _rule(rule_id: str) -> PlaybookRule:
    return next(rule for rule in DOMAIN_SPEC.playbook_rules if rule.rule_id == rule_id)


def test_playbook_is_the_shipped_data_file() -> None:
    playbook = DOMAIN_SPEC.playbook
    assert (playbook.playbook_id, playbook.version) == ("generic", "1.2.0")
    categories = {rule.category for rule in playbook.rules}
    assert categories >= GENERAL_CATEGORIES


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "This Agreement renews automatically unless either party gives at least 120 days "
            "prior written notice of non-renewal.",
            120,
        ),
        ("除非一方在期满前30日书面通知对方不续约，本合同自动续展一年。", None),
        ("除非一方在期满前一百日书面通知对方不续约，本合同自动续展一年。", 100),
    ],
)
def test_renewal_notice_rule_reads_the_period(text: str, value: float | None) -> None:
    rule = _rule("generic_renewal_notice_over_90_days")
    assert rule.threshold == 90 and rule.comparison == "gt"
    hits = find_hits(rule, text)
    assert {hit.value.value for hit in hits if hit.value} == (set() if value is None else {value})


def test_presence_and_absence_rules() -> None:
    uncapped = _rule("generic_uncapped_liability_present")
    assert uncapped.when == "present"
    assert find_hits(uncapped, "乙方的赔偿责任不设上限。")
    assert find_hits(_rule("generic_cap_carve_outs"), "不受上述责任限制")
    law = _rule("generic_governing_law_absent")
    assert law.when == "absent"
    assert any_match(law.patterns, "This Agreement is governed by the laws of England.")
    assert any_match(law.patterns, "本合同适用中华人民共和国法律。")
