"""``contract-review evaluate``: a real review's report.json, answers, JSON output and
one-line errors naming the input."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from contract_review.cli.context import CliState
from contract_review.cli.errors import ContractReviewGroup
from contract_review.cli.evaluate_command import evaluate
from contract_review.errors import InputError
from contract_review.evaluation.quality_models import EvaluationResult, ReportEvaluation
from contract_review.review.report_models import ReviewReport
from contract_review.testing.report_builders import make_portfolio, make_report
from contract_review.testing.throwaway_domain import (
    THROWAWAY_DOMAIN_ID,
    throwaway_registry,
    write_throwaway_contract,
)

from .answers import GOOD_ZH, QUESTION_ZH, VAGUE_EN


@pytest.fixture(scope="session")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The folder a real offline review (through the CLI) of the throwaway domain's
    contract wrote its reports to."""
    from contract_review.cli.main import cli
    from contract_review.retrieval.reference_search import use_reference_embedder
    from contract_review.testing.fake_embedder import HashingEmbedder

    root = tmp_path_factory.mktemp("evaluate-review")
    with pytest.MonkeyPatch.context() as patch, use_reference_embedder(HashingEmbedder()):
        patch.setenv("CONTRACT_REVIEW_DATA_DIR", str(root / "data"))
        patch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
        patch.delenv("CONTRACT_REVIEW_USE_ORCHESTRATOR", raising=False)
        contract = write_throwaway_contract(root)
        args = [
            "review",
            str(contract),
            "--domain",
            THROWAWAY_DOMAIN_ID,
            "--out",
            str(root / "out"),
        ]
        result = CliRunner().invoke(cli, args, obj=CliState(registry_factory=throwaway_registry))
        assert result.exit_code == 0, result.output
        yield root / "out"


def run(args: list[str]) -> Result:
    """``evaluate`` inside a group that reports errors the way ``contract-review`` does."""
    group = ContractReviewGroup()
    group.add_command(evaluate)
    return CliRunner().invoke(group, ["evaluate", *[str(a) for a in args]])


def test_a_real_review_report_is_graded(reviewed: Path) -> None:
    report = ReviewReport.model_validate_json((reviewed / "report.json").read_text("utf-8"))
    result = CliRunner().invoke(evaluate, [str(reviewed / "report.json")])
    assert result.exit_code == 0, result.output
    assert f"Review {report.review_id}: grade " in result.output
    for finding in report.findings:
        assert finding.clause_id in result.output
    # The folder the review wrote works too, and --json is the model.
    as_json = CliRunner().invoke(evaluate, [str(reviewed), "--json"])
    assert as_json.exit_code == 0, as_json.output
    evaluation = ReportEvaluation.model_validate_json(as_json.output)
    assert evaluation.review_id == report.review_id
    assert evaluation.grade in ("A", "B", "C")
    assert [f.finding_id for f in evaluation.findings] == [f.finding_id for f in report.findings]
    # Every weakness that names clauses names clauses of this report.
    clause_ids = {f.clause_id for f in report.findings}
    for weakness in evaluation.weaknesses:
        if "(clauses " in weakness:
            named = weakness.split("(clauses ")[1].rstrip(").").split(", ")
            assert set(named) <= clause_ids, weakness


def test_an_answer_is_graded_with_a_table() -> None:
    args = ["--question", QUESTION_ZH, "--answer", GOOD_ZH]
    result = CliRunner().invoke(
        evaluate, [*args, "--citation", "中华人民共和国劳动合同法#第二十一条"]
    )
    assert result.exit_code == 0, result.output
    assert "Answer quality: grade A" in result.output or "Answer quality: grade B" in result.output
    for dimension in ("relevance", "completeness", "clarity", "technical_depth", "actionability"):
        assert dimension in result.output


def test_an_answer_file_and_json_output(tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text(VAGUE_EN, encoding="utf-8")
    result = CliRunner().invoke(evaluate, ["--answer-file", str(answer), "--json"])
    assert result.exit_code == 0, result.output
    evaluation = EvaluationResult.model_validate_json(result.output)
    assert evaluation.grade == "F"
    assert any("neutral" in d for d in evaluation.dimension_scores[0].details)


def test_an_empty_answer_is_graded_f() -> None:
    result = CliRunner().invoke(evaluate, ["--answer", "", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["grade"] == "F"


def _bad_report(tmp_path: Path) -> Path:
    data = json.loads(make_report().model_dump_json())
    data["findings"][1]["risk_level"] = "severe"
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("make_args", "message"),
    [
        (lambda tmp: [tmp / "absent.json"], "review report not found: {tmp}/absent.json"),
        (lambda tmp: [_write(tmp / "r.json", "{not json")], "{tmp}/r.json is not JSON"),
        (lambda tmp: [_write(tmp / "r.json", "[1, 2]")], "holds a JSON list, not an object"),
        (lambda tmp: [_bad_report(tmp)], "field findings.1.risk_level"),
        (
            lambda tmp: [_write(tmp / "p.json", make_portfolio().model_dump_json())],
            "is a folder (portfolio) report",
        ),
        (lambda tmp: [tmp], "holds no report.json"),
        (lambda tmp: [], "nothing to evaluate"),
        (lambda tmp: ["--question", "试用期多久？"], "nothing to evaluate"),
        (lambda tmp: [_report(tmp), "--answer", "x"], "not both"),
        (lambda tmp: [_report(tmp), "--question", "x"], "--question and --citation go with"),
        (lambda tmp: ["--answer", "x", "--answer-file", tmp / "a.txt"], "not both"),
        (lambda tmp: ["--answer-file", tmp / "a.txt"], "answer file not found: {tmp}/a.txt"),
        (lambda tmp: ["--answer-file", _write_bytes(tmp / "a.txt")], "is not UTF-8 text"),
    ],
)
def test_bad_input_is_one_line_naming_the_input(
    tmp_path: Path, make_args: Callable[[Path], list[object]], message: str
) -> None:
    args = make_args(tmp_path)
    result = run(args)
    assert result.exit_code == 2, result.output
    assert message.format(tmp=tmp_path) in result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1
    assert "Traceback" not in result.output
    direct = CliRunner().invoke(evaluate, [str(a) for a in args])
    assert isinstance(direct.exception, InputError)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _write_bytes(path: Path) -> Path:
    path.write_bytes(b"\xff\xfe\x00binary\x00")
    return path


def _report(tmp_path: Path) -> Path:
    return _write(tmp_path / "report.json", make_report().model_dump_json())
