"""``review FOLDER/ --workers N``: the documents reviewed in worker processes give the
same portfolio and the same reports as one after another (ids and times aside), and a
document that cannot be read is listed with its error while the others go on."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = ("services_agreement_en.txt", "services_agreement_zh.txt", "epc_contract.txt")
_VARYING = {"review_id", "started_at", "finished_at", "timings", "decided_at", "worker"}
_REVIEW_ID = re.compile(r"rv-\d{8}-\d{6}-[0-9a-f]{6}")


def _same_run(value: Any) -> Any:
    """``value`` without what differs between two runs of one review (ids, times)."""
    if isinstance(value, dict):
        return {k: _same_run(v) for k, v in value.items() if k not in _VARYING}
    if isinstance(value, list):
        return [_same_run(v) for v in value]
    if isinstance(value, str):
        return _REVIEW_ID.sub("rv-…", value)
    return value


def _review(folder: Path, out: Path, workers: int, *more: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli,
        [
            "review",
            str(folder),
            "--domain",
            "generic",
            "--out",
            str(out),
            "--workers",
            str(workers),
            *more,
        ],
        obj=CliState(),
    )
    assert result.exit_code == 0, result.output
    reports = {
        d.name: _same_run(json.loads((d / "report.json").read_text(encoding="utf-8")))
        for d in sorted(out.iterdir())
        if d.is_dir()
    }
    portfolio = json.loads((out / "portfolio.json").read_text(encoding="utf-8"))
    return {"portfolio": _same_run(portfolio), "reports": reports, "output": result.output}


@pytest.mark.requires_domain("generic")
def test_two_workers_give_what_one_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    folder = tmp_path / "room"
    folder.mkdir()
    for name in EXAMPLES:
        shutil.copy(REPO / "examples" / name, folder / name)
    (folder / "blank.txt").write_text("", encoding="utf-8")
    one = _review(folder, tmp_path / "one", workers=1)
    two = _review(folder, tmp_path / "two", workers=2)
    assert two["portfolio"] == one["portfolio"]
    assert two["reports"] == one["reports"] and len(one["reports"]) == 3
    entries = one["portfolio"]["entries"]
    assert [e["document"] for e in entries] == sorted([*EXAMPLES, "blank.txt"])
    assert [e["status"] for e in entries if e["document"] == "blank.txt"] == ["failed"]
    assert "blank.txt: not reviewed:" in two["output"]
    english = next(e for e in entries if e["document"] == "services_agreement_en.txt")
    chinese = next(e for e in entries if e["document"] == "services_agreement_zh.txt")
    assert "Cap On Liability" in english["issues"]
    assert "Termination For Convenience" in chinese["issues"]  # one name across languages


@pytest.mark.requires_domain("generic")
def test_a_re_run_keeps_what_is_done_and_reviews_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    folder = tmp_path / "room"
    folder.mkdir()
    for name in EXAMPLES:
        shutil.copy(REPO / "examples" / name, folder / name)
    out = tmp_path / "out"
    first = _review(folder, out, workers=1)
    assert "kept" not in first["output"]

    again = _review(folder, out, workers=1)
    assert again["output"].count("unchanged since its complete review; kept") == 3
    assert again["portfolio"] == first["portfolio"] and again["reports"] == first["reports"]

    # a changed file, and a report lost (a run stopped before writing it): reviewed again
    with (folder / "epc_contract.txt").open("a", encoding="utf-8") as handle:
        handle.write("\n")
    shutil.rmtree(out / "services_agreement_zh")
    third = _review(folder, out, workers=1)
    assert third["output"].count("; kept") == 1
    assert "services_agreement_en.txt: unchanged" in third["output"]
    assert "epc_contract.txt: critical" in third["output"]
    assert "services_agreement_zh.txt: critical" in third["output"]

    forced = _review(folder, out, 1, "--force")
    assert "kept" not in forced["output"]


def test_the_portfolio_ranks_documents_and_gathers_key_issues() -> None:
    from contract_review.reports.markdown_report import render_portfolio_markdown
    from contract_review.reports.report_outline import issues_across, ranked_entries
    from contract_review.review.report_models import PortfolioEntry, PortfolioReport, RiskSummary
    from contract_review.storage.records import utc_now

    def entry(
        name: str, high: int, critical: int = 0, issues: tuple[str, ...] = ()
    ) -> PortfolioEntry:
        summary = RiskSummary(high=high, critical=critical)
        return PortfolioEntry(
            document=name, status="complete", summary=summary, issues=list(issues)
        )

    report = PortfolioReport(
        folder="room",
        domain_id="generic",
        entries=[
            entry("a.txt", 1, issues=("Payment Terms",)),
            PortfolioEntry(document="b.txt", status="failed", error="unreadable"),
            entry("c.txt", 3, issues=("Cap On Liability", "Payment Terms")),
            entry("d.txt", 0, critical=1, issues=("Cap On Liability",)),
            entry("e.txt", 3),
        ],
        summary=RiskSummary(),
        started_at=utc_now(),
    )
    assert [e.document for e in ranked_entries(report)] == [
        "d.txt",
        "c.txt",
        "e.txt",
        "a.txt",
        "b.txt",
    ]
    assert issues_across(report) == [
        ("Cap On Liability", ["c.txt", "d.txt"]),
        ("Payment Terms", ["a.txt", "c.txt"]),
    ]
    page = render_portfolio_markdown(report)
    assert page.index("d.txt") < page.index("c.txt") < page.index("a.txt")
    assert "| Cap On Liability | 2: c.txt, d.txt |" in page
