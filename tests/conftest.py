"""Fixtures every test folder may use: a throwaway PostgreSQL server (see
:mod:`tests.pg_server`) and a fresh database on it per test. The helper modules beside
this file (``pg_server``, ``browser_devtools``) are imported here, so that test modules
anywhere under ``tests`` can import them (``from ..browser_devtools import ...``) in
pytest's importlib mode, whichever test paths a run collects."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from . import browser_devtools  # noqa: F401 - registered for the test modules
from .pg_server import (
    PostgresServer,
    ServerUnavailable,
    drop_test_databases,
    shared_server,
    stop_shared_server,
)


@pytest.fixture(scope="session", autouse=True)
def _stop_postgres_server() -> Iterator[None]:
    """Stops the session's PostgreSQL server at the end, when a test started it."""
    yield
    stop_shared_server()


@pytest.fixture(autouse=True)
def _unfreeze_heap() -> Iterator[None]:
    """Opening an index freezes the heap (``retrieval/long_lived.settle``); a test's
    objects go back to the collector once it is done, so that cyclic garbage of one
    test is not kept for the rest of the run."""
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def _drop_postgres_databases() -> Iterator[None]:
    """Drops the databases a test made on the session's server once it is done, so the
    server's folder does not grow with every test."""
    yield
    drop_test_databases()


@pytest.fixture(scope="session")
def postgres_server() -> PostgresServer:
    """The session's PostgreSQL server, started on first use; skips the test (saying
    what is missing) when none can be started here."""
    try:
        return shared_server()
    except ServerUnavailable as exc:
        pytest.skip(f"no PostgreSQL server: {exc}")


@pytest.fixture
def postgres_url(postgres_server: PostgresServer, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database of this test's own."""
    return postgres_server.database_url(request.node.nodeid)
