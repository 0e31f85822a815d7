"""A throwaway PostgreSQL server for the tests: a new cluster in a temporary folder,
started on a free port of 127.0.0.1, with one fresh database per test.

The server binaries are found at run time: ``pg_config --bindir``, else the newest
``/usr/lib/postgresql/<version>/bin``, else ``initdb`` on ``PATH``. PostgreSQL refuses
to run as root, so when the tests run as root the cluster belongs to the ``postgres``
user (or ``nobody``) and its programs run as that user.

The server starts on first use (:func:`shared_server`), once per test session;
:func:`stop_shared_server` stops it. While it runs, :data:`SERVER_VARIABLE` holds its
address, so a test's subprocesses use the same server (and the same database for the
same key) instead of starting their own. When it cannot start (no binaries, no psycopg,
a failed ``initdb``), :class:`ServerUnavailable` says what is missing and the tests that
need it skip with that reason.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

__all__ = [
    "SERVER_VARIABLE",
    "PostgresServer",
    "ServerUnavailable",
    "drop_test_databases",
    "find_server_binaries",
    "shared_server",
    "stop_shared_server",
]

_STANDARD_BIN_PARENT = Path("/usr/lib/postgresql")

#: The environment variable naming the running server's ``postgres`` database, for
#: subprocesses (not ``CONTRACT_REVIEW_*``: tests clear those).
SERVER_VARIABLE = "TESTS_POSTGRES_ADMIN_URL"


class ServerUnavailable(Exception):
    """No PostgreSQL server can be started here; the message says what is missing."""


def find_server_binaries() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``.

    :raises ServerUnavailable: when none is found.
    """
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            found = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            ).stdout.strip()
            candidates.append(Path(found))
    if _STANDARD_BIN_PARENT.is_dir():
        versions = [p for p in _STANDARD_BIN_PARENT.iterdir() if re.fullmatch(r"\d+", p.name)]
        candidates.extend(p / "bin" for p in sorted(versions, key=lambda p: -int(p.name)))
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).parent)
    for folder in candidates:
        if all((folder / program).is_file() for program in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise ServerUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl, postgres) found via pg_config, "
        f"{_STANDARD_BIN_PARENT}/*/bin or PATH; install Debian's 'postgresql' package"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _unprivileged_user() -> pwd.struct_passwd | None:
    """Who runs the server: None (the current user) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise ServerUnavailable(
        "running as root and neither a 'postgres' nor a 'nobody' user exists to run the "
        "PostgreSQL server as"
    )


class PostgresServer:
    """One running cluster; :meth:`database_url` hands out databases on it.

    :param bindir: Where its programs are; None for a server another process started
        (see :meth:`attach`), which :meth:`stop` leaves running.
    """

    def __init__(self, bindir: Path | None) -> None:
        self.owned = bindir is not None
        self.bindir = bindir or Path()
        self.user = _unprivileged_user() if self.owned else None
        self.root = Path(tempfile.mkdtemp(prefix="contract-review-pg-")) if self.owned else None
        folder = self.root or Path()
        self.data = folder / "data"
        self.sockets = folder / "sockets"
        self.log = folder / "server.log"
        self.port = 0
        self._created: set[str] = set()
        self._lock = threading.Lock()
        if self.root is None:
            return
        self.sockets.mkdir()
        if self.user is not None:
            for path in (self.root, self.sockets):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)

    @classmethod
    def attach(cls, admin_url: str) -> PostgresServer:
        """The server another process of this test session started (its ``postgres``
        database's URL, as :meth:`url` writes it)."""
        server = cls(None)
        server.port = int(admin_url.rsplit(":", 1)[1].split("/", 1)[0])
        return server

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        extra: dict[str, Any] = {}
        if self.user is not None:
            extra = {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        environment["LC_ALL"] = "C"
        return subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.root,
            env=environment,
            check=False,
            **extra,
        )

    def start(self) -> None:
        """Create the cluster and start the server.

        :raises ServerUnavailable: when ``initdb`` or the server fails (with its output).
        """
        made = self._run(
            "initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E",
            "UTF8", "--locale=C",
        )  # fmt: skip
        if made.returncode != 0:
            raise ServerUnavailable(f"initdb failed: {(made.stderr or made.stdout).strip()}")
        problem = ""
        for _ in range(3):  # another program may take the free port first
            self.port = _free_port()
            options = (
                f"-k {self.sockets} -p {self.port} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c full_page_writes=off -c max_connections=300"
            )
            started = self._run(
                "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "-o",
                options, "start",
            )  # fmt: skip
            if started.returncode == 0:
                return
            problem = (started.stderr or started.stdout).strip()
            with contextlib.suppress(OSError):
                problem += "\n" + self.log.read_text(encoding="utf-8", errors="replace")[-2000:]
        raise ServerUnavailable(f"the PostgreSQL server did not start: {problem}")

    def stop(self) -> None:
        """Stop the server at once and remove its folder (a server this process only
        attached to is left running)."""
        if self.root is None:
            return
        if self.data.is_dir():
            with contextlib.suppress(subprocess.SubprocessError, OSError):
                self._run("pg_ctl", "-D", str(self.data), "stop", "-m", "immediate", timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)

    @property
    def admin_url(self) -> str:
        """The ``postgres`` database, as the superuser."""
        return self.url("postgres")

    def url(self, database: str) -> str:
        """The URL of ``database`` on this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database_url(self, key: str) -> str:
        """A database of its own for ``key`` (a test's folder, say), created on first use;
        the same key gives the same database."""
        import psycopg

        name = "test_" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]
        with self._lock:
            if name not in self._created:
                # Another process of the session may have made it already.
                with (
                    psycopg.connect(self.admin_url, autocommit=True) as admin,
                    contextlib.suppress(psycopg.errors.DuplicateDatabase),
                ):
                    admin.execute(f'CREATE DATABASE "{name}"')
                self._created.add(name)
        return self.url(name)

    def drop_databases(self) -> None:
        """Drop every database :meth:`database_url` made (each takes some 8 MB), closing
        what is still connected to them."""
        import psycopg

        with self._lock:
            names, self._created = sorted(self._created), set()
            if names:
                with psycopg.connect(self.admin_url, autocommit=True) as admin:
                    for name in names:
                        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_shared: PostgresServer | None = None
_unavailable: str | None = None
_shared_lock = threading.Lock()


def shared_server() -> PostgresServer:
    """The session's server, started on first call.

    :raises ServerUnavailable: when it cannot start (every later call says the same).
    """
    global _shared, _unavailable
    with _shared_lock:
        if _shared is not None:
            return _shared
        if _unavailable is not None:
            raise ServerUnavailable(_unavailable)
        try:
            try:
                import psycopg  # noqa: F401
            except ImportError:
                raise ServerUnavailable(
                    "psycopg is not installed (pip install 'contract-review[postgres]')"
                ) from None
            running = os.environ.get(SERVER_VARIABLE)
            if running:
                server = PostgresServer.attach(running)
            else:
                server = PostgresServer(find_server_binaries())
                try:
                    server.start()
                except BaseException:
                    server.stop()
                    raise
                os.environ[SERVER_VARIABLE] = server.admin_url
        except ServerUnavailable as exc:
            _unavailable = str(exc)
            raise
        _shared = server
        return server


def drop_test_databases() -> None:
    """Drop the databases this process made on the session's server, if it runs."""
    with _shared_lock:
        server = _shared
    if server is not None:
        server.drop_databases()


def stop_shared_server() -> None:
    """Stop the session's server, when one was started."""
    global _shared
    with _shared_lock:
        server, _shared = _shared, None
    if server is not None and server.owned:
        os.environ.pop(SERVER_VARIABLE, None)
        server.stop()
