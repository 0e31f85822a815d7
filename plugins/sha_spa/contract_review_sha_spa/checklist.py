"""The SHA/SPA domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause ids follow the original project's template ("3" is the conditions precedent);
names are Chinese with the English name alongside, and the English and Chinese keywords
find each topic in agreements that number their clauses differently.
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
DOMAIN_ID = "sha_spa"

ROLE_PRIMARY = "primary"
ROLE_DISCLOSURE_LETTER = "disclosure_letter"
ROLE_REFERENCE = "reference"

CHECKLIST: tuple[ChecklistItem, ...] = (
    ChecklistItem(
        clause_id="1",
        clause_name="定义与解释",
        clause_name_en="Definitions and Interpretation",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "resolve_definition"),
        description=(
            "Check the defined terms that move risk: Losses, Material Adverse Change, "
            "Disclosed, Seller's Knowledge, Business Day, Completion Accounts, Encumbrance; "
            "and that terms used in the operative clauses are defined consistently."
        ),
        keywords=(
            "definitions",
            "interpretation",
            "means",
            "defined terms",
            "定义",
            "释义",
            "是指",
            "系指",
        ),
    ),
    ChecklistItem(
        clause_id="2",
        clause_name="交易结构与对价",
        clause_name_en="Transaction Structure and Consideration",
        priority=Priority.CRITICAL,
        required_skills=("get_clause_context", "extract_financial_terms", "compare_with_baseline"),
        description=(
            "Check what is sold or subscribed (shares, percentage, free from encumbrances), "
            "the price and how it is fixed (locked box or completion accounts), payment "
            "timing, deferred or contingent consideration (earn-out), escrow and retention."
        ),
        keywords=(
            "sale and purchase",
            "purchase price",
            "consideration",
            "subscription",
            "sale shares",
            "earn-out",
            "escrow",
            "股权转让",
            "转让价款",
            "对价",
            "认购",
            "增资",
            "交易价款",
        ),
    ),
    ChecklistItem(
        clause_id="3",
        clause_name="先决条件",
        clause_name_en="Conditions Precedent",
        priority=Priority.CRITICAL,
        required_skills=("get_clause_context", "spa_extract_conditions", "compare_with_baseline"),
        description=(
            "Check each condition to completion (regulatory clearances, third-party consents, "
            "no material adverse change, corporate approvals), who must satisfy it and with "
            "what effort, who may waive it, and the long-stop date and termination right."
        ),
        keywords=(
            "conditions precedent",
            "conditions",
            "conditional upon",
            "conditional on",
            "long stop date",
            "先决条件",
            "交割条件",
            "前提条件",
            "最后截止日",
        ),
    ),
    ChecklistItem(
        clause_id="4",
        clause_name="陈述与保证",
        clause_name_en="Representations and Warranties",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "spa_extract_reps_warranties",
            "transaction_doc_cross_check",
        ),
        description=(
            "Check the scope of the warranties (title, capacity, accounts, tax, litigation, "
            "compliance, employees, IP, material contracts), knowledge and materiality "
            "qualifiers, general disclosure against the data room, and repetition at completion."
        ),
        keywords=(
            "representations and warranties",
            "warranties",
            "warrants",
            "represents",
            "disclosure letter",
            "陈述与保证",
            "陈述和保证",
            "声明与保证",
            "保证",
        ),
    ),
    ChecklistItem(
        clause_id="5",
        clause_name="交割前承诺",
        clause_name_en="Pre-Closing Covenants",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "compare_with_baseline"),
        description=(
            "Check the seller's conduct-of-business undertakings between signing and "
            "completion (ordinary course, no dividends, no new debt or material contracts "
            "without consent), the buyer's access rights, and that consent may not be "
            "unreasonably withheld."
        ),
        keywords=(
            "pre-completion",
            "conduct of business",
            "ordinary course",
            "between signing and completion",
            "undertakings",
            "交割前",
            "过渡期",
            "正常经营",
            "过渡期安排",
        ),
    ),
    ChecklistItem(
        clause_id="6",
        clause_name="交割机制",
        clause_name_en="Closing Mechanics",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "cross_reference_check", "extract_financial_terms"),
        description=(
            "Check when and where completion takes place, each party's completion "
            "deliverables, payment of the price against transfer of the shares, and what "
            "happens if a party fails to complete (deferral, termination)."
        ),
        keywords=(
            "completion",
            "closing",
            "completion deliverables",
            "completion date",
            "交割",
            "交割日",
            "交割文件",
            "过户",
        ),
    ),
    ChecklistItem(
        clause_id="7",
        clause_name="赔偿条款",
        clause_name_en="Indemnification and Limitation of Liability",
        priority=Priority.CRITICAL,
        required_skills=(
            "get_clause_context",
            "spa_indemnity_analysis",
            "extract_financial_terms",
            "compare_with_baseline",
        ),
        description=(
            "Check the cap on the sellers' liability, the de minimis and basket (tipping or "
            "deductible), the time limits for claims (general, tax, title), specific "
            "indemnities for known risks, and the carve-out for fraud."
        ),
        keywords=(
            "indemnity",
            "indemnification",
            "indemnify",
            "limitation of liability",
            "limitations on claims",
            "de minimis",
            "赔偿",
            "补偿",
            "责任限制",
            "索赔",
        ),
    ),
    ChecklistItem(
        clause_id="8",
        clause_name="竞业限制与保密",
        clause_name_en="Non-Compete and Confidentiality",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "extract_financial_terms", "compare_with_baseline"),
        description=(
            "Check the restricted parties, activities, territory and duration of the "
            "non-compete and non-solicitation covenants (enforceability), and the scope and "
            "exceptions of the confidentiality obligation."
        ),
        keywords=(
            "non-compete",
            "non-competition",
            "restrictive covenants",
            "non-solicitation",
            "confidentiality",
            "竞业限制",
            "竞业禁止",
            "不招揽",
            "保密",
        ),
    ),
    ChecklistItem(
        clause_id="9",
        clause_name="治理结构",
        clause_name_en="Corporate Governance",
        priority=Priority.CRITICAL,
        required_skills=("get_clause_context", "sha_governance_check", "compare_with_baseline"),
        description=(
            "Check board composition and appointment rights, quorum (including the investor "
            "director), reserved matters needing investor consent, information rights and "
            "deadlock resolution."
        ),
        keywords=(
            "board of directors",
            "board composition",
            "reserved matters",
            "governance",
            "quorum",
            "veto",
            "董事会",
            "股东会",
            "一票否决",
            "保留事项",
            "公司治理",
        ),
    ),
    ChecklistItem(
        clause_id="10",
        clause_name="退出机制",
        clause_name_en="Exit Mechanisms",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "extract_financial_terms", "compare_with_baseline"),
        description=(
            "Check transfer restrictions and pre-emption, right of first refusal, tag-along "
            "and drag-along (thresholds, price), put options and redemption (triggers, "
            "price formula), and the IPO or trade-sale path."
        ),
        keywords=(
            "exit",
            "drag-along",
            "tag-along",
            "put option",
            "redemption",
            "right of first refusal",
            "transfer of shares",
            "退出",
            "回购",
            "领售权",
            "随售权",
            "优先购买权",
            "上市",
        ),
    ),
    ChecklistItem(
        clause_id="11",
        clause_name="争议解决",
        clause_name_en="Dispute Resolution",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "compare_with_baseline"),
        description=(
            "Check the governing law, the forum (arbitration institution, seat, language, "
            "number of arbitrators, or courts), and that the clause matches the other "
            "transaction documents."
        ),
        keywords=(
            "dispute resolution",
            "arbitration",
            "governing law",
            "jurisdiction",
            "争议解决",
            "仲裁",
            "管辖",
            "适用法律",
        ),
    ),
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role=ROLE_PRIMARY,
        name="Agreement under review",
        description="The share purchase agreement (SPA) or shareholders' agreement (SHA).",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role=ROLE_DISCLOSURE_LETTER,
        name="Disclosure letter",
        description="The seller's disclosures against the warranties.",
        kind="disclosure_letter",
    ),
    DocumentRoleSpec(
        role=ROLE_REFERENCE,
        name="Related transaction documents",
        description="Other documents of the transaction (SHA for an SPA, articles, escrow agreement...).",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="Share purchase and shareholders' agreements (SPA/SHA)",
    description=(
        "Review of M&A and investment documents: consideration, conditions precedent, "
        "warranties and disclosure, completion, indemnities and their limits, restrictive "
        "covenants, governance and exit."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
