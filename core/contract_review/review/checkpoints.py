"""A review's checkpoints: its state after every node, written as what changed.

A review's state grows with every clause it reviews (findings and their redlines, the
clauses checked, each clause's review), and the engine saves it after every node, so
writing the whole state each time costs in proportion to the nodes times the state: on a
long contract, some 140 checkpoints of up to 300 KB each. A checkpoint therefore holds
either the whole state (the plain state object, as it always has) or a *change*::

    {"checkpoint_change": {"after": 41, "set": {"next_node": "analyze", ...},
                           "lists": {"findings": [12, [{...}, {...}]]}}}

``after`` is the sequence number of the checkpoint it changes; ``set`` holds every
top-level field whose value differs from that checkpoint's; ``lists`` holds, for a list
field, where it first differs and everything from there on (the findings a clause added,
without the ones before them). The first checkpoint of every run (start, resume,
decisions), the one a run stops on (done, paused or failed), and one whenever the
changes since the last whole checkpoint add up to more than its size, hold the whole
state: reading the latest state reads at most a bounded chain, and a finished or paused
review's latest checkpoint is whole.

:func:`latest_state_data` reads the state back; nothing else needs to know the format.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..errors import StorageError
from ..storage.backend import StorageBackend
from .state import ReviewState

__all__ = ["CHANGE_KEY", "CheckpointWriter", "latest_state_data", "write_whole_checkpoint"]

#: The key that marks a checkpoint holding a change rather than the whole state.
CHANGE_KEY: Final = "checkpoint_change"

#: At most this many changes follow a whole checkpoint (bounds what a resume reads).
MAX_CHANGES: Final = 64

_EXCLUDE: Final = {"documents"}  # saved once, with the review's record

_MISSING: Final[Any] = object()


def _state_data(state: ReviewState) -> dict[str, Any]:
    return state.model_dump(mode="json", exclude=_EXCLUDE)


def _size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _change(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What turns ``before`` into ``after``: changed fields, and changed list tails."""
    fields: dict[str, Any] = {}
    lists: dict[str, list[Any]] = {}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if isinstance(value, list) and isinstance(old, list):
            # one walk over the items: their common start tells both whether the list
            # changed and where
            same = 0
            for old_item, new_item in zip(old, value, strict=False):
                if old_item != new_item:
                    break
                same += 1
            if same == len(old) == len(value):
                continue
            if same:
                lists[key] = [same, value[same:]]
                continue
        elif old == value:
            continue
        fields[key] = value
    change: dict[str, Any] = {"set": fields, "lists": lists}
    gone = [key for key in before if key not in after]
    if gone:
        change["drop"] = gone
    return change


def _apply(data: dict[str, Any], change: object, where: str) -> None:
    """Apply ``change`` to ``data``; :class:`StorageError` when it is not a change."""
    try:
        if not isinstance(change, dict):
            raise TypeError("not an object")
        data.update(change.get("set", {}))
        for key, (keep, tail) in change.get("lists", {}).items():
            current = data.get(key)
            if not isinstance(current, list) or not isinstance(keep, int):
                raise TypeError(f"{key!r} is not a list")
            if not 0 <= keep <= len(current) or not isinstance(tail, list):
                raise ValueError(f"its change to {key!r} does not fit the checkpoint before")
            data[key] = current[:keep] + tail
        for key in change.get("drop", []):
            data.pop(key, None)
    except (TypeError, ValueError, AttributeError) as exc:
        raise StorageError(
            f"{where} is damaged ({exc}); the review cannot be resumed (start it again)"
        ) from None


class CheckpointWriter:
    """Saves one run's checkpoints of one review: the first whole, then changes.

    :param storage: Where they are saved.
    """

    def __init__(self, storage: StorageBackend) -> None:
        self._storage = storage
        self._previous: dict[str, Any] | None = None
        self._previous_seq = 0
        self._whole_size = 0
        self._changes_size = 0
        self._changes = 0

    def write(self, state: ReviewState, *, whole: bool = False) -> None:
        """Save ``state``; ``whole`` saves all of it (as a run's last checkpoint)."""
        data = _state_data(state)
        previous = self._previous
        if previous is not None and not whole and self._changes < MAX_CHANGES:
            change = _change(previous, data)
            size = _size(change)
            if self._changes_size + size <= self._whole_size:
                saved = self._storage.append_checkpoint(
                    state.review_id,
                    {CHANGE_KEY: {"after": self._previous_seq, **change}},
                )
                self._changes_size += size
                self._changes += 1
                self._remember(data, saved.seq)
                return
        saved = self._storage.append_checkpoint(state.review_id, data)
        self._whole_size = _size(data)
        self._changes_size = 0
        self._changes = 0
        self._remember(data, saved.seq)

    def _remember(self, data: dict[str, Any], seq: int) -> None:
        self._previous = data
        self._previous_seq = seq


def write_whole_checkpoint(storage: StorageBackend, state: ReviewState) -> None:
    """Save the whole of ``state`` as the review's next checkpoint."""
    CheckpointWriter(storage).write(state, whole=True)


def latest_state_data(storage: StorageBackend, review_id: str) -> dict[str, Any] | None:
    """The review's state as its latest checkpoint leaves it (without the documents), or
    None when it has no checkpoint.

    :raises StorageError: when the checkpoints a change builds on are gone or damaged.
    """
    latest = storage.latest_checkpoint(review_id)
    if latest is None:
        return None
    chain = [latest]
    while CHANGE_KEY in chain[-1].data:
        current = chain[-1]
        change = current.data[CHANGE_KEY]
        if not isinstance(change, dict):
            raise StorageError(
                f"checkpoint {current.seq} of review {review_id!r} in {storage.location} is "
                "damaged (its change is not an object); the review cannot be resumed (start it "
                "again)"
            )
        after = change.get("after")
        earlier = (
            storage.load_checkpoint(review_id, after)
            if isinstance(after, int) and 0 < after < current.seq
            else None
        )
        if earlier is None:
            raise StorageError(
                f"checkpoint {current.seq} of review {review_id!r} records a change to "
                f"checkpoint {after}, which is not in {storage.location}; the review cannot be "
                "resumed (start it again)"
            )
        chain.append(earlier)
    data = dict(chain.pop().data)
    for checkpoint in reversed(chain):
        _apply(
            data,
            checkpoint.data[CHANGE_KEY],
            f"checkpoint {checkpoint.seq} of review {review_id!r}",
        )
    return data
