"""``contract-review law index|search|get|context|schema`` end to end on the real laws
(skipped without the shared data): the seed's JSON shapes, the acceptance cases, and
one-line errors with exit code 2."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from contract_review.cli.context import CliState
from contract_review.cli.main import cli

LABOUR = "中华人民共和国劳动合同法"
CIVIL = "中华人民共和国民法典"


def invoke(args: list[str]) -> Result:
    return CliRunner().invoke(cli, args, obj=CliState())


def as_json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def law_index(tmp_path_factory: pytest.TempPathFactory, shared_laws: Path) -> Path:
    out = tmp_path_factory.mktemp("law") / "index"
    package_logger = logging.getLogger("contract_review")
    level, handlers = package_logger.level, list(package_logger.handlers)
    try:  # the CLI configures the package logger; later tests must not inherit that
        result = invoke(["law", "index", str(shared_laws), "--out", str(out)])
    finally:
        package_logger.setLevel(level)
        package_logger.handlers[:] = handlers
    assert result.exit_code == 0, result.output
    assert "articles of 15 laws" in result.output
    return out


def context_of(index: Path, law: str, article: str, *extra: str) -> dict[str, Any]:
    found: dict[str, Any] = as_json(
        invoke(
            ["law", "context", "--index", str(index), "--law", law, "--article", article, *extra]
        )
    )
    return found


def entries(context: dict[str, Any], role: str) -> list[dict[str, Any]]:
    return [entry for entry in context["context"] if entry["role"] == role]


def test_search_finds_the_probation_article_with_its_snippet(law_index: Path) -> None:
    output = as_json(
        invoke(["law", "search", "--index", str(law_index), "试用期内解除劳动合同", "--top-k", "5"])
    )
    hits = output["results"]
    assert len(hits) == 5
    assert set(hits[0]) == {
        "law_id",
        "law_title",
        "article_id",
        "article_no",
        "snippet",
        "score",
        "match_type",
    }
    ids = [hit["article_id"] for hit in hits]
    assert f"{LABOUR}#第二十一条" in ids
    hit = hits[ids.index(f"{LABOUR}#第二十一条")]
    assert hit["law_title"] == LABOUR and hit["article_no"] == "第二十一条"
    assert "试用期" in hit["snippet"]
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_search_level_filter_and_its_errors(law_index: Path) -> None:
    output = as_json(
        invoke(["law", "search", "--index", str(law_index), "民间借贷 利率", "--level", "司法解释"])
    )
    assert output["results"]
    assert all(hit["law_id"].startswith("最高人民法院") for hit in output["results"])
    unknown = invoke(
        ["law", "search", "--index", str(law_index), "借款", "--meta-filter", '{"level": ["法律"]}']
    )
    assert unknown.exit_code == 2
    assert "'level'" in unknown.output and "law_level" in unknown.output
    assert "Traceback" not in unknown.output
    bad_date = invoke(["law", "search", "--index", str(law_index), "借款", "--start", "2020-02-30"])
    assert bad_date.exit_code == 2
    assert "date_range.start" in bad_date.output


def test_get_returns_exactly_the_fourth_chapter(law_index: Path) -> None:
    output = as_json(
        invoke(
            [
                "law",
                "get",
                "--index",
                str(law_index),
                "--law",
                "劳动合同法",
                "--range",
                "chapter",
                "--value",
                "第四章",
            ]
        )
    )
    assert output["law_id"] == LABOUR and output["status"] == "现行有效"
    assert output["meta"]["law_level"] == "法律"
    numbers = [a["article_no"] for chapter in output["text"] for a in chapter["articles"]]
    from contract_review.laws.article_numbers import format_article_no

    assert numbers == [format_article_no(n) for n in range(36, 51)]
    assert {chapter["chapter"] for chapter in output["text"]} == {"第四章 劳动合同的解除和终止"}


def test_schema_lists_each_filter_field_with_the_values_present(law_index: Path) -> None:
    output = as_json(invoke(["law", "schema", "--index", str(law_index)]))
    fields = {field["name"]: field for field in output["fields"]}
    assert {"issuing_authority", "status", "law_level", "date_range"} <= set(fields)
    assert fields["law_level"]["values"] == ["法律", "司法解释"]
    assert fields["status"]["values"] == ["现行有效"]
    assert "全国人民代表大会常务委员会" in fields["issuing_authority"]["values"]
    assert all({"name", "description", "type", "values"} <= set(f) for f in output["fields"])


def test_context_of_article_45(law_index: Path) -> None:
    context = context_of(law_index, "劳动合同法", "第四十五条")
    assert context["law_id"] == LABOUR and context["law_title"] == LABOUR
    target = context["context"][0]
    assert (target["role"], target["article_id"]) == ("target", f"{LABOUR}#第四十五条")
    neighbours = {entry["article_no"] for entry in entries(context, "neighbor")}
    assert neighbours == {"第四十四条", "第四十六条"}
    assert f"{LABOUR}#第四十二条" in {e["article_id"] for e in entries(context, "reference")}
    exceptions = entries(context, "exception")
    assert any(
        e["article_id"] == f"{LABOUR}#第四十五条" and e["text"].startswith("但是")
        for e in exceptions
    ), exceptions


def test_context_of_article_47_holds_its_own_definition_of_monthly_wage(law_index: Path) -> None:
    context = context_of(law_index, "劳动合同法", "第四十七条")
    definitions = entries(context, "definition")
    own = [e for e in definitions if e["article_id"] == f"{LABOUR}#第四十七条"]
    assert own and "月工资是指" in own[0]["text"]


def test_civil_code_is_one_law_and_resolves_a_reference_into_the_general_part(
    law_index: Path,
) -> None:
    context = context_of(law_index, "民法典", "第四百六十六条")
    assert context["law_id"] == CIVIL
    references = {e["article_id"] for e in entries(context, "reference")}
    assert f"{CIVIL}#第一百四十二条" in references


def test_context_of_article_25_marks_the_exception_and_both_references(law_index: Path) -> None:
    context = context_of(law_index, "中华人民共和国劳动合同法", "第二十五条")
    references = {e["article_id"] for e in entries(context, "reference")}
    assert {f"{LABOUR}#第二十二条", f"{LABOUR}#第二十三条"} <= references
    own_exceptions = [
        e for e in entries(context, "exception") if e["article_id"] == f"{LABOUR}#第二十五条"
    ]
    assert own_exceptions and "除" in own_exceptions[0]["text"]


def test_context_switches_and_length_budget(law_index: Path) -> None:
    bare = context_of(
        law_index,
        "劳动合同法",
        "第四十五条",
        "--no-neighbors",
        "--no-definitions",
        "--no-exceptions",
        "--no-references",
    )
    assert [e["role"] for e in bare["context"]] == ["target"]
    short = context_of(law_index, "劳动合同法", "第四十五条", "--max-length", "10")
    assert [e["role"] for e in short["context"]] == ["target"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--law", "劳动法典", "--article", "第一条"], "劳动法典"),
        (["--law", "劳动合同法", "--article", "第九百条"], "第九百条"),
        (["--law", "劳动合同法", "--article", "第X条"], "第X条"),
    ],
)
def test_context_errors_name_the_input(law_index: Path, args: list[str], message: str) -> None:
    result = invoke(["law", "context", "--index", str(law_index), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_index_errors_are_one_line(tmp_path: Path) -> None:
    missing = invoke(["law", "index", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o")])
    assert missing.exit_code == 2 and "nowhere" in missing.output
    empty = tmp_path / "空.md"
    empty.write_text("# 空法\n\n一些说明，没有条文。\n", "utf-8")
    result = invoke(["law", "index", str(empty), "--out", str(tmp_path / "o"), "--bm25-only"])
    assert result.exit_code == 2
    assert "空.md" in result.output and "no article" in result.output
    not_index = invoke(["law", "schema", "--index", str(tmp_path)])
    assert not_index.exit_code == 2 and "not a law index" in not_index.output
