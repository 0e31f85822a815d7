"""The id rule both backends share: path traversal and unportable names are refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.errors import InputError
from contract_review.storage import StorageBackend, is_valid_record_id, validate_record_id

GOOD = ["r-1", "a", "A.b_c-d", "0", "review.2024-05-01", "x" * 128, "con1", "nul-1", "a-"]
BAD = [
    "",
    ".",
    "..",
    "../x",
    "..\\x",
    "a/b",
    "a\\b",
    "/etc/passwd",
    "a..b",
    ".hidden",
    "-a",
    "_a",
    "a.",
    "x" * 129,
    "a b",
    "a\nb",
    "a\x00b",
    "合同",
    "NUL",
    "con.json",
    "com1",
    "lpt9.txt",
]


@pytest.mark.parametrize("record_id", GOOD)
def test_good_ids_pass(record_id: str) -> None:
    assert validate_record_id(record_id) == record_id


@pytest.mark.parametrize("record_id", BAD)
def test_bad_ids_are_refused_with_the_rule(record_id: str) -> None:
    assert not is_valid_record_id(record_id)
    with pytest.raises(InputError, match=r"invalid review id .*an id must be 1 to 128"):
        validate_record_id(record_id, what="review id")


def test_a_non_string_is_refused() -> None:
    with pytest.raises(InputError, match="invalid record id 5"):
        validate_record_id(5)


def test_a_very_long_id_is_shortened_in_the_message() -> None:
    with pytest.raises(InputError) as caught:
        validate_record_id("y" * 5000)
    assert len(str(caught.value)) < 400


@given(st.text(max_size=40))
def test_a_valid_id_is_a_plain_file_name(record_id: str) -> None:
    if is_valid_record_id(record_id):
        assert "/" not in record_id and "\\" not in record_id and ".." not in record_id
        assert record_id not in ("", ".") and not record_id.startswith(".")


@pytest.mark.parametrize("record_id", ["../x", "a/b", "", ".", "..", "x" * 200, "/abs"])
def test_every_operation_refuses_a_traversing_id(
    store: StorageBackend, record_id: str, tmp_path: Path
) -> None:
    calls = [
        lambda: store.save("review", record_id, {}),
        lambda: store.load("review", record_id),
        lambda: store.delete("review", record_id),
        lambda: store.append_checkpoint(record_id, {}),
        lambda: store.latest_checkpoint(record_id),
        lambda: store.load_checkpoint(record_id, 1),
        lambda: store.checkpoints(record_id),
    ]
    for call in calls:
        with pytest.raises(InputError, match="invalid"):
            call()
    assert list(store.dump()) == []
    written = {path.name for path in tmp_path.rglob("*") if path.is_file()}
    assert not written & {"x.json", "b.json", "abs.json", ".json", "..json", "x"}
