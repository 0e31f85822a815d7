"""Choosing the LLM client, if any: by name from the command line or the settings
(``llm_provider``), ``"auto"`` from what is configured, and the offline switch.

No LLM is ever required. With none configured — or ``"none"`` asked for, or offline
mode and only remote services configured — :func:`choose_llm` returns None and the
review runs on each domain's playbook rules. The CLI prints :func:`llm_notice` before
any contract text is sent to a model.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..config import Settings, load_settings
from ..errors import MissingExtraError
from .client_types import LLMClient, LLMInfo, LLMSpec, UnknownLLMError

if TYPE_CHECKING:
    from ..registry import Registry

logger = logging.getLogger(__name__)

#: Review without an LLM.
NO_LLM = "none"
#: Use whichever LLM is configured: ``openai`` when ``llm_base_url`` is set, else
#: ``dashscope`` when a Dashscope API key is set, else none.
AUTO_LLM = "auto"
#: The built-in clients' names.
OPENAI_LLM = "openai"
DASHSCOPE_LLM = "dashscope"


def llm_spec(name: str, registry: Registry | None = None) -> LLMSpec:
    """The registered LLM client called ``name`` (in ``registry``, else
    :func:`~contract_review.registry.default_registry`).

    :raises UnknownLLMError: naming the installed clients.
    """
    from ..registry import default_registry

    return (registry or default_registry()).llm_client(name)


def configured_llm_name(settings: Settings) -> str | None:
    """What ``"auto"`` chooses: ``openai`` when ``llm_base_url`` is set, ``dashscope``
    when a Dashscope API key is set, else None."""
    if settings.llm_base_url:
        return OPENAI_LLM
    if settings.dashscope_api_key:
        return DASHSCOPE_LLM
    return None


def choose_llm(
    name: str | None = None,
    *,
    model: str | None = None,
    settings: Settings | None = None,
    offline: bool | None = None,
    registry: Registry | None = None,
) -> LLMClient | None:
    """Build the LLM client to use, or None to review without one.

    :param name: ``"none"``, ``"auto"``, ``"openai"``, ``"dashscope"`` or a client a
        plugin registers; None uses the ``llm_provider`` setting (``"auto"``).
    :param model: The model; None uses the ``llm_model`` setting, else the client's default.
    :param offline: Send nothing over the network; None uses the ``offline`` setting.
        Offline, a remote client gives None (with a warning) — except the ``openai``
        client pointed at a server on this machine (``localhost``), which stays.
    :raises UnknownLLMError: for a name no plugin registers.
    :raises ConfigError: when the chosen client needs a setting that is missing (an API
        key, a model, a base URL).
    :raises MissingExtraError: when a client named explicitly needs an optional package
        that is not installed (``"auto"`` logs it and returns None instead).
    """
    settings = settings if settings is not None else load_settings()
    requested = (name or settings.llm_provider or AUTO_LLM).strip().lower()
    if requested == NO_LLM:
        return None
    chosen = configured_llm_name(settings) if requested == AUTO_LLM else requested
    if chosen is None:
        logger.info("no LLM configured: the review uses the domains' playbook rules")
        return None
    spec = llm_spec(chosen, registry)
    is_offline = offline if offline is not None else settings.offline
    if is_offline and spec.remote and not _local_openai(spec, settings):
        _warn_offline(spec.provider)
        return None
    try:
        client = spec.factory(settings, model)
    except MissingExtraError as exc:
        if requested != AUTO_LLM:
            raise
        logger.warning("%s; reviewing without an LLM", exc)
        return None
    if is_offline and client.info.remote:
        _warn_offline(client.info.provider)
        return None
    return client


def llm_notice(info: LLMInfo, *, what: str = "Contract text") -> str:
    """The sentence telling a user where their ``what`` goes before it is sent to a model."""
    if info.remote:
        return (
            f"{what} will be sent to {info.provider} (model {info.model}) to be reviewed by "
            "an LLM. Use --offline to keep it on this machine."
        )
    where = f" at {info.endpoint}" if info.endpoint else ""
    return f"{what} will be sent to the LLM server on this machine{where} (model {info.model})."


def _local_openai(spec: LLMSpec, settings: Settings) -> bool:
    if spec.name != OPENAI_LLM or not settings.llm_base_url:
        return False
    from urllib.parse import urlsplit

    from .openai_compatible import is_local_host

    return is_local_host(urlsplit(settings.llm_base_url.strip()).hostname)


def _warn_offline(provider: str) -> None:
    logger.warning(
        "offline: not sending contract text to %s; the review uses the domains' playbook "
        "rules instead of an LLM",
        provider,
    )


__all__ = [
    "AUTO_LLM",
    "DASHSCOPE_LLM",
    "NO_LLM",
    "OPENAI_LLM",
    "UnknownLLMError",
    "choose_llm",
    "configured_llm_name",
    "llm_notice",
    "llm_spec",
]
