"""A progress bar for long jobs (embedding thousands of texts, building an index).

It is drawn on stderr, and only when someone is watching: the job is large enough
and stderr is a terminal. Otherwise — in scripts, tests, piped output — it does
nothing, so callers can always use it. Bars do not nest: while one is shown (index
building), a bar asked for inside it (the embedder's own) stays hidden, so the outer
bar keeps counting the whole job.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: Jobs smaller than this finish before a bar would be worth drawing.
DEFAULT_MIN_TOTAL = 500

#: Whether a bar is being shown in this thread (or task).
_showing: ContextVar[bool] = ContextVar("contract_review_progress_showing", default=False)


def _stderr_is_terminal() -> bool:
    stream = sys.stderr
    isatty = getattr(stream, "isatty", None)
    if isatty is None:
        return False
    try:
        return bool(isatty())
    except (ValueError, OSError):  # a closed or detached stream
        return False


@contextmanager
def progress_bar(
    total: int, description: str, *, min_total: int = DEFAULT_MIN_TOTAL
) -> Iterator[Callable[[int], None]]:
    """Show a progress bar for ``total`` items while the ``with`` block runs.

    Yields ``advance``: call ``advance(n)`` after finishing ``n`` more items. The bar
    appears on stderr only when ``total >= min_total``, stderr is a terminal and no
    other bar is being shown; in every other case ``advance`` does nothing. The bar
    disappears when the block ends.

    Example::

        with progress_bar(len(texts), "Embedding") as advance:
            for batch in batches:
                ...
                advance(len(batch))
    """
    if total < min_total or _showing.get() or not _stderr_is_terminal():

        def ignore(n: int) -> None:
            return None

        yield ignore
        return

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        transient=True,
    )
    token = _showing.set(True)
    try:
        with progress:
            task = progress.add_task(description, total=total)

            def advance(n: int) -> None:
                progress.advance(task, n)

            yield advance
    finally:
        _showing.reset(token)


__all__ = ["DEFAULT_MIN_TOTAL", "progress_bar"]
