"""Score fusion: min-max, z-score and reciprocal-rank fusion of BM25 and vector scores."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from contract_review.retrieval.fusion import fuse, minmax, normalise_all, zscore
from contract_review.retrieval.search_models import FusionMethod

FloatArray = npt.NDArray[np.float32]
METHODS: tuple[FusionMethod, ...] = ("minmax", "zscore", "rrf")


def _array(*values: float) -> FloatArray:
    return np.array(values, dtype=np.float32)


BM25 = _array(3.0, 1.0, 2.0, 0.5)
VECTOR = _array(0.1, 0.9, 0.5, 0.2)


def _order(values: FloatArray) -> list[int]:
    return [int(i) for i in np.argsort(-values, kind="stable")]


def test_minmax_scales_to_unit_range() -> None:
    np.testing.assert_allclose(minmax(_array(3, 1, 2)), [1.0, 0.0, 0.5])
    np.testing.assert_allclose(minmax(_array(-4, 0, 4)), [0.0, 0.5, 1.0])
    assert minmax(_array(3, 1, 2)).dtype == np.float32


def test_zscore_centres_and_scales() -> None:
    result = zscore(_array(1, 2, 3, 4))
    assert float(result.mean()) == pytest.approx(0.0, abs=1e-6)
    assert float(result.std()) == pytest.approx(1.0, abs=1e-6)
    assert _order(result) == [3, 2, 1, 0]
    assert result.dtype == np.float32


@pytest.mark.parametrize("normalise", [minmax, zscore])
def test_constant_and_empty_inputs_normalise_to_zeros(normalise: object) -> None:
    assert callable(normalise)
    np.testing.assert_array_equal(normalise(_array(5, 5, 5)), [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(normalise(_array(7)), [0.0])
    assert normalise(_array()).size == 0


def test_minmax_fusion_is_the_weighted_sum_of_normalised_scores() -> None:
    fused = fuse(BM25, VECTOR, method="minmax", bm25_weight=0.7)
    expected = 0.7 * minmax(BM25) + 0.3 * minmax(VECTOR)
    np.testing.assert_allclose(fused, expected, rtol=1e-6)
    assert fused.dtype == np.float32


def test_zscore_fusion_is_the_weighted_sum_of_z_scores() -> None:
    fused = fuse(BM25, VECTOR, method="zscore", bm25_weight=0.4)
    bm25_z = (BM25 - BM25.mean()) / BM25.std()
    vector_z = (VECTOR - VECTOR.mean()) / VECTOR.std()
    np.testing.assert_allclose(fused, 0.4 * bm25_z + 0.6 * vector_z, rtol=1e-5, atol=1e-6)


def test_rrf_uses_ranks_not_scores() -> None:
    fused = fuse(BM25, VECTOR, method="rrf", bm25_weight=0.5, rrf_k=60)
    # BM25 ranks: [1, 3, 2, 4]; vector ranks: [4, 1, 2, 3].
    expected = [
        0.5 / 61 + 0.5 / 64,
        0.5 / 63 + 0.5 / 61,
        0.5 / 62 + 0.5 / 62,
        0.5 / 64 + 0.5 / 63,
    ]
    np.testing.assert_allclose(fused, expected, rtol=1e-6)
    # Scaling one signal does not change RRF.
    np.testing.assert_allclose(
        fuse(BM25 * 100, VECTOR, method="rrf", bm25_weight=0.5, rrf_k=60), fused, rtol=1e-6
    )


def test_rrf_k_flattens_the_rank_differences() -> None:
    sharp = fuse(BM25, None, method="rrf", bm25_weight=1.0, rrf_k=1)
    flat = fuse(BM25, None, method="rrf", bm25_weight=1.0, rrf_k=1000)
    assert float(sharp.max() / sharp.min()) > float(flat.max() / flat.min())
    np.testing.assert_allclose(sharp, [1 / 2, 1 / 4, 1 / 3, 1 / 5], rtol=1e-6)


@pytest.mark.parametrize("method", ["minmax", "zscore"])
def test_a_single_signal_gives_its_min_max_score(method: FusionMethod) -> None:
    np.testing.assert_allclose(
        fuse(BM25, None, method=method, bm25_weight=0.3),
        minmax(BM25),
    )
    np.testing.assert_allclose(
        fuse(None, VECTOR, method=method, bm25_weight=0.3),
        minmax(VECTOR),
    )


def test_a_single_signal_with_rrf_gives_reciprocal_ranks() -> None:
    np.testing.assert_allclose(
        fuse(None, VECTOR, method="rrf", bm25_weight=0.9, rrf_k=60),
        [1 / 64, 1 / 61, 1 / 62, 1 / 63],
        rtol=1e-6,
    )


@pytest.mark.parametrize("method", METHODS)
def test_weight_one_reproduces_bm25_and_weight_zero_the_vectors(method: FusionMethod) -> None:
    only_bm25 = fuse(BM25, VECTOR, method=method, bm25_weight=1.0)
    only_vector = fuse(BM25, VECTOR, method=method, bm25_weight=0.0)
    assert _order(only_bm25) == _order(BM25) == [0, 2, 1, 3]
    assert _order(only_vector) == _order(VECTOR) == [1, 2, 3, 0]


def test_no_signal_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one signal"):
        fuse(None, None, method="minmax", bm25_weight=0.5)


@pytest.mark.parametrize("method", METHODS)
def test_constant_inputs_give_no_nan(method: FusionMethod) -> None:
    ones = np.ones(4, dtype=np.float32)
    for bm25, vector in ((ones, ones), (ones, None), (None, ones), (ones * 0, VECTOR)):
        fused = fuse(bm25, vector, method=method, bm25_weight=0.5)
        assert fused.shape == (4,)
        assert np.all(np.isfinite(fused))


def test_extreme_scores_do_not_overflow() -> None:
    huge = _array(3e38, -3e38, 0.0)
    for method in METHODS:
        fused = fuse(huge, huge, method=method, bm25_weight=0.5)
        assert np.all(np.isfinite(fused)), method
        assert _order(fused) == [0, 2, 1]


_SCORES = hnp.arrays(
    np.float32,
    st.integers(min_value=1, max_value=12),
    elements=st.floats(allow_nan=False, allow_infinity=False, width=32),
)


@given(
    st.data(),
    _SCORES,
    st.sampled_from(METHODS),
    st.floats(min_value=0, max_value=1),
    st.sampled_from(["both", "bm25", "vector"]),
)
def test_fused_scores_are_finite(
    data: st.DataObject, first: FloatArray, method: FusionMethod, weight: float, signals: str
) -> None:
    second = data.draw(
        hnp.arrays(
            np.float32,
            first.shape,
            elements=st.floats(allow_nan=False, allow_infinity=False, width=32),
        )
    )
    bm25 = first if signals != "vector" else None
    vector = second if signals != "bm25" else None
    fused = fuse(bm25, vector, method=method, bm25_weight=weight)
    assert fused.shape == first.shape
    assert np.all(np.isfinite(fused))
    if method == "minmax":
        assert np.all(fused >= -1e-6) and np.all(fused <= 1 + 1e-6)


@given(
    hnp.arrays(np.float32, 6, elements=st.floats(-1000, 1000, width=32)),
    hnp.arrays(np.float32, 6, elements=st.floats(-1, 1, width=32)),
    st.sampled_from(METHODS),
    st.floats(min_value=0, max_value=1),
)
def test_a_candidate_better_on_both_signals_is_fused_higher(
    bm25: FloatArray, vector: FloatArray, method: FusionMethod, weight: float
) -> None:
    fused = fuse(bm25, vector, method=method, bm25_weight=weight)
    for i in range(6):
        for j in range(6):
            if bm25[i] > bm25[j] and vector[i] > vector[j]:
                assert fused[i] >= fused[j] - 1e-6


@given(
    st.integers(min_value=0, max_value=40).flatmap(
        lambda size: st.lists(
            hnp.arrays(np.float32, size, elements=st.floats(-1e6, 1e6, width=32)),
            min_size=1,
            max_size=6,
        )
    ),
    st.sampled_from(["minmax", "zscore"]),
)
def test_normalising_all_signals_at_once_gives_each_ones_own_values(
    columns: list[FloatArray], method: FusionMethod
) -> None:
    """The stacked normalisation is bit for bit the one-signal functions' (constant
    signals included), so fused scores do not change with it."""
    signals = {f"s{i}": column for i, column in enumerate(columns)}
    single = minmax if method == "minmax" else zscore
    together = normalise_all(signals, method)
    assert list(together) == list(signals)
    for name, column in signals.items():
        assert together[name].dtype == np.float32
        assert np.array_equal(together[name], single(column))


def test_rrf_has_no_normalisation_of_its_own() -> None:
    with pytest.raises(ValueError, match="rrf"):
        normalise_all({"bm25": BM25}, "rrf")
