"""``contract-review plugins``: the table, --json, --strict and --fail-on-errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner

from contract_review import hookimpl
from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.plugins import BUILTIN_PLUGINS
from contract_review.registry import load_registry


class UnknownHookPlugin:
    """Implements a hook contract_review does not define (a typo)."""

    @hookimpl
    def register_domain(self, register: Callable[[Any], None]) -> None:
        pass


def _invoke_with(*plugins: tuple[str, object], args: list[str]) -> Any:
    def factory(*, strict: bool = False) -> Any:
        return load_registry(strict=strict, load_entrypoints=False, extra_plugins=plugins)

    return CliRunner().invoke(cli, args, obj=CliState(registry_factory=factory))


def test_table_lists_builtins_domains_and_skills(run_cli: Any) -> None:
    result = run_cli(["plugins"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for name in BUILTIN_PLUGINS:
        assert name in result.stdout
    assert "leasing_plugin" in result.stdout
    assert "leasing_rent_review" in result.stdout
    assert "leasing_break_option (preview)" in result.stdout
    assert "No load failures." in result.stdout


def test_table_shows_load_failures(run_cli_with_failure: Any) -> None:
    result = run_cli_with_failure(["plugins"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Load failures (1)" in result.stdout
    assert "broken_plugin" in result.stdout
    assert "duplicate clause ids" in result.stdout
    # The command reports failures itself: no duplicate warning on stderr.
    assert "warning" not in result.stderr


def test_json_has_exactly_the_documented_shape(run_cli_with_failure: Any) -> None:
    result = run_cli_with_failure(["plugins", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"plugins", "failures"}
    for plugin in data["plugins"]:
        assert set(plugin) == {"name", "distribution", "version", "domains", "skills"}
    for failure in data["failures"]:
        assert set(failure) == {"name", "distribution", "error"}

    by_name = {p["name"]: p for p in data["plugins"]}
    for name in BUILTIN_PLUGINS:
        assert by_name[name]["distribution"] == "contract-review"
    leasing = by_name["leasing_plugin"]
    assert leasing["domains"] == ["leasing"]
    assert leasing["skills"] == ["leasing_break_option", "leasing_rent_review"]
    [failure] = data["failures"]
    assert failure["name"] == "broken_plugin"
    assert "duplicate clause ids" in failure["error"]


def test_json_without_failures(run_cli: Any) -> None:
    data = json.loads(run_cli(["plugins", "--json"]).stdout)
    assert data["failures"] == []


def test_fail_on_errors_exits_1_when_a_plugin_failed(run_cli_with_failure: Any) -> None:
    result = run_cli_with_failure(["plugins", "--fail-on-errors", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["failures"]  # the listing is still printed


def test_fail_on_errors_exits_0_when_all_loaded(run_cli: Any) -> None:
    assert run_cli(["plugins", "--fail-on-errors"]).exit_code == 0


def test_strict_exits_2_naming_the_broken_plugin() -> None:
    result = _invoke_with(("typo_plugin", UnknownHookPlugin()), args=["plugins", "--strict"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ")
    assert "typo_plugin" in result.stderr
    assert "register_domain" in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_without_strict_the_same_plugin_is_a_reported_failure() -> None:
    result = _invoke_with(("typo_plugin", UnknownHookPlugin()), args=["plugins", "--json"])
    assert result.exit_code == 0
    [failure] = json.loads(result.stdout)["failures"]
    assert failure["name"] == "typo_plugin"


def test_strict_passes_when_everything_loads(run_cli: Any) -> None:
    assert run_cli(["plugins", "--strict", "--json"]).exit_code == 0


def test_default_registry_factory_is_used_without_an_object() -> None:
    """With no context object the CLI builds the real registry (installed plugins)."""
    result = CliRunner().invoke(cli, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    names = {p["name"] for p in json.loads(result.stdout)["plugins"]}
    assert set(BUILTIN_PLUGINS) <= names
