"""Skill ``spa_indemnity_analysis``: the limits and extensions of the sellers'
liability under an indemnity (or warranty-claims limitation) clause.

Finds the overall cap, the de minimis (per-claim minimum), the basket or threshold
(and whether it is a tipping basket or a deductible), the periods within which claims
must be notified, the specific indemnities (particular matters indemnified pound for
pound) and whether fraud is carved out of the limits. Amounts, percentages and periods
are read by core's financial-term extraction.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.skills.generic.clause_input import ClauseTextInput
from contract_review.skills.generic.financial_terms import FinancialTerm, find_financial_terms
from contract_review.text.sentences import sentences

from .subjects import Subject, classify_subject


class LimitAmount(BaseModel):
    """A monetary limit as written: an amount, a percentage of the price, or both."""

    text: str = Field(description="The sentence that sets the limit.")
    amount: float | None = None
    currency: str | None = None
    percentage: float | None = Field(default=None, description="Percent of the price, e.g. 100.0.")
    computed_amount: float | None = Field(
        default=None, description="The percentage applied to the purchase price, when given."
    )


class BasketType(StrEnum):
    """How a basket works once it is reached."""

    TIPPING = "tipping"  # the whole amount becomes recoverable
    DEDUCTIBLE = "deductible"  # only the excess is recoverable
    UNKNOWN = "unknown"


class Basket(LimitAmount):
    """The aggregate threshold claims must reach."""

    basket_type: BasketType = BasketType.UNKNOWN


class ClaimPeriod(BaseModel):
    """A period within which claims must be notified."""

    text: str = Field(description="The sentence that sets the period.")
    period: str = Field(description="The period as written, e.g. '18 months'.")
    months: float = Field(description="The period in months.")
    applies_to: str = Field(
        default="general", description="'general', or the subject with its own period (e.g. 'tax')."
    )


class SpecificIndemnity(BaseModel):
    """A particular matter indemnified outside the warranty regime."""

    subject: Subject
    text: str


class IndemnityAnalysisInput(ClauseTextInput):
    """Input of ``spa_indemnity_analysis``."""

    purchase_price: float | None = Field(
        default=None,
        gt=0,
        description="The purchase price, to turn percentage limits into amounts.",
    )


class IndemnityAnalysisOutput(BaseModel):
    """Output of ``spa_indemnity_analysis``."""

    clause_id: str
    cap: LimitAmount | None = None
    de_minimis: LimitAmount | None = None
    basket: Basket | None = None
    claim_periods: list[ClaimPeriod] = Field(default_factory=list)
    specific_indemnities: list[SpecificIndemnity] = Field(default_factory=list)
    fraud_carve_out: bool = Field(
        default=False, description="The limits do not apply to fraud or wilful misconduct."
    )
    notes: list[str] = Field(default_factory=list)


_CAP = re.compile(
    r"aggregate\s+liability|total\s+liability|maximum\s+(?:aggregate\s+)?(?:liability|amount)|"
    r"liability\s+[^.;]{0,80}?shall\s+not\s+(?:in\s+aggregate\s+)?exceed|shall\s+not\s+exceed\s+in\s+aggregate|\bcap(?:ped)?\b|"
    r"赔偿(?:责任)?(?:总额|上限|累计)|责任(?:总额|上限)|累计(?:赔偿)?(?:金额|总额)?不(?:应|得)?超过|最高赔偿",
    re.IGNORECASE,
)
_DE_MINIMIS = re.compile(
    r"de\s+minimis|individual\s+claim|any\s+single\s+claim|any\s+one\s+claim|each\s+(?:individual\s+)?claim|"
    r"单项|单笔|单次|单个索赔|每项索赔",
    re.IGNORECASE,
)
_BASKET = re.compile(
    r"basket|threshold|aggregate\s+(?:amount\s+)?of\s+(?:all\s+)?claims|all\s+claims\s+[^.;]{0,40}?exceeds?|"
    r"累计(?:索赔)?(?:金额|总额)?(?:超过|达到)|起赔(?:额|点)|免赔额|门槛",
    re.IGNORECASE,
)
_DEDUCTIBLE = re.compile(
    r"only\s+(?:for\s+|to\s+the\s+extent\s+of\s+)?the\s+(?:amount\s+)?(?:in\s+)?excess|excess\s+only|deductible|"
    r"超(?:过|出)部分|超出的部分|仅就超出",
    re.IGNORECASE,
)
_TIPPING = re.compile(
    r"whole\s+(?:amount|of\s+the\s+amount)|entire\s+amount|from\s+the\s+first|not\s+(?:merely|just|only)\s+the\s+excess|"
    r"tipping|全部(?:金额|损失)|全额|从第一",
    re.IGNORECASE,
)
_NOT_MERELY_EXCESS = re.compile(
    r"not\s+(?:merely|just|only|simply)\s+(?:for\s+)?the\s+(?:amount\s+(?:in\s+)?)?excess|而非仅(?:就)?超(?:过|出)部分",
    re.IGNORECASE,
)
_NOT_WHOLE = re.compile(
    r"(?:not|rather\s+than)\s+(?:for\s+)?the\s+(?:whole|entire|full)\s+amount|而非全部(?:金额)?",
    re.IGNORECASE,
)
_CLAIM_PERIOD = re.compile(
    r"notice\s+of\s+(?:the\s+|any\s+)?claim|claims?\s+(?:must|shall|is|are)\s+(?:be\s+)?(?:notified|made|brought|given)|"
    r"unless\s+[^.;]{0,80}?(?:notice|notified)|no\s+claim\s+[^.;]{0,120}?(?:within|before|after)|"
    r"(?:提出|发出)(?:书面)?索赔|索赔(?:期限|期间|时效)|索赔通知",
    re.IGNORECASE,
)
_SPECIFIC = re.compile(
    r"specific(?:ally)?\s+indemnif|special\s+indemnit|indemnify\s+[^.;]{0,80}?(?:in\s+respect\s+of|arising\s+(?:out\s+of|from)|relating\s+to)|"
    r"特别赔偿|专项赔偿|特殊赔偿|就[^。；]{2,40}?(?:承担|予以|进行)(?:全部)?(?:赔偿|补偿)",
    re.IGNORECASE,
)
_WARRANTY_BREACH = re.compile(
    r"breach\s+of\s+(?:any\s+of\s+)?the\s+warrant|违反\S{0,6}(?:陈述|保证)", re.IGNORECASE
)
_FRAUD = re.compile(
    r"fraud|wil(?:l)?ful\s+(?:misconduct|concealment|default)|dishonest|欺诈|故意|恶意",
    re.IGNORECASE,
)
_NOT_LIMITED = re.compile(
    r"shall\s+not\s+apply|do(?:es)?\s+not\s+apply|none\s+of\s+[^.;]{0,60}?(?:shall|will)\s+apply|shall\s+not\s+limit|not\s+be\s+limited|nothing\s+in\s+this|"
    r"不适用|不受\S{0,10}?限制|不应限制",
    re.IGNORECASE,
)
_MONTHS = {"day": 1 / 30, "working_day": 1 / 21, "week": 7 / 30, "month": 1.0, "year": 12.0}


def _limit(sentence: str, terms: list[FinancialTerm], price: float | None) -> LimitAmount | None:
    amount = next((t for t in terms if t.kind == "amount"), None)
    percent = next((t for t in terms if t.kind == "percentage"), None)
    if amount is None and percent is None:
        return None
    return LimitAmount(
        text=sentence,
        amount=amount.value if amount else None,
        currency=amount.unit if amount else None,
        percentage=percent.value if percent else None,
        computed_amount=percent.value / 100 * price if percent and price else None,
    )


def _claim_periods(sentence: str, terms: list[FinancialTerm]) -> list[ClaimPeriod]:
    periods = [t for t in terms if t.kind == "period"]
    found: list[ClaimPeriod] = []
    for index, term in enumerate(periods):
        start = periods[index - 1].end if index else 0
        end = periods[index + 1].start if index + 1 < len(periods) else len(sentence)
        context = sentence[start:end]
        subject = classify_subject(context) if len(periods) > 1 else classify_subject(sentence)
        applies_to = (
            subject.value
            if subject in (Subject.TAX, Subject.TITLE_TO_SHARES, Subject.CAPACITY_AUTHORITY)
            else "general"
        )
        found.append(
            ClaimPeriod(
                text=sentence,
                period=term.text,
                months=round(term.value * _MONTHS[term.unit], 2),
                applies_to=applies_to,
            )
        )
    return found


def basket_type(sentence: str) -> BasketType:
    """Whether a basket sentence makes the whole amount or only the excess recoverable."""
    if _NOT_MERELY_EXCESS.search(sentence):
        return BasketType.TIPPING
    if _NOT_WHOLE.search(sentence) or _DEDUCTIBLE.search(sentence):
        return BasketType.DEDUCTIBLE
    if _TIPPING.search(sentence):
        return BasketType.TIPPING
    return BasketType.UNKNOWN


def analyse_indemnity(input_data: IndemnityAnalysisInput) -> IndemnityAnalysisOutput:
    """Handler of ``spa_indemnity_analysis``."""
    text = input_data.resolve_text()
    if not text:
        return IndemnityAnalysisOutput(
            clause_id=input_data.clause_id,
            notes=[f"no text found for clause {input_data.clause_id}"],
        )
    price = input_data.purchase_price
    cap: LimitAmount | None = None
    de_minimis: LimitAmount | None = None
    basket: Basket | None = None
    periods: list[ClaimPeriod] = []
    specific: list[SpecificIndemnity] = []
    fraud = False
    for sentence in sentences(text, semicolons=True, line_breaks=True):
        terms = find_financial_terms(sentence)
        if _FRAUD.search(sentence) and _NOT_LIMITED.search(sentence):
            fraud = True
        if de_minimis is None and _DE_MINIMIS.search(sentence):
            de_minimis = _limit(sentence, terms, price)
            if de_minimis is not None:
                continue
        if cap is None and _CAP.search(sentence):
            cap = _limit(sentence, terms, price)
            if cap is not None:
                continue
        if basket is None and _BASKET.search(sentence):
            limit = _limit(sentence, terms, price)
            if limit is not None:
                basket = Basket(**limit.model_dump(), basket_type=basket_type(sentence))
                continue
        if _CLAIM_PERIOD.search(sentence):
            periods.extend(_claim_periods(sentence, terms))
        if _SPECIFIC.search(sentence) and not _WARRANTY_BREACH.search(sentence):
            specific.append(SpecificIndemnity(subject=classify_subject(sentence), text=sentence))
    notes: list[str] = []
    if cap is None:
        notes.append("no cap on liability found")
    if basket is not None and basket.basket_type is BasketType.UNKNOWN:
        notes.append(
            "the basket does not say whether the whole amount or only the excess is recoverable"
        )
    return IndemnityAnalysisOutput(
        clause_id=input_data.clause_id,
        cap=cap,
        de_minimis=de_minimis,
        basket=basket,
        claim_periods=periods,
        specific_indemnities=specific,
        fraud_carve_out=fraud,
        notes=notes,
    )
