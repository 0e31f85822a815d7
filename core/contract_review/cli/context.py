"""What every command shares: how the registry is built and where output goes.

Commands build the registry through :meth:`CliState.load_registry`, which calls
:func:`load_cli_registry` unless a different factory was given. Tests and embedding
applications pass their own factory as click's context object::

    runner.invoke(cli, ["plugins"], obj=CliState(registry_factory=my_factory))
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import click
from rich.console import Console

if TYPE_CHECKING:
    from ..registry import Registry

#: Builds the registry; receives ``strict`` (raise on the first broken plugin).
RegistryFactory = Callable[..., "Registry"]


#: Minimum table width when the output is not a terminal.
PIPE_WIDTH = 120


def load_cli_registry(*, strict: bool = False) -> Registry:
    """The registry the CLI uses: settings from the environment and TOML file, the
    built-in plugins and every installed domain plugin."""
    from contract_review import load_registry, load_settings

    return load_registry(settings=load_settings(), strict=strict)


@attrs.define
class CliState:
    """Per-invocation state, stored as click's context object."""

    registry_factory: RegistryFactory | None = None
    verbosity: int = 0

    def load_registry(self, *, strict: bool = False) -> Registry:
        """Build the registry with the configured factory (default :func:`load_cli_registry`)."""
        factory = self.registry_factory or load_cli_registry
        return factory(strict=strict)


pass_state = click.make_pass_decorator(CliState, ensure=True)


def stdout_console() -> Console:
    """A rich console on the current standard output (so click's test runner captures it).

    Output to a file or pipe has no screen to fit, so tables get at least 120 columns
    there instead of rich's default of 80.
    """
    console = Console(highlight=False, markup=False, emoji=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = max(console.width, PIPE_WIDTH)
    return console


def echo_json(value: Any) -> None:
    """Print ``value`` as indented JSON on standard output, non-ASCII kept readable."""
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))
