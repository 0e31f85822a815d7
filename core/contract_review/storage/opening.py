"""Opening the store the settings name: the backend (``storage_backend``, or PostgreSQL
when ``storage_url`` names a database) and where it lives (``storage_path``, else a
default inside ``data_dir``; the PostgreSQL store lives at ``storage_url``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..config import Settings
    from .backend import StorageBackend

__all__ = ["default_storage_path", "open_storage"]

_DEFAULT_NAMES = {"sqlite": "reviews.sqlite3", "json": "store"}


def default_storage_path(settings: Settings) -> Path:
    """Where the file store lives: ``storage_path`` when set, else
    ``<data_dir>/reviews.sqlite3`` (sqlite) or ``<data_dir>/store`` (json).

    :raises ConfigError: for the PostgreSQL store, which lives at ``storage_url``.
    """
    if settings.storage_backend not in _DEFAULT_NAMES:
        raise ConfigError(
            f"the {settings.storage_backend} store has no path; it lives at storage_url"
        )
    if settings.storage_path is not None:
        return settings.storage_path.expanduser()
    return settings.data_dir.expanduser() / _DEFAULT_NAMES[settings.storage_backend]


def open_storage(settings: Settings | None = None) -> StorageBackend:
    """Open (creating it when new) the store the settings name.

    :param settings: Default: :func:`~contract_review.config.load_settings`.
    :raises StorageError: when the store cannot be opened (the message names the path
        or database and what to do).
    :raises MissingExtraError: for PostgreSQL without the ``postgres`` extra installed.
    """
    if settings is None:
        from ..config import load_settings

        settings = load_settings()
    if settings.storage_backend == "postgresql":
        if settings.storage_url is None:  # the settings refuse this; kept for direct use
            raise ConfigError("storage_backend 'postgresql' needs storage_url")
        from .postgres_backend import PostgresStorage

        return PostgresStorage(settings.storage_url.get_secret_value())
    path = default_storage_path(settings)
    if settings.storage_backend == "json":
        from .json_backend import JsonStorage

        return JsonStorage(path)
    from .sqlite_backend import SqliteStorage

    return SqliteStorage(path)
