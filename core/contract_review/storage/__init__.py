"""Storage (seed 002 P0): review sessions, their checkpoints and conversations, kept by
one interface (:class:`StorageBackend`) with three backends — SQLite (the default, one
file in the user data folder), JSON files (one readable file per record) and
PostgreSQL (one database that service processes on several hosts share).

Names are imported on first use, so importing this package stays cheap.

Modules, one job each, in the order a newcomer reads them:

The interface:

* :mod:`.records` — what crosses the boundary: records, checkpoints, listings, reports;
* :mod:`.backend` — :class:`StorageBackend`, the interface every backend implements;
* :mod:`.opening` — the store the settings name (:func:`open_storage`);
* :mod:`.record_ids` — the one rule every stored id follows;
* :mod:`.record_codec` — records and checkpoints as JSON text;
* :mod:`.readable` — every record of a kind, a damaged one left out with a warning;
* :mod:`.transfer` — export and import as JSON lines, across backends;
* :mod:`.auto_save` — :class:`AutoSaver`: a changing record saved at most every N seconds;

The SQLite store:

* :mod:`.sqlite_backend` — :class:`SqliteStorage`;
* :mod:`.sql_rows` — the SQL stores' rows read into records, checkpoints and queue entries;
* :mod:`.sqlite_connection` — one connection: WAL, transactions, errors;
* :mod:`.migrations` — the schema, and its migrations applied on opening;

The JSON-file store:

* :mod:`.json_backend` — :class:`JsonStorage`;
* :mod:`.json_layout` — the folder layout: opening, listing and reading files;
* :mod:`.json_files` — files written so that a crash never leaves a torn one;
* :mod:`.json_cleanup` — expired files removed without losing a concurrent save;
* :mod:`.json_queue` — the work queue and request counts, shared through a lock file.

The PostgreSQL store (the ``postgres`` extra):

* :mod:`.postgres_backend` — :class:`PostgresStorage`;
* :mod:`.postgres_connection` — the connection pool, transactions, errors;
* :mod:`.postgres_migrations` — the schema, and its migrations applied on opening.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .auto_save import AutoSaver
    from .backend import RestoreOutcome, StorageBackend
    from .json_backend import JsonStorage
    from .opening import default_storage_path, open_storage
    from .postgres_backend import PostgresStorage
    from .record_ids import RECORD_ID_RULE, is_valid_record_id, validate_record_id
    from .records import (
        RECORD_KINDS,
        STORE_SCHEMA_VERSION,
        Checkpoint,
        CheckpointInfo,
        ClaimState,
        ExpiryKind,
        ImportReport,
        QueueEntry,
        RecordInfo,
        RecordKind,
        StorageProblem,
        StoredEntry,
        StoredRecord,
    )
    from .sqlite_backend import SqliteStorage

_EXPORTS: dict[str, str] = {
    "AutoSaver": "auto_save",
    "RestoreOutcome": "backend",
    "StorageBackend": "backend",
    "JsonStorage": "json_backend",
    "default_storage_path": "opening",
    "open_storage": "opening",
    "PostgresStorage": "postgres_backend",
    "RECORD_ID_RULE": "record_ids",
    "is_valid_record_id": "record_ids",
    "validate_record_id": "record_ids",
    "RECORD_KINDS": "records",
    "STORE_SCHEMA_VERSION": "records",
    "Checkpoint": "records",
    "CheckpointInfo": "records",
    "ClaimState": "records",
    "QueueEntry": "records",
    "ExpiryKind": "records",
    "ImportReport": "records",
    "RecordInfo": "records",
    "RecordKind": "records",
    "StorageProblem": "records",
    "StoredEntry": "records",
    "StoredRecord": "records",
    "SqliteStorage": "sqlite_backend",
}

__all__ = [
    "RECORD_ID_RULE",
    "RECORD_KINDS",
    "STORE_SCHEMA_VERSION",
    "AutoSaver",
    "Checkpoint",
    "CheckpointInfo",
    "ClaimState",
    "ExpiryKind",
    "ImportReport",
    "JsonStorage",
    "PostgresStorage",
    "QueueEntry",
    "RecordInfo",
    "RecordKind",
    "RestoreOutcome",
    "SqliteStorage",
    "StorageBackend",
    "StorageProblem",
    "StoredEntry",
    "StoredRecord",
    "default_storage_path",
    "is_valid_record_id",
    "open_storage",
    "validate_record_id",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
