"""A review cannot hold the server: it runs in a worker process, a review over its time
limit ends as failed with that reason and is not resumed on restart, and a running
review can be cancelled or deleted. Real HTTP on 127.0.0.1, with a poisoned upload: a
contract with a 1 M-character sentence full of rule hits, which takes about twenty
seconds to review offline in the testing kit's throwaway domain (the domain every review
here uses)."""

from __future__ import annotations

import multiprocessing
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from contract_review import hookimpl
from contract_review.service.review_process import can_isolate
from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN_ID,
)

pytestmark = pytest.mark.skipif(not can_isolate(), reason="reviews run in threads here (no fork)")

SMALL = THROWAWAY_CONTRACT.encode()

POISONED = (
    "SERVICES AGREEMENT\n\n"
    "1. Services\nThe Supplier shall provide the Services described in Schedule 1.\n\n"
    "2. Special Terms\n"
    + (
        "the Customer may terminate at any time without cause, the Supplier shall have "
        "unlimited liability and shall pay a penalty for each day of delay, " * 7_500
    )
    + "\n\n3. Governing Law\nThis Agreement is governed by the laws of England and Wales.\n"
).encode()


def _upload(http: httpx.Client, content: bytes, name: str = "poisoned.txt") -> str:
    answer = http.post(
        "/reviews",
        data={"domain": THROWAWAY_DOMAIN_ID},
        files={"file": (name, content, "text/plain")},
    )
    assert answer.status_code == 202, answer.text
    review_id: str = answer.json()["data"]["review_id"]
    return review_id


def _view(http: httpx.Client | TestClient, review_id: str) -> dict[str, Any]:
    answer = http.get(f"/reviews/{review_id}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def _wait_for(http: httpx.Client, review_id: str, statuses: set[str]) -> dict[str, Any]:
    deadline = time.monotonic() + 90
    while True:
        view = _view(http, review_id)
        if view["status"] in statuses:
            return view
        assert time.monotonic() < deadline, view
        time.sleep(0.1)


def _workers() -> list[Any]:
    return [p for p in multiprocessing.active_children() if p.name == "review-worker"]


@pytest.mark.timeout(240)
def test_a_poisoned_review_stops_at_its_time_limit_while_the_server_answers(
    make_settings: Any, live_server: Any, throwaway_app: Any
) -> None:
    settings = make_settings(review_time_limit_s=12)
    with live_server(throwaway_app(settings)) as server, server.client() as http:
        with ThreadPoolExecutor(1) as pool:
            sent = pool.submit(_upload, http, POISONED)
            slowest = 0.0
            polls = 0
            while True:
                started = time.monotonic()
                assert http.get("/health").status_code == 200
                slowest = max(slowest, time.monotonic() - started)
                polls += 1
                if sent.done():
                    view = _view(http, sent.result())
                    if view["status"] not in {"queued", "running"}:
                        break
                time.sleep(0.05)
        assert polls > 20
        assert slowest < 1.0, f"/health took {slowest:.2f} s during the poisoned review"
        assert view["status"] == "failed"
        assert "12 s, the time limit" in view["error"]
        poisoned = view["review_id"]
        # the next review gets a fresh worker and completes
        done = _wait_for(
            http, _upload(http, SMALL, THROWAWAY_CONTRACT_NAME), {"complete", "failed"}
        )
        assert done["status"] == "complete", done["error"]
        assert done["summary"] is not None

    # a restart does not start it again
    with TestClient(throwaway_app(settings), base_url="http://localhost") as again:
        time.sleep(0.5)
        view = _view(again, poisoned)
        assert view["status"] == "failed"
        assert "time limit" in view["error"]
        assert not again.app.state.service.jobs.is_active(poisoned)  # type: ignore[attr-defined]


@pytest.mark.timeout(240)
def test_a_running_review_can_be_cancelled_or_deleted(
    make_settings: Any, live_server: Any, throwaway_app: Any
) -> None:
    settings = make_settings(review_time_limit_s=0)
    uploads = Path(settings.data_dir) / "uploads"
    with live_server(throwaway_app(settings)) as server, server.client() as http:
        first = _upload(http, POISONED)
        _wait_for(http, first, {"running"})
        cancelled = http.post(f"/reviews/{first}/cancel")
        assert cancelled.status_code == 200, cancelled.text
        assert cancelled.json()["data"]["status"] == "failed"
        assert "cancelled" in cancelled.json()["data"]["error"]
        assert (uploads / first).is_dir()  # cancelling keeps what was stored

        second = _upload(http, POISONED)
        _wait_for(http, second, {"running"})
        deleted = http.delete(f"/reviews/{second}")
        assert deleted.status_code == 200, deleted.text
        assert http.get(f"/reviews/{second}").status_code == 404
        assert not (uploads / second).exists()
        assert [r["review_id"] for r in http.get("/reviews").json()["data"]] == [first]
        assert len(_workers()) <= settings.review_workers
    assert _workers() == []  # the server's stop ends its workers


class _Gate:
    """Holds each review after its first analysed clause until the test opens it."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.open = threading.Event()

    @hookimpl
    def route_after_analyze(self, state: Any, clause_plan: Any) -> None:
        self.reached.set()
        self.open.wait(60)


def test_without_fork_reviews_run_in_threads_and_cannot_be_cancelled(
    make_settings: Any, monkeypatch: pytest.MonkeyPatch, throwaway_app: Any
) -> None:
    monkeypatch.setattr("contract_review.service.review_jobs.can_isolate", lambda: False)
    settings = make_settings()
    gate = _Gate()
    app = throwaway_app(settings, ("gate", gate))
    with TestClient(app, base_url="http://localhost") as http:
        review_id = _upload(http, SMALL, THROWAWAY_CONTRACT_NAME)
        assert gate.reached.wait(60)
        refused = http.post(f"/reviews/{review_id}/cancel")
        assert refused.status_code == 409, refused.text
        assert "cannot stop it" in refused.json()["error"]["message"]
        assert _workers() == []  # it runs in a thread of the server
        gate.open.set()
        deadline = time.monotonic() + 90
        while _view(http, review_id)["status"] in {"queued", "running"}:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert _view(http, review_id)["status"] == "complete"


def _hang(*_args: Any, **_kwargs: Any) -> None:
    """What a fork that caught another thread's lock does: never return."""
    time.sleep(3600)


@pytest.mark.timeout(60)
def test_a_worker_that_does_not_start_is_ended(make_settings: Any, monkeypatch: Any) -> None:
    from contract_review.service import review_process
    from contract_review.testing.throwaway_domain import throwaway_registry

    settings = make_settings()
    monkeypatch.setattr(review_process, "open_storage", _hang)  # the fork inherits it
    before = len(_workers())
    with pytest.raises(review_process.WorkerStartError, match="did not start within 1 s"):
        review_process.ReviewWorker(throwaway_registry(), settings, ready_timeout_s=1)
    assert len(_workers()) == before  # ended, not left hanging


@pytest.mark.timeout(120)
def test_when_no_worker_starts_the_review_runs_in_its_thread(
    make_settings: Any, monkeypatch: Any, throwaway_app: Any
) -> None:
    from contract_review.service import review_jobs, review_process

    started: list[int] = []

    class NeverReady:
        def __init__(self, *_args: Any, **_kwargs: Any) -> None:
            started.append(1)
            raise review_process.WorkerStartError("a review worker did not start")

    monkeypatch.setattr(review_jobs, "ReviewWorker", NeverReady)
    with TestClient(throwaway_app(make_settings()), base_url="http://localhost") as client:
        answer = client.post(
            "/reviews",
            data={"domain": THROWAWAY_DOMAIN_ID},
            files={"file": (THROWAWAY_CONTRACT_NAME, SMALL, "text/plain")},
        )
        review_id = answer.json()["data"]["review_id"]
        deadline = time.monotonic() + 90
        while (view := _view(client, review_id))["status"] in {"queued", "running"}:
            assert time.monotonic() < deadline, view
            time.sleep(0.1)
    assert view["status"] == "complete", view["error"]
    assert len(started) == review_jobs.WORKER_STARTS
