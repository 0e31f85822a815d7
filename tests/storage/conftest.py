"""Fixtures the storage tests share: every backend behind one parametrised fixture,
and a clock the tests move by hand.

The PostgreSQL backend runs on the session's throwaway server (``tests/pg_server.py``);
its tests skip, saying why, where none can be started."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from contract_review.storage import StorageBackend

try:
    from ..pg_server import ServerUnavailable, shared_server
except ImportError:  # imported as a top-level module, by a test's subprocess
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pg_server import ServerUnavailable, shared_server  # type: ignore[no-redef]

BACKENDS = ("sqlite", "json", "postgresql")


class FakeClock:
    """A clock that stands still until moved; each reading is a microsecond later, so
    two saves never share a timestamp."""

    def __init__(self, start: datetime = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(microseconds=1)
        return self.now

    def advance(self, **delta: float) -> None:
        """Move the clock forward (``days=3``, ``hours=1``, ...)."""
        self.now += timedelta(**delta)


def open_backend(
    name: str, folder: Path, *, clock: Callable[[], datetime] | None = None
) -> StorageBackend:
    """A store of backend ``name`` inside ``folder`` (PostgreSQL: in a database of the
    folder's own, the same one each time; the test skips when there is no server)."""
    extra = {"clock": clock} if clock is not None else {}
    if name == "sqlite":
        from contract_review.storage import SqliteStorage

        return SqliteStorage(folder / "reviews.sqlite3", **extra)
    if name == "postgresql":
        from contract_review.storage import PostgresStorage

        try:
            url = shared_server().database_url(str(folder.resolve()))
        except ServerUnavailable as exc:
            pytest.skip(f"no PostgreSQL server: {exc}")
        return PostgresStorage(url, **extra)
    from contract_review.storage import JsonStorage

    return JsonStorage(folder / "store", **extra)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def backend_name(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if name == "postgresql":
        request.getfixturevalue("postgres_server")  # skips when there is none
    return name


@pytest.fixture
def store(backend_name: str, tmp_path: Path, clock: FakeClock) -> Iterator[StorageBackend]:
    """A fresh store of each backend, on the fake clock."""
    with open_backend(backend_name, tmp_path, clock=clock) as backend:
        yield backend


@pytest.fixture
def open_store(tmp_path: Path) -> Callable[..., StorageBackend]:
    """``open_store(name, folder=None, clock=None)``: another store of backend ``name``
    (in ``folder``, default a new folder under ``tmp_path``)."""
    count = 0

    def make(
        name: str, folder: Path | None = None, clock: Callable[[], datetime] | None = None
    ) -> StorageBackend:
        nonlocal count
        if folder is None:
            count += 1
            folder = tmp_path / f"other-{count}"
            folder.mkdir()
        return open_backend(name, folder, clock=clock)

    return make
