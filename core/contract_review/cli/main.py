"""The ``contract-review`` command: the group, its global options, and its commands.

Each command lives in its own module; to add one, write ``cli/<name>_command.py``
with a ``click.Command`` and add it to :data:`COMMANDS`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import click

from ..plugins import core_version
from .ask_command import ask
from .context import CliState, pass_state
from .errors import ContractReviewGroup
from .evaluate_command import evaluate
from .index_command import index
from .law_command import law
from .mcp_command import mcp
from .new_domain_command import new_domain
from .parse_command import parse
from .plugins_command import plugins
from .review_command import review
from .search_command import search
from .serve_command import serve
from .skills_command import skills
from .store_command import store

#: The commands of ``contract-review``, in the order ``--help`` lists them.
COMMANDS: tuple[click.Command, ...] = (
    plugins,
    skills,
    parse,
    review,
    index,
    search,
    law,
    ask,
    evaluate,
    serve,
    mcp,
    store,
    new_domain,
)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"contract-review {core_version()}")
    ctx.exit()


@click.group(
    cls=ContractReviewGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version of contract-review and exit.",
)
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="Log more to stderr: -v for progress, -vv for debugging (with the traceback behind an error).",
)
@pass_state
def cli(state: CliState, verbose: int) -> None:
    """AI-assisted review of contracts and legal texts.

    Legal domains (FIDIC, SHA/SPA, general commercial contracts, ...) are plugins:
    install a domain package and its checklist and skills appear here. Start with
    'contract-review plugins' to see what is installed.

    Exit codes: 0 success; 1 the command found what you asked it to fail on;
    2 usage or input error (the message says what to fix).
    """
    state.verbosity = verbose
    configure_logging(verbose)


for _command in COMMANDS:
    cli.add_command(_command)


class StderrLogHandler(logging.Handler):
    """Writes ``level: message`` lines to the current stderr (looked up per record)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            click.echo(f"{record.levelname.lower()}: {self.format(record)}", err=True)
        except Exception:  # logging must never break the command
            self.handleError(record)


def configure_logging(verbosity: int) -> None:
    """Send ``contract_review`` log records to stderr: warnings by default, more with -v."""
    if verbosity <= 0:
        level = logging.WARNING
    elif verbosity == 1:
        level = logging.INFO
    else:
        level = logging.DEBUG
    package_logger = logging.getLogger("contract_review")
    package_logger.setLevel(level)
    if not any(isinstance(h, StderrLogHandler) for h in package_logger.handlers):
        package_logger.addHandler(StderrLogHandler())


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point of ``contract-review``."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="contract-review")


if __name__ == "__main__":
    main()
