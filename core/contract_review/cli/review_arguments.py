"""``--reference FILE --role ROLE`` pairs: each ``--role`` applies to the
``--reference`` before it, which click's options cannot express on their own.

:class:`ReferencePairsCommand` reads the pairs from the raw arguments before click
parses them and leaves them in ``ctx.meta[REFERENCE_PAIRS]``.
"""

from __future__ import annotations

import click

__all__ = ["DEFAULT_ROLE", "REFERENCE_PAIRS", "ReferencePairsCommand", "reference_pairs"]

#: Key of the pairs in ``click.Context.meta``.
REFERENCE_PAIRS = "contract_review.reference_pairs"
#: The role of a ``--reference`` given no ``--role``.
DEFAULT_ROLE = "reference"


def _value(args: list[str], index: int, option: str) -> tuple[str | None, int]:
    """The value of the option at ``args[index]`` and how many tokens it used."""
    token = args[index]
    if token.startswith(option + "="):
        return token[len(option) + 1 :], 1
    if index + 1 < len(args):
        return args[index + 1], 2
    return None, 1


def reference_pairs(args: list[str]) -> list[tuple[str, str]]:
    """``(file, role)`` for each ``--reference`` in ``args``, in order.

    :raises click.UsageError: for a ``--role`` with no ``--reference`` before it, or two
        ``--role`` options for one reference.
    """
    pairs: list[list[str]] = []
    roled: set[int] = set()
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            break
        for option in ("--reference", "--role"):
            if token == option or token.startswith(option + "="):
                value, used = _value(args, index, option)
                if value is None:
                    break  # click reports the missing value
                if option == "--reference":
                    pairs.append([value, DEFAULT_ROLE])
                elif not pairs:
                    raise click.UsageError(
                        f"--role {value} must follow the --reference it applies to"
                    )
                elif len(pairs) - 1 in roled:
                    raise click.UsageError(
                        f"--reference {pairs[-1][0]} has two --role options; give one"
                    )
                else:
                    pairs[-1][1] = value
                    roled.add(len(pairs) - 1)
                index += used - 1
                break
        index += 1
    return [(path, role) for path, role in pairs]


class ReferencePairsCommand(click.Command):
    """A command that records its ``--reference``/``--role`` pairs in order."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[REFERENCE_PAIRS] = reference_pairs(list(args))
        return super().parse_args(ctx, args)
