"""The contract's own words for a drafting template's slots.

A redline drafted from a template (:mod:`.redline_templates`) must read as part of the
contract it amends: the contract's name for itself ("this Agreement", 本协议), its
defined term for the price ("the Contract Price", "the Fees", 合同价款) and the names
it gives the parties ("the Contractor", 乙方). :func:`drafting_slots` reads them from
the document once; :meth:`DraftingSlots.for_parties` adds the burdened and the other
party for one finding. Every pattern here is a plain alternation, linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from ..documents.chinese_script import simplified
from ..documents.model import Document
from .contract_parties import ContractParty

__all__ = ["DraftingSlots", "drafting_slots", "party_phrase", "positional_label"]

# Defined terms for the price or value, most specific first.
_PRICE_TERMS_EN = (
    "Accepted Contract Amount",
    "Contract Price",
    "Contract Sum",
    "Contract Value",
    "Purchase Price",
    "Consideration",
    "Subscription Fees",
    "Service Fees",
    "Licence Fees",
    "License Fees",
    "Charges",
    "Fees",
    "Price",
)
_PERIODIC_EN = frozenset({"Charges", "Fees", "Service Fees", "Subscription Fees", "Licence Fees"})
_PRICE_TERMS_ZH = (
    "合同总价款",
    "合同总价",
    "合同价款",
    "合同总金额",
    "合同金额",
    "签约合同价",
    "转让价款",
    "交易价款",
    "股权转让款",
    "服务费总额",
    "服务费",
    "总价款",
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# "甲方应于…向乙方支付合同价款": who pays the price (not a penalty) in a contract that
# names its parties 甲方 and 乙方. Bounded gaps, so linear in the text.
_PAYS_PRICE = re.compile(
    r"(甲方|乙方)[^。；，,;]{0,30}?支付[^。；]{0,12}?"
    r"(?:合同(?:总)?价|价款|货款|[\u4e00-\u9fff]{0,4}费|报酬|租金|工程款|转让款|价格|款项)"
)
#: Sides that pay the price, and sides that are paid for what they provide.
PAYING_SIDES = frozenset({"employer", "customer", "buyer", "licensee", "lessee", "distributor"})
PAID_SIDES = frozenset({"contractor", "supplier", "seller", "licensor", "lessor"})


class DraftingSlots(BaseModel):
    """What a template's slots are filled with, in the contract's language."""

    model_config = ConfigDict(frozen=True)

    chinese: bool
    contract: str
    price: str
    party: str = ""
    other: str = ""

    def for_parties(self, party: str, other: str) -> DraftingSlots:
        """These slots with the burdened party and the other one."""
        return self.model_copy(update={"party": party, "other": other})

    def fill(self, template: str) -> str:
        """``template`` with its slots filled; a party slot left empty reads as "each
        party" (各方)."""
        either = "各方" if self.chinese else "each party"
        return template.format(
            contract=self.contract,
            price=self.price,
            party=self.party or either,
            other=self.other or ("另一方" if self.chinese else "the other party"),
        )


def _count(text: str, phrase: str) -> int:
    return len(re.findall(re.escape(phrase), text, re.IGNORECASE))


def drafting_slots(document: Document) -> DraftingSlots:
    """The contract's words for itself and its price (parties are per finding)."""
    return _slots_of(document.source, document.language)


@lru_cache(maxsize=16)
def _slots_of(text: str, language: str) -> DraftingSlots:
    """:func:`drafting_slots` of a source text (cached: every checklist item asks)."""
    chinese = language == "zh" or len(_CJK.findall(text[:4000])) > 200
    if chinese:
        contract = "本协议" if text.count("本协议") > text.count("本合同") else "本合同"
        price = next((t for t in _PRICE_TERMS_ZH if t in text), f"{contract}总价款")
        return DraftingSlots(chinese=True, contract=contract, price=price)
    contract = (
        "Agreement"
        if _count(text, "this Agreement") >= _count(text, "this Contract")
        else "Contract"
    )
    term = next((t for t in _PRICE_TERMS_EN if re.search(rf"\b{t}\b", text)), None)
    if term is None:
        price = f"the total amount paid and payable under this {contract}"
    elif term in _PERIODIC_EN:
        price = f"the total {term} paid and payable under this {contract}"
    else:
        price = f"the {term}"
    return DraftingSlots(chinese=False, contract=contract, price=price)


def positional_label(text: str, side: str) -> str:
    """甲方 or 乙方 for ``side`` (a side id such as ``contractor`` or ``buyer``) in a Chinese
    contract that names its parties only by position: the party that pays the price is the
    paying side (employer, customer, buyer...), the other one the side paid (contractor,
    supplier, seller...). '' when the side is neither or the contract does not say clearly
    who pays."""
    if side not in PAYING_SIDES | PAID_SIDES:
        return ""
    payer = _payer(text)
    if not payer:
        return ""
    paid = "乙方" if payer == "甲方" else "甲方"
    return payer if side in PAYING_SIDES else paid


@lru_cache(maxsize=16)
def _payer(text: str) -> str:
    """甲方 or 乙方, whichever pays the price more often in ``text``; '' on a tie (cached:
    every finding whose burdened party is unnamed asks)."""
    payments = [match.group(1) for match in _PAYS_PRICE.finditer(simplified(text))]
    first, second = payments.count("甲方"), payments.count("乙方")
    if first == second:
        return ""
    return "甲方" if first > second else "乙方"


def party_phrase(label: str, *, chinese: bool) -> str:
    """How a template names a party: "the Contractor" for a role word, a name as it is,
    乙方 as it is."""
    label = label.strip()
    if chinese or _CJK.search(label) or not label:
        return label
    if label.lower().startswith("the "):
        return label
    words = label.split()
    role = len(words) <= 2 and all(w[:1].isupper() for w in words)
    company = any(w.rstrip(".,").lower() in _COMPANY_WORDS for w in words)
    return f"the {label}" if role and not company else label


_COMPANY_WORDS = frozenset(
    {"ltd", "limited", "inc", "llc", "plc", "co", "corp", "corporation", "gmbh", "sa", "bv", "pte"}
)


def other_party(parties: Sequence[ContractParty], party: str) -> str:
    """The first label of a party other than ``party``; '' when there is none."""
    for candidate in parties:
        if not candidate.is_called(party) and candidate.labels:
            return candidate.labels[0]
    return ""
