"""Auto-save: saves a changed record at most every interval, and on flush and close."""

from __future__ import annotations

import pytest

from contract_review.errors import InputError
from contract_review.storage import AutoSaver, StorageBackend


class Ticks:
    """A monotonic clock moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_first_change_is_saved_then_at_most_every_interval(store: StorageBackend) -> None:
    ticks = Ticks()
    saver = AutoSaver(store, "conversation", "c-1", interval_s=300, clock=ticks)
    assert saver.update({"messages": ["hi"]}) is not None
    assert saver.update({"messages": ["hi", "there"]}) is None
    assert saver.pending
    assert store.load("conversation", "c-1").data == {"messages": ["hi"]}  # type: ignore[union-attr]
    ticks.now += 299
    assert saver.update({"messages": ["hi", "there", "again"]}) is None
    ticks.now += 1
    saved = saver.update({"messages": ["hi", "there", "again"]})
    assert saved is not None and saved.data == {"messages": ["hi", "there", "again"]}
    assert not saver.pending


def test_unchanged_content_is_not_saved_again(store: StorageBackend) -> None:
    ticks = Ticks()
    saver = AutoSaver(store, "review", "r-1", interval_s=0, clock=ticks)
    first = saver.update({"a": 1})
    assert first is not None
    assert saver.update({"a": 1}) is None
    assert not saver.pending
    assert store.load("review", "r-1") == first
    assert saver.update({"a": 2}) is not None


def test_going_back_to_the_saved_content_clears_the_pending_change(store: StorageBackend) -> None:
    saver = AutoSaver(store, "review", "r-1", interval_s=60, clock=Ticks())
    saver.update({"a": 1})
    saver.update({"a": 2})
    assert saver.pending
    saver.update({"a": 1})
    assert not saver.pending


def test_close_flushes_and_later_updates_are_refused(store: StorageBackend) -> None:
    with AutoSaver(store, "conversation", "c-1", interval_s=300, clock=Ticks()) as saver:
        saver.update({"n": 1})
        data = {"n": 2}
        saver.update(data)
        data["n"] = 99  # the saver kept a copy of what it was given
    assert store.load("conversation", "c-1").data == {"n": 2}  # type: ignore[union-attr]
    saver.close()
    with pytest.raises(RuntimeError, match="closed"):
        saver.update({"n": 3})


def test_flush_without_change_does_nothing(store: StorageBackend) -> None:
    saver = AutoSaver(store, "review", "r-1")
    assert saver.flush() is None
    assert store.load("review", "r-1") is None


def test_bad_arguments(store: StorageBackend) -> None:
    with pytest.raises(InputError, match="invalid review id"):
        AutoSaver(store, "review", "../x")
    with pytest.raises(ValueError, match="interval_s"):
        AutoSaver(store, "review", "r-1", interval_s=-1)
    saver = AutoSaver(store, "review", "r-1")
    with pytest.raises(InputError, match="cannot be stored as JSON"):
        saver.update({"x": {1, 2}})
