"""``contract-review review``: reports written, exit codes, clear errors, resume, folders.

The CLI reviews with the testing kit's throwaway domain (core's built-ins and that
domain, no installed plugin), so these tests run with no domain plugin installed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.cli.review_arguments import reference_pairs
from contract_review.config import load_settings
from contract_review.registry import Registry
from contract_review.review.report_models import PortfolioReport, ReviewReport
from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN_ID,
    THROWAWAY_REFERENCE_ROLE,
    throwaway_registry,
    write_throwaway_contract,
)

DOMAIN = THROWAWAY_DOMAIN_ID
ROLE = THROWAWAY_REFERENCE_ROLE


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    monkeypatch.delenv("CONTRACT_REVIEW_USE_ORCHESTRATOR", raising=False)


@pytest.fixture
def contract(tmp_path: Path) -> Path:
    """The throwaway domain's contract, written under ``tmp_path/contracts``."""
    return write_throwaway_contract(tmp_path / "contracts")


def _registry(*, strict: bool = False) -> Registry:
    """What the CLI loads (settings from the environment), with the throwaway domain
    and no installed plugin."""
    return throwaway_registry(settings=load_settings(), strict=strict)


def state() -> CliState:
    return CliState(registry_factory=_registry)


def invoke(args: list[str]) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], obj=state())


def test_review_writes_three_reports(tmp_path: Path, contract: Path) -> None:
    out = tmp_path / "out"
    result = invoke(["review", contract, "--domain", DOMAIN, "--out", out])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json", "report.md"]
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    assert report.status == "complete"
    assert report.meta.domain_id == DOMAIN
    assert f"review of {THROWAWAY_CONTRACT_NAME}" in result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    markdown = (out / "report.md").read_text(encoding="utf-8")
    for finding in report.findings:
        assert finding.finding_id in markdown or finding.title in markdown
        assert finding.clause_id in html


def test_fail_on_exits_1_when_such_findings_exist(tmp_path: Path, contract: Path) -> None:
    result = invoke(["review", contract, "--domain", DOMAIN, "--out", tmp_path, "--fail-on", "low"])
    assert result.exit_code == 1, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--domain", "leases"], "leases"),
        (["--domain", DOMAIN, "--reference", "absent.txt", "--role", ROLE], "absent.txt"),
        (
            ["--domain", DOMAIN, "--reference", "{contract}", "--role", "annex"],
            "no document role 'annex'",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, contract: Path, args: list[str], message: str
) -> None:
    args = [str(contract) if arg == "{contract}" else arg for arg in args]
    result = invoke(["review", contract, *args, "--out", tmp_path / "out"])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_reference_that_fails_to_parse_is_named(tmp_path: Path, contract: Path) -> None:
    broken = tmp_path / "requirements.txt"
    broken.write_bytes(b"\x00\x01\x02binary\x00" * 50)
    result = invoke(
        [
            "review",
            contract,
            "--domain",
            DOMAIN,
            "--reference",
            broken,
            "--role",
            ROLE,
            "--out",
            tmp_path / "o",
        ]
    )
    assert result.exit_code == 2, result.output
    assert f"{ROLE} document" in result.output and "requirements.txt" in result.output


def test_missing_contract_and_empty_contract(tmp_path: Path) -> None:
    result = invoke(["review", tmp_path / "nope.txt", "--domain", DOMAIN, "--out", tmp_path])
    assert result.exit_code == 2 and "file not found" in result.output
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    result = invoke(["review", empty, "--domain", DOMAIN, "--out", tmp_path])
    assert result.exit_code == 2 and "is empty" in result.output


def test_role_pairs_follow_their_reference(contract: Path) -> None:
    args = ["x.txt", "--reference", "a.txt", "--role", "er", "--reference=b.txt", "--out", "o"]
    assert reference_pairs(args) == [("a.txt", "er"), ("b.txt", "reference")]
    result = invoke(
        [
            "review",
            contract,
            "--role",
            ROLE,
            "--reference",
            "a.txt",
            "--domain",
            DOMAIN,
            "--out",
            "o",
        ]
    )
    assert result.exit_code == 2 and "must follow the --reference" in result.output


def test_resume_and_list(tmp_path: Path, contract: Path) -> None:
    out = tmp_path / "out"
    assert invoke(["review", contract, "--domain", DOMAIN, "--out", out]).exit_code == 0
    review_id = json.loads((out / "report.json").read_text(encoding="utf-8"))["review_id"]
    listed = invoke(["review", "--list"])
    assert review_id in listed.output and "complete" in listed.output
    again = invoke(["review", "--resume", review_id, "--out", tmp_path / "again"])
    assert again.exit_code == 0, again.output
    assert (
        json.loads((tmp_path / "again" / "report.json").read_text(encoding="utf-8"))["review_id"]
        == review_id
    )
    unknown = invoke(["review", "--resume", "rv-none", "--out", tmp_path])
    assert unknown.exit_code == 2 and "no review 'rv-none'" in unknown.output


def test_a_folder_gets_a_portfolio(tmp_path: Path) -> None:
    room = tmp_path / "room"
    room.mkdir()
    (room / "a.txt").write_text(THROWAWAY_CONTRACT, encoding="utf-8")
    (room / "b.txt").write_text(THROWAWAY_CONTRACT, encoding="utf-8")
    (room / "c.txt").write_text("", encoding="utf-8")
    (room / "notes.bin").write_bytes(b"\x00")
    out = tmp_path / "out"
    result = invoke(["review", room, "--domain", DOMAIN, "--out", out])
    assert result.exit_code == 0, result.output
    portfolio = PortfolioReport.model_validate_json(
        (out / "portfolio.json").read_text(encoding="utf-8")
    )
    assert [e.document for e in portfolio.entries] == ["a.txt", "b.txt", "c.txt"]
    assert [e.status for e in portfolio.entries] == ["complete", "complete", "failed"]
    assert "is empty" in portfolio.entries[2].error
    assert (out / "a" / "report.html").is_file() and (out / "portfolio.html").is_file()
    assert portfolio.summary.total == sum(e.summary.total for e in portfolio.entries)


def test_an_invalid_playbook_file_is_named(tmp_path: Path, contract: Path) -> None:
    playbook = tmp_path / "ours.yaml"
    playbook.write_text(
        f"schema_version: 1\nplaybook_id: ours\ndomain_id: {DOMAIN}\nversion: '1.0.0'\n"
        "title: Ours\nrules:\n  - rule_id: r1\n    clause_id: '6'\n    description: d\n"
        "    patterns: ['(unclosed']\n",
        encoding="utf-8",
    )
    result = invoke(
        ["review", contract, "--domain", DOMAIN, "--playbook", playbook, "--out", tmp_path / "o"]
    )
    assert result.exit_code == 2, result.output
    assert "ours.yaml" in result.output and "r1" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "o").exists()
    missing = invoke(
        [
            "review",
            contract,
            "--domain",
            DOMAIN,
            "--playbook",
            tmp_path / "none.yaml",
            "--out",
            tmp_path,
        ]
    )
    assert missing.exit_code == 2 and "none.yaml" in missing.output


def test_a_users_playbook_replaces_the_domains(tmp_path: Path, contract: Path) -> None:
    playbook = tmp_path / "strict.toml"
    playbook.write_text(
        f'schema_version = 1\nplaybook_id = "strict"\ndomain_id = "{DOMAIN}"\nversion = "2.1.0"\n'
        'title = "Strict"\n\n[[rules]]\nrule_id = "any_governing_law"\nclause_id = "7"\n'
        'description = "A governing law is named"\npatterns = ["governed"]\nrisk_level = "critical"\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = invoke(["review", contract, "--domain", DOMAIN, "--playbook", playbook, "--out", out])
    assert result.exit_code == 0, result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    assert report.meta.playbook is not None and report.meta.playbook.version == "2.1.0"
    severe = {f.clause_id for f in report.findings if f.risk_level.value in ("high", "critical")}
    assert severe <= {"7"}  # only the user's one rule can flag anything


def test_an_unknown_party_is_a_clear_error(tmp_path: Path, contract: Path) -> None:
    result = invoke(
        [
            "review",
            contract,
            "--domain",
            DOMAIN,
            "--party",
            "Acme Widgets",
            "--out",
            tmp_path / "o",
        ]
    )
    assert result.exit_code == 2, result.output
    assert "Acme Widgets" in result.output and "Traceback" not in result.output


def test_pause_prints_the_id_and_resume_completes(tmp_path: Path, contract: Path) -> None:
    out = tmp_path / "out"
    paused = invoke(["review", contract, "--domain", DOMAIN, "--pause", "--out", out])
    assert paused.exit_code == 0, paused.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    assert report.status == "paused"
    assert f"contract-review review --resume {report.review_id}" in paused.output
    assert "Incomplete review" in (out / "report.md").read_text(encoding="utf-8")
    resumed = invoke(["review", "--resume", report.review_id, "--out", out])
    assert resumed.exit_code == 0, resumed.output
    done = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    assert done.status == "complete" and done.review_id == report.review_id
    assert done.approvals and all(a.decision == "proposed" for a in done.approvals)


def test_interactive_approval_records_each_decision(tmp_path: Path, contract: Path) -> None:
    out = tmp_path / "out"
    # approve the first change, reject the second, leave the rest proposed
    answers = "a\nr\n" + "p\n" * 40
    result = CliRunner().invoke(
        cli,
        ["review", str(contract), "--domain", DOMAIN, "--interactive", "--out", str(out)],
        obj=state(),
        input=answers,
    )
    assert result.exit_code == 0, result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    decisions = [a.decision for a in report.approvals]
    assert decisions[:2] == ["approved", "rejected"]
    assert set(decisions[2:]) <= {"proposed"}
    assert all(a.by == "interactive" for a in report.approvals)


def test_reports_that_cannot_be_written_leave_the_review_stored(
    tmp_path: Path, contract: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    failed = invoke(["review", contract, "--domain", DOMAIN, "--out", blocked / "out"])
    assert failed.exit_code == 2
    [line] = [text for text in failed.output.splitlines() if "cannot create" in text]
    assert "Traceback" not in failed.output
    review_id = line.split("review ", 1)[1].split(" ", 1)[0]
    assert f"contract-review review --report {review_id} --out DIR" in line
    # the store says the review is complete and that its reports were not written
    [listed] = [
        text for text in invoke(["review", "--list"]).output.splitlines() if review_id in text
    ]
    assert "complete" in listed and "reports not written: cannot create" in listed
    out = tmp_path / "later"
    written = invoke(["review", "--report", review_id, "--out", out])
    assert written.exit_code == 0, written.output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["review_id"] == review_id and report["status"] == "complete"
    [listed] = [
        text for text in invoke(["review", "--list"]).output.splitlines() if review_id in text
    ]
    assert "not written" not in listed
