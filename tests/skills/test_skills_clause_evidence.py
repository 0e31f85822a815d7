"""``get_clause_context``'s evidence: definitions used, exception sentences, cited
clauses and neighbours, one entry per section with the most specific role, within
``max_length``; and the definition forms ``resolve_definition`` reads."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.skills.generic.clause_context import ClauseContextInput, get_clause_context
from contract_review.skills.generic.definition_lookup import (
    ResolveDefinitionInput,
    resolve_definition,
)

ZH = """第一条 定义
本合同所称工程款，是指发包人应支付给承包人的全部价款。
“交付日”是指设备运抵现场之日。
第二条 付款
发包人应按第四条约定支付工程款，交付日后三十日内支付。但第三条另有约定的除外。
第三条 保留金
发包人可扣留百分之五。
第四条 价格
合同价格为一百万元。
第五条 争议
争议提交仲裁。
"""

EN = """1. Definitions
"Contract Price" means the price stated in the Agreement.
2. Payment
The Employer shall pay the Contract Price within 28 days, except as stated in Clause 4.
3. Retention
The Employer may retain five per cent.
4. Set-off
Subject to Clause 3, the Employer may set off sums due.
"""


def document(text: str) -> Document:
    return parse_text(text, name="contract.txt")


def roles(text: str, clause_id: str, **options: object) -> list[tuple[str, str]]:
    output = get_clause_context(
        ClauseContextInput(document_structure=document(text), clause_id=clause_id, **options)
    )
    assert output.found
    return [(entry.section_id, entry.role) for entry in output.context]


def test_chinese_clause_gets_definitions_exception_references_and_neighbours() -> None:
    output = get_clause_context(
        ClauseContextInput(document_structure=document(ZH), clause_id="第二条")
    )
    by_role = {(e.section_id, e.role): e.text for e in output.context}
    assert by_role[("第二条", "exception")] == "但第三条另有约定的除外。"
    definitions = [e.text for e in output.context if e.role == "definition"]
    assert definitions == ["工程款: 发包人应支付给承包人的全部价款", "交付日: 设备运抵现场之日"]
    # 第四条 is cited; 第三条 is cited and the next clause: one entry, as a reference;
    # 第一条, the clause before, holds the definitions and is not repeated as a neighbour
    assert ("第四条", "reference") in by_role and ("第三条", "reference") in by_role
    assert [sid for sid, role in by_role if role == "neighbor"] == []
    assert len({(e.section_id, e.role) for e in output.context if e.role != "definition"}) == len(
        [e for e in output.context if e.role != "definition"]
    )


def test_english_clause_exceptions_and_references() -> None:
    found = get_clause_context(ClauseContextInput(document_structure=document(EN), clause_id="2"))
    exceptions = [e.text for e in found.context if e.role == "exception"]
    assert exceptions == [
        "The Employer shall pay the Contract Price within 28 days, except as stated in Clause 4."
    ]
    assert ("4", "reference") in [(e.section_id, e.role) for e in found.context]
    assert any(
        e.role == "definition" and e.text.startswith("Contract Price:") for e in found.context
    )
    assert ("3", "neighbor") in [(e.section_id, e.role) for e in found.context]


def test_switches_turn_each_kind_off() -> None:
    none = roles(
        ZH,
        "第二条",
        include_neighbors=False,
        include_definitions=False,
        include_exceptions=False,
        include_references=False,
    )
    assert none == []
    only_neighbours = roles(
        ZH, "第二条", include_definitions=False, include_exceptions=False, include_references=False
    )
    assert only_neighbours == [("第三条", "neighbor"), ("第一条", "neighbor")] or set(
        only_neighbours
    ) == {("第一条", "neighbor"), ("第三条", "neighbor")}


@given(st.integers(min_value=0, max_value=400))
def test_max_length_bounds_the_context(max_length: int) -> None:
    output = get_clause_context(
        ClauseContextInput(
            document_structure=document(ZH), clause_id="第二条", max_length=max_length
        )
    )
    assert sum(len(entry.text) for entry in output.context) <= max_length
    full = get_clause_context(
        ClauseContextInput(document_structure=document(ZH), clause_id="第二条")
    )
    assert len(output.context) + output.context_dropped == len(full.context)


def test_resolve_definition_reads_unquoted_scoped_terms() -> None:
    output = resolve_definition(
        ResolveDefinitionInput(document_structure=document(ZH), clause_id="第二条")
    )
    assert [d.term for d in output.definitions] == ["工程款", "交付日"]
    assert output.definitions[0].definition == "发包人应支付给承包人的全部价款"
