"""The ``contract-review`` group: help, version, verbosity, error reporting, entry points."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import click
import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.errors import ContractReviewGroup, one_line
from contract_review.cli.main import COMMANDS, cli
from contract_review.errors import ConfigError, InputError
from contract_review.plugins import core_version


def test_help_lists_every_command(run_cli: Any) -> None:
    result = run_cli(["--help"])
    assert result.exit_code == 0
    for command in ("plugins", "skills", "parse", "new-domain"):
        assert command in result.output
    assert "Exit codes" in result.output


def test_short_help_option(run_cli: Any) -> None:
    assert run_cli(["-h"]).exit_code == 0


def test_every_command_has_help(run_cli: Any) -> None:
    for command in COMMANDS:
        result = run_cli([str(command.name), "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage: cli" in result.output or "Usage: contract-review" in result.output


def test_version(run_cli: Any) -> None:
    result = run_cli(["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"contract-review {core_version()}"


def test_unknown_command_is_a_usage_error(run_cli: Any) -> None:
    result = run_cli(["frobnicate"])
    assert result.exit_code == 2
    assert "No such command" in result.stderr


def test_no_command_shows_usage(run_cli: Any) -> None:
    result = run_cli([])
    assert result.exit_code in (0, 2)  # click >= 8.2 exits 2 when a group gets no command
    assert "Usage:" in result.output


def test_contract_review_error_is_one_line_on_stderr_with_exit_2() -> None:
    def broken_settings(*, strict: bool = False) -> Any:
        raise ConfigError("invalid contract_review settings: skill_timeout_s: must be > 0")

    result = CliRunner().invoke(cli, ["plugins"], obj=CliState(registry_factory=broken_settings))
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: invalid contract_review settings: skill_timeout_s: must be > 0\n"
    )
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_verbose_debug_logs_the_traceback_behind_an_error() -> None:
    def broken(*, strict: bool = False) -> Any:
        raise InputError("no such thing")

    result = CliRunner().invoke(cli, ["-vv", "skills"], obj=CliState(registry_factory=broken))
    assert result.exit_code == 2
    assert "Error: no such thing" in result.stderr
    assert "Traceback" in result.stderr


def test_group_turns_contract_review_errors_into_cli_errors() -> None:
    @click.group(cls=ContractReviewGroup)
    def group() -> None:
        pass

    @group.command()
    def fail() -> None:
        raise InputError("first line\n  second line")

    result = CliRunner().invoke(group, ["fail"])
    assert result.exit_code == 2
    assert result.stderr == "Error: first line second line\n"


def test_other_exceptions_are_not_swallowed() -> None:
    @click.group(cls=ContractReviewGroup)
    def group() -> None:
        pass

    @group.command()
    def bug() -> None:
        raise ZeroDivisionError("a bug")

    result = CliRunner().invoke(group, ["bug"])
    assert isinstance(result.exception, ZeroDivisionError)


def test_error_exit_code_comes_from_the_error() -> None:
    class Odd(InputError):
        exit_code = 3

    @click.group(cls=ContractReviewGroup)
    def group() -> None:
        pass

    @group.command()
    def fail() -> None:
        raise Odd("odd")

    result = CliRunner().invoke(group, ["fail"])
    assert result.exit_code == 3
    assert result.stderr == "Error: odd\n"


def test_one_line_joins_lines() -> None:
    assert one_line("a\n\n  b  \nc") == "a b c"


@pytest.mark.parametrize("module", ["contract_review.cli.main", "contract_review.cli"])
def test_python_dash_m_runs_the_cli(module: str) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", module, "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == f"contract-review {core_version()}"
