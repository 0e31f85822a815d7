"""The shipped playbooks on one-sided and balanced terms written in our own words,
English and Chinese: each one-sided term is flagged high or critical at its clause, and
no balanced term is flagged high."""

from __future__ import annotations

import pytest

from contract_review.documents.loading import parse_text

from .playbook_review import domain_spec, flagged, review
from .term_samples import BALANCED, ONE_SIDED, Case, clause_id, contract_text


def _case_id(case: Case) -> str:
    return f"{case[0]}-{case[1]}-{case[5][:30]}"


@pytest.mark.parametrize("case", ONE_SIDED, ids=[_case_id(c) for c in ONE_SIDED])
def test_one_sided_term_is_flagged(case: Case) -> None:
    domain, category_id, parties, number, title, text = case
    spec = domain_spec(domain)
    document = parse_text(contract_text(parties, number, title, text), name="contract.txt")
    findings = review(spec, document)
    assert flagged(spec, document, findings, category_id, clause_id(number)), [
        (f.finding_id, f.risk_level.value) for f in findings
    ]


@pytest.mark.parametrize("case", BALANCED, ids=[_case_id(c) for c in BALANCED])
def test_balanced_term_is_not_flagged_high(
    case: Case,
) -> None:
    domain, category_id, parties, number, title, text = case
    spec = domain_spec(domain)
    document = parse_text(contract_text(parties, number, title, text), name="contract.txt")
    findings = review(spec, document)
    assert not flagged(spec, document, findings, category_id, clause_id(number))
