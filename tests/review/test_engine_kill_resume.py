"""A review killed with SIGKILL mid-way resumes from its latest checkpoint and ends
with the same findings as a review that was never interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from contract_review.review.checkpoints import latest_state_data
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, write_throwaway_contract

from .engine_fixtures import make_engine, make_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
REVIEW_ID = "rv-kill-test"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")

# The child reviews slowly (a plugin sleeps after each analysed clause) so the parent
# can kill it part-way through.
CHILD = textwrap.dedent(
    """
    import sys, time
    from contract_review import hookimpl, load_registry, load_settings
    from contract_review.review.engine import ReviewEngine
    from contract_review.review.engine_request import DocumentInput, ReviewRequest
    from contract_review.storage.sqlite_backend import SqliteStorage
    from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, THROWAWAY_PLUGIN

    class Slow:
        @hookimpl
        def route_after_analyze(self, state, clause_plan):
            time.sleep(0.2)
            return None

    store, data_dir, contract, review_id = sys.argv[1:5]
    settings = load_settings(data_dir=data_dir, use_orchestrator=False, llm_provider="none")
    registry = load_registry(settings=settings, extra_plugins=(THROWAWAY_PLUGIN, ("slow", Slow())))
    engine = ReviewEngine(registry, settings=settings, storage=SqliteStorage(store), llm=None)
    request = ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=contract)])
    engine.start(request, review_id=review_id)
    """
)


def _comparable(findings: list) -> list[dict]:  # type: ignore[type-arg]
    return [f.model_dump(mode="json") for f in findings]


def test_sigkill_then_resume_gives_the_same_findings(tmp_path: Path) -> None:
    store = tmp_path / "killed.sqlite3"
    contract = write_throwaway_contract(tmp_path)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(store), str(tmp_path / "data"), str(contract), REVIEW_ID],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    seen = 0
    try:
        while time.monotonic() < deadline and child.poll() is None:
            if store.exists():
                with SqliteStorage(store) as peek:
                    seen = len(peek.checkpoints(REVIEW_ID))
                if seen >= 15:  # a few clauses in, well before the end
                    break
            time.sleep(0.05)
        assert child.poll() is None, child.stderr.read().decode() if child.stderr else ""
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    with SqliteStorage(store) as storage:
        latest = latest_state_data(storage, REVIEW_ID)
        assert latest is not None and latest["status"] == "running"
        done_before = len(latest["clause_reviews"])
    assert 0 < done_before < 12

    registry = make_registry()
    resumed_engine = make_engine(tmp_path, registry)
    resumed_engine.storage = SqliteStorage(store)
    resumed = resumed_engine.resume(REVIEW_ID)
    assert resumed.status == "complete"

    fresh_dir = tmp_path / "fresh"
    fresh_dir.mkdir()
    uninterrupted = make_engine(fresh_dir, registry).start(
        ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])
    )
    assert _comparable(resumed.findings) == _comparable(uninterrupted.findings)
    assert resumed.done_clause_ids == uninterrupted.done_clause_ids
    assert [r.steps for r in resumed.clause_reviews] == [
        r.steps for r in uninterrupted.clause_reviews
    ]
