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
#: Usage or input error.
EXIT_INPUT_ERROR = 2


class CliError(click.ClickException):
    """An error shown as ``Error: <message>`` on stderr, exiting with ``exit_code``."""

    def __init__(self, message: str, *, exit_code: int = EXIT_INPUT_ERROR) -> None:
        super().__init__(one_line(message))
        self.exit_code = exit_code


class ContractReviewGroup(click.Group):
    """A click group that turns every :class:`ContractReviewError` raised by a command
    into a :class:`CliError`, so bad input never prints a traceback.

    Errors that are not ``ContractReviewError`` are bugs and keep their traceback.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ContractReviewError as exc:
            logger.debug("command failed", exc_info=True)
            raise CliError(str(exc) or type(exc).__name__, exit_code=exc.exit_code) from exc


def one_line(message: str) -> str:
    """``message`` with its lines joined, so an error is always one line."""
    return " ".join(line.strip() for line in message.splitlines() if line.strip())
