"""What the engine's nodes share for one review: the registry, settings, store, domain,
skill dispatcher and the review's skill runs (one event loop), LLM, approver, the
playbook step, the review's own planner (the orchestrator, when on), whether the ReAct
worker analyses clauses, and the run's checkpoint writer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from ..config import Settings
from ..documents.model import Document
from ..domain import ChecklistItem, DomainSpec
from ..llm.client_types import LLMClient
from ..registry import Registry
from ..skills.dispatcher import SkillDispatcher
from ..storage.backend import StorageBackend
from .approval import Approver
from .checkpoints import CheckpointWriter
from .clause_location import ClauseLocation
from .findings import Finding
from .routing import ReviewPlanner
from .skill_facts import SkillFact
from .skill_runs import SkillRuns

__all__ = ["ClauseAssessor", "CriteriaReader", "EngineContext", "ProgressCallback"]


class ClauseAssessor(Protocol):
    """Applies the playbook to one checklist item's located passages and the facts its
    skills read (see :func:`contract_review.playbooks.assess_clause`)."""

    def __call__(
        self,
        item: ChecklistItem,
        locations: Sequence[ClauseLocation],
        documents: Sequence[Document],
        *,
        facts: Sequence[SkillFact] = (),
    ) -> list[Finding]: ...


#: The playbook's standard position and rule descriptions for a checklist item (what
#: the LLM is told to hold the clause against).
CriteriaReader = Callable[[ChecklistItem], tuple[str, list[str]]]

#: Told after every node: the node just run and the clauses done / planned.
ProgressCallback = Callable[[str, int, int], None]


@attrs.define
class EngineContext:
    """The services one review runs with."""

    registry: Registry
    settings: Settings
    storage: StorageBackend
    domain: DomainSpec
    dispatcher: SkillDispatcher
    assess: ClauseAssessor
    criteria: CriteriaReader
    approver: Approver
    llm: LLMClient | None = None
    progress: ProgressCallback | None = None
    orchestrator: ReviewPlanner | None = None
    #: Whether the ReAct worker analyses clauses (with ``llm``); otherwise the plan's
    #: tools run and the playbook decides (SPEC-21 §10.3).
    use_react_agent: bool = False
    skill_runs: SkillRuns = attrs.field()
    checkpoints: CheckpointWriter = attrs.field()

    @skill_runs.default
    def _skill_runs(self) -> SkillRuns:
        return SkillRuns(self.dispatcher)

    @checkpoints.default
    def _checkpoints(self) -> CheckpointWriter:
        return CheckpointWriter(self.storage)
