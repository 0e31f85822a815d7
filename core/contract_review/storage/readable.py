"""Reading every record of a kind when one of them may be damaged.

A listing, the service's start-up and ``review --list`` read every record of a kind; one
record whose stored data no longer decodes must not stop them. :func:`readable_records`
yields the records that read and leaves out a damaged one with a warning naming its id
(logged, and given to ``warn`` when the caller shows warnings itself).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

from ..errors import StorageError
from .backend import StorageBackend
from .records import RecordKind, StoredRecord

__all__ = ["readable_records"]

logger = logging.getLogger(__name__)


def readable_records(
    storage: StorageBackend,
    kind: RecordKind,
    *,
    warn: Callable[[str], None] | None = None,
) -> Iterator[StoredRecord]:
    """Every record of ``kind`` that reads, in the store's listing order; a damaged one is
    left out with one warning line naming it (``contract-review store check`` lists
    them), and one deleted meanwhile is skipped."""
    for info in storage.list_records(kind):
        try:
            record = storage.load(kind, info.id)
        except StorageError as exc:
            message = f"{kind} {info.id} is left out: {exc}"
            logger.warning("%s", message)
            if warn is not None:
                warn(message)
            continue
        if record is not None:
            yield record
