"""What only the PostgreSQL store does: its URL (the password never shown), its errors,
its schema and migrations, and its work queue and request counts under several
processes, on the session's throwaway server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from contract_review.errors import ConfigError, InputError, MissingExtraError, StorageError
from contract_review.storage import STORE_SCHEMA_VERSION, PostgresStorage, StoredRecord

from ..pg_server import PostgresServer
from .conftest import FakeClock

psycopg = pytest.importorskip("psycopg")


@pytest.fixture
def pg(postgres_url: str, clock: FakeClock) -> Iterator[PostgresStorage]:
    """A PostgreSQL store on a new database, on the fake clock."""
    with PostgresStorage(postgres_url, clock=clock) as store:
        yield store


def _sql(url: str, statement: str, *params: object) -> list[tuple[object, ...]]:
    """Run one statement on ``url`` outside the store; its rows, if any."""
    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(statement, params or None)
        return cursor.fetchall() if cursor.description else []


def _with_password(url: str) -> str:
    return url.replace("postgresql://postgres@", "postgresql://postgres:s3cret@")


# --- the URL, opening, errors


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:pw@db.example:5433/reviews", "postgresql://u@db.example:5433/reviews"),
        ("postgres://u:p%40ss@host/db?sslmode=require", "postgres://u@host/db?sslmode=require"),
        ("postgresql://host/db?user=u&password=pw&x=1", "postgresql://host/db?user=u&x=1"),
        ("postgresql:///db", "postgresql:///db"),
    ],
)
def test_the_location_leaves_out_the_password(url: str, shown: str) -> None:
    from contract_review.storage.postgres_connection import url_without_password

    assert url_without_password(url) == shown


def test_an_opened_store_never_shows_its_password(postgres_url: str) -> None:
    with PostgresStorage(_with_password(postgres_url)) as store:
        assert store.location == postgres_url
        assert store.name == "postgresql"
        assert "s3cret" not in repr(store)
        store.save("review", "r-1", {"n": 1})
    with pytest.raises(StorageError, match="closed") as closed:
        store.load("review", "r-1")
    assert "s3cret" not in str(closed.value)


def _one_line_error(url: str) -> str:
    with pytest.raises(StorageError) as raised:
        PostgresStorage(url, connect_timeout_s=3)
    message = str(raised.value)
    assert "\n" not in message and "Traceback" not in message
    assert "s3cret" not in message
    return message


def test_a_server_that_is_not_there_is_one_clear_line() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://postgres:s3cret@127.0.0.1:{port}/reviews"
    message = _one_line_error(url)
    assert f"postgresql://postgres@127.0.0.1:{port}/reviews" in message
    assert "not reachable" in message and "running" in message


def test_a_missing_database_is_one_clear_line(postgres_server: PostgresServer) -> None:
    message = _one_line_error(_with_password(postgres_server.url("no_such_db")))
    assert "no_such_db" in message and "does not exist" in message and "createdb" in message


def test_an_unknown_user_is_an_authentication_error(postgres_server: PostgresServer) -> None:
    url = postgres_server.url("postgres").replace("postgres@", "nobody_here:s3cret@")
    assert "authentication failed" in _one_line_error(url)


def test_a_malformed_url_is_one_clear_line() -> None:
    message = _one_line_error("postgresql://u:s3cret@host:notaport/db")
    assert "storage_url" in message


def test_a_database_of_another_application_is_refused(postgres_url: str) -> None:
    _sql(postgres_url, "CREATE TABLE accounts (id INTEGER)")
    message = _one_line_error(postgres_url)
    assert "another application" in message and "accounts" in message
    assert _sql(postgres_url, "SELECT count(*) FROM pg_tables WHERE tablename = 'records'") == [
        (0,)
    ]


def test_a_meta_table_of_another_application_is_refused(postgres_url: str) -> None:
    _sql(postgres_url, "CREATE TABLE meta (key TEXT, value TEXT)")
    _sql(postgres_url, "INSERT INTO meta VALUES ('application', 'someone-else')")
    assert "another application" in _one_line_error(postgres_url)


def test_a_database_from_a_newer_version_is_refused_and_left_alone(postgres_url: str) -> None:
    with PostgresStorage(postgres_url) as store:
        store.save("review", "r-1", {"n": 1})
    _sql(postgres_url, "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    message = _one_line_error(postgres_url)
    assert "newer contract-review" in message and "99" in message
    assert _sql(postgres_url, "SELECT value FROM meta WHERE key = 'schema_version'") == [("99",)]
    assert _sql(postgres_url, "SELECT id FROM records") == [("r-1",)]


def test_a_version_1_database_is_migrated_keeping_its_records(postgres_url: str) -> None:
    from contract_review.storage.postgres_migrations import MIGRATIONS

    for statement in MIGRATIONS[0].statements:
        _sql(postgres_url, statement)
    _sql(postgres_url, "INSERT INTO meta VALUES ('schema_version', '1')")
    _sql(
        postgres_url,
        "INSERT INTO records VALUES ('review', 'old', '{\"v\":1}', now(), now(), 1)",
    )
    with PostgresStorage(postgres_url) as store:
        loaded = store.load("review", "old")
        assert loaded is not None and loaded.data == {"v": 1} and loaded.schema_version == 1
        assert store.enqueue("review", "old") is True
        assert store.check() == []
    assert _sql(postgres_url, "SELECT value FROM meta WHERE key = 'schema_version'") == [
        (str(STORE_SCHEMA_VERSION),)
    ]


def test_stores_opening_a_new_database_at_once_migrate_it_once(postgres_url: str) -> None:
    from contract_review.storage.postgres_migrations import MIGRATION_LOCK

    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            with PostgresStorage(postgres_url) as store:
                store.save("conversation", "c", {})
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    with psycopg.connect(postgres_url) as holder:  # as if another process were migrating
        holder.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        assert all(thread.is_alive() for thread in threads)  # each waits for the lock
        assert _sql(postgres_url, "SELECT count(*) FROM pg_tables WHERE tablename = 'meta'") == [
            (0,)
        ]
    for thread in threads:  # released: they migrate one after the other
        thread.join(60)
    assert errors == []
    assert _sql(postgres_url, "SELECT key, value FROM meta ORDER BY key") == [
        ("application", "contract-review"),
        ("schema_version", str(STORE_SCHEMA_VERSION)),
    ]


# --- settings, open_storage, the CLI


@pytest.fixture
def isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("CONTRACT_REVIEW_") and name != "CONTRACT_REVIEW_CACHE_DIR":
            monkeypatch.delenv(name)
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    return monkeypatch


def test_a_postgresql_url_selects_the_backend_whatever_it_says(
    isolated_env: pytest.MonkeyPatch, postgres_url: str
) -> None:
    from contract_review.config import load_settings
    from contract_review.storage import open_storage

    isolated_env.setenv("CONTRACT_REVIEW_STORAGE_BACKEND", "json")
    isolated_env.setenv("CONTRACT_REVIEW_STORAGE_URL", _with_password(postgres_url))
    settings = load_settings()
    assert settings.storage_backend == "postgresql"
    assert "s3cret" not in repr(settings)
    with open_storage(settings) as store:
        assert isinstance(store, PostgresStorage)
        assert store.location == postgres_url


@pytest.mark.parametrize(
    ("variables", "complaint"),
    [
        ({"CONTRACT_REVIEW_STORAGE_BACKEND": "postgresql"}, "needs storage_url"),
        ({"CONTRACT_REVIEW_STORAGE_URL": "mysql://u@h/db"}, "must be a PostgreSQL URL"),
    ],
)
def test_postgresql_settings_are_checked(
    isolated_env: pytest.MonkeyPatch, variables: dict[str, str], complaint: str
) -> None:
    from contract_review.config import load_settings

    for name, value in variables.items():
        isolated_env.setenv(name, value)
    with pytest.raises(ConfigError, match=complaint):
        load_settings()


def test_without_psycopg_opening_names_the_extra(
    isolated_env: pytest.MonkeyPatch, postgres_url: str
) -> None:
    from contract_review.config import load_settings
    from contract_review.storage import open_storage

    for module in list(sys.modules):
        if module.startswith(("psycopg", "contract_review.storage.postgres")):
            isolated_env.delitem(sys.modules, module)
    isolated_env.setitem(sys.modules, "psycopg", None)  # import psycopg now fails
    settings = load_settings(storage_url=postgres_url)
    with pytest.raises(MissingExtraError, match=r"contract-review\[postgres\]"):
        open_storage(settings)


def test_store_check_finds_and_moves_aside_a_damaged_record(
    isolated_env: pytest.MonkeyPatch, postgres_url: str
) -> None:
    from contract_review.cli.context import CliState
    from contract_review.cli.main import cli

    with PostgresStorage(postgres_url) as store:
        store.save("review", "rv-good", {"n": 1})
        store.save("review", "rv-bad", {"n": 2})
        store.append_checkpoint("rv-good", {"n": 1})
    _sql(postgres_url, "UPDATE records SET data = '{broken' WHERE id = 'rv-bad'")
    isolated_env.setenv("CONTRACT_REVIEW_STORAGE_URL", _with_password(postgres_url))

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli, ["store", "check", *args], obj=CliState())
        assert result.exit_code == 0, result.output
        assert "s3cret" not in result.output
        return result.output

    found = run()
    assert "rv-bad" in found and "rv-good" not in found and postgres_url in found
    moved = run("--move-aside")
    assert "moved aside" in moved and "set_aside" in moved
    assert "nothing damaged" in run()
    assert _sql(postgres_url, "SELECT data FROM set_aside") == [("{broken",)]
    assert _sql(postgres_url, "SELECT id FROM records") == [("rv-good",)]


def test_a_damaged_record_is_named_when_loaded(pg: PostgresStorage, postgres_url: str) -> None:
    pg.save("review", "r-1", {})
    pg.append_checkpoint("r-1", {})
    _sql(postgres_url, "UPDATE checkpoints SET data = '[1]'")
    with pytest.raises(StorageError, match=r"checkpoint 1 of review 'r-1' .* is damaged"):
        pg.latest_checkpoint("r-1")
    [problem] = pg.check()
    assert "checkpoints: 'r-1' #1" in problem.location and "not a JSON object" in problem.message


def test_stored_text_is_what_the_codec_wrote(pg: PostgresStorage, postgres_url: str) -> None:
    data = {"z": 1, "a": ["合同", "\u0000", "\ud800"], "n": 1.0}
    pg.save("review", "r-1", data)
    [(text,)] = _sql(postgres_url, "SELECT data FROM records")
    from contract_review.storage.record_codec import encode_payload

    assert text == encode_payload(data, what="x")
    assert pg.load("review", "r-1").data == data  # type: ignore[union-attr]


def test_listing_sorts_ids_by_code_point_whatever_the_locale(
    postgres_server: PostgresServer,
) -> None:
    name = "test_icu_collation"
    try:
        _sql(
            postgres_server.admin_url,
            f"CREATE DATABASE {name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en' "
            "LOCALE 'C'",
        )
    except psycopg.Error as exc:
        pytest.skip(f"this server has no ICU collations: {exc}")
    url = postgres_server.url(name)
    # The database's own order would be a, A, a-1, a_1, b, B (or close).
    assert [
        row[0] for row in _sql(url, "SELECT x FROM unnest(ARRAY['b','A','a']) x ORDER BY x")
    ] == [
        "a",
        "A",
        "b",
    ]
    moment = datetime(2024, 1, 1, tzinfo=UTC)
    with PostgresStorage(url) as store:
        for record_id in ("b", "B", "a_1", "a-1", "A", "a"):
            store.restore(
                StoredRecord(
                    kind="conversation", id=record_id, created_at=moment, updated_at=moment, data={}
                )
            )
        listed = [info.id for info in store.list_records("conversation")]
        dumped = [entry.id for entry in store.dump() if isinstance(entry, StoredRecord)]
    assert listed == dumped == ["A", "B", "a", "a-1", "a_1", "b"]


# --- the work queue


def test_claims_lease_and_expire_on_the_clock(pg: PostgresStorage, clock: FakeClock) -> None:
    assert pg.enqueue("review", "r-1") is True
    assert pg.enqueue("review", "r-1") is False
    first = pg.claim_next("review", worker="w1", lease_s=30)
    assert first is not None and first.id == "r-1" and first.worker == "w1"
    assert first.claims == 1 and first.lease_until is not None
    assert first.lease_until - first.enqueued_at > timedelta(seconds=29)
    assert pg.claim_next("review", worker="w2", lease_s=30) is None  # w1 holds it
    clock.advance(seconds=20)
    assert pg.renew_claim("review", "r-1", worker="w1", lease_s=30) == "held"
    clock.advance(seconds=20)  # 40 s after the claim, 20 after the renewal: still held
    assert pg.claim_next("review", worker="w2", lease_s=30) is None
    clock.advance(seconds=11)  # the renewed lease has run out
    second = pg.claim_next("review", worker="w2", lease_s=30)
    assert second is not None and second.worker == "w2" and second.claims == 2
    assert pg.renew_claim("review", "r-1", worker="w1", lease_s=30) == "lost"
    assert pg.release_claim("review", "r-1", worker="w1", done=True) is False
    assert pg.renew_claim("review", "r-1", worker="w2", lease_s=30) == "held"
    assert [e.worker for e in pg.queue_entries("review")] == ["w2"]


def test_a_lease_that_ran_out_is_lost_even_before_another_claims(
    pg: PostgresStorage, clock: FakeClock
) -> None:
    pg.enqueue("review", "r-1")
    pg.claim_next("review", worker="w1", lease_s=5)
    clock.advance(seconds=6)
    assert pg.renew_claim("review", "r-1", worker="w1", lease_s=5) == "lost"


def test_release_puts_the_entry_back_first_in_line(pg: PostgresStorage) -> None:
    for record_id in ("r-1", "r-2", "r-3"):
        pg.enqueue("review", record_id)
    pg.enqueue("conversation", "c-1")
    taken = pg.claim_next("review", worker="w1", lease_s=60)
    assert taken is not None and taken.id == "r-1"
    assert pg.release_claim("review", "r-1", worker="w2", done=False) is False  # not w2's
    assert pg.release_claim("review", "r-1", worker="w1", done=False) is True
    [entry, *_] = pg.queue_entries("review")
    assert (entry.id, entry.worker, entry.lease_until, entry.claims) == ("r-1", "", None, 1)
    again = pg.claim_next("review", worker="w2", lease_s=60)
    assert again is not None and again.id == "r-1" and again.claims == 2
    assert pg.release_claim("review", "r-1", worker="w2", done=True) is True
    assert [e.id for e in pg.queue_entries("review")] == ["r-2", "r-3"]
    assert [e.id for e in pg.queue_entries("conversation")] == ["c-1"]


def test_cancel_reaches_the_holder_and_the_next_claimer(pg: PostgresStorage) -> None:
    assert pg.request_cancel("review", "r-1") is False  # not queued
    pg.enqueue("review", "r-1")
    assert pg.request_cancel("review", "r-1") is True
    claimed = pg.claim_next("review", worker="w1", lease_s=60)
    assert claimed is not None and claimed.cancel_requested is True
    assert pg.renew_claim("review", "r-1", worker="w1", lease_s=60) == "cancelled"
    assert pg.release_claim("review", "r-1", worker="w1", done=True) is True
    assert pg.queue_entries("review") == []
    assert pg.request_cancel("review", "r-1") is False


def test_deleting_a_record_takes_it_off_the_queue(pg: PostgresStorage) -> None:
    pg.save("review", "r-1", {})
    pg.enqueue("review", "r-1")
    pg.delete("review", "r-1")
    assert pg.queue_entries("review") == []


def test_queue_arguments_are_checked(pg: PostgresStorage) -> None:
    with pytest.raises(InputError, match="worker"):
        pg.claim_next("review", worker="", lease_s=10)
    with pytest.raises(InputError, match="lease_s"):
        pg.claim_next("review", worker="w", lease_s=float("nan"))
    with pytest.raises(InputError, match="unknown record kind"):
        pg.enqueue("memo", "x")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="invalid"):
        pg.enqueue("review", "../x")


def test_a_claim_skips_the_entry_another_transaction_has_locked(
    pg: PostgresStorage, postgres_url: str
) -> None:
    pg.enqueue("review", "r-1")
    pg.enqueue("review", "r-2")
    with psycopg.connect(postgres_url) as other:  # a claimer in the middle of its claim
        other.execute("SELECT id FROM queue WHERE id = 'r-1' FOR UPDATE")
        started = time.monotonic()
        taken = pg.claim_next("review", worker="w2", lease_s=60)
        assert time.monotonic() - started < 5  # skipped, not waited for
        assert taken is not None and taken.id == "r-2"
        assert pg.claim_next("review", worker="w3", lease_s=60) is None
        other.rollback()
    taken = pg.claim_next("review", worker="w3", lease_s=60)
    assert taken is not None and taken.id == "r-1"


CLAIMER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from contract_review.storage import PostgresStorage

    url, name, go = sys.argv[1:4]
    Path(f"{go}.{name}.ready").touch()
    while not Path(go).exists():  # start together
        time.sleep(0.005)
    with PostgresStorage(url) as store:
        while (entry := store.claim_next("review", worker=name, lease_s=600)) is not None:
            print(entry.id, flush=True)
    """
)


def test_processes_claiming_at_once_each_take_different_entries(
    postgres_url: str, tmp_path: Path
) -> None:
    entries = 150
    with PostgresStorage(postgres_url) as store:
        for n in range(entries):
            store.enqueue("review", f"r-{n:03d}")
    go = tmp_path / "go"
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", CLAIMER, postgres_url, f"w{n}", str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("go.*.ready"))) < len(workers) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    claimed: dict[str, list[str]] = {}
    for n, worker in enumerate(workers):
        output, errors = worker.communicate(timeout=120)
        assert worker.returncode == 0, errors
        claimed[f"w{n}"] = output.split()
    counts = Counter(record_id for ids in claimed.values() for record_id in ids)
    assert set(counts) == {f"r-{n:03d}" for n in range(entries)}
    assert set(counts.values()) == {1}  # nobody took an entry another had
    with PostgresStorage(postgres_url) as store:
        holders = {entry.id: entry.worker for entry in store.queue_entries("review")}
        assert all(entry.claims == 1 for entry in store.queue_entries("review"))
    assert holders == {rid: name for name, ids in claimed.items() for rid in ids}


# --- request counts


def test_rate_slots_count_within_the_horizon(pg: PostgresStorage, postgres_url: str) -> None:
    seen: list[list[float]] = []

    def at_most(limit: int) -> Callable[[list[float]], bool]:
        def decide(times: list[float]) -> bool:
            seen.append(times)
            return len(times) < limit

        return decide

    assert [pg.take_rate_slot("k1", now=t, horizon_s=60, decide=at_most(2)) for t in (0, 1, 2)] == [
        True,
        True,
        False,
    ]
    assert seen[-1] == [0.0, 1.0]
    pg.take_rate_slot("k2", now=3.5, horizon_s=60, decide=at_most(5))
    assert pg.take_rate_slot("k1", now=60.5, horizon_s=60, decide=at_most(2)) is True
    assert seen[-1] == [1.0]  # the request at 0 is forgotten; the refused one never counted
    pg.take_rate_slot("k1", now=200, horizon_s=60, decide=lambda times: False)
    assert _sql(postgres_url, "SELECT count(*) FROM rate_events") == [(0,)]  # every bucket
    with pytest.raises(InputError, match="rate bucket"):
        pg.take_rate_slot("x" * 129, now=0, horizon_s=1, decide=at_most(1))


def test_rate_slots_taken_at_once_never_exceed_the_limit(postgres_url: str) -> None:
    limit, threads, tries = 25, 6, 10
    allowed: list[bool] = []
    start = threading.Barrier(threads)

    def client() -> None:
        with PostgresStorage(postgres_url, pool_size=1) as store:
            start.wait()
            for _ in range(tries):
                allowed.append(
                    store.take_rate_slot(
                        "shared",
                        now=time.time(),
                        horizon_s=3600,
                        decide=lambda times: len(times) < limit,
                    )
                )

    workers = [threading.Thread(target=client) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert len(allowed) == threads * tries
    assert allowed.count(True) == limit


def test_a_schema_of_its_own_in_a_shared_database(postgres_url: str) -> None:
    _sql(postgres_url, "CREATE TABLE accounts (id INTEGER)")  # another application's
    _sql(postgres_url, "CREATE SCHEMA reviews")
    url = postgres_url + "?options=-csearch_path%3Dreviews"
    with PostgresStorage(url) as store:
        store.save("review", "r-1", {})
        assert store.location == url
    assert _sql(postgres_url, "SELECT id FROM reviews.records") == [("r-1",)]
