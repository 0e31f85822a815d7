"""Skill ``spa_extract_conditions``: the conditions precedent of a transaction.

Splits the conditions clause into its enumerated conditions ((a)/(b), (i), （一）, 1.),
classifies each (regulatory approval, third-party consent, no material adverse change,
board/shareholder approval, accuracy of warranties and performance of covenants,
other), notes which are stated to be waivable, and finds the long-stop date — in the
clause, or in the definition of the term the clause uses.
"""

from __future__ import annotations

import datetime as dt
import re
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.model import Document
from contract_review.skills.generic.clause_input import ClauseTextInput
from contract_review.skills.generic.financial_terms import find_financial_terms
from contract_review.text.sentences import sentences

from .dates import find_dates
from .enumeration import split_enumeration


class ConditionCategory(StrEnum):
    """The kind of a condition precedent."""

    REGULATORY_APPROVAL = "regulatory_approval"
    THIRD_PARTY_CONSENT = "third_party_consent"
    NO_MAC = "no_mac"
    CORPORATE_APPROVAL = "corporate_approval"
    WARRANTIES_AND_COVENANTS = "warranties_and_covenants"
    OTHER = "other"


class Condition(BaseModel):
    """One condition precedent."""

    label: str = Field(description="The enumeration marker, e.g. '(a)'; empty when unnumbered.")
    text: str
    category: ConditionCategory
    waivable: bool = Field(default=False, description="The condition itself says it may be waived.")


class LongStopDate(BaseModel):
    """The date by which the conditions must be satisfied."""

    text: str = Field(description="The sentence or definition that sets it.")
    date: dt.date | None = None
    period: str = Field(default="", description="A period instead of a date, e.g. 'six months'.")
    from_definition: bool = Field(
        default=False, description="Found in the definition of the term the clause uses."
    )


class ExtractConditionsInput(ClauseTextInput):
    """Input of ``spa_extract_conditions``."""


class ExtractConditionsOutput(BaseModel):
    """Output of ``spa_extract_conditions``."""

    clause_id: str
    conditions: list[Condition] = Field(default_factory=list)
    categories: dict[str, int] = Field(
        default_factory=dict, description="Number of conditions per category."
    )
    long_stop_date: LongStopDate | None = None
    waiver_provisions: list[str] = Field(
        default_factory=list, description="Sentences of the clause about waiving conditions."
    )
    notes: list[str] = Field(default_factory=list)


_CATEGORY_PATTERNS: tuple[tuple[ConditionCategory, re.Pattern[str]], ...] = tuple(
    (category, re.compile(pattern, re.IGNORECASE))
    for category, pattern in (
        (
            ConditionCategory.NO_MAC,
            r"material\s+adverse|\bMA[CE]\b|重大不利",
        ),
        (
            ConditionCategory.CORPORATE_APPROVAL,
            r"board\s+of\s+directors|\bboard\b|\bdirectors\b|shareholders?['’]?\s+(?:meeting|resolution|approval)|"
            r"general\s+meeting|resolution\s+of\s+the\s+shareholders|董事会|股东会|股东大会|股东(?:大)?会决议|内部决策|内部审批|决议",
        ),
        (
            ConditionCategory.REGULATORY_APPROVAL,
            r"regulat|governmental|government|authorit(?:y|ies)|anti-?trust|anti-?monopoly|merger\s+control|"
            r"competition|\bSAMR\b|\bMOFCOM\b|\bNDRC\b|\bSAFE\b|\bCFIUS\b|\bFDI\b|\bclearance|filing|"
            r"\bregistration|审批|核准|备案|登记|反垄断|经营者集中|市场监督管理|商务(?:部|主管)|发改委|发展和改革|外汇|主管部门|政府|监管",
        ),
        (
            ConditionCategory.THIRD_PARTY_CONSENT,
            r"consent|waiver|lenders?|\bbanks?\b|landlord|counterpart(?:y|ies)|third[- ]part(?:y|ies)|"
            r"change\s+of\s+control|同意|豁免|债权人|银行|出租方|第三方|控制权变更",
        ),
        (
            ConditionCategory.WARRANTIES_AND_COVENANTS,
            r"warrant(?:y|ies)|representations?|performed|complied\s+with|covenants?|陈述|保证|承诺|履行|遵守",
        ),
    )
)
_WAIVABLE = re.compile(
    r"(?:may|can)\s+(?:be\s+)?waive|waivable|(?:可|得)(?:由\w{1,6})?(?:书面)?豁免", re.IGNORECASE
)
_WAIVER_SENTENCE = re.compile(r"waive|豁免", re.IGNORECASE)
_LONG_STOP = re.compile(
    r"long[- ]?stop\s+date|longstop\s+date|\bend\s+date|outside\s+date|cut-?off\s+date|"
    r"最后截止日|最终截止日|最后期限|截止日期|最晚交割日|终止日",
    re.IGNORECASE,
)


def classify_condition(text: str) -> ConditionCategory:
    """The category of one condition: the one whose wording occurs most (ties go to the
    earlier: no MAC, corporate approval, regulatory approval, consent, warranties)."""
    best = ConditionCategory.OTHER
    best_hits = 0
    for category, pattern in _CATEGORY_PATTERNS:
        hits = len(pattern.findall(text))
        if hits > best_hits:
            best, best_hits = category, hits
    return best


def _period_text(text: str) -> str:
    periods = [term.text for term in find_financial_terms(text) if term.kind == "period"]
    return periods[0] if periods else ""


def find_long_stop_date(text: str, document: Document | None) -> LongStopDate | None:
    """The long-stop date set in ``text``, or in the definition of the long-stop term."""
    for sentence in sentences(text, semicolons=True, line_breaks=True):
        if not _LONG_STOP.search(sentence):
            continue
        dates = find_dates(sentence)
        if dates:
            return LongStopDate(text=sentence, date=dates[0].value)
        period = _period_text(sentence)
        if period:
            return LongStopDate(text=sentence, period=period)
    if document is not None and _LONG_STOP.search(text):
        for term in document.definitions:
            if not _LONG_STOP.search(term.term):
                continue
            dates = find_dates(term.definition)
            return LongStopDate(
                text=f"{term.term}: {term.definition}",
                date=dates[0].value if dates else None,
                period="" if dates else _period_text(term.definition),
                from_definition=True,
            )
    return None


def extract_conditions(input_data: ExtractConditionsInput) -> ExtractConditionsOutput:
    """Handler of ``spa_extract_conditions``."""
    text = input_data.resolve_text()
    if not text:
        return ExtractConditionsOutput(
            clause_id=input_data.clause_id,
            notes=[f"no text found for clause {input_data.clause_id}"],
        )
    notes: list[str] = []
    enumeration = split_enumeration(text)
    if enumeration.items:
        conditions = [
            Condition(
                label=item.label,
                text=item.text,
                category=classify_condition(item.text),
                waivable=bool(_WAIVABLE.search(item.text)),
            )
            for item in enumeration.items
        ]
    else:
        notes.append("the clause has no enumerated conditions; sentences were classified instead")
        conditions = [
            Condition(
                label="",
                text=sentence,
                category=category,
                waivable=bool(_WAIVABLE.search(sentence)),
            )
            for sentence in sentences(text, semicolons=True, line_breaks=True)
            if (category := classify_condition(sentence)) is not ConditionCategory.OTHER
        ]
    categories: dict[str, int] = {}
    for condition in conditions:
        categories[condition.category.value] = categories.get(condition.category.value, 0) + 1
    long_stop = find_long_stop_date(text, input_data.document_structure)
    if long_stop is None:
        notes.append("no long-stop date found")
    outside_items = f"{enumeration.lead_in}\n{enumeration.tail}" if enumeration.items else text
    return ExtractConditionsOutput(
        clause_id=input_data.clause_id,
        conditions=conditions,
        categories=categories,
        long_stop_date=long_stop,
        waiver_provisions=[
            s
            for s in sentences(outside_items, semicolons=True, line_breaks=True)
            if _WAIVER_SENTENCE.search(s)
        ],
        notes=notes,
    )
