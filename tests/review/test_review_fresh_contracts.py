"""The offline review on the last held-out set (tests/review/fixtures/fresh): contracts
written by someone who saw neither the playbooks nor the earlier sets, and on which no
rule was tuned. Measured when the set arrived: 37 of 45 one-sided terms flagged high or
critical at their clause, 0 of 31 balanced clauses; after later general fixes made
without looking at this set, 39 of 45 and 0 of 31. The test keeps a floor of 80% and
the zero; a miss is listed, not hidden. Do not tune the playbooks on these files —
write a new set instead."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contract_review.domain import RiskLevel
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus

from .engine_fixtures import make_engine, make_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
MANIFEST: dict[str, Any] = json.loads(
    (Path(__file__).parent / "fixtures" / "fresh_expected.json").read_text(encoding="utf-8")
)
#: The share of one-sided terms that must be flagged (37/45 when the set was written).
FLOOR = 0.80


@pytest.fixture(scope="module")
def flagged(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Per contract, the clauses with a high or critical finding."""
    registry = make_registry()
    engine = make_engine(tmp_path_factory.mktemp("fresh"), registry)
    result: dict[str, set[str]] = {}
    for path, expected in MANIFEST.items():
        request = ReviewRequest(
            domain_id=expected["domain"], documents=[DocumentInput(path=str(REPO_ROOT / path))]
        )
        state = engine.start(request)
        result[path] = {
            f.clause_id
            for f in state.findings
            if f.status is FindingStatus.FOUND
            and f.risk_level in (RiskLevel.HIGH, RiskLevel.CRITICAL)
        }
    return result


def test_most_one_sided_terms_are_flagged(flagged: dict[str, set[str]]) -> None:
    terms = [(path, t) for path, entry in MANIFEST.items() for t in entry["terms"]]
    missed = [
        (p, t["category"], t["clause_id"]) for p, t in terms if t["clause_id"] not in flagged[p]
    ]
    share = 1 - len(missed) / len(terms)
    assert share >= FLOOR, f"{share:.2f} of the terms flagged; missed: {missed}"


def test_no_balanced_clause_is_flagged(flagged: dict[str, set[str]]) -> None:
    wrong = [
        (path, b["category"], b["clause_id"])
        for path, entry in MANIFEST.items()
        for b in entry.get("balanced", [])
        if b["clause_id"] in flagged[path]
    ]
    assert not wrong
