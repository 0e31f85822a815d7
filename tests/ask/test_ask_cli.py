"""``contract-review ask``: the answer and its citations printed or as JSON, the law
index from the option or the setting, conversations, reviews, and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from contract_review.cli.ask_command import ask
from contract_review.cli.errors import ContractReviewGroup
from contract_review.config import Settings
from contract_review.laws.law_index import LawIndex
from contract_review.storage import open_storage

from .ask_fixtures import CIVIL, LABOUR, REVIEW_ID, review_data

DISMISSAL = "试用期内用人单位可以随意解除劳动合同吗"


@click.group(cls=ContractReviewGroup)
def cli() -> None:
    """A group holding only ``ask``, reporting errors as the real CLI does."""


cli.add_command(ask)


@pytest.fixture
def environment(
    settings: Callable[..., Settings], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Settings:
    """No LLM, no law index configured, a data folder of the test's own."""
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_CACHE_DIR", str(tmp_path / "cache"))
    return settings()


@pytest.fixture
def index_dir(law_index: LawIndex, tmp_path: Path) -> Path:
    return law_index.save(tmp_path / "law-index")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["ask", *args])


def as_json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_prints_the_answer_and_its_citations(environment: Settings, index_dir: Path) -> None:
    result = run(DISMISSAL, "--law-index", str(index_dir))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("根据《劳动合同法》第二十一条：「在试用期中")
    assert "Citations" in out and f"{LABOUR}#第二十一条" in out
    assert "Confidence 0." in out and "extractive answer" in out


def test_json_output_and_top_k(environment: Settings, index_dir: Path) -> None:
    data = as_json(run(DISMISSAL, "--law-index", str(index_dir), "--json", "--top-k", "2"))
    assert data["citations"][0]["id"] == f"{LABOUR}#第二十一条"
    assert data["citations"][0]["label"] == "劳动合同法 第二十一条"
    assert len(data["citations"]) <= 2
    assert data["mode"] == "extractive" and data["conversation_id"] is None


def test_the_law_index_setting_is_the_default(
    environment: Settings, index_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_LAW_INDEX", str(index_dir))
    data = as_json(run(DISMISSAL, "--json"))
    assert data["citations"][0]["id"] == f"{LABOUR}#第二十一条"


def test_without_a_law_index_the_error_says_how_to_configure_one(environment: Settings) -> None:
    result = run(DISMISSAL)
    assert result.exit_code == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: no law index")
    assert "--law-index DIR" in line and "CONTRACT_REVIEW_LAW_INDEX" in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["   "], "the question is empty"),
        ([DISMISSAL, "--mode", "llm"], "mode 'llm' needs an LLM"),
        ([DISMISSAL, "--conversation", "conv-none"], "no conversation 'conv-none'"),
    ],
)
def test_input_errors_are_one_line(
    environment: Settings, index_dir: Path, args: list[str], message: str
) -> None:
    result = run(*args, "--law-index", str(index_dir))
    assert result.exit_code == 2, result.output
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr


def test_a_missing_law_index_folder_is_named(environment: Settings, tmp_path: Path) -> None:
    result = run(DISMISSAL, "--law-index", str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "law index not found" in result.stderr


def test_a_conversation_carries_follow_ups(environment: Settings, index_dir: Path) -> None:
    first = as_json(run(DISMISSAL, "--law-index", str(index_dir), "--new-conversation", "--json"))
    conversation_id = first["conversation_id"]
    assert conversation_id.startswith("conv-")
    follow_up = as_json(
        run(
            "那违约金呢？",
            "--law-index",
            str(index_dir),
            "--conversation",
            conversation_id,
            "--json",
        )
    )
    assert follow_up["conversation_id"] == conversation_id
    assert follow_up["citations"][0]["id"] == f"{LABOUR}#第二十五条"
    alone = as_json(run("那违约金呢？", "--law-index", str(index_dir), "--json"))
    assert alone["citations"][0]["id"] == f"{CIVIL}#第五百八十五条"
    both = run(DISMISSAL, "--conversation", conversation_id, "--new-conversation")
    assert both.exit_code == 2


def test_asks_about_a_review_without_a_law_index(environment: Settings) -> None:
    with open_storage(environment) as storage:
        storage.save("review", REVIEW_ID, review_data())
    result = run("What delay damages does the Contractor pay?", "--review", REVIEW_ID)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Clause 8.7 (Delay Damages) of particular_conditions.txt")
    assert "Delay damages have no cap" in result.stdout
