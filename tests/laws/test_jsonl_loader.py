"""The STARD-style JSON-lines loader: grouping into laws, versions, errors naming the
line."""

from __future__ import annotations

import datetime
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from contract_review.errors import InputError
from contract_review.laws import load_law_jsonl


def _row(law: str, article: str, content: str, version: str | None = None) -> dict[str, Any]:
    return {
        "id": 0,
        "name": f"{law}{article}",
        "content": content,
        "law": law,
        "article": article,
        "path": ["第一章 总则"],
        "source_file": "样例/样例.md",
        "version_date": version,
    }


def _jsonl(path: Path, *rows: dict[str, Any] | str) -> Path:
    path.write_text(
        "".join(
            (r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in rows
        ),
        encoding="utf-8",
    )
    return path


def test_rows_group_into_laws(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "corpus.jsonl",
        _row("中华人民共和国样例法", "第一条", "为了测试，制定本法。", "2010-06-01"),
        _row("中华人民共和国样例法", "第二条", "第一款。\n（一）第一项；\n第二款。", "2010-06-01"),
        _row("样例条例", "第1条", "条例的条文。"),
        _row("中华人民共和国样例法", "第二条", "重复的一行。", "2010-06-01"),
    )
    laws = load_law_jsonl(path)
    assert [law.law_id for law in laws] == ["中华人民共和国样例法", "样例条例"]
    law, regulation = laws
    assert [a.article_no for a in law.articles] == ["第一条", "第二条"]
    second = law.articles[1]
    assert second.article_id == "中华人民共和国样例法#第二条"
    assert second.paragraphs == ["第一款。", "第二款。"]
    assert [(i.paragraph, i.label) for i in second.items] == [(0, "（一）")]
    assert second.path == ["第一章 总则"]
    assert law.version_date == datetime.date(2010, 6, 1)
    assert law.metadata.law_level == "法律"
    assert regulation.articles[0].article_no == "第一条"  # normalised from 第1条
    assert regulation.metadata.law_level == "行政法规"


def test_versions_of_a_title_get_dated_ids(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "corpus.jsonl",
        _row("样例条例", "第一条", "旧文。", "2001-01-01"),
        _row("样例条例", "第一条", "新文。", "2011-01-01"),
    )
    assert [law.law_id for law in load_law_jsonl(path)] == [
        "样例条例@2001-01-01",
        "样例条例@2011-01-01",
    ]


@pytest.mark.parametrize(
    ("bad", "expected"),
    [
        ("{not json", r"corpus\.jsonl line 2 is not valid JSON"),
        ("[1, 2]", r"corpus\.jsonl line 2 is not a JSON object"),
        (json.dumps({"law": "样例条例", "article": "第一条"}), r"line 2 has no text for content"),
        (json.dumps(_row("样例条例", "第x条", "文")), r"line 2: '第x条' is not an article number"),
        (json.dumps(_row("样例条例", "第二条", "文", "2020/01/01")), r"line 2: version_date"),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path: Path, bad: str, expected: str) -> None:
    path = _jsonl(tmp_path / "corpus.jsonl", _row("样例条例", "第一条", "文。"), bad)
    with pytest.raises(InputError, match=expected):
        load_law_jsonl(path)


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        load_law_jsonl(tmp_path / "none.jsonl")
    with pytest.raises(InputError, match="empty"):
        load_law_jsonl(_jsonl(tmp_path / "corpus.jsonl", ""))


def test_repeated_rows_keep_the_first_text_and_are_counted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _jsonl(
        tmp_path / "corpus.jsonl",
        _row("样例条例", "第一条", "原文。"),
        _row("样例条例", "第1条", "同一条的第二份。"),
        _row("样例条例", "第一条", "第三份。"),
    )
    with caplog.at_level(logging.INFO, logger="contract_review.laws.jsonl_loader"):
        (law,) = load_law_jsonl(path)
    assert [a.text for a in law.articles] == ["原文。"]
    assert "2 line(s) repeating an article" in caplog.text


def test_an_undated_version_keeps_the_bare_title(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "corpus.jsonl",
        _row("样例条例", "第一条", "旧文。"),
        _row("样例条例", "第一条", "新文。", "2011-01-01"),
    )
    assert [law.law_id for law in load_law_jsonl(path)] == ["样例条例", "样例条例@2011-01-01"]


def test_source_ids_map_every_line_to_its_article(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    rows = [
        {"id": 7, "law": "中华人民共和国刑法", "article": "第一条", "content": "为了惩罚犯罪。"},
        {"id": 8, "law": "中华人民共和国刑法", "article": "第二条", "content": "任务。"},
        {"id": 9, "law": "中华人民共和国刑法", "article": "第一条", "content": "为了惩罚犯罪。"},
    ]
    corpus.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    source_ids: dict[str, str] = {}
    laws = load_law_jsonl(corpus, source_ids=source_ids)
    assert [a.article_no for a in laws[0].articles] == ["第一条", "第二条"]
    assert source_ids == {
        "7": "中华人民共和国刑法#第一条",
        "8": "中华人民共和国刑法#第二条",
        "9": "中华人民共和国刑法#第一条",
    }
