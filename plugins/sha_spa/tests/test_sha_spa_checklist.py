"""The SHA/SPA checklist, roles, skills and playbook rules."""

from __future__ import annotations

import pytest

from contract_review.domain import PlaybookRule, Priority
from contract_review.playbooks.rule_matching import any_match, find_hits
from contract_review.retrieval.reference_search import search_reference_doc
from contract_review.skills.registration import SkillBackend, SkillStatus
from contract_review_sha_spa.checklist import CHECKLIST, DOMAIN_SPEC
from contract_review_sha_spa.governance import GovernanceCheckOutput, check_governance
from contract_review_sha_spa.registrations import SKILLS

# The checklist of the original project (shared/seeds/README.md).
SEED_CHECKLIST = [
    ("1", "定义与解释", Priority.HIGH),
    ("2", "交易结构与对价", Priority.CRITICAL),
    ("3", "先决条件", Priority.CRITICAL),
    ("4", "陈述与保证", Priority.CRITICAL),
    ("5", "交割前承诺", Priority.HIGH),
    ("6", "交割机制", Priority.HIGH),
    ("7", "赔偿条款", Priority.CRITICAL),
    ("8", "竞业限制与保密", Priority.HIGH),
    ("9", "治理结构", Priority.CRITICAL),
    ("10", "退出机制", Priority.HIGH),
    ("11", "争议解决", Priority.HIGH),
]


def test_checklist_matches_the_seed() -> None:
    assert [(i.clause_id, i.clause_name, i.priority) for i in CHECKLIST] == SEED_CHECKLIST


def test_seed_skill_assignments() -> None:
    by_id = {item.clause_id: item for item in CHECKLIST}
    assert "transaction_doc_cross_check" in by_id["4"].required_skills
    assert "sha_governance_check" in by_id["9"].required_skills
    assert "spa_extract_conditions" in by_id["3"].required_skills
    assert "spa_extract_reps_warranties" in by_id["4"].required_skills
    assert "spa_indemnity_analysis" in by_id["7"].required_skills


def test_items_have_english_names_and_bilingual_keywords() -> None:
    for item in CHECKLIST:
        assert item.clause_name_en and item.description
        assert any(k.isascii() for k in item.keywords)
        assert any(not k.isascii() for k in item.keywords)


def test_skill_statuses() -> None:
    status = {skill.skill_id: (skill.status, skill.backend) for skill in SKILLS}
    assert status == {
        "spa_extract_conditions": (SkillStatus.ACTIVE, SkillBackend.LOCAL),
        "spa_extract_reps_warranties": (SkillStatus.ACTIVE, SkillBackend.LOCAL),
        "spa_indemnity_analysis": (SkillStatus.ACTIVE, SkillBackend.LOCAL),
        "sha_governance_check": (SkillStatus.ACTIVE, SkillBackend.LOCAL),
        "transaction_doc_cross_check": (SkillStatus.ACTIVE, SkillBackend.LOCAL),
    }
    governance = next(s for s in SKILLS if s.skill_id == "sha_governance_check")
    assert governance.handler is check_governance
    assert governance.output_model is GovernanceCheckOutput
    cross_check = next(s for s in SKILLS if s.skill_id == "transaction_doc_cross_check")
    assert cross_check.handler is search_reference_doc  # SPEC-16 §4.1: no wrapper


def test_document_roles() -> None:
    kinds = {role.role: role.kind for role in DOMAIN_SPEC.document_roles}
    assert kinds == {
        "primary": "primary",
        "disclosure_letter": "disclosure_letter",
        "reference": "reference",
    }


def _rule(rule_id: str) -> PlaybookRule:
    return next(rule for rule in DOMAIN_SPEC.playbook_rules if rule.rule_id == rule_id)


def _matches(rule: PlaybookRule, text: str) -> bool:
    return any_match(rule.patterns, text)


def test_playbook_is_the_shipped_data_file() -> None:
    playbook = DOMAIN_SPEC.playbook
    assert (playbook.playbook_id, playbook.version) == ("sha_spa", "1.0.0")
    categories = {rule.category for rule in playbook.rules}
    assert {
        "indemnity_no_cap",
        "indemnity_no_basket",
        "warranty_survival_long_or_unlimited",
        "reserved_matters_missing_or_simple_majority",
    } <= categories


@pytest.mark.parametrize(
    ("rule_id", "text", "matched"),
    [
        ("sha_spa_no_long_stop_date", "if not satisfied by the Long Stop Date", True),
        ("sha_spa_no_long_stop_date", "如条件未能于最后截止日前满足", True),
        ("sha_spa_indemnity_cap_absent", "卖方的赔偿责任总额不超过交易对价的30%。", True),
        ("sha_spa_indemnity_cap_absent", "The Seller shall indemnify the Buyer.", False),
        ("sha_spa_no_reserved_matters", "the reserved matters require consent", True),
        ("sha_spa_knowledge_qualified_warranties", "据卖方所知，不存在诉讼", True),
    ],
)
def test_rule_patterns(rule_id: str, text: str, matched: bool) -> None:
    assert _matches(_rule(rule_id), text) is matched


def test_drag_along_threshold_rule_captures_the_percentage() -> None:
    rule = _rule("sha_spa_drag_along_low_threshold")
    assert not find_hits(rule, "Holders of 40% of the shares may exercise the drag-along right")
    hits = find_hits(rule, "The drag-along right may be exercised by holders of 40% of the Shares.")
    assert [hit.value.value for hit in hits if hit.value] == [40]
    assert not find_hits(
        rule, "The drag-along right may be exercised by holders of 75% of the Shares."
    )
    assert rule.threshold == 50 and rule.comparison == "lt"
