"""Several server processes on one store, through the real CLI (``contract-review
serve``): every upload is reviewed exactly once by one of them, both take work from the
shared queue, and a rate limit holds over all of them together (100 a minute means 100,
not 100 per process). ``serve --workers 2`` runs two such processes behind one port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import free_port, start_server_process

pytest.importorskip("contract_review_generic", reason="needs the generic domain plugin")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement_en.txt"
UPLOADS = 20
LIMIT = 100


def _environment(data_dir: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "CONTRACT_REVIEW_DATA_DIR": str(data_dir),
        "CONTRACT_REVIEW_CACHE_DIR": str(data_dir / "cache"),
        "CONTRACT_REVIEW_LLM_PROVIDER": "none",
        "CONTRACT_REVIEW_OFFLINE": "true",
        "CONTRACT_REVIEW_API_KEYS": "worker,probe",
        "CONTRACT_REVIEW_RATE_LIMIT_PER_MINUTE": str(LIMIT),
        "CONTRACT_REVIEW_REVIEW_WORKERS": "2",
        **extra,
    }


def _serve(env: dict[str, str], port: int, *options: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "contract_review.cli", "serve", "--port", str(port)]
    return start_server_process([*command, *options], env, port)


def _stop(children: list[subprocess.Popen[bytes]]) -> None:
    for child in children:
        child.terminate()
    for child in children:
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_env(tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, str]:
    """The settings every server of a test shares: one data folder, one store (the
    default SQLite file, or a database on the session's PostgreSQL server)."""
    store: dict[str, str] = {}
    if request.param == "postgresql":
        store["CONTRACT_REVIEW_STORAGE_URL"] = request.getfixturevalue("postgres_url")
    return _environment(tmp_path / "data", CONTRACT_REVIEW_SHARED_RATE_LIMITS="true", **store)


@pytest.fixture
def two_servers(store_env: dict[str, str]) -> Iterator[list[str]]:
    ports = [free_port(), free_port()]
    children: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:
            children.append(_serve(store_env, port))
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        _stop(children)


def _upload(http: httpx.Client) -> str:
    answer = http.post(
        "/reviews",
        data={"domain": "generic"},
        files={"file": (EXAMPLE.name, EXAMPLE.read_bytes(), "text/plain")},
        headers={"X-API-Key": "worker"},
    )
    assert answer.status_code == 202, answer.text
    review_id: str = answer.json()["data"]["review_id"]
    return review_id


def _finished(http: httpx.Client, ids: list[str]) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 240
    while True:
        listed = http.get("/reviews", headers={"X-API-Key": "worker"}).json()["data"]
        states = {r["review_id"]: r["status"] for r in listed}
        if all(states.get(i) in {"complete", "failed"} for i in ids):
            return listed
        assert time.monotonic() < deadline, states
        time.sleep(1.0)


def _records(env: dict[str, str], ids: list[str]) -> list[dict[str, Any]]:
    from contract_review import load_settings
    from contract_review.storage.opening import open_storage

    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            if name.startswith("CONTRACT_REVIEW_"):
                patch.setenv(name, value)
        settings = load_settings()
    with open_storage(settings) as storage:
        found = [storage.load("review", i) for i in ids]
        assert storage.queue_entries("review") == []
    return [record.data for record in found if record is not None]


@pytest.mark.timeout(600)
def test_two_servers_review_each_upload_once_and_share_one_rate_limit(
    two_servers: list[str], store_env: dict[str, str]
) -> None:
    clients = [httpx.Client(base_url=url, timeout=60) for url in two_servers]
    try:
        ids = [_upload(clients[n % 2]) for n in range(UPLOADS)]
        _finished(clients[0], ids)
        records = _records(store_env, ids)
        assert len(records) == UPLOADS
        assert [r["status"] for r in records] == ["complete"] * UPLOADS
        assert [r["run"]["claims"] for r in records] == [1] * UPLOADS  # each exactly once
        by_process = Counter(r["run"]["worker"] for r in records)
        assert len(by_process) == 2, by_process  # both servers took work from the queue
        summaries = {str(r["report"]["summary"]) for r in records}
        assert len(summaries) == 1  # the same contract, the same review, whoever ran it

        statuses = Counter(
            clients[n % 2].get("/domains", headers={"X-API-Key": "probe"}).status_code
            for n in range(LIMIT + 40)
        )
        assert statuses == Counter({200: LIMIT, 429: 40})  # 100 over both, not 200
    finally:
        for client in clients:
            client.close()


@pytest.mark.timeout(300)
def test_serve_with_two_worker_processes(tmp_path: Path) -> None:
    env = _environment(tmp_path / "data")
    port = free_port()
    server = _serve(env, port, "--workers", "2")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            ids = [_upload(http) for _ in range(4)]
            listed = _finished(http, ids)
            assert {r["status"] for r in listed} == {"complete"}
            statuses = Counter(
                http.get("/domains", headers={"X-API-Key": "probe"}).status_code
                for _ in range(LIMIT + 10)
            )
            assert statuses == Counter({200: LIMIT, 429: 10})
        records = _records(env, ids)
        assert [r["run"]["claims"] for r in records] == [1] * 4
    finally:
        _stop([server])


@pytest.mark.timeout(300)
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")
def test_a_review_of_a_killed_server_is_taken_over_by_the_other(tmp_path: Path) -> None:
    """Server A is killed part-way through a review; when its claim's lease runs out,
    server B resumes the review from its latest checkpoint and completes it, once."""
    from .test_service_kill_restart import SERVER, UPLOAD

    data_dir = tmp_path / "served"
    env = {
        **os.environ,
        "CONTRACT_REVIEW_LLM_PROVIDER": "none",
        "CONTRACT_REVIEW_RATE_LIMIT_PER_MINUTE": "0",
        "CONTRACT_REVIEW_REVIEW_LEASE_S": "3",
    }
    ports = [free_port(), free_port()]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", SERVER, str(data_dir), str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    try:
        first, second = (httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=30) for p in ports)
        with first, second:
            for http in (first, second):
                _wait_until_up(http)
            review_id = first.post("/reviews", **UPLOAD).json()["data"]["review_id"]
            deadline = time.monotonic() + 60
            while True:  # running on the first server, part-way
                view = first.get(f"/reviews/{review_id}").json()["data"]
                if (view.get("progress") or {}).get("clauses_done", 0) >= 2:
                    break
                assert view["status"] in {"queued", "running"}, view
                assert time.monotonic() < deadline, view
                time.sleep(0.05)
            children[0].send_signal(signal.SIGKILL)
            children[0].wait(timeout=30)
            deadline = time.monotonic() + 120
            while True:
                view = second.get(f"/reviews/{review_id}").json()["data"]
                if view["status"] not in {"queued", "running"}:
                    break
                assert time.monotonic() < deadline, view
                time.sleep(0.2)
            assert view["status"] == "complete", view
        records = _records({"CONTRACT_REVIEW_DATA_DIR": str(data_dir)}, [review_id])
        assert records[0]["run"]["claims"] == 2  # the killed server's claim, then the other's
        assert records[0]["run"]["worker"].split(":")[1] == str(children[1].pid)
    finally:
        _stop(children)


def _wait_until_up(http: httpx.Client) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if http.get("/health").status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.1)
