"""Where a FIDIC checklist sub-clause is: the Particular Conditions over the General
Conditions (the ``locate_clauses`` hook of the FIDIC plugin).

The Particular Conditions (the ``pc`` document and the contract under review, role
``primary``) speak about a sub-clause in two ways: under a heading with its number
("Sub-Clause 14.7 Payment" followed by instructions or new text), or in an instruction
that names it, anywhere in a bigger section ("Sub-Clause 17.6 is deleted.", "In
Sub-Clause 14.7, "56 days" is replaced by "90 days"."). Both are read with
:func:`~contract_review_fidic.pc_instructions.parse_pc_instructions`, and the result
decides what the review reads:

* replaced (or added) by the PC → the PC passage only;
* deleted by the PC → the PC passage that deletes it (so an "absent" rule fires on it);
* amended in part → the PC passage, then the General Conditions sub-clause;
* not mentioned → the General Conditions sub-clause, or, with no General Conditions,
  what the contract under review holds under that number;
* nowhere → ``[]``.

Sub-clauses are found by number only: a FIDIC contract keeps the form's numbering.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.locate import locate_clause
from contract_review.documents.model import Document, Section, SectionKind
from contract_review.documents.numbering import parse_clause_reference, parse_dotted
from contract_review.domain import ChecklistItem
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.state import ReviewState

from .checklist import ROLE_GC, ROLE_PC
from .pc_instructions import OperationKind, PcOperation, is_instruction, parse_pc_instructions

__all__ = ["PcPassage", "PcTreatment", "locate_fidic_clause", "pc_passages", "pc_treatment"]


class PcTreatment(StrEnum):
    """What the Particular Conditions do to a sub-clause, as far as locating it goes."""

    REPLACED = "replaced"  # whole sub-clause replaced (or restated) by the PC
    ADDED = "added"  # a new sub-clause the PC add
    DELETED = "deleted"
    AMENDED = "amended"  # changed in part: the GC text still applies, as amended
    SILENT = "silent"  # the PC do not mention it
    OWN_TEXT = "own_text"  # no GC: the contract's own wording of the sub-clause


class PcPassage(BaseModel):
    """A passage of a Particular Conditions document about one sub-clause."""

    model_config = ConfigDict(frozen=True)

    number: tuple[int, ...] = Field(description="The sub-clause it is about: (14, 7).")
    start: int = Field(ge=0, description="Offset in the document's source.")
    end: int = Field(ge=0, description="End offset (exclusive) in the document's source.")
    section: Section | None = Field(
        default=None, description="The parsed section when the passage is a whole section."
    )
    inline: bool = Field(
        default=False, description="An instruction naming the sub-clause, not a heading."
    )
    text: str = Field(
        description="The passage as an instruction reader sees it: references to this "
        "sub-clause written as 'this Sub-Clause' / '本款', single quotes as double quotes."
    )
    operations: tuple[PcOperation, ...] = ()


REASONS: dict[PcTreatment, str] = {
    PcTreatment.REPLACED: "replaced by the Particular Conditions",
    PcTreatment.ADDED: "added by the Particular Conditions",
    PcTreatment.DELETED: "deleted by the Particular Conditions",
    PcTreatment.AMENDED: "amended by PC; General Conditions text follows",
    PcTreatment.SILENT: "General Conditions (not amended)",
    PcTreatment.OWN_TEXT: "the contract's own text (no General Conditions supplied)",
}
GC_AMENDED_REASON = "General Conditions text, as amended by the Particular Conditions above"
AMENDED_NO_GC_REASON = "amended by PC; the General Conditions text was not found"

_NUMBER = r"(?P<num>\d+(?:\.\d+)+)(?![.\d]*\d)"
# A line that starts by naming a sub-clause: "In Sub-Clause 14.7, ...", "Sub-Clause 17.6
# [Limitation of Liability] is deleted.", "将第14.7款中的……", "第17.6款删除。", "删除第20.1款，……".
_EN_REFERENCE = re.compile(
    rf"^(?P<lead>in\s+)?(?P<ref>(?:sub-?\s?clause|clause)\s+{_NUMBER}"
    r"(?:\s*[\[(][^\])\n]{1,80}[\])])?)(?P<comma>\s*,)?",
    re.IGNORECASE,
)
_ZH_REFERENCE = re.compile(
    rf"^(?P<lead>在|将|删除|删去|对)?\s*(?P<ref>第\s*{_NUMBER}\s*(?:子条款|款|条|项)"
    r"(?:\s*[\[〔【(（][^\]〕】)）\n]{1,40}[\]〕】)）])?)"
)
# An unparsed heading: "14.7 Payment", "Sub-Clause 14.7 Payment".
_BARE_HEADING = re.compile(rf"^(?:(?:sub-?\s?clause|clause)\s+)?{_NUMBER}\s+\S", re.IGNORECASE)
_HEADING_MAX = 80
_INTRODUCES_TEXT = re.compile(r"(?:[:：]|\bfollowing\b[\s.]*)$", re.IGNORECASE)
_AMENDMENT_VERB = re.compile(
    r"\b(?:replac\w*|substitut\w*|delet\w*|amend\w*|insert\w*|add(?:ed|s)?|omit\w*)\b|"
    r"替换|修改|改为|删除|删去|增加|补充|插入",
    re.IGNORECASE,
)
# A whole replacement the instruction reader cannot parse ("... is deleted and replaced
# by the text in Annex 3.").
_REPLACED_WORDING = re.compile(
    r"\bdeleted\s+(?:in\s+its\s+entirety\s+)?and\s+(?:replaced|substituted)|"
    r"\breplaced\s+in\s+its\s+entirety|删除[^。；]{0,8}(?:替换|代之|改为)",
    re.IGNORECASE,
)
_SINGLE_QUOTED = re.compile(r"(?<!\w)'([^'\n]+?)'(?!\w)")
_WHOLE = (OperationKind.DELETE_CLAUSE, OperationKind.REPLACE_CLAUSE, OperationKind.NEW_CLAUSE)


def _lines(source: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank line of ``source``, stripped."""
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in source.splitlines(keepends=True):
        stripped = line.strip()
        if stripped:
            lead = offset + len(line) - len(line.lstrip())
            spans.append((lead, lead + len(stripped)))
        offset += len(line)
    return spans


def _reference(line: str) -> tuple[re.Match[str], str] | None:
    """The reference a line starts with, and the line written with 'this Sub-Clause'."""
    english = _EN_REFERENCE.match(line)
    if english is not None:
        lead = "In this Sub-Clause" if english.group("lead") else "This Sub-Clause"
        comma = "," if english.group("comma") else ""
        return english, lead + comma + line[english.end() :]
    chinese = _ZH_REFERENCE.match(line)
    if chinese is not None:
        lead = chinese.group("lead") or ""
        return chinese, lead + "本款" + line[chinese.end() :]
    return None


def _reader_text(text: str) -> str:
    return _SINGLE_QUOTED.sub(lambda m: f"\u201c{m.group(1)}\u201d", text)


def _as_this_clause(text: str, number: tuple[int, ...]) -> str:
    """``text`` with each line that names sub-clause ``number`` rewritten to 'this
    Sub-Clause', so the instruction reader understands it."""
    lines: list[str] = []
    for line in text.splitlines():
        found = _reference(line.strip())
        same = found is not None and parse_dotted(found[0].group("num")) == number
        lines.append(found[1] if same and found is not None else line)
    return _reader_text("\n".join(lines))


class _LineStart(BaseModel):
    """A line that starts a passage: an instruction naming a sub-clause, or a heading
    the parser did not split."""

    number: tuple[int, ...]
    start: int
    end: int
    instruction: bool


def _heading_starts(document: Document) -> set[int]:
    """Where the sections the parser found by their numbers or headings start (the
    paragraphs of a text without any, ``¶1``..., are no headings)."""
    return {s.start for s in document.sections() if s.kind is not SectionKind.PARAGRAPH}


def _line_starts(document: Document) -> list[_LineStart]:
    """Lines naming a sub-clause as an instruction, and headings the parser missed."""
    source = document.source
    section_starts = _heading_starts(document)
    found: list[_LineStart] = []
    for start, end in _lines(source):
        if start in section_starts:
            continue
        line = source[start:end]
        reference = _reference(line)
        if reference is not None:
            match, rewritten = reference
            # "In Sub-Clause 14.7, ...", "将第14.7款……": the lead word itself amends
            instruction = (
                bool(match.group("lead"))
                or is_instruction(_reader_text(rewritten))
                or bool(_AMENDMENT_VERB.search(line[match.end() :]))
            )
            heading = len(line) <= _HEADING_MAX and not line.endswith((".", "。", ";", "；"))
            if instruction or heading:
                number = parse_dotted(match.group("num"))
                found.append(
                    _LineStart(number=number, start=start, end=end, instruction=instruction)
                )
            continue
        bare = _BARE_HEADING.match(line)
        if bare is not None and len(line) <= _HEADING_MAX and not line.endswith((".", "。")):
            number = parse_dotted(bare.group("num"))
            found.append(_LineStart(number=number, start=start, end=end, instruction=False))
    return found


def _trimmed_end(source: str, start: int, end: int) -> int:
    return start + len(source[start:end].rstrip())


def _operations(text: str) -> tuple[PcOperation, ...]:
    return tuple(parse_pc_instructions(text).operations)


def pc_passages(document: Document, number: tuple[int, ...]) -> list[PcPassage]:
    """The passages of ``document`` about sub-clause ``number``, in document order: the
    section with that number (cut where an instruction about another sub-clause begins)
    and the instructions elsewhere that name it."""
    source = document.source
    starts = _line_starts(document)
    boundaries = sorted(_heading_starts(document) | {s.start for s in starts})

    def next_boundary(after: int, limit: int) -> int:
        return next((b for b in boundaries if after < b < limit), limit)

    passages: list[PcPassage] = []
    section = _numbered_section(document, number)
    if section is not None:
        cut = next(
            (
                s.start
                for s in starts
                if s.number != number and section.text_start <= s.start < section.end
            ),
            section.end,
        )
        title = section.title.strip()
        body = source[section.text_start : max(cut, section.text_start)]
        head = f"{title}\n" if title and is_instruction(title) else ""
        text = _as_this_clause(head + body, number).strip()
        passages.append(
            PcPassage(
                number=number,
                start=section.start,
                end=_trimmed_end(source, section.start, cut),
                section=section if cut == section.end else None,
                text=text,
                operations=_operations(text),
            )
        )
    covered = [(p.start, p.end) for p in passages]
    for line in starts:
        if line.number != number or any(a <= line.start < b for a, b in covered):
            continue
        end = line.end
        if not line.instruction or _INTRODUCES_TEXT.search(source[line.start : line.end]):
            end = _trimmed_end(source, line.start, next_boundary(line.start, len(source)))
        text = _as_this_clause(source[line.start : end], number).strip()
        passages.append(
            PcPassage(
                number=number,
                start=line.start,
                end=end,
                inline=line.instruction,
                text=text,
                operations=_operations(text),
            )
        )
    return sorted(passages, key=lambda p: p.start)


def _numbered_section(document: Document, number: tuple[int, ...]) -> Section | None:
    """The section numbered ``number`` (by id, else by number), or None."""
    section = locate_clause(document, ".".join(map(str, number)))
    return section if section is not None and section.number == number else None


def pc_treatment(passages: list[PcPassage], *, gc_supplied: bool) -> PcTreatment:
    """What ``passages`` (all about one sub-clause, in document order) do to it.

    The last whole-clause instruction wins (a deletion followed by added text is a
    replacement); instructions that change only words or paragraphs amend it; a
    heading with text and no instruction restates (replaces) it — or, with no General
    Conditions, is the contract's own wording. An instruction naming the sub-clause
    that the reader cannot parse counts as an amendment, so the GC text still follows,
    unless its wording replaces the whole sub-clause.
    """
    operations = [op for passage in passages for op in passage.operations]
    if not operations:
        if any(passage.inline for passage in passages):
            replaced = any(_REPLACED_WORDING.search(passage.text) for passage in passages)
            return PcTreatment.REPLACED if replaced else PcTreatment.AMENDED
        if not any(passage.text for passage in passages):
            return PcTreatment.SILENT
        return PcTreatment.REPLACED if gc_supplied else PcTreatment.OWN_TEXT
    whole = [index for index, op in enumerate(operations) if op.kind in _WHOLE]
    if not whole:
        return PcTreatment.AMENDED
    last = operations[whole[-1]]
    if last.kind is OperationKind.NEW_CLAUSE:
        return PcTreatment.ADDED
    if last.kind is OperationKind.DELETE_CLAUSE and whole[-1] == len(operations) - 1:
        return PcTreatment.DELETED
    return PcTreatment.REPLACED


def _location(document: Document, passage: PcPassage, reason: str) -> ClauseLocation:
    if passage.section is not None:
        return ClauseLocation.of_section(document, passage.section, reason=reason)
    return ClauseLocation(
        document=document.name,
        role=document.role,
        clause_id=".".join(map(str, passage.number)),
        start=passage.start,
        end=passage.end,
        reason=reason,
    )


def _pc_documents(state: ReviewState, gc: Document | None) -> list[Document]:
    """The documents that may hold Particular Conditions: ``pc``, then the primary."""
    documents: list[Document] = []
    for document in (state.document(ROLE_PC), state.primary):
        if document is not None and document is not gc and document not in documents:
            documents.append(document)
    return documents


def locate_fidic_clause(clause: ChecklistItem, state: ReviewState) -> list[ClauseLocation] | None:
    """The passages that hold FIDIC sub-clause ``clause``, best first (see the module
    docstring); ``[]`` when it is nowhere, None when it has no sub-clause number (core's
    default locator then finds it)."""
    reference = parse_clause_reference(clause.clause_id)
    if reference is None:
        return None
    number = reference.number
    gc = state.document(ROLE_GC)
    found = [
        (document, passage)
        for document in _pc_documents(state, gc)
        for passage in pc_passages(document, number)
    ]
    treatment = pc_treatment([passage for _, passage in found], gc_supplied=gc is not None)
    gc_section = _numbered_section(gc, number) if gc is not None else None
    if treatment is PcTreatment.SILENT:
        if gc is not None:
            reason = REASONS[PcTreatment.SILENT]
            return (
                []
                if gc_section is None
                else [ClauseLocation.of_section(gc, gc_section, reason=reason)]
            )
        return [_location(doc, passage, REASONS[PcTreatment.OWN_TEXT]) for doc, passage in found]
    if treatment is PcTreatment.AMENDED:
        if gc is None or gc_section is None:
            return [_location(doc, passage, AMENDED_NO_GC_REASON) for doc, passage in found]
        located = [_location(doc, passage, REASONS[treatment]) for doc, passage in found]
        return [*located, ClauseLocation.of_section(gc, gc_section, reason=GC_AMENDED_REASON)]
    return [_location(doc, passage, REASONS[treatment]) for doc, passage in found]
