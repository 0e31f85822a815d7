"""Checkpoints written as changes: every checkpoint reads back as exactly the state the
engine saved at that node, with far fewer bytes written than whole states."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.errors import StorageError
from contract_review.review import checkpoints as checkpoints_module
from contract_review.review.approval import PausingApprover
from contract_review.review.checkpoints import (
    CHANGE_KEY,
    CheckpointWriter,
    latest_state_data,
)
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.state import ReviewState
from contract_review.storage.backend import StorageBackend
from contract_review.storage.json_backend import JsonStorage
from contract_review.storage.records import Checkpoint
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, write_throwaway_contract

from .engine_fixtures import make_registry, make_settings


class _UpTo:
    """A read-only view of a store whose latest checkpoint is ``seq``."""

    def __init__(self, storage: StorageBackend, seq: int) -> None:
        self._storage = storage
        self._seq = seq
        self.location = storage.location

    def latest_checkpoint(self, review_id: str) -> Checkpoint | None:
        return self._storage.load_checkpoint(review_id, self._seq)

    def load_checkpoint(self, review_id: str, seq: int) -> Checkpoint | None:
        return self._storage.load_checkpoint(review_id, seq) if seq <= self._seq else None


def _record_saved_states(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The state data the engine hands the writer, in order."""
    saved: list[dict[str, Any]] = []
    write = CheckpointWriter.write

    def spy(self: CheckpointWriter, state: ReviewState, *, whole: bool = False) -> None:
        saved.append(copy.deepcopy(checkpoints_module._state_data(state)))
        write(self, state, whole=whole)

    monkeypatch.setattr(CheckpointWriter, "write", spy)
    return saved


@pytest.mark.parametrize("backend", ["sqlite", "json"])
def test_every_checkpoint_reads_back_as_the_state_saved_at_that_node(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    saved = _record_saved_states(monkeypatch)
    storage: StorageBackend = (
        SqliteStorage(tmp_path / "store.sqlite3")
        if backend == "sqlite"
        else JsonStorage(tmp_path / "store")
    )
    engine = ReviewEngine(
        make_registry(), settings=make_settings(tmp_path), storage=storage, llm=None
    )
    contract = write_throwaway_contract(tmp_path)
    state = engine.start(
        ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])
    )
    infos = storage.checkpoints(state.review_id)
    assert [info.seq for info in infos] == list(range(1, len(saved) + 1))
    for info, expected in zip(infos, saved, strict=True):
        view: Any = _UpTo(storage, info.seq)
        assert latest_state_data(view, state.review_id) == expected, f"checkpoint {info.seq}"

    stored = [storage.load_checkpoint(state.review_id, i.seq) for i in infos]
    changes = [c for c in stored if c is not None and CHANGE_KEY in c.data]
    assert len(changes) > len(stored) // 2  # most checkpoints are changes
    last = stored[-1]
    assert last is not None and CHANGE_KEY not in last.data  # a finished run ends whole
    assert last.data["status"] == "complete"
    written = sum(checkpoints_module._size(c.data) for c in stored if c is not None)
    wholes = sum(checkpoints_module._size(s) for s in saved)
    assert written * 3 < wholes  # what whole checkpoints at every node would have written
    assert engine.load(state.review_id).findings == state.findings


def test_a_paused_review_ends_on_a_whole_checkpoint_and_resumes(tmp_path: Path) -> None:
    registry = make_registry()
    storage = SqliteStorage(tmp_path / "store.sqlite3")
    engine = ReviewEngine(
        registry,
        settings=make_settings(tmp_path),
        storage=storage,
        llm=None,
        approver=PausingApprover(),
    )
    contract = write_throwaway_contract(tmp_path)
    paused = engine.start(
        ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])
    )
    assert paused.status == "paused"
    latest = storage.latest_checkpoint(paused.review_id)
    assert latest is not None and CHANGE_KEY not in latest.data
    resumed = ReviewEngine(
        registry, settings=make_settings(tmp_path), storage=storage, llm=None
    ).resume(paused.review_id)
    assert resumed.status == "complete"


def test_an_interval_saves_a_runs_first_and_last_checkpoints_and_resumes_from_them(
    tmp_path: Path,
) -> None:
    registry = make_registry()
    contract = write_throwaway_contract(tmp_path)
    request = ReviewRequest(
        domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))]
    )
    every = ReviewEngine(
        registry,
        settings=make_settings(tmp_path),
        storage=SqliteStorage(tmp_path / "every.sqlite3"),
        llm=None,
    ).start(request)
    storage = SqliteStorage(tmp_path / "store.sqlite3")
    engine = ReviewEngine(
        registry,
        settings=make_settings(tmp_path),
        storage=storage,
        llm=None,
        checkpoint_interval_s=3600.0,
    )
    state = engine.start(request)
    assert state.findings == every.findings
    infos = storage.checkpoints(state.review_id)
    assert [info.seq for info in infos] == [1, 2]  # the start, and the finished review
    last = storage.latest_checkpoint(state.review_id)
    assert last is not None and CHANGE_KEY not in last.data
    assert last.data["status"] == "complete"
    # stopped before its last checkpoint: resumed from the first, to the same findings
    with storage._db.writing() as conn:
        conn.execute("DELETE FROM checkpoints WHERE seq = 2")
    resumed = engine.resume(state.review_id)
    assert resumed.status == "complete" and resumed.findings == every.findings


def test_a_negative_checkpoint_interval_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="checkpoint_interval_s"):
        ReviewEngine(
            make_registry(),
            settings=make_settings(tmp_path),
            storage=SqliteStorage(tmp_path / "store.sqlite3"),
            llm=None,
            checkpoint_interval_s=-1.0,
        )


def test_a_change_whose_checkpoint_is_gone_is_reported_not_guessed(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "store.sqlite3")
    writer = CheckpointWriter(storage)
    state = ReviewState(review_id="rv-1", domain_id="generic", next_node="plan_review")
    state.notes.append("x" * 2000)  # room for the changes that follow
    writer.write(state)
    state.next_node = "analyze"
    writer.write(state)
    latest = storage.latest_checkpoint("rv-1")
    assert latest is not None and latest.data[CHANGE_KEY]["after"] == 1
    assert latest_state_data(storage, "rv-1") == checkpoints_module._state_data(state)
    with storage._db.writing() as conn:  # the whole checkpoint lost (e.g. expired)
        conn.execute("DELETE FROM checkpoints WHERE seq = 1")
    with pytest.raises(StorageError, match=r"checkpoint 2 of review 'rv-1' .* checkpoint 1"):
        latest_state_data(storage, "rv-1")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)
states = st.dictionaries(
    st.sampled_from(["findings", "checked", "notes", "status", "timings", "plan"]),
    json_values | st.lists(json_values, max_size=5),
)


@settings(max_examples=300, deadline=None)
@given(before=states, after=states)
def test_a_change_applied_to_the_state_before_gives_the_state_after(
    before: dict[str, Any], after: dict[str, Any]
) -> None:
    change = checkpoints_module._change(before, after)
    rebuilt = copy.deepcopy(before)
    checkpoints_module._apply(rebuilt, change, "a test change")
    assert rebuilt == after


@settings(max_examples=100, deadline=None)
@given(
    start=st.lists(json_values, max_size=6),
    added=st.lists(json_values, min_size=1, max_size=3),
)
def test_a_list_that_grew_is_saved_as_its_new_items(start: list[Any], added: list[Any]) -> None:
    before = {"findings": start}
    after = {"findings": start + added}
    change = checkpoints_module._change(before, after)
    if start:
        assert change["lists"]["findings"] == [len(start), added]
    assert not change["set"] or not start


@pytest.mark.parametrize(
    "change",
    [
        "not a change",
        {"set": ["a", "list"]},
        {"lists": {"notes": [5, ["x"]]}},
        {"lists": {"notes": "x"}},
        {"lists": {"status": [0, []]}},
    ],
)
def test_a_damaged_change_is_one_clear_error(tmp_path: Path, change: object) -> None:
    storage = SqliteStorage(tmp_path / "store.sqlite3")
    state = ReviewState(review_id="rv-2", domain_id="generic", next_node="plan_review")
    storage.append_checkpoint("rv-2", checkpoints_module._state_data(state))
    damaged = {"after": 1, **change} if isinstance(change, dict) else change
    storage.append_checkpoint("rv-2", {CHANGE_KEY: damaged})
    with pytest.raises(StorageError, match=r"checkpoint 2 of review 'rv-2'"):
        latest_state_data(storage, "rv-2")
