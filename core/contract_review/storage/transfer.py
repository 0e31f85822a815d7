"""Export and import: a store's records and checkpoints as JSON lines, one per line,
in the format of :mod:`.record_codec`. An export from one backend imports into the
other."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..errors import InputError, StorageError
from .json_files import atomic_text_file
from .record_codec import EntryFormatError, entry_from_json, entry_to_json
from .records import ImportReport, StoredEntry

if TYPE_CHECKING:
    from .backend import StorageBackend

__all__ = ["export_entries", "import_entries", "read_entries"]


def export_entries(backend: StorageBackend, target: Path | TextIO) -> int:
    """Write every entry of ``backend`` to ``target``; see
    :meth:`StorageBackend.export_records`."""
    if not isinstance(target, Path):
        return _write_entries(backend, target)
    try:
        with atomic_text_file(target) as stream:
            return _write_entries(backend, stream)
    except OSError as exc:
        raise StorageError(
            f"cannot write the export file {target}: {exc.strerror or exc}; "
            "choose a writable location"
        ) from None


def import_entries(
    backend: StorageBackend, source: Path | TextIO, *, overwrite: bool = False
) -> ImportReport:
    """Read ``source`` into ``backend``; see :meth:`StorageBackend.import_records`."""
    if isinstance(source, Path):
        try:
            with source.open(encoding="utf-8-sig") as stream:
                entries = read_entries(stream, source_name=str(source))
        except UnicodeDecodeError:
            raise InputError(f"{source} is not UTF-8 text; it is not an export file") from None
        except OSError as exc:
            raise InputError(f"cannot read {source}: {exc.strerror or exc}") from None
    else:
        entries = read_entries(source, source_name=getattr(source, "name", "the import stream"))
    counts = {"added": 0, "replaced": 0, "kept": 0}
    for entry in entries:
        counts[backend.restore(entry, overwrite=overwrite)] += 1
    return ImportReport(**counts)


def read_entries(lines: Iterable[str], *, source_name: str) -> list[StoredEntry]:
    """Every entry of an export, blank lines skipped.

    :raises InputError: naming ``source_name`` and the line for a line that is not an
        entry, or one written by a newer version.
    """
    entries: list[StoredEntry] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entries.append(entry_from_json(line))
        except EntryFormatError as exc:
            raise InputError(
                f"{source_name} line {number} cannot be imported: {exc}. Nothing was imported."
            ) from None
    return entries


def _write_entries(backend: StorageBackend, stream: TextIO) -> int:
    count = 0
    for entry in backend.dump():
        stream.write(entry_to_json(entry) + "\n")
        count += 1
    return count
