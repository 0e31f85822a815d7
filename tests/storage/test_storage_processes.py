"""Several processes writing one store at once lose nothing, and a process killed
mid-write leaves every write it finished readable and nothing torn (every backend; the
PostgreSQL one on the session's throwaway server)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from contract_review.storage import StorageBackend

from .conftest import BACKENDS

WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from contract_review import storage

    backend, location, name, count, go = sys.argv[1:6]
    Path(f"{go}.{name}.ready").touch()
    while not Path(go).exists():  # start together
        time.sleep(0.005)
    if backend == "postgresql":
        opened = storage.PostgresStorage(location)  # the location is the database's URL
    elif backend == "sqlite":
        opened = storage.SqliteStorage(Path(location))
    else:
        opened = storage.JsonStorage(Path(location))
    with opened as store:
        for i in range(int(count)):
            store.save("review", f"{name}-{i}", {"writer": name, "i": i})
            store.save("conversation", "shared", {"writer": name, "i": i})
            if i % 4 == 0:
                store.append_checkpoint("shared", {"writer": name, "i": i})
            print(i, flush=True)
    """
)

WRITERS = 3
RECORDS = 200


def _location(backend: str, folder: Path, request: pytest.FixtureRequest) -> str:
    """Where the writers store: a file or folder in ``folder``, or (PostgreSQL) the URL
    of a new, empty database."""
    if backend == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(folder / ("reviews.sqlite3" if backend == "sqlite" else "store"))


def _open(backend: str, location: str) -> StorageBackend:
    from contract_review import storage

    if backend == "postgresql":
        return storage.PostgresStorage(location)
    if backend == "sqlite":
        return storage.SqliteStorage(Path(location))
    return storage.JsonStorage(Path(location))


@pytest.mark.parametrize("backend", BACKENDS)
def test_processes_writing_at_once_lose_nothing(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # Created (PostgreSQL: its tables) by the writers, concurrently.
    location = _location(backend, tmp_path, request)
    go = tmp_path / "go"
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, backend, location, f"w{n}", str(RECORDS), str(go)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(WRITERS)
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("go.*.ready"))) < WRITERS and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    for writer in writers:
        _, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
    with _open(backend, location) as store:
        reviews = {info.id for info in store.list_records("review")}
        assert reviews == {f"w{n}-{i}" for n in range(WRITERS) for i in range(RECORDS)}
        for n in range(WRITERS):
            loaded = store.load("review", f"w{n}-{RECORDS - 1}")
            assert loaded is not None and loaded.data == {"writer": f"w{n}", "i": RECORDS - 1}
        shared = store.load("conversation", "shared")
        assert shared is not None and shared.data["i"] == RECORDS - 1  # a last write won
        checkpoints = store.checkpoints("shared")
        expected = WRITERS * len(range(0, RECORDS, 4))
        assert [c.seq for c in checkpoints] == list(range(1, expected + 1))
        written = {
            (c.data["writer"], c.data["i"])
            for info in checkpoints
            if (c := store.load_checkpoint("shared", info.seq)) is not None
        }
        assert written == {(f"w{n}", i) for n in range(WRITERS) for i in range(0, RECORDS, 4)}
        assert store.check() == []


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_killed_writer_leaves_every_finished_write(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    location = _location(backend, tmp_path, request)
    go = tmp_path / "go"
    go.touch()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, backend, location, "w", "100000", str(go)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    finished = -1
    for line in writer.stdout:  # each line: one more write is finished
        finished = int(line)
        if finished >= 60:
            break
    writer.send_signal(signal.SIGKILL)
    tail = writer.stdout.read()
    writer.wait(timeout=30)
    finished = max([finished, *(int(n) for n in tail.split())])
    with _open(backend, location) as store:
        assert store.check() == []
        for i in range(finished + 1):
            assert store.load("review", f"w-{i}") is not None
        latest = store.latest_checkpoint("shared")
        assert latest is not None and latest.data["i"] >= finished - finished % 4
        store.save("review", "after-the-crash", {})  # the store still takes writes
