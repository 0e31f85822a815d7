"""BM25 over pre-tokenized texts, computed by ``bm25s``.

The index keeps each document's term ids beside ``bm25s``'s score matrix, so
documents can be added later (BM25's IDF depends on the whole corpus, so the score
matrix is rebuilt from the stored terms; the texts are not tokenized again).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

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


class BM25Index:
    """Term ids per document and the ``bm25s`` model scoring them."""

    def __init__(self, config: BM25Config | None = None) -> None:
        self.config = config or BM25Config()
        self._vocab: dict[str, int] = {}
        self._id_lists: list[npt.NDArray[np.int32]] = []
        self._model: Any = None
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

    def term_ids(self, tokens: Sequence[str]) -> list[int]:
        """The model's ids of the query terms it knows (unknown terms score nothing)."""
        known = getattr(self._model, "vocab_dict", None)
        if not known or self._size == 0:
            return []
        return [known[token] for token in tokens if token in known]

    def scores(self, tokens: Sequence[str]) -> FloatArray:
        """BM25 score of every document for a query's terms (zeros when none is known)."""
        ids = self.term_ids(tokens)
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        result = self._model.get_scores(ids)
        return np.asarray(result, dtype=np.float32)

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
        if self._model is not None and self._ids and self.vocab:
            self._model.save(str(directory / "bm25s"), show_progress=False)

    @classmethod
    def load(cls, directory: Path) -> BM25Index:
        """Read what :meth:`save` wrote (the score matrix is read, not rebuilt)."""
        import bm25s

        config = BM25Config.model_validate_json((directory / "config.json").read_text("utf-8"))
        index = cls(config)
        lengths = np.load(directory / "lengths.npy", allow_pickle=False)
        index._size = len(lengths)
        index._pending = directory
        if (directory / "bm25s").is_dir():
            index._model = bm25s.BM25.load(str(directory / "bm25s"), show_progress=False)
        else:
            index._rebuild()
        return index
