"""Writing a directory of files (a saved index) so that an interrupted write never
leaves a half-written one: the new directory is written beside the target and swapped
in, and the previous one removed only then."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import SearchIndexError

__all__ = ["replace_directory"]


def replace_directory(
    directory: Path, write: Callable[[Path], None], *, marker: str, what: str
) -> Path:
    """Call ``write(staging)`` to fill a fresh directory, then put it at ``directory``.

    A directory already at ``directory`` is replaced only when it holds ``marker`` (the
    manifest of what we write) or nothing; anything else is refused and left untouched.

    :raises SearchIndexError: naming ``directory`` when it is a file or holds something
        that is not a ``what``.
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise SearchIndexError(f"{directory} is a file; give a directory for the {what}")
    if directory.exists() and not (directory / marker).is_file() and any(directory.iterdir()):
        raise SearchIndexError(
            f"{directory} exists and is not a {what}; choose an empty or new directory"
        )
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        write(staging)
        if directory.exists():
            retired = directory.with_name(f".{directory.name}.old-{staging.name[-8:]}")
            directory.rename(retired)
            staging.rename(directory)
            shutil.rmtree(retired, ignore_errors=True)
        else:
            staging.rename(directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory
