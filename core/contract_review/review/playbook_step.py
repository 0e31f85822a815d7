"""The playbook a review applies — the domain's own or the ``--playbook`` file — bound
to the documents and the party we act for: what the ``analyze`` node calls."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..documents.model import Document
from ..domain import ChecklistItem, DomainSpec
from ..playbooks import assess_clause, assess_document_rules, load_playbook, resolve_party
from ..playbooks.party_sides import PartySide
from ..playbooks.playbook_models import Playbook
from .clause_location import ClauseLocation
from .engine_context import ClauseAssessor, CriteriaReader
from .engine_request import ReviewRequest
from .findings import Finding
from .report_models import PlaybookInfo

__all__ = ["PlaybookStep", "playbook_step"]


@attrs.frozen
class PlaybookStep:
    """The playbook bound to one review."""

    assess: ClauseAssessor
    criteria: CriteriaReader
    info: PlaybookInfo
    party: str


def playbook_step(
    domain: DomainSpec, request: ReviewRequest, documents: Sequence[Document]
) -> PlaybookStep:
    """The playbook step for this review.

    :raises contract_review.playbooks.PlaybookError: for a ``--playbook`` file that is
        missing, malformed, or written for another domain.
    :raises InputError: for a ``--party`` the documents do not name.
    """
    if request.playbook_path:
        playbook = load_playbook(request.playbook_path, domain=domain)
        source = request.playbook_path
    else:
        playbook = domain.playbook
        source = f"builtin:{domain.domain_id}"
    party = resolve_party(request.party, documents, sides=playbook.sides) if request.party else None
    return PlaybookStep(
        assess=_assessor(playbook, party),
        criteria=_criteria(playbook),
        info=PlaybookInfo(
            playbook_id=playbook.playbook_id, version=playbook.version, source=source
        ),
        party=party.display if party is not None else "",
    )


def _assessor(playbook: Playbook, party: PartySide | None) -> ClauseAssessor:
    def assess(
        item: ChecklistItem, locations: Sequence[ClauseLocation], documents: Sequence[Document]
    ) -> list[Finding]:
        if locations:
            return assess_clause(playbook, item, locations, documents, party=party)
        # not located: a one-sided term may still sit elsewhere (document-scope rules)
        return assess_document_rules(playbook, item, documents, party=party)

    return assess


def _criteria(playbook: Playbook) -> CriteriaReader:
    def criteria(item: ChecklistItem) -> tuple[str, list[str]]:
        rules = playbook.rules_for(item.clause_id)
        position = next((r.standard_position for r in rules if r.standard_position), "")
        return position or item.description, [r.description for r in rules]

    return criteria
