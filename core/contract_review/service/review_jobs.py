"""Review jobs of the HTTP service: uploads become reviews that run in worker threads,
each review in a process of its own (:mod:`.review_process`) with a time limit.

An upload is saved under ``<data_dir>/uploads/<review id>/``, the review's record is
written at once with status ``queued`` and the review is put on the store's work queue
(:meth:`~contract_review.storage.backend.StorageBackend.enqueue`). Every service process
sharing the store — several ``serve --workers`` processes, several hosts on one
PostgreSQL store — takes reviews from that queue as it has free workers
(:meth:`~contract_review.storage.backend.StorageBackend.claim_next`), so each queued
review is run by exactly one of them. A process renews its claims every few seconds; one
that dies loses them when their lease (``review_lease_s``) runs out and another process
resumes its reviews from their latest checkpoint (the engine checkpoints after every
node). A process that stops gives its reviews back at once; one restarted on the same
host frees the claims its previous run left at once, too. A cancel reaches the process
running the review through the queue.

A review stopped by its time limit or cancelled ends as ``failed`` with the reason and is
not resumed. A worker process that does not start (a fork can catch another thread's
lock and hang) is ended and another forked; after :data:`WORKER_STARTS` such failures in
a row the review runs in its thread. Every job uses the service's one registry: a review
keeps its own state (orchestrator, skill runs) in its engine context, not on the plugin
manager.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Literal, cast

from ..config import Settings
from ..documents.model import Document
from ..errors import ContractReviewError, InputError
from ..registry import Registry
from ..review.checkpoints import latest_state_data
from ..review.decisions import Decision, decidable_findings
from ..review.document_intake import input_limits, read_documents
from ..review.engine import RECORD_KIND, ReviewEngine, ReviewNotFoundError, new_review_id
from ..review.engine_request import ApprovalMode, DocumentInput, ReviewRequest
from ..review.playbook_step import playbook_step
from ..review.report_models import RiskSummary
from ..review.state import ReviewState
from ..storage.backend import StorageBackend
from ..storage.readable import readable_records
from ..storage.records import QueueEntry, StoredRecord, utc_now
from .review_job_models import (
    JobProgress,
    JobStatus,
    ReviewJobView,
    UploadedFile,
    safe_filename,
)
from .review_process import (
    ReviewTask,
    ReviewWorker,
    WorkerStartError,
    can_isolate,
    run_in_thread,
)

__all__ = ["WORKER_STARTS", "ReviewBusyError", "ReviewJobs", "worker_name"]

log = logging.getLogger(__name__)

#: New worker processes tried in a row before a review runs in its thread instead.
WORKER_STARTS = 3
#: How often an idle process looks at the queue for work another process queued.
POLL_S = 0.5
#: Claims are renewed this often (at most; a third of the lease when that is shorter).
RENEW_S = 2.0
#: Documents read at upload kept for the run, when this process claims the review.
_READ_AHEAD = 64
_ACTIVE = frozenset({"queued", "running"})


def worker_name() -> str:
    """This process's name on the work queue: ``host:pid:random`` (the random part tells
    a restarted process from its previous run, which may have had the same pid)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def _left_by_a_dead_process(worker: str, me: str) -> bool:
    """Whether ``worker`` was a process of this host that is no longer running."""
    host, _, rest = worker.partition(":")
    pid_text = rest.partition(":")[0]
    if host != me.partition(":")[0] or not pid_text.isdigit() or worker == me:
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return True  # this pid's previous run (a restarted container, say)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # running as someone else: alive
        return False
    return False


class ReviewJobs:
    """Runs the service's reviews.

    :param registry: The loaded registry every job reviews with.
    :param upload_dir: Where uploads are kept (one folder per review).
    :param workers: Reviews this process runs at once.

    Call :meth:`start` to begin taking reviews from the queue.
    """

    def __init__(
        self,
        *,
        registry: Registry,
        settings: Settings,
        storage: StorageBackend,
        upload_dir: Path,
        workers: int,
    ) -> None:
        self.registry = registry
        self.settings = settings
        self.storage = storage
        self.upload_dir = upload_dir
        self.name = worker_name()
        self._slots = workers
        self._lease_s = settings.review_lease_s
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="review")
        self._lock = threading.Lock()
        self._active: dict[str, JobProgress] = {}
        self._cancels: dict[str, threading.Event] = {}
        self._lost: set[str] = set()
        self._read: OrderedDict[str, Sequence[Document]] = OrderedDict()
        self.isolated = can_isolate()
        self._stopping = False
        self._closed = False  # no more claims
        self._renewing = True
        self._wake = threading.Event()
        self._threads: list[threading.Thread] = []
        self._local = threading.local()
        self._workers: list[ReviewWorker] = []

    # ------------------------------------------------------------------ submitting

    def submit(
        self,
        registry: Registry,
        *,
        domain_id: str,
        files: Sequence[UploadedFile],
        party: str = "",
        approval: ApprovalMode = "auto",
        use_orchestrator: bool | None = None,
        owner: str = "",
        report_language: Literal["", "en", "zh"] = "",
    ) -> str:
        """Save the uploads, check they can be reviewed, queue the review; its id.

        :param owner: Who it belongs to (:mod:`.principals`).
        :param report_language: The report's language; '' for the contract's.

        :raises InputError: for an unknown domain or a document that cannot be parsed
            (nothing is queued then).
        """
        domain = registry.domain(domain_id)
        if not files:
            raise InputError("files: upload at least one document (the contract to review)")
        review_id = new_review_id()
        folder = self.upload_dir / review_id
        folder.mkdir(parents=True, exist_ok=False)
        inputs = []
        for index, upload in enumerate(files, start=1):
            target = folder / safe_filename(upload.filename, index)
            if target.exists():
                target = target.with_name(f"{index}-{target.name}")
            target.write_bytes(upload.content)
            inputs.append(DocumentInput(path=str(target), role=upload.role))
        request = ReviewRequest(
            domain_id=domain.domain_id,
            documents=inputs,
            party=party,
            use_orchestrator=use_orchestrator,
            approval=approval,
            owner=owner,
            report_language=report_language,
        )
        try:  # a document or party that cannot be reviewed fails here, before anything is saved
            documents = read_documents(
                request,
                registry,
                domain,
                max_chars=self.settings.max_document_chars,
                limits=input_limits(self.settings),
            )
            playbook_step(domain, request, documents)
        except InputError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            message = str(exc).replace(str(folder) + "/", "").replace(str(folder), "")
            raise type(exc)(message) from None
        self.storage.save(
            RECORD_KIND,
            review_id,
            {
                "domain_id": domain.domain_id,
                "status": "queued",
                "request": request.model_dump(mode="json"),
                "documents": [],
                "error": "",
                "report": None,
            },
        )
        with self._lock:  # read already: the run here needs not read them again
            self._read[review_id] = documents
            while len(self._read) > _READ_AHEAD:
                self._read.popitem(last=False)
        self._queue(review_id)
        return review_id

    def resume(self, review_id: str, *, approval: ApprovalMode | None = None) -> None:
        """Continue a paused, failed or interrupted review in the background (it is
        queued; whichever process has a free worker runs it).

        :param approval: How to decide the changes still undecided; default: as the
            review was started (``pause`` stops again at the next one).
        :raises ReviewNotFoundError: for an unknown review.
        """
        record = self._record(review_id)
        if self.is_active(review_id):
            return
        data = {**record.data, "status": "queued", "error": ""}
        if approval is not None:
            data["approval"] = approval
        self.storage.save(RECORD_KIND, review_id, data)
        self._queue(review_id)

    def resume_interrupted(self) -> list[str]:
        """Queue again every review a stopped server left queued or running (a review
        another live process is running stays with it); their ids. Claims left by this
        host's processes that are no longer running are freed at once."""
        for entry in self.storage.queue_entries(RECORD_KIND):
            if entry.worker and _left_by_a_dead_process(entry.worker, self.name):
                self.storage.release_claim(RECORD_KIND, entry.id, worker=entry.worker, done=False)
        resumed = []
        for record in readable_records(self.storage, RECORD_KIND):
            if record.data.get("status") in _ACTIVE:
                log.info("resuming review %s left %s", record.id, record.data.get("status"))
                self.storage.enqueue(RECORD_KIND, record.id)
                resumed.append(record.id)
        self._wake.set()
        return resumed

    def _queue(self, review_id: str) -> None:
        self.storage.enqueue(RECORD_KIND, review_id)
        self._wake.set()  # this process looks first; any other with a free worker may take it

    def is_active(self, review_id: str) -> bool:
        """Whether the review is running in this process, or claimed by another that
        is still renewing its claim."""
        with self._lock:
            if review_id in self._active:
                return True
        return self._held_elsewhere(review_id)

    def _held_elsewhere(self, review_id: str) -> bool:
        now = utc_now()
        return any(
            entry.id == review_id
            and entry.worker not in ("", self.name)
            and (entry.lease_until is None or entry.lease_until >= now)
            for entry in self.storage.queue_entries(RECORD_KIND)
        )

    # ------------------------------------------------------------------ taking work

    def start(self) -> None:
        """Begin taking reviews from the queue (and renewing the claims taken)."""
        for target, name in ((self._dispatch, "review-queue"), (self._renew, "review-claims")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def _dispatch(self) -> None:
        """Claim queued reviews while this process has a free worker."""
        while not self._closed:
            with self._lock:
                free = len(self._active) < self._slots
            entry = None
            if free:
                try:
                    entry = self.storage.claim_next(
                        RECORD_KIND, worker=self.name, lease_s=self._lease_s
                    )
                    if entry is not None:
                        self._take(entry)
                except ContractReviewError as exc:  # the store is away: try again later
                    log.warning("cannot take reviews from the queue: %s", exc)
                    entry = None
                except Exception:  # a bug must not stop the queue
                    log.exception("taking a review from the queue failed")
                    entry = None
            if entry is None:
                self._wake.wait(POLL_S)
                self._wake.clear()

    def _take(self, entry: QueueEntry) -> None:
        """Run a claimed review, or drop it when there is nothing to run."""
        review_id = entry.id
        record = self.storage.load(RECORD_KIND, review_id)
        if record is None or record.data.get("status") not in _ACTIVE or self._closed:
            self.storage.release_claim(
                RECORD_KIND, review_id, worker=self.name, done=not self._closed
            )
            return
        if entry.cancel_requested:
            self._mark_failed(review_id, "cancelled at a user's request")
            self.storage.release_claim(RECORD_KIND, review_id, worker=self.name, done=True)
            return
        request = ReviewRequest.model_validate(record.data["request"])
        mode = record.data.get("approval") or request.approval
        with self._lock:
            documents = self._read.pop(review_id, None)
        if self.storage.latest_checkpoint(review_id) is None:
            task = ReviewTask("start", review_id, mode, request=request, documents=documents)
        else:
            task = ReviewTask("resume", review_id, mode)
        with self._lock:
            self._active[review_id] = JobProgress(node="queued")
            self._cancels[review_id] = threading.Event()
            self._lost.discard(review_id)
        try:
            self._pool.submit(self._run, task, entry.claims)
        except RuntimeError:  # the pool was shut down meanwhile: give it back
            with self._lock:
                self._active.pop(review_id, None)
                self._cancels.pop(review_id, None)
            self.storage.release_claim(RECORD_KIND, review_id, worker=self.name, done=False)

    def _renew(self) -> None:
        """Renew the claims of the reviews running here; a cancel asked of another
        process, or a claim lost, stops the review here."""
        every = min(RENEW_S, self._lease_s / 3)
        while self._renewing:
            time.sleep(every)
            with self._lock:
                running = list(self._cancels.items())
            for review_id, event in running:
                try:
                    state = self.storage.renew_claim(
                        RECORD_KIND, review_id, worker=self.name, lease_s=self._lease_s
                    )
                except ContractReviewError as exc:
                    log.warning("cannot renew the claim on review %s: %s", review_id, exc)
                    continue
                if state == "lost":
                    log.warning("review %s was taken over by another process", review_id)
                    with self._lock:
                        self._lost.add(review_id)
                if state != "held":
                    event.set()

    def _worker(self) -> ReviewWorker | None:
        """This thread's worker process (a new one when it has none, or it was stopped);
        None when :data:`WORKER_STARTS` new ones in a row failed to start."""
        worker: ReviewWorker | None = getattr(self._local, "worker", None)
        if worker is not None and worker.alive:
            return worker
        for attempt in range(1, WORKER_STARTS + 1):
            try:
                worker = ReviewWorker(self.registry, self.settings)
            except WorkerStartError as exc:
                log.warning("%s (attempt %d of %d)", exc, attempt, WORKER_STARTS)
                continue
            self._local.worker = worker
            with self._lock:
                self._workers = [w for w in self._workers if w.alive] + [worker]
            return worker
        return None

    def _run(self, task: ReviewTask, claims: int = 1) -> None:
        review_id = task.review_id

        def progress(node: str, done: int, total: int) -> None:
            with self._lock:
                self._active[review_id] = JobProgress(
                    node=node, clauses_done=done, clauses_planned=total
                )

        with self._lock:
            cancel = self._cancels[review_id]
        done = True
        try:
            if cancel.is_set():  # cancelled while it waited for a worker
                if not self._stopping and review_id not in self._lost:
                    self._mark_failed(review_id, "cancelled at a user's request")
                done = not self._stopping
                return
            progress("parse", 0, 0)
            worker = self._worker() if self.isolated else None
            if worker is not None:
                outcome = worker.run(
                    task,
                    progress=progress,
                    time_limit_s=self.settings.review_time_limit_s,
                    cancel=cancel,
                )
            else:  # no processes here, or none would start: this thread runs it
                outcome = run_in_thread(
                    task,
                    registry=self.registry,
                    settings=self.settings,
                    storage=self.storage,
                    progress=progress,
                )
            if outcome.kind == "cancelled" and (self._stopping or review_id in self._lost):
                done = False
                return  # the server stops, or another process took it: it goes on there
            if outcome.kind != "finished":
                log.warning("review %s %s: %s", review_id, outcome.kind, outcome.message)
                self._mark_failed(review_id, outcome.message)
            self._note_run(review_id, claims)
        except Exception as exc:  # a bug must not kill the worker; the review says why
            log.exception("review %s failed", review_id)
            self._mark_failed(review_id, f"internal error: {type(exc).__name__}: {exc}")
        finally:
            with self._lock:
                self._active.pop(review_id, None)
                self._cancels.pop(review_id, None)
                lost = review_id in self._lost
                self._lost.discard(review_id)
            if not lost:
                try:
                    self.storage.release_claim(RECORD_KIND, review_id, worker=self.name, done=done)
                except ContractReviewError as exc:  # the lease runs out; another takes it
                    log.warning("cannot release review %s: %s", review_id, exc)
            self._wake.set()  # a worker is free

    def _note_run(self, review_id: str, claims: int) -> None:
        """Say on the record which process ran the review, and how many times it has
        been taken from the queue since it was last queued (1 unless a process died)."""
        record = self.storage.load(RECORD_KIND, review_id)
        if record is not None:
            run = {"worker": self.name, "claims": claims}
            self.storage.save(RECORD_KIND, review_id, {**record.data, "run": run})

    def cancel(self, review_id: str, *, wait_s: float = 10.0) -> bool:
        """Stop the review if it is queued or running (here or in another process
        sharing the store), and wait (up to ``wait_s``) until it has stopped; whether it
        has. It ends as failed, "cancelled".

        :raises ReviewBusyError: where reviews cannot be stopped (no processes here).
        """
        with self._lock:
            event = self._cancels.get(review_id)
        if event is not None:
            if not self.isolated:
                raise ReviewBusyError(
                    f"review {review_id} is running and this platform cannot stop it; "
                    "wait until it stops"
                )
            event.set()
            deadline = time.monotonic() + wait_s
            while self.is_active(review_id):
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.05)
            return True
        if not self.storage.request_cancel(RECORD_KIND, review_id):
            return True  # not queued anywhere
        if not self._held_elsewhere(review_id):  # waiting for a worker: stopped now
            self._mark_failed(review_id, "cancelled at a user's request")
            return True
        deadline = time.monotonic() + wait_s  # another process runs it: it stops there
        while time.monotonic() <= deadline:
            record = self.storage.load(RECORD_KIND, review_id)
            if record is None or record.data.get("status") not in _ACTIVE:
                return True
            time.sleep(0.1)
        return False

    def _mark_failed(self, review_id: str, message: str) -> None:
        record = self.storage.load(RECORD_KIND, review_id)
        if record is None:
            return
        if record.data.get("status") in {"queued", "running"}:
            self.storage.save(
                RECORD_KIND, review_id, {**record.data, "status": "failed", "error": message}
            )

    # ------------------------------------------------------------------ reading

    def _record(self, review_id: str) -> StoredRecord:
        record = self.storage.load(RECORD_KIND, review_id)
        if record is None:
            raise ReviewNotFoundError(f"no review {review_id!r}")
        return record

    def _status(self, review_id: str, record: StoredRecord) -> tuple[JobStatus, JobProgress | None]:
        """Where the review stands: what its record says, unless a worker of this server
        is on it (then queued or running), and how far that worker is."""
        with self._lock:
            progress = self._active.get(review_id)
        stored = cast(JobStatus, record.data.get("status", "queued"))
        if progress is None:
            return stored, None
        if progress.node == "queued" or stored == "queued":
            return "queued", progress
        return "running", progress

    def stored(self, review_id: str) -> tuple[StoredRecord, JobStatus]:
        """The review's record and where it stands (see :meth:`view`).

        :raises ReviewNotFoundError: for an unknown review.
        """
        record = self._record(review_id)
        return record, self._status(review_id, record)[0]

    def view(self, review_id: str) -> ReviewJobView:
        """The review's status as the service shows it. Its findings are read from the
        latest checkpoints alone (the record, with the parsed documents, is read once).

        :raises ReviewNotFoundError: for an unknown review.
        """
        record = self._record(review_id)
        data = record.data
        status, progress = self._status(review_id, record)
        request = data.get("request") or {}
        view = ReviewJobView(
            review_id=review_id,
            status=status,
            domain_id=data.get("domain_id", ""),
            documents=[Path(d.get("path", "")).name for d in request.get("documents", [])],
            progress=progress,
            error=data.get("error", "") if status == "failed" else "",
        )
        latest = (
            latest_state_data(self.storage, review_id) if status in {"paused", "complete"} else None
        )
        if latest is not None:
            state = ReviewState.model_validate(latest)
            view.decidable = [f.finding_id for f in decidable_findings(state)]
            decided = {a.finding_id for a in state.approvals}
            if state.current is not None:
                decided |= {a.finding_id for a in state.current.approvals}
            if status == "paused":
                view.awaiting_decision = [f for f in view.decidable if f not in decided]
        if status == "complete" and data.get("report") is not None:
            view.summary = RiskSummary.model_validate(data["report"]["summary"])
            view.reports = {
                fmt: f"/reviews/{review_id}/report.{fmt}" for fmt in ("json", "md", "html", "docx")
            }
        return view

    def decide(
        self, engine: ReviewEngine, review_id: str, decisions: Sequence[Decision]
    ) -> ReviewState:
        """Record decisions on a paused or complete review (not while it runs)."""
        self._record(review_id)
        if self.is_active(review_id):
            raise ReviewBusyError(
                f"review {review_id} is running; decide its changes when it is paused or complete"
            )
        return engine.decide(review_id, decisions)

    def shutdown(self, *, wait: bool = False) -> None:
        """Stop taking jobs; running reviews finish when ``wait`` (else they are given
        back to the queue, to be resumed by another process or on the next start: their
        worker processes are stopped)."""
        self._closed = True
        self._wake.set()
        if self._threads:
            self._threads[0].join(timeout=10)  # no claim after this
        if not wait:
            with self._lock:
                self._stopping = True
                events = list(self._cancels.values())
            for event in events:
                event.set()
        self._pool.shutdown(wait=wait, cancel_futures=not wait)
        self._renewing = False
        for thread in self._threads[1:]:
            thread.join(timeout=5)
        self._give_back()
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()

    def _give_back(self) -> None:
        """Put back on the queue whatever this process still holds (a review it was
        running when it stopped), so another process may take it at once."""
        try:
            for entry in self.storage.queue_entries(RECORD_KIND):
                if entry.worker == self.name:
                    self.storage.release_claim(RECORD_KIND, entry.id, worker=self.name, done=False)
        except ContractReviewError as exc:  # their leases run out instead
            log.warning("cannot give back the reviews of this process: %s", exc)


class ReviewBusyError(InputError):
    """The review is running; it cannot be changed now."""
