"""Reading a corpus to index: JSON lines (text fields inferred or named, the rest
metadata) and folders of documents (one unit per section), with errors a user can act on."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from contract_review.errors import InputError
from contract_review.retrieval.corpus_loading import infer_text_fields, load_corpus, load_jsonl


def _jsonl(path: Path, *records: Any) -> Path:
    path.write_text(
        "".join(
            (r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in records
        ),
        encoding="utf-8",
    )
    return path


ARTICLES: list[dict[str, Any]] = [
    {
        "id": 39,
        "name": "劳动合同法 第三十九条",
        "content": "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。",
        "date": "2008-01-01",
        "level": 3,
        "tags": ["劳动", "解除"],
        "source": {"book": "劳动合同法", "page": 12},
        "in_force": True,
    },
    {
        "id": "civ-586",
        "name": "民法典 第五百八十六条",
        "content": "当事人可以约定一方向对方给付定金作为债权的担保。",
        "date": "2021-01-01T00:00:00",
        "level": None,
        "tags": [],
        "source": None,
        "in_force": False,
    },
]


# ---------------------------------------------------------------------- JSONL


def test_text_fields_are_inferred_and_the_rest_is_metadata(tmp_path: Path) -> None:
    documents = load_corpus(_jsonl(tmp_path / "laws.jsonl", *ARTICLES))
    assert [doc.id for doc in documents] == ["39", "civ-586"]  # int ids become strings
    first = documents[0]
    assert list(first.fields) == ["name", "content"]
    assert first.fields["content"].startswith("劳动者在试用期间")
    assert first.metadata == {
        "date": "2008-01-01",
        "level": 3,
        "tags": ["劳动", "解除"],
        "source": json.dumps({"book": "劳动合同法", "page": 12}, ensure_ascii=False),
        "in_force": True,
    }
    assert documents[1].metadata["tags"] == []
    assert documents[1].metadata["level"] is None
    assert documents[1].metadata["date"] == "2021-01-01T00:00:00"


def test_infer_text_fields_skips_ids_dates_numbers_and_mixed_fields() -> None:
    records = [
        {"id": "a", "title": "T", "date": "2020-01-01", "n": 1, "mixed": "x", "note": None},
        {"id": "b", "title": "U", "date": "2021-02-03", "n": 2, "mixed": 5, "note": "ok"},
    ]
    assert infer_text_fields(records) == ["title", "note"]


def test_named_text_fields_make_the_others_metadata(tmp_path: Path) -> None:
    documents = load_corpus(_jsonl(tmp_path / "laws.jsonl", *ARTICLES), text_fields=["content"])
    assert list(documents[0].fields) == ["content"]
    assert documents[0].metadata["name"] == "劳动合同法 第三十九条"


def test_lines_without_text_are_skipped_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "t": "text"}, {"id": "b", "t": "  "})
    with caplog.at_level(logging.WARNING, logger="contract_review"):
        documents = load_corpus(path)
    assert [doc.id for doc in documents] == ["a"]
    assert "1 line(s) without text" in caplog.text


def test_blank_lines_and_a_byte_order_mark_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text('\ufeff{"id": "a", "t": "x"}\n\n   \n{"id": "b", "t": "y"}\n', "utf-8")
    assert [doc.id for doc in load_corpus(path)] == ["a", "b"]


def test_missing_corpus(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"corpus not found: .*missing\.jsonl"):
        load_corpus(tmp_path / "missing.jsonl")


@pytest.mark.parametrize("content", ["", "\n\n   \n\t\n"], ids=["empty", "blank-lines"])
def test_an_empty_corpus_says_it_is_empty(tmp_path: Path, content: str) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_corpus(path)
    assert "empty" in str(caught.value)
    assert "corpus.jsonl" in str(caught.value)
    # The same with named text fields.
    with pytest.raises(InputError, match="empty"):
        load_corpus(path, text_fields=["content"])


def test_a_corpus_whose_lines_have_no_text_is_empty(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "t": ""}, {"id": "b", "t": " "})
    with pytest.raises(InputError, match=r"c\.jsonl is empty"):
        load_corpus(path)


def test_a_corpus_with_no_text_field(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "n": 1, "date": "2020-01-01"})
    with pytest.raises(InputError, match=r"c\.jsonl has no text field.*--text-fields"):
        load_corpus(path)


def test_malformed_json_names_the_line(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "t": "x"}, '{"id": "b", "t": ')
    with pytest.raises(InputError) as caught:
        load_corpus(path)
    assert "c.jsonl line 2 is not valid JSON" in str(caught.value)


def test_a_line_without_id_names_the_line(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "t": "x"}, {"id": "b", "t": "y"}, {"t": "z"})
    with pytest.raises(InputError) as caught:
        load_corpus(path)
    assert "c.jsonl line 3 has no 'id'" in str(caught.value)


def test_an_empty_id_counts_as_missing(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "", "t": "x"})
    with pytest.raises(InputError, match="line 1 has no 'id'"):
        load_corpus(path)


@pytest.mark.parametrize("line", ['["id", "a"]', '"text"', "42", "null"])
def test_a_line_that_is_not_an_object(tmp_path: Path, line: str) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "t": "x"}, line)
    with pytest.raises(InputError, match=r"c\.jsonl line 2 is not a JSON object"):
        load_corpus(path)


def test_a_repeated_id_names_both_lines(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "c.jsonl",
        {"id": "a", "t": "x"},
        {"id": "b", "t": "y"},
        {"id": "a", "t": "z"},
    )
    with pytest.raises(InputError) as caught:
        load_corpus(path)
    assert "c.jsonl line 3 repeats the id 'a' of line 1" in str(caught.value)


def test_ids_repeated_as_int_and_string_are_the_same_id(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": 7, "t": "x"}, {"id": "7", "t": "y"})
    with pytest.raises(InputError, match="repeats the id '7'"):
        load_corpus(path)


def test_an_unknown_text_field_is_named_with_the_known_ones(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", {"id": "a", "content": "x", "law": "刑法"})
    with pytest.raises(InputError) as caught:
        load_corpus(path, text_fields=["contents", "content"])
    message = str(caught.value)
    assert "contents" in message
    assert "c.jsonl" in message
    assert "content, id, law" in message


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_bytes('{"id": "a", "t": "劳动"}\n'.encode("gbk"))
    with pytest.raises(InputError, match="not UTF-8"):
        load_corpus(path)


def test_load_jsonl_on_its_own_reports_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="empty"):
        load_jsonl(path)


# ---------------------------------------------------------------------- folders

SUPPLY = """\
SUPPLY AGREEMENT

1. Definitions
"Goods" means the equipment listed in Schedule 1.

1.1 Scope
The scope of supply is described in Schedule 2.

2. Delivery
The Supplier shall deliver the Goods within 60 days.
"""

PURCHASE_ZH = """\
设备采购合同

第一条 合同标的
卖方向买方出售设备。

第二条 交付
卖方应于合同签订后六十日内交付设备。
"""


def test_a_folder_gives_one_document_per_section(tmp_path: Path) -> None:
    folder = tmp_path / "contracts"
    (folder / "zh").mkdir(parents=True)
    (folder / "a.txt").write_text(SUPPLY, encoding="utf-8")
    (folder / "zh" / "b.txt").write_text(PURCHASE_ZH, encoding="utf-8")
    (folder / "notes.xyz").write_text("not a contract", encoding="utf-8")
    (folder / ".hidden.txt").write_text("1. Secret\nHidden text.\n", encoding="utf-8")

    documents = load_corpus(folder)
    by_id = {doc.id: doc for doc in documents}
    assert {"a.txt#1", "a.txt#1.1", "a.txt#2", "zh/b.txt#第一条", "zh/b.txt#第二条"} <= set(by_id)
    assert not any(doc_id.startswith((".hidden", "notes")) for doc_id in by_id)

    scope = by_id["a.txt#1.1"]
    assert scope.metadata["file"] == "a.txt"
    assert scope.metadata["section"] == "1.1"
    assert scope.fields["title"] == "Scope"
    assert "Schedule 2" in scope.fields["text"]
    delivery = by_id["zh/b.txt#第二条"]
    assert delivery.metadata["file"] == "zh/b.txt"
    assert delivery.metadata["section"] == "第二条"
    assert delivery.metadata["language"] == "zh"
    assert "六十日" in delivery.fields["text"]


def test_an_empty_folder_is_an_empty_corpus(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="is empty"):
        load_corpus(tmp_path / "empty")
