"""Each general drafting class the playbooks learned from the second held-out set, on
terms written in our own words (English and Chinese): the one-sided term is flagged
high at its clause, also when we act for the side it burdens; the balanced term of the
same shape is not flagged high."""

from __future__ import annotations

import pytest

from contract_review.documents.loading import parse_text
from contract_review.playbooks.party_sides import resolve_party

from .pattern_class_samples import BALANCED_CLASSES, ONE_SIDED_CLASSES, flattened
from .playbook_review import domain_spec, flagged, review
from .term_samples import Case, clause_id, contract_text

ONE_SIDED = flattened(ONE_SIDED_CLASSES)
BALANCED = flattened(BALANCED_CLASSES)


def _case_id(item: tuple[str, Case]) -> str:
    name, case = item
    return f"{name[:30]}-{case[5][:30]}"


def _reviewed(case: Case, party: str | None = None) -> bool:
    domain, category_id, parties, number, title, text = case
    spec = domain_spec(domain)
    document = parse_text(contract_text(parties, number, title, text), name="contract.txt")
    side = None if party is None else resolve_party(party, [document], sides=spec.playbook.sides)
    findings = review(spec, document, side)
    return bool(flagged(spec, document, findings, category_id, clause_id(number)))


@pytest.mark.parametrize("item", ONE_SIDED, ids=[_case_id(i) for i in ONE_SIDED])
def test_one_sided_term_of_each_class_is_flagged(item: tuple[str, Case]) -> None:
    assert _reviewed(item[1]), item


@pytest.mark.parametrize("item", BALANCED, ids=[_case_id(i) for i in BALANCED])
def test_balanced_term_of_each_class_is_not_flagged_high(item: tuple[str, Case]) -> None:
    assert not _reviewed(item[1]), item


@pytest.mark.parametrize(
    "case",
    [
        ONE_SIDED_CLASSES["a limitation disapplied for one party"][0],
        ONE_SIDED_CLASSES["one party excludes all liability, in other words"][0],
    ],
)
def test_term_stays_high_for_the_side_it_burdens_and_not_for_the_other(case: Case) -> None:
    """Nothing in Clause 9 limits the Supplier (burdens the Supplier); the Company
    excludes its liability (burdens the Agent)."""
    burdened = "Supplier" if "Supplier" in case[5] else "Agent"
    other = "Customer" if burdened == "Supplier" else "Company"
    assert _reviewed(case, burdened)
    assert not _reviewed(case, other)
