"""The review engine: runs a review node by node, saving a checkpoint after each, and
resumes a paused or interrupted review from its latest checkpoint.

::

    engine = ReviewEngine(registry, settings=settings, storage=open_storage(settings))
    state = engine.start(ReviewRequest(domain_id="fidic", documents=[...]))
    report = engine.report(state)

The nodes and routes are in :mod:`contract_review.review.engine_nodes`. The review's
record (kind ``review``, id = review id) holds the request and the parsed documents;
each checkpoint holds the rest of the state (whole, or what changed since the one
before: :mod:`contract_review.review.checkpoints`), so a review killed at any point
resumes with ``engine.resume(review_id)`` and ends with the same findings.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..builtin.orchestration import orchestrator_plugin
from ..config import Settings, load_settings
from ..documents.model import Document
from ..errors import InputError, NotFoundError
from ..llm.client_types import LLMClient, LLMInfo
from ..llm.llm_choice import choose_llm
from ..registry import Registry
from ..skills.dispatcher import SkillDispatcher
from ..storage.backend import StorageBackend
from ..storage.opening import open_storage
from ..storage.records import utc_now
from .approval import Approver, AutoApprover, PauseReview
from .checkpoints import latest_state_data, write_whole_checkpoint
from .contract_kind import contract_type_of
from .decisions import Decision, apply_decisions
from .document_intake import input_limits, read_documents, reading_notes
from .engine_context import EngineContext, ProgressCallback
from .engine_nodes import DONE, NODES
from .engine_request import ReviewRequest
from .governing_law import read_governing_law
from .law_evidence import law_citation_note, law_quoter
from .playbook_step import playbook_step
from .report_building import build_report
from .report_models import ReviewReport
from .state import ReviewState

__all__ = ["RECORD_KIND", "ReviewEngine", "ReviewNotFoundError", "new_review_id"]

#: The storage record kind reviews are saved under.
RECORD_KIND: Final = "review"

_UNSET: Any = object()


class ReviewNotFoundError(NotFoundError):
    """No review with this id in the store."""


def new_review_id() -> str:
    """A fresh review id: ``rv-<UTC date and time>-<6 hex digits>``."""
    return f"rv-{utc_now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


class ReviewEngine:
    """Runs reviews for one registry, settings and store.

    :param approver: Decides proposed changes; default: report them as proposed.
    :param llm: The LLM client for analysis and planning; by default chosen from the
        request's ``llm`` and the settings (:func:`contract_review.llm.choose_llm`).
        Pass ``None`` to review offline whatever is configured. It is used only when
        ``use_react_agent`` (the ReAct worker analyses clauses) or ``use_orchestrator``
        (it plans the review) is on, in the request or the settings (seed SPEC-21's
        matrix); with both off the review runs the plan's tools and the playbook, and
        its notes say the LLM was left unused.
    :param progress: Told after every node (node name, clauses done, clauses planned).
    :param announce: Told which LLM receives contract text, before any is sent.
    :param checkpoint_interval_s: While a review runs, a checkpoint is saved after a
        node only when this many seconds have passed since the last one (0, the
        default: after every node). The first checkpoint of a run and the one it stops
        on (done, paused, failed) are always saved, so a resume starts from at most this
        much work ago. A folder review, which reviews a stopped document again from the
        start, saves fewer (each checkpoint is a durable write).
    """

    def __init__(
        self,
        registry: Registry,
        *,
        settings: Settings | None = None,
        storage: StorageBackend | None = None,
        approver: Approver | None = None,
        llm: LLMClient | None = _UNSET,
        progress: ProgressCallback | None = None,
        announce: Callable[[LLMInfo], None] | None = None,
        checkpoint_interval_s: float = 0.0,
    ) -> None:
        if checkpoint_interval_s < 0:
            raise ValueError(f"checkpoint_interval_s must be >= 0, got {checkpoint_interval_s}")
        self.registry = registry
        self.settings = settings if settings is not None else load_settings()
        self.storage = storage if storage is not None else open_storage(self.settings)
        self.approver: Approver = approver if approver is not None else AutoApprover()
        self._llm = llm
        self.progress = progress
        self.announce = announce
        self.checkpoint_interval_s = checkpoint_interval_s
        #: The state the last run returned, its report and the state's revision then.
        self._finished: tuple[ReviewState, ReviewReport, tuple[object, ...]] | None = None

    # ------------------------------------------------------------------ public

    def start(
        self,
        request: ReviewRequest,
        *,
        review_id: str | None = None,
        documents: Sequence[Document] | None = None,
    ) -> ReviewState:
        """Run a new review to the end (or to a pause).

        :param documents: The request's documents already read (the HTTP service reads
            an upload once to check it); default: read them from the request's paths.
        :raises InputError: for an unknown domain, a bad playbook or party, or documents
            that cannot be reviewed — before anything is saved.
        """
        domain = self.registry.domain(request.domain_id)  # UnknownDomainError first
        state = ReviewState(
            review_id=review_id or new_review_id(),
            domain_id=domain.domain_id,
            request=request,
            started_at=utc_now(),
            next_node="parse",
        )
        state.documents = (
            list(documents)
            if documents is not None
            else read_documents(
                request,
                self.registry,
                domain,
                max_chars=self.settings.max_document_chars,
                limits=input_limits(self.settings),
            )
        )
        state.notes.extend(reading_notes(state.documents, request.report_language))
        ctx = self._context(state)  # playbook and party checked before the first save
        state.next_node = "plan_review"
        self._save_record(state)
        ctx.checkpoints.write(state)
        return self._run(ctx, state)

    def resume(self, review_id: str, *, approver: Approver | None = None) -> ReviewState:
        """Continue a paused or interrupted review from its latest checkpoint; a
        finished review is returned as it is.

        :raises ReviewNotFoundError: when the store has no such review.
        """
        state = self.load(review_id)
        if state.status == "complete":
            # Stopped between the last checkpoint and the record's update: finish that.
            record = self.storage.load(RECORD_KIND, review_id)
            if record is None or record.data.get("status") != "complete":
                self._save_record(state, report=self.report(state))
            return state
        if approver is not None:
            self.approver = approver
        state.status = "running"
        state.error = ""
        return self._run(self._context(state), state)

    def load(self, review_id: str) -> ReviewState:
        """The review as its latest checkpoint left it, documents included.

        :raises ReviewNotFoundError: when the store has no such review.
        """
        record = self.storage.load(RECORD_KIND, review_id)
        if record is None:
            raise ReviewNotFoundError(
                f"no review {review_id!r} in {self.storage.location} (list them with "
                "'contract-review review --list')"
            )
        data = latest_state_data(self.storage, review_id)
        if data is None:
            raise ReviewNotFoundError(f"review {review_id!r} has no checkpoint to resume from")
        state = ReviewState.model_validate(data)
        state.documents = [Document.model_validate(d) for d in record.data.get("documents", [])]
        return state

    def decide(self, review_id: str, decisions: Sequence[Decision]) -> ReviewState:
        """Record reviewers' decisions on a paused or finished review's proposed changes
        (:mod:`contract_review.review.decisions`) and save them; a finished review's
        report is rebuilt.

        :raises ReviewNotFoundError: when the store has no such review.
        :raises FindingNotFoundError: when a decision names a finding with no change.
        """
        state = self.load(review_id)
        apply_decisions(state, decisions)
        write_whole_checkpoint(self.storage, state)
        self._save_record(state, report=self.report(state) if state.status == "complete" else None)
        return state

    def report(self, state: ReviewState) -> ReviewReport:
        """The report of ``state`` (complete, paused or failed).

        For the state a run of this engine just returned (:meth:`start`,
        :meth:`resume`), the report that run built and saved — a review's report is
        built once; change such a state and a new report is built."""
        finished = self._finished
        if finished is not None and finished[0] is state and finished[2] == _revision(state):
            return finished[1]
        return self._build_report(state)

    def _build_report(self, state: ReviewState) -> ReviewReport:
        return build_report(
            state,
            registry=self.registry,
            domain=self.registry.domain(state.domain_id),
            settings=self.settings,
        )

    # ------------------------------------------------------------------ internals

    def _context(self, state: ReviewState) -> EngineContext:
        request = state.request
        if request is None:
            raise InputError(f"review {state.review_id!r} has no request saved")
        domain = self.registry.domain(request.domain_id)
        state.language = state.primary.language if state.primary is not None else "en"
        state.report_language = request.report_language or state.language
        first = state.governing_law is None
        governing = state.governing_law = state.governing_law or read_governing_law(state.primary)
        quote_laws = law_quoter(self.settings) if governing.is_prc else None
        playbook = playbook_step(
            domain,
            request,
            state.documents,
            quote_laws=quote_laws,
            language=state.reported_in,
        )
        state.playbook = playbook.info
        state.our_party = playbook.party
        state.contract_type = contract_type_of(state.primary)
        note = law_citation_note(
            governing,
            playbook.cited,
            quoting=quote_laws is not None,
            language=state.reported_in,
        )
        if first and note:
            state.notes.append(note)
        use_orchestrator = (
            request.use_orchestrator
            if request.use_orchestrator is not None
            else self.settings.use_orchestrator
        )
        use_react_agent = (
            request.use_react_agent
            if request.use_react_agent is not None
            else self.settings.use_react_agent
        )
        configured = (
            choose_llm(request.llm, settings=self.settings, registry=self.registry)
            if self._llm is _UNSET
            else self._llm
        )
        # the LLM is used only by the orchestrator (planning) and the ReAct worker
        llm = configured if use_orchestrator or use_react_agent else None
        if first:
            state.notes.extend(
                _unused_llm_notes(
                    configured, use_react_agent=use_react_agent, use_orchestrator=use_orchestrator
                )
            )
        state.llm = "none" if llm is None else f"{llm.info.provider} ({llm.info.model})"
        if llm is not None and self.announce is not None:
            self.announce(llm.info)
        orchestrator = orchestrator_plugin(
            self.settings.model_copy(update={"use_orchestrator": use_orchestrator}), llm
        )
        if orchestrator is not None and state.review_plan is None:
            state.plan_source = "orchestrator"
        return EngineContext(
            registry=self.registry,
            settings=self.settings,
            storage=self.storage,
            domain=domain,
            dispatcher=SkillDispatcher(
                self.registry, settings=self.settings, timeout_s=self.settings.skill_timeout_s
            ),
            assess=playbook.assess,
            criteria=playbook.criteria,
            approver=self.approver,
            llm=llm,
            progress=self.progress,
            orchestrator=orchestrator,
            use_react_agent=use_react_agent,
        )

    def _run(self, ctx: EngineContext, state: ReviewState) -> ReviewState:
        ctx.skill_runs.open()  # one event loop for every skill call of this run
        saved = time.monotonic()  # a run starts from a saved state (start saves it)
        try:
            while state.next_node != DONE:
                name = state.next_node
                node = NODES.get(name)
                if node is None:
                    raise InputError(f"review {state.review_id}: unknown node {name!r}")
                started = time.perf_counter()
                try:
                    node(ctx, state)
                except PauseReview as pause:
                    state.status = "paused"
                    state.notes.append(f"paused: {pause}")
                    ctx.checkpoints.write(state, whole=True)
                    self._save_record(state)
                    return state
                state.timings[name] = state.timings.get(name, 0.0) + time.perf_counter() - started
                last = state.next_node == DONE
                if last or time.monotonic() - saved >= self.checkpoint_interval_s:
                    ctx.checkpoints.write(state, whole=last)
                    saved = time.monotonic()
                if ctx.progress is not None and state.review_plan is not None:
                    ctx.progress(
                        name, len(state.clause_reviews), len(state.review_plan.clause_plans)
                    )
        except BaseException as exc:
            state.status = "failed"
            state.error = str(exc) or type(exc).__name__
            ctx.checkpoints.write(state, whole=True)
            self._save_record(state)
            raise
        finally:
            ctx.skill_runs.close()
        report = self._build_report(state)
        self._finished = (state, report, _revision(state))
        self._save_record(state, report=report)
        return state

    def _save_record(self, state: ReviewState, *, report: ReviewReport | None = None) -> None:
        data: dict[str, Any] = {
            "domain_id": state.domain_id,
            "status": state.status,
            "request": state.request.model_dump(mode="json") if state.request else None,
            "documents": [d.model_dump(mode="json") for d in state.documents],
            "error": state.error,
            "report": report.model_dump(mode="json") if report is not None else None,
        }
        self.storage.save(RECORD_KIND, state.review_id, data)


def _unused_llm_notes(
    llm: LLMClient | None, *, use_react_agent: bool, use_orchestrator: bool
) -> list[str]:
    """What the report says when the settings leave the LLM out of the review: one is
    configured but neither the ReAct worker nor the orchestrator is on, or the worker
    is on with no LLM to drive it (SPEC-21 §10.3: every combination is valid)."""
    if llm is not None and not (use_react_agent or use_orchestrator):
        return [
            f"an LLM is configured ({llm.info.provider} ({llm.info.model})) but was not "
            "used: use_react_agent and use_orchestrator are off, so the plan's tools and "
            "the playbook analysed every clause (--react or CONTRACT_REVIEW_USE_REACT_AGENT=1 "
            "lets the LLM analyse them)"
        ]
    if llm is None and use_react_agent:
        return [
            "use_react_agent is on but no LLM is configured: the plan's tools and the "
            "playbook analysed every clause"
        ]
    return []


def _revision(state: ReviewState) -> tuple[object, ...]:
    """What changes when a finished review is changed (decisions, notes, a resume)."""
    return (
        state.status,
        state.next_node,
        state.finished_at,
        len(state.findings),
        len(state.checked),
        len(state.approvals),
        len(state.notes),
    )
