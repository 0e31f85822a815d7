"""Reading the reserved matters of a shareholders' agreement and their voting threshold.

Reserved matters (veto matters) are mapped to :class:`ReservedMatter`, a canonical list
of fifteen matters an investor usually reserves. They are read from the sentence that
introduces them ("The following matters require the prior written consent of the
Investor:", "下列事项须经全体股东一致同意：") and the enumerated items after it; the
threshold is read from that sentence ("holders of not less than 75%", "三分之二以上",
"全体股东一致同意", "the consent of the Investor"). Used by ``sha_governance_check``
(:mod:`contract_review_sha_spa.governance`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.chinese_numerals import chinese_to_int
from contract_review.skills.generic.financial_terms import find_financial_terms

from .board import PARTY, is_corporate_body

_I = re.IGNORECASE


class ReservedMatter(StrEnum):
    """The reserved matters (veto matters) an investor usually asks for."""

    AMENDMENT_OF_ARTICLES = "amendment_of_articles"
    ISSUE_OF_SHARES = "issue_of_shares"
    DIVIDENDS = "dividends"
    BUDGET_BUSINESS_PLAN = "budget_business_plan"
    MERGER_DISPOSAL = "merger_disposal"
    BORROWING = "borrowing"
    RELATED_PARTY_TRANSACTIONS = "related_party_transactions"
    AUDITORS = "auditors"
    WINDING_UP = "winding_up"
    CHANGE_OF_BUSINESS = "change_of_business"
    LISTING_IPO = "listing_ipo"
    MATERIAL_CONTRACTS = "material_contracts"
    SENIOR_MANAGEMENT = "senior_management"
    LITIGATION = "litigation"
    GRANTING_SECURITY = "granting_security"


#: Missing any of these makes the missing-matters finding HIGH instead of MEDIUM.
CORE_RESERVED_MATTERS = frozenset(
    {
        ReservedMatter.AMENDMENT_OF_ARTICLES,
        ReservedMatter.ISSUE_OF_SHARES,
        ReservedMatter.MERGER_DISPOSAL,
        ReservedMatter.WINDING_UP,
    }
)

_I = re.IGNORECASE
_MATTER_PATTERNS: dict[ReservedMatter, str] = {
    ReservedMatter.AMENDMENT_OF_ARTICLES: r"(?:amend|alter|chang|modif)\w*\s+(?:\w+\s+){0,4}(?:articles|constitution|memorandum|charter|by-?laws)|(?:修改|修订|变更)\S{0,4}章程|章程的(?:修改|修订)",
    ReservedMatter.ISSUE_OF_SHARES: r"(?:issu|allot)\w*\s+(?:\w+\s+){0,4}(?:shares|securities|equity|options|warrants)|share\s+capital|(?:increase|reduc)\w*\s+(?:\w+\s+){0,3}capital|(?:增加|减少)\S{0,4}注册资本|增资|减资|发行\S{0,6}(?:股份|股权|证券|期权)",
    ReservedMatter.DIVIDENDS: r"\bdividend|distribution\s+of\s+profits|利润分配|分配利润|分红|股利",
    ReservedMatter.BUDGET_BUSINESS_PLAN: r"\bbudget|business\s+plan|预算|经营计划|商业计划|年度计划",
    ReservedMatter.MERGER_DISPOSAL: r"\bmerg|amalgamat|consolidation|acqui\w+\s+(?:\w+\s+){0,4}(?:business|company|shares|undertaking)|dispos\w+\s+(?:\w+\s+){0,5}(?:assets|business|undertaking|subsidiar)|sale\s+of\s+(?:all|substantially)|合并|分立|收购|(?:出售|处置|转让)\S{0,8}(?:资产|业务)",
    ReservedMatter.BORROWING: r"\bborrow|indebtedness|\bloans?\b|\bdebt\b|credit\s+facilit|借款|贷款|举债|对外融资|负债",
    ReservedMatter.RELATED_PARTY_TRANSACTIONS: r"related[- ]part|connected\s+(?:person|party)|interested\s+part|关联交易|关联方",
    ReservedMatter.AUDITORS: r"\bauditor|审计师|会计师事务所|审计机构",
    ReservedMatter.WINDING_UP: r"wind(?:ing)?[- ]up|liquidat|dissol|insolvenc|bankrupt|解散|清算|破产",
    ReservedMatter.CHANGE_OF_BUSINESS: r"(?:nature|scope)\s+of\s+(?:the\s+|its\s+)?business|new\s+line\s+of\s+business|cease\s+(?:\w+\s+){0,3}business|经营范围|主营业务",
    ReservedMatter.LISTING_IPO: r"\blisting|\bIPO\b|initial\s+public\s+offering|public\s+offering|上市|首次公开发行",
    ReservedMatter.MATERIAL_CONTRACTS: r"material\s+contracts?|(?:contracts?|agreements?|commitments?)\s+(?:\w+\s+){0,6}(?:value|exceed|outside\s+the\s+ordinary)|重大合同|重要合同",
    ReservedMatter.SENIOR_MANAGEMENT: r"chief\s+executive|\bCEO\b|\bCFO\b|general\s+manager|senior\s+(?:management|executive|officer)|key\s+(?:employee|executive)|总经理|高级管理人员|财务负责人|首席执行官",
    ReservedMatter.LITIGATION: r"\blitigation|legal\s+proceedings|(?:commenc|settl)\w*\s+(?:\w+\s+){0,4}(?:proceedings|claims?|disputes?)|诉讼|仲裁",
    ReservedMatter.GRANTING_SECURITY: r"security\s+interest|encumbranc|mortgage|pledge|\bcharge\s+over|guarantee|indemnit(?:y|ies)\s+for|担保|抵押|质押",
}
_MATTERS = {matter: re.compile(pattern, _I) for matter, pattern in _MATTER_PATTERNS.items()}


class FoundReservedMatter(BaseModel):
    """A reserved matter found in the clause."""

    matter: ReservedMatter
    text: str = Field(description="The item or sentence that reserves it.")


def classify_matters(text: str) -> list[ReservedMatter]:
    """The canonical reserved matters ``text`` (one item of the list) is about."""
    return [matter for matter, pattern in _MATTERS.items() if pattern.search(text)]


class ThresholdKind(StrEnum):
    """How reserved matters are decided."""

    UNANIMOUS = "unanimous"
    SPECIFIED_PERCENTAGE = "specified_percentage"  # a stated percentage above one half
    SUPERMAJORITY = "supermajority"  # "special resolution", "supermajority", no figure
    SIMPLE_MAJORITY = "simple_majority"
    PARTY_CONSENT = "party_consent"  # a named shareholder or its director must consent
    NOT_STATED = "not_stated"


class VotingThreshold(BaseModel):
    """The voting threshold of the reserved matters."""

    kind: ThresholdKind
    percentage: float | None = Field(
        default=None, description="The stated percentage (66.67 for two-thirds), if any."
    )
    consenting_party: str = Field(
        default="", description="PARTY_CONSENT: whose consent is needed, as written."
    )
    blocking_stake: float | None = Field(
        default=None,
        description="A shareholding above this percentage can block a reserved matter (100 "
        "minus the threshold; 0 under unanimity); None when it turns on a named party's "
        "consent or is not stated.",
    )
    text: str = Field(default="", description="The sentence that sets the threshold.")


class ReservedMatters(BaseModel):
    """What the clause reserves and how the reserved matters are decided."""

    matters: list[FoundReservedMatter] = Field(default_factory=list)
    threshold: VotingThreshold | None = Field(
        default=None, description="None when no sentence introduces reserved matters."
    )
    listed_elsewhere: str = Field(
        default="",
        description="Where the list is when the clause only refers to it ('Schedule 2').",
    )


_REQUIRES = re.compile(
    r"shall\s+not[\s,]+(?:\S+\s+){0,8}?without\s+(?:\S+\s+){0,3}(?:consent|approval|sanction)|"
    r"(?:requires?|requiring|subject\s+to)\s+(?:\S+\s+){0,4}?(?:consent|approval|vote|resolution)|"
    r"(?:shall|must|will)\s+be\s+(?:taken|made|passed|decided|approved|adopted)\s+(?:only\s+)?by\s+(?:\S+\s+){0,3}?(?:majority|votes?|resolution|consent|approval|unanimity)|"
    r"(?:事项|决议|决定)[^。；]{0,80}?(?:须|需|应|必须)?由[^。；]{0,30}?(?:过半数|半数以上|三分之二|四分之三|一致)|"
    r"(?:须|需|应|必须)(?:经|得到|取得)[^。；]{0,40}?(?:同意|通过|批准|决议)",
    _I,
)
_STRONG_LEAD = re.compile(
    r"reserved\s+matters?|\bveto|following\s+matters|保留事项|一票否决|下列事项|重大事项", _I
)
_ELSEWHERE = re.compile(r"\b(?:schedule|appendix|annex|exhibit)\s+\w+|附件\S{0,3}|附表\S{0,3}", _I)
_MARKER = re.compile(
    r"^\s*(?:\(?[a-z]{1,4}\)|\(?\d{1,2}[.)](?!\d)|[（(][一二三四五六七八九十]+[)）]|[一二三四五六七八九十]+、|[\u2460-\u2473])"
)
_CONNECTOR = re.compile(r"^\s*(?:and|or|and/or|以及|及|或)\s*$", _I)  # "...; and" split off
_NUMBERED = re.compile(r"^\s*\d+(?:\.\d+)+\s")  # "9.4 If ...": the next clause
_ITEM_SEPARATOR = re.compile(r"[、；;]")
_COLON = re.compile(r"[:：]")
_UNANIMOUS = re.compile(
    r"\bunanimous|\ball\s+(?:of\s+)?the\s+(?:shareholders|directors|members|parties)\b|"
    r"\beach\s+(?:of\s+the\s+)?(?:shareholders|parties)\b|全体[^。；，,]{0,8}一致|一致(?:同意|通过)|全票",
    _I,
)
_EN_FRACTION = re.compile(r"two[- ]thirds|three[- ]quarters|(?<![\d.])(\d)\s*/\s*(\d)(?![\d.])", _I)
_ZH_FRACTION = re.compile(r"([一二三四五六七八九十]+)分之([一二三四五六七八九十]+)")
_VOTING_CONTEXT = re.compile(
    r"vot|holder|shareholder|\bshares\b|share\s+capital|directors|members|表决权|股东|股权|股份|董事",
    _I,
)
_SUPERMAJORITY = re.compile(
    r"super[- ]?majority|special\s+resolution|qualified\s+majority|特别决议|绝对多数", _I
)
_SIMPLE = re.compile(
    r"simple\s+majority|ordinary\s+resolution|\ba\s+majority\b|majority\s+of\s+(?:the\s+)?"
    r"(?:votes|directors|board|shareholders|members)|过半数|半数以上|普通决议|简单多数",
    _I,
)
_EN_CONSENT = re.compile(
    rf"(?i:consent|approval|affirmative\s+vote|sanction)\s+of\s+(?i:an?\s+)?{PARTY}"
)
_ZH_CONSENT = re.compile(
    r"(?:经|得到|取得)(?P<who>[^。；，,、：:]{1,15}?)的?(?:事先)?(?:书面)?(?:同意|批准|通过|决议)"
)


def _fractions(text: str) -> list[tuple[float, int, int]]:
    """(percent, start, end) of each fraction written in ``text``."""
    found: list[tuple[float, int, int]] = []
    for zh in _ZH_FRACTION.finditer(text):
        denominator, numerator = chinese_to_int(zh.group(1)), chinese_to_int(zh.group(2))
        if denominator:
            found.append((round(100 * numerator / denominator, 2), zh.start(), zh.end()))
    for en in _EN_FRACTION.finditer(text):
        if en.group(1):
            numerator, denominator = int(en.group(1)), int(en.group(2))
            if not denominator:
                continue
            value = round(100 * numerator / denominator, 2)
        else:
            value = 75.0 if en.group(0).lower().startswith("three") else round(200 / 3, 2)
        found.append((value, en.start(), en.end()))
    return found


def _voting_percentage(sentence: str) -> float | None:
    """The first percentage or fraction of ``sentence`` that is about votes or shares
    ("75% of the Shares", "三分之二以上表决权"), not an amount ("10% of net assets")."""
    terms = [
        (t.value, t.start, t.end) for t in find_financial_terms(sentence) if t.kind == "percentage"
    ]
    for value, start, end in sorted([*_fractions(sentence), *terms], key=lambda t: t[1]):
        if value is not None and _VOTING_CONTEXT.search(sentence[max(0, start - 60) : end + 40]):
            return float(value)
    return None


def _party(sentence: str) -> str:
    """Whose consent ``sentence`` requires, when it names a party rather than an organ."""
    for pattern in (_EN_CONSENT, _ZH_CONSENT):
        for match in pattern.finditer(sentence):
            who = match.group("who").strip()
            if not is_corporate_body(who):
                return who
    return ""


def parse_threshold(sentence: str) -> VotingThreshold:
    """The voting threshold ``sentence`` sets: unanimity, a percentage or fraction
    ("not less than 75%", "三分之二以上"), a supermajority, a simple majority or a named
    party's consent. An organ's approval (the Board, 股东会) with no stated majority
    reads as a simple majority."""
    if _UNANIMOUS.search(sentence):
        return VotingThreshold(
            kind=ThresholdKind.UNANIMOUS, percentage=100.0, blocking_stake=0.0, text=sentence
        )
    percent = _voting_percentage(sentence)
    if percent is not None and percent > 50:
        return VotingThreshold(
            kind=ThresholdKind.SPECIFIED_PERCENTAGE,
            percentage=percent,
            blocking_stake=round(100 - percent, 2),
            text=sentence,
        )
    simple = percent is not None or bool(_SIMPLE.search(sentence))
    if not simple and _SUPERMAJORITY.search(sentence):
        return VotingThreshold(kind=ThresholdKind.SUPERMAJORITY, text=sentence)
    party = "" if simple else _party(sentence)
    if party:
        return VotingThreshold(
            kind=ThresholdKind.PARTY_CONSENT, consenting_party=party, text=sentence
        )
    if simple or _EN_CONSENT.search(sentence) or _ZH_CONSENT.search(sentence):
        return VotingThreshold(
            kind=ThresholdKind.SIMPLE_MAJORITY,
            percentage=percent if percent is not None else 50.0,
            blocking_stake=50.0,
            text=sentence,
        )
    return VotingThreshold(kind=ThresholdKind.NOT_STATED, text=sentence)


def _continues_list(sentence: str, open_list: bool, marked: bool) -> bool:
    """True when ``sentence`` is the next item of a list: an enumerated item, or — in an
    unmarked list after a colon — a line that names a reserved matter."""
    if _MARKER.match(sentence) or _CONNECTOR.match(sentence):
        return True
    if marked or not open_list or _NUMBERED.match(sentence):
        return False
    return bool(classify_matters(sentence))


def read_reserved_matters(sentences: Sequence[str]) -> ReservedMatters:
    """The reserved matters of the clause, their threshold and where the list is.

    A sentence introduces reserved matters when it says so ("reserved matters", "veto",
    "the following matters", "下列事项") or when a consent requirement in it (or in the
    enumerated items after it) covers one of the canonical matters.
    """
    found: dict[ReservedMatter, FoundReservedMatter] = {}
    threshold: VotingThreshold | None = None
    elsewhere = ""
    index = 0
    while index < len(sentences):
        sentence = sentences[index]
        index += 1
        requires = _REQUIRES.search(sentence) is not None
        if not requires and not _STRONG_LEAD.search(sentence):
            continue
        colon = _COLON.search(sentence)
        head = sentence[: colon.start()] if colon else sentence
        tail = sentence[colon.end() :] if colon else ""
        pieces = [p for p in _ITEM_SEPARATOR.split(tail) if p.strip()]
        if colon is None and requires:
            pieces = [sentence]  # "shall not, without the consent of X, amend its Articles"
        open_list = colon is not None and not tail.strip()
        marked = False
        while index < len(sentences) and _continues_list(sentences[index], open_list, marked):
            marked = marked or bool(_MARKER.match(sentences[index]))
            pieces.append(sentences[index])
            index += 1
        matters = [(matter, piece) for piece in pieces for matter in classify_matters(piece)]
        where = _ELSEWHERE.search(sentence)
        if not matters and not _STRONG_LEAD.search(sentence) and where is None:
            continue
        for matter, piece in matters:
            found.setdefault(matter, FoundReservedMatter(matter=matter, text=piece.strip()))
        candidate = parse_threshold(head)
        if threshold is None or (
            threshold.kind is ThresholdKind.NOT_STATED
            and candidate.kind is not ThresholdKind.NOT_STATED
        ):
            threshold = candidate
        if where is not None and not matters and not elsewhere:
            elsewhere = where.group(0)
    ordered = [found[m] for m in ReservedMatter if m in found]
    return ReservedMatters(matters=ordered, threshold=threshold, listed_elsewhere=elsewhere)
