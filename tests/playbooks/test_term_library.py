"""The shared term library: rules that say ``uses: <term>`` take the term's detection
fields, keep their own, and add ``more_*`` patterns; bad uses name the rule and the
term; the shipped playbooks share terms instead of copying patterns."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem
from contract_review.playbooks.clause_assessment import assess_document_rules
from contract_review.playbooks.playbook_loading import (
    PlaybookError,
    load_playbook_resource,
    parse_playbook,
    term_library,
)
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import PlaybookRule
from contract_review.playbooks.term_library import (
    TERM_FIELDS,
    TermLibraryError,
    check_terms,
    expand_uses,
)

PLAYBOOK = """\
schema_version: 1
playbook_id: works
domain_id: works
version: "1.0.0"
title: Works playbook
sides: [contractor, employer]
rules:
  - rule_id: works_disputes
    clause_id: disputes
    uses: dispute_decided_by_one_party
    description: One party decides disputes.
    burdens: other_party
    risk_level: high
"""


def _playbook(extra: str = "", *, rule: str = "") -> str:
    return PLAYBOOK.replace("    risk_level: high\n", f"    risk_level: high\n{extra}") + rule


def test_a_rule_using_a_term_takes_its_patterns_and_keeps_its_own_fields() -> None:
    playbook = parse_playbook(_playbook(), source="works.yaml", fmt="yaml")
    rule = playbook.rules[0]
    term = term_library()["dispute_decided_by_one_party"]
    assert list(rule.patterns) == term["patterns"]
    assert list(rule.unless) == term["unless"]
    assert rule.description == "One party decides disputes."
    assert rule.burdens == ("other_party",)


def test_more_patterns_add_to_the_term_and_own_fields_replace_it() -> None:
    extra = "    more_patterns: ['the\\s+Chairman\\s+decides']\n    unless: ['appeal']\n"
    rule = parse_playbook(_playbook(extra), source="works.yaml", fmt="yaml").rules[0]
    term = term_library()["dispute_decided_by_one_party"]
    assert list(rule.patterns) == [*term["patterns"], r"the\s+Chairman\s+decides"]
    assert rule.unless == ("appeal",)
    assert find_hits(rule, "Any dispute is final once the Chairman decides it.")


def test_an_unknown_term_names_the_file_rule_and_term() -> None:
    text = _playbook().replace("uses: dispute_decided_by_one_party", "uses: no_such_term")
    with pytest.raises(PlaybookError) as caught:
        parse_playbook(text, source="works.yaml", fmt="yaml")
    message = str(caught.value)
    assert "works.yaml" in message and "works_disputes" in message
    assert "no_such_term" in message and "dispute_decided_by_one_party" in message


def test_a_more_field_that_is_not_a_list_of_patterns_is_refused() -> None:
    with pytest.raises(PlaybookError, match=r"works_disputes.*more_unless must be a list"):
        parse_playbook(_playbook("    more_unless: 7\n"), source="works.yaml", fmt="yaml")


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "top level must be a mapping"),
        ({"schema_version": 2, "terms": {"t": {"patterns": ["x"]}}}, "schema_version must be 1"),
        ({"schema_version": 1, "terms": {}}, "non-empty mapping"),
        ({"schema_version": 1, "terms": {"t": {"risk_level": "high"}}}, "risk_level cannot be"),
        ({"schema_version": 1, "terms": {"t": {"patterns": "x"}}}, "patterns must be a list"),
    ],
)
def test_an_invalid_term_library_is_refused(data: Any, problem: str) -> None:
    with pytest.raises(TermLibraryError, match=problem):
        check_terms(data)


@given(
    st.sampled_from(sorted(TERM_FIELDS)),
    st.lists(st.from_regex(r"[a-z]{1,8}", fullmatch=True), min_size=1, max_size=4),
)
def test_a_field_of_the_rule_always_wins_over_the_term(field: str, own: list[str]) -> None:
    terms = {"t": {"patterns": ["term"], "unless": ["term"], "one_sided": True}}
    expanded = expand_uses({"uses": "t", field: own}, terms)
    assert expanded[field] == own
    assert "uses" not in expanded
    assert terms["t"] == {"patterns": ["term"], "unless": ["term"], "one_sided": True}


@pytest.mark.requires_domain("generic", "fidic")
def test_the_shipped_term_library_is_valid_and_every_term_is_used() -> None:
    terms = term_library()
    used = set()
    for package in ("contract_review_generic", "contract_review_fidic"):
        text = resources.files(package).joinpath("playbook.yaml").read_text("utf-8")
        used |= {r["uses"] for r in yaml.safe_load(text)["rules"] if "uses" in r}
        load_playbook_resource(package)  # expands and validates
    assert used == set(terms)
    for term in terms.values():
        PlaybookRule(rule_id="t", clause_id="c", description="d", **term)


@pytest.mark.requires_domain("generic", "fidic")
def test_domains_share_terms_instead_of_copying_patterns() -> None:
    generic = load_playbook_resource("contract_review_generic")
    fidic = load_playbook_resource("contract_review_fidic")
    by_id = {rule.rule_id: rule for rule in (*generic.rules, *fidic.rules)}
    pairs = [
        ("generic_dispute_decided_by_one_party", "fidic_dispute_decided_by_one_party"),
        ("generic_ground_risk_on_contractor", "fidic_ground_risk_on_contractor"),
        ("generic_penalty_accrues_without_cap", "fidic_delay_damages_accrue_without_cap"),
    ]
    for left, right in pairs:
        assert by_id[left].patterns == by_id[right].patterns
        assert by_id[left].clause_id != by_id[right].clause_id


@pytest.mark.requires_domain("generic")
def test_a_maximum_in_the_penalty_clause_itself_keeps_the_rule_quiet() -> None:
    """``unless_in_section``: the cap in the same clause counts, a cap on another party's
    late payment elsewhere does not."""
    rule = next(
        r
        for r in load_playbook_resource("contract_review_generic").rules
        if r.rule_id == "generic_penalty_accrues_without_cap"
    )
    item = ChecklistItem(clause_id=rule.clause_id, clause_name="Liquidated damages")
    playbook = Playbook(
        schema_version=1,
        playbook_id="p",
        domain_id="generic",
        version="1.0.0",
        title="p",
        sides=("party_a", "party_b"),
        rules=(rule,),
    )
    capped = (
        "第一条 工期\n乙方每延误一日，应按合同总价的千分之三向甲方支付违约金。"
        "违约金累计不超过合同总价的百分之十。\n"
    )
    late_payment_cap = (
        "第一条 工期\n乙方每延误一日，应按合同总价的千分之三向甲方支付违约金。\n"
        "第二条 付款\n甲方未按约定支付工程款的，每逾期一日按应付未付金额的万分之三支付违约金，"
        "但违约金累计不超过应付未付金额的百分之五。\n"
    )
    assert not assess_document_rules(playbook, item, [parse_text(capped, name="a.txt")])
    findings = assess_document_rules(playbook, item, [parse_text(late_payment_cap, name="b.txt")])
    assert [f.clause_id for f in findings] == ["第一条"]
