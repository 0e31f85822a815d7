"""Locating a checklist topic in a contract: the generic domain's answer to the
``locate_clauses`` hook.

The contract is cut into clause units (:mod:`.paragraph_units`); each unit is scored
for the topic from its features (:mod:`.unit_features`, :mod:`.topic_signals`) with
the fitted logistic model (:mod:`.locator_parameters`). The topic is judged present
when the best unit reaches the topic's threshold; then the best unit is reported, and
the next one too when it is nearly as good. Otherwise the answer is ``[]`` — the
review reports the topic as missing.

A review asks once per checklist item about the same document, so the prepared units
of the last few documents are kept.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.state import ReviewState

from .locator_parameters import LocatorParameters, load_parameters, reported_count
from .paragraph_units import ClauseUnit, clause_units
from .topic_signals import compiled_signals
from .unit_features import FEATURE_NAMES, DocumentText, document_text, topic_features

__all__ = [
    "RankedUnit",
    "TopicRanking",
    "clear_prepared",
    "locate_topic_clauses",
    "prepared_text",
    "rank_topic",
]

#: Documents whose prepared units are kept.
CACHE_SIZE = 8

_CACHE: OrderedDict[tuple[str, str], DocumentText] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_HEADING = FEATURE_NAMES.index("heading")
_LEAD_HEADING = FEATURE_NAMES.index("lead_heading")
_STRONG_ANY = FEATURE_NAMES.index("strong_any")
_AGAINST = FEATURE_NAMES.index("against")


class RankedUnit(BaseModel):
    """A unit and how likely it holds the topic."""

    model_config = ConfigDict(frozen=True)

    unit: ClauseUnit
    probability: float = Field(ge=0.0, le=1.0)
    reason: str = Field(description="The evidence, in words.")


class TopicRanking(BaseModel):
    """A topic's units, best first, and the locator's decision."""

    model_config = ConfigDict(frozen=True)

    topic: str
    ranked: list[RankedUnit] = Field(description="Units with a trigger word, best first.")
    threshold: float
    found: list[RankedUnit] = Field(description="The units reported; empty = topic absent.")


def prepared_text(document: Document) -> DocumentText:
    """The document's units and matching text, prepared once per document."""
    key = (document.name, document.source)
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
        if cached is not None:
            _CACHE.move_to_end(key)
            return cached
    prepared = document_text(document.source, clause_units(document))
    with _CACHE_LOCK:
        _CACHE[key] = prepared
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return prepared


def clear_prepared() -> None:
    """Forget the prepared documents."""
    with _CACHE_LOCK:
        _CACHE.clear()


def rank_topic(
    document: Document,
    topic: str,
    keywords: tuple[str, ...] = (),
    parameters: LocatorParameters | None = None,
) -> TopicRanking:
    """Score every unit of ``document`` for ``topic`` and decide which to report.

    ``keywords`` (the checklist item's) are the evidence for a topic the signal table
    does not know; the table's topics ignore them.
    """
    params = parameters or load_parameters()
    chosen = params.for_topic(topic)
    prepared = prepared_text(document)
    features = topic_features(prepared, compiled_signals(topic, tuple(keywords)))
    weights = [s + t for s, t in zip(params.shared_weights, chosen.weights, strict=True)]
    bias = params.intercept + chosen.bias
    ranked: list[RankedUnit] = []
    for unit, row, eligible in zip(prepared.units, features.rows, features.eligible, strict=True):
        if not eligible:
            continue
        score = bias + sum(w * x for w, x in zip(weights, row, strict=True))
        ranked.append(RankedUnit(unit=unit, probability=_sigmoid(score), reason=_reason(row)))
    ranked.sort(key=lambda item: -item.probability)  # stable: ties keep document order
    return TopicRanking(
        topic=topic,
        ranked=ranked,
        threshold=chosen.threshold,
        found=_decide(ranked, chosen.threshold, params.extra_ratio_for(topic), params),
    )


def locate_clause(clause: ChecklistItem, state: ReviewState) -> list[ClauseLocation]:
    """Where a generic checklist topic is in the contract under review, best first
    (:func:`locate_topic_clauses`); ``[]`` when it is judged absent or there is no
    contract."""
    document = state.primary
    if document is None:
        return []
    return locate_topic_clauses(document, clause.clause_id, tuple(clause.keywords))


def locate_topic_clauses(
    document: Document,
    topic: str,
    keywords: tuple[str, ...] = (),
    parameters: LocatorParameters | None = None,
) -> list[ClauseLocation]:
    """Where ``topic`` is in ``document``, best first; ``[]`` when judged absent."""
    ranking = rank_topic(document, topic, keywords, parameters)
    return [
        ClauseLocation(
            document=document.name,
            role=document.role,
            clause_id=item.unit.label,
            start=item.unit.start,
            end=item.unit.end,
            score=round(item.probability, 4),
            reason=item.reason,
        )
        for item in ranking.found
    ]


def _decide(
    ranked: list[RankedUnit], threshold: float, extra_ratio: float, params: LocatorParameters
) -> list[RankedUnit]:
    best_first = [item.probability for item in ranked]
    return ranked[: reported_count(best_first, threshold, extra_ratio, params.max_findings)]


def _sigmoid(score: float) -> float:
    if score >= 0:
        return 1.0 / (1.0 + math.exp(-score))
    exp = math.exp(score)
    return exp / (1.0 + exp)


def _reason(row: tuple[float, ...]) -> str:
    parts: list[str] = []
    if row[_HEADING] or row[_LEAD_HEADING]:
        parts.append("heading names the topic")
    if row[_STRONG_ANY]:
        parts.append("characteristic wording")
    if row[_AGAINST]:
        parts.append("some wording of a neighbouring topic")
    return "; ".join(parts) or "supporting words only"
