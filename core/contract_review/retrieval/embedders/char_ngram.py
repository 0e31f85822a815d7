"""The ``char-ngram`` embedder: TF-IDF weights over character 2-4-grams.

It needs no model and no network: it learns its vocabulary (every run of 2 to 4
characters) and the weight of each run (rarer runs weigh more) from the texts it is
first given, then describes every text by the runs it contains. Two texts are similar
when they share wording — a clause and its near-copy score high — but paraphrases
and translations do not match. Chinese needs no word segmentation for this.

Vectors are sparse (``scipy.sparse.csr_matrix``, ``float32``) and L2-normalised; a text
sharing no run with the vocabulary gets a row of zeros. The fitted vocabulary and
weights can be saved beside an index (:meth:`CharNgramEmbedder.save_state`) as JSON and
``.npy`` files — no pickle — so a saved index can be reopened safely and gives
identical vectors.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import ConfigError, EmbeddingError, SearchIndexError
from ..embedder_types import EmbedderInfo, EmbeddingKind

if TYPE_CHECKING:
    import scipy.sparse

    from ...config import Settings

#: The model name recorded in indexes.
MODEL = "char-2-4-tfidf"
#: The files :meth:`CharNgramEmbedder.save_state` writes.
STATE_FILE = "char_ngram.json"
IDF_FILE = "char_ngram_idf.npy"
#: The version of the saved-state format.
STATE_FORMAT = 1


class CharNgramEmbedder:
    """TF-IDF over character n-grams, fitted to the texts it is first given.

    :param ngram_range: The shortest and longest character runs counted.
    :param max_features: Keep only this many of the most frequent runs (None: all).
    :param sublinear_tf: Count a run repeated ``n`` times as ``1 + log(n)``, so one
        repeated phrase does not dominate a text.

    Text is lower-cased; runs cross word boundaries ("char" analysis), which suits
    Chinese, where there are no spaces between words.
    """

    def __init__(
        self,
        ngram_range: tuple[int, int] = (2, 4),
        max_features: int | None = None,
        sublinear_tf: bool = True,
    ) -> None:
        low, high = ngram_range
        if not 1 <= low <= high:
            raise ValueError(
                f"ngram_range must be (low, high) with 1 <= low <= high, got {ngram_range}"
            )
        if max_features is not None and max_features < 1:
            raise ValueError(f"max_features must be at least 1, got {max_features}")
        self.ngram_range = (int(low), int(high))
        self.max_features = max_features
        self.sublinear_tf = bool(sublinear_tf)
        self._vectorizer: Any = None

    # --- the Embedder protocol

    @property
    def info(self) -> EmbedderInfo:
        """``char-ngram``, local and sparse; ``dimension`` is the vocabulary size once
        fitted, None before."""
        return EmbedderInfo(
            name="char-ngram",
            model=MODEL,
            provider="local",
            remote=False,
            sparse=True,
            dimension=len(self._vectorizer.vocabulary_) if self._vectorizer is not None else None,
            search_method="char_ngram_tfidf",
        )

    def embed(
        self, texts: Sequence[str], *, kind: EmbeddingKind = "document"
    ) -> scipy.sparse.csr_matrix:
        """Embed ``texts``: a ``float32`` CSR matrix with one L2-normalised row per text.

        An unfitted embedder is first fitted to ``texts`` — whatever ``kind`` says, so
        embedding ``[query, *sections]`` in one call works. ``kind`` makes no other
        difference. An empty sequence gives zero rows.

        :raises EmbeddingError: when an unfitted embedder is given texts with no run of
            characters long enough to learn from.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        if self._vectorizer is None:
            if len(texts) == 0:
                import scipy.sparse

                return scipy.sparse.csr_matrix((0, 0), dtype=np.float32)
            self.fit(texts)
        return self._transform(texts)

    # --- the StatefulEmbedder protocol

    @property
    def fitted(self) -> bool:
        """Whether a vocabulary has been learnt (by :meth:`fit` or :meth:`load_state`)."""
        return self._vectorizer is not None

    def fit(self, texts: Sequence[str]) -> None:
        """Learn the vocabulary and weights from ``texts``, replacing any earlier fit.

        :raises EmbeddingError: when the texts contain no run of characters long enough.
        """
        vectorizer = self._new_vectorizer()
        try:
            vectorizer.fit(list(texts))
        except ValueError as exc:
            if "empty vocabulary" not in str(exc):
                raise
            raise EmbeddingError(
                f"the char-ngram embedder cannot learn a vocabulary from {len(texts)} "
                f"text(s): none has a run of {self.ngram_range[0]} or more characters"
            ) from None
        self._vectorizer = vectorizer

    def save_state(self, directory: Path) -> None:
        """Write the vocabulary and weights into ``directory`` (which exists), as
        ``char_ngram.json`` and ``char_ngram_idf.npy``.

        :raises EmbeddingError: when the embedder has not been fitted.
        """
        if self._vectorizer is None:
            raise EmbeddingError("the char-ngram embedder has no state to save: it is not fitted")
        vocabulary: dict[str, int] = self._vectorizer.vocabulary_
        terms = [""] * len(vocabulary)
        for term, column in vocabulary.items():
            terms[column] = term
        state = {
            "format": STATE_FORMAT,
            "model": MODEL,
            "params": self._params(),
            "vocabulary": terms,
        }
        idf = np.asarray(self._vectorizer.idf_)
        with (Path(directory) / IDF_FILE).open("wb") as handle:
            np.save(handle, idf, allow_pickle=False)
        (Path(directory) / STATE_FILE).write_bytes(
            json.dumps(state, ensure_ascii=False).encode("utf-8", "surrogatepass")
        )

    def load_state(self, directory: Path) -> None:
        """Read the state :meth:`save_state` wrote; the saved parameters (n-gram range
        and so on) replace this embedder's own, so vectors come out identical.

        :raises SearchIndexError: when the files are missing, unreadable or inconsistent.
        """
        state_path = Path(directory) / STATE_FILE
        idf_path = Path(directory) / IDF_FILE
        try:
            state = json.loads(state_path.read_bytes().decode("utf-8", "surrogatepass"))
            idf = np.load(idf_path, allow_pickle=False)
        except FileNotFoundError as exc:
            raise SearchIndexError(
                f"the char-ngram state in {directory} is incomplete: {exc.filename} is missing"
            ) from None
        except (OSError, ValueError) as exc:
            raise SearchIndexError(
                f"the char-ngram state in {directory} cannot be read: {exc}"
            ) from None
        try:
            if state.get("format") != STATE_FORMAT:
                raise ValueError(f"unsupported format {state.get('format')!r}")
            params = state["params"]
            ngram_range = (int(params["ngram_range"][0]), int(params["ngram_range"][1]))
            max_features = params["max_features"]
            sublinear_tf = bool(params["sublinear_tf"])
            terms = state["vocabulary"]
            if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
                raise ValueError("the vocabulary is not a list of strings")
            if idf.ndim != 1 or idf.shape[0] != len(terms) or len(terms) == 0:
                raise ValueError(f"{len(terms)} vocabulary terms but {idf.shape} IDF weights")
            self.ngram_range = ngram_range
            self.max_features = None if max_features is None else int(max_features)
            self.sublinear_tf = sublinear_tf
            vectorizer = self._new_vectorizer(vocabulary=terms)
            vectorizer.idf_ = idf
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SearchIndexError(
                f"the char-ngram state in {directory} is invalid: {exc}"
            ) from None
        self._vectorizer = vectorizer

    # --- internals

    def _params(self) -> dict[str, Any]:
        return {
            "analyzer": "char",
            "lowercase": True,
            "ngram_range": list(self.ngram_range),
            "max_features": self.max_features,
            "sublinear_tf": self.sublinear_tf,
            "norm": "l2",
        }

    def _new_vectorizer(self, vocabulary: list[str] | None = None) -> Any:
        from sklearn.feature_extraction.text import TfidfVectorizer

        return TfidfVectorizer(
            analyzer="char",
            lowercase=True,
            ngram_range=self.ngram_range,
            max_features=None if vocabulary is not None else self.max_features,
            sublinear_tf=self.sublinear_tf,
            norm="l2",
            dtype=np.float32,
            vocabulary=vocabulary,
        )

    def _transform(self, texts: Sequence[str]) -> scipy.sparse.csr_matrix:
        import scipy.sparse

        if len(texts) == 0:
            width = len(self._vectorizer.vocabulary_)
            return scipy.sparse.csr_matrix((0, width), dtype=np.float32)
        matrix = self._vectorizer.transform(list(texts))
        return scipy.sparse.csr_matrix(matrix, dtype=np.float32)

    def __repr__(self) -> str:
        state = f"{len(self._vectorizer.vocabulary_)} terms" if self.fitted else "unfitted"
        return f"CharNgramEmbedder(ngram_range={self.ngram_range}, {state})"


def build(settings: Settings, model: str | None) -> CharNgramEmbedder:
    """Build an unfitted ``char-ngram`` embedder (it takes no settings).

    :raises ConfigError: when ``model`` names another model than ``char-2-4-tfidf``.
    """
    if model is not None and model != MODEL:
        raise ConfigError(
            f"the char-ngram embedder has one model, {MODEL!r}; embedding model {model!r} "
            "is not available for it (unset embedding_model, or choose another embedder)"
        )
    return CharNgramEmbedder()


__all__ = ["IDF_FILE", "MODEL", "STATE_FILE", "CharNgramEmbedder", "build"]
