"""A signal locator's fitted parameters as a domain ships them: each topic's own share
of the best score a second finding needs, else the common one; how many units a topic
reports; a file's errors name the file. (Fitting them is
``benchmarks/locator_fitting.py``, tested under ``tests/benchmarks``.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.errors import InputError
from contract_review.locator.features import FEATURE_NAMES
from contract_review.locator.parameters import (
    LocatorParameters,
    PackagedParameters,
    TopicParameters,
    read_parameters,
    reported_count,
    write_parameters,
)


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


def test_parameters_round_trip_through_their_file(tmp_path: Path) -> None:
    path = tmp_path / "params.json"
    write_parameters(_parameters(0.8), path)
    assert read_parameters(path) == _parameters(0.8)


def test_parameters_file_errors_name_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "params.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match=r"params\.json are not JSON"):
        read_parameters(broken)
    with pytest.raises(InputError, match=r"cannot read locator parameters .*missing\.json"):
        read_parameters(tmp_path / "missing.json")
    broken.write_text('{"feature_names": []}', encoding="utf-8")
    with pytest.raises(InputError, match=r"params\.json are invalid"):
        read_parameters(broken)


def test_parameters_for_other_features_ask_for_a_refit(tmp_path: Path) -> None:
    path = tmp_path / "params.json"
    old = _parameters(None).model_copy(update={"feature_names": ("a",) * len(FEATURE_NAMES)})
    write_parameters(old, path)
    with pytest.raises(InputError, match="refit them"):
        read_parameters(path)


def test_weights_must_match_the_features() -> None:
    with pytest.raises(ValueError, match="one value per feature"):
        LocatorParameters(
            feature_names=FEATURE_NAMES,
            shared_weights=(0.0,),
            intercept=0.0,
            topics={},
            default=TopicParameters(weights=(0.0,), bias=0.0, threshold=0.5),
            extra_ratio=0.6,
            max_findings=2,
        )


def test_packaged_parameters_are_read_from_their_package(tmp_path: Path) -> None:
    package = tmp_path / "throwaway_locator_params"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    write_parameters(_parameters(0.7), package / "weights.json")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(tmp_path))
        packaged = PackagedParameters(package="throwaway_locator_params", filename="weights.json")
        assert packaged.path() == package / "weights.json"
        assert packaged.load().topics["exclusivity"].extra_ratio == 0.7
        write_parameters(_parameters(0.9), package / "weights.json")
        assert packaged.load().topics["exclusivity"].extra_ratio == 0.7  # read once
        packaged.reload()
        assert packaged.load().topics["exclusivity"].extra_ratio == 0.9
        missing = PackagedParameters(package="throwaway_locator_params", filename="none.json")
        with pytest.raises(InputError, match=r"none\.json"):
            missing.load()
