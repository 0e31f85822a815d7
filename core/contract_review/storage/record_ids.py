"""The one rule every stored id follows, in both backends.

An id names a file in the JSON backend, so it must be safe as a file name on every
common system: no path separators, no ``..``, no device names such as ``NUL``, short
enough for any file system. The SQLite backend applies the same rule so that a store
can be exported from one backend and imported into the other.
"""

from __future__ import annotations

import re

from ..errors import InputError

__all__ = ["MAX_ID_LENGTH", "RECORD_ID_RULE", "is_valid_record_id", "validate_record_id"]

#: The longest id accepted.
MAX_ID_LENGTH = 128

_ID_PATTERN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,126}[A-Za-z0-9_-])?")
_DEVICE_NAMES = frozenset(
    {"con", "prn", "aux", "nul"} | {f"com{n}" for n in range(10)} | {f"lpt{n}" for n in range(10)}
)

#: The rule as shown in error messages.
RECORD_ID_RULE = (
    f"1 to {MAX_ID_LENGTH} letters, digits, '.', '_' or '-', starting with a letter or "
    "digit, not ending with '.', without '..' and not a device name such as 'nul'"
)


def is_valid_record_id(record_id: object) -> bool:
    """Whether ``record_id`` follows :data:`RECORD_ID_RULE`."""
    return (
        isinstance(record_id, str)
        and _ID_PATTERN.fullmatch(record_id) is not None
        and ".." not in record_id
        and record_id.split(".", 1)[0].lower() not in _DEVICE_NAMES
    )


def validate_record_id(record_id: object, *, what: str = "record id") -> str:
    """``record_id`` itself when it follows the rule.

    :param what: What the id names, for the message ("review id").
    :raises InputError: naming the id and the rule.
    """
    if not is_valid_record_id(record_id):
        shown = (
            record_id
            if not isinstance(record_id, str) or len(record_id) <= 80
            else (record_id[:77] + "...")
        )
        raise InputError(f"invalid {what} {shown!r}: an id must be {RECORD_ID_RULE}")
    assert isinstance(record_id, str)
    return record_id
