"""An approximate nearest-neighbour index over an index's dense vectors (optional,
``pip install contract-review[ann]``, which brings ``faiss-cpu``).

Without it every query reads every stored vector (:meth:`.HybridIndex._vector_block`):
exact, and bound by memory bandwidth — 58,813 x 512 float32 rows are 120 MB read per
query. Over a million articles that is 2 GB a query; an approximate index reads a
small part of them instead, and may miss some of the exact nearest neighbours.

``hnsw`` (:data:`AnnKind`, the one kind): a graph of the vectors (HNSW, 32 links per
vector, the vectors kept in float32); a query walks it and reads a few thousand vectors.
faiss' 8-bit scalar-quantised flat scan (a quarter of the bytes) was measured too and
left out: on STARD it was slower per query than numpy's exact float32 scan.

Only the vector ranking's candidates come from it: their similarities, and those of
the candidates BM25 found, are computed exactly from the stored vectors afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ..errors import InputError

FloatArray = npt.NDArray[np.float32]
IdArray = npt.NDArray[np.int64]

AnnKind = Literal["hnsw"]

#: Links per vector in the HNSW graph.
HNSW_LINKS = 32
#: Candidates kept while building the graph (faiss' efConstruction).
HNSW_BUILD_DEPTH = 64
#: Candidates kept while searching the graph (faiss' efSearch), at least the ``k``
#: asked for.
HNSW_SEARCH_DEPTH = 256
#: The file an index's approximate index is saved in.
ANN_FILE = "ann.faiss"


def _faiss() -> Any:
    try:
        import faiss
    except ImportError:
        raise InputError(
            "the approximate vector index needs faiss: pip install 'contract-review[ann]'"
        ) from None
    return faiss


class AnnIndex:
    """A faiss index over L2-normalised float32 rows, searched by inner product (the
    cosine similarity)."""

    def __init__(self, kind: AnnKind, index: Any) -> None:
        self.kind = kind
        self._index = index

    @classmethod
    def build(cls, kind: AnnKind, vectors: FloatArray) -> AnnIndex:
        """Index ``vectors`` (one row per document, in document order)."""
        faiss = _faiss()
        rows = np.ascontiguousarray(vectors, dtype=np.float32)
        index = faiss.IndexHNSWFlat(rows.shape[1], HNSW_LINKS, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = HNSW_BUILD_DEPTH
        index.add(rows)
        return cls(kind, index)

    @property
    def size(self) -> int:
        """The number of vectors indexed."""
        return int(self._index.ntotal)

    def search(
        self, queries: FloatArray, k: int, where: npt.NDArray[np.bool_] | None = None
    ) -> tuple[list[IdArray], list[FloatArray]]:
        """Each query's (approximately) ``k`` nearest rows and their similarities, best
        first; only rows where ``where`` is true when given. Fewer than ``k`` may come
        back."""
        faiss = _faiss()
        rows = np.ascontiguousarray(queries, dtype=np.float32)
        k = max(1, min(k, self.size))
        selector = None
        if where is not None:
            # One bit per row, the lowest bit first (faiss' IDSelectorBitmap order).
            bits = np.packbits(np.asarray(where, dtype=bool), bitorder="little")
            selector = faiss.IDSelectorBitmap(bits)
        params = faiss.SearchParametersHNSW()
        params.efSearch = max(HNSW_SEARCH_DEPTH, k)
        if selector is not None:
            params.sel = selector
        scores, ids = self._index.search(rows, k, params=params)
        found_ids: list[IdArray] = []
        found_scores: list[FloatArray] = []
        for row_ids, row_scores in zip(ids, scores, strict=True):
            keep = row_ids >= 0  # faiss pads with -1 when it finds fewer than k
            found_ids.append(row_ids[keep].astype(np.int64))
            found_scores.append(row_scores[keep].astype(np.float32))
        return found_ids, found_scores

    def save(self, path: Path) -> None:
        """Write the index to ``path``."""
        _faiss().write_index(self._index, str(path))

    @classmethod
    def load(cls, path: Path, kind: AnnKind) -> AnnIndex:
        """Read an index :meth:`save` wrote."""
        return cls(kind, _faiss().read_index(str(path)))
