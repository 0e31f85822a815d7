"""Per-review state lives in the engine context: one registry serves reviews side by
side (the orchestrator of one never reaches the other), and a review's report is built
once."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from contract_review.builtin.orchestration import ORCHESTRATOR_PLUGIN_NAME
from contract_review.review import engine as engine_module
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.state import ReviewState
from contract_review.testing.throwaway_domain import (
    THROWAWAY_DOMAIN_ID,
    throwaway_registry,
    write_throwaway_contract,
)

from .engine_fixtures import make_engine, make_registry, write_contract


def _request(path: Path, *, orchestrator: bool) -> ReviewRequest:
    return ReviewRequest(
        domain_id="testdom",
        documents=[DocumentInput(path=str(path))],
        use_orchestrator=orchestrator,
    )


def test_one_registry_serves_two_reviews_at_once(tmp_path: Path) -> None:
    registry = make_registry()
    plugins_before = set(registry.pm.get_plugins())
    contract = write_contract(tmp_path)
    results: dict[bool, list[ReviewState]] = {True: [], False: []}
    errors: list[BaseException] = []
    seen_on_pm: list[object] = []
    start = threading.Barrier(2)

    def review(orchestrator: bool) -> None:
        try:
            folder = tmp_path / f"store-{orchestrator}"
            folder.mkdir()
            engine = make_engine(folder, llm=None, registry=registry)
            start.wait()
            for _ in range(3):
                results[orchestrator].append(
                    engine.start(_request(contract, orchestrator=orchestrator))
                )
                seen_on_pm.append(registry.pm.get_plugin(ORCHESTRATOR_PLUGIN_NAME))
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=review, args=(flag,)) for flag in (True, False)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert {s.plan_source for s in results[True]} == {"orchestrator"}
    assert all("no LLM is configured" in s.plan_note for s in results[True])
    assert {s.plan_source for s in results[False]} == {"default"}
    assert all("orchestrator off" in s.plan_note for s in results[False])
    assert all(s.status == "complete" for runs in results.values() for s in runs)
    findings = {tuple(f.finding_id for f in s.findings) for runs in results.values() for s in runs}
    assert len(findings) == 1  # same contract, same findings, whoever planned
    assert seen_on_pm == [None] * 6 and set(registry.pm.get_plugins()) == plugins_before


def test_the_report_is_built_once_per_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    real = engine_module.build_report

    def counting(state: ReviewState, **kwargs: Any) -> Any:
        built.append(state.review_id)
        return real(state, **kwargs)

    monkeypatch.setattr(engine_module, "build_report", counting)
    engine = make_engine(tmp_path, llm=None)
    state = engine.start(_request(write_contract(tmp_path), orchestrator=False))
    report = engine.report(state)  # what the CLI writes
    assert built == [state.review_id]
    assert engine.report(state) is report
    stored = engine.storage.load(engine_module.RECORD_KIND, state.review_id)
    assert stored is not None and stored.data["report"]["review_id"] == state.review_id
    state.notes.append("a reviewer's note")  # a changed state gets a new report
    assert engine.report(state) is not report and len(built) == 2


def test_the_cli_writes_the_report_the_engine_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from contract_review.cli.context import CliState
    from contract_review.cli.main import cli

    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    built: list[str] = []
    real = engine_module.build_report

    def counting(state: ReviewState, **kwargs: Any) -> Any:
        built.append(state.review_id)
        return real(state, **kwargs)

    monkeypatch.setattr(engine_module, "build_report", counting)
    contract = write_throwaway_contract(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli,
        ["review", str(contract), "--domain", THROWAWAY_DOMAIN_ID, "--out", str(out)],
        obj=CliState(registry_factory=throwaway_registry),
    )
    assert result.exit_code == 0, result.output
    assert len(built) == 1 and (out / "report.json").is_file()
