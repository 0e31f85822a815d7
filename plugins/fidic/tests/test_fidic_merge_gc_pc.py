"""``fidic_merge_gc_pc`` on parsed General and Particular Conditions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review_fidic.merge_gc_pc import (
    MergeGcPcInput,
    ModificationType,
    merge_clause_texts,
    merge_gc_pc,
)
from contract_review_fidic.pc_instructions import OperationKind, parse_pc_instructions

DATA = Path(__file__).parent / "data"


def _doc(name: str, role: str) -> Document:
    return parse_text((DATA / name).read_text(encoding="utf-8"), name=name, role=role)


@pytest.fixture(scope="module")
def english() -> tuple[Document, Document]:
    return _doc("gc_en.txt", "gc"), _doc("pc_en.txt", "pc")


@pytest.fixture(scope="module")
def chinese() -> tuple[Document, Document]:
    return _doc("gc_zh.txt", "gc"), _doc("pc_zh.txt", "pc")


def test_word_replacements_amend_the_gc_text(english: tuple[Document, Document]) -> None:
    gc, pc = english
    out = merge_gc_pc(MergeGcPcInput(clause_id="14.2", gc_structure=gc, pc_structure=pc))
    assert out.modification_type is ModificationType.AMENDED
    assert out.gc_found and out.pc_found
    assert "10% of the Contract Price" in out.gc_text
    assert 'Replace "10%" with "15%"' in out.pc_text
    assert "advance payment of 15% of the Contract Price" in out.merged_text
    # "In the third paragraph" limits the replacement to that paragraph
    assert "deductions of 20% of each interim payment" in out.merged_text
    applied = [(item.operation.kind, item.applied) for item in out.operations]
    assert applied == [
        (OperationKind.REPLACE_WORDS, True),
        (OperationKind.REPLACE_WORDS, True),
        (OperationKind.REPLACE_WORDS, False),
    ]
    assert any("approved by the Engineer" in note for note in out.notes)


def test_whole_clause_replacement(english: tuple[Document, Document]) -> None:
    gc, pc = english
    out = merge_gc_pc(MergeGcPcInput(clause_id="14.7", gc_structure=gc, pc_structure=pc))
    assert out.modification_type is ModificationType.REPLACED
    assert out.merged_text == (
        "The Employer shall pay each interim payment within 84 days after receiving the Statement."
    )


def test_added_text_is_appended(english: tuple[Document, Document]) -> None:
    gc, pc = english
    out = merge_gc_pc(MergeGcPcInput(clause_id="20.1", gc_structure=gc, pc_structure=pc))
    assert out.modification_type is ModificationType.AMENDED
    assert out.merged_text.startswith("The Contractor shall give notice to the Employer")
    assert out.merged_text.endswith("See Sub-Clause 14.9.")


def test_new_and_unchanged_clauses(english: tuple[Document, Document]) -> None:
    gc, pc = english
    new = merge_gc_pc(MergeGcPcInput(clause_id="20.9", gc_structure=gc, pc_structure=pc))
    assert new.modification_type is ModificationType.ADDED
    assert new.merged_text.startswith("Disputes under local law")
    same = merge_gc_pc(MergeGcPcInput(clause_id="1.5", gc_structure=gc, pc_structure=pc))
    assert same.modification_type is ModificationType.UNCHANGED
    assert same.merged_text == same.gc_text
    assert not same.pc_found


def test_amending_a_clause_missing_from_gc_is_unknown(english: tuple[Document, Document]) -> None:
    gc, pc = english
    out = merge_gc_pc(MergeGcPcInput(clause_id="9.9", gc_structure=gc, pc_structure=pc))
    assert out.modification_type is ModificationType.UNKNOWN
    assert not out.gc_found and out.pc_found
    assert out.merged_text == ""


def test_chinese_instructions(chinese: tuple[Document, Document]) -> None:
    gc, pc = chinese
    advance = merge_gc_pc(MergeGcPcInput(clause_id="14.2", gc_structure=gc, pc_structure=pc))
    assert advance.modification_type is ModificationType.AMENDED
    assert "合同价格的20%" in advance.merged_text
    assert "预付款保函" in advance.merged_text
    claims = merge_gc_pc(MergeGcPcInput(clause_id="20.1", gc_structure=gc, pc_structure=pc))
    assert claims.modification_type is ModificationType.REPLACED
    assert claims.merged_text.startswith("承包商应在察觉该事件后14天内")
    assert "28天" not in claims.merged_text


def test_missing_documents_are_reported_not_raised() -> None:
    out = merge_gc_pc(MergeGcPcInput(clause_id="20.1"))
    assert out.modification_type is ModificationType.UNKNOWN
    assert len(out.notes) >= 2


GC = (
    "The Employer shall make an advance payment of 10% of the Contract Price.\n"
    "The advance payment guarantee shall be issued by a bank.\n"
    "The advance shall be repaid through deductions of 25% of each interim payment."
)


@pytest.mark.parametrize(
    ("pc", "kind", "expected"),
    [
        ("Delete this Sub-Clause in its entirety.", ModificationType.DELETED, ""),
        ("Sub-Clause 14.2 is deleted.", ModificationType.DELETED, ""),
        ("Not used.", ModificationType.DELETED, ""),
        ("删除本款。", ModificationType.DELETED, ""),
        ("本款不适用。", ModificationType.DELETED, ""),
        (
            "The text of this Sub-Clause is replaced by the following:\nNo advance is payable.",
            ModificationType.REPLACED,
            "No advance is payable.",
        ),
        ("本款修改为：\n雇主不支付预付款。", ModificationType.REPLACED, "雇主不支付预付款。"),
        (
            "Delete the second paragraph.",
            ModificationType.AMENDED,
            "The Employer shall make an advance payment of 10% of the Contract Price.\n"
            "The advance shall be repaid through deductions of 25% of each interim payment.",
        ),
        (
            "删除第二段，替换为：\n保函由保险公司开具。",
            ModificationType.AMENDED,
            "The Employer shall make an advance payment of 10% of the Contract Price.\n"
            "保函由保险公司开具。\n"
            "The advance shall be repaid through deductions of 25% of each interim payment.",
        ),
        (
            'Delete the words "by a bank" from the second paragraph.',
            ModificationType.AMENDED,
            "The Employer shall make an advance payment of 10% of the Contract Price.\n"
            "The advance payment guarantee shall be issued.\n"
            "The advance shall be repaid through deductions of 25% of each interim payment.",
        ),
        (
            'Substitute "twenty per cent" for "25%".',
            ModificationType.AMENDED,
            "The Employer shall make an advance payment of 10% of the Contract Price.\n"
            "The advance payment guarantee shall be issued by a bank.\n"
            "The advance shall be repaid through deductions of twenty per cent of each interim payment.",
        ),
        (
            'Insert "licensed" before "bank".',
            ModificationType.AMENDED,
            "The Employer shall make an advance payment of 10% of the Contract Price.\n"
            "The advance payment guarantee shall be issued by a licensed bank.\n"
            "The advance shall be repaid through deductions of 25% of each interim payment.",
        ),
    ],
)
def test_instruction_forms(pc: str, kind: ModificationType, expected: str) -> None:
    result = merge_clause_texts(GC, pc)
    assert result.modification_type is kind
    assert result.merged_text == expected


def test_pc_text_without_instructions_restates_the_clause() -> None:
    result = merge_clause_texts(GC, "The Employer shall pay an advance of 5%.")
    assert result.modification_type is ModificationType.REPLACED
    assert result.merged_text == "The Employer shall pay an advance of 5%."
    assert result.notes


def test_parser_reads_block_text_until_the_next_instruction() -> None:
    parsed = parse_pc_instructions(
        "Delete the first paragraph and replace with:\nLine one.\nLine two.\n"
        'Replace "bank" with "insurer".'
    )
    assert [op.kind for op in parsed.operations] == [
        OperationKind.REPLACE_PART,
        OperationKind.REPLACE_WORDS,
    ]
    assert parsed.operations[0].new_text == "Line one.\nLine two."
    assert parsed.operations[0].ordinal == 1


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=10)


@settings(deadline=None, max_examples=30)
@given(words=st.lists(_WORD, min_size=3, max_size=12))
def test_no_pc_text_leaves_gc_unchanged(words: list[str]) -> None:
    gc = " ".join(words) + "."
    result = merge_clause_texts(gc, None)
    assert result.modification_type is ModificationType.UNCHANGED
    assert result.merged_text == gc


@settings(deadline=None, max_examples=30)
@given(words=st.lists(_WORD, min_size=3, max_size=12, unique=True), new=_WORD)
def test_replacing_a_gc_word_puts_the_new_word_in(words: list[str], new: str) -> None:
    gc = " ".join(words) + "."
    old = words[len(words) // 2]
    result = merge_clause_texts(gc, f'Replace "{old}" with "{new}".')
    assert result.modification_type is ModificationType.AMENDED
    assert result.operations[0].applied
    assert result.merged_text.split() == gc.replace(old, new).split()
