"""The per-text cache of label scores: bounded, and never changes an answer."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from contract_review.playbooks.label_scores import CachedLabelScores


class _Lengths(CachedLabelScores):
    """Scores a text by its length, and counts what it scored."""

    def __init__(self, cached_texts: int) -> None:
        super().__init__(cached_texts)
        self.scored: list[str] = []

    def _score(self, keys: Sequence[str]) -> list[dict[str, float]]:
        self.scored.extend(keys)
        return [{"short": float(len(k) < 3), "long": float(len(k) >= 3)} for k in keys]


@given(
    batches=st.lists(st.lists(st.sampled_from(["a", "bb", "ccc", "dddd", "甲方"]), max_size=6)),
    limit=st.integers(min_value=1, max_value=4),
)
def test_the_cache_is_bounded_and_answers_as_the_model(
    batches: list[list[str]], limit: int
) -> None:
    scores = _Lengths(limit)
    for texts in batches:
        got = scores.probabilities(texts)
        assert got == [{"short": float(len(t) < 3), "long": float(len(t) >= 3)} for t in texts]
        assert len(scores._cache) <= limit


def test_a_text_is_scored_once_while_it_is_cached() -> None:
    scores = _Lengths(2)
    scores.probabilities(["a", "bb", "a"])
    scores.probabilities(["a"])
    assert scores.scored == ["a", "bb"]
    scores.probabilities(["ccc"])  # "bb" is the least recently used: it goes
    scores.probabilities(["bb"])
    assert scores.scored == ["a", "bb", "ccc", "bb"]
