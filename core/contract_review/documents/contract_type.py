"""What kind of contract a document is: supply, services, licence, distribution, ...

The same clause means different things in different contracts — exclusivity in a
distribution agreement appoints the distributor, in a supply agreement it binds the
buyer to one source; a minimum commitment is a purchase quantity in one and a
royalty floor in another. :func:`infer_contract_type` reads the evidence a lawyer
reads first:

* the **title** (the first lines: "MANUFACTURING AND SUPPLY AGREEMENT", "技术服务合同"),
  which weighs most;
* the **opening** (parties and recitals, the first few thousand characters): the
  agreement's name as the parties cite it ("this Distributor Agreement") and what
  the recitals say it is for;
* the **roles** the parties are given as defined terms throughout ("Distributor",
  "Licensee", "Franchisee", "甲方（出租人）").

Each contract type has English and Chinese words for these three places; every match
scores its place's weight (a title word beats a dozen role words), and the type with
the highest score wins. The confidence is its share of all the scores, lowered when
the evidence is thin. A text without any of the words is ``other`` with confidence 0.

All patterns are literal alternatives between word boundaries (no nested
quantifiers), so matching is linear in the text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from .model import Document

__all__ = [
    "CONTRACT_TYPES",
    "OTHER",
    "ContractType",
    "ContractTypeSpec",
    "infer_contract_type",
]

#: Characters read as the title.
TITLE_CHARS = 400
#: Characters read as the opening (parties, recitals).
OPENING_CHARS = 4000
#: Weight of a match in the title, in the opening, and of a role word anywhere.
TITLE_WEIGHT = 4.0
OPENING_WEIGHT = 1.0
ROLE_WEIGHT = 0.5
#: Matches counted at most per place and type (more says no more).
MATCH_CAP = 4
#: A winning score below this lowers the confidence in proportion.
SURE_SCORE = 4.0

#: The type of a text that names none of the known types.
OTHER = "other"


class ContractTypeSpec(BaseModel):
    """A contract type and the words that name it."""

    model_config = ConfigDict(frozen=True)

    type_id: str
    name_en: str
    name_zh: str
    names: str = Field(description="Regex: the agreement's name ('supply', '采购').")
    roles: str = Field(default="", description="Regex: the parties' roles ('Supplier').")


def _spec(
    type_id: str, name_en: str, name_zh: str, names: str, roles: str = ""
) -> ContractTypeSpec:
    return ContractTypeSpec(
        type_id=type_id, name_en=name_en, name_zh=name_zh, names=names, roles=roles
    )


#: The types, in order of precedence on equal scores.
CONTRACT_TYPES: tuple[ContractTypeSpec, ...] = (
    _spec(
        "share_purchase",
        "Share purchase / shareholders' agreement",
        "股权转让/股东协议",
        r"share purchase|stock purchase|share sale|share subscription|subscription|"
        r"shareholders'?|investment|股权转让|股份转让|增资|股东|投资",
        r"shareholders?|investors?|subscribers?|股东|投资方|目标公司",
    ),
    _spec(
        "supply",
        "Supply / manufacturing agreement",
        "供货/采购/委托加工合同",
        r"supply|purchase|procurement|manufactur(?:e|ing)|sales?|o\.?e\.?m|requirements|"
        r"采购|供货|供应|买卖|购销|委托加工|来料加工",
        r"suppliers?|manufacturers?|purchasers?|buyers?|sellers?|vendors?|供方|需方|买方|卖方",
    ),
    _spec(
        "construction",
        "Construction / design and build contract",
        "建设工程/施工合同",
        r"construction|design[- ]and[- ]build|design[- ]build|epc|turnkey|engineering|works|"
        r"civil works|fit-?out|plant|施工|工程|建设|总承包|装修|装饰",
        r"employers?|sub-?contractors?|engineer|employer's representative|发包人|承包人|发包方|承包方",
    ),
    _spec(
        "services",
        "Services agreement",
        "服务合同",
        r"services?|consult(?:ing|ancy)|maintenance|support|outsourcing|operations?|"
        r"management|transportation|agency|服务|咨询|维护|运维|外包|委托",
        r"service providers?|consultants?|contractors?|服务方|受托方",
    ),
    _spec(
        "licence",
        "Licence agreement",
        "许可合同",
        r"licen[cs](?:e|ing)|intellectual property|trademark|patent|royalty|technology transfer|"
        r"许可|授权使用|知识产权|技术转让",
        r"licen[cs]ors?|licen[cs]ees?|sub-?licensees?|许可方|被许可方",
    ),
    _spec(
        "distribution",
        "Distribution / reseller agreement",
        "经销/代理合同",
        r"distribut(?:ion|or|orship)|reseller|resale|dealer(?:ship)?|marketing|sales representative|"
        r"经销|分销|代理|销售代理",
        r"distributors?|resellers?|dealers?|sales agents?|经销商|代理商",
    ),
    _spec(
        "nda",
        "Non-disclosure agreement",
        "保密协议",
        r"non-?disclosure|confidentiality|secrecy|保密",
        r"disclosing party|receiving party|披露方|接收方",
    ),
    _spec(
        "lease",
        "Lease",
        "租赁合同",
        r"lease|leasing|tenancy|rental|租赁|租用",
        r"lessors?|lessees?|landlords?|tenants?|出租方|承租方|出租人|承租人",
    ),
    _spec(
        "employment",
        "Employment agreement",
        "劳动合同",
        r"employment|劳动|聘用|雇佣",
        r"employees?|executives?|劳动者|用人单位|受聘",
    ),
    _spec(
        "loan",
        "Loan / credit agreement",
        "借款合同",
        r"loan|credit|facility|promissory note|borrowing|借款|贷款|授信",
        r"borrowers?|lenders?|借款人|贷款人",
    ),
    _spec(
        "hosting",
        "Hosting / cloud services agreement",
        "托管/云服务合同",
        r"hosting|web ?site|software as a service|saas|cloud|data cent(?:er|re)|托管|云服务",
        r"hosts?|hosting provider",
    ),
    _spec(
        "franchise",
        "Franchise agreement",
        "特许经营合同",
        r"franchise|特许经营|加盟",
        r"franchisors?|franchisees?|特许人|被特许人|加盟商",
    ),
    _spec(
        "joint_venture",
        "Joint venture / cooperation agreement",
        "合资/合作合同",
        r"joint venture|collaboration|co-?operation|strategic alliance|alliance|partnership|"
        r"co-?branding|development|合资|合营|合作|联营",
        r"collaborators?|venturers?|joint venture partners?|合作方|合营方",
    ),
    _spec(
        "endorsement",
        "Endorsement / sponsorship agreement",
        "代言/赞助合同",
        r"endorsement|sponsorship|promotion|affiliate|代言|赞助|推广",
        r"sponsors?|endorsers?|spokesperson|promoters?|赞助方|代言人",
    ),
)

_BY_ID: dict[str, ContractTypeSpec] = {spec.type_id: spec for spec in CONTRACT_TYPES}
_NAMES_ZH: Mapping[str, str] = {OTHER: "其他合同", **{s.type_id: s.name_zh for s in CONTRACT_TYPES}}
_NAMES_EN: Mapping[str, str] = {
    OTHER: "Other contract",
    **{s.type_id: s.name_en for s in CONTRACT_TYPES},
}

# "<type words> [up to four more words] agreement|contract", or a Chinese name ending in 合同/协议.
_AGREEMENT_TAIL = r"(?:[ \t,&/]{1,3}[\w'’-]{1,30}){0,4}[ \t,&/]{1,3}(?:agreement|contract)s?\b"
_ZH_TAIL = r"[\u4e00-\u9fff]{0,6}(?:合同|协议|协议书|契约)"


def _names_pattern(spec: ContractTypeSpec) -> re.Pattern[str]:
    english = "|".join(part for part in spec.names.split("|") if part.isascii())
    chinese = "|".join(part for part in spec.names.split("|") if not part.isascii())
    parts = [rf"\b(?:{english}){_AGREEMENT_TAIL}"] if english else []
    if chinese:
        parts.append(rf"(?:{chinese}){_ZH_TAIL}")
    return re.compile("|".join(parts), re.IGNORECASE)


def _roles_pattern(spec: ContractTypeSpec) -> re.Pattern[str] | None:
    if not spec.roles:
        return None
    english = "|".join(part for part in spec.roles.split("|") if part.isascii())
    chinese = "|".join(part for part in spec.roles.split("|") if not part.isascii())
    # Role words count as defined terms: capitalised ("the Distributor") in English.
    parts = [rf"\b(?:{_capitalised(english)})\b"] if english else []
    if chinese:
        parts.append(rf"(?:{chinese})")
    return re.compile("|".join(parts))


def _capitalised(alternatives: str) -> str:
    """``alternatives`` with each alternative's first letter in capitals (``[Dd]`` would
    also match the ordinary word; a defined role is written with a capital)."""
    return "|".join(part[:1].upper() + part[1:] for part in alternatives.split("|"))


_COMPILED: tuple[tuple[ContractTypeSpec, re.Pattern[str], re.Pattern[str] | None], ...] = tuple(
    (spec, _names_pattern(spec), _roles_pattern(spec)) for spec in CONTRACT_TYPES
)


class ContractType(BaseModel):
    """The inferred type of a contract and why."""

    model_config = ConfigDict(frozen=True)

    type_id: str = Field(description=f"One of the known types' ids, or '{OTHER}'.")
    name_en: str
    name_zh: str
    confidence: float = Field(ge=0.0, le=1.0, description="0 when nothing named a type.")
    evidence: list[str] = Field(
        default_factory=list, description="The words that decided it, as the text writes them."
    )
    scores: dict[str, float] = Field(
        default_factory=dict, description="Every type with any evidence, and its score."
    )


def infer_contract_type(document_or_text: Document | str) -> ContractType:
    """The type of a contract, from its title, opening and the parties' roles."""
    if isinstance(document_or_text, Document):
        text = document_or_text.source
        title = document_or_text.title
    else:
        text, title = document_or_text, ""
    head = text[:TITLE_CHARS]
    if title and title not in head:  # a title the parser took from elsewhere (metadata)
        head = f"{title}\n{head}"
    # A copy: the cached one is shared (the review and the generic locator both ask).
    return _inferred(text, head).model_copy(deep=True)


@lru_cache(maxsize=16)
def _inferred(text: str, head: str) -> ContractType:
    """:func:`infer_contract_type` of ``text`` whose title and first lines are ``head``."""
    opening = text[TITLE_CHARS:OPENING_CHARS]
    scores: dict[str, float] = {}
    evidence: dict[str, list[str]] = {}
    for spec, names, roles in _COMPILED:
        found: list[str] = []
        score = TITLE_WEIGHT * _matches(names, head, found)
        score += OPENING_WEIGHT * _matches(names, opening, found)
        if roles is not None:
            role_hits = _matches(roles, text, found, cap=64)
            score += ROLE_WEIGHT * math.log1p(role_hits) / math.log(2)
        if score > 0:
            scores[spec.type_id] = round(score, 3)
            evidence[spec.type_id] = found
    if not scores:
        return ContractType(
            type_id=OTHER, name_en=_NAMES_EN[OTHER], name_zh=_NAMES_ZH[OTHER], confidence=0.0
        )
    order = [spec.type_id for spec in CONTRACT_TYPES]
    best = max(scores, key=lambda type_id: (scores[type_id], -order.index(type_id)))
    share = scores[best] / sum(scores.values())
    confidence = share * min(1.0, scores[best] / SURE_SCORE)
    spec = _BY_ID[best]
    return ContractType(
        type_id=best,
        name_en=spec.name_en,
        name_zh=spec.name_zh,
        confidence=round(confidence, 3),
        evidence=list(dict.fromkeys(evidence[best]))[:8],
        scores=scores,
    )


def _matches(pattern: re.Pattern[str], text: str, found: list[str], cap: int = MATCH_CAP) -> int:
    """Matches of ``pattern`` in ``text`` (at most ``cap``), their words added to ``found``."""
    count = 0
    for match in pattern.finditer(text):
        found.append(" ".join(match.group().split()))
        count += 1
        if count >= cap:
            break
    return count
