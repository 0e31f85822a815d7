"""Review jobs of the HTTP service: uploads become reviews that run in worker threads,
each review in a process of its own (:mod:`.review_process`) with a time limit.

An upload is saved under ``<data_dir>/uploads/<review id>/`` and the review's record is
written at once with status ``queued``, so a server killed at any moment loses nothing:
on start, :meth:`ReviewJobs.resume_interrupted` starts the queued reviews again and
resumes the running ones from their latest checkpoint (the engine checkpoints after
every node). A review stopped by its time limit or cancelled ends as ``failed`` with the
reason and is not resumed. A worker process that does not start (a fork can catch
another thread's lock and hang) is ended and another forked; after
:data:`WORKER_STARTS` such failures in a row the review runs in its thread. Every job
uses the service's one registry: a review keeps its own state (orchestrator, skill
runs) in its engine context, not on the plugin manager.
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Literal, cast

from ..config import Settings
from ..errors import InputError
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
from ..storage.records import StoredRecord
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

__all__ = ["WORKER_STARTS", "ReviewBusyError", "ReviewJobs"]

log = logging.getLogger(__name__)

#: New worker processes tried in a row before a review runs in its thread instead.
WORKER_STARTS = 3


class ReviewJobs:
    """Runs the service's reviews.

    :param registry: The loaded registry every job reviews with.
    :param upload_dir: Where uploads are kept (one folder per review).
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
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="review")
        self._lock = threading.Lock()
        self._active: dict[str, JobProgress] = {}
        self._cancels: dict[str, threading.Event] = {}
        self.isolated = can_isolate()
        self._stopping = False
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
        self._launch(ReviewTask("start", review_id, approval, request=request, documents=documents))
        return review_id

    def resume(self, review_id: str, *, approval: ApprovalMode | None = None) -> None:
        """Continue a paused, failed or interrupted review in the background.

        :param approval: How to decide the changes still undecided; default: as the
            review was started (``pause`` stops again at the next one).
        :raises ReviewNotFoundError: for an unknown review.
        """
        record = self._record(review_id)
        if self.is_active(review_id):
            return
        request = ReviewRequest.model_validate(record.data["request"])
        mode = approval or request.approval
        if self.storage.latest_checkpoint(review_id) is None:
            self._launch(ReviewTask("start", review_id, mode, request=request))
            return
        self._launch(ReviewTask("resume", review_id, mode))

    def resume_interrupted(self) -> list[str]:
        """Restart every review a stopped server left queued or running; their ids."""
        resumed = []
        for record in readable_records(self.storage, RECORD_KIND):
            if record.data.get("status") in {"queued", "running"}:
                log.info("resuming review %s left %s", record.id, record.data.get("status"))
                self.resume(record.id)
                resumed.append(record.id)
        return resumed

    def is_active(self, review_id: str) -> bool:
        """Whether the review is queued or running in this server."""
        with self._lock:
            return review_id in self._active

    def _launch(self, task: ReviewTask) -> None:
        with self._lock:
            self._active[task.review_id] = JobProgress(node="queued")
            self._cancels[task.review_id] = threading.Event()
            self._pool.submit(self._run, task)

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

    def _run(self, task: ReviewTask) -> None:
        review_id = task.review_id

        def progress(node: str, done: int, total: int) -> None:
            with self._lock:
                self._active[review_id] = JobProgress(
                    node=node, clauses_done=done, clauses_planned=total
                )

        with self._lock:
            cancel = self._cancels[review_id]
        try:
            if cancel.is_set():  # cancelled while it waited for a worker
                if not self._stopping:
                    self._mark_failed(review_id, "cancelled at a user's request")
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
            if outcome.kind == "cancelled" and self._stopping:
                return  # the server stops: the review resumes on its next start
            if outcome.kind != "finished":
                log.warning("review %s %s: %s", review_id, outcome.kind, outcome.message)
                self._mark_failed(review_id, outcome.message)
        except Exception as exc:  # a bug must not kill the worker; the review says why
            log.exception("review %s failed", review_id)
            self._mark_failed(review_id, f"internal error: {type(exc).__name__}: {exc}")
        finally:
            with self._lock:
                self._active.pop(review_id, None)
                self._cancels.pop(review_id, None)

    def cancel(self, review_id: str, *, wait_s: float = 10.0) -> bool:
        """Stop the review if it is queued or running here, and wait (up to ``wait_s``)
        until it has stopped; whether it has. It ends as failed, "cancelled".

        :raises ReviewBusyError: where reviews cannot be stopped (no processes here).
        """
        with self._lock:
            event = self._cancels.get(review_id)
        if event is None:
            return True
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
        """Stop taking jobs; running reviews finish when ``wait`` (else they resume on
        the next start: their processes are stopped)."""
        if not wait:
            with self._lock:
                self._stopping = True
                events = list(self._cancels.values())
            for event in events:
                event.set()
        self._pool.shutdown(wait=wait, cancel_futures=not wait)
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()


class ReviewBusyError(InputError):
    """The review is running; it cannot be changed now."""
