"""The assess_deviation skill: active, and runs the playbook rules it is given on the
clause text, through the same assessor as the offline review."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from contract_review.builtin.generic_skills import GENERIC_SKILLS
from contract_review.documents.loading import parse_text
from contract_review.domain import RiskLevel
from contract_review.playbooks.deviation_assessment import assess_deviation
from contract_review.playbooks.rule_models import PlaybookRule, Redline
from contract_review.registry import load_registry
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.generic.deviation_models import AssessDeviationInput
from contract_review.skills.registration import SkillStatus
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, THROWAWAY_PLAYBOOK

from .playbook_review import domain_spec

CLAUSE = (
    "The Contractor shall give notice of a claim not later than fourteen (14) days after "
    "the event, failing which the Employer shall be discharged from all liability."
)
DOCUMENT = parse_text(
    'CONTRACT\n\nMade between Harbourline Ltd (the "Employer") and Meridian Co. (the '
    f'"Contractor").\n\nClause 20 Claims\n20.1 Contractor\'s Claims\n{CLAUSE}\n',
    name="epc.txt",
)


class ClaimRules(NamedTuple):
    """A playbook's rules on the claim notice, and the one that fires on :data:`CLAUSE`."""

    rules: list[PlaybookRule]
    fires: str


def _fidic_claim_rules() -> ClaimRules:
    rules = list(domain_spec("fidic").playbook.rules_for("20.1"))
    return ClaimRules(rules, "fidic_claim_notice_shorter_than_28_days")


@pytest.fixture(
    params=[
        pytest.param(THROWAWAY_DOMAIN_ID, id=THROWAWAY_DOMAIN_ID),
        pytest.param("fidic", marks=pytest.mark.requires_domain("fidic")),
    ]
)
def claim_rules(request: pytest.FixtureRequest) -> ClaimRules:
    """The claim-notice rules of the throwaway domain (core's own test) and of FIDIC."""
    if request.param == THROWAWAY_DOMAIN_ID:
        rules = list(THROWAWAY_PLAYBOOK.rules_for("6"))
        return ClaimRules(rules, "throwaway_claim_notice_shorter_than_28_days")
    return _fidic_claim_rules()


def test_registered_active_with_its_handler() -> None:
    skill = next(s for s in GENERIC_SKILLS if s.skill_id == "assess_deviation")
    assert skill.status is SkillStatus.ACTIVE
    assert skill.resolve_handler() is assess_deviation


def test_rules_that_fire_become_deviations(claim_rules: ClaimRules) -> None:
    result = assess_deviation(
        AssessDeviationInput(
            clause_id="20.1",
            clause_text=CLAUSE,
            playbook_rules=claim_rules.rules,
            document_structure=DOCUMENT,
        )
    )
    [deviation] = result.deviations
    assert deviation.rule_id == claim_rules.fires
    assert deviation.risk_level is RiskLevel.HIGH and result.overall_risk is RiskLevel.HIGH
    assert deviation.evidence == "fourteen (14) days"
    assert "28 days" in deviation.suggested_redline and deviation.rationale
    assert result.method == "playbook" and "1 deviation(s)" in result.summary


@pytest.mark.requires_domain("fidic")
def test_our_party_ranks_the_deviations() -> None:
    """The FIDIC rule burdens the contractor and its playbook knows the employer across
    the table, as this clause names them both."""
    rules = _fidic_claim_rules().rules

    def run(party: str) -> RiskLevel | None:
        data = AssessDeviationInput(
            clause_id="20.1",
            clause_text=CLAUSE,
            our_party=party,
            playbook_rules=rules,
            document_structure=DOCUMENT,
        )
        return assess_deviation(data).overall_risk

    assert run("Contractor") is RiskLevel.HIGH
    assert run("Harbourline") is RiskLevel.LOW  # the Employer: the term favours it
    data = AssessDeviationInput(
        clause_id="20.1", clause_text=CLAUSE, our_party="Nobody", playbook_rules=rules
    )
    result = assess_deviation(data)
    assert result.overall_risk is RiskLevel.HIGH
    assert "does not name the party 'Nobody'" in result.summary


def test_nothing_to_assess(claim_rules: ClaimRules) -> None:
    rules = claim_rules.rules
    empty = assess_deviation(AssessDeviationInput(clause_id="20.1", playbook_rules=rules))
    assert empty.deviations == [] and "No clause text" in empty.summary
    no_rules = assess_deviation(AssessDeviationInput(clause_id="20.1", clause_text=CLAUSE))
    assert no_rules.deviations == [] and "No playbook rules" in no_rules.summary
    fine = assess_deviation(
        AssessDeviationInput(
            clause_id="20.1",
            clause_text=CLAUSE.replace("fourteen (14)", "twenty-eight (28)"),
            playbook_rules=rules,
        )
    )
    assert fine.deviations == [] and fine.overall_risk is None


async def test_runs_through_the_dispatcher() -> None:
    rule = PlaybookRule(
        rule_id="cap_absent",
        clause_id="17.6",
        description="No cap.",
        patterns=("shall not exceed",),
        when="absent",
        risk_level=RiskLevel.CRITICAL,
        redline=Redline(kind="append", text="Liability is capped."),
    )
    dispatcher = SkillDispatcher(load_registry(load_entrypoints=False))
    payload = AssessDeviationInput(
        clause_id="17.6",
        clause_text="The Contractor is liable for all loss.",
        playbook_rules=[rule],
    )
    result = await dispatcher.call("assess_deviation", payload)
    assert result.success, result.error
    assert result.data is not None
    assert result.data["overall_risk"] == "critical"
    assert [d["rule_id"] for d in result.data["deviations"]] == ["cap_absent"]
