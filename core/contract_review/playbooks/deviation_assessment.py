"""The ``assess_deviation`` skill's handler: the playbook rules it is given, applied to
the clause text it is given.

It runs the same assessor as the offline review (:func:`~.clause_assessment.assess_clause`)
on one passage — the clause as it sits in the document under review when the text is
found there, else the text alone — and reports each rule that fires as a
:class:`~contract_review.skills.generic.deviation_models.Deviation`. ``our_party`` ranks
the deviations from that side when the document names it; otherwise they keep their
rules' levels.
"""

from __future__ import annotations

from ..documents.loading import parse_text
from ..documents.model import Document
from ..domain import ChecklistItem
from ..errors import InputError
from ..review.clause_location import ClauseLocation
from ..review.report_words import rule_text
from ..skills.generic.deviation_models import AssessDeviationInput, AssessDeviationOutput, Deviation
from .clause_assessment import assess_clause
from .finding_selection import rule_id_of
from .party_sides import PartySide, resolve_party
from .playbook_models import Playbook
from .rule_matching import find_hits
from .rule_models import PlaybookRule

__all__ = ["assess_deviation"]


def _document(data: AssessDeviationInput) -> tuple[Document, int]:
    """The document holding the clause text, and where the text starts in it."""
    given = data.document_structure
    if isinstance(given, Document):
        start = given.source.find(data.clause_text)
        if start >= 0:
            return given, start
    return parse_text(data.clause_text, name=f"clause {data.clause_id}", language=data.language), 0


def _evidence(rule: PlaybookRule, text: str) -> str:
    """The words that show the deviation: the number read, or the matched sentence."""
    if rule.when == "absent":
        return ""
    hits = find_hits(rule, text)
    if not hits:
        return ""
    hit = hits[0]
    return hit.value.text if hit.value is not None else " ".join(hit.sentence(text).split())


def assess_deviation(data: AssessDeviationInput) -> AssessDeviationOutput:
    """Apply ``data.playbook_rules`` to ``data.clause_text``."""
    if not data.clause_text.strip():
        return AssessDeviationOutput(clause_id=data.clause_id, summary="No clause text was given.")
    if not data.playbook_rules:
        return AssessDeviationOutput(
            clause_id=data.clause_id, summary="No playbook rules apply to this clause."
        )
    document, start = _document(data)
    rules = {
        rule.rule_id: rule.model_copy(update={"clause_id": data.clause_id})
        for rule in data.playbook_rules
    }
    playbook = Playbook.from_rules(
        "assess_deviation", "Rules given to assess_deviation", tuple(rules.values())
    )
    notes: list[str] = []
    party: PartySide | None = None
    if data.our_party.strip():
        try:
            party = resolve_party(data.our_party, [document], sides=playbook.sides)
        except InputError:
            notes.append(
                f"the document does not name the party {data.our_party!r}; risks are not ranked from its side"
            )
    location = ClauseLocation(
        document=document.name,
        role=document.role,
        clause_id=data.clause_id,
        start=start,
        end=start + len(data.clause_text),
    )
    item = ChecklistItem(clause_id=data.clause_id, clause_name=data.clause_id)
    # the deviations are written in the clause's language, like the skill's input
    findings = assess_clause(
        playbook, item, [location], [document], party=party, language=data.language
    )
    deviations = []
    for finding in findings:
        rule = rules[rule_id_of(finding)]
        deviations.append(
            Deviation(
                description=finding.description,
                risk_level=finding.risk_level,
                rule_id=rule.rule_id,
                evidence=_evidence(rule, data.clause_text),
                rationale=finding.rationale,
                standard_position=finding.standard_position,
                suggested_redline=rule_text(rule, "suggested_redline", data.language),
            )
        )
    overall = min(
        (d.risk_level for d in deviations), key=lambda level: level.severity, default=None
    )
    summary = (
        f"{len(deviations)} deviation(s) from the playbook; the most serious is {overall}."
        if overall is not None
        else "The clause meets the playbook's rules."
    )
    if notes:
        summary += " Note: " + "; ".join(notes) + "."
    return AssessDeviationOutput(
        clause_id=data.clause_id, deviations=deviations, overall_risk=overall, summary=summary
    )
