"""Reading the legal shape of a question and of a sentence: who acts (the legal actor:
用人单位, 劳动者, the Contractor), whether the sentence lays down a rule (不得, 应当, 可以,
除…外, shall, may), and whether a question asks for a period or an amount.

"试用期内用人单位可以随意解除劳动合同吗" asks what the *employer* may do: a sentence whose
rule binds the employer ("…用人单位不得解除劳动合同") answers it; one in which the employee
acts ("劳动者在试用期内提前三日通知用人单位，可以解除劳动合同") does not, although it shares
more words with the question. :func:`sentence_actor` tells the two apart.
"""

from __future__ import annotations

import re

__all__ = [
    "ACTORS_EN",
    "ACTORS_ZH",
    "QUANTITY_CUES_ZH",
    "asks_for_quantity",
    "asks_permission",
    "first_actor",
    "grants_or_forbids",
    "has_exception",
    "has_quantity",
    "has_rule",
    "sentence_actor",
]

#: Chinese legal actors (parties and persons the law gives rights or duties).
ACTORS_ZH: tuple[str, ...] = (
    "用人单位",
    "劳动者",
    "劳务派遣单位",
    "用工单位",
    "工会",
    "当事人",
    "出租人",
    "承租人",
    "次承租人",
    "出卖人",
    "买受人",
    "债权人",
    "债务人",
    "保证人",
    "抵押权人",
    "抵押人",
    "质权人",
    "出质人",
    "贷款人",
    "借款人",
    "出借人",
    "发包人",
    "承包人",
    "分包人",
    "委托人",
    "受托人",
    "定作人",
    "承揽人",
    "托运人",
    "承运人",
    "收货人",
    "赠与人",
    "受赠人",
    "保险人",
    "投保人",
    "被保险人",
    "受益人",
    "合伙人",
    "股东",
    "董事",
    "消费者",
    "经营者",
    "生产者",
    "销售者",
    "平台经营者",
    "电子商务经营者",
    "旅游者",
    "旅行社",
    "著作权人",
    "商标注册人",
    "权利人",
    "行为人",
    "侵权人",
    "被侵权人",
    "代理人",
    "被代理人",
    "监护人",
    "继承人",
    "原告",
    "被告",
    "人民法院",
    "甲方",
    "乙方",
    "丙方",
    "卖方",
    "买方",
)

#: English legal actors (contract parties and persons).
ACTORS_EN: tuple[str, ...] = (
    "employer",
    "employee",
    "contractor",
    "subcontractor",
    "engineer",
    "owner",
    "landlord",
    "tenant",
    "lessor",
    "lessee",
    "buyer",
    "seller",
    "purchaser",
    "vendor",
    "supplier",
    "customer",
    "licensor",
    "licensee",
    "lender",
    "borrower",
    "guarantor",
    "shareholder",
    "company",
    "party",
    "parties",
    "consumer",
    "insurer",
    "insured",
)

_ZH_ACTOR = re.compile("|".join(sorted(map(re.escape, ACTORS_ZH), key=len, reverse=True)))
_EN_ACTOR = re.compile(
    r"\b(" + "|".join(sorted(ACTORS_EN, key=len, reverse=True)) + r")s?\b", re.IGNORECASE
)
_ZH_MODAL = re.compile(r"不得|不能|不应|应当|应该|必须|可以|有权|无权|禁止|不予|应予|需要|须")
_EN_MODAL = re.compile(
    r"\b(shall|may|must|will|should|can|cannot|is entitled|is required|is not entitled)\b",
    re.IGNORECASE,
)
#: 除…外 / 除…以外 (an exception spelled around its content), and its English cousins.
_ZH_EXCEPTION = re.compile(
    r"(?<![解免排消删清扣废拆剔开])除[^，。；]{0,80}?(?:以外|之外|外)|但是|但"
)
_EN_EXCEPTION = re.compile(r"\b(except|unless|save that|provided that|other than)\b", re.I)
_ZH_RULE = re.compile(r"不得|应当|必须|可以|有权|无权|禁止|不予|不能|应予")
#: Words that ask for a period, a limit or an amount; they say what kind of answer is
#: wanted, not what it is about, so they weigh little as search terms.
QUANTITY_CUES_ZH: frozenset[str] = frozenset(
    ["多长", "多久", "多少", "上限", "下限", "最长", "最短", "最高", "最低", "限制", "限额", "几天"]
)
_QUANTITY_QUESTION = re.compile(
    r"多长|多久|多少|几[天日年月个次倍]|期限|上限|下限|最长|最短|最高|最低|比例|限制|限额|限度|"
    r"\bhow (long|much|many)\b|\b(deadline|period|limit|maximum|minimum|cap)\b",
    re.IGNORECASE,
)
_QUANTITY = re.compile(
    r"[〇零一二三四五六七八九十百千两\d]+(?:个月|日|天|年|周|小时|倍|元|万元|%|‰)|百分之|千分之|"
    r"\b\d+(?:\.\d+)?\s*(?:days?|months?|years?|weeks?|hours?|%|per ?cent)\b",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r"[，,；;：:]")
_PERMISSION_QUESTION = re.compile(
    r"可以|能否|能不能|可否|可不可以|有权|有没有权|允许|能够|\b(may|can|could|allowed|"
    r"entitled|permitted)\b",
    re.IGNORECASE,
)
_PERMISSION = re.compile(
    r"不得|可以|有权|无权|禁止|不能|不准|允许|\b(may|must not|shall not|cannot|is entitled|"
    r"is not entitled|is permitted|is prohibited)\b",
    re.IGNORECASE,
)


def _actors(text: str) -> list[tuple[int, str]]:
    found = [(m.start(), m.group()) for m in _ZH_ACTOR.finditer(text)]
    found += [(m.start(), m.group(1).lower()) for m in _EN_ACTOR.finditer(text)]
    return sorted(found)


def first_actor(text: str) -> str | None:
    """The first legal actor named in ``text`` (English ones lower-cased), or None."""
    found = _actors(text)
    return found[0][1] if found else None


def _without_exceptions(text: str) -> str:
    """``text`` with 除…外 spans blanked out (their actors are not the subject)."""
    return _ZH_EXCEPTION.sub(lambda m: " " * len(m.group()), text)


def sentence_actor(sentence: str) -> str | None:
    """Who the rule of ``sentence`` binds or empowers: the actor named before the modal
    word (不得, 应当, 可以, shall, may) of the last clause that has one — the last in that
    clause, else the sentence's first actor before it (its subject); without one, the first
    actor of the sentence outside 除…外 spans. None when no actor is named where it
    would bind: an actor named only *after* the modal word is its object
    ("保险公司应当自收到被保险人提供的证明…" binds no listed actor, not 被保险人)."""
    text = _without_exceptions(sentence)
    position = 0
    modal_clause: tuple[int, str] | None = None
    for piece in _CLAUSE_BREAK.split(text):
        if _ZH_MODAL.search(piece) or _EN_MODAL.search(piece):
            modal_clause = (position, piece)
        position += len(piece) + 1
    if modal_clause is None:
        return first_actor(text)
    start, piece = modal_clause
    match = _ZH_MODAL.search(piece) or _EN_MODAL.search(piece)
    assert match is not None
    in_clause = _actors(piece[: match.start()])
    if in_clause:
        return in_clause[-1][1]
    before = _actors(text[: start + match.start()])
    return before[0][1] if before else None


def has_rule(sentence: str) -> bool:
    """Whether ``sentence`` lays down a rule (不得, 应当, 可以, 有权 …, shall, may, must)."""
    return bool(_ZH_RULE.search(sentence) or _EN_MODAL.search(sentence))


def has_exception(sentence: str) -> bool:
    """Whether ``sentence`` states an exception (除…外, 但是, except, unless)."""
    return bool(_ZH_EXCEPTION.search(sentence) or _EN_EXCEPTION.search(sentence))


def asks_for_quantity(question: str) -> bool:
    """Whether ``question`` asks for a period, a limit or an amount (多长, 多少, how long)."""
    return bool(_QUANTITY_QUESTION.search(question))


def asks_permission(question: str) -> bool:
    """Whether ``question`` asks whether someone may do something (可以…吗, 有权, may, can)."""
    return bool(_PERMISSION_QUESTION.search(question))


def grants_or_forbids(sentence: str) -> bool:
    """Whether ``sentence`` allows or forbids something (可以, 有权, 不得, 禁止, may, shall not)."""
    return bool(_PERMISSION.search(sentence))


def has_quantity(sentence: str) -> bool:
    """Whether ``sentence`` states a period or an amount (一个月, 三日, 百分之二十, 30 days)."""
    return bool(_QUANTITY.search(sentence))
