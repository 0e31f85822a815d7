"""What the engine's nodes share for one review: the registry, settings, store, domain,
skill dispatcher, LLM, approver and the playbook step."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from ..config import Settings
from ..documents.model import Document
from ..domain import ChecklistItem, DomainSpec
from ..llm.client_types import LLMClient
from ..registry import Registry
from ..skills.dispatcher import SkillDispatcher
from ..storage.backend import StorageBackend
from .approval import Approver
from .clause_location import ClauseLocation
from .findings import Finding

__all__ = ["ClauseAssessor", "CriteriaReader", "EngineContext", "ProgressCallback"]

#: Applies the playbook to one checklist item's located passages (see
#: :func:`contract_review.playbooks.assess_clause`).
ClauseAssessor = Callable[
    [ChecklistItem, Sequence[ClauseLocation], Sequence[Document]], list[Finding]
]

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
