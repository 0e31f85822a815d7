"""Per-topic decisions of the locator: each topic's threshold and its own share of the
best score a second finding needs, chosen together on held-out predictions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_review_generic.decision_fitting import FitSettings, _best_decision
from contract_review_generic.locator_parameters import (
    LocatorParameters,
    TopicParameters,
    load_parameters,
    reported_count,
)
from contract_review_generic.unit_features import FEATURE_NAMES

SETTINGS = FitSettings(extra_ratio_choices=(0.6, 0.8, 1.01))


def _parameters(own_ratio: float | None) -> LocatorParameters:
    zeros = (0.0,) * len(FEATURE_NAMES)
    topic = TopicParameters(weights=zeros, bias=0.0, threshold=0.5, extra_ratio=own_ratio)
    return LocatorParameters(
        feature_names=FEATURE_NAMES,
        shared_weights=zeros,
        intercept=0.0,
        topics={"exclusivity": topic},
        default=TopicParameters(weights=zeros, bias=0.0, threshold=0.5),
        extra_ratio=0.6,
        max_findings=2,
    )


def test_a_topic_uses_its_own_ratio_else_the_common_one() -> None:
    assert _parameters(1.01).extra_ratio_for("exclusivity") == 1.01
    assert _parameters(None).extra_ratio_for("exclusivity") == 0.6
    assert _parameters(1.01).extra_ratio_for("not_a_topic") == 0.6


def test_wrong_second_findings_are_switched_off() -> None:
    # best unit right, second unit (at 90% of the best) always wrong
    ranked = [([0.9, 0.81, 0.1], [True, False, False], True) for _ in range(5)]
    ranked += [([0.5, 0.45, 0.1], [True, False, False], True) for _ in range(5)]
    ranked += [([0.2, 0.1], [False, False], False) for _ in range(10)]
    threshold, ratio = _best_decision(ranked, SETTINGS)
    assert ratio == 1.01
    assert 0.2 < threshold <= 0.5


def test_useful_second_findings_are_kept() -> None:
    # the right unit is often the second one, close behind the best
    ranked = [([0.9, 0.8], [False, True], True) for _ in range(6)]
    ranked += [([0.9, 0.3], [True, False], True) for _ in range(6)]
    _, ratio = _best_decision(ranked, SETTINGS)
    assert ratio is not None and ratio <= 0.8


def test_no_choices_keep_the_common_ratio() -> None:
    ranked = [([0.9, 0.85], [True, False], True)]
    _, ratio = _best_decision(ranked, FitSettings(extra_ratio_choices=()))
    assert ratio is None


@given(
    st.lists(st.floats(0, 1), min_size=1, max_size=6).map(lambda v: sorted(v, reverse=True)),
    st.floats(0, 1),
)
def test_a_ratio_above_one_reports_one_unit_at_most(best_first: list[float], t: float) -> None:
    assert reported_count(best_first, t, 1.01, 2) <= 1
    assert reported_count(best_first, t, 1.01, 2) <= reported_count(best_first, t, 0.6, 2)


def test_shipped_parameters_choose_a_ratio_for_every_cuad_topic() -> None:
    parameters = load_parameters()
    assert parameters.compatible()
    ratios = {topic.extra_ratio for topic in parameters.topics.values()}
    assert ratios <= set(FitSettings().extra_ratio_choices)
