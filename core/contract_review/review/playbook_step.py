"""The playbook a review applies — the domain's own or the ``--playbook`` file — bound
to the documents and the party we act for: what the ``analyze`` node calls."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..documents.model import Document
from ..domain import ChecklistItem, DomainSpec
from ..playbooks import assess_clause, assess_document_rules, load_playbook, resolve_party
from ..playbooks.disclosure_findings import disclosure_findings
from ..playbooks.party_sides import PartySide
from ..playbooks.playbook_models import Playbook
from .clause_location import ClauseLocation
from .engine_context import ClauseAssessor, CriteriaReader
from .engine_request import ReviewRequest
from .findings import Finding
from .law_evidence import LawQuoter
from .report_models import PlaybookInfo
from .report_words import item_description, rule_text
from .skill_facts import SkillFact

__all__ = ["PlaybookStep", "playbook_step"]


@attrs.frozen
class PlaybookStep:
    """The playbook bound to one review."""

    assess: ClauseAssessor
    criteria: CriteriaReader
    info: PlaybookInfo
    party: str
    cited: tuple[str, ...] = ()
    """Every law article the playbook's rules cite (``law_refs``), in rule order."""


def playbook_step(
    domain: DomainSpec,
    request: ReviewRequest,
    documents: Sequence[Document],
    *,
    quote_laws: LawQuoter | None = None,
    language: str = "en",
) -> PlaybookStep:
    """The playbook step for this review; ``quote_laws`` turns the articles a rule cites
    into law evidence on its findings (see :mod:`.law_evidence`): pass it only where PRC
    law governs the contract. ``language`` is the report's: the findings and the
    criteria are written in it.

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
        assess=_assessor(playbook, party, quote_laws, language),
        criteria=_criteria(playbook, language),
        info=PlaybookInfo(
            playbook_id=playbook.playbook_id, version=playbook.version, source=source
        ),
        party=party.display if party is not None else "",
        cited=tuple(dict.fromkeys(ref for rule in playbook.rules for ref in rule.law_refs)),
    )


def _assessor(
    playbook: Playbook, party: PartySide | None, quote_laws: LawQuoter | None, language: str
) -> ClauseAssessor:
    cited = {rule.rule_id: rule.law_refs for rule in playbook.rules if rule.law_refs}

    def assess(
        item: ChecklistItem,
        locations: Sequence[ClauseLocation],
        documents: Sequence[Document],
        *,
        facts: Sequence[SkillFact] = (),
    ) -> list[Finding]:
        if locations:
            findings = assess_clause(
                playbook, item, locations, documents, party=party, facts=facts, language=language
            )
            # the disclosure letter read against the warranties located here
            findings += disclosure_findings(
                item, locations, documents, party=party, language=language
            )
        else:  # not located: a one-sided term may still sit elsewhere (document-scope rules)
            findings = assess_document_rules(
                playbook, item, documents, party=party, language=language
            )
        if quote_laws is None or not cited:
            return findings
        return [_with_laws(finding, cited, quote_laws) for finding in findings]

    return assess


def _with_laws(
    finding: Finding, cited: dict[str, tuple[str, ...]], quote_laws: LawQuoter
) -> Finding:
    """``finding`` with the articles its rule cites (finding ids are ``rule_id@clause``)."""
    references = cited.get(finding.finding_id.split("@", 1)[0], ())
    laws = quote_laws(references) if references else []
    if not laws:
        return finding
    return finding.model_copy(update={"evidence": [*finding.evidence, *laws]})


def _criteria(playbook: Playbook, language: str) -> CriteriaReader:
    def criteria(item: ChecklistItem) -> tuple[str, list[str]]:
        """Our position on ``item`` and what its rules look for, in the report language."""
        rules = playbook.rules_for(item.clause_id)
        positions = (rule_text(r, "standard_position", language) for r in rules)
        position = next((p for p in positions if p), "")
        return position or item_description(item, language), [
            rule_text(r, "description", language) for r in rules
        ]

    return criteria
