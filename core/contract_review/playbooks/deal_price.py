"""The price a contract states for the deal, so that a limit written as an amount can be
judged as a share of it ("shall not exceed GBP 250,000" in a GBP 48,500,000 purchase is
about 0.5% of the price).

The price is the first amount stated for a price term — "the Purchase Price is
GBP 48,500,000", "a consideration of USD 120 million", "股权转让价款为人民币1.2亿元",
"the consideration for the Sale Shares is S$186,000,000",
"增资款合计人民币8,000万元" — within a short reach after the term and in its sentence
(up to a semicolon, :mod:`contract_review.text.sentences`). A contract that states
no such amount has no price, and rules in ``price_percent`` then read only percentages.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from ..skills.generic.financial_terms import find_financial_terms
from ..text.sentences import sentence_at

__all__ = ["PRICE_REACH", "DealPrice", "deal_price"]

#: How far after the price term (characters) its amount may be written.
PRICE_REACH = 120

_PRICE_TERM = re.compile(
    r"\b(?:(?:aggregate\s+|total\s+)?(?:Purchase|Subscription|Sale|Acquisition|Transfer)\s+"
    r"(?:Price|Consideration|Amount)|(?-i:Consideration)|consideration(?=\s+for\s+the\b)|"
    r"Investment\s+Amount|Contract\s+Price)\b"
    r"|(?:股权)?(?:转让|收购|交易|购买)(?:价款|对价|价格|款)|增资款|投资款|认购款|交易总价",
    re.IGNORECASE,
)
# Words between the term and its amount that make it the price's statement, not a
# mention of it ("the Purchase Price is", '"Subscription Amount" means', "股权转让价款为", "of").
_STATES = re.compile(
    r"\b(?:is|shall\s+be|will\s+be|means|amounts?\s+to|equal\s+to|of|totalling|being)\b"
    r"|为|是|共计|合计|总额|总计|[:：]",
    re.IGNORECASE,
)
# Words that make the amount something else: a part, an instalment, a deposit.
_PART = re.compile(
    r"\b(?:of\s+which|instalment|deposit|retention|escrow|adjust|less|balance|cap)\w*|其中|首期|定金|保证金|尾款|扣除",
    re.IGNORECASE,
)

# Words just before the term that make it a part of the price, not the price: '"Deferred
# Consideration" means S$6,000,000', "首期转让价款为…".
_PART_BEFORE = re.compile(
    r"\b(?:Deferred|Initial|Contingent|Additional|Earn-?out|Escrow(?:ed)?|Retention|Retained"
    r"|Holdback|Completion|Closing|Estimated|Provisional|First|Second|Third|Final|Balance"
    r"|Maximum|Minimum)\s+$"
    r"|(?:首期|首笔|第[一二三四五六七八九十]+(?:期|笔)|[二三四五]期|尾期|剩余|预付)$",
    re.IGNORECASE,
)


class DealPrice(BaseModel):
    """The deal's price as the contract states it."""

    model_config = ConfigDict(frozen=True)

    amount: float = Field(gt=0)
    currency: str = Field(description="Currency code as read (GBP, USD, CNY...).")
    term: str = Field(description="The contract's name for it: 'Purchase Price', '转让价款'.")


def deal_price(text: str) -> DealPrice | None:
    """The first amount ``text`` states as the deal's price, or None."""
    for match in _PRICE_TERM.finditer(text):
        if _PART_BEFORE.search(text, max(0, match.start() - 20), match.start()):
            continue
        _, sentence_end = sentence_at(text, match.start(), semicolons=True)
        window = text[match.end() : min(sentence_end, match.end() + PRICE_REACH)]
        amounts = [t for t in find_financial_terms(window) if t.kind == "amount" and t.value > 0]
        if not amounts:
            continue
        first = amounts[0]
        between = window[: first.start]
        if not _STATES.search(between) or _PART.search(between):
            continue
        return DealPrice(
            amount=first.value, currency=first.unit, term=" ".join(match.group().split())
        )
    return None
