"""Reading JSON-lines files (one object per line) with errors that name the file and
line: the retrieval corpus loader and the law loader both read them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import InputError

#: Checks one object; returns a complaint ("has no 'id'; ...") or None when it is fine.
RecordCheck = Callable[[dict[str, Any]], str | None]


def read_json_lines(
    path: Path, *, example: str, check: RecordCheck | None = None
) -> list[tuple[int, dict[str, Any]]]:
    """The objects of a JSON-lines file with their line numbers; blank lines skipped.

    :param example: How a line should look, shown when a line is not an object
        (``{"id": "...", "content": "..."}``).
    :param check: Applied to each object; its complaint becomes the error.
    :raises InputError: naming the file and line for a line that is not JSON, not an
        object or fails ``check``; for a file that is not UTF-8 or cannot be read.
    """
    records: list[tuple[int, dict[str, Any]]] = []
    try:
        with path.open(encoding="utf-8-sig") as lines:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputError(
                        f"{path.name} line {number} is not valid JSON: {exc.msg} "
                        f"(column {exc.colno})"
                    ) from None
                if not isinstance(record, dict):
                    raise InputError(
                        f"{path.name} line {number} is not a JSON object; each line must be "
                        f"an object like {example}"
                    )
                complaint = check(record) if check is not None else None
                if complaint:
                    raise InputError(f"{path.name} line {number} {complaint}")
                records.append((number, record))
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text; save it as UTF-8 JSON lines") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    return records


__all__ = ["RecordCheck", "read_json_lines"]
