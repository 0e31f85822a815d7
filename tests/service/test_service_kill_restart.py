"""A server killed (SIGKILL) during a review loses nothing: after a restart the review
and conversation data are intact and the review resumes and completes with the same
findings as a review that was never interrupted. The server reviews with the testing
kit's throwaway domain (no installed plugin)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN_ID,
)

from .conftest import start_server_process

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only"),
]

UPLOAD = {
    "data": {"domain": THROWAWAY_DOMAIN_ID},
    "files": {"file": (THROWAWAY_CONTRACT_NAME, THROWAWAY_CONTRACT.encode(), "text/plain")},
}

# The server reviews slowly (a plugin sleeps after each analysed clause), so the test
# can kill it part-way through a review.
SERVER = textwrap.dedent(
    """
    import sys, time
    import uvicorn
    from contract_review import hookimpl, load_settings
    from contract_review.service.app import create_app
    from contract_review.testing.throwaway_domain import throwaway_registry

    class Slow:
        @hookimpl
        def route_after_analyze(self, state, clause_plan):
            time.sleep(0.25)
            return None

    data_dir, port = sys.argv[1:3]
    settings = load_settings(
        data_dir=data_dir, llm_provider="none", use_orchestrator=False, offline=True
    )
    app = create_app(
        settings,
        registry_factory=lambda: throwaway_registry(
            settings=settings, extra_plugins=(("slow", Slow()),)
        ),
    )
    uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning")
    """
)


def _start(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    # the test polls; on a loaded machine a review takes long enough for the polls to pass
    # the default rate limit, which is not what this test is about
    env = {
        **os.environ,
        "CONTRACT_REVIEW_LLM_PROVIDER": "none",
        "CONTRACT_REVIEW_RATE_LIMIT_PER_MINUTE": "0",
    }
    return start_server_process(
        [sys.executable, "-c", SERVER, str(data_dir), str(port)], env, port, timeout=60
    )


def _findings(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    return sorted((f["finding_id"], f["clause_id"], f["risk_level"]) for f in report["findings"])


def test_kill_during_a_review_then_restart(
    tmp_path: Path, make_settings: Any, unused_port: int, throwaway_app: Any
) -> None:
    data_dir = tmp_path / "served"
    port = unused_port
    base = f"http://127.0.0.1:{port}"
    server = _start(data_dir, port)
    try:
        with httpx.Client(base_url=base, timeout=30) as http:
            created = http.post("/reviews", **UPLOAD).json()["data"]
            review_id = created["review_id"]
            conversation = http.post("/conversations", json={"metadata": {"matter": "EPC"}})
            conversation_id = conversation.json()["data"]["id"]
            deadline = time.monotonic() + 60
            while True:
                view = http.get(f"/reviews/{review_id}").json()["data"]
                progress = view.get("progress") or {}
                if view["status"] == "running" and progress.get("clauses_done", 0) >= 2:
                    break
                assert view["status"] in {"queued", "running"}, view
                assert time.monotonic() < deadline
                time.sleep(0.05)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)

    server = _start(data_dir, port)  # resumes the interrupted review on start
    try:
        with httpx.Client(base_url=base, timeout=30) as http:
            deadline = time.monotonic() + 120
            while True:
                view = http.get(f"/reviews/{review_id}").json()["data"]
                if view["status"] not in {"queued", "running"}:
                    break
                assert time.monotonic() < deadline, view
                time.sleep(0.1)
            assert view["status"] == "complete", view
            resumed = http.get(f"/reviews/{review_id}/report.json").json()
            kept = http.get(f"/conversations/{conversation_id}").json()["data"]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    with TestClient(throwaway_app(make_settings()), base_url="http://localhost") as client:
        fresh_id = client.post("/reviews", **UPLOAD).json()["data"]["review_id"]
        while client.get(f"/reviews/{fresh_id}").json()["data"]["status"] in {"queued", "running"}:
            time.sleep(0.1)
        uninterrupted = client.get(f"/reviews/{fresh_id}/report.json").json()
    assert kept["metadata"] == {"matter": "EPC"}
    assert _findings(resumed) == _findings(uninterrupted)
    assert len(resumed["clauses"]) == len(uninterrupted["clauses"])
