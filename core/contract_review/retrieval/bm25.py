"""BM25 over pre-tokenized texts, computed by ``bm25s``.

The index keeps each document's term ids beside ``bm25s``'s score matrix, so
documents can be added later (BM25's IDF depends on the whole corpus, so the score
matrix is rebuilt from the stored terms; the texts are not tokenized again).

``bm25s`` builds the score matrix; queries are scored from the matrix directly
(:class:`ScoreMatrix`, the same sums as ``bm25s.BM25.get_scores``), so a saved index
opens and searches without importing ``bm25s`` (nor scipy, which it imports).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import attrs
import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

FloatArray = npt.NDArray[np.float32]


class BM25Config(BaseModel):
    """BM25 parameters (``bm25s`` names)."""

    model_config = ConfigDict(frozen=True)

    k1: float = Field(default=1.2, gt=0)
    b: float = Field(default=0.75, ge=0, le=1)
    method: Literal["lucene", "robertson", "atire", "bm25l", "bm25+"] = "lucene"


#: The files of a saved ``bm25s`` model (``bm25s.BM25.save``'s default names).
_PARAMS = "params.index.json"
_VOCAB = "vocab.index.json"
_DATA, _INDICES, _INDPTR = "data.csc.index.npy", "indices.csc.index.npy", "indptr.csc.index.npy"
_NONOCCURRENCE = "nonoccurrence_array.index.npy"


@attrs.frozen(eq=False)
class ScoreMatrix:
    """``bm25s``'s precomputed scores: for each term (a column, ``indptr[t]`` to
    ``indptr[t + 1]``) the documents holding it and their score for it."""

    data: npt.NDArray[np.floating[Any]]
    indices: npt.NDArray[np.integer[Any]]
    indptr: npt.NDArray[np.integer[Any]]
    #: Term → column.
    vocab: dict[str, int]
    num_docs: int
    dtype: np.dtype[Any]
    #: Each term's score in documents without it (``bm25l`` and ``bm25+`` only).
    nonoccurrence: npt.NDArray[np.floating[Any]] | None
    #: The saved parameters, when the matrix was read from disk (written back as read).
    params: dict[str, Any] | None = None

    @classmethod
    def of_model(cls, model: Any) -> ScoreMatrix | None:
        """The matrix of an indexed ``bm25s.BM25`` (None when it has indexed nothing)."""
        scores = getattr(model, "scores", None)
        vocab = getattr(model, "vocab_dict", None)
        if not scores or not vocab:
            return None
        return cls(
            data=scores["data"],
            indices=scores["indices"],
            indptr=scores["indptr"],
            vocab=vocab,
            num_docs=int(scores["num_docs"]),
            dtype=np.dtype(model.dtype),
            nonoccurrence=getattr(model, "nonoccurrence_array", None),
        )

    @classmethod
    def read(cls, directory: Path) -> ScoreMatrix:
        """Read what ``bm25s.BM25.save`` wrote into ``directory``."""
        params = json.loads((directory / _PARAMS).read_text("utf-8"))
        nonoccurrence = None
        if params.get("method") in ("bm25l", "bm25+"):
            nonoccurrence = np.load(directory / _NONOCCURRENCE, allow_pickle=False)
        return cls(
            data=np.load(directory / _DATA, allow_pickle=False),
            indices=np.load(directory / _INDICES, allow_pickle=False),
            indptr=np.load(directory / _INDPTR, allow_pickle=False),
            vocab=json.loads((directory / _VOCAB).read_text("utf-8")),
            num_docs=int(params["num_docs"]),
            dtype=np.dtype(params.get("dtype", "float32")),
            nonoccurrence=nonoccurrence,
            params=params,
        )

    def write(self, directory: Path) -> None:
        """Write a matrix :meth:`read` gave back into ``directory``, as it was read."""
        assert self.params is not None, "a matrix built by bm25s is saved by bm25s"
        directory.mkdir(parents=True, exist_ok=True)
        np.save(directory / _DATA, self.data, allow_pickle=False)
        np.save(directory / _INDICES, self.indices, allow_pickle=False)
        np.save(directory / _INDPTR, self.indptr, allow_pickle=False)
        if self.nonoccurrence is not None:
            np.save(directory / _NONOCCURRENCE, self.nonoccurrence, allow_pickle=False)
        (directory / _VOCAB).write_text(json.dumps(self.vocab, ensure_ascii=False), "utf-8")
        (directory / _PARAMS).write_text(json.dumps(self.params, indent=4), "utf-8")

    def scores(self, ids: Sequence[int]) -> npt.NDArray[Any]:
        """Each document's score for the terms ``ids`` (columns of the matrix), added
        term by term in query order, as ``bm25s`` adds them."""
        out = np.zeros(self.num_docs, dtype=self.dtype)
        indptr, indices, data = self.indptr, self.indices, self.data
        for term in ids:
            start, end = indptr[term], indptr[term + 1]
            np.add.at(out, indices[start:end], data[start:end])
        if self.nonoccurrence is not None:
            out += self.nonoccurrence[np.asarray(ids, dtype=np.int64)].sum()
        return out


class BM25Index:
    """Term ids per document and the score matrix ``bm25s`` builds from them."""

    def __init__(self, config: BM25Config | None = None) -> None:
        self.config = config or BM25Config()
        self._vocab: dict[str, int] = {}
        self._id_lists: list[npt.NDArray[np.int32]] = []
        #: The ``bm25s.BM25`` that built the matrix (None when it was read from disk).
        self._model: Any = None
        self._matrix: ScoreMatrix | None = None
        self._size = 0
        #: A saved index's directory whose terms are read on first need (adding or
        #: saving), so opening an index for search does not pay for them.
        self._pending: Path | None = None

    @property
    def size(self) -> int:
        """Number of documents."""
        return self._size

    def _materialize(self) -> None:
        directory, self._pending = self._pending, None
        if directory is None:
            return
        vocab = json.loads((directory / "vocab.json").read_text("utf-8"))
        self._vocab = {token: i for i, token in enumerate(vocab)}
        flat = np.load(directory / "term_ids.npy", allow_pickle=False)
        lengths = np.load(directory / "lengths.npy", allow_pickle=False)
        self._id_lists = list(np.split(flat, np.cumsum(lengths)[:-1])) if len(lengths) else []

    @property
    def vocab(self) -> dict[str, int]:
        """Term → id over every stored document."""
        self._materialize()
        return self._vocab

    @property
    def _ids(self) -> list[npt.NDArray[np.int32]]:
        self._materialize()
        return self._id_lists

    def add(self, token_lists: Sequence[Sequence[str]]) -> None:
        """Add documents (their terms, in order) and rebuild the scores."""
        vocab = self.vocab
        for tokens in token_lists:
            ids = [vocab.setdefault(token, len(vocab)) for token in tokens]
            self._ids.append(np.asarray(ids, dtype=np.int32))
        self._size = len(self._ids)
        self._rebuild()

    def _rebuild(self) -> None:
        import bm25s

        model = bm25s.BM25(k1=self.config.k1, b=self.config.b, method=self.config.method)
        if self._ids and self.vocab:  # bm25s cannot index a corpus without any term
            vocab = dict(self.vocab)
            corpus_ids = [ids.tolist() for ids in self._ids]
            model.index((corpus_ids, vocab), show_progress=False)
        self._model = model
        self._matrix = ScoreMatrix.of_model(model)

    def term_ids(self, tokens: Sequence[str]) -> list[int]:
        """The model's ids of the query terms it knows (unknown terms score nothing)."""
        known = None if self._matrix is None else self._matrix.vocab
        if not known or self._size == 0:
            return []
        return [known[token] for token in tokens if token in known]

    def scores(self, tokens: Sequence[str]) -> FloatArray:
        """BM25 score of every document for a query's terms (zeros when none is known)."""
        ids = self.term_ids(tokens)
        if not ids or self._matrix is None:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._matrix.scores(ids), dtype=np.float32)

    # ------------------------------------------------------------------ persistence

    def save(self, directory: Path) -> None:
        """Write the terms and the parameters into ``directory`` (created if needed)."""
        directory.mkdir(parents=True, exist_ok=True)
        lengths = np.array([len(ids) for ids in self._ids], dtype=np.int64)
        flat = np.concatenate(self._ids) if self._ids else np.zeros(0, dtype=np.int32)
        np.save(directory / "term_ids.npy", flat.astype(np.int32), allow_pickle=False)
        np.save(directory / "lengths.npy", lengths, allow_pickle=False)
        vocab = sorted(self.vocab, key=self.vocab.__getitem__)
        (directory / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False), "utf-8")
        (directory / "config.json").write_text(self.config.model_dump_json(), "utf-8")
        if self._matrix is None or not self._ids or not self.vocab:
            return
        if self._model is not None:
            self._model.save(str(directory / "bm25s"), show_progress=False)
        else:
            self._matrix.write(directory / "bm25s")

    @classmethod
    def load(cls, directory: Path) -> BM25Index:
        """Read what :meth:`save` wrote (the score matrix is read, not rebuilt)."""
        config = BM25Config.model_validate_json((directory / "config.json").read_text("utf-8"))
        index = cls(config)
        lengths = np.load(directory / "lengths.npy", allow_pickle=False)
        index._size = len(lengths)
        index._pending = directory
        if (directory / "bm25s").is_dir():
            index._matrix = ScoreMatrix.read(directory / "bm25s")
        else:
            index._rebuild()
        return index
