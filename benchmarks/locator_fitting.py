"""Fitting a signal locator's parameters from labelled contracts (CUAD for the generic
domain): what ``cuad_bench.py --refit`` writes to the plugin's ``locator_parameters.json``
and what its cross-validation refits per fold. The plugin only reads the result (core's
:mod:`contract_review.locator.parameters`).

Two steps, both plain and small enough to cross-validate:

1. **Unit scoring.** One logistic regression over every (unit, topic) pair of the
   training contracts, with the features entered twice — once shared by all topics,
   once for the topic alone — plus a bias per topic ("frustratingly easy" domain
   adaptation). The L2 penalty pulls each topic's own weights towards zero, so a topic
   with few labelled contracts leans on what all topics share. A unit is a positive
   example when it overlaps a labelled passage of the topic by half the shorter span
   (the acceptance measure, :func:`location_metrics.is_correct`).
2. **Flag thresholds.** Predictions for contracts the model did not see (an inner
   k-fold split of the training contracts) choose the threshold on the best unit's
   probability that maximises ``recall + precision_weight * precision`` (the
   acceptance measure's definitions): once for all topics together (macro
   averages), and once per topic. A topic's threshold is a blend of the two
   (``threshold_shrinkage``): a rare topic's own optimum rests on a handful of
   contracts. A common ``precision_weight`` trades recall against precision the same
   way for every topic, which is what a macro average over the topics asks for.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from cuad_labels import CUAD_TOPICS, CuadContract
from location_metrics import is_correct
from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.loading import parse_text
from contract_review.locator.features import FEATURE_NAMES, topic_features
from contract_review.locator.parameters import LocatorParameters, TopicParameters, reported_count
from contract_review.locator.signal_locator import SignalLocator, prepared_text
from contract_review_generic.clause_locator import LOCATOR

__all__ = [
    "ContractExamples",
    "FitSettings",
    "TopicExamples",
    "contract_examples",
    "fit_parameters",
    "fold_assignment",
]

FloatArray = npt.NDArray[np.float64]


class FitSettings(BaseModel):
    """How the parameters are fitted."""

    model_config = ConfigDict(frozen=True)

    regularisation: float = Field(default=1.0, gt=0, description="Inverse L2 strength (C).")
    precision_weight: float = Field(
        default=0.6,
        ge=0,
        description="Threshold objective: recall + this * precision (0.6: cross-validated on "
        "CUAD dev, precision 0.686 / recall 0.758 against 0.669 / 0.765 at 0.5).",
    )
    threshold_shrinkage: float = Field(
        default=0.5,
        ge=0,
        le=1,
        description="Weight of a topic's own best threshold; the rest is the common one.",
    )
    extra_ratio: float = Field(default=0.6, ge=0, le=1)
    extra_ratio_choices: tuple[float, ...] = Field(
        default=(0.6, 0.8, 1.01),
        description="Each topic's share of the best score for a second finding is chosen "
        "among these with its threshold (above 1: no second finding); empty: "
        "``extra_ratio`` for every topic.",
    )
    max_findings: int = Field(default=2, ge=1)
    inner_folds: int = Field(default=4, ge=2, description="Folds for choosing thresholds.")
    seed: int = 0


class TopicExamples(BaseModel):
    """One contract's units for one topic: features and whether each is labelled."""

    model_config = ConfigDict(frozen=True)

    rows: list[tuple[float, ...]]
    eligible: list[bool]
    positive: list[bool] = Field(description="Whether the unit overlaps a label.")
    labelled: bool = Field(description="Whether the contract is labelled with the topic.")


class ContractExamples(BaseModel):
    """A contract's examples, by topic id."""

    model_config = ConfigDict(frozen=True)

    name: str
    topics: dict[str, TopicExamples]


def contract_examples(
    contract: CuadContract,
    topics: Sequence[str] = CUAD_TOPICS,
    locator: SignalLocator = LOCATOR,
) -> ContractExamples:
    """The features and unit labels of ``contract`` for ``topics``, from the signals of
    ``locator`` (the generic domain's by default)."""
    prepared = prepared_text(parse_text(contract.text, name=contract.name))
    by_topic: dict[str, TopicExamples] = {}
    for topic in topics:
        labels = [(span.start, span.end) for span in contract.labels.get(topic, [])]
        features = topic_features(prepared, locator.signals_for(topic))
        by_topic[topic] = TopicExamples(
            rows=features.rows,
            eligible=features.eligible,
            positive=[
                bool(labels) and is_correct((u.start, u.end), labels) for u in prepared.units
            ],
            labelled=bool(labels),
        )
    return ContractExamples(name=contract.name, topics=by_topic)


def fold_assignment(names: Sequence[str], folds: int, seed: int = 0) -> list[int]:
    """A fold number for each contract name: a seeded shuffle of the sorted names,
    dealt round-robin (the same names always give the same folds)."""
    order = sorted(range(len(names)), key=lambda i: names[i])
    random.Random(seed).shuffle(order)
    assigned = [0] * len(names)
    for position, index in enumerate(order):
        assigned[index] = position % folds
    return assigned


def fit_parameters(
    examples: Sequence[ContractExamples],
    settings: FitSettings | None = None,
    *,
    fitted_on: str = "",
) -> LocatorParameters:
    """Fit unit weights on ``examples`` and choose thresholds by inner cross-validation."""
    settings = settings or FitSettings()
    topics = sorted({topic for example in examples for topic in example.topics})
    folds = fold_assignment([e.name for e in examples], settings.inner_folds, settings.seed)
    held_out: dict[str, list[tuple[FloatArray, TopicExamples]]] = {t: [] for t in topics}
    for fold in range(settings.inner_folds):
        train = [e for e, f in zip(examples, folds, strict=True) if f != fold]
        test = [e for e, f in zip(examples, folds, strict=True) if f == fold]
        inner = _fit_weights(train, topics, settings)
        for example in test:
            for topic, data in example.topics.items():
                held_out[topic].append((_probabilities(inner, topic, data), data))
    fitted = _fit_weights(examples, topics, settings)
    ranked = {topic: _ranked(held_out[topic]) for topic in topics}
    common = _common_threshold(ranked, settings)
    share = settings.threshold_shrinkage
    chosen: dict[str, TopicParameters] = {}
    for topic in topics:
        own_threshold, own_ratio = _best_decision(ranked[topic], settings)
        chosen[topic] = fitted.for_topic(topic).model_copy(
            update={
                "threshold": share * own_threshold + (1 - share) * common,
                "extra_ratio": own_ratio,
            }
        )
    default = TopicParameters(
        weights=(0.0,) * len(FEATURE_NAMES),
        bias=statistics.fmean(p.bias for p in chosen.values()) if chosen else 0.0,
        threshold=common,
    )
    return fitted.model_copy(update={"topics": chosen, "default": default, "fitted_on": fitted_on})


def _fit_weights(
    examples: Sequence[ContractExamples], topics: list[str], settings: FitSettings
) -> LocatorParameters:
    """The shared-plus-topic logistic regression (thresholds left at 0.5)."""
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    width = len(FEATURE_NAMES)
    blocks: list[sparse.csr_matrix] = []
    targets: list[npt.NDArray[np.bool_]] = []
    for index, topic in enumerate(topics):
        rows = [
            (row, positive)
            for example in examples
            if topic in example.topics
            for row, eligible, positive in zip(
                example.topics[topic].rows,
                example.topics[topic].eligible,
                example.topics[topic].positive,
                strict=True,
            )
            if eligible
        ]
        if not rows:
            continue
        x = np.asarray([row for row, _ in rows], dtype=np.float64)
        count = x.shape[0]
        row_index = np.repeat(np.arange(count), width)
        own = sparse.csr_matrix(
            (x.ravel(), (row_index, index * width + np.tile(np.arange(width), count))),
            shape=(count, width * len(topics)),
        )
        bias = sparse.csr_matrix(
            (np.ones(count), (np.arange(count), np.full(count, index))),
            shape=(count, len(topics)),
        )
        blocks.append(sparse.hstack([sparse.csr_matrix(x), own, bias]).tocsr())
        targets.append(np.asarray([positive for _, positive in rows], dtype=bool))
    design = sparse.vstack(blocks).tocsr()
    target = np.concatenate(targets)
    model = LogisticRegression(C=settings.regularisation, max_iter=5000)
    model.fit(design, target)
    coefficients = model.coef_[0]
    per_topic = {
        topic: TopicParameters(
            weights=tuple(float(v) for v in coefficients[width * (1 + i) : width * (2 + i)]),
            bias=float(coefficients[width * (1 + len(topics)) + i]),
            threshold=0.5,
        )
        for i, topic in enumerate(topics)
    }
    return LocatorParameters(
        feature_names=FEATURE_NAMES,
        shared_weights=tuple(float(v) for v in coefficients[:width]),
        intercept=float(model.intercept_[0]),
        topics=per_topic,
        default=TopicParameters(weights=(0.0,) * width, bias=0.0, threshold=0.5),
        extra_ratio=settings.extra_ratio,
        max_findings=settings.max_findings,
    )


def _probabilities(parameters: LocatorParameters, topic: str, data: TopicExamples) -> FloatArray:
    """Each eligible unit's probability; -1 for units without a trigger word."""
    chosen = parameters.for_topic(topic)
    weights = np.asarray(parameters.shared_weights) + np.asarray(chosen.weights)
    rows = np.asarray(data.rows, dtype=np.float64).reshape(len(data.rows), len(FEATURE_NAMES))
    scores = rows @ weights + parameters.intercept + chosen.bias
    return np.where(np.asarray(data.eligible, dtype=bool), 1.0 / (1.0 + np.exp(-scores)), -1.0)


#: A contract's units for one topic, best first: probabilities, positives, labelled.
_Ranked = tuple[list[float], list[bool], bool]

#: Thresholds tried for the common threshold.
_COMMON_GRID = tuple(round(0.01 * step, 2) for step in range(1, 100))


def _ranked(predictions: list[tuple[FloatArray, TopicExamples]]) -> list[_Ranked]:
    ranked: list[_Ranked] = []
    for probabilities, data in predictions:
        order = np.argsort(-probabilities, kind="stable")
        ranked.append(
            (
                [float(probabilities[i]) for i in order],
                [data.positive[i] for i in order],
                data.labelled,
            )
        )
    return ranked


def _precision_recall(
    ranked: list[_Ranked], threshold: float, settings: FitSettings, extra_ratio: float | None = None
) -> tuple[float, float]:
    """Precision and recall (the acceptance definitions) of flagging at ``threshold``
    (a second finding at ``extra_ratio`` of the best, the common ratio when None)."""
    ratio = settings.extra_ratio if extra_ratio is None else extra_ratio
    found = correct = recalled = labelled = 0
    for probabilities, positive, is_labelled in ranked:
        count = reported_count(probabilities, threshold, ratio, settings.max_findings)
        hits = sum(1 for flag in positive[:count] if flag)
        found += count
        correct += hits
        recalled += is_labelled and hits > 0
        labelled += is_labelled
    return (correct / found if found else 0.0), (recalled / labelled if labelled else 0.0)


def _best_decision(ranked: list[_Ranked], settings: FitSettings) -> tuple[float, float | None]:
    """The threshold and second-finding ratio maximising recall + precision_weight *
    precision for one topic; on ties the lowest threshold, and the ratio listed first
    (None: the common ratio, when ``extra_ratio_choices`` is empty)."""
    candidates = [*sorted({best[0] for best, _, _ in ranked if best and best[0] >= 0}), 1.01]
    ratios: tuple[float | None, ...] = settings.extra_ratio_choices or (None,)
    best_value, best = -1.0, (1.01, ratios[0])
    for ratio in ratios:
        for threshold in candidates:
            precision, recall = _precision_recall(ranked, threshold, settings, ratio)
            value = recall + settings.precision_weight * precision
            if value > best_value + 1e-12:
                best_value, best = value, (threshold, ratio)
    return best


def _common_threshold(by_topic: dict[str, list[_Ranked]], settings: FitSettings) -> float:
    """The one threshold for all topics maximising macro recall + precision_weight *
    macro precision."""
    best_value, best_threshold = -1.0, 0.5
    for threshold in _COMMON_GRID:
        scores = [_precision_recall(ranked, threshold, settings) for ranked in by_topic.values()]
        if not scores:
            break
        value = statistics.fmean(
            r for _, r in scores
        ) + settings.precision_weight * statistics.fmean(p for p, _ in scores)
        if value > best_value:
            best_value, best_threshold = value, threshold
    return best_threshold
