"""Reading a domain's data file (a playbook or a checklist) from disk: its format by
extension, and its text, with one clear error naming the file for each way it can fail."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from ..errors import InputError

__all__ = ["DataFormat", "data_format", "read_data_file"]

#: The formats a domain's data file may be written in.
DataFormat = Literal["yaml", "toml"]
_FORMATS: dict[str, DataFormat] = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml"}


def data_format(name: str, *, what: str, error: type[InputError]) -> DataFormat:
    """The format of the ``what`` (``"playbook"``, ``"checklist"``) file called ``name``.

    :raises error: for an extension that is not .yaml, .yml or .toml.
    """
    suffix = Path(name).suffix.lower()
    if suffix not in _FORMATS:
        raise error(
            f"{what} {name}: unknown file type {suffix or '(none)'!r}; use .yaml, .yml or .toml"
        )
    return _FORMATS[suffix]


def read_data_file(
    path: str | os.PathLike[str], *, what: str, error: type[InputError]
) -> tuple[str, DataFormat]:
    """The text and format of the ``what`` file at ``path``.

    :raises error: a missing file, a folder, a file that is not UTF-8 or cannot be read,
        or an unknown extension.
    """
    file = Path(path)
    fmt = data_format(str(file), what=what, error=error)
    if not file.exists():
        raise error(f"{what} file {file} not found")
    if not file.is_file():
        raise error(f"{what} {file} is not a file")
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{what} {file} is not UTF-8 text: {exc.reason}") from exc
    except OSError as exc:
        raise error(f"{what} {file} cannot be read: {exc.strerror}") from exc
    return text, fmt
