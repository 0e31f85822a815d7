"""Skill ``fidic_merge_gc_pc``: merge a General Conditions sub-clause with its
Particular Conditions amendment.

The skill looks the sub-clause up in both section trees, reads the Particular
Conditions' instructions (:mod:`contract_review_fidic.pc_instructions`), applies them
to the General Conditions text and reports the merged text with the modification
type: ``replaced``, ``amended``, ``added``, ``deleted`` or ``unchanged`` (``unknown``
when the General Conditions are not available to compare with).
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.model import Document, Section
from contract_review.skills.generic.clause_lookup import find_clause
from contract_review.text.clause_text import clause_text
from contract_review.text.sentences import sentence_spans

from .pc_instructions import (
    OperationKind,
    PartKind,
    PcOperation,
    is_instruction,
    parse_pc_instructions,
)


class ModificationType(StrEnum):
    """How the Particular Conditions change a General Conditions sub-clause."""

    REPLACED = "replaced"
    AMENDED = "amended"
    ADDED = "added"
    DELETED = "deleted"
    UNCHANGED = "unchanged"
    UNKNOWN = "unknown"


class MergeGcPcInput(BaseModel):
    """Input of ``fidic_merge_gc_pc``."""

    clause_id: str = Field(description="Sub-clause number, e.g. '14.2'.")
    gc_structure: Document | None = Field(
        default=None, description="The General Conditions (filled in by the engine)."
    )
    pc_structure: Document | None = Field(
        default=None, description="The Particular Conditions (filled in by the engine)."
    )


class AppliedOperation(BaseModel):
    """One Particular Conditions instruction and whether it could be applied."""

    operation: PcOperation
    applied: bool
    note: str = ""


class MergeResult(BaseModel):
    """The merge of one sub-clause's texts."""

    merged_text: str = ""
    modification_type: ModificationType
    operations: list[AppliedOperation] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class MergeGcPcOutput(MergeResult):
    """Output of ``fidic_merge_gc_pc``."""

    clause_id: str
    gc_text: str = Field(default="", description="The General Conditions sub-clause.")
    pc_text: str = Field(default="", description="The Particular Conditions for the sub-clause.")
    gc_found: bool = False
    pc_found: bool = False


_WHOLE_CLAUSE = (
    OperationKind.DELETE_CLAUSE,
    OperationKind.REPLACE_CLAUSE,
    OperationKind.NEW_CLAUSE,
)
_PARTIAL = (
    OperationKind.DELETE_PART,
    OperationKind.REPLACE_PART,
    OperationKind.REPLACE_WORDS,
    OperationKind.DELETE_WORDS,
    OperationKind.INSERT_WORDS,
    OperationKind.ADD_TEXT,
)


def _words_pattern(words: str) -> re.Pattern[str]:
    """Match ``words`` ignoring differences in whitespace and case."""
    parts = words.split()
    return re.compile(r"\s+".join(re.escape(part) for part in parts), re.IGNORECASE)


def _paragraph_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            start = offset + len(line) - len(line.lstrip())
            spans.append((start, offset + len(line.rstrip())))
        offset += len(line)
    return spans


def _part_span(text: str, part: PartKind | None, ordinal: int | None) -> tuple[int, int] | None:
    """The span of the targeted paragraph or sentence; the whole text when none is targeted."""
    if ordinal is None:
        return (0, len(text))
    spans = (
        sentence_spans(text, semicolons=True, quotes=True)
        if part is PartKind.SENTENCE
        else _paragraph_spans(text)
    )
    if not spans:
        return None
    index = len(spans) - 1 if ordinal == -1 else ordinal - 1
    if not 0 <= index < len(spans):
        return None
    return spans[index]


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"\s+([,.;:，。；：])", r"\1", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _apply_partial(text: str, operation: PcOperation) -> tuple[str, bool, str]:
    """Apply one partial instruction; returns the new text, whether it applied, a note."""
    span = _part_span(text, operation.part, operation.ordinal)
    if span is None:
        return (
            text,
            False,
            f"the {operation.part or 'paragraph'} {operation.ordinal} does not exist",
        )
    start, end = span
    target = text[start:end]
    kind = operation.kind
    if kind is OperationKind.ADD_TEXT:
        if operation.ordinal is None:
            joined = (
                f"{text.rstrip()}\n{operation.new_text}" if text.strip() else operation.new_text
            )
            return joined, True, ""
        return text[:end] + "\n" + operation.new_text + text[end:], True, ""
    if kind is OperationKind.DELETE_PART:
        rest = text[end:]
        if operation.part is not PartKind.SENTENCE and rest.startswith("\n"):
            rest = rest[1:]  # the paragraph's line break goes with it
        return _tidy(text[:start] + rest), True, ""
    if kind is OperationKind.REPLACE_PART:
        return text[:start] + operation.new_text + text[end:], True, ""
    pattern = _words_pattern(operation.old_text)
    if not operation.old_text.strip() or not pattern.search(target):
        return (
            text,
            False,
            f"the words {operation.old_text!r} are not in the General Conditions text",
        )
    if kind is OperationKind.REPLACE_WORDS:
        changed = pattern.sub(lambda _: operation.new_text, target)
    elif kind is OperationKind.DELETE_WORDS:
        changed = pattern.sub("", target)
    else:  # INSERT_WORDS
        joiner = "" if _is_cjk(operation.new_text) else " "

        def insert(match: re.Match[str]) -> str:
            if operation.insert_before:
                return operation.new_text + joiner + match.group(0)
            return match.group(0) + joiner + operation.new_text

        changed = pattern.sub(insert, target, count=1)
    return _tidy(text[:start] + changed + text[end:]), True, ""


def _is_cjk(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def merge_clause_texts(
    gc_text: str | None, pc_text: str | None, *, gc_supplied: bool = True
) -> MergeResult:
    """Merge one sub-clause: ``gc_text`` amended by the instructions in ``pc_text``.

    :param gc_text: The General Conditions sub-clause, or None when it is not there.
    :param pc_text: The Particular Conditions text for the sub-clause, or None.
    :param gc_supplied: False when no General Conditions were given at all, so a clause
        missing from them cannot be called "added".
    """
    if not pc_text or not pc_text.strip():
        if gc_text is None:
            return MergeResult(
                modification_type=ModificationType.UNKNOWN,
                notes=["the sub-clause is in neither the General nor the Particular Conditions"],
            )
        return MergeResult(merged_text=gc_text, modification_type=ModificationType.UNCHANGED)

    instructions = parse_pc_instructions(pc_text)
    notes: list[str] = []
    if not instructions.operations:
        if gc_text is not None:
            notes.append("the Particular Conditions restate the sub-clause; read as a replacement")
            return MergeResult(
                merged_text=instructions.free_text,
                modification_type=ModificationType.REPLACED,
                notes=notes,
            )
        if gc_supplied:
            return MergeResult(
                merged_text=instructions.free_text, modification_type=ModificationType.ADDED
            )
        notes.append("no General Conditions to compare with")
        return MergeResult(
            merged_text=instructions.free_text,
            modification_type=ModificationType.UNKNOWN,
            notes=notes,
        )

    current = gc_text or ""
    applied: list[AppliedOperation] = []
    whole: OperationKind | None = None
    partial = False
    for operation in instructions.operations:
        if operation.kind is OperationKind.DELETE_CLAUSE:
            current, whole, partial = "", operation.kind, False
            applied.append(AppliedOperation(operation=operation, applied=gc_text is not None))
        elif operation.kind in (OperationKind.REPLACE_CLAUSE, OperationKind.NEW_CLAUSE):
            current, whole, partial = operation.new_text, operation.kind, False
            applied.append(AppliedOperation(operation=operation, applied=True))
        elif gc_text is None and whole is None:
            note = "no General Conditions text to amend"
            if operation.kind is OperationKind.ADD_TEXT:
                current = f"{current}\n{operation.new_text}".strip()
                applied.append(AppliedOperation(operation=operation, applied=True))
            else:
                applied.append(AppliedOperation(operation=operation, applied=False, note=note))
            partial = True
        else:
            current, ok, note = _apply_partial(current, operation)
            applied.append(AppliedOperation(operation=operation, applied=ok, note=note))
            partial = True
    if instructions.free_text:
        notes.append(f"text not read as an instruction: {instructions.free_text[:200]}")
    for item in applied:
        if not item.applied and item.note:
            notes.append(item.note)

    if whole is OperationKind.DELETE_CLAUSE and not partial:
        kind = ModificationType.DELETED
        if gc_text is None and gc_supplied:
            notes.append(
                "the Particular Conditions delete a sub-clause the General Conditions do not have"
            )
    elif whole is OperationKind.NEW_CLAUSE:
        kind = ModificationType.ADDED
        if gc_text is not None:
            notes.append("a 'new' sub-clause whose number the General Conditions already use")
    elif gc_text is None:
        unapplied = any(not item.applied for item in applied)
        if whole is OperationKind.REPLACE_CLAUSE and not unapplied:
            kind = ModificationType.ADDED if gc_supplied else ModificationType.REPLACED
        elif gc_supplied and not unapplied:
            kind = ModificationType.ADDED
        else:
            kind = ModificationType.UNKNOWN
            if gc_supplied:
                notes.append("the amended sub-clause is not in the General Conditions")
            else:
                notes.append("no General Conditions to apply the amendments to")
            current = ""
    elif whole is OperationKind.REPLACE_CLAUSE:
        kind = ModificationType.REPLACED
    else:
        kind = ModificationType.AMENDED
    return MergeResult(
        merged_text=current.strip(), modification_type=kind, operations=applied, notes=notes
    )


def section_body(document: Document, section: Section) -> str:
    """A section's text without its heading: its own text and its children's."""
    return clause_text(document, section).body


def pc_clause_text(document: Document, section: Section) -> str:
    """The Particular Conditions text of a sub-clause: its body, plus its title when the
    title itself is an instruction ("20.1 Delete the first paragraph and ...")."""
    body = section_body(document, section)
    title = section.title.strip()
    if title and is_instruction(title):
        return f"{title}\n{body}".strip()
    return body


def merge_gc_pc(input_data: MergeGcPcInput) -> MergeGcPcOutput:
    """Handler of ``fidic_merge_gc_pc``."""
    clause_id = input_data.clause_id
    gc_doc, pc_doc = input_data.gc_structure, input_data.pc_structure
    gc_section = find_clause(gc_doc, clause_id) if gc_doc is not None else None
    pc_section = find_clause(pc_doc, clause_id) if pc_doc is not None else None
    gc_text = section_body(gc_doc, gc_section) if gc_doc and gc_section else None
    pc_text = pc_clause_text(pc_doc, pc_section) if pc_doc and pc_section else None
    result = merge_clause_texts(gc_text, pc_text, gc_supplied=gc_doc is not None)
    notes = list(result.notes)
    if gc_doc is None:
        notes.insert(0, "no General Conditions document was supplied")
    if pc_doc is None:
        notes.insert(0, "no Particular Conditions document was supplied")
    return MergeGcPcOutput(
        clause_id=clause_id,
        gc_text=gc_text or "",
        pc_text=pc_text or "",
        gc_found=gc_section is not None,
        pc_found=pc_section is not None,
        merged_text=result.merged_text,
        modification_type=result.modification_type,
        operations=result.operations,
        notes=notes,
    )
