"""Small numeric helpers for embedding vectors: L2 normalisation, cosine scores and
top-k selection, for dense ``float32`` rows and sparse CSR rows alike.

Every embedder returns L2-normalised rows, so the cosine similarity of two texts is
the dot product of their rows; :func:`cosine_scores` relies on that.

scipy is imported only when sparse rows are met, so dense search does not load it.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, overload

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import scipy.sparse

FloatArray = npt.NDArray[np.float32]
IndexArray = npt.NDArray[np.intp]

#: Rows normalised at a time (bounds the float64 working copy to a few MB).
_CHUNK_ROWS = 4096
#: :func:`top_k_indices` narrows arrays at least this long (and four times ``k``) with
#: a sample before ranking ...
_NARROW_FROM = 8192
#: ... of every this-many-th score.
_SAMPLE_EVERY = 16
#: Up to this many scores, :func:`top_k_indices` sorts them all rather than partition.
_SORT_ALL_UP_TO = 4096


def _is_sparse(value: object) -> bool:
    """Whether ``value`` is a scipy sparse matrix (there is none while scipy is not
    loaded, so this does not load it)."""
    if "scipy.sparse" not in sys.modules:
        return False
    import scipy.sparse

    return bool(scipy.sparse.issparse(value))


@overload
def l2_normalize(matrix: npt.NDArray[Any]) -> FloatArray: ...


@overload
def l2_normalize(matrix: scipy.sparse.spmatrix) -> scipy.sparse.csr_matrix: ...


def l2_normalize(matrix: npt.NDArray[Any] | scipy.sparse.spmatrix) -> Any:
    """Scale every row to length 1, so dot products are cosine similarities.

    Dense input (one vector, or one row per text) gives a new ``float32`` array of the
    same shape; sparse input gives a ``float32`` CSR matrix. Rows of zeros (a text
    that shares nothing with the vocabulary) stay zero instead of becoming NaN.
    """
    if _is_sparse(matrix):
        import scipy.sparse

        sparse = scipy.sparse.csr_matrix(matrix, dtype=np.float32, copy=True)
        # Norms in float64: squaring tiny float32 values would underflow to zero.
        data = sparse.data.astype(np.float64)
        row_of_value = np.repeat(np.arange(sparse.shape[0]), np.diff(sparse.indptr))
        norms = np.sqrt(np.bincount(row_of_value, weights=data * data, minlength=sparse.shape[0]))
        # Each stored value is divided by the norm of the row it belongs to.
        sparse.data = np.divide(
            data, norms[row_of_value], out=np.zeros_like(data), where=norms[row_of_value] > 0
        ).astype(np.float32)
        return sparse
    dense = np.asarray(matrix, dtype=np.float32)
    if dense.ndim == 1:
        return l2_normalize(dense[np.newaxis, :])[0]
    if dense.ndim != 2:
        raise ValueError(f"expected one vector or a matrix of rows, got shape {dense.shape}")
    result: FloatArray = np.empty(dense.shape, dtype=np.float32)
    for start in range(0, dense.shape[0], _CHUNK_ROWS):
        # Norms in float64 (a chunk at a time, to bound memory): squaring tiny float32
        # values would underflow to zero.
        wide = dense[start : start + _CHUNK_ROWS].astype(np.float64)
        norms = np.linalg.norm(wide, axis=1, keepdims=True)
        np.divide(wide, norms, out=wide, where=norms > 0)
        result[start : start + _CHUNK_ROWS] = wide
    return result


def cosine_scores(
    query_vec: npt.NDArray[Any] | scipy.sparse.spmatrix,
    doc_vecs: npt.NDArray[Any] | scipy.sparse.spmatrix,
) -> FloatArray:
    """The similarity of one query to every document: a 1-D ``float32`` array with one
    score per row of ``doc_vecs``.

    :param query_vec: The query's vector: a dense 1-D array (or a single row), or a
        one-row sparse matrix.
    :param doc_vecs: The documents' vectors, one row each, dense or sparse.

    Both are expected to be L2-normalised, as every embedder returns them; the score
    is then the cosine similarity, between -1 and 1.
    """
    query_sparse = _is_sparse(query_vec)
    if query_sparse and query_vec.shape[0] != 1:
        raise ValueError(f"expected a one-row query, got {query_vec.shape[0]} rows")
    if _is_sparse(doc_vecs):
        import scipy.sparse

        docs = scipy.sparse.csr_matrix(doc_vecs)
        if query_sparse:
            product = docs @ scipy.sparse.csr_matrix(query_vec).T
            scores = np.asarray(product.toarray()).ravel()
        else:
            scores = np.asarray(docs @ np.asarray(query_vec).ravel()).ravel()
        return scores.astype(np.float32, copy=False)
    dense_docs = np.asarray(doc_vecs)
    if dense_docs.ndim != 2:
        raise ValueError(f"expected a matrix of document rows, got shape {dense_docs.shape}")
    if query_sparse:
        import scipy.sparse

        query = np.asarray(scipy.sparse.csr_matrix(query_vec).toarray()).ravel()
    else:
        query = np.asarray(query_vec)
        if query.ndim == 2 and query.shape[0] == 1:
            query = query[0]
        if query.ndim != 1:
            raise ValueError(f"expected one query vector, got shape {query.shape}")
    if dense_docs.shape[0] == 0:
        return np.zeros(0, dtype=np.float32)
    return np.asarray(dense_docs @ query).astype(np.float32, copy=False)


def top_k_indices(
    scores: npt.ArrayLike,
    k: int,
    *,
    above: float | None = None,
    where: npt.NDArray[np.bool_] | None = None,
) -> IndexArray:
    """The positions of the ``k`` highest finite scores, best first.

    Equal scores keep document order (the lower index first), so results are
    reproducible. Scores that are not finite (``-inf`` used to rule a document out,
    ``nan``) are never returned, so fewer than ``k`` positions may come back. ``k``
    larger than the number of scores returns them all; ``k <= 0`` returns none.

    :param above: Only scores strictly greater than this are candidates (BM25 scores
        are mostly zeros: ``above=0`` skips them without sorting them).
    :param where: Only positions where this mask is true are candidates.

    Over a long array the candidates are first narrowed to the scores at or above a
    threshold read from a sample; when fewer than ``k`` candidates pass it, every
    score is ranked instead, so the result is always exact.
    """
    values = np.asarray(scores).ravel()
    if not np.issubdtype(values.dtype, np.floating):
        values = values.astype(np.float64)
    if k <= 0 or values.size == 0:
        return np.zeros(0, dtype=np.intp)
    if where is not None:
        where = np.asarray(where, dtype=bool).ravel()
    if values.size >= _NARROW_FROM and k * 4 <= values.size:
        narrowed = _narrowed_top_k(values, k, above, where)
        if narrowed is not None:
            return narrowed
    if above is None and where is None:
        return _top_k(values, k)
    positions = np.flatnonzero(_allowed(values, above, where))
    return positions[_top_k(values[positions], k)]


def _allowed(
    values: npt.NDArray[np.floating[Any]],
    above: float | None,
    where: npt.NDArray[np.bool_] | None,
) -> npt.NDArray[np.bool_]:
    """Which ``values`` are candidates: above ``above`` and where ``where`` is true."""
    if above is None:
        assert where is not None
        return where
    allowed = values > above
    if where is not None:
        allowed &= where
    return allowed


def _narrowed_top_k(
    values: npt.NDArray[np.floating[Any]],
    k: int,
    above: float | None,
    where: npt.NDArray[np.bool_] | None,
) -> IndexArray | None:
    """:func:`top_k_indices` over the scores at or above a threshold chosen from a
    sample so that, almost always, more than ``k`` allowed finite scores reach it; None
    when fewer do (the caller then ranks every score)."""
    sample = values[::_SAMPLE_EVERY]
    if above is not None or where is not None:
        sample = sample[_allowed(sample, above, None if where is None else where[::_SAMPLE_EVERY])]
    sample = sample[np.isfinite(sample)]
    # About k / _SAMPLE_EVERY sampled scores are among the top k; the threshold is taken
    # well below the last of them, so that rarely fewer than k scores reach it.
    expected = k / _SAMPLE_EVERY
    rank = int(expected + 4 * expected**0.5) + 8
    if rank > sample.size:
        return None
    threshold = np.partition(sample, sample.size - rank)[sample.size - rank]
    candidates = np.flatnonzero(values >= threshold)
    if above is not None or where is not None:
        candidates = candidates[
            _allowed(values[candidates], above, None if where is None else where[candidates])
        ]
    chosen = _top_k(values[candidates], k)
    if chosen.size < k:
        # Fewer than k finite candidates: the k-th best score may lie below the
        # threshold. (With k of them, it lies at or above it, and so do all ties.)
        return None
    return candidates[chosen]


def _top_k(values: npt.NDArray[np.floating[Any]], k: int) -> IndexArray:
    """:func:`top_k_indices` of a float array, ``k >= 1``."""
    finite = np.isfinite(values)
    if finite.all():
        positions: IndexArray | None = None
    else:
        positions = np.flatnonzero(finite)
        values = values[positions]
    n = values.size
    if n <= _SORT_ALL_UP_TO:
        # A stable sort keeps equal scores in document order.
        chosen = np.argsort(-values, kind="stable")[:k].astype(np.intp, copy=False)
    elif k < n:
        # The k-th highest score; everything above it is in, ties at it are taken
        # in document order.
        kth = np.argpartition(values, n - k)[n - k]
        threshold = values[kth]
        above = np.flatnonzero(values > threshold)
        tied = np.flatnonzero(values == threshold)[: k - above.size]
        selected = np.concatenate([above, tied])
        # lexsort sorts by the last key first: descending score, then ascending index.
        order = np.lexsort((selected, -values[selected]))
        chosen = selected[order].astype(np.intp, copy=False)
    else:
        chosen = np.argsort(-values, kind="stable").astype(np.intp, copy=False)
    if positions is not None:
        chosen = positions[chosen]
    return chosen


__all__ = ["FloatArray", "IndexArray", "cosine_scores", "l2_normalize", "top_k_indices"]
