"""Locating a checklist topic in a contract with a domain's signal table:
:class:`SignalLocator`, a ``clause_locator`` any domain can declare.

The contract is cut into clause units (:mod:`.units`); each unit is scored for the
topic from its features (:mod:`.features`, from the domain's :mod:`.signals` table)
with the domain's fitted logistic model (:mod:`.parameters`). The topic is judged
present when the best unit reaches the topic's threshold; then the best unit is
reported, and the next one too when it is nearly as good. Otherwise the answer is
``[]`` — the review reports the topic as missing. A topic the table does not know is
located by the checklist item's keywords (:func:`.signals.fallback_signals`).

A domain configures one locator and declares it::

    LOCATOR = SignalLocator(
        signals=SIGNALS,
        parameters=PackagedParameters(package=__package__, filename="locator_parameters.json"),
    )
    DomainDeclaration(spec=..., clause_locator=LOCATOR.locate_clause)

A review asks once per checklist item about the same document, so the prepared units
of the last few documents are kept (shared by every locator: they do not depend on
the topic or the domain).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.state import ReviewState

from .features import FEATURE_NAMES, DocumentText, document_text, topic_features
from .parameters import LocatorParameters, PackagedParameters, reported_count
from .signals import CompiledSignals, TopicSignals, compile_signals, fallback_signals
from .units import ClauseUnit, clause_units

__all__ = [
    "RankedUnit",
    "SignalLocator",
    "TopicRanking",
    "clear_prepared",
    "prepared_text",
]

#: Documents whose prepared units are kept.
CACHE_SIZE = 8
#: Compiled topics kept per locator (the table's and keyword fallbacks).
COMPILED_TOPICS = 512

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


class SignalLocator:
    """A domain's clause locator: its signal table and its fitted parameters.

    :param signals: the table, one row per topic (a topic appears once).
    :param parameters: the fitted parameters, or where the domain ships them (read on
        first use).
    :raises ValueError: when a topic appears twice in ``signals``.
    """

    def __init__(
        self,
        *,
        signals: Iterable[TopicSignals],
        parameters: LocatorParameters | PackagedParameters,
    ) -> None:
        self._by_topic: dict[str, TopicSignals] = {}
        for row in signals:
            if row.topic in self._by_topic:
                raise ValueError(f"the signal table lists topic {row.topic!r} twice")
            self._by_topic[row.topic] = row
        self._parameters = parameters
        self._compiled = lru_cache(maxsize=COMPILED_TOPICS)(self._compile)

    @property
    def topics(self) -> tuple[str, ...]:
        """The topics the table knows, in table order."""
        return tuple(self._by_topic)

    def parameters(self) -> LocatorParameters:
        """The fitted parameters (read from the package on first use)."""
        if isinstance(self._parameters, PackagedParameters):
            return self._parameters.load()
        return self._parameters

    def signals_for(self, topic: str, keywords: tuple[str, ...] = ()) -> CompiledSignals:
        """The compiled signals of ``topic`` from the table; for a topic the table does not
        know, :func:`~.signals.fallback_signals` built from ``keywords`` (the checklist
        item's). The table's topics ignore ``keywords``, so the fitted weights do not
        shift when the checklist's keywords are edited."""
        return self._compiled(topic, tuple(keywords) if topic not in self._by_topic else ())

    def _compile(self, topic: str, keywords: tuple[str, ...]) -> CompiledSignals:
        return compile_signals(self._by_topic.get(topic) or fallback_signals(topic, keywords))

    def rank_topic(
        self,
        document: Document,
        topic: str,
        keywords: tuple[str, ...] = (),
        parameters: LocatorParameters | None = None,
    ) -> TopicRanking:
        """Score every unit of ``document`` for ``topic`` and decide which to report
        (``parameters`` replace the locator's own, as when cross-validating)."""
        params = parameters or self.parameters()
        chosen = params.for_topic(topic)
        prepared = prepared_text(document)
        features = topic_features(prepared, self.signals_for(topic, tuple(keywords)))
        weights = [s + t for s, t in zip(params.shared_weights, chosen.weights, strict=True)]
        bias = params.intercept + chosen.bias
        ranked: list[RankedUnit] = []
        rows = zip(prepared.units, features.rows, features.eligible, strict=True)
        for unit, row, eligible in rows:
            if not eligible:
                continue
            score = bias + sum(w * x for w, x in zip(weights, row, strict=True))
            ranked.append(RankedUnit(unit=unit, probability=_sigmoid(score), reason=_reason(row)))
        ranked.sort(key=lambda item: -item.probability)  # stable: ties keep document order
        count = reported_count(
            [item.probability for item in ranked],
            chosen.threshold,
            params.extra_ratio_for(topic),
            params.max_findings,
        )
        return TopicRanking(
            topic=topic, ranked=ranked, threshold=chosen.threshold, found=ranked[:count]
        )

    def locate_topic_clauses(
        self,
        document: Document,
        topic: str,
        keywords: tuple[str, ...] = (),
        parameters: LocatorParameters | None = None,
    ) -> list[ClauseLocation]:
        """Where ``topic`` is in ``document``, best first; ``[]`` when judged absent."""
        ranking = self.rank_topic(document, topic, keywords, parameters)
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

    def locate_clause(self, clause: ChecklistItem, state: ReviewState) -> list[ClauseLocation]:
        """The ``clause_locator``: where a checklist item's topic is in the contract under
        review, best first; ``[]`` when it is judged absent or there is no contract."""
        document = state.primary
        if document is None:
            return []
        return self.locate_topic_clauses(document, clause.clause_id, tuple(clause.keywords))


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
