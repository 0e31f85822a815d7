"""Label probabilities for texts from a linear model, cached per text: what the term-topic
classifier (sentences) and the term detector (sections) share."""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from ..documents.chinese_script import simplified
from ..retrieval.vectors import FloatArray

__all__ = ["CACHED_TEXTS", "CachedLabelScores", "softmax_rows"]

#: Texts whose scores an instance keeps (the least recently used go first): a long-running
#: service reviews contract after contract with one instance.
CACHED_TEXTS = 8192


def softmax_rows(logits: FloatArray, labels: Sequence[str]) -> list[dict[str, float]]:
    """Per row of ``logits`` (texts × labels), the probability of each label."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    odds = np.exp(shifted)
    probabilities = odds / odds.sum(axis=1, keepdims=True)
    return [dict(zip(labels, map(float, row), strict=True)) for row in probabilities]


class CachedLabelScores(ABC):
    """Scores each distinct text once while it is among the last :data:`CACHED_TEXTS`
    texts scored (thread-safe); subclasses say how a text is keyed (:meth:`_key`) and
    scored (:meth:`_score`)."""

    def __init__(self, cached_texts: int = CACHED_TEXTS) -> None:
        self._cache: OrderedDict[str, dict[str, float]] = OrderedDict()
        self._cached_texts = max(1, cached_texts)
        self._lock = threading.Lock()

    def probabilities(self, texts: Sequence[str]) -> list[dict[str, float]]:
        """Per text, the probability of each label (they sum to 1)."""
        keys = [self._key(simplified(text)) for text in texts]
        with self._lock:
            rows: dict[str, dict[str, float]] = {}
            for key in keys:
                if key in self._cache and key not in rows:
                    self._cache.move_to_end(key)
                    rows[key] = self._cache[key]
            missing = list(dict.fromkeys(key for key in keys if key not in rows))
            if missing:
                for key, row in zip(missing, self._score(missing), strict=True):
                    rows[key] = self._cache[key] = row
                while len(self._cache) > self._cached_texts:
                    self._cache.popitem(last=False)
            return [rows[key] for key in keys]

    def _key(self, text: str) -> str:
        """What a text is cached and scored as (by default, itself)."""
        return text

    @abstractmethod
    def _score(self, keys: Sequence[str]) -> list[dict[str, float]]:
        """The label probabilities of each key."""
