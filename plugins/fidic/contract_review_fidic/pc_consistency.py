"""Skill ``fidic_check_pc_consistency``: check that the Particular Conditions fit the
General Conditions they amend.

For each Particular Conditions sub-clause (or the one asked for) it reports:

* ``amends_missing_gc_clause`` — the Particular Conditions delete, replace or amend a
  sub-clause the General Conditions do not have (a different edition, a typo);
* ``new_clause_number_taken`` — a "new" sub-clause whose number the General
  Conditions already use;
* ``instruction_not_applicable`` — an instruction that cannot be applied: the quoted
  words are not in the General Conditions text, or the targeted paragraph does not exist;
* ``conflicting_periods`` — added text sets a period for an act (notice, detailed
  claim, response, payment) while the General Conditions' period for the same act is
  left standing;
* ``duplicate_amendment`` — the same sub-clause is amended in two places;
* ``dangling_reference`` — a reference to a sub-clause that exists in neither document.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.model import Document, Section, SectionKind
from contract_review.domain import RiskLevel
from contract_review.skills.generic.clause_lookup import find_clause
from contract_review.skills.generic.cross_references import find_references

from .merge_gc_pc import ModificationType, merge_clause_texts, pc_clause_text, section_body
from .pc_instructions import OperationKind, is_instruction
from .time_bar import find_time_bars


class IssueType(StrEnum):
    """The kinds of inconsistency the check reports."""

    AMENDS_MISSING_GC_CLAUSE = "amends_missing_gc_clause"
    NEW_CLAUSE_NUMBER_TAKEN = "new_clause_number_taken"
    INSTRUCTION_NOT_APPLICABLE = "instruction_not_applicable"
    CONFLICTING_PERIODS = "conflicting_periods"
    DUPLICATE_AMENDMENT = "duplicate_amendment"
    DANGLING_REFERENCE = "dangling_reference"


class ConsistencyIssue(BaseModel):
    """One inconsistency between the Particular and the General Conditions."""

    issue_type: IssueType
    clause_id: str
    severity: RiskLevel
    message: str
    pc_excerpt: str = ""
    gc_excerpt: str = ""


class PcConsistencyInput(BaseModel):
    """Input of ``fidic_check_pc_consistency``."""

    clause_id: str = Field(
        default="",
        description="Sub-clause to check, e.g. '20.1'; empty checks every Particular Conditions sub-clause.",
    )
    gc_structure: Document | None = Field(
        default=None, description="The General Conditions (filled in by the engine)."
    )
    pc_structure: Document | None = Field(
        default=None, description="The Particular Conditions (filled in by the engine)."
    )


class PcConsistencyOutput(BaseModel):
    """Output of ``fidic_check_pc_consistency``."""

    clause_id: str = ""
    checked_clauses: list[str] = Field(default_factory=list)
    issues: list[ConsistencyIssue] = Field(default_factory=list)
    consistent: bool = True
    notes: list[str] = Field(default_factory=list)


_AMENDING = frozenset(
    {
        OperationKind.DELETE_CLAUSE,
        OperationKind.REPLACE_CLAUSE,
        OperationKind.DELETE_PART,
        OperationKind.REPLACE_PART,
        OperationKind.REPLACE_WORDS,
        OperationKind.DELETE_WORDS,
        OperationKind.INSERT_WORDS,
    }
)
_CLAUSE_REFERENCE_KINDS = frozenset({"clause", "article", "section", "paragraph"})


def _excerpt(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _own_pc_text(document: Document, section: Section) -> str:
    """The Particular Conditions text that belongs to ``section`` itself: its body, or
    only its own text when numbered sub-clauses follow as children."""
    has_subclauses = any(
        child.kind is SectionKind.CLAUSE and len(child.number) > len(section.number)
        for child in section.children
    )
    if not has_subclauses:
        return pc_clause_text(document, section)
    title = section.title.strip()
    prefix = f"{title}\n" if title and is_instruction(title) else ""
    return f"{prefix}{section.text}".strip()


def _pc_clauses(document: Document, clause_id: str) -> list[Section]:
    """The numbered Particular Conditions sections that carry text, in document order."""
    sections = [
        s
        for s in document.sections()
        if s.number and s.kind in (SectionKind.CLAUSE, SectionKind.ARTICLE)
    ]
    if clause_id:
        target = find_clause(document, clause_id)
        if target is None:
            return []
        sections = [s for s in sections if s.id == target.id]
    return [s for s in sections if _own_pc_text(document, s)]


def _period_conflicts(
    clause_id: str, merged: str, added: list[str], gc_text: str
) -> list[ConsistencyIssue]:
    """Periods set by added text for an act whose General Conditions period still stands."""
    remaining = merged
    for text in added:
        remaining = remaining.replace(text, "")
    retained = find_time_bars(remaining)
    issues: list[ConsistencyIssue] = []
    for text in added:
        for new_bar in find_time_bars(text):
            for old_bar in retained:
                if old_bar.kind != new_bar.kind or old_bar.calendar_days == new_bar.calendar_days:
                    continue
                issues.append(
                    ConsistencyIssue(
                        issue_type=IssueType.CONFLICTING_PERIODS,
                        clause_id=clause_id,
                        severity=RiskLevel.HIGH,
                        message=(
                            f"the Particular Conditions add a {new_bar.kind.value} period of "
                            f"{new_bar.text} but the General Conditions period of {old_bar.text} "
                            "for the same act is not deleted"
                        ),
                        pc_excerpt=_excerpt(new_bar.sentence),
                        gc_excerpt=_excerpt(old_bar.sentence if old_bar.sentence else gc_text),
                    )
                )
    return issues


def _dangling_references(
    clause_id: str, pc_text: str, gc: Document | None, pc: Document
) -> list[ConsistencyIssue]:
    in_pc = find_references(pc_text, pc)
    in_gc = find_references(pc_text, gc) if gc is not None else []
    resolved_in_gc = {(ref.start, ref.end) for ref in in_gc if ref.resolved}
    issues: list[ConsistencyIssue] = []
    seen: set[str] = set()
    for ref in in_pc:
        if ref.external or ref.kind not in _CLAUSE_REFERENCE_KINDS or ref.target == clause_id:
            continue
        if ref.resolved or (ref.start, ref.end) in resolved_in_gc or ref.text in seen:
            continue
        seen.add(ref.text)
        where = "the General or the Particular Conditions" if gc else "the Particular Conditions"
        issues.append(
            ConsistencyIssue(
                issue_type=IssueType.DANGLING_REFERENCE,
                clause_id=clause_id,
                severity=RiskLevel.MEDIUM,
                message=f"{ref.text} is referred to but is not in {where}",
                pc_excerpt=_excerpt(pc_text[max(0, ref.start - 80) : ref.end + 80]),
            )
        )
    return issues


def _check_clause(section: Section, pc: Document, gc: Document | None) -> list[ConsistencyIssue]:
    clause_id = section.id
    pc_text = _own_pc_text(pc, section)
    gc_section = find_clause(gc, clause_id) if gc is not None else None
    gc_text = section_body(gc, gc_section) if gc is not None and gc_section is not None else None
    result = merge_clause_texts(gc_text, pc_text, gc_supplied=gc is not None)
    kinds = {item.operation.kind for item in result.operations}
    issues: list[ConsistencyIssue] = []
    if gc is not None and gc_section is None and kinds & _AMENDING:
        issues.append(
            ConsistencyIssue(
                issue_type=IssueType.AMENDS_MISSING_GC_CLAUSE,
                clause_id=clause_id,
                severity=RiskLevel.HIGH,
                message=(
                    f"the Particular Conditions amend Sub-Clause {clause_id}, which the General "
                    "Conditions do not contain (check the edition and numbering)"
                ),
                pc_excerpt=_excerpt(pc_text),
            )
        )
    if gc_section is not None and OperationKind.NEW_CLAUSE in kinds:
        issues.append(
            ConsistencyIssue(
                issue_type=IssueType.NEW_CLAUSE_NUMBER_TAKEN,
                clause_id=clause_id,
                severity=RiskLevel.MEDIUM,
                message=(
                    f"the Particular Conditions add a new Sub-Clause {clause_id}, but the General "
                    "Conditions already have a sub-clause with that number"
                ),
                pc_excerpt=_excerpt(pc_text),
                gc_excerpt=_excerpt(gc_text or ""),
            )
        )
    if gc_text is not None:
        for item in result.operations:
            if item.applied:
                continue
            issues.append(
                ConsistencyIssue(
                    issue_type=IssueType.INSTRUCTION_NOT_APPLICABLE,
                    clause_id=clause_id,
                    severity=RiskLevel.MEDIUM,
                    message=f"instruction cannot be applied: {item.note}",
                    pc_excerpt=_excerpt(item.operation.instruction),
                    gc_excerpt=_excerpt(gc_text),
                )
            )
        if result.modification_type is ModificationType.AMENDED:
            added = [
                item.operation.new_text
                for item in result.operations
                if item.applied
                and item.operation.kind in (OperationKind.ADD_TEXT, OperationKind.INSERT_WORDS)
                and item.operation.new_text
            ]
            if added:
                issues.extend(_period_conflicts(clause_id, result.merged_text, added, gc_text))
    issues.extend(_dangling_references(clause_id, pc_text, gc, pc))
    return issues


def check_pc_consistency(input_data: PcConsistencyInput) -> PcConsistencyOutput:
    """Handler of ``fidic_check_pc_consistency``."""
    pc, gc = input_data.pc_structure, input_data.gc_structure
    notes: list[str] = []
    if pc is None:
        notes.append("no Particular Conditions document was supplied; nothing to check")
        return PcConsistencyOutput(clause_id=input_data.clause_id, notes=notes)
    if gc is None:
        notes.append(
            "no General Conditions document was supplied; only references and duplicates are checked"
        )
    sections = _pc_clauses(pc, input_data.clause_id.strip())
    if input_data.clause_id and not sections:
        notes.append(f"Sub-Clause {input_data.clause_id} is not in the Particular Conditions")
    issues: list[ConsistencyIssue] = []
    counts: dict[str, int] = {}
    for section in sections:
        counts[section.id] = counts.get(section.id, 0) + 1
    for clause_id, count in counts.items():
        if count > 1:
            issues.append(
                ConsistencyIssue(
                    issue_type=IssueType.DUPLICATE_AMENDMENT,
                    clause_id=clause_id,
                    severity=RiskLevel.MEDIUM,
                    message=f"Sub-Clause {clause_id} is amended {count} times in the Particular Conditions",
                )
            )
    for section in sections:
        issues.extend(_check_clause(section, pc, gc))
    checked = list(dict.fromkeys(section.id for section in sections))
    return PcConsistencyOutput(
        clause_id=input_data.clause_id,
        checked_clauses=checked,
        issues=issues,
        consistent=not issues,
        notes=notes,
    )
