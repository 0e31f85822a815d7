"""``contract-review plugins``: which plugins are installed, what they register, and
which failed to load."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click
from rich.table import Table
from rich.text import Text

from ..skills.registration import SkillStatus
from .context import CliState, echo_json, pass_state, stdout_console
from .errors import EXIT_FINDINGS

if TYPE_CHECKING:
    from ..registry import Registry

_PLUGINS_LOGGER = "contract_review.plugins"


@click.command("plugins")
@click.option("--json", "as_json", is_flag=True, help="Print the listing as JSON.")
@click.option(
    "--strict",
    is_flag=True,
    help="Stop at the first plugin that fails to load and exit with code 2, naming it.",
)
@click.option(
    "--fail-on-errors",
    is_flag=True,
    help="Exit with code 1 when any plugin failed to load (for CI checks).",
)
@pass_state
def plugins(state: CliState, as_json: bool, strict: bool, fail_on_errors: bool) -> None:
    """List the installed plugins: core's built-ins and every domain package.

    For each plugin: the distribution and version it comes from, the domains it
    registers and its skills (preview skills are marked). Plugins that failed to load
    are listed under "Load failures" with the reason; the other plugins still work.
    """
    with _quiet_load_warnings():
        registry = state.load_registry(strict=strict)
    if as_json:
        echo_json(plugins_json(registry))
    else:
        _print_tables(registry)
    if fail_on_errors and registry.failures:
        raise click.exceptions.Exit(EXIT_FINDINGS)


def plugins_json(registry: Registry) -> dict[str, list[dict[str, Any]]]:
    """The ``--json`` listing: ``{"plugins": [...], "failures": [...]}``."""
    return {
        "plugins": [
            {
                "name": info.name,
                "distribution": info.distribution,
                "version": info.version,
                "domains": list(info.domains),
                "skills": list(info.skills),
            }
            for info in registry.plugin_infos()
        ],
        "failures": [
            {"name": failure.name, "distribution": failure.distribution, "error": failure.error}
            for failure in registry.failures
        ],
    }


@contextmanager
def _quiet_load_warnings() -> Iterator[None]:
    """Silence the plugin manager's load warnings: this command reports failures itself."""
    plugin_logger = logging.getLogger(_PLUGINS_LOGGER)
    previous = plugin_logger.level
    if plugin_logger.getEffectiveLevel() >= logging.WARNING:
        plugin_logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        plugin_logger.setLevel(previous)


def _print_tables(registry: Registry) -> None:
    console = stdout_console()
    table = Table(title="Installed plugins", title_justify="left", show_lines=True)
    table.add_column("Plugin", no_wrap=True)
    table.add_column("Distribution", overflow="fold")
    table.add_column("Domains", overflow="fold")
    table.add_column("Skills", no_wrap=True)  # skill ids are copied into commands: never cut
    for info in registry.plugin_infos():
        origin = f"{info.version}, built-in" if info.builtin else info.version
        table.add_row(
            info.name,
            Text(info.distribution) + Text(f"\n{origin}", style="dim"),
            ", ".join(info.domains) or Text("-", style="dim"),
            _skills_cell(registry, info.skills),
        )
    console.print(table)
    if any(r.item.status is not SkillStatus.ACTIVE for r in registry.skills.values()):
        console.print(
            Text("Skills marked (preview) are listed and can be planned for, but do not run yet.")
        )
    if not registry.failures:
        console.print(Text("No load failures.", style="green"))
        return
    failures = Table(
        title=f"Load failures ({len(registry.failures)})",
        title_justify="left",
        title_style="bold red",
    )
    failures.add_column("Plugin", overflow="fold", ratio=2)
    failures.add_column("Distribution", overflow="fold", ratio=2)
    failures.add_column("Stage", no_wrap=True)
    failures.add_column("Error", overflow="fold", ratio=4)
    for failure in registry.failures:
        failures.add_row(
            failure.name,
            " ".join(part for part in (failure.distribution, failure.version) if part) or "-",
            failure.stage,
            Text(failure.error, style="red"),
        )
    console.print(failures)


def _skills_cell(registry: Registry, skill_ids: list[str]) -> Text:
    if not skill_ids:
        return Text("-", style="dim")
    cell = Text()
    for index, skill_id in enumerate(skill_ids):
        if index:
            cell.append("\n")
        skill = registry.skills[skill_id].item
        if skill.status is SkillStatus.ACTIVE:
            cell.append(skill_id, style="green")
        else:
            cell.append(f"{skill_id} ({skill.status.value})", style="yellow")
    return cell
