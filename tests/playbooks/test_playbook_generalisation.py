"""The shipped playbooks on whole contracts: the example contracts (the playbooks were
developed against them) and the contracts in tests/review/fixtures/unseen (written
differently on purpose). Each listed one-sided term must be flagged high or critical at
its clause, and stay so when we act for the side it burdens; no listed balanced clause
may be flagged high.

The unseen set was first run untouched, as a held-out check: 27 of its 45 terms were
flagged and none of its 26 balanced clauses. Its misses were then used to close general
gaps (party blocks such as 委托开发方（甲方）, FIDIC's Chinese terms 雇主/误期损害赔偿费,
"no limit on the total amount", decisions "final and not open to arbitration", ...), so
it is no longer a clean held-out measure; the sealed acceptance set is.

Each contract is reviewed as the offline engine does: every checklist item located with
core's ``locate_checklist_item`` and assessed, an item not located through its
document-scope rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contract_review.documents.loading import parse_file
from contract_review.documents.model import Document
from contract_review.domain import DomainSpec
from contract_review.playbooks.party_sides import resolve_party
from contract_review.playbooks.side_labels import KNOWN_SIDES, side_of_label

from .playbook_review import domain_spec, flagged, review

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES = REPO_ROOT / "tests" / "review" / "fixtures"


def _expected(name: str) -> list[tuple[str, dict[str, Any]]]:
    path = FIXTURES / name
    if not path.is_file():
        return []
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return sorted(data.items())


EXAMPLES = _expected("examples_expected.json")
UNSEEN = _expected("unseen_expected.json")
HELDOUT = _expected("heldout_expected.json")


def _load(relative: str, expected: dict[str, Any]) -> tuple[DomainSpec, Document]:
    path = REPO_ROOT / relative
    if not path.is_file():
        pytest.skip(f"{relative} is not there yet")
    return domain_spec(expected["domain"]), parse_file(path)


def _check(relative: str, expected: dict[str, Any]) -> None:
    spec, document = _load(relative, expected)
    findings = review(spec, document)
    missed = [
        term
        for term in expected.get("terms", [])
        if not flagged(spec, document, findings, term["category"], term["clause_id"])
    ]
    wrongly = [
        clause
        for clause in expected.get("balanced", [])
        if flagged(spec, document, findings, clause["category"], clause["clause_id"])
    ]
    assert not missed and not wrongly, {"missed": missed, "balanced flagged high": wrongly}
    for term in expected.get("terms", []):
        party = resolve_party(term["burdens"], [document], sides=spec.playbook.sides)
        ranked = review(spec, document, party)
        assert flagged(spec, document, ranked, term["category"], term["clause_id"]), (
            f"{term} is no longer high when we act for {party.display}"
        )


@pytest.mark.skipif(not EXAMPLES, reason="tests/review/fixtures/examples_expected.json is absent")
@pytest.mark.parametrize(("relative", "expected"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_example_contracts(relative: str, expected: dict[str, Any]) -> None:
    _check(relative, expected)


@pytest.mark.skipif(not UNSEEN, reason="tests/review/fixtures/unseen_expected.json is absent")
@pytest.mark.parametrize(("relative", "expected"), UNSEEN, ids=[name for name, _ in UNSEEN])
def test_held_out_contracts(relative: str, expected: dict[str, Any]) -> None:
    _check(relative, expected)


@pytest.mark.skipif(not HELDOUT, reason="tests/review/fixtures/heldout_expected.json is absent")
@pytest.mark.parametrize(("relative", "expected"), HELDOUT, ids=[name for name, _ in HELDOUT])
def test_second_held_out_contracts(relative: str, expected: dict[str, Any]) -> None:
    _check(relative, expected)


def _other_side(burdens: str) -> str | None:
    side = side_of_label(burdens)
    return next((s.opposite for s in KNOWN_SIDES if s.id == side), None)


@pytest.mark.skipif(not EXAMPLES, reason="tests/review/fixtures/examples_expected.json is absent")
@pytest.mark.parametrize(
    ("relative", "expected"),
    EXAMPLES + UNSEEN + HELDOUT,
    ids=[name for name, _ in EXAMPLES + UNSEEN + HELDOUT],
)
def test_terms_favouring_us_are_not_high(relative: str, expected: dict[str, Any]) -> None:
    """Acting for the other side, a term that burdens the counterparty is reported low,
    unless the rule cannot tell whom it burdens ('either')."""
    spec, document = _load(relative, expected)
    for term in expected["terms"]:
        other = _other_side(term["burdens"])
        assert other is not None, term
        party = resolve_party(other, [document], sides=spec.playbook.sides)
        still_high = flagged(
            spec, document, review(spec, document, party), term["category"], term["clause_id"]
        )
        rules = [rule for rule in spec.playbook.rules if rule.category == term["category"]]
        if all(rule.burdens != ("either",) for rule in rules):
            assert not still_high, f"{term} stays high when we act for {party.display}"
