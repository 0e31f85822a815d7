"""``contract-review evaluate``: the quality grade (seed 002 P2) of a review report's
findings, or of an answer to a legal question."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich import box
from rich.table import Table
from rich.text import Text

from ..errors import InputError
from .context import echo_json, stdout_console

if TYPE_CHECKING:
    from ..evaluation.quality_models import EvaluationResult, ReportEvaluation
    from ..review.report_models import ReviewReport

__all__ = ["evaluate", "load_review_report"]

_GRADE_STYLE = {"A": "bold green", "B": "green", "C": "yellow", "D": "red", "F": "bold red"}


@click.command("evaluate")
@click.argument("report", required=False, type=click.Path(path_type=Path))
@click.option("--question", "-q", metavar="TEXT", help="The question the answer replies to.")
@click.option("--answer", "-a", metavar="TEXT", help="The answer to grade.")
@click.option(
    "--answer-file",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Read the answer to grade from FILE (UTF-8 text).",
)
@click.option(
    "--citation",
    "citations",
    multiple=True,
    metavar="ID",
    help="An article the answer relies on (e.g. 中华人民共和国劳动合同法#第二十一条); repeatable.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the evaluation as JSON.")
def evaluate(
    report: Path | None,
    question: str | None,
    answer: str | None,
    answer_file: Path | None,
    citations: tuple[str, ...],
    as_json: bool,
) -> None:
    """Grade the quality of a review report or of an answer to a legal question.

    REPORT is the report.json a review wrote (or the --out folder holding it): every
    finding is graded on relevance, completeness, clarity, technical depth and
    actionability (evidence quoted, risk level, redline or recommendation), and the
    report gets the mean. Without REPORT, grade an answer instead:

    \b
        contract-review evaluate -q "试用期最长多久？" -a "..." --citation ID
        contract-review evaluate -q "..." --answer-file answer.txt

    Grades: A (>= 0.9), B (>= 0.8), C (>= 0.7), D (>= 0.6), F. The grades are
    heuristics that check the form of a sound answer, not the law it states.
    """
    if report is not None:
        if answer is not None or answer_file is not None:
            raise InputError(
                f"give either a review report ({report}) or an answer (--answer, "
                "--answer-file), not both"
            )
        if question is not None or citations:
            raise InputError("--question and --citation go with --answer, not with a review report")
        from ..evaluation.finding_quality import evaluate_report

        evaluation = evaluate_report(load_review_report(report))
        if as_json:
            echo_json(evaluation.model_dump(mode="json"))
        else:
            _print_report(evaluation)
        return
    text = _answer_text(answer, answer_file)
    from ..evaluation.answer_quality import evaluate_answer

    result = evaluate_answer(question=question or "", answer=text, citations=citations)
    if as_json:
        echo_json(result.model_dump(mode="json"))
    else:
        _print_answer(result)


def _answer_text(answer: str | None, answer_file: Path | None) -> str:
    if answer is not None and answer_file is not None:
        raise InputError("give the answer either with --answer or with --answer-file, not both")
    if answer is not None:
        return answer
    if answer_file is None:
        raise InputError(
            "nothing to evaluate: give a review report (REPORT.json, as written by "
            "'contract-review review --out DIR') or an answer (--answer TEXT or "
            "--answer-file FILE)"
        )
    return _read_text(answer_file, "answer file")


def _read_text(path: Path, what: str) -> str:
    if path.is_dir():
        raise InputError(f"{what} {path} is a folder, not a file")
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{what} not found: {path}") from None
    except UnicodeDecodeError:
        raise InputError(f"{what} {path} is not UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None


def load_review_report(path: Path) -> ReviewReport:
    """The review report in ``path`` (a report.json, or the folder holding one).

    :raises InputError: When the file is missing, is not JSON, or is not a review
        report; the message names the file and the first field that is wrong.
    """
    from pydantic import ValidationError

    from ..review.report_models import REPORT_STEM, ReviewReport

    if path.is_dir():
        candidate = path / f"{REPORT_STEM}.json"
        if not candidate.is_file():
            raise InputError(f"review report folder {path} holds no {REPORT_STEM}.json")
        path = candidate
    text = _read_text(path, "review report")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"review report {path} is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    if not isinstance(data, dict):
        raise InputError(
            f"review report {path} is not a review report: it holds a JSON "
            f"{type(data).__name__.replace('dict', 'object')}, not an object"
        )
    if "entries" in data and "findings" not in data:
        raise InputError(
            f"{path} is a folder (portfolio) report; evaluate each document's report.json"
        )
    try:
        return ReviewReport.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        field = ".".join(str(part) for part in first["loc"]) or "(the report)"
        more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        raise InputError(
            f"{path} is not a review report: field {field}: {first['msg']}{more}"
        ) from None


def _grade(grade: str, score: float) -> Text:
    return Text(f"{grade} ({score:.2f})", style=_GRADE_STYLE.get(grade, ""))


def _print_notes(
    strengths: Sequence[str], weaknesses: Sequence[str], suggestions: Sequence[str]
) -> None:
    console = stdout_console()
    for title, lines, style in (
        ("Strengths", strengths, "green"),
        ("Weaknesses", weaknesses, "red"),
        ("Suggestions", suggestions, "cyan"),
    ):
        if lines:
            console.print(Text(f"{title}:", style=f"bold {style}"))
            for line in lines:
                console.print(Text(f"  - {line}"), soft_wrap=True)


def _print_answer(result: EvaluationResult) -> None:
    console = stdout_console()
    table = Table(
        title=Text("Answer quality: grade ") + _grade(result.grade, result.overall_score),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("Dimension", no_wrap=True)
    table.add_column("Score", justify="right", no_wrap=True)
    table.add_column("Weight", justify="right", no_wrap=True)
    table.add_column("What was observed", overflow="fold")
    for dimension in result.dimension_scores:
        table.add_row(
            dimension.dimension.value,
            f"{dimension.score:.2f}",
            f"{dimension.weight:.2f}",
            "\n".join(dimension.details),
        )
    console.print(table)
    _print_notes(result.strengths, result.weaknesses, result.suggestions)


def _print_report(evaluation: ReportEvaluation) -> None:
    console = stdout_console()
    title = Text(f"Review {evaluation.review_id}: grade ") + _grade(
        evaluation.grade, evaluation.overall_score
    )
    title += Text(f", {len(evaluation.findings)} finding(s)")
    if not evaluation.findings:
        console.print(title)
    else:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("Clause", no_wrap=True)
        table.add_column("Finding", overflow="fold", ratio=1)
        for name in ("Evidence", "Risk", "Action", "Grade"):
            table.add_column(name, no_wrap=True)
        for finding in evaluation.findings:
            table.add_row(
                finding.clause_id,
                finding.title,
                _tick(finding.has_evidence),
                _tick(finding.has_risk_level),
                _tick(finding.has_actionable_change),
                _grade(finding.result.grade, finding.result.overall_score),
            )
        console.print(table)
    _print_notes(evaluation.strengths, evaluation.weaknesses, evaluation.suggestions)
    weakest = [
        f for f in evaluation.findings if f.result.grade in ("D", "F") and f.result.weaknesses
    ]
    if weakest:
        console.print(Text("Weakest findings:", style="bold"))
        for finding in weakest:
            for line in finding.result.weaknesses:
                console.print(Text(f"  - {line}"), soft_wrap=True)


def _tick(value: bool) -> Text:
    return Text("yes", style="green") if value else Text("no", style="red")
