"""The term detector: the packaged weights load, give a distribution per text, read a
one-sided clause as its term and its balanced twin as balanced, and round-trip through
their file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.playbooks.rule_models import KNOWN_CATEGORIES
from contract_review.playbooks.term_detector import (
    BALANCED_PREFIX,
    NO_TERM,
    VOCABULARY_SIZE,
    DetectorModel,
    NgramFeatures,
    TermDetector,
    new_vectorizer,
    term_detector,
)

REPO = Path(__file__).resolve().parents[2]

#: The one-sided term categories common to every domain (the SPA/SHA ones have too few
#: labelled clauses to learn).
CATEGORIES = set(KNOWN_CATEGORIES[:10])

#: Clauses of our own, in wordings none of the labelled contracts use: a one-sided term
#: and a balanced clause on the same subject.
PAIRS = [
    (
        "termination_for_convenience_one_side",
        "The Owner may terminate this Agreement at any time and for any reason or no reason "
        "by written notice to the Consultant, effective on the date stated in the notice. "
        "The Consultant shall have no right to terminate except for non-payment.",
        "Either party may terminate this Agreement by giving the other not less than ninety "
        "days written notice. On termination the Owner shall pay for all services performed "
        "up to the date of termination.",
    ),
    (
        "long_payment_period",
        "乙方应于每月五日前提交上月服务费发票，甲方在收到合格发票后一百五十日内支付。",
        "甲方应在收到乙方合格发票后三十日内支付当期服务费。",
    ),
    (
        "dispute_decided_by_one_party",
        "因本合同引起的任何争议，由甲方工程部作出最终决定，该决定对乙方具有约束力，乙方不得就此"
        "申请仲裁或提起诉讼。",
        "因本合同引起的争议，双方应协商解决；协商不成的，任何一方均可将争议提交上海仲裁委员会仲裁。",
    ),
]


def test_packaged_detector_knows_terms_balanced_clauses_and_none() -> None:
    model = term_detector().model
    assert set(model.categories) == CATEGORIES
    assert set(model.labels) == (CATEGORIES | {BALANCED_PREFIX + c for c in CATEGORIES} | {NO_TERM})
    assert len(model.vocabulary) <= VOCABULARY_SIZE
    assert model.weights.shape == (len(model.labels), len(model.vocabulary))


@pytest.mark.parametrize(("category", "one_sided", "balanced"), PAIRS)
def test_a_one_sided_clause_is_read_as_its_term_and_its_balanced_twin_is_not(
    category: str, one_sided: str, balanced: str
) -> None:
    reading = term_detector().term_of(one_sided)
    assert reading is not None and reading[0] == category and reading[1] >= 0.7
    assert term_detector().term_of(balanced) is None
    scores = term_detector().probabilities([balanced])[0]
    assert max(scores, key=scores.__getitem__) == BALANCED_PREFIX + category


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(max_size=200), min_size=1, max_size=4))
def test_probabilities_are_a_distribution_per_text(texts: list[str]) -> None:
    detector = term_detector()
    rows = detector.probabilities(texts)
    assert len(rows) == len(texts)
    for text, row in zip(texts, rows, strict=True):
        assert set(row) == set(detector.model.labels)
        assert all(0.0 <= value <= 1.0 for value in row.values())
        assert sum(row.values()) == pytest.approx(1.0, abs=1e-4)
        reading = detector.term_of(text)
        assert reading is None or (reading[0] in CATEGORIES and reading[1] == row[reading[0]])


def _features_both_ways(texts: list[str]) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    model = term_detector().model
    vectorizer = new_vectorizer(model.vocabulary)
    vectorizer.idf_ = model.idf
    return vectorizer.transform(texts), NgramFeatures(model.vocabulary, model.idf).transform(texts)


# Words in any case and script, with every kind of white space between them.
_WORDY = st.text(
    alphabet=st.sampled_from(list("abcdeTERMİıßﬁ中文合同甲乙 \t\n\u00a0\u3000\x1c.,;'")),
    max_size=120,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(_WORDY, st.text(max_size=80)), min_size=1, max_size=5))
def test_ngram_features_equal_the_vectorisers(texts: list[str]) -> None:
    expected, features = _features_both_ways(texts)
    assert features.shape == expected.shape
    assert abs(features - expected).max() < 1e-6


def test_ngram_features_equal_the_vectorisers_on_the_examples() -> None:
    texts = [
        paragraph
        for path in sorted((REPO / "examples").rglob("*.txt"))
        for paragraph in path.read_text(encoding="utf-8").split("\n\n")
    ]
    expected, features = _features_both_ways(texts)
    assert expected.nnz > 10_000
    assert abs(features - expected).max() < 1e-6


def test_model_round_trips_through_its_file(tmp_path: Path) -> None:
    model = term_detector().model
    model.save(tmp_path / "detector.npz")
    again = DetectorModel.load(tmp_path / "detector.npz")
    assert (again.labels, again.vocabulary) == (model.labels, model.vocabulary)
    assert np.allclose(again.weights, model.weights, atol=1e-2)
    text = PAIRS[0][1]
    assert TermDetector(again).term_of(text) == pytest.approx(term_detector().term_of(text))


def test_weights_that_do_not_fit_the_vocabulary_are_refused() -> None:
    with pytest.raises(ValueError, match="detector weights"):
        DetectorModel(
            labels=("a", NO_TERM),
            vocabulary=("ab", "bc", "cd"),
            idf=np.ones(3, dtype=np.float32),
            weights=np.zeros((2, 2), dtype=np.float32),
            bias=np.zeros(2, dtype=np.float32),
        )
