"""The work queue and the shared request counts, the same on every backend: each queued
entry goes to one worker at a time, a lease that runs out frees it, a cancel reaches its
holder; request counts are exact even when several processes count at once."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.errors import InputError
from contract_review.storage import StorageBackend

from .conftest import FakeClock, open_backend

LEASE = 30.0


def test_enqueue_keeps_one_entry_per_record_oldest_first(store: StorageBackend) -> None:
    assert store.enqueue("review", "r-2") is True
    assert store.enqueue("review", "r-1") is True
    assert store.enqueue("review", "r-2") is False  # already queued
    assert store.enqueue("conversation", "r-2") is True  # another kind, another entry
    entries = store.queue_entries("review")
    assert [e.id for e in entries] == ["r-2", "r-1"]
    assert all(e.worker == "" and e.claims == 0 and e.lease_until is None for e in entries)
    assert [e.id for e in store.queue_entries("conversation")] == ["r-2"]


def test_claims_hand_out_each_entry_once(store: StorageBackend) -> None:
    for record_id in ("a", "b"):
        store.enqueue("review", record_id)
    first = store.claim_next("review", worker="w1", lease_s=LEASE)
    second = store.claim_next("review", worker="w2", lease_s=LEASE)
    assert first is not None and second is not None
    assert (first.id, first.worker, first.claims) == ("a", "w1", 1)
    assert (second.id, second.worker) == ("b", "w2")
    assert first.lease_until is not None and first.lease_until > first.enqueued_at
    assert store.claim_next("review", worker="w3", lease_s=LEASE) is None
    assert store.claim_next("conversation", worker="w3", lease_s=LEASE) is None


def test_a_lease_that_runs_out_frees_the_entry(store: StorageBackend, clock: FakeClock) -> None:
    store.enqueue("review", "r")
    assert store.claim_next("review", worker="dead", lease_s=LEASE) is not None
    clock.advance(seconds=LEASE / 2)
    assert store.renew_claim("review", "r", worker="dead", lease_s=LEASE) == "held"
    clock.advance(seconds=LEASE - 1)  # renewed: still held
    assert store.claim_next("review", worker="other", lease_s=LEASE) is None
    clock.advance(seconds=2)  # the renewed lease ran out too
    taken = store.claim_next("review", worker="other", lease_s=LEASE)
    assert taken is not None and taken.worker == "other" and taken.claims == 2
    assert store.renew_claim("review", "r", worker="dead", lease_s=LEASE) == "lost"
    assert store.release_claim("review", "r", worker="dead", done=True) is False
    assert [e.worker for e in store.queue_entries("review")] == ["other"]


def test_release_finishes_or_gives_back(store: StorageBackend) -> None:
    store.enqueue("review", "r")
    assert store.claim_next("review", worker="w1", lease_s=LEASE) is not None
    assert store.release_claim("review", "r", worker="w2", done=True) is False  # not w2's
    assert store.release_claim("review", "r", worker="w1", done=False) is True
    again = store.claim_next("review", worker="w2", lease_s=LEASE)  # claimable at once
    assert again is not None and again.claims == 2
    assert store.release_claim("review", "r", worker="w2", done=True) is True
    assert store.queue_entries("review") == []
    assert store.renew_claim("review", "r", worker="w2", lease_s=LEASE) == "lost"
    assert store.enqueue("review", "r") is True  # done: it may be queued again


def test_a_cancel_reaches_the_holder_and_a_later_claimer(store: StorageBackend) -> None:
    assert store.request_cancel("review", "nothing-queued") is False
    store.enqueue("review", "held")
    store.enqueue("review", "waiting")
    store.claim_next("review", worker="w1", lease_s=LEASE)
    assert store.request_cancel("review", "held") is True
    assert store.request_cancel("review", "waiting") is True
    assert store.renew_claim("review", "held", worker="w1", lease_s=LEASE) == "cancelled"
    waiting = store.claim_next("review", worker="w2", lease_s=LEASE)
    assert waiting is not None and waiting.id == "waiting" and waiting.cancel_requested


def test_deleting_a_record_drops_its_queue_entry(store: StorageBackend) -> None:
    store.save("review", "r", {"status": "queued"})
    store.enqueue("review", "r")
    store.delete("review", "r")
    assert store.queue_entries("review") == []


def test_queue_calls_check_kinds_and_ids(store: StorageBackend) -> None:
    with pytest.raises(InputError, match="record kind"):
        store.enqueue("invoice", "r")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="invalid"):
        store.enqueue("review", "../r")


def test_rate_slots_count_what_decide_allows(store: StorageBackend) -> None:
    seen: list[list[float]] = []

    def at_most(limit: int) -> Callable[[list[float]], bool]:
        def decide(times: list[float]) -> bool:
            seen.append(times)
            return len(times) < limit

        return decide

    now = 1_000_000.0
    results = [
        store.take_rate_slot("client-a", now=now + i, horizon_s=60, decide=at_most(3))
        for i in range(5)
    ]
    assert results == [True, True, True, False, False]  # refused requests do not count
    assert seen[3] == [now, now + 1, now + 2]  # oldest first
    assert store.take_rate_slot("client-b", now=now + 5, horizon_s=60, decide=at_most(3))
    # 60 s after the first, it has left the window: one slot again
    assert store.take_rate_slot("client-a", now=now + 60.5, horizon_s=60, decide=at_most(3))
    assert seen[-1] == [now + 1, now + 2]
    with pytest.raises(InputError, match="rate bucket"):
        store.take_rate_slot("a/b", now=now, horizon_s=60, decide=at_most(3))


# --- several processes at once


CLAIMER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from conftest import open_backend

    backend, folder, name, go = sys.argv[1:5]
    Path(f"{go}.{name}.ready").touch()
    while not Path(go).exists():
        time.sleep(0.005)
    with open_backend(backend, Path(folder)) as store:
        while (entry := store.claim_next("review", worker=name, lease_s=60)) is not None:
            print(entry.id, flush=True)
            store.release_claim("review", entry.id, worker=name, done=True)
        allowed = sum(
            store.take_rate_slot(
                "shared", now=time.time(), horizon_s=3600, decide=lambda t: len(t) < 25
            )
            for _ in range(20)
        )
        print(f"allowed {allowed}", flush=True)
    """
)

CLAIMERS = 3
ENTRIES = 60


def _start_together(script: str, args: list[list[str]], folder: Path) -> list[str]:
    go = folder / "go"
    here = str(Path(__file__).parent)
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", script, *extra, str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=here,
            env={**os.environ, "PYTHONPATH": here},
        )
        for extra in args
    ]
    deadline = time.monotonic() + 60
    while len(list(folder.glob("go.*.ready"))) < len(args) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    outputs = []
    for process in processes:
        out, errors = process.communicate(timeout=120)
        assert process.returncode == 0, errors
        outputs.append(out)
    return outputs


def test_processes_claiming_at_once_each_get_their_own(backend_name: str, tmp_path: Path) -> None:
    with open_backend(backend_name, tmp_path) as store:
        for n in range(ENTRIES):
            store.enqueue("review", f"r-{n:03d}")
    outputs = _start_together(
        CLAIMER, [[backend_name, str(tmp_path), f"w{n}"] for n in range(CLAIMERS)], tmp_path
    )
    claimed = [line for out in outputs for line in out.split() if line.startswith("r-")]
    assert sorted(claimed) == [f"r-{n:03d}" for n in range(ENTRIES)]  # each exactly once
    allowed = sum(
        int(line.split()[1]) for out in outputs for line in out.splitlines() if "allowed" in line
    )
    assert allowed == 25  # 3 processes x 20 tries against a limit of 25
    with open_backend(backend_name, tmp_path) as store:
        assert store.queue_entries("review") == []


def test_claims_need_a_worker_and_a_lease(store: StorageBackend) -> None:
    store.enqueue("review", "r")
    with pytest.raises(InputError, match="worker"):
        store.claim_next("review", worker="", lease_s=LEASE)
    for lease in (-1.0, float("nan"), float("inf")):
        with pytest.raises(InputError, match="lease_s"):
            store.claim_next("review", worker="w", lease_s=lease)
    assert store.claim_next("review", worker="w", lease_s=LEASE) is not None
    with pytest.raises(InputError, match="lease_s"):
        store.renew_claim("review", "r", worker="w", lease_s=-5)
