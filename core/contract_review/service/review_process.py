"""The HTTP service's reviews run in worker processes, so that a review cannot hold the
server: a document that takes minutes to review, or a plugin that never returns, costs
a worker process, never the server's event loop; a review over its time limit, or one a
user cancels, is stopped by ending its worker, and a fresh one takes its place.

A worker is forked from the server once and then runs one review after another, so it
starts with the server's loaded registry (plugins, models, settings) and keeps what it
warms up (compiled playbooks, models read on first use) for the next review. It opens
the store afresh (a connection is never shared across a fork), is told each review as a
:class:`ReviewTask` over a pipe, and answers with progress and an outcome. It ends with
the server, even a killed one. Where ``fork`` is not available (Windows) reviews run in
the server's worker threads, without a time limit or cancelling (:func:`can_isolate`).
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Literal

import attrs

from ..config import Settings
from ..documents.model import Document
from ..errors import ContractReviewError
from ..registry import Registry
from ..review.approval import Approver, AutoApprover, PausingApprover
from ..review.engine import ReviewEngine
from ..review.engine_request import ApprovalMode, ReviewRequest
from ..storage.backend import StorageBackend
from ..storage.opening import open_storage

__all__ = [
    "READY_TIMEOUT_S",
    "ProgressSink",
    "ReviewOutcome",
    "ReviewTask",
    "ReviewWorker",
    "WorkerStartError",
    "can_isolate",
    "run_in_thread",
]

log = logging.getLogger(__name__)

#: Told where a review is: node name, clauses done, clauses planned.
ProgressSink = Callable[[str, int, int], None]

_POLL_S = 0.1
_STOP_GRACE_S = 2.0
#: How long a new worker has to say it is ready. A fork taken while another thread of
#: the server held a lock (SQLite's, say) leaves the child stuck on that lock for ever;
#: such a worker is ended and another forked (see :class:`WorkerStartError`).
READY_TIMEOUT_S = 30.0
_PR_SET_PDEATHSIG = 1


@attrs.frozen
class ReviewTask:
    """One run of a review: start it (``request``, and its ``documents`` when already
    read) or resume it from its latest checkpoint."""

    action: Literal["start", "resume"]
    review_id: str
    approval: ApprovalMode
    request: ReviewRequest | None = None
    documents: Sequence[Document] | None = None

    def perform(self, engine: ReviewEngine) -> None:
        """Run it on ``engine``."""
        if self.action == "resume":
            engine.resume(self.review_id)
            return
        assert self.request is not None
        engine.start(self.request, review_id=self.review_id, documents=self.documents)

    def approver(self) -> Approver:
        """How the review decides its proposed changes."""
        return PausingApprover() if self.approval == "pause" else AutoApprover()


@attrs.frozen
class ReviewOutcome:
    """How one run of a review ended.

    ``finished``: it returned (complete, or paused for decisions; its record says which).
    ``failed``: it raised; ``message`` says why. ``timed_out`` / ``cancelled``: it was
    stopped. ``crashed``: its process ended without a word (killed, out of memory).
    """

    kind: Literal["finished", "failed", "timed_out", "cancelled", "crashed"]
    message: str = ""


def can_isolate() -> bool:
    """Whether reviews can run in processes of their own here (``fork`` exists)."""
    return "fork" in multiprocessing.get_all_start_methods()


def _perform(
    task: ReviewTask,
    registry: Registry,
    settings: Settings,
    storage: StorageBackend,
    progress: ProgressSink,
) -> ReviewOutcome:
    engine = ReviewEngine(
        registry, settings=settings, storage=storage, approver=task.approver(), progress=progress
    )
    try:
        task.perform(engine)
    except Exception as exc:  # a bug must not kill the worker; the review says why
        if isinstance(exc, ContractReviewError):
            return ReviewOutcome("failed", str(exc))
        log.exception("review %s failed", task.review_id)
        return ReviewOutcome("failed", f"internal error: {type(exc).__name__}: {exc}")
    return ReviewOutcome("finished")


def run_in_thread(
    task: ReviewTask,
    *,
    registry: Registry,
    settings: Settings,
    storage: StorageBackend,
    progress: ProgressSink,
) -> ReviewOutcome:
    """Run the review in the calling thread (where processes cannot be forked)."""
    return _perform(task, registry, settings, storage, progress)


def _die_with(server_pid: int) -> None:
    """End this process when the server does (killed, it cannot stop its workers): the
    kernel is asked to (Linux), and a watcher checks every half second elsewhere."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        while True:
            if os.getppid() != server_pid:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def _serve(registry: Registry, settings: Settings, conn: Connection, server_pid: int) -> None:
    """A worker process: run the reviews it is sent, one at a time, until its pipe
    closes. Ctrl-C and a stop signal end it at once (the server's own handlers, inherited
    by the fork, must not run here), and so does the server's end."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    _die_with(server_pid)
    storage = open_storage(settings)
    conn.send(("ready", None))
    try:
        while True:
            try:
                task: ReviewTask = conn.recv()
            except EOFError:
                return
            outcome = _perform(
                task, registry, settings, storage, lambda *p: conn.send(("progress", p))
            )
            conn.send(("outcome", (outcome.kind, outcome.message)))
    finally:
        storage.close()


class WorkerStartError(RuntimeError):
    """A new worker did not say it was ready in time; it has been ended."""


class ReviewWorker:
    """A worker process that runs reviews one after another (see the module docs); use
    it from one thread at a time.

    :param registry: What it reviews with (the server's, inherited by the fork).
    :param ready_timeout_s: How long the new process has to open its store and say so.
    :raises WorkerStartError: when it does not (it is ended; fork another).
    """

    def __init__(
        self, registry: Registry, settings: Settings, *, ready_timeout_s: float = READY_TIMEOUT_S
    ) -> None:
        context = multiprocessing.get_context("fork")
        self._conn, child_end = context.Pipe(duplex=True)
        self._process = context.Process(
            target=_serve,
            args=(registry, settings, child_end, os.getpid()),
            name="review-worker",
            daemon=True,
        )
        with warnings.catch_warnings():
            # The worker uses nothing of the server's other threads: it opens its own
            # store and talks to the server only through its pipe.
            warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
            self._process.start()
        child_end.close()
        try:
            ready = self._conn.poll(ready_timeout_s) and self._conn.recv()[0] == "ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.stop()
            raise WorkerStartError(
                f"a review worker did not start within {ready_timeout_s:g} s (pid "
                f"{self._process.pid}, exit code {self._process.exitcode})"
            )

    @property
    def alive(self) -> bool:
        """Whether it can take another review."""
        return self._process.is_alive() and not self._conn.closed

    def run(
        self,
        task: ReviewTask,
        *,
        progress: ProgressSink,
        time_limit_s: float,
        cancel: threading.Event,
    ) -> ReviewOutcome:
        """Run ``task`` and wait for it. Stopped (its time is up, ``cancel`` is set, or it
        crashed), the worker is ended too; make a new one for the next review.

        :param time_limit_s: Stop the review after this many seconds (0: no limit).
        """
        deadline = time.monotonic() + time_limit_s if time_limit_s > 0 else None
        self._conn.send(task)
        while True:
            if cancel.is_set():
                self.stop()
                return ReviewOutcome("cancelled", "cancelled at a user's request")
            if deadline is not None and time.monotonic() > deadline:
                self.stop()
                return ReviewOutcome(
                    "timed_out",
                    f"stopped after {time_limit_s:g} s, the time limit for one review "
                    "(review_time_limit_s)",
                )
            try:
                if not self._conn.poll(_POLL_S):
                    continue
                kind, payload = self._conn.recv()
            except (EOFError, OSError):  # the process ended without saying how
                self._process.join(_STOP_GRACE_S)
                code = self._process.exitcode
                self.stop()
                return ReviewOutcome(
                    "crashed", f"the review's process ended unexpectedly (exit code {code})"
                )
            if kind == "progress":
                progress(*payload)
            else:
                return ReviewOutcome(*payload)

    def stop(self) -> None:
        """End the process (what it was doing is lost; its checkpoints are kept)."""
        self._conn.close()
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(_STOP_GRACE_S)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(_STOP_GRACE_S)

    def __repr__(self) -> str:
        return f"ReviewWorker(pid={self._process.pid}, alive={self.alive})"
