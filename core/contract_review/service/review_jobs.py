"""Review jobs of the HTTP service: uploads become reviews that run in worker threads.

An upload is saved under ``<data_dir>/uploads/<review id>/`` and the review's record is
written at once with status ``queued``, so a server killed at any moment loses nothing:
on start, :meth:`ReviewJobs.resume_interrupted` starts the queued reviews again and
resumes the running ones from their latest checkpoint (the engine checkpoints after
every node). Every job uses the service's one registry: a review keeps its own state
(orchestrator, skill runs) in its engine context, not on the plugin manager.
"""

from __future__ import annotations

import logging
import shutil
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

from ..config import Settings
from ..errors import ContractReviewError, InputError
from ..registry import Registry
from ..review.approval import Approver, AutoApprover, PausingApprover
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

__all__ = ["ReviewBusyError", "ReviewJobs"]

log = logging.getLogger(__name__)


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
    ) -> str:
        """Save the uploads, check they can be reviewed, queue the review; its id.

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
        self._launch(
            review_id,
            lambda engine: engine.start(request, review_id=review_id, documents=documents),
            approval,
        )
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
            self._launch(review_id, lambda engine: engine.start(request, review_id=review_id), mode)
            return
        self._launch(review_id, lambda engine: engine.resume(review_id), mode)

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

    def _launch(
        self, review_id: str, run: Callable[[ReviewEngine], Any], mode: ApprovalMode
    ) -> None:
        with self._lock:
            self._active[review_id] = JobProgress(node="queued")
            self._pool.submit(self._run, review_id, run, mode)

    def _run(self, review_id: str, run: Callable[[ReviewEngine], Any], mode: ApprovalMode) -> None:
        def progress(node: str, done: int, total: int) -> None:
            with self._lock:
                self._active[review_id] = JobProgress(
                    node=node, clauses_done=done, clauses_planned=total
                )

        try:
            engine = ReviewEngine(
                self.registry,
                settings=self.settings,
                storage=self.storage,
                approver=_approver(mode),
                progress=progress,
            )
            with self._lock:
                self._active[review_id] = JobProgress(node="parse")
            run(engine)
        except ContractReviewError as exc:
            self._mark_failed(review_id, str(exc))
        except Exception as exc:  # a bug must not kill the worker; the review says why
            log.exception("review %s failed", review_id)
            self._mark_failed(review_id, f"internal error: {type(exc).__name__}: {exc}")
        finally:
            with self._lock:
                self._active.pop(review_id, None)

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
                fmt: f"/reviews/{review_id}/report.{fmt}" for fmt in ("json", "md", "html")
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
        the next start)."""
        self._pool.shutdown(wait=wait, cancel_futures=not wait)


class ReviewBusyError(InputError):
    """The review is running; it cannot be changed now."""


def _approver(mode: str) -> Approver:
    return PausingApprover() if mode == "pause" else AutoApprover()
