"""The folder-level metadata sidecar ``laws.meta.json``: corrections to inferred metadata.

The file is one JSON object mapping a law's title (or its ``law_id``, to target one
version) to the :class:`~.law_models.LawMetadata` fields to set, e.g.::

    {"中华人民共和国劳动合同法": {"issuing_authority": "全国人民代表大会常务委员会",
                                   "tags": ["劳动"], "effective_date": "2013-07-01"}}

Only the fields given are replaced; an unknown field or a bad value is an error that
names the file, the title and the field.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from ..errors import InputError, describe_validation_error
from .law_models import LawMetadata

__all__ = ["SIDECAR_NAME", "apply_override", "read_overrides"]

#: The sidecar's file name, looked for in a law folder.
SIDECAR_NAME = "laws.meta.json"


def read_overrides(folder: Path) -> dict[str, LawMetadata]:
    """The validated overrides of ``folder/laws.meta.json`` (empty when there is none).

    Each value is a :class:`LawMetadata` whose *set* fields are the ones to apply.

    :raises InputError: for invalid JSON, a non-object, an unknown field or a bad value.
    """
    path = folder / SIDECAR_NAME
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{path} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    if not isinstance(raw, dict):
        raise InputError(f"{path} must be a JSON object mapping law titles to metadata fields")
    overrides: dict[str, LawMetadata] = {}
    for title, fields in raw.items():
        if not isinstance(fields, dict):
            raise InputError(f"{path}: the entry for {title!r} must be an object of fields")
        try:
            overrides[title] = LawMetadata.model_validate(fields)
        except ValidationError as exc:
            problems = describe_validation_error(exc, root="entry")
            raise InputError(f"{path}: invalid metadata for {title!r}: {problems}") from None
    return overrides


def apply_override(metadata: LawMetadata, override: LawMetadata | None) -> LawMetadata:
    """``metadata`` with the fields set in ``override`` replaced."""
    if override is None:
        return metadata
    return metadata.model_copy(update=override.model_dump(exclude_unset=True))
