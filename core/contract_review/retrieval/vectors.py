"""Small numeric helpers for embedding vectors: L2 normalisation, cosine scores and
top-k selection, for dense ``float32`` rows and sparse CSR rows alike.

Every embedder returns L2-normalised rows, so the cosine similarity of two texts is
the dot product of their rows; :func:`cosine_scores` relies on that.
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import numpy.typing as npt
import scipy.sparse

FloatArray = npt.NDArray[np.float32]
IndexArray = npt.NDArray[np.intp]

#: Rows normalised at a time (bounds the float64 working copy to a few MB).
_CHUNK_ROWS = 4096


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
    if scipy.sparse.issparse(matrix):
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
    query_sparse = scipy.sparse.issparse(query_vec)
    if query_sparse and query_vec.shape[0] != 1:
        raise ValueError(f"expected a one-row query, got {query_vec.shape[0]} rows")
    if scipy.sparse.issparse(doc_vecs):
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


def top_k_indices(scores: npt.ArrayLike, k: int) -> IndexArray:
    """The positions of the ``k`` highest finite scores, best first.

    Equal scores keep document order (the lower index first), so results are
    reproducible. Scores that are not finite (``-inf`` used to rule a document out,
    ``nan``) are never returned, so fewer than ``k`` positions may come back. ``k``
    larger than the number of scores returns them all; ``k <= 0`` returns none.
    """
    values = np.asarray(scores).ravel()
    if not np.issubdtype(values.dtype, np.floating):
        values = values.astype(np.float64)
    if k <= 0 or values.size == 0:
        return np.zeros(0, dtype=np.intp)
    finite = np.isfinite(values)
    if finite.all():
        positions: IndexArray | None = None
    else:
        positions = np.flatnonzero(finite)
        values = values[positions]
    n = values.size
    if k < n:
        # The k-th highest score; everything above it is in, ties at it are taken
        # in document order.
        kth = np.argpartition(values, n - k)[n - k]
        threshold = values[kth]
        above = np.flatnonzero(values > threshold)
        tied = np.flatnonzero(values == threshold)[: k - above.size]
        selected = np.concatenate([above, tied])
    else:
        selected = np.arange(n, dtype=np.intp)
    # lexsort sorts by the last key first: descending score, then ascending index.
    order = np.lexsort((selected, -values[selected]))
    chosen = selected[order].astype(np.intp, copy=False)
    if positions is not None:
        chosen = positions[chosen]
    return chosen


__all__ = ["FloatArray", "IndexArray", "cosine_scores", "l2_normalize", "top_k_indices"]
