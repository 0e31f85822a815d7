"""Writing files so that a crash never leaves a torn one.

A file is written to a temporary file in the same folder, flushed to disk, then
renamed over the target (:func:`atomic_text_file`) or linked to a name that must not
exist yet (:func:`publish_exclusively`). Temporary files start with a dot and end
with ``.tmp``; readers skip them.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = [
    "TEMP_SUFFIX",
    "atomic_text_file",
    "fsync_directory",
    "publish_exclusively",
    "write_atomically",
]

TEMP_SUFFIX = ".tmp"


def fsync_directory(directory: Path) -> None:
    """Flush a folder's entries (a rename, a new link) to disk, where the system allows."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temporary(directory: Path, stem: str, text: str) -> Path:
    """A new temporary file in ``directory`` holding ``text``, flushed to disk."""
    fd, name = tempfile.mkstemp(dir=directory, prefix=f".{stem}.", suffix=TEMP_SUFFIX)
    temp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        _remove_quietly(temp)
        raise
    return temp


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


@contextlib.contextmanager
def atomic_text_file(path: Path) -> Iterator[TextIO]:
    """A stream whose text replaces ``path`` when the block ends without an error.

    On an error (or a crash) ``path`` keeps its previous content.
    """
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    temp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        temp.replace(path)
    except BaseException:
        _remove_quietly(temp)
        raise
    fsync_directory(path.parent)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically and durably.

    On an error (or a crash) ``path`` keeps its previous content.
    """
    temp = _write_temporary(path.parent, path.name, text)
    try:
        temp.replace(path)
    except BaseException:
        _remove_quietly(temp)
        raise
    fsync_directory(path.parent)


def publish_exclusively(path: Path, text: str) -> bool:
    """Create ``path`` holding ``text`` unless it exists, atomically and durably.

    The text is written in full to a temporary file and then hard-linked to ``path``,
    which fails when ``path`` exists; so two processes creating the same name cannot
    both succeed, and a reader never sees a half-written file.

    :returns: False when ``path`` already existed (nothing was changed).
    """
    temp = _write_temporary(path.parent, path.name, text)
    try:
        os.link(temp, path)
    except FileExistsError:
        return False
    finally:
        _remove_quietly(temp)
    fsync_directory(path.parent)
    return True
