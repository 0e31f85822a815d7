"""The FIDIC checklist, document roles, baselines and playbook rules."""

from __future__ import annotations

import pytest

from contract_review.domain import PlaybookRule, Priority, RiskLevel
from contract_review.playbooks.rule_matching import any_match, find_hits
from contract_review_fidic.checklist import CHECKLIST, DOMAIN_SPEC
from contract_review_fidic.registrations import SKILLS

# The checklist of the original project (shared/seeds/README.md).
SEED_CHECKLIST = [
    ("1.1", "定义与解释", Priority.HIGH),
    ("1.5", "文件优先顺序", Priority.HIGH),
    ("4.1", "承包商的一般义务", Priority.CRITICAL),
    ("4.12", "不可预见的物质条件", Priority.HIGH),
    ("8.2", "竣工时间", Priority.HIGH),
    ("14.1", "合同价格", Priority.CRITICAL),
    ("14.2", "预付款", Priority.HIGH),
    ("14.7", "期中付款", Priority.HIGH),
    ("17.6", "责任限制", Priority.CRITICAL),
    ("18.1", "保险要求", Priority.HIGH),
    ("20.1", "承包商索赔", Priority.CRITICAL),
    ("20.2", "争议裁决", Priority.HIGH),
]
GENERIC_SKILLS = {
    "get_clause_context",
    "resolve_definition",
    "compare_with_baseline",
    "cross_reference_check",
    "extract_financial_terms",
    "search_reference_doc",
    "load_review_criteria",
    "assess_deviation",
}


def test_checklist_matches_the_seed() -> None:
    assert [(i.clause_id, i.clause_name, i.priority) for i in CHECKLIST] == SEED_CHECKLIST


def test_every_item_is_described_in_both_languages() -> None:
    for item in CHECKLIST:
        assert item.clause_name_en
        assert len(item.description) > 40
        assert any(k.isascii() for k in item.keywords), item.clause_id
        assert any(not k.isascii() for k in item.keywords), item.clause_id


def test_required_skills_are_own_or_generic() -> None:
    own = {skill.skill_id for skill in SKILLS}
    assert own == {
        "fidic_merge_gc_pc",
        "fidic_calculate_time_bar",
        "fidic_check_pc_consistency",
        "fidic_search_er",
    }
    used = DOMAIN_SPEC.referenced_skills()
    assert used <= own | GENERIC_SKILLS
    assert {"fidic_merge_gc_pc", "fidic_calculate_time_bar"} <= used


def test_document_roles() -> None:
    roles = {role.role: role for role in DOMAIN_SPEC.document_roles}
    assert set(roles) == {"primary", "gc", "pc", "er"}
    assert roles["primary"].required
    assert roles["gc"].kind == "baseline"
    assert roles["er"].kind == "reference"


def test_baselines_cover_key_clauses() -> None:
    for clause_id in ("17.6", "20.1", "14.2", "14.7", "4.12"):
        assert DOMAIN_SPEC.baseline_texts[clause_id]
    assert "28 days" in DOMAIN_SPEC.baseline_texts["20.1"]


def _rule(rule_id: str) -> PlaybookRule:
    return next(rule for rule in DOMAIN_SPEC.playbook_rules if rule.rule_id == rule_id)


def test_playbook_is_the_shipped_data_file() -> None:
    playbook = DOMAIN_SPEC.playbook
    assert (playbook.playbook_id, playbook.domain_id, playbook.version) == (
        "fidic",
        "fidic",
        "1.2.0",
    )
    assert {side.id for side in playbook.sides} == {"contractor", "employer"}
    covered = {rule.clause_id for rule in playbook.rules}
    assert covered == {item.clause_id for item in CHECKLIST}  # every sub-clause has a rule


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("The Contractor shall give notice within 14 days after becoming aware.", True),
        ("The Contractor shall give notice within fourteen (14) days after becoming aware.", True),
        ("The Contractor shall give notice within 28 days after becoming aware.", False),
        ("承包商应在察觉后14天内发出通知。", True),
        ("承包商应在察觉后二十八天内发出通知。", False),
    ],
)
def test_claim_notice_rule_threshold(text: str, fires: bool) -> None:
    rule = _rule("fidic_claim_notice_shorter_than_28_days")
    assert rule.risk_level is RiskLevel.HIGH
    assert rule.threshold == 28 and rule.comparison == "lt" and rule.unit == "day"
    assert bool(find_hits(rule, text)) is fires


def test_liability_cap_rule_looks_for_absent_cap() -> None:
    rule = _rule("fidic_liability_cap_absent")
    assert rule.when == "absent"
    capped = "The total liability of the Contractor shall not exceed the Contract Price."
    assert any_match(rule.patterns, capped)
    uncapped = "Neither Party shall be liable for loss of profit."
    assert not any_match(rule.patterns, uncapped)


def test_advance_payment_rule_looks_for_guarantee() -> None:
    rule = _rule("fidic_advance_payment_without_guarantee")
    assert rule.when == "absent"
    assert any_match(rule.patterns, "预付款保函应由银行开具")
    assert not any_match(rule.patterns, "The Employer shall pay an advance of 10%.")
