"""The BLAS thread limit, read and set directly.

numpy's matrix products run in the BLAS library's own thread pool. Where the caller
already runs work on every core (the query embedder's threads, a batch of queries
split over threads), that pool only competes with it, and on a busy machine its
spinning threads stall. :func:`blas_threads` gives the process-wide controller; its
:meth:`~BlasThreads.limit` sets the limit for a block with two C calls, not a
``threadpoolctl`` context (about 1 ms), which matters for a single query.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

logger = logging.getLogger(__name__)

__all__ = ["BlasThreads", "blas_threads"]


class BlasThreads:
    """The BLAS libraries numpy uses, found once; their thread limit is then read and
    set directly."""

    def __init__(self) -> None:
        self._libs: list[Any] = []
        try:
            from threadpoolctl import ThreadpoolController

            self._libs = list(ThreadpoolController().select(user_api="blas").lib_controllers)
        except Exception as error:  # threadpoolctl missing or broken: leave BLAS alone
            logger.debug("cannot control the BLAS threads (%s)", error)

    @contextmanager
    def limit(self, threads: int) -> Iterator[bool]:
        """Limit BLAS to ``threads`` threads inside the block, then restore the limit.
        Yields whether every library now has that limit (False when another thread
        controls OpenBLAS, which threadpoolctl then silently refuses to change)."""
        changed: list[tuple[Any, int]] = []
        exact = True
        try:
            for lib in self._libs:
                before = lib.get_num_threads()
                if before is None or before == threads:
                    continue
                lib.set_num_threads(threads)
                changed.append((lib, before))
                exact = exact and lib.get_num_threads() == threads
            yield exact
        finally:
            for lib, before in reversed(changed):
                lib.set_num_threads(before)
            for lib, _ in changed:
                clear = getattr(type(lib), "clear_controlling_thread", None)
                if clear is not None:
                    clear()


_LOCK = threading.Lock()
_CONTROLLER: list[BlasThreads] = []


def blas_threads() -> BlasThreads:
    """The process-wide :class:`BlasThreads` (built on first use)."""
    with _LOCK:
        if not _CONTROLLER:
            _CONTROLLER.append(BlasThreads())
        return _CONTROLLER[0]
