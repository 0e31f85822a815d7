"""The generic commercial-contract domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause ids are topic ids (``governing_law``), since commercial contracts share no
numbering; names are Chinese with the English name alongside (the CUAD category name
where there is one), and the English and Chinese keywords are what finds each topic in
a contract.
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
DOMAIN_ID = "generic"

#: The skill that ranks candidate sections for a topic.
LOCATE_SKILL = "generic_locate_clause"

_CONTEXT = ("generic_locate_clause", "get_clause_context")


#: The kinds of contract (``contract_review.documents.contract_type`` ids) each topic is
#: expected in; a topic not listed is expected in every contract. A topic that does not
#: apply to the contract under review is never reported missing: a software licence
#: lacks no site conditions, a non-disclosure agreement no minimum purchase.
_RECURRING = ("services", "supply", "licence", "distribution", "lease", "hosting", "franchise")
APPLIES_TO: dict[str, tuple[str, ...]] = {
    "ground_conditions": ("construction",),
    "fitness_for_purpose": (
        "supply",
        "construction",
        "licence",
        "hosting",
        "distribution",
        "lease",
    ),
    "minimum_commitment": ("supply", "distribution", "licence", "franchise", "hosting"),
    "exclusivity": ("distribution", "licence", "franchise", "endorsement", "joint_venture"),
    "non_compete": ("distribution", "franchise", "employment", "joint_venture", "endorsement"),
    "renewal_term": (*_RECURRING, "endorsement"),
    "notice_period_to_terminate_renewal": (*_RECURRING, "endorsement"),
    "warranty_duration": ("supply", "construction", "licence", "hosting", "services", "lease"),
    "audit_rights": ("services", "supply", "licence", "distribution", "hosting", "franchise"),
    "change_of_control": (*_RECURRING, "joint_venture", "loan", "endorsement"),
    "insurance": (*_RECURRING, "construction", "endorsement"),
    "liquidated_damages": (*_RECURRING, "construction", "endorsement", "joint_venture"),
    "ip_ownership_assignment": (
        "services",
        "licence",
        "hosting",
        "construction",
        "joint_venture",
        "endorsement",
        "employment",
    ),
}


#: Phrases that show a contract provides a topic wherever they stand, read before the
#: topic is reported missing (the locator's keywords stay as they are).
PROVIDED_BY: dict[str, tuple[str, ...]] = {
    "cap_on_liability": ("赔偿责任总额", "累计赔偿", "最高赔偿", "责任总额", "liability cap"),
    "uncapped_liability": ("不设上限", "without limit", "no cap", "not be limited", "unlimited"),
    "warranty_duration": (
        "保修期",
        "质保期",
        "质量保证期",
        "缺陷责任期",
        "defects liability period",
        "defects notification period",
        "warranty period",
        "维护期",
        "维保期",
        "免费维修",
        "defects notification",
    ),
    "dispute_resolution": (
        "arbitration",
        "exclusive jurisdiction",
        "提交仲裁",
        "仲裁委员会",
        "提起诉讼",
        "管辖",
        "independent expert",
        "expert determination",
        "mediation",
        "调解",
    ),
    "payment_terms": ("付款方式", "支付方式", "付款期限", "结算方式", "shall pay", "invoice"),
    "liquidated_damages": (
        "违约金",
        "算定损害赔偿",
        "liquidated damages",
        "delay damages",
        "service credits",
        "for each day of delay",
        "per day of delay",
        "每逾期一日",
        "每延误一日",
    ),
    "audit_rights": (
        "right to audit",
        "audit the",
        "inspect the records",
        "审计",
        "查阅账簿",
        "有权审查",
        "有权查阅",
        "有权检查",
    ),
    "insurance": ("insurance", "保险"),
    "indemnification": ("indemnify", "hold harmless", "赔偿甲方", "赔偿乙方", "使其免受"),
    "anti_assignment": ("assign", "不得转让", "不得将本合同"),
    "exclusivity": ("独家", "排他", "exclusive"),
    "renewal_term": ("renew", "续约", "续期", "续签", "顺延"),
    "notice_period_to_terminate_renewal": (
        "non-renewal",
        "not to renew",
        "notice to end",
        "不再续约",
        "不续约",
        "不再续签",
    ),
    "confidentiality": ("confidential", "保密"),
    "governing_law": ("governed by", "适用法律", "适用中华人民共和国法律", "香港法律"),
    "change_of_control": ("change of control", "控制权"),
    "non_compete": ("compete", "竞业", "竞争"),
    "ip_ownership_assignment": ("intellectual property", "知识产权"),
    "claims_notice": ("notice of claim", "异议", "索赔"),
    "fitness_for_purpose": ("fit for", "用途", "适用于"),
    "termination_for_convenience": ("for convenience", "随时解除", "提前解除", "任意解除"),
    "minimum_commitment": ("minimum", "最低"),
    "ground_conditions": ("site conditions", "ground conditions", "地质", "现场条件"),
}


def _item(
    clause_id: str,
    clause_name: str,
    clause_name_en: str,
    priority: Priority,
    skills: tuple[str, ...],
    description: str,
    keywords: tuple[str, ...],
) -> ChecklistItem:
    return ChecklistItem(
        clause_id=clause_id,
        clause_name=clause_name,
        clause_name_en=clause_name_en,
        priority=priority,
        required_skills=_CONTEXT + skills,
        description=description,
        keywords=keywords,
        applies_to=APPLIES_TO.get(clause_id, ()),
        provided_by=PROVIDED_BY.get(clause_id, ()),
    )


CHECKLIST: tuple[ChecklistItem, ...] = (
    _item(
        "cap_on_liability",
        "责任上限",
        "Cap On Liability",
        Priority.CRITICAL,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check the cap on each party's liability (a fixed amount, fees paid in a period, a "
        "multiple of the contract value), what it covers, and the exclusion of indirect and "
        "consequential loss.",
        (
            "limitation of liability",
            "aggregate liability",
            "total liability",
            "shall not exceed",
            "limited to",
            "in no event",
            "consequential damages",
            "fees paid",
            "责任限制",
            "责任上限",
            "赔偿总额",
            "不超过",
            "间接损失",
        ),
    ),
    _item(
        "uncapped_liability",
        "无上限责任",
        "Uncapped Liability",
        Priority.HIGH,
        ("compare_with_baseline",),
        "Check which liabilities sit outside the cap (indemnities, confidentiality, IP "
        "infringement, gross negligence, wilful misconduct, fraud) and whether they are "
        "reasonable for our side.",
        (
            "shall not apply to",
            "exclusions from limitation",
            "gross negligence",
            "willful misconduct",
            "wilful misconduct",
            "unlimited liability",
            "except for",
            "indemnification obligations",
            "不受上述限制",
            "不适用于",
            "重大过失",
            "故意",
            "无限责任",
        ),
    ),
    _item(
        "termination_for_convenience",
        "任意解除",
        "Termination For Convenience",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check which party may end the contract without cause, the notice it must give, and "
        "what is paid on such termination (work done, costs, a termination fee).",
        (
            "terminate for convenience",
            "for convenience",
            "without cause",
            "for any reason",
            "at any time upon",
            "days prior written notice",
            "termination",
            "任意解除",
            "无需理由",
            "提前书面通知",
            "解除本合同",
            "终止本协议",
        ),
    ),
    _item(
        "change_of_control",
        "控制权变更",
        "Change Of Control",
        Priority.HIGH,
        ("compare_with_baseline", "resolve_definition"),
        "Check what a change of control of a party triggers (termination right, consent, "
        "notice) and how control is defined (merger, sale of assets, voting shares).",
        (
            "change of control",
            "change in control",
            "merger",
            "acquisition",
            "sale of all or substantially all",
            "controlling interest",
            "voting securities",
            "控制权变更",
            "控制权发生变化",
            "合并",
            "收购",
            "实际控制人",
        ),
    ),
    _item(
        "anti_assignment",
        "转让限制",
        "Anti-Assignment",
        Priority.MEDIUM,
        ("compare_with_baseline",),
        "Check whether a party may assign or transfer the contract (or subcontract) without "
        "the other's consent, the exceptions for affiliates and successors, and the effect "
        "of a prohibited assignment.",
        (
            "assign",
            "assignment",
            "transfer this agreement",
            "without the prior written consent",
            "successors and assigns",
            "delegate",
            "assignable",
            "转让",
            "不得转让",
            "权利义务转让",
            "事先书面同意",
        ),
    ),
    _item(
        "non_compete",
        "竞业限制",
        "Non-Compete",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check who is restricted from competing, in which activities and territories, for "
        "how long after the contract ends, and whether the restriction is enforceable.",
        (
            "non-compete",
            "not compete",
            "compete with",
            "competing products",
            "competitive business",
            "directly or indirectly engage",
            "restrictive covenant",
            "竞业限制",
            "竞业禁止",
            "同业竞争",
            "竞争性业务",
            "不得从事",
        ),
    ),
    _item(
        "exclusivity",
        "排他性",
        "Exclusivity",
        Priority.HIGH,
        ("compare_with_baseline",),
        "Check any exclusive appointment or exclusive dealing (exclusive distributor, sole "
        "supplier, purchase only from), its territory, products and duration, and the "
        "conditions for keeping it.",
        (
            "exclusive",
            "exclusively",
            "exclusivity",
            "sole and exclusive",
            "exclusive right",
            "exclusive distributor",
            "shall not appoint",
            "purchase all of its requirements",
            "独家",
            "排他",
            "唯一",
            "独占",
        ),
    ),
    _item(
        "governing_law",
        "适用法律",
        "Governing Law",
        Priority.MEDIUM,
        ("compare_with_baseline",),
        "Check which law governs the contract and its interpretation, and that it fits the "
        "chosen forum and the parties' locations.",
        (
            "governing law",
            "governed by",
            "laws of the state",
            "construed in accordance with",
            "choice of law",
            "applicable law",
            "适用法律",
            "管辖法律",
            "法律适用",
            "中华人民共和国法律",
        ),
    ),
    _item(
        "ip_ownership_assignment",
        "知识产权归属与转让",
        "Ip Ownership Assignment",
        Priority.HIGH,
        ("compare_with_baseline", "resolve_definition"),
        "Check who owns the intellectual property created under the contract, whether it is "
        "assigned to the other party (work made for hire), background IP carve-outs and "
        "licences back.",
        (
            "intellectual property",
            "ownership",
            "shall own",
            "hereby assigns",
            "work made for hire",
            "work for hire",
            "all right, title and interest",
            "inventions",
            "知识产权",
            "归属",
            "所有权",
            "转让给",
            "职务作品",
        ),
    ),
    _item(
        "insurance",
        "保险",
        "Insurance",
        Priority.MEDIUM,
        ("extract_financial_terms",),
        "Check which insurance a party must carry (general liability, product liability, "
        "professional indemnity), minimum amounts, additional insured status and evidence of "
        "cover.",
        (
            "insurance",
            "insurer",
            "policy",
            "general liability",
            "product liability insurance",
            "additional insured",
            "certificate of insurance",
            "coverage",
            "保险",
            "投保",
            "保险单",
            "保额",
        ),
    ),
    _item(
        "audit_rights",
        "审计权",
        "Audit Rights",
        Priority.MEDIUM,
        ("compare_with_baseline",),
        "Check the right to inspect and audit books and records: scope, frequency, notice, "
        "who pays, and the consequence of discrepancies found.",
        (
            "audit",
            "inspect",
            "books and records",
            "records",
            "accounting",
            "examine",
            "independent accountant",
            "审计",
            "查账",
            "账簿",
            "检查",
            "核查",
        ),
    ),
    _item(
        "liquidated_damages",
        "违约金",
        "Liquidated Damages",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check agreed damages or penalties for breach or delay: the amount or rate, any cap, "
        "whether they are the sole remedy, and whether they could be struck down as a penalty.",
        (
            "liquidated damages",
            "penalty",
            "as liquidated damages",
            "per day",
            "not as a penalty",
            "termination fee",
            "违约金",
            "赔偿金",
            "滞纳金",
            "每日",
            "按日",
        ),
    ),
    _item(
        "warranty_duration",
        "质保期",
        "Warranty Duration",
        Priority.MEDIUM,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check how long product or service warranties last, when the period starts "
        "(delivery, acceptance), and the remedies during it (repair, replace, refund).",
        (
            "warranty period",
            "warrants",
            "warranty",
            "months from the date of delivery",
            "free from defects",
            "defects in materials and workmanship",
            "质保",
            "质保期",
            "保修期",
            "质量保证期",
            "缺陷",
        ),
    ),
    _item(
        "renewal_term",
        "续约期限",
        "Renewal Term",
        Priority.MEDIUM,
        ("extract_financial_terms",),
        "Check whether the contract renews automatically or by agreement, the length of each "
        "renewal term and how many renewals are allowed.",
        (
            "renewal",
            "renew",
            "automatically renew",
            "successive",
            "renewal term",
            "additional term",
            "extended for",
            "续约",
            "续期",
            "自动续展",
            "自动延长",
            "期满",
        ),
    ),
    _item(
        "notice_period_to_terminate_renewal",
        "终止续约通知期",
        "Notice Period To Terminate Renewal",
        Priority.MEDIUM,
        ("extract_financial_terms",),
        "Check the notice a party must give before the end of the term to stop an automatic "
        "renewal, and whether the window is practical to meet.",
        (
            "notice of non-renewal",
            "non-renewal",
            "prior to the expiration",
            "days prior written notice",
            "unless either party",
            "notice of its intention not to renew",
            "automatically renew",
            "不续约",
            "期满前",
            "提前通知",
            "书面通知对方",
        ),
    ),
    _item(
        "minimum_commitment",
        "最低采购承诺",
        "Minimum Commitment",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check minimum purchase, volume or revenue commitments, the period they are measured "
        "over, and the consequence of a shortfall (payment, loss of exclusivity, termination).",
        (
            "minimum",
            "minimum purchase",
            "minimum order",
            "minimum quantity",
            "shall purchase",
            "at least",
            "shortfall",
            "take or pay",
            "最低采购",
            "最低订购",
            "最低采购量",
            "采购承诺",
        ),
    ),
    _item(
        "indemnification",
        "赔偿与补偿",
        "Indemnification",
        Priority.CRITICAL,
        ("compare_with_baseline", "extract_financial_terms"),
        "Check who indemnifies whom, against which claims (third-party claims, IP "
        "infringement, breach, negligence), the claims procedure and control of the defence.",
        (
            "indemnify",
            "indemnification",
            "hold harmless",
            "defend",
            "third party claims",
            "losses",
            "indemnified party",
            "赔偿",
            "补偿",
            "使其免受损害",
            "第三方索赔",
        ),
    ),
    _item(
        "confidentiality",
        "保密",
        "Confidentiality",
        Priority.HIGH,
        ("compare_with_baseline", "resolve_definition"),
        "Check what counts as confidential information, the exceptions, permitted "
        "disclosures, how long the obligation lasts after termination and return or "
        "destruction of information.",
        (
            "confidential information",
            "confidentiality",
            "non-disclosure",
            "shall not disclose",
            "proprietary information",
            "keep confidential",
            "保密",
            "保密信息",
            "商业秘密",
            "不得披露",
        ),
    ),
    _item(
        "dispute_resolution",
        "争议解决",
        "Dispute Resolution",
        Priority.HIGH,
        ("compare_with_baseline",),
        "Check how disputes are resolved (negotiation, mediation, arbitration or courts), the "
        "institution, seat, language and jurisdiction, and whether injunctive relief is kept.",
        (
            "dispute resolution",
            "arbitration",
            "jurisdiction",
            "courts of",
            "venue",
            "mediation",
            "disputes arising",
            "争议解决",
            "仲裁",
            "管辖",
            "人民法院",
            "协商解决",
        ),
    ),
    _item(
        "payment_terms",
        "付款条款",
        "Payment Terms",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check the price or fees, invoicing, the payment period, currency, late-payment "
        "interest, set-off and taxes.",
        (
            "payment",
            "payment terms",
            "invoice",
            "fees",
            "within days of receipt",
            "late payment",
            "interest",
            "net 30",
            "付款",
            "支付",
            "发票",
            "价款",
            "结算",
        ),
    ),
    # Topics outside CUAD where the playbook's one-sided terms live.
    _item(
        "claims_notice",
        "索赔与异议通知期限",
        "Claims Notice And Time Bars",
        Priority.HIGH,
        ("extract_financial_terms", "compare_with_baseline"),
        "Check the periods within which a party must notify a claim, a defect or an "
        "objection, and what happens if it is late (the claim is lost, the goods are "
        "deemed accepted).",
        (
            "notice of claim",
            "notify",
            "claims",
            "time bar",
            "failing which",
            "deemed to have waived",
            "objection",
            "索赔",
            "异议",
            "书面通知",
            "视为放弃",
            "逾期",
        ),
    ),
    _item(
        "fitness_for_purpose",
        "适用性保证",
        "Fitness For Purpose",
        Priority.HIGH,
        ("compare_with_baseline",),
        "Check what the goods, software or works must be fit for: the purposes the "
        "specification states, or any purpose the buyer has or may later have.",
        (
            "fit for purpose",
            "fitness for purpose",
            "fit for the purpose",
            "fit for any purpose",
            "merchantability",
            "intended use",
            "suitable for",
            "适用性",
            "预期用途",
            "使用目的",
            "适用于",
        ),
    ),
    _item(
        "ground_conditions",
        "场地与地质条件",
        "Site And Ground Conditions",
        Priority.HIGH,
        ("compare_with_baseline",),
        "Check who bears the risk of site, ground and sub-surface conditions, whether "
        "unforeseeable conditions give time and money, and what the site data is worth.",
        (
            "ground conditions",
            "site conditions",
            "sub-surface",
            "physical conditions",
            "unforeseen",
            "geotechnical",
            "site data",
            "地质条件",
            "现场条件",
            "不可预见",
            "地下",
            "水文",
        ),
    ),
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role="primary",
        name="Contract under review",
        description="The commercial contract under review.",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role="reference",
        name="Related document",
        description="A related document: a framework agreement, order, statement of work or our template.",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="General commercial contracts",
    description=(
        "Review of general commercial contracts in English and Chinese (supply, services, "
        "distribution, licensing, collaboration): liability, termination, assignment and "
        "change of control, restrictive covenants, IP, insurance, audit, renewal, payment "
        "and disputes. Topics follow the CUAD categories."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
