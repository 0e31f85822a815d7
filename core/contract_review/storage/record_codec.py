"""Records and checkpoints as JSON text: the one format the JSON backend's files, the
SQLite backend's payload column and export files share.

A payload is encoded once; the text is spliced into the entry's line rather than
encoded again, because a review's state (its documents and findings) can be large and
is checkpointed after every step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from ..errors import InputError, describe_validation_error
from .records import (
    RECORD_KINDS,
    STORE_SCHEMA_VERSION,
    Checkpoint,
    StoredEntry,
    StoredRecord,
    format_timestamp,
)

__all__ = [
    "EntryFormatError",
    "decode_payload",
    "encode_payload",
    "entry_from_json",
    "entry_from_object",
    "entry_to_json",
]


class EntryFormatError(ValueError):
    """A stored or exported entry is not what this version writes; the message says why.
    Callers turn it into an error naming the file or line."""


def encode_payload(data: Mapping[str, Any], *, what: str) -> str:
    """``data`` as compact JSON text.

    :param what: The record it belongs to, for the message ("review 'r-1'").
    :raises InputError: when ``data`` is not a JSON object (a value that is not a dict,
        list, str, number, bool or None; NaN or infinity).
    """
    if not isinstance(data, Mapping):
        raise InputError(
            f"the data of {what} must be a JSON object (a dict), not {type(data).__name__}"
        )
    payload = data if isinstance(data, dict) else dict(data)
    try:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise InputError(
            f"the data of {what} cannot be stored as JSON ({exc}); "
            "pass plain values, e.g. model.model_dump(mode='json')"
        ) from None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: keep them as \\u escapes
        text = json.dumps(payload, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return text


def decode_payload(text: str) -> dict[str, Any]:
    """The payload a stored text holds.

    :raises EntryFormatError: when it is not a JSON object.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EntryFormatError(
            f"the data is not valid JSON ({exc.msg}, column {exc.colno})"
        ) from None
    if not isinstance(value, dict):
        raise EntryFormatError("the data is not a JSON object")
    return value


def entry_to_json(entry: StoredEntry, *, payload: str | None = None) -> str:
    """One line of JSON for ``entry`` (no newline).

    :param payload: ``entry.data`` already encoded with :func:`encode_payload`.
    """
    if isinstance(entry, StoredRecord):
        head: dict[str, Any] = {
            "kind": entry.kind,
            "id": entry.id,
            "created_at": format_timestamp(entry.created_at),
            "updated_at": format_timestamp(entry.updated_at),
        }
    else:
        head = {
            "kind": "checkpoint",
            "review_id": entry.review_id,
            "seq": entry.seq,
            "created_at": format_timestamp(entry.created_at),
        }
    head["schema_version"] = entry.schema_version
    if payload is None:
        payload = encode_payload(entry.data, what=_describe(entry))
    return json.dumps(head, separators=(",", ":"))[:-1] + ',"data":' + payload + "}"


def entry_from_object(value: object) -> StoredEntry:
    """The record or checkpoint a decoded JSON object describes.

    :raises EntryFormatError: when it is not an object, has an unknown kind, comes from a
        newer version (the message says which) or misses or mistypes a field.
    """
    if not isinstance(value, dict):
        raise EntryFormatError("it is not a JSON object")
    version = value.get("schema_version", STORE_SCHEMA_VERSION)
    if isinstance(version, int) and version > STORE_SCHEMA_VERSION:
        raise EntryFormatError(
            f"it was written by a newer contract-review (store format {version}; this "
            f"version reads up to {STORE_SCHEMA_VERSION}); upgrade contract-review to read it"
        )
    kind = value.get("kind")
    model: type[StoredRecord] | type[Checkpoint]
    if kind in RECORD_KINDS:
        model = StoredRecord
    elif kind == "checkpoint":
        model = Checkpoint
    else:
        known = ", ".join(repr(k) for k in (*RECORD_KINDS, "checkpoint"))
        raise EntryFormatError(f"its kind is {kind!r}; expected one of {known}")
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise EntryFormatError(describe_validation_error(exc)) from None


def entry_from_json(text: str) -> StoredEntry:
    """The record or checkpoint one line of JSON describes.

    :raises EntryFormatError: as :func:`entry_from_object`, or when it is not JSON.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EntryFormatError(f"it is not valid JSON ({exc.msg}, column {exc.colno})") from None
    return entry_from_object(value)


def _describe(entry: StoredEntry) -> str:
    if isinstance(entry, StoredRecord):
        return f"{entry.kind} {entry.id!r}"
    return f"checkpoint {entry.seq} of review {entry.review_id!r}"
