"""A deterministic embedder for tests: no weights, no network, instant.

Each text becomes a bag of its character bigrams hashed into ``dimension`` buckets,
L2-normalised, so texts sharing wording are similar and unrelated texts are not.
Use it wherever a test needs an embedder at the seam::

    from contract_review.retrieval.reference_search import use_reference_embedder
    from contract_review.testing.fake_embedder import HashingEmbedder

    with use_reference_embedder(HashingEmbedder()):
        ...
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..retrieval.embedder_types import EmbedderInfo, EmbeddingKind


class HashingEmbedder:
    """Hashed character-bigram vectors (see the module docs). Records every call."""

    def __init__(self, dimension: int = 256, *, name: str = "hashing") -> None:
        self.dimension = dimension
        self.calls: list[tuple[EmbeddingKind, list[str]]] = []
        self._info = EmbedderInfo(
            name=name,
            model=f"hashing-{dimension}",
            provider="local",
            dimension=dimension,
            search_method=f"{name}_embedding",
        )

    @property
    def info(self) -> EmbedderInfo:
        """What this embedder is."""
        return self._info

    def _bucket(self, gram: str) -> int:
        digest = hashlib.blake2b(gram.encode("utf-8"), digest_size=8).digest()
        return int.from_bytes(digest, "little") % self.dimension

    def embed(
        self, texts: Sequence[str], *, kind: EmbeddingKind = "document"
    ) -> npt.NDArray[np.float32]:
        """One L2-normalised row per text."""
        self.calls.append((kind, list(texts)))
        matrix = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            lowered = text.lower()
            grams = [lowered[i : i + 2] for i in range(max(len(lowered) - 1, 0))] or [lowered]
            for gram in grams:
                if gram.strip():
                    matrix[row, self._bucket(gram)] += 1.0
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        np.divide(matrix, norms, out=matrix, where=norms > 0)
        return matrix
