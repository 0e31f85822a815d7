"""``contract-review store check``: find the damaged records and checkpoints of the
store the settings name, and (``--move-aside``) move them out of it, keeping their
bytes (beside a SQLite or JSON store; in the ``set_aside`` table of a PostgreSQL one),
so the rest reads cleanly."""

from __future__ import annotations

import click


@click.group("store")
def store() -> None:
    """Look after the review store (SQLite, JSON or PostgreSQL, as the settings say)."""


@store.command("check")
@click.option(
    "--move-aside",
    is_flag=True,
    help="Move the damaged records out of the store (their bytes are kept beside it, or "
    "in a PostgreSQL store's set_aside table).",
)
def check(move_aside: bool) -> None:
    """List what is damaged in the store, one line each; with --move-aside, move it
    aside. Exit 0 either way; nothing that reads is touched."""
    from ..config import load_settings
    from ..storage.opening import open_storage

    with open_storage(load_settings()) as storage:
        problems = storage.set_aside_damaged() if move_aside else storage.check()
        where = storage.location
    if not problems:
        click.echo(f"{where}: nothing damaged")
        return
    verb = "moved aside" if move_aside else "damaged"
    for problem in problems:
        click.echo(f"{verb}: {problem.location}: {problem.message}")
    if not move_aside:
        click.echo(
            f"{len(problems)} damaged in {where}; 'contract-review store check --move-aside' "
            "moves them out of the store, keeping their bytes"
        )
