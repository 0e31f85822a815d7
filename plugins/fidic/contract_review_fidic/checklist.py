"""The FIDIC Silver Book domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause numbers follow the Silver Book (EPC/Turnkey) sub-clause numbering the
original review project used. Names are Chinese (the reviewers' language) with the
English name alongside; keywords are English and Chinese so a clause can be found in
a contract whose numbering differs from the form.
"""

from __future__ import annotations

from contract_review.domain import (
    ChecklistItem,
    DocumentRoleSpec,
    DomainSpec,
    ParserSettings,
    Priority,
)

from .baselines import BASELINE_TEXTS
from .playbook import PLAYBOOK

#: The domain id, also the entry-point name.
DOMAIN_ID = "fidic"

#: Role ids of the documents a FIDIC review works with.
ROLE_PRIMARY = "primary"
ROLE_GC = "gc"
ROLE_PC = "pc"
ROLE_ER = "er"

CHECKLIST: tuple[ChecklistItem, ...] = (
    ChecklistItem(
        clause_id="1.1",
        clause_name="定义与解释",
        clause_name_en="Definitions and Interpretation",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "resolve_definition", "fidic_merge_gc_pc"),
        description=(
            "Check that the Particular Conditions do not redefine key terms (Contract Price, "
            "Employer's Requirements, Time for Completion, Unforeseeable, Cost) in a way that "
            "shifts risk to the Contractor, and that every capitalised term used in the "
            "amended clauses is defined."
        ),
        keywords=(
            "definitions",
            "interpretation",
            "means",
            "defined terms",
            "定义",
            "释义",
            "系指",
            "是指",
        ),
    ),
    ChecklistItem(
        clause_id="1.5",
        clause_name="文件优先顺序",
        clause_name_en="Priority of Documents",
        priority=Priority.HIGH,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "fidic_check_pc_consistency",
            "cross_reference_check",
        ),
        description=(
            "Check the order of precedence: Contract Agreement, Particular Conditions, "
            "General Conditions, Employer's Requirements, Schedules, Tender. Flag orders that "
            "put the Employer's Requirements above the Conditions, or that leave ambiguities "
            "to be resolved in the Employer's favour."
        ),
        keywords=(
            "priority of documents",
            "order of precedence",
            "precedence",
            "ambiguity or discrepancy",
            "文件优先顺序",
            "优先顺序",
            "解释顺序",
            "歧义",
        ),
    ),
    ChecklistItem(
        clause_id="4.1",
        clause_name="承包商的一般义务",
        clause_name_en="Contractor's General Obligations",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "compare_with_baseline",
            "fidic_search_er",
        ),
        description=(
            "Check the scope of the Contractor's design and execution obligations, the "
            "fitness-for-purpose standard, the purposes defined in the Employer's "
            "Requirements, and any open-ended obligations ('everything necessary', 'all "
            "works whether or not specified') added by the Particular Conditions."
        ),
        keywords=(
            "general obligations",
            "contractor shall design, execute and complete",
            "fit for the purposes",
            "fitness for purpose",
            "承包商的一般义务",
            "一般义务",
            "设计、实施和完成",
            "预期目的",
        ),
    ),
    ChecklistItem(
        clause_id="4.12",
        clause_name="不可预见的物质条件",
        clause_name_en="Unforeseeable Physical Conditions",
        priority=Priority.HIGH,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "compare_with_baseline",
            "fidic_calculate_time_bar",
        ),
        description=(
            "Check who bears the risk of unforeseeable ground and physical conditions, whether "
            "the Contractor keeps a right to extension of time and Cost, and the notice "
            "period for reporting such conditions."
        ),
        keywords=(
            "unforeseeable",
            "physical conditions",
            "unforeseeable difficulties",
            "sub-surface",
            "ground conditions",
            "不可预见",
            "物质条件",
            "地质条件",
            "不可预见的困难",
        ),
    ),
    ChecklistItem(
        clause_id="8.2",
        clause_name="竣工时间",
        clause_name_en="Time for Completion",
        priority=Priority.HIGH,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "fidic_calculate_time_bar",
            "fidic_search_er",
        ),
        description=(
            "Check the Time for Completion of the Works and each Section, how it is measured "
            "(from the Commencement Date), what completion requires (tests on completion), "
            "and the link to delay damages and extension of time."
        ),
        keywords=(
            "time for completion",
            "complete the works",
            "commencement date",
            "sections",
            "竣工时间",
            "完成工程",
            "开工日期",
            "工期",
        ),
    ),
    ChecklistItem(
        clause_id="14.1",
        clause_name="合同价格",
        clause_name_en="The Contract Price",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "extract_financial_terms",
            "compare_with_baseline",
        ),
        description=(
            "Check that the Contract Price is a lump sum, what adjustments are allowed "
            "(Variations, changes in legislation, cost indexation), who pays taxes and duties, "
            "and whether quantities in a schedule are for information only."
        ),
        keywords=(
            "contract price",
            "lump sum",
            "accepted contract amount",
            "taxes, duties and fees",
            "合同价格",
            "总价",
            "中标合同金额",
            "税费",
        ),
    ),
    ChecklistItem(
        clause_id="14.2",
        clause_name="预付款",
        clause_name_en="Advance Payment",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "fidic_merge_gc_pc", "extract_financial_terms"),
        description=(
            "Check the amount and instalments of the advance payment, the advance payment "
            "guarantee (amount, issuer, reduction as the advance is repaid), and the "
            "repayment (amortisation) percentages through interim payments."
        ),
        keywords=(
            "advance payment",
            "advance payment guarantee",
            "repayment",
            "amortisation",
            "预付款",
            "预付款保函",
            "预付款担保",
            "扣回",
        ),
    ),
    ChecklistItem(
        clause_id="14.7",
        clause_name="期中付款",
        clause_name_en="Interim Payments",
        priority=Priority.HIGH,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "fidic_calculate_time_bar",
            "extract_financial_terms",
        ),
        description=(
            "Check the period within which the Employer must pay each interim payment after "
            "receiving the Statement, retention, set-off rights, and financing charges on "
            "late payment."
        ),
        keywords=(
            "interim payment",
            "payment",
            "statement",
            "within days after",
            "retention",
            "期中付款",
            "付款",
            "进度款",
            "付款申请",
            "保留金",
        ),
    ),
    ChecklistItem(
        clause_id="17.6",
        clause_name="责任限制",
        clause_name_en="Limitation of Liability",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "extract_financial_terms",
            "compare_with_baseline",
        ),
        description=(
            "Check the exclusion of indirect and consequential loss, the cap on the "
            "Contractor's total liability (amount or multiple of the Contract Price), and the "
            "carve-outs for fraud, deliberate default and reckless misconduct."
        ),
        keywords=(
            "limitation of liability",
            "total liability",
            "shall not exceed",
            "indirect or consequential loss",
            "责任限制",
            "责任总额",
            "责任上限",
            "间接损失",
        ),
    ),
    ChecklistItem(
        clause_id="18.1",
        clause_name="保险要求",
        clause_name_en="General Requirements for Insurances",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "fidic_merge_gc_pc", "extract_financial_terms"),
        description=(
            "Check which party insures, the policies required (works, equipment, third "
            "party, personnel), minimum amounts, deductibles, joint names and the consequences "
            "of failing to insure."
        ),
        keywords=(
            "insurance",
            "insuring party",
            "insurances",
            "policy",
            "deductible",
            "保险",
            "投保",
            "保险单",
            "免赔额",
        ),
    ),
    ChecklistItem(
        clause_id="20.1",
        clause_name="承包商索赔",
        clause_name_en="Contractor's Claims",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "fidic_calculate_time_bar",
            "compare_with_baseline",
            "fidic_check_pc_consistency",
        ),
        description=(
            "Check the notice time bar (the standard is 28 days after the Contractor became "
            "or should have become aware), the period for the fully detailed claim (42 days), "
            "the Employer's response period, and whether a missed notice forfeits the claim."
        ),
        keywords=(
            "contractor's claims",
            "claims",
            "notice of claim",
            "became aware",
            "time bar",
            "承包商索赔",
            "索赔",
            "索赔通知",
            "察觉",
        ),
    ),
    ChecklistItem(
        clause_id="20.2",
        clause_name="争议裁决",
        clause_name_en="Dispute Adjudication",
        priority=Priority.HIGH,
        required_skills=(
            "get_clause_context",
            "fidic_merge_gc_pc",
            "fidic_calculate_time_bar",
            "cross_reference_check",
        ),
        description=(
            "Check that a dispute board is appointed (and by when), the path from decision to "
            "notice of dissatisfaction, amicable settlement and arbitration, and the periods "
            "that make a decision final and binding."
        ),
        keywords=(
            "dispute adjudication board",
            "dispute board",
            "DAB",
            "DAAB",
            "adjudication",
            "争议裁决",
            "争端裁决委员会",
            "争议避免",
            "仲裁",
        ),
    ),
)

#: Phrases that show a contract provides a clause wherever it is numbered, read before
#: the clause is reported missing (a contract drafted on another edition or form
#: numbers its disputes clause 21, its delay damages 8.7).
_PROVIDED_BY: dict[str, tuple[str, ...]] = {
    "4.1": ("fit for", "general obligations", "design, execute and complete"),
    "4.12": ("physical conditions", "site data", "ground conditions", "地质条件", "现场条件"),
    "8.2": ("time for completion", "delay damages", "竣工时间", "误期损害赔偿"),
    "14.1": ("contract price", "accepted contract amount", "合同价格"),
    "14.2": ("advance payment", "预付款"),
    "14.7": ("interim payment", "payment certificate", "期中付款", "付款"),
    "17.6": ("limitation of liability", "total liability", "责任限制", "责任总额"),
    "18.1": ("insurance", "保险"),
    "20.1": ("notice of claim", "claims", "索赔"),
    "20.2": ("arbitration", "dispute", "adjudication", "daab", "仲裁", "争议"),
}
CHECKLIST = tuple(
    item.model_copy(update={"provided_by": _PROVIDED_BY.get(item.clause_id, ())})
    for item in CHECKLIST
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role=ROLE_PRIMARY,
        name="Contract under review",
        description="The contract (usually the Particular Conditions with the Contract Agreement) under review.",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role=ROLE_GC,
        name="General Conditions",
        description="The General Conditions of the FIDIC form the contract is based on.",
        kind="baseline",
    ),
    DocumentRoleSpec(
        role=ROLE_PC,
        name="Particular Conditions",
        description="The Particular Conditions amending the General Conditions.",
        kind="reference",
    ),
    DocumentRoleSpec(
        role=ROLE_ER,
        name="Employer's Requirements",
        description="The Employer's Requirements (scope, design criteria, performance).",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="FIDIC Silver Book (EPC/Turnkey)",
    description=(
        "Review of EPC/Turnkey construction contracts based on the FIDIC Silver Book: "
        "General and Particular Conditions merged clause by clause, time bars, payment, "
        "liability, insurance and claims."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
