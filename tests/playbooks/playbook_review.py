"""Helpers for the playbook tests: review a parsed document the way the offline engine
does (locate each checklist item with core's locator, then apply the playbook), and
read findings back against expected terms."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from contract_review.documents.loading import parse_text
from contract_review.documents.locate import locate_checklist_item
from contract_review.documents.model import Document
from contract_review.domain import DomainSpec, RiskLevel
from contract_review.playbooks.clause_assessment import assess_clause, assess_document_rules
from contract_review.playbooks.finding_selection import rule_id_of
from contract_review.playbooks.party_sides import PartySide
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.findings import Finding
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN, THROWAWAY_DOMAIN_ID

HIGH = frozenset({RiskLevel.HIGH, RiskLevel.CRITICAL})


def domain_spec(domain_id: str) -> DomainSpec:
    """The DomainSpec a plugin registers (``contract_review_<domain>.checklist``), or the
    testing kit's throwaway domain for its id.

    Skips the calling test when the plugin is not installed (``nox -s core_only``): these
    tests judge the shipped playbooks themselves.
    """
    if domain_id == THROWAWAY_DOMAIN_ID:
        return THROWAWAY_DOMAIN
    package = f"contract_review_{domain_id}"
    if importlib.util.find_spec(package) is None:
        distribution = package.replace("_", "-")
        pytest.skip(f"needs the domain plugin {distribution} (not installed)")
    spec: DomainSpec = importlib.import_module(f"{package}.checklist").DOMAIN_SPEC
    return spec


def review(spec: DomainSpec, document: Document, party: PartySide | None = None) -> list[Finding]:
    """Every finding of ``spec``'s playbook on ``document``: located items through
    :func:`assess_clause`, the others through their document-scope rules."""
    findings: list[Finding] = []
    for item in spec.checklist:
        section = locate_checklist_item(document, item)
        if section is None:
            findings += assess_document_rules(spec.playbook, item, [document], party=party)
        else:
            location = ClauseLocation.of_section(document, section)
            findings += assess_clause(spec.playbook, item, [location], [document], party=party)
    return findings


def review_text(domain_id: str, text: str, party: PartySide | None = None) -> list[Finding]:
    """:func:`review` of ``text`` parsed as a contract."""
    return review(domain_spec(domain_id), parse_text(text, name="contract.txt"), party)


def category(spec: DomainSpec, finding: Finding) -> str:
    """The category of the rule behind ``finding``."""
    rule_id = rule_id_of(finding)
    return next(rule.category for rule in spec.playbook.rules if rule.rule_id == rule_id)


def covers(document: Document, finding: Finding, clause_id: str) -> bool:
    """True when ``finding`` is about the section ``clause_id``: the same id, or its
    quoted passage holds that section (a finding on 14 quoting 14.2) or lies inside it."""
    if finding.clause_id == clause_id:
        return True
    section = document.find(clause_id)
    if section is None:
        return False
    for evidence in finding.evidence:
        if evidence.kind != "clause" or evidence.source != document.name:
            continue
        if evidence.start is None or evidence.end is None:
            continue
        holds = evidence.start <= section.text_start and section.text_end <= evidence.end
        inside = section.start <= evidence.start and evidence.end <= section.end
        if holds or inside:
            return True
    return False


def flagged(
    spec: DomainSpec,
    document: Document,
    findings: list[Finding],
    category_id: str,
    clause_id: str,
) -> list[Finding]:
    """The high or critical findings of ``category_id`` about ``clause_id``."""
    return [
        f
        for f in findings
        if f.risk_level in HIGH
        and category(spec, f) == category_id
        and covers(document, f, clause_id)
    ]
