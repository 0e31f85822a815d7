"""Auto-save (seed 002 P0, ``auto_save`` / ``auto_save_interval``): keep one record
saved while it changes, without writing on every change.

:class:`AutoSaver` saves the latest content when it differs from what was last saved
and the interval has passed since the last save; :meth:`~AutoSaver.flush` and
:meth:`~AutoSaver.close` save whatever is pending. There is no background thread: a
change is written on a later :meth:`~AutoSaver.update`, a flush or the close.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any, Self

from .backend import StorageBackend
from .record_codec import encode_payload
from .record_ids import validate_record_id
from .records import RecordKind, StoredRecord, check_kind

__all__ = ["AutoSaver"]


class AutoSaver:
    """Saves one record through ``backend`` when it changed, at most every ``interval_s``.

    :param interval_s: Seconds between saves; 0 saves every change.
    :param clock: Monotonic seconds (tests pass a fake clock).
    """

    def __init__(
        self,
        backend: StorageBackend,
        kind: RecordKind,
        record_id: str,
        *,
        interval_s: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if interval_s < 0:
            raise ValueError(f"interval_s must be 0 or more, not {interval_s}")
        self._backend = backend
        check_kind(kind)
        self._kind = kind
        self._id = validate_record_id(record_id, what=f"{kind} id")
        self._interval = interval_s
        self._clock = clock
        self._saved_text: str | None = None
        self._last_save: float | None = None
        self._pending: str | None = None
        self._closed = False

    @property
    def pending(self) -> bool:
        """Whether a change has not been saved yet."""
        return self._pending is not None

    def update(self, data: Mapping[str, Any]) -> StoredRecord | None:
        """Note the record's current content; save it now when it changed and the
        interval has passed.

        :returns: The record when it was saved now, else None.
        :raises InputError: when ``data`` is not a JSON object.
        """
        if self._closed:
            raise RuntimeError(f"the auto-saver of {self._kind} {self._id!r} is closed")
        text = encode_payload(data, what=f"{self._kind} {self._id!r}")
        self._pending = None if text == self._saved_text else text
        due = self._last_save is None or self._clock() - self._last_save >= self._interval
        return self.flush() if due else None

    def note_saved(self, data: Mapping[str, Any]) -> None:
        """Note that ``data`` was saved just now by someone else (the record was created
        with it): the interval runs from now, and nothing is pending.

        :raises InputError: when ``data`` is not a JSON object.
        """
        self._saved_text = encode_payload(data, what=f"{self._kind} {self._id!r}")
        self._pending = None
        self._last_save = self._clock()

    def flush(self) -> StoredRecord | None:
        """Save the pending change, if any.

        :returns: The record when it was saved, else None.
        """
        if self._pending is None:
            return None
        text = self._pending
        record = self._backend.save(self._kind, self._id, json.loads(text))
        self._saved_text, self._pending = text, None
        self._last_save = self._clock()
        return record

    def close(self) -> None:
        """Save the pending change; later updates are refused."""
        if not self._closed:
            self.flush()
            self._closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
