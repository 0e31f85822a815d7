"""Removing expired files from the JSON store without losing a concurrent save.

A file is moved aside (renamed to a hidden name) before it is deleted, then read
again: if a save replaced it between the first read and the move, the moved file is
the new version, so it is put back (unless an even newer save has landed since).
Writes and cleanups interrupted by a crash leave hidden files behind; the next cleanup
deletes them, or puts back a file that was moved aside but not expired.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from .json_files import TEMP_SUFFIX
from .records import StoredEntry, StoredRecord

__all__ = ["entry_time", "remove_if_expired", "sweep_leftovers"]

#: Reads an entry file; None when it is missing or damaged.
EntryReader = Callable[[Path], StoredEntry | None]

_ASIDE_SUFFIX = ".deleting"
_LEFTOVER_AGE_S = 3600.0


def entry_time(entry: StoredEntry) -> datetime:
    """When an entry was last written: a record's update, a checkpoint's creation."""
    return entry.updated_at if isinstance(entry, StoredRecord) else entry.created_at


def remove_if_expired(path: Path, cutoff: datetime, read: EntryReader) -> bool:
    """Delete the entry file ``path`` when it was last written before ``cutoff``.

    :returns: Whether it was deleted.
    :raises OSError: when the folder cannot be written.
    """
    entry = read(path)
    if entry is None or entry_time(entry) >= cutoff:
        return False
    aside = path.with_name(f".{path.name}.{uuid.uuid4().hex}{_ASIDE_SUFFIX}")
    try:
        path.rename(aside)
    except FileNotFoundError:
        return False
    moved = read(aside)
    if moved is None or entry_time(moved) >= cutoff:  # saved again since we read it
        _put_back(aside, path)
        return False
    aside.unlink()
    return True


def _put_back(aside: Path, path: Path) -> None:
    with contextlib.suppress(FileExistsError):  # an even newer save won
        os.link(aside, path)
    aside.unlink()


def sweep_leftovers(folders: Iterable[Path], cutoff: datetime, read: EntryReader) -> None:
    """Tidy hidden files at least an hour old in ``folders``: delete temporary files of
    interrupted writes; put back files an interrupted cleanup moved aside unless they
    expired before ``cutoff``."""
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            name = path.name
            if not name.startswith("."):
                continue
            with contextlib.suppress(OSError):
                if time.time() - path.stat().st_mtime < _LEFTOVER_AGE_S:
                    continue
                if name.endswith(TEMP_SUFFIX):
                    path.unlink()
                elif name.endswith(_ASIDE_SUFFIX):
                    moved = read(path)
                    if moved is not None and entry_time(moved) >= cutoff:
                        _put_back(path, folder / name[1:].rsplit(".", 2)[0])
                    else:
                        path.unlink()
