"""The locator's fitted parameters as the plugin reads them: each topic's own share of
the best score a second finding needs, else the common one, and how many units a topic
reports. (Fitting them is ``benchmarks/locator_fitting.py``, tested under
``tests/benchmarks``.)"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_review_generic.locator_parameters import (
    LocatorParameters,
    TopicParameters,
    load_parameters,
    reported_count,
)
from contract_review_generic.unit_features import FEATURE_NAMES


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


@given(
    st.lists(st.floats(0, 1), min_size=1, max_size=6).map(lambda v: sorted(v, reverse=True)),
    st.floats(0, 1),
)
def test_a_ratio_above_one_reports_one_unit_at_most(best_first: list[float], t: float) -> None:
    assert reported_count(best_first, t, 1.01, 2) <= 1
    assert reported_count(best_first, t, 1.01, 2) <= reported_count(best_first, t, 0.6, 2)


def test_shipped_parameters_are_for_the_features_this_version_computes() -> None:
    assert load_parameters().compatible()
