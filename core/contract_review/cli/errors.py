"""How the CLI reports errors: one line on stderr and an exit code, never a traceback.

Exit codes:

* ``0`` — success;
* ``1`` — the command ran but found what the user asked it to fail on (for example
  ``contract-review plugins --fail-on-errors`` when a plugin failed to load);
* ``2`` — a usage error (unknown option, missing argument) or an input error (missing
  file, unknown domain, broken plugin in strict mode, invalid settings).
"""

from __future__ import annotations

import logging
from typing import Any

import click

from ..errors import ContractReviewError

logger = logging.getLogger(__name__)

#: The command ran and found what the user asked it to fail on.
EXIT_FINDINGS = 1


class ContractReviewGroup(click.Group):
    """A click group that reports every :class:`ContractReviewError` a command raises as
    ``Error: <message>`` (one line, on stderr) and exits with the error's exit code
    (2 for every error core raises), so bad input never prints a traceback.

    Errors that are not ``ContractReviewError`` are bugs and keep their traceback.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ContractReviewError as exc:
            logger.debug("command failed", exc_info=True)
            click.echo(error_line(exc), err=True)
            ctx.exit(exc.exit_code)


def error_line(exc: ContractReviewError) -> str:
    """What the CLI prints for ``exc``: ``Error: <message>``, on one line (the MCP
    server's tool errors say the same)."""
    return f"Error: {one_line(str(exc)) or type(exc).__name__}"


def one_line(message: str) -> str:
    """``message`` with its lines joined, so an error is always one line."""
    return " ".join(line.strip() for line in message.splitlines() if line.strip())
