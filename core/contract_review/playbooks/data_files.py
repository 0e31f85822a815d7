"""Reading a domain's data file (a playbook or a checklist): its format by extension, its
text from disk, and its YAML or TOML parsed, with one clear error naming the file for
each way it can fail."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

import yaml

from ..errors import InputError

__all__ = ["DataFormat", "TextNumbersLoader", "data_format", "parse_data", "read_data_file"]

#: The formats a domain's data file may be written in.
DataFormat = Literal["yaml", "toml"]
_FORMATS: dict[str, DataFormat] = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml"}


class TextNumbersLoader(yaml.SafeLoader):
    """YAML's safe loader without its int and float guesses: numbers stay text (used
    for playbooks, checklists and the term library)."""


TextNumbersLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if not tag.endswith((":int", ":float"))]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


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


def parse_data(
    text: str, fmt: DataFormat, *, what: str, source: str, error: type[InputError]
) -> Any:
    """The YAML (numbers kept as text) or TOML in ``text``, read from ``source``.

    :raises error: naming ``source`` when the text is not valid in its format.
    """
    if fmt == "toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise error(f"{what} {source} is not valid TOML: {exc}") from exc
    try:
        return yaml.load(text, Loader=TextNumbersLoader)  # a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise error(f"{what} {source} is not valid YAML: {exc}") from exc
