"""The JSON store's folder layout: opening a store, and listing and reading its files.

::

    <root>/store.json                        {"application": "contract-review", "schema_version": 1}
    <root>/review/<id>.json                  one record per file
    <root>/conversation/<id>.json
    <root>/checkpoint/<review_id>/0000000001.json   one checkpoint per file, by sequence
    <root>/queue/, <root>/rates/             the work queue and request counts (:mod:`.json_queue`)

``store.json`` marks the folder as a store and says which layout it has; a folder with
other files and no marker is refused, so a mistyped ``storage_path`` never scatters
records among someone's documents. Version 1 is the first layout; version 2 adds the
``queue`` and ``rates`` folders (made when first used, so opening a version-1 store
only rewrites its marker). A later version adds its migration to
:func:`open_json_store`.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from ..errors import StorageError
from .json_files import publish_exclusively, write_atomically
from .record_codec import EntryFormatError, entry_from_json
from .records import RECORD_KINDS, STORE_APPLICATION, STORE_SCHEMA_VERSION, StoredEntry

__all__ = [
    "CHECKPOINT_FOLDER",
    "DAMAGED_FOLDER",
    "MARKER_NAME",
    "checkpoint_file_name",
    "checkpoint_seqs",
    "entry_names",
    "open_json_store",
    "read_entry",
    "read_entry_quietly",
]

_log = logging.getLogger(__name__)
_SEQ_FILE = re.compile(r"(\d{10})\.json")

MARKER_NAME = "store.json"
CHECKPOINT_FOLDER = "checkpoint"
#: Where damaged files are set aside (``contract-review store check --move-aside``).
DAMAGED_FOLDER = "damaged"
_OUR_NAMES = frozenset(
    {MARKER_NAME, CHECKPOINT_FOLDER, DAMAGED_FOLDER, "queue", "rates", *RECORD_KINDS}
)


def checkpoint_file_name(seq: int) -> str:
    """The file name of checkpoint ``seq``: zero-padded so names sort by sequence."""
    return f"{seq:010d}.json"


def open_json_store(root: Path) -> int:
    """Check (or create) the store folder ``root``.

    :returns: The layout version the store had (0 for a new store).
    :raises StorageError: when ``root`` is a file, cannot be created or written, holds
        other files, or was written by a newer version.
    """
    if root.exists() and not root.is_dir():
        raise StorageError(
            f"{root} is a file; the JSON store is a folder. Set storage_path to a folder"
        )
    try:
        root.mkdir(parents=True, exist_ok=True)
        names = [path.name for path in root.iterdir() if not path.name.startswith(".")]
    except OSError as exc:
        raise StorageError(
            f"cannot create or read the store folder {root}: {exc.strerror or exc}; set "
            "storage_path to a writable folder"
        ) from None
    marker = root / MARKER_NAME
    found = 0
    if MARKER_NAME in names:
        found = _read_marker(marker)
    else:
        foreign = sorted(set(names) - _OUR_NAMES)
        if foreign:
            shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
            raise StorageError(
                f"{root} holds other files ({shown}) and is not a contract-review store; "
                "set storage_path to an empty or new folder"
            )
    if found > STORE_SCHEMA_VERSION:
        raise StorageError(
            f"{root} was written by a newer contract-review (store schema {found}; this "
            f"version reads up to {STORE_SCHEMA_VERSION}). Upgrade contract-review, or set "
            "storage_path to another folder; the store was not changed"
        )
    if found < STORE_SCHEMA_VERSION:
        text = json.dumps(
            {"application": STORE_APPLICATION, "schema_version": STORE_SCHEMA_VERSION}
        )
        try:
            if found == 0:  # a new store: of two processes creating it, one writes it
                publish_exclusively(marker, text + "\n")
            else:
                write_atomically(marker, text + "\n")
        except OSError as exc:
            raise StorageError(
                f"cannot write {marker}: {exc.strerror or exc}; check that the folder is "
                "writable or set storage_path to another folder"
            ) from None
    return found


def _read_marker(marker: Path) -> int:
    try:
        content = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StorageError(
            f"cannot read {marker} ({exc}); it marks the folder as a contract-review store. "
            f"If the folder is one, restore the file as "
            f'{{"application": "{STORE_APPLICATION}", "schema_version": 1}}'
        ) from None
    if not isinstance(content, dict):
        content = {}
    version = content.get("schema_version")
    if content.get("application") != STORE_APPLICATION or not isinstance(version, int):
        raise StorageError(
            f"{marker} belongs to another application, not contract-review; set "
            "storage_path to an empty or new folder"
        )
    return version


def entry_names(folder: Path) -> list[str]:
    """The entry files in ``folder`` (``<id>.json``; hidden temporary files left out),
    in id order; none when the folder does not exist."""
    try:
        names = [
            path.name
            for path in folder.iterdir()
            if path.name.endswith(".json") and not path.name.startswith(".")
        ]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StorageError(f"cannot list {folder}: {exc.strerror or exc}") from None
    return sorted(names, key=lambda name: name.removesuffix(".json"))


def checkpoint_seqs(folder: Path) -> list[int]:
    """The sequence numbers of the checkpoint files in a review's folder, ascending."""
    return [int(m[1]) for name in entry_names(folder) if (m := _SEQ_FILE.fullmatch(name))]


def read_entry(path: Path) -> StoredEntry | None:
    """The record or checkpoint in ``path``; None when there is no such file.

    :raises StorageError: naming the file when it cannot be read or is damaged.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise StorageError(f"cannot read {path}: {exc}") from None
    try:
        return entry_from_json(text)
    except EntryFormatError as exc:
        raise StorageError(
            f"{path} cannot be read: {exc}. Move it aside or restore it from an export"
        ) from None


def read_entry_quietly(path: Path) -> StoredEntry | None:
    """As :func:`read_entry`, but a damaged file is logged (and left for
    :meth:`StorageBackend.check` to report) instead of raised."""
    try:
        return read_entry(path)
    except StorageError as exc:
        _log.warning("%s", exc)
        return None
