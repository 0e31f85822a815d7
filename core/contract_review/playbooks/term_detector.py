"""Which standard one-sided term a whole clause holds, read by a learned detector.

The phrase rules and the rules read by meaning find a term through cue words; a drafter
who says the term in words no cue covers slips past them. The term detector reads a
section's own text as a whole and gives, per term category, the probability that the
section *holds that one-sided term* — not merely that it is about the subject: it is
trained on our labelled contracts with three kinds of example,

* the clauses that hold a one-sided term (labelled with its category),
* the balanced clauses on the same subjects that a careless reader might flag (labelled
  ``balanced:<category>``: a mutual termination right, a capped penalty, a 30-day
  payment term, disputes referred to arbitration ...), and
* every other section (``none``),

so it learns to tell "only the Employer may terminate whenever it wishes" from "either
party may terminate on ninety days' notice". The features are character n-grams (2 to 4
characters within words, TF-IDF with sub-linear term frequency, the most frequent
:data:`VOCABULARY_SIZE`), which read English and Chinese alike; the model is a
multinomial logistic regression. Measured leaving each labelled set out in turn, a
threshold of 0.7 finds 90% of the sets' one-sided terms alone and flags 0.4% of their
balanced clauses (``tools/train_term_detector.py --leave-one-out``).

A playbook rule opts in with ``detector_min`` (the term library sets it on the rules read
by meaning): a document-scope rule then also fires on a section whose most likely term is
the rule's category with at least that probability (see
:mod:`contract_review.playbooks.clause_assessment`).

The weights ship with the package (``term_detector.npz``); ``tools/train_term_detector.py``
(``nox -s train_detector``) fits them again with scikit-learn's n-gram vectoriser.
Scoring reads the same features (:class:`NgramFeatures`: equal to the vectoriser's, and
tested so) counting each distinct word of a contract's sections once, and needs numpy
and scipy, no network and no embedder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp
from sklearn.feature_extraction.text import TfidfVectorizer

from ..retrieval.vectors import FloatArray
from .label_scores import CachedLabelScores, softmax_rows

__all__ = [
    "BALANCED_PREFIX",
    "DETECTOR_FILE",
    "NGRAM_RANGE",
    "NO_TERM",
    "VOCABULARY_SIZE",
    "DetectorModel",
    "NgramFeatures",
    "TermDetector",
    "new_vectorizer",
    "term_detector",
]

#: The package file holding the detector's weights.
DETECTOR_FILE = "term_detector.npz"
#: The label of a section that holds no term and is no balanced clause.
NO_TERM = "none"
#: Labels ``balanced:<category>`` mark a fair clause on a term's subject.
BALANCED_PREFIX = "balanced:"
#: Character n-gram lengths read (within words, as scikit-learn's ``char_wb``).
NGRAM_RANGE = (2, 4)
#: How many n-grams (the most frequent in training) the detector reads.
VOCABULARY_SIZE = 20_000


def new_vectorizer(vocabulary: Sequence[str] | None = None) -> TfidfVectorizer:
    """The n-gram vectoriser the detector is trained and scored with: fixed settings, and
    ``vocabulary`` when the n-grams are already known (scoring)."""
    return TfidfVectorizer(
        analyzer="char_wb",
        ngram_range=NGRAM_RANGE,
        lowercase=True,
        sublinear_tf=True,
        min_df=2,
        max_features=None if vocabulary is not None else VOCABULARY_SIZE,
        vocabulary=list(vocabulary) if vocabulary is not None else None,
        dtype=np.float32,
    )


@dataclass(frozen=True)
class DetectorModel:
    """The detector's weights: ``labels`` (term categories, ``balanced:<category>`` and
    ``none``), ``vocabulary`` (the n-grams, in feature order) with their ``idf``, and the
    logistic regression's ``weights`` (labels × n-grams) and ``bias`` (one per label)."""

    labels: tuple[str, ...]
    vocabulary: tuple[str, ...]
    idf: FloatArray
    weights: FloatArray
    bias: FloatArray

    def __post_init__(self) -> None:
        if self.weights.shape != (len(self.labels), len(self.vocabulary)):
            raise ValueError(
                f"detector weights are {self.weights.shape}, expected "
                f"({len(self.labels)}, {len(self.vocabulary)})"
            )
        if self.idf.shape != (len(self.vocabulary),) or self.bias.shape != (len(self.labels),):
            raise ValueError("detector idf or bias does not match its vocabulary or labels")

    @property
    def categories(self) -> tuple[str, ...]:
        """The term categories the detector reads (its labels but balanced and none)."""
        return tuple(
            label
            for label in self.labels
            if label != NO_TERM and not label.startswith(BALANCED_PREFIX)
        )

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            labels=np.array(self.labels),
            vocabulary=np.array(self.vocabulary),
            idf=self.idf.astype(np.float32),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
        )

    @classmethod
    def load(cls, path: Path) -> DetectorModel:
        with np.load(path, allow_pickle=False) as data:
            return cls(
                labels=tuple(str(label) for label in data["labels"]),
                vocabulary=tuple(str(gram) for gram in data["vocabulary"]),
                idf=data["idf"].astype(np.float32),
                weights=data["weights"].astype(np.float32),
                bias=data["bias"].astype(np.float32),
            )


#: Distinct words whose n-grams :class:`NgramFeatures` keeps (then it starts afresh).
CACHED_WORDS = 200_000

_Columns = npt.NDArray[np.int32]


class NgramFeatures:
    """The TF-IDF rows :func:`new_vectorizer` gives with ``vocabulary`` and ``idf`` (the
    words of a text in lower case, each padded with a space either side and cut into
    its n-grams of :data:`NGRAM_RANGE` lengths, a word shorter than a length counted
    once; sub-linear term frequency times idf, rows of unit length), read faster: a
    word's n-grams are looked up once and counted as often as the word occurs.

    Not thread-safe: :class:`TermDetector` scores under its cache's lock.
    """

    def __init__(self, vocabulary: Sequence[str], idf: FloatArray) -> None:
        self._index = {gram: i for i, gram in enumerate(vocabulary)}
        self._idf = np.asarray(idf, dtype=np.float32)
        self._words: dict[str, _Columns] = {}

    def transform(self, texts: Sequence[str]) -> sp.csr_matrix:
        """One row per text (texts × vocabulary, float32)."""
        rows: list[_Columns] = []
        columns: list[_Columns] = []
        weights: list[FloatArray] = []
        for row, text in enumerate(texts):
            words = Counter(text.lower().split())
            grams = [self._grams(word) for word in words]
            found = np.concatenate(grams) if grams else np.zeros(0, dtype=np.int32)
            times = np.fromiter(words.values(), np.float32, count=len(words))
            columns.append(found)
            weights.append(np.repeat(times, [len(gram) for gram in grams]))
            rows.append(np.full(len(found), row, dtype=np.int32))
        counts = sp.csr_matrix(
            (np.concatenate(weights), (np.concatenate(rows), np.concatenate(columns))),
            shape=(len(texts), len(self._idf)),
            dtype=np.float32,
        )  # repeated n-grams of a text are summed
        counts.sum_duplicates()
        counts.data = np.log(counts.data) + np.float32(1.0)
        counts.data *= self._idf[counts.indices]
        return self._unit_rows(counts)

    @staticmethod
    def _unit_rows(matrix: sp.csr_matrix) -> sp.csr_matrix:
        squares = matrix.multiply(matrix).sum(axis=1).A1
        norms = np.sqrt(squares, dtype=np.float64)
        norms[norms == 0.0] = 1.0
        repeats = np.diff(matrix.indptr)
        matrix.data /= np.repeat(norms, repeats).astype(np.float32)
        return matrix

    def _grams(self, word: str) -> _Columns:
        """The columns of ``word``'s n-grams in the vocabulary, each as often as it is
        in the word."""
        found = self._words.get(word)
        if found is not None:
            return found
        padded = f" {word} "
        grams: list[str] = []
        for n in range(NGRAM_RANGE[0], NGRAM_RANGE[1] + 1):
            if len(padded) <= n:  # a word shorter than n: itself, once, then no longer n
                grams.append(padded)
                break
            grams.extend(padded[i : i + n] for i in range(len(padded) - n + 1))
        index = self._index
        found = np.array([index[gram] for gram in grams if gram in index], dtype=np.int32)
        if len(self._words) >= CACHED_WORDS:
            self._words.clear()
        self._words[word] = found
        return found


class TermDetector(CachedLabelScores):
    """Per-label probabilities that a section holds a one-sided term (term categories,
    balanced clauses, none; they sum to 1), cached per text.

    :param model: The weights (by default the packaged ones, :func:`term_detector`).
    """

    def __init__(self, model: DetectorModel) -> None:
        super().__init__()
        self.model = model
        self._features = NgramFeatures(model.vocabulary, model.idf)

    @property
    def categories(self) -> tuple[str, ...]:
        return self.model.categories

    def term_of(self, text: str) -> tuple[str, float] | None:
        """The term category ``text`` most likely holds and its probability, or None
        when the most likely reading is a balanced clause or no term at all."""
        probabilities = self.probabilities([text])[0]
        label = max(probabilities, key=probabilities.__getitem__)
        if label not in self.categories:
            return None
        return label, probabilities[label]

    def _score(self, keys: Sequence[str]) -> list[dict[str, float]]:
        features = self._features.transform(keys)
        logits = np.asarray(features @ self.model.weights.T) + self.model.bias
        return softmax_rows(logits, self.model.labels)


@lru_cache(maxsize=1)
def term_detector() -> TermDetector:
    """The packaged detector, loaded once per process."""
    source = resources.files(__package__).joinpath(DETECTOR_FILE)
    with resources.as_file(source) as path:
        return TermDetector(DetectorModel.load(path))
