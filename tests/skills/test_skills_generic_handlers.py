"""The generic skills' handlers on a small English and a small Chinese contract."""

from __future__ import annotations

import pytest

from contract_review.documents.model import DefinedTerm, Document, Section, SectionKind
from contract_review.domain import ChecklistItem, PlaybookRule, Priority
from contract_review.skills.generic.baseline_comparison import (
    CompareWithBaselineInput,
    compare_with_baseline,
)
from contract_review.skills.generic.clause_context import ClauseContextInput, get_clause_context
from contract_review.skills.generic.cross_references import (
    CrossReferenceInput,
    cross_reference_check,
)
from contract_review.skills.generic.definition_lookup import (
    ResolveDefinitionInput,
    normalise_term,
    resolve_definition,
)
from contract_review.skills.generic.financial_terms import (
    ExtractFinancialTermsInput,
    extract_financial_terms,
)
from contract_review.skills.generic.review_criteria import (
    LoadReviewCriteriaInput,
    load_review_criteria,
)

# ---------------------------------------------------------------------- get_clause_context


def test_clause_context_english(english_document: Document) -> None:
    out = get_clause_context(
        ClauseContextInput(clause_id="4.1", document_structure=english_document)
    )
    assert out.found and out.section_id == "4.1"
    assert out.title == "Contractor's General Obligations"
    assert out.text.startswith("4.1 Contractor's General Obligations\nThe Contractor shall")
    assert out.start is not None and out.end is not None
    assert english_document.source[out.start : out.end] == out.text
    assert out.parent_id == "4"
    assert out.previous_id is None and out.next_id == "4.2"
    assert out.children_ids == []
    assert not out.truncated


def test_clause_context_of_a_parent_lists_children(english_document: Document) -> None:
    out = get_clause_context(ClauseContextInput(clause_id="4", document_structure=english_document))
    assert out.children_ids == ["4.1", "4.2"]
    assert out.parent_id is None
    assert out.previous_id == "1" and out.next_id == "20"


def test_clause_context_reference_forms_and_keywords(english_document: Document) -> None:
    by_reference = get_clause_context(
        ClauseContextInput(clause_id="Sub-Clause 20.1", document_structure=english_document)
    )
    assert by_reference.section_id == "20.1"
    by_keyword = get_clause_context(
        ClauseContextInput(
            clause_id="performance_security",
            keywords=["Performance Security"],
            document_structure=english_document,
        )
    )
    assert by_keyword.section_id == "4.2"


def test_clause_context_truncates(english_document: Document) -> None:
    out = get_clause_context(
        ClauseContextInput(clause_id="4", max_chars=200, document_structure=english_document)
    )
    assert out.truncated and len(out.text) == 200


def test_clause_context_not_found(english_document: Document) -> None:
    out = get_clause_context(
        ClauseContextInput(clause_id="99.9", document_structure=english_document)
    )
    assert not out.found
    assert out.section_id is None and out.text == ""
    assert out.document_name == "contract-en.txt"


def test_clause_context_chinese(chinese_document: Document) -> None:
    out = get_clause_context(
        ClauseContextInput(clause_id="第二条", document_structure=chinese_document)
    )
    assert out.found and out.title == "工期"
    assert "三十日内完成" in out.text
    assert out.parent_id == "第一章"
    assert out.previous_id == "第一条" and out.next_id is None


def test_clause_context_on_a_hand_built_document_without_offsets() -> None:
    child = Section(id="2.1", title="Scope", text="The Supplier shall supply.", number=(2, 1))
    parent = Section(id="2", title="Supply", children=[child], number=(2,))
    document = Document(
        name="hand.txt",
        source="",
        root=Section(id="", kind=SectionKind.DOCUMENT, children=[parent]),
    )
    out = get_clause_context(ClauseContextInput(clause_id="2", document_structure=document))
    assert out.found
    assert out.text == "2 Supply\n2.1 Scope\nThe Supplier shall supply."
    assert out.children_ids == ["2.1"]


# ---------------------------------------------------------------------- resolve_definition


def test_resolve_terms_ignoring_case_and_quotes(english_document: Document) -> None:
    out = resolve_definition(
        ResolveDefinitionInput(
            terms=["“contract price”", "'Contractor'", "the Employer", "Engineer"],
            document_structure=english_document,
        )
    )
    assert [d.term for d in out.definitions] == ["Contract Price", "Contractor", "Employer"]
    assert out.definitions[0].definition.startswith("the sum of USD 1,000,000")
    assert out.definitions[0].section_id == "1.1"
    assert out.not_found == ["Engineer"]
    assert out.clause_found is None


def test_resolve_terms_used_in_a_clause(english_document: Document) -> None:
    out = resolve_definition(
        ResolveDefinitionInput(clause_id="4.2", document_structure=english_document)
    )
    # "Contract Price" is used; "Contract" inside it is not a separate term here.
    assert [d.term for d in out.definitions] == ["Contractor", "Contract Price"]
    assert out.clause_found is True
    assert out.not_found == []


def test_resolve_longest_term_first() -> None:
    document = Document(
        name="x.txt",
        source="",
        root=Section(
            id="",
            kind=SectionKind.DOCUMENT,
            children=[Section(id="5", text="The Contract Price is fixed.")],
        ),
        definitions=[
            DefinedTerm(term="Contract", definition="this agreement", section_id="1", start=0),
            DefinedTerm(term="Contract Price", definition="USD 10", section_id="1", start=0),
        ],
    )
    out = resolve_definition(ResolveDefinitionInput(clause_id="5", document_structure=document))
    assert [d.term for d in out.definitions] == ["Contract Price"]


def test_resolve_definition_chinese(chinese_document: Document) -> None:
    by_clause = resolve_definition(
        ResolveDefinitionInput(clause_id="第三条", document_structure=chinese_document)
    )
    assert [d.term for d in by_clause.definitions] == ["发包人", "合同价款"]
    by_term = resolve_definition(
        ResolveDefinitionInput(
            terms=["「合同价款」", "承包人"], document_structure=chinese_document
        )
    )
    assert [d.definition.rstrip("。") for d in by_term.definitions] == ["人民币壹佰万元整"]
    assert by_term.not_found == ["承包人"]


def test_resolve_definition_needs_terms_or_a_clause(english_document: Document) -> None:
    try:
        ResolveDefinitionInput(document_structure=english_document)
    except ValueError as exc:
        assert "give 'terms' to resolve" in str(exc)
    else:  # pragma: no cover - the validator must reject
        raise AssertionError("an input with neither terms nor clause_id was accepted")


def test_normalise_term() -> None:
    assert normalise_term("  “The  Contract   Price” ") == "contract price"
    assert normalise_term("「合同价款」") == "合同价款"


# ---------------------------------------------------------------------- compare_with_baseline


def test_compare_with_baseline_english(english_document: Document) -> None:
    baseline = (
        "The Contractor shall deliver a performance security of 10% of the Contract Price "
        "within 14 working days. The security shall be returned on completion."
    )
    out = compare_with_baseline(
        CompareWithBaselineInput(
            clause_id="4.2", baseline_text=baseline, document_structure=english_document
        )
    )
    assert out.has_baseline and out.clause_found
    assert out.similarity is not None and 0.5 < out.similarity < 1
    assert out.added_sentences == []
    assert out.removed_sentences == ["The security shall be returned on completion."]
    assert out.unchanged_sentences == 1
    assert out.similarity_basis == "tokens"


def test_very_long_texts_are_compared_by_sentence(
    english_document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contract_review.skills.generic import baseline_comparison

    monkeypatch.setattr(baseline_comparison, "MAX_TOKEN_PRODUCT", 1)
    baseline = (
        "The Contractor shall deliver a performance security of 10% of the Contract Price "
        "within 14 working days. The security shall be returned on completion."
    )
    out = compare_with_baseline(
        CompareWithBaselineInput(
            clause_id="4.2", baseline_text=baseline, document_structure=english_document
        )
    )
    assert out.similarity_basis == "sentences"
    assert out.similarity == round(2 * 1 / (1 + 2), 4)  # one of three sentences shared


def test_compare_identical_text_is_similarity_one(english_document: Document) -> None:
    body = "The Contractor shall give notice within 28 days, failing which the Employer is discharged from all liability."
    out = compare_with_baseline(
        CompareWithBaselineInput(
            clause_id="20.1", baseline_text=body, document_structure=english_document
        )
    )
    assert out.similarity == 1.0
    assert out.added_sentences == [] and out.removed_sentences == []


def test_compare_without_baseline(english_document: Document) -> None:
    out = compare_with_baseline(
        CompareWithBaselineInput(clause_id="4.2", document_structure=english_document)
    )
    assert not out.has_baseline and out.clause_found
    assert out.similarity is None


def test_compare_with_baseline_chinese(chinese_document: Document) -> None:
    baseline = "发包人应在收到发票后30日内支付合同价款。逾期付款的，应支付利息。"
    out = compare_with_baseline(
        CompareWithBaselineInput(
            clause_id="第三条", baseline_text=baseline, document_structure=chinese_document
        )
    )
    assert out.similarity is not None and 0.4 < out.similarity < 1
    assert out.added_sentences == ["发包人应在收到发票后15个工作日内支付合同价款的百分之十。"]
    assert out.removed_sentences == [
        "发包人应在收到发票后30日内支付合同价款。",
        "逾期付款的，应支付利息。",
    ]


# ---------------------------------------------------------------------- cross_reference_check


def test_cross_references_english(english_document: Document) -> None:
    out = cross_reference_check(
        CrossReferenceInput(clause_id="4.1", document_structure=english_document)
    )
    assert out.clause_found
    summary = [(r.text, r.target, r.resolved, r.section_id) for r in out.references]
    assert summary == [
        ("Clause 1.1", "1.1", True, "1.1"),
        ("Sub-Clause 20.1", "20.1", True, "20.1"),
        ("Clause 9.9", "9.9", False, None),
    ]
    assert out.resolved_count == 2
    assert out.dangling == ["Clause 9.9"]
    text = get_clause_context(
        ClauseContextInput(clause_id="4.1", document_structure=english_document)
    ).text
    for reference in out.references:
        assert text[reference.start : reference.end] == reference.text


def test_cross_reference_forms(english_document: Document) -> None:
    from contract_review.skills.generic.cross_references import find_references

    text = (
        "Clauses 1.1 and 4.2, Article 4, Section 20.1(a), Schedule 2, "
        "Article 5 of the Civil Code, the articles of association."
    )
    refs = find_references(text, english_document)
    assert [(r.text, r.kind, r.resolved, r.external) for r in refs] == [
        ("Clauses 1.1", "clause", True, False),
        ("4.2", "clause", True, False),
        ("Article 4", "article", True, False),
        ("Section 20.1(a)", "section", True, False),
        ("Schedule 2", "annex", False, False),
        ("Article 5", "article", False, True),
    ]


def test_cross_references_chinese(chinese_document: Document) -> None:
    out = cross_reference_check(
        CrossReferenceInput(clause_id="第二条", document_structure=chinese_document)
    )
    summary = [(r.text, r.kind, r.resolved, r.section_id) for r in out.references]
    assert summary == [
        ("第一条", "article", True, "第一条"),
        ("第十四条", "article", False, None),
        ("第二章", "chapter", True, "第二章"),
    ]
    assert out.dangling == ["第十四条"]


def test_chinese_reference_forms(chinese_document: Document) -> None:
    from contract_review.skills.generic.cross_references import find_references

    refs = find_references("依照本合同第3条及《民法典》第五百条，见第三章。", chinese_document)
    assert [(r.text, r.target, r.resolved, r.external) for r in refs] == [
        ("本合同第3条", "第3条", True, False),
        ("第五百条", "第五百条", False, True),
        ("第三章", "第三章", False, False),
    ]
    assert refs[0].section_id == "第三条"


def test_heading_is_not_a_reference(chinese_document: Document) -> None:
    out = cross_reference_check(
        CrossReferenceInput(clause_id="第三条", document_structure=chinese_document)
    )
    assert out.references == []  # "第三条 付款" is the clause's own heading


def test_cross_reference_clause_not_found(english_document: Document) -> None:
    out = cross_reference_check(
        CrossReferenceInput(clause_id="77", document_structure=english_document)
    )
    assert not out.clause_found and out.references == []


# ---------------------------------------------------------------------- extract_financial_terms


def test_financial_terms_english(english_document: Document) -> None:
    out = extract_financial_terms(
        ExtractFinancialTermsInput(clause_id="4.1", document_structure=english_document)
    )
    assert out.clause_found and out.clause_offset is not None
    assert [(t.kind, t.text, t.value, t.unit) for t in out.terms] == [
        ("percentage", "ten percent (10%)", 10.0, "percent"),
        ("period", "twenty-eight (28) days", 28.0, "day"),
    ]
    clause = english_document.source[out.clause_offset :]
    for term in out.terms:
        assert clause[term.start : term.end] == term.text


def test_financial_terms_chinese(chinese_document: Document) -> None:
    out = extract_financial_terms(
        ExtractFinancialTermsInput(clause_id="第三条", document_structure=chinese_document)
    )
    assert [(t.kind, t.text, t.value, t.unit) for t in out.terms] == [
        ("period", "15个工作日", 15.0, "working_day"),
        ("percentage", "百分之十", 10.0, "percent"),
    ]
    definitions = extract_financial_terms(
        ExtractFinancialTermsInput(clause_id="第一条", document_structure=chinese_document)
    )
    assert [(t.text, t.value, t.unit) for t in definitions.terms] == [
        ("人民币壹佰万元整", 1_000_000.0, "CNY")
    ]


def test_financial_terms_clause_not_found(chinese_document: Document) -> None:
    out = extract_financial_terms(
        ExtractFinancialTermsInput(clause_id="第九十条", document_structure=chinese_document)
    )
    assert not out.clause_found and out.terms == [] and out.clause_offset is None


# ---------------------------------------------------------------------- load_review_criteria

ITEM = ChecklistItem(
    clause_id="20.1",
    clause_name="Contractor's Claims",
    priority=Priority.CRITICAL,
    required_skills=("get_clause_context", "extract_financial_terms"),
    description="Check the notice time bar.",
    keywords=("claim", "notice"),
)
RULES = [
    PlaybookRule(
        rule_id="time_bar_short",
        clause_id="20.1",
        description="Notice period shorter than 28 days",
        patterns=(r"within (\d+) days",),
        threshold=28,
        comparison="lt",
    ),
    PlaybookRule(rule_id="cap_missing", clause_id="17.6", description="No cap", patterns=("cap",)),
]


def test_load_review_criteria() -> None:
    out = load_review_criteria(
        LoadReviewCriteriaInput(clause_id="20.1", checklist_item=ITEM, playbook_rules=RULES)
    )
    assert out.found
    assert out.priority is Priority.CRITICAL
    assert out.required_skills == ["get_clause_context", "extract_financial_terms"]
    assert out.description == "Check the notice time bar."
    assert [rule.rule_id for rule in out.rules] == ["time_bar_short"]


def test_load_review_criteria_for_a_clause_outside_the_checklist() -> None:
    out = load_review_criteria(
        LoadReviewCriteriaInput(clause_id="17.6", checklist_item=None, playbook_rules=RULES)
    )
    assert not out.found
    assert [rule.rule_id for rule in out.rules] == ["cap_missing"]
    mismatched = load_review_criteria(
        LoadReviewCriteriaInput(clause_id="17.6", checklist_item=ITEM, playbook_rules=[])
    )
    assert not mismatched.found


def test_roman_and_lettered_references(english_document: Document) -> None:
    from contract_review.skills.generic.cross_references import find_references

    text = "Article IV, Annex A, Clause B, Section XX and Article XC."
    refs = find_references(text, english_document)
    assert [(r.text, r.kind, r.resolved, r.section_id) for r in refs] == [
        ("Article IV", "article", True, "4"),
        ("Annex A", "annex", False, None),
        ("Section XX", "section", True, "20"),
        ("Article XC", "article", False, None),
    ]
