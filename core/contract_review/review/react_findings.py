"""Turning the ReAct worker's finding drafts into review findings with exact evidence.

Each draft is attached to the located passage it names (the first passage when it
names none, or one that was not located — its description then says so). The passage
is quoted from its document with its offsets (evidence kind ``clause``), and so is
every snippet the model quoted that occurs in the passage word for word; snippets that
do not occur there are dropped, since they cannot be shown in place. A revised text
gives the finding a redline against the passage.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..documents.model import Document
from ..domain import ChecklistItem
from .clause_location import ClauseLocation
from .diffs import suggested_change
from .findings import Evidence, Finding, SkillResultSummary, SuggestedChange
from .react_models import FindingDraft, ToolInvocation

__all__ = ["finding_id", "findings_from_drafts"]

_MISATTACHED = {
    "en": " (The model attributed this finding to clause {named!r}, which is not among the "
    "located passages of checklist item {item!r}; it is shown against {used!r}.)",
    "zh": "（模型将此项归于条款 {named}，但该条款不在审查要点 {item} 定位到的段落中；现对应到 {used}。）",
}


def finding_id(item: ChecklistItem, number: int) -> str:
    """The id of the ``number``-th (1-based) ReAct finding of ``item``."""
    return f"react:{item.clause_id}:{number}"


def findings_from_drafts(
    drafts: Sequence[FindingDraft],
    item: ChecklistItem,
    locations: Sequence[ClauseLocation],
    documents: Sequence[Document],
    *,
    tool_calls: Sequence[ToolInvocation] = (),
    language: str = "en",
) -> list[Finding]:
    """Findings from the worker's drafts, in draft order, with ids ``react:<item>:<n>``.

    :param locations: Where ``item`` is, best first (the passages the model was shown).
    :param documents: The documents the locations point into (matched by name and role).
    :param tool_calls: The worker's tool calls, listed on every finding.
    :param language: The language of the note added to a misattributed finding.
    :raises ValueError: when a location names a document not in ``documents``.
    """
    summaries = [
        SkillResultSummary(
            skill_id=call.skill_id or "(none)",
            success=call.success,
            summary=call.summary if call.success else call.error or "",
        )
        for call in tool_calls
    ]
    findings: list[Finding] = []
    for number, draft in enumerate(drafts, start=1):
        location = _location_for(draft, locations)
        description = draft.description
        if location is not None and draft.clause_id and draft.clause_id != location.clause_id:
            note = _MISATTACHED["zh" if language == "zh" else "en"]
            description += note.format(
                named=draft.clause_id, item=item.clause_id, used=location.clause_id
            )
        evidence: list[Evidence] = []
        change: SuggestedChange | None = None
        if location is not None:
            document = _document_of(location, documents)
            evidence = _evidence(draft, location, document)
            passage = evidence[0].text
            if draft.revised_text is not None and draft.revised_text.strip() != passage.strip():
                change = suggested_change(
                    passage, draft.revised_text, label=f"clause {location.clause_id}"
                )
        findings.append(
            Finding(
                finding_id=finding_id(item, number),
                clause_id=location.clause_id if location is not None else item.clause_id,
                checklist_item_id=item.clause_id,
                title=draft.title,
                risk_level=draft.risk_level,
                description=description,
                rationale=draft.rationale,
                evidence=evidence,
                suggested_change=change,
                skill_results=summaries,
            )
        )
    return findings


def _location_for(
    draft: FindingDraft, locations: Sequence[ClauseLocation]
) -> ClauseLocation | None:
    """The location the draft names, else the first; None when nothing was located."""
    named = next((loc for loc in locations if loc.clause_id == draft.clause_id), None)
    return named or next(iter(locations), None)


def _document_of(location: ClauseLocation, documents: Sequence[Document]) -> Document:
    exact = [d for d in documents if d.name == location.document and d.role == location.role]
    by_name = exact or [d for d in documents if d.name == location.document]
    if not by_name:
        names = ", ".join(repr(d.name) for d in documents) or "none"
        raise ValueError(
            f"location {location.clause_id!r} points into document {location.document!r}, "
            f"which is not among the documents given ({names})"
        )
    return by_name[0]


def _evidence(draft: FindingDraft, location: ClauseLocation, document: Document) -> list[Evidence]:
    """The passage, then each quoted snippet found in it, with offsets in the source."""
    passage = location.text(document)

    def quote(text: str, start: int) -> Evidence:
        return Evidence(
            kind="clause",
            source=document.name,
            id=location.clause_id,
            text=text,
            start=start,
            end=start + len(text),
        )

    evidence = [quote(passage, location.start)]
    seen = {passage}
    for snippet in draft.quotes:
        snippet = snippet.strip()
        offset = passage.find(snippet) if snippet else -1
        if offset < 0 or snippet in seen:
            continue
        seen.add(snippet)
        evidence.append(quote(snippet, location.start + offset))
    return evidence
