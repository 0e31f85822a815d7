"""Vector helpers: normalisation, cosine scores and top-k, dense and sparse."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
import scipy.sparse
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from contract_review.retrieval.vectors import cosine_scores, l2_normalize, top_k_indices


def test_l2_normalize_dense_rows_have_unit_length_and_zero_rows_stay_zero() -> None:
    matrix = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, 1.0]], dtype=np.float64)
    out = l2_normalize(matrix)
    assert out.dtype == np.float32
    np.testing.assert_allclose(out[0], [0.6, 0.8], rtol=1e-6)
    np.testing.assert_array_equal(out[1], [0.0, 0.0])
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), [1.0, 0.0, 1.0], rtol=1e-6)
    assert matrix[0, 0] == 3.0  # the input is not modified


def test_l2_normalize_one_vector() -> None:
    out = l2_normalize(np.array([0.0, 2.0]))
    assert out.shape == (2,)
    np.testing.assert_allclose(out, [0.0, 1.0])


def test_l2_normalize_sparse_stays_sparse_float32() -> None:
    matrix = scipy.sparse.csr_matrix(np.array([[3.0, 0.0, 4.0], [0.0, 0.0, 0.0], [0.0, 2.0, 0.0]]))
    out = l2_normalize(matrix)
    assert scipy.sparse.issparse(out)
    assert out.dtype == np.float32
    dense = out.toarray()
    np.testing.assert_allclose(dense[0], [0.6, 0.0, 0.8], rtol=1e-6)
    np.testing.assert_array_equal(dense[1], [0.0, 0.0, 0.0])
    np.testing.assert_allclose(dense[2], [0.0, 1.0, 0.0])
    assert matrix[0, 0] == 3.0


def test_l2_normalize_rejects_3d() -> None:
    with pytest.raises(ValueError, match="shape"):
        l2_normalize(np.zeros((2, 2, 2)))


@given(
    hnp.arrays(
        np.float32,
        hnp.array_shapes(min_dims=2, max_dims=2, max_side=8),
        elements=st.floats(-1e3, 1e3, width=32),
    )
)
def test_l2_normalize_rows_have_norm_zero_or_one(matrix: np.ndarray) -> None:
    norms = np.linalg.norm(l2_normalize(matrix).astype(np.float64), axis=1)
    assert np.all((norms == 0.0) | (np.abs(norms - 1.0) < 1e-4))


def test_cosine_scores_dense() -> None:
    docs = l2_normalize(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
    query = l2_normalize(np.array([1.0, 0.0]))
    scores = cosine_scores(query, docs)
    assert scores.dtype == np.float32
    assert scores.shape == (3,)
    np.testing.assert_allclose(scores, [1.0, 0.0, np.sqrt(0.5)], rtol=1e-6)
    # A one-row 2-D query works too.
    np.testing.assert_allclose(cosine_scores(query[np.newaxis, :], docs), scores)


def test_cosine_scores_sparse_matches_dense() -> None:
    dense_docs = l2_normalize(np.array([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0], [0.0, 0.0, 0.0]]))
    dense_query = l2_normalize(np.array([1.0, 1.0, 1.0]))
    expected = cosine_scores(dense_query, dense_docs)
    sparse_docs = scipy.sparse.csr_matrix(dense_docs)
    sparse_query = scipy.sparse.csr_matrix(dense_query[np.newaxis, :])
    sparse_scores = cosine_scores(sparse_query, sparse_docs)
    assert sparse_scores.dtype == np.float32
    assert sparse_scores.shape == (3,)
    np.testing.assert_allclose(sparse_scores, expected, rtol=1e-6)
    np.testing.assert_allclose(cosine_scores(dense_query, sparse_docs), expected, rtol=1e-6)
    np.testing.assert_allclose(cosine_scores(sparse_query, dense_docs), expected, rtol=1e-6)


def test_cosine_scores_empty_and_bad_shapes() -> None:
    assert cosine_scores(np.ones(3), np.zeros((0, 3))).shape == (0,)
    with pytest.raises(ValueError, match="one-row"):
        cosine_scores(scipy.sparse.csr_matrix(np.ones((2, 3))), np.ones((2, 3)))
    with pytest.raises(ValueError, match="one query"):
        cosine_scores(np.ones((2, 3)), np.ones((2, 3)))


def test_top_k_orders_by_score_then_index() -> None:
    scores = np.array([0.1, 0.9, 0.5, 0.9, 0.5, 0.2], dtype=np.float32)
    assert top_k_indices(scores, 3).tolist() == [1, 3, 2]
    assert top_k_indices(scores, 4).tolist() == [1, 3, 2, 4]
    assert top_k_indices(scores, 100).tolist() == [1, 3, 2, 4, 5, 0]
    assert top_k_indices(scores, 0).tolist() == []
    assert top_k_indices(scores, -1).tolist() == []
    assert top_k_indices(np.array([]), 3).tolist() == []
    assert top_k_indices(scores, 3).dtype == np.intp


def test_top_k_skips_scores_that_are_not_finite() -> None:
    scores = np.array([-np.inf, 0.3, np.nan, 0.7, -np.inf])
    assert top_k_indices(scores, 2).tolist() == [3, 1]
    assert top_k_indices(scores, 5).tolist() == [3, 1]
    assert top_k_indices(np.full(4, -np.inf), 2).tolist() == []


def test_top_k_accepts_integers_and_lists() -> None:
    assert top_k_indices([1, 5, 3], 2).tolist() == [1, 2]
    assert top_k_indices(np.array([1, 5, 3], dtype=np.uint8), 2).tolist() == [1, 2]


@given(
    st.lists(
        st.one_of(st.integers(-3, 3).map(float), st.just(-np.inf), st.just(np.nan)),
        max_size=40,
    ),
    st.integers(-2, 45),
)
def test_top_k_matches_a_full_stable_sort(values: list[float], k: int) -> None:
    scores = np.array(values, dtype=np.float64)
    finite = [i for i, v in enumerate(values) if np.isfinite(v)]
    expected = sorted(finite, key=lambda i: (-values[i], i))[: max(k, 0)]
    assert top_k_indices(scores, k).tolist() == expected


def _stable_top_k(
    values: np.ndarray, k: int, above: float | None, where: np.ndarray | None
) -> list[int]:
    """The definition: allowed finite scores, by descending score then index."""
    keep = np.isfinite(values)
    if above is not None:
        keep &= values > above
    if where is not None:
        keep &= where
    positions = np.flatnonzero(keep)
    order = np.lexsort((positions, -values[positions]))
    return positions[order][: max(k, 0)].tolist()


@given(
    st.lists(
        st.one_of(st.integers(-3, 3).map(float), st.just(-np.inf), st.just(np.nan)),
        max_size=40,
    ),
    st.integers(-2, 45),
    st.sampled_from([None, 0.0, -1.0]),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_top_k_above_and_where_keep_only_those_candidates(
    values: list[float], k: int, above: float | None, masked: bool, rnd: Any
) -> None:
    scores = np.array(values, dtype=np.float64)
    where = np.array([rnd.random() < 0.6 for _ in values], dtype=bool) if masked else None
    assert top_k_indices(scores, k, above=above, where=where).tolist() == _stable_top_k(
        scores, k, above, where
    )


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(
        ["normal", "mostly-zero", "few-values", "sorted", "reversed", "ruled-out"]
    ),
    size=st.sampled_from([8192, 9001, 30000]),
    k=st.sampled_from([1, 10, 300, 2000]),
    above=st.sampled_from([None, 0.0]),
    mask_share=st.sampled_from([None, 0.5, 0.01]),
    seed=st.integers(0, 2**16),
)
def test_top_k_over_long_arrays_is_exact(
    kind: str, size: int, k: int, above: float | None, mask_share: float | None, seed: int
) -> None:
    # Long arrays are narrowed with a sample first; whatever the sample, the result is
    # the exact top k (ties in document order).
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(size).astype(np.float32)
    if kind == "mostly-zero":
        values = np.where(rng.random(size) < 0.02, np.abs(values), 0).astype(np.float32)
    elif kind == "few-values":
        values = rng.integers(0, 3, size).astype(np.float32)
    elif kind == "sorted":
        values.sort()
    elif kind == "reversed":
        values = np.sort(values)[::-1].copy()
    elif kind == "ruled-out":
        values[rng.random(size) < 0.5] = -np.inf
        values[rng.random(size) < 0.01] = np.nan
        values[rng.random(size) < 0.001] = np.inf
    where = None if mask_share is None else rng.random(size) < mask_share
    assert top_k_indices(values, k, above=above, where=where).tolist() == _stable_top_k(
        values, k, above, where
    )


@given(
    hnp.arrays(
        np.float32,
        st.integers(min_value=0, max_value=50),
        elements=st.floats(allow_nan=False, allow_infinity=False, width=32),
    )
)
def test_rounded_scores_are_pythons_round_to_six_decimals(scores: npt.NDArray[np.float32]) -> None:
    from contract_review.retrieval.hybrid_index import rounded

    assert rounded(scores) == [round(float(x), 6) for x in scores]
