"""The bundled examples, reviewed offline as the README says: every one-sided term the
examples hold (tests/review/fixtures/examples_expected.json) is flagged high or critical
at its clause, with a redline where the playbook proposes one; ``--party`` turns the
terms that burden the other side into low findings that favour you."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.domain import RiskLevel
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import Finding, FindingStatus
from contract_review.review.report_models import ReviewReport
from contract_review.review.state import ReviewState

from .engine_fixtures import make_engine, make_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
MANIFEST: dict[str, Any] = json.loads(
    (Path(__file__).parent / "fixtures" / "examples_expected.json").read_text(encoding="utf-8")
)
#: The reference documents each example is reviewed with (README commands).
REFERENCES: dict[str, list[tuple[str, str]]] = {
    "examples/fidic/particular_conditions.txt": [
        ("examples/fidic/general_conditions.txt", "baseline"),
        ("examples/fidic/employers_requirements.txt", "er"),
    ],
    "examples/spa/share_purchase_agreement.txt": [
        ("examples/spa/disclosure_letter.txt", "disclosure"),
    ],
}
SEVERE = (RiskLevel.HIGH, RiskLevel.CRITICAL)


@pytest.fixture(scope="module")
def registry():  # type: ignore[no-untyped-def]
    return make_registry()


def _review(tmp_path: Path, registry: Any, path: str, party: str = "") -> ReviewState:
    documents = [DocumentInput(path=str(REPO_ROOT / path))]
    documents += [
        DocumentInput(path=str(REPO_ROOT / p), role=r) for p, r in REFERENCES.get(path, [])
    ]
    request = ReviewRequest(domain_id=MANIFEST[path]["domain"], documents=documents, party=party)
    return make_engine(tmp_path, registry).start(request)


def _severe_at(findings: list[Finding]) -> dict[str, list[Finding]]:
    flagged: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.status is FindingStatus.FOUND and finding.risk_level in SEVERE:
            flagged.setdefault(finding.clause_id, []).append(finding)
    return flagged


@pytest.mark.parametrize("path", sorted(MANIFEST))
def test_each_one_sided_term_of_the_examples_is_flagged(
    tmp_path: Path, registry: Any, path: str
) -> None:
    state = _review(tmp_path, registry, path)
    assert state.status == "complete"
    flagged = _severe_at(state.findings)
    missed = [
        (t["category"], t["clause_id"])
        for t in MANIFEST[path]["terms"]
        if t["clause_id"] not in flagged
    ]
    assert not missed, f"{path}: not flagged high/critical: {missed}"
    for finding in (f for fs in flagged.values() for f in fs):
        clause = [e for e in finding.evidence if e.kind == "clause"]
        assert clause, f"{finding.finding_id} quotes no clause"
        if finding.suggested_change is not None:
            assert finding.suggested_change.before == clause[0].text
            assert finding.suggested_change.diff


def test_party_ranks_the_risks_from_its_side(tmp_path: Path, registry: Any) -> None:
    path = "examples/fidic/particular_conditions.txt"
    as_employer = _review(tmp_path, registry, path, party="employer")
    assert as_employer.our_party.startswith("employer")
    # every term of this example burdens the contractor: for the employer none is severe
    terms = {t["clause_id"] for t in MANIFEST[path]["terms"]}
    assert not terms & set(_severe_at(as_employer.findings))
    as_contractor = _review(tmp_path / "c", registry, path, party="Norvane Engineering")
    assert terms <= set(_severe_at(as_contractor.findings))


def test_readme_main_command_reviews_the_fidic_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command ``nox -s demo`` runs, on the CLI: three reports, one-sided terms flagged."""
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(REPO_ROOT)
    out = tmp_path / "review-out"
    args = [
        "review", "examples/fidic/particular_conditions.txt", "--domain", "fidic",
        "--reference", "examples/fidic/general_conditions.txt", "--role", "baseline",
        "--reference", "examples/fidic/employers_requirements.txt", "--role", "er",
        "--llm", "none", "--out", str(out),
    ]  # fmt: skip
    noxfile = (REPO_ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert all(f'"{arg}"' in noxfile for arg in args[:-1] if not arg.startswith(str(tmp_path)))
    result = CliRunner().invoke(cli, args, obj=CliState())
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json", "report.md"]
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    flagged = {f.clause_id for f in report.findings if f.risk_level in SEVERE}
    assert flagged == {"4.1", "4.12", "8.2", "14.7", "17.6", "20.1", "20.2"}
    assert report.meta.playbook is not None and report.meta.playbook.playbook_id == "fidic"
    assert report.meta.llm == "none" and report.plan.source == "default"
    evidence_kinds = {e.kind for f in report.findings for e in f.evidence}
    assert {"clause", "reference"} <= evidence_kinds  # the ER is quoted where it matches
    html = (out / "report.html").read_text(encoding="utf-8")
    assert all(f.clause_id in html for f in report.findings)
