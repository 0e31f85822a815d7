"""``fidic_check_pc_consistency`` on parsed General and Particular Conditions."""

from __future__ import annotations

from pathlib import Path

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document, Section, SectionKind
from contract_review.domain import RiskLevel
from contract_review_fidic.pc_consistency import (
    IssueType,
    PcConsistencyInput,
    check_pc_consistency,
)

DATA = Path(__file__).parent / "data"


def _doc(name: str, role: str) -> Document:
    return parse_text((DATA / name).read_text(encoding="utf-8"), name=name, role=role)


def test_english_pc_issues() -> None:
    out = check_pc_consistency(
        PcConsistencyInput(
            gc_structure=_doc("gc_en.txt", "gc"), pc_structure=_doc("pc_en.txt", "pc")
        )
    )
    assert out.checked_clauses == ["9.9", "14.2", "14.7", "20.1", "20.9"]
    assert not out.consistent
    found = {(issue.issue_type, issue.clause_id) for issue in out.issues}
    assert found == {
        (IssueType.AMENDS_MISSING_GC_CLAUSE, "9.9"),
        (IssueType.INSTRUCTION_NOT_APPLICABLE, "14.2"),
        (IssueType.CONFLICTING_PERIODS, "20.1"),
        (IssueType.DANGLING_REFERENCE, "20.1"),
    }
    conflict = next(i for i in out.issues if i.issue_type is IssueType.CONFLICTING_PERIODS)
    assert conflict.severity is RiskLevel.HIGH
    assert "14 days" in conflict.message and "28 days" in conflict.message
    dangling = next(i for i in out.issues if i.issue_type is IssueType.DANGLING_REFERENCE)
    assert "14.9" in dangling.message


def test_single_clause_is_checked_alone() -> None:
    out = check_pc_consistency(
        PcConsistencyInput(
            clause_id="14.7",
            gc_structure=_doc("gc_en.txt", "gc"),
            pc_structure=_doc("pc_en.txt", "pc"),
        )
    )
    assert out.checked_clauses == ["14.7"]
    assert out.consistent


def test_chinese_pc_is_consistent() -> None:
    out = check_pc_consistency(
        PcConsistencyInput(
            gc_structure=_doc("gc_zh.txt", "gc"), pc_structure=_doc("pc_zh.txt", "pc")
        )
    )
    assert out.checked_clauses == ["14.2", "20.1"]
    assert out.consistent, out.issues


def test_chinese_instruction_that_cannot_apply() -> None:
    gc = _doc("gc_zh.txt", "gc")
    pc = parse_text("专用条件\n\n14.2 预付款\n将“15%”替换为“20%”。\n", name="pc.txt", role="pc")
    out = check_pc_consistency(PcConsistencyInput(gc_structure=gc, pc_structure=pc))
    assert [issue.issue_type for issue in out.issues] == [IssueType.INSTRUCTION_NOT_APPLICABLE]


def test_new_clause_number_taken() -> None:
    gc = _doc("gc_en.txt", "gc")
    pc = parse_text(
        "PARTICULAR CONDITIONS\n\n"
        "Sub-Clause 14.7 Payment\nAdd new Sub-Clause 14.7:\nPayment in two currencies.\n",
        name="pc.txt",
        role="pc",
    )
    out = check_pc_consistency(PcConsistencyInput(gc_structure=gc, pc_structure=pc))
    assert [issue.issue_type for issue in out.issues] == [IssueType.NEW_CLAUSE_NUMBER_TAKEN]


def test_duplicate_amendments() -> None:
    # core's text parser folds a repeated heading into the previous clause, so the
    # duplicate is built by hand, as a .docx parser could produce it
    sections = [
        Section(
            id="20.1", title="Claims", text='Replace "42 days" with "56 days".', number=(20, 1)
        ),
        Section(
            id="20.1", title="Claims", text='Replace "28 days" with "21 days".', number=(20, 1)
        ),
    ]
    pc = Document(
        name="pc.docx",
        role="pc",
        source="",
        root=Section(id="", kind=SectionKind.DOCUMENT, children=sections),
    )
    out = check_pc_consistency(
        PcConsistencyInput(gc_structure=_doc("gc_en.txt", "gc"), pc_structure=pc)
    )
    assert [issue.issue_type for issue in out.issues] == [IssueType.DUPLICATE_AMENDMENT]
    assert out.checked_clauses == ["20.1"]


def test_without_documents() -> None:
    assert check_pc_consistency(PcConsistencyInput()).notes
    pc = _doc("pc_en.txt", "pc")
    out = check_pc_consistency(PcConsistencyInput(pc_structure=pc))
    # with no General Conditions only references are checked
    assert {issue.issue_type for issue in out.issues} == {IssueType.DANGLING_REFERENCE}
    assert out.notes
