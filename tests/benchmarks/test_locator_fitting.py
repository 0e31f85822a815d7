"""Fitting the generic locator's parameters (``benchmarks/locator_fitting.py``): each
topic's threshold and its own share of the best score a second finding needs, chosen
together on held-out predictions."""

from __future__ import annotations

import pytest

pytest.importorskip("contract_review_generic", reason="the generic domain plugin is not installed")

from cuad_labels import CUAD_TOPICS
from locator_fitting import FitSettings, _best_decision

from contract_review_generic.clause_locator import LOCATOR

SETTINGS = FitSettings(extra_ratio_choices=(0.6, 0.8, 1.01))


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


def test_shipped_parameters_choose_a_ratio_for_every_cuad_topic() -> None:
    parameters = LOCATOR.parameters()
    assert parameters.compatible()
    assert set(parameters.topics) == set(CUAD_TOPICS)
    ratios = {topic.extra_ratio for topic in parameters.topics.values()}
    assert ratios <= set(FitSettings().extra_ratio_choices)
