"""A plugin whose review hook raises is skipped for that review, named in its notes; the
review completes with the next answer (in the end, core's default)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from contract_review import hookimpl
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus

from .engine_fixtures import make_engine, make_registry, write_contract


class BrokenLocator:
    """Answers every ``locate_clauses`` call by raising."""

    @hookimpl(tryfirst=True)
    def locate_clauses(self, domain: Any, clause: Any, state: Any) -> Any:
        raise RuntimeError("index out of date")


class BrokenRouter:
    @hookimpl(tryfirst=True)
    def route_after_analyze(self, state: Any, clause_plan: Any) -> Any:
        raise KeyError("clause")


@pytest.mark.parametrize("plugin", [BrokenLocator(), BrokenRouter()])
def test_a_failing_review_hook_is_skipped_and_named(
    tmp_path: Path, plugin: object, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(tmp_path, make_registry(("broken", plugin)))
    with caplog.at_level(logging.WARNING):
        state = engine.start(
            ReviewRequest(
                domain_id="testdom",
                documents=[DocumentInput(path=str(write_contract(tmp_path)))],
            )
        )
    assert state.status == "complete"
    notes = [note for note in state.notes if "'broken'" in note]
    assert len(notes) == 1 and "skipped for this review" in notes[0]
    assert any("'broken'" in record.getMessage() for record in caplog.records)
    located = {f.clause_id for f in state.findings if f.status is FindingStatus.FOUND}
    located |= {item.clause_id for item in state.checked}
    assert {"1", "2"} <= located  # core's default found the clauses


class BrokenInputs:
    @hookimpl(tryfirst=True)
    def build_skill_input(self, skill: Any, clause: Any, domain: Any, state: Any) -> Any:
        raise ValueError("no such field")


def test_a_failing_skill_input_hook_is_skipped_and_the_review_goes_on(tmp_path: Path) -> None:
    engine = make_engine(tmp_path, make_registry(("broken", BrokenInputs())))
    state = engine.start(
        ReviewRequest(
            domain_id="testdom", documents=[DocumentInput(path=str(write_contract(tmp_path)))]
        )
    )
    assert state.status == "complete"
    assert any("'broken'" in note and "build_skill_input" in note for note in state.notes)
    assert [review.checklist_item_id for review in state.clause_reviews][:2] == ["1", "2"]


class BrokenExporter:
    @hookimpl
    def register_report_exporters(self, register: Any) -> None:
        from contract_review.reports.exporter_types import ReportExporter

        def fail(report: Any) -> str:
            raise RuntimeError("template missing")

        register(ReportExporter(name="pdfish", suffix=".pdfish", media_type="x/y", export=fail))


def test_a_failing_exporter_is_skipped_and_the_other_reports_are_written(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from contract_review.cli.context import CliState
    from contract_review.cli.main import cli
    from contract_review.testing.throwaway_domain import (
        THROWAWAY_DOMAIN_ID,
        throwaway_registry,
        write_throwaway_contract,
    )

    def factory(*, strict: bool = False) -> Any:
        return throwaway_registry(strict=strict, extra_plugins=(("broken", BrokenExporter()),))

    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli,
        [
            "review",
            str(write_throwaway_contract(tmp_path)),
            "--domain",
            THROWAWAY_DOMAIN_ID,
            "--llm",
            "none",
            "--out",
            str(out),
        ],
        obj=CliState(registry_factory=factory),
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json", "report.md"]
    assert "'pdfish' report exporter of plugin 'broken' failed" in result.stderr
