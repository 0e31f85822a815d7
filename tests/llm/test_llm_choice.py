"""Choosing the LLM client: none, auto, offline, plugins; the notice the CLI prints; and
the registry's ``register_llm_clients`` handling."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

import pytest

from contract_review import hookimpl
from contract_review.config import Settings
from contract_review.errors import ConfigError, InputError, MissingExtraError, PluginError
from contract_review.llm import LLMInfo, LLMSpec, UnknownLLMError, choose_llm, llm_notice
from contract_review.llm.dashscope_client import DashscopeLLM
from contract_review.llm.llm_choice import configured_llm_name, llm_spec
from contract_review.llm.openai_compatible import OpenAICompatibleClient
from contract_review.registry import Registry, load_registry
from contract_review.testing.fake_llm import ScriptedLLM

KEY = "sk-test-not-a-real-key"
LOCAL = {"llm_base_url": "http://localhost:11434/v1", "llm_model": "qwen2.5:7b"}
REMOTE = {"llm_base_url": "https://llm.example.com/v1", "llm_model": "gpt-x", "llm_api_key": KEY}


def _scripted_spec(name: str = "scripted", *, remote: bool = False) -> LLMSpec:
    return LLMSpec(
        name=name,
        description="A scripted test double.",
        factory=lambda settings, model: ScriptedLLM(["hello"], model=model or "m", remote=remote),
        remote=remote,
        provider="the test",
    )


class LLMPlugin:
    """A throwaway plugin registering LLM clients."""

    def __init__(self, *specs: Any) -> None:
        self.specs = specs

    @hookimpl
    def register_llm_clients(self, register: Any) -> None:
        for spec in self.specs:
            register(spec)


def _registry(*plugins: tuple[str, object], strict: bool = False) -> Registry:
    return load_registry(load_entrypoints=False, extra_plugins=plugins, strict=strict)


# --- choose_llm


def test_nothing_configured_means_no_llm(settings: Callable[..., Settings]) -> None:
    assert configured_llm_name(settings()) is None
    assert choose_llm(settings=settings()) is None
    assert choose_llm("auto", settings=settings()) is None


def test_none_means_none_even_when_configured(settings: Callable[..., Settings]) -> None:
    configured = settings(dashscope_api_key=KEY, **REMOTE)
    assert choose_llm("none", settings=configured) is None
    assert choose_llm(" None ", settings=configured) is None


def test_auto_prefers_the_base_url_then_dashscope(settings: Callable[..., Settings]) -> None:
    both = choose_llm(settings=settings(dashscope_api_key=KEY, **REMOTE))
    assert isinstance(both, OpenAICompatibleClient) and both.model == "gpt-x"
    only_dashscope = choose_llm(settings=settings(dashscope_api_key=KEY))
    assert isinstance(only_dashscope, DashscopeLLM) and only_dashscope.model == "qwen-plus"
    chosen = choose_llm("dashscope", model="qwen-max", settings=settings(dashscope_api_key=KEY))
    assert chosen is not None and chosen.info.model == "qwen-max"


def test_offline_drops_remote_llms_with_a_warning(
    settings: Callable[..., Settings], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        assert choose_llm(settings=settings(offline=True, dashscope_api_key=KEY)) is None
        assert choose_llm("openai", settings=settings(**REMOTE), offline=True) is None
    assert "offline: not sending contract text to Dashscope" in caplog.text
    assert "playbook rules" in caplog.text
    # offline skips a remote client before building it: no key needed, no error
    assert choose_llm("dashscope", settings=settings(), offline=True) is None


def test_offline_keeps_a_server_on_this_machine(settings: Callable[..., Settings]) -> None:
    client = choose_llm(settings=settings(offline=True, **LOCAL))
    assert isinstance(client, OpenAICompatibleClient) and client.info.remote is False


def test_explicit_choices_fail_clearly(
    settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_LLM_BASE_URL"):
        choose_llm("openai", settings=settings())
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_LLM_MODEL"):
        choose_llm(settings=settings(llm_base_url="http://localhost:8000/v1"))
    with pytest.raises(UnknownLLMError) as raised:
        choose_llm("gpt-9", settings=settings(), registry=_registry())
    assert isinstance(raised.value, InputError)
    assert "dashscope, openai" in str(raised.value) and "'none'" in str(raised.value)
    monkeypatch.setitem(sys.modules, "dashscope", None)
    with pytest.raises(MissingExtraError):
        choose_llm("dashscope", settings=settings(dashscope_api_key=KEY))


def test_auto_without_the_sdk_reviews_without_an_llm(
    settings: Callable[..., Settings],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setitem(sys.modules, "dashscope", None)
    with caplog.at_level(logging.WARNING):
        assert choose_llm(settings=settings(dashscope_api_key=KEY)) is None
    assert "contract-review[dashscope]" in caplog.text


def test_the_provider_setting_is_read_when_present(settings: Callable[..., Settings]) -> None:
    assert choose_llm(settings=settings(llm_provider="none", **LOCAL)) is None


def test_a_plugin_client_is_chosen_by_name(settings: Callable[..., Settings]) -> None:
    registry = _registry(("mine", LLMPlugin(_scripted_spec())))
    client = choose_llm("scripted", model="tiny", settings=settings(), registry=registry)
    assert isinstance(client, ScriptedLLM) and client.info.model == "tiny"
    remote = _registry(("mine", LLMPlugin(_scripted_spec("cloudy", remote=True))))
    assert choose_llm("cloudy", settings=settings(), registry=remote, offline=True) is None


def test_builtin_specs_are_found_without_loading_plugins() -> None:
    assert llm_spec("openai").name == "openai"
    assert llm_spec("dashscope").extra == "dashscope"


# --- the notice


def test_notice_names_the_provider() -> None:
    remote = LLMInfo(
        name="dashscope", provider="Dashscope (Alibaba Cloud)", model="qwen-plus", remote=True
    )
    assert llm_notice(remote) == (
        "Contract text will be sent to Dashscope (Alibaba Cloud) (model qwen-plus) to be "
        "reviewed by an LLM. Use --offline to keep it on this machine."
    )
    local = OpenAICompatibleClient(base_url="http://127.0.0.1:8000/v1", model="qwen").info
    assert llm_notice(local, what="Clauses") == (
        "Clauses will be sent to the LLM server on this machine at http://127.0.0.1:8000/v1 "
        "(model qwen)."
    )


# --- the registry


def test_builtins_are_registered() -> None:
    registry = _registry()
    assert set(registry.llm_clients) >= {"openai", "dashscope"}
    assert {r.plugin for r in registry.llm_clients.values()} == {
        "contract_review.builtin.llm_clients"
    }
    assert registry.llm_client("openai").remote is True
    assert registry.failures == []


def test_duplicate_name_is_a_load_failure() -> None:
    registry = _registry(
        ("first", LLMPlugin(_scripted_spec())), ("second", LLMPlugin(_scripted_spec()))
    )
    assert registry.llm_clients["scripted"].plugin == "first"
    [failure] = registry.failures
    assert failure.name == "second" and failure.stage == "register"
    assert "'scripted' is already registered by plugin 'first'" in failure.error
    builtin_clash = _registry(("clash", LLMPlugin(_scripted_spec("openai"))))
    [failure] = builtin_clash.failures
    assert "contract_review.builtin.llm_clients" in failure.error
    with pytest.raises(PluginError, match="already registered"):
        _registry(("clash", LLMPlugin(_scripted_spec("openai"))), strict=True)


def test_reserved_and_invalid_registrations_are_load_failures() -> None:
    registry = _registry(
        ("reserved", LLMPlugin(_scripted_spec("auto"))),
        ("invalid", LLMPlugin({"name": "Bad Name!", "description": "x"})),
    )
    errors = {failure.name: failure.error for failure in registry.failures}
    assert "'auto' is reserved" in errors["reserved"]
    assert "invalid LLM client registration" in errors["invalid"]
    assert "auto" not in registry.llm_clients
