"""Properties every backend keeps: any JSON payload round-trips, and after any sequence
of saves, deletes and checkpoints the store agrees with a plain dictionary."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.storage import StorageBackend

from .conftest import FakeClock, open_backend

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4)
    ),
    max_leaves=20,
)
PAYLOADS = st.dictionaries(st.text(), JSON_VALUES, max_size=6)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=PAYLOADS)
def test_any_json_object_round_trips(store: StorageBackend, data: dict[str, Any]) -> None:
    saved = store.save("review", "r-1", data)
    assert saved.data == data
    assert store.load("review", "r-1") == saved
    checkpoint = store.append_checkpoint("r-1", data)
    assert store.latest_checkpoint("r-1") == checkpoint
    assert checkpoint.data == data


def test_lone_surrogates_round_trip(store: StorageBackend) -> None:
    data = {"\ud800key": ["text with a lone surrogate \udfff", "合同"]}
    assert store.save("conversation", "c-1", data).data == data
    assert store.load("conversation", "c-1").data == data  # type: ignore[union-attr]


IDS = st.sampled_from(["a", "b", "a-1", "A", "r.2", "z_9"])
KINDS = st.sampled_from(["review", "conversation"])
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("save"), KINDS, IDS, st.integers(0, 5)),
        st.tuples(st.just("delete"), KINDS, IDS, st.just(0)),
        st.tuples(st.just("checkpoint"), st.just("review"), IDS, st.integers(0, 5)),
    ),
    max_size=25,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_store_agrees_with_a_dictionary(
    backend_name: str, operations: list[tuple[str, str, str, int]]
) -> None:
    records: dict[tuple[str, str], dict[str, Any]] = {}
    checkpoints: dict[str, list[dict[str, Any]]] = {}
    with (
        tempfile.TemporaryDirectory() as folder,
        open_backend(backend_name, Path(folder), clock=FakeClock()) as store,
    ):
        for operation, kind, record_id, value in operations:
            data = {"value": value}
            if operation == "save":
                store.save(kind, record_id, data)  # type: ignore[arg-type]
                records[kind, record_id] = data
            elif operation == "delete":
                existed = (kind, record_id) in records or (
                    kind == "review" and bool(checkpoints.get(record_id))
                )
                assert store.delete(kind, record_id) is existed  # type: ignore[arg-type]
                records.pop((kind, record_id), None)
                if kind == "review":
                    checkpoints.pop(record_id, None)
            else:
                seq = store.append_checkpoint(record_id, data).seq
                checkpoints.setdefault(record_id, []).append(data)
                assert seq == len(checkpoints[record_id])
        for kind in ("review", "conversation"):
            listed = {info.id for info in store.list_records(kind)}  # type: ignore[arg-type]
            assert listed == {rid for (k, rid) in records if k == kind}
        for (kind, record_id), data in records.items():
            assert store.load(kind, record_id).data == data  # type: ignore[arg-type, union-attr]
        for record_id, saved in checkpoints.items():
            assert [c.seq for c in store.checkpoints(record_id)] == list(range(1, len(saved) + 1))
            assert store.latest_checkpoint(record_id).data == saved[-1]  # type: ignore[union-attr]
        assert len(list(store.dump())) == len(records) + sum(map(len, checkpoints.values()))
