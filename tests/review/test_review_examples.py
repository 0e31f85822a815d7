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
from contract_review.review.redline_checks import (
    noop_instructions,
    redline_problem,
    repeated_phrase,
)
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


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=pytest.mark.requires_domain(MANIFEST[path]["domain"]), id=path)
        for path in sorted(MANIFEST)
    ],
)
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


@pytest.mark.requires_domain("fidic")
def test_party_ranks_the_risks_from_its_side(tmp_path: Path, registry: Any) -> None:
    path = "examples/fidic/particular_conditions.txt"
    as_employer = _review(tmp_path, registry, path, party="employer")
    assert as_employer.our_party.startswith("employer")
    # every term of this example burdens the contractor: for the employer none is severe
    terms = {t["clause_id"] for t in MANIFEST[path]["terms"]}
    assert not terms & set(_severe_at(as_employer.findings))
    as_contractor = _review(tmp_path / "c", registry, path, party="Norvane Engineering")
    assert terms <= set(_severe_at(as_contractor.findings))


@pytest.mark.requires_domain("fidic")
def test_readme_main_command_reviews_the_fidic_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command ``nox -s demo`` runs, on the CLI: three reports and the Word redline,
    one-sided terms flagged."""
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(REPO_ROOT)
    out = tmp_path / "review-out"
    args = [
        "review", "examples/fidic/particular_conditions.txt", "--domain", "fidic",
        "--reference", "examples/fidic/general_conditions.txt", "--role", "baseline",
        "--reference", "examples/fidic/employers_requirements.txt", "--role", "er",
        "--llm", "none",
        "--format", "json", "--format", "markdown", "--format", "html", "--format", "docx",
        "--out", str(out),
    ]  # fmt: skip
    noxfile = (REPO_ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert all(f'"{arg}"' in noxfile for arg in args[:-1] if not arg.startswith(str(tmp_path)))
    result = CliRunner().invoke(cli, args, obj=CliState())
    assert result.exit_code == 0, result.output
    names = ["redline.docx", "report.html", "report.json", "report.md"]
    assert sorted(p.name for p in out.iterdir()) == names
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    flagged = {f.clause_id for f in report.findings if f.risk_level in SEVERE}
    assert flagged == {"4.1", "4.12", "8.2", "14.7", "17.6", "20.1", "20.2"}
    assert report.meta.playbook is not None and report.meta.playbook.playbook_id == "fidic"
    assert report.meta.llm == "none" and report.plan.source == "default"
    evidence_kinds = {e.kind for f in report.findings for e in f.evidence}
    assert {"clause", "reference"} <= evidence_kinds  # the ER is quoted where it matches
    html = (out / "report.html").read_text(encoding="utf-8")
    assert all(f.clause_id in html for f in report.findings)
    _pin_demo_redlines(report)


def _pin_demo_redlines(report: ReviewReport) -> None:
    """The demo's redlines, as a lawyer reads them."""
    severe = [f for f in report.findings if f.risk_level in SEVERE]
    # every high or critical finding carries a verified redline (its own or its clause's)
    assert all(f.suggested_change is not None or f.redline_of for f in severe)
    carriers = [f for f in report.findings if f.suggested_change is not None]
    for finding in carriers:
        change = finding.suggested_change
        assert change is not None
        assert redline_problem(change.before, change.after) is None, finding.finding_id
    # at most one redline per clause
    assert len({f.clause_id for f in carriers}) == len(carriers)
    by_clause = {f.clause_id: f.suggested_change for f in carriers}
    # 14.7: the amendment to 90 days is struck, not rewritten to replace 56 days with 56
    pay = by_clause["14.7"]
    assert pay is not None and pay.after != pay.before
    assert "ninety (90) days" not in pay.after and not noop_instructions(pay.after)
    # 4.1: no repeated phrase, and the any-purpose wording is gone
    fit = by_clause["4.1"]
    assert fit is not None and repeated_phrase(fit.before, fit.after) is None
    assert "any and all purposes" not in fit.after and "every purpose" not in fit.after
    # 20.1: both fourteen-day periods become 28 days, in the one redline of the clause
    claims = by_clause["20.1"]
    assert claims is not None and "fourteen (14) days" in claims.before
    assert "fourteen" not in claims.after and claims.after.count("twenty-eight (28) days") == 2
    assert "forty-two (42) days" in claims.after  # the detailed claim, in the same redline
    pointing = [f for f in report.findings if f.clause_id == "20.1" and f.redline_of]
    assert pointing and all(f.suggested_change is None for f in pointing)
