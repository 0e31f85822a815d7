"""The connections to a PostgreSQL store: opening it (migrations, then a small pool),
transactions, and psycopg's errors as one-line :class:`StorageError` messages.

Every call of the backend runs in one transaction on a connection borrowed from the
pool: committed when the block ends, rolled back when it raises. Messages name the
database by its URL without the password (:func:`url_without_password`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from ..errors import MissingExtraError, StorageError

try:
    import psycopg
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import ConnectionPool, PoolTimeout
except ModuleNotFoundError as exc:  # pragma: no cover - the extra is installed in CI
    raise MissingExtraError("the PostgreSQL store", "postgres", exc.name or "psycopg") from None

from .postgres_migrations import migrate

__all__ = ["POSTGRES_SCHEMES", "PostgresConnection", "url_without_password"]

#: How a URL naming a PostgreSQL database starts.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")

Connection = psycopg.Connection[tuple[Any, ...]]


def url_without_password(url: str) -> str:
    """``url`` with its password (in the user part or a ``password=`` parameter) left
    out, for messages and :attr:`~.StorageBackend.location`."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hosts = netloc.rpartition("@")
        user = userinfo.split(":", 1)[0]
        netloc = f"{user}@{hosts}" if user else hosts
    query = "&".join(
        item for item in parts.query.split("&") if item and not item.lower().startswith("password=")
    )
    shown = f"{parts.scheme}://{netloc}{parts.path}"
    return shown + (f"?{query}" if query else "") + (f"#{parts.fragment}" if parts.fragment else "")


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _advice(exc: psycopg.Error) -> str:
    """What went wrong when connecting, and what to do about it."""
    reason = _one_line(str(exc))
    detail = reason.rsplit("FATAL:", 1)[-1].strip()
    lowered = reason.lower()
    if "database" in lowered and "does not exist" in lowered:
        return f"{detail}; create it (createdb) or fix the database name in storage_url"
    if (
        "password" in lowered
        or "authentication" in lowered
        or "pg_hba.conf" in lowered
        or ("role" in lowered and "does not exist" in lowered)
    ):
        return (
            f"authentication failed ({detail}); check the user and password in storage_url "
            "and the server's pg_hba.conf"
        )
    if any(
        sign in lowered
        for sign in (
            "connection refused",
            "could not connect",
            "failed to resolve host",
            "name or service not known",
            "timeout expired",
            "no route to host",
            "network is unreachable",
            "could not translate host name",
            "no such file or directory",
        )
    ):
        return (
            f"the server is not reachable ({detail}); check that PostgreSQL is running and "
            "the host and port in storage_url"
        )
    return detail


class PostgresConnection:
    """An open PostgreSQL store: its schema migrated, a pool of connections ready.

    :param url: ``postgresql://user:password@host:port/database`` (any libpq URL).
    :param min_size: Connections the pool keeps open.
    :param max_size: Connections the pool opens at most (threads beyond wait).
    :param connect_timeout_s: How long opening a connection, or waiting for a free
        one, may take.
    :raises StorageError: when the URL is malformed, the server cannot be reached,
        authentication fails, the database is missing, belongs to another application
        or to a newer version.
    """

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 4,
        connect_timeout_s: float = 10.0,
    ) -> None:
        self.url = url
        self.location = url_without_password(url)
        self._timeout_s = connect_timeout_s
        self._pool: ConnectionPool[Connection] | None = None
        try:
            given = conninfo_to_dict(url)
        except psycopg.Error as exc:
            raise StorageError(
                f"{self.location} is not a valid PostgreSQL URL ({_one_line(str(exc))}); set "
                "storage_url to postgresql://user:password@host:port/database"
            ) from None
        options: dict[str, Any] = {"application_name": "contract-review"}
        if "connect_timeout" not in given:
            options["connect_timeout"] = max(1, round(connect_timeout_s))
        with self._errors("open"):
            connection = psycopg.connect(url, **options)
            with connection:
                migrate(connection, self.location)
            pool: ConnectionPool[Connection] = ConnectionPool(
                url,
                min_size=min_size,
                max_size=max_size,
                kwargs=options,
                open=False,
                timeout=connect_timeout_s,
                check=ConnectionPool.check_connection,
                name="contract-review",
            )
            try:
                pool.open(wait=True, timeout=connect_timeout_s)
            except BaseException:
                pool.close(timeout=1)
                raise
            self._pool = pool

    @contextlib.contextmanager
    def _errors(self, action: str) -> Iterator[None]:
        try:
            yield
        except PoolTimeout:
            raise StorageError(
                f"cannot {action} the PostgreSQL database {self.location}: no connection "
                f"within {self._timeout_s:g} s; check that the server is running and "
                "reachable, and not out of connections"
            ) from None
        except psycopg.OperationalError as exc:
            raise StorageError(
                f"cannot {action} the PostgreSQL database {self.location}: {_advice(exc)}"
            ) from None
        except psycopg.Error as exc:
            raise StorageError(
                f"cannot {action} the PostgreSQL database {self.location}: {_one_line(str(exc))}"
            ) from None

    @contextlib.contextmanager
    def transaction(self, action: str = "write to") -> Iterator[Connection]:
        """One transaction on a pooled connection: committed when the block ends, rolled
        back on error.

        :param action: What the caller does, for the message ("read", "write to").
        """
        with self._errors(action):
            if self._pool is None:
                raise StorageError(f"the store {self.location} is closed; open it again")
            with self._pool.connection() as conn:
                yield conn

    def close(self) -> None:
        """Close every connection; calling it twice is harmless."""
        pool, self._pool = self._pool, None
        if pool is not None:
            with contextlib.suppress(psycopg.Error):
                pool.close(timeout=5)
