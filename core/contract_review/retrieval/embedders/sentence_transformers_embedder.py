"""The ``sentence-transformers`` embedder: any sentence-transformers model that is
already on this machine.

It needs the optional ``sentence-transformers`` package (``pip install
'contract-review[st]'``, which also installs PyTorch). Models are **never downloaded**
here: set ``embedding_model`` to the name of a model already in the Hugging Face cache
or to a local directory; a model that is not available locally is reported as a
:class:`~contract_review.errors.ConfigError` saying how to fetch it beforehand.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import ConfigError, MissingExtraError
from ..embedder_types import EmbedderInfo, EmbeddingKind
from ..progress import progress_bar
from ..vectors import FloatArray, l2_normalize

if TYPE_CHECKING:
    from ...config import Settings

#: The model used when none is configured (multilingual, Chinese included).
DEFAULT_MODEL = "paraphrase-multilingual-MiniLM-L12-v2"
#: Texts encoded per call to the model.
DEFAULT_BATCH_SIZE = 32


def _import_sentence_transformers() -> Any:
    try:
        import sentence_transformers
    except ImportError:
        raise MissingExtraError(
            "the sentence-transformers embedder", "st", "sentence-transformers"
        ) from None
    return sentence_transformers


class SentenceTransformersEmbedder:
    """Embeds texts with a sentence-transformers model available locally.

    :param model_name: A model name in the local Hugging Face cache, or a directory.
    :param device: ``"cpu"``, ``"cuda"``, ...; None lets sentence-transformers choose.
    :param batch_size: Texts encoded per call to the model.

    The model is loaded by :meth:`load` (``build`` calls it, so a missing model is
    reported when the embedder is chosen) or else on the first :meth:`embed`.
    ``info.dimension`` is known once the model is loaded.
    """

    def __init__(
        self,
        model_name: str,
        device: str | None = None,
        *,
        batch_size: int = DEFAULT_BATCH_SIZE,
    ) -> None:
        if not model_name:
            raise ConfigError("the sentence-transformers embedder needs a model name or path")
        self.model_name = model_name
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._dimension: int | None = None
        self._lock = threading.Lock()

    @property
    def info(self) -> EmbedderInfo:
        """``sentence-transformers``, the model, local; the dimension once loaded."""
        return EmbedderInfo(
            name="sentence-transformers",
            model=self.model_name,
            provider="local",
            remote=False,
            sparse=False,
            dimension=self._dimension,
            search_method="sentence_transformers_embedding",
        )

    def load(self) -> None:
        """Load the model from the local disk, without downloading anything.

        :raises MissingExtraError: when ``sentence-transformers`` is not installed.
        :raises ConfigError: when the model is not available on this machine.
        """
        with self._lock:
            if self._model is not None:
                return
            st = _import_sentence_transformers()
            try:
                model = st.SentenceTransformer(
                    self.model_name, device=self.device, local_files_only=True
                )
            except Exception as exc:  # the library raises OSError, ValueError, HF errors...
                raise ConfigError(
                    f"the sentence-transformers model {self.model_name!r} is not available "
                    "on this machine (it is never downloaded during a review). Download it "
                    'beforehand, while online: python -c "from sentence_transformers import '
                    f"SentenceTransformer; SentenceTransformer('{self.model_name}')\" — or set "
                    f"embedding_model to a local model directory. ({type(exc).__name__}: {exc})"
                ) from exc
            dimension = model.get_sentence_embedding_dimension()
            self._dimension = int(dimension) if dimension else None
            self._model = model

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> FloatArray:
        """Embed ``texts``: a ``float32`` array with one L2-normalised row per text, in
        input order. ``kind`` makes no difference.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        self.load()
        if len(texts) == 0:
            return np.zeros((0, self._dimension or 0), dtype=np.float32)
        rows: list[FloatArray] = []
        with progress_bar(len(texts), f"Embedding ({self.model_name})") as advance:
            for start in range(0, len(texts), self.batch_size):
                batch = list(texts[start : start + self.batch_size])
                encoded = self._model.encode(
                    batch,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
                rows.append(np.asarray(encoded, dtype=np.float32))
                advance(len(batch))
        return l2_normalize(np.concatenate(rows, axis=0))

    def __repr__(self) -> str:
        return f"SentenceTransformersEmbedder(model_name={self.model_name!r})"


def build(settings: Settings, model: str | None) -> SentenceTransformersEmbedder:
    """Build the ``sentence-transformers`` embedder and load its model.

    :raises MissingExtraError: when ``sentence-transformers`` is not installed.
    :raises ConfigError: when the model is not available on this machine.
    """
    embedder = SentenceTransformersEmbedder(model or DEFAULT_MODEL)
    embedder.load()
    return embedder


__all__ = ["DEFAULT_MODEL", "SentenceTransformersEmbedder", "build"]
