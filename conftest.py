"""Shared test configuration: hypothesis profiles, paths to the shared data, and the
``requires_domain`` marker for tests of the shipped domain plugins."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from contract_review.config import Settings, load_settings
from contract_review.testing.llm_stub_server import StubServer, running_stub

REPO_ROOT = Path(__file__).resolve().parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"

# CI machines are small and sometimes busy: no deadlines, no too-slow health check.
hypothesis_settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
    print_blob=True,
)
hypothesis_settings.register_profile(
    "dev", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: The domain plugins this repository ships: domain id -> (import package, distribution).
SHIPPED_DOMAINS: dict[str, tuple[str, str]] = {
    "fidic": ("contract_review_fidic", "contract-review-fidic"),
    "sha_spa": ("contract_review_sha_spa", "contract-review-sha-spa"),
    "generic": ("contract_review_generic", "contract-review-generic"),
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "requires_domain(*domain_ids): the test reviews with these shipped domain plugins "
        f"({', '.join(SHIPPED_DOMAINS)}) and is skipped when one is not installed (as in "
        "`nox -s core_only`). Tests of core machinery use "
        "contract_review.testing.throwaway_domain instead.",
    )


def missing_domain_plugins(domain_ids: tuple[str, ...]) -> list[str]:
    """The distributions of the shipped domains in ``domain_ids`` that are not installed.

    :raises ValueError: for an id that is not a shipped domain (a typo in a marker).
    """
    unknown = sorted(set(domain_ids) - set(SHIPPED_DOMAINS))
    if unknown:
        raise ValueError(f"requires_domain names unknown domains: {', '.join(unknown)}")
    return [
        SHIPPED_DOMAINS[domain][1]
        for domain in dict.fromkeys(domain_ids)
        if importlib.util.find_spec(SHIPPED_DOMAINS[domain][0]) is None
    ]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``skip`` each test marked ``requires_domain`` whose domain plugins are not
    installed (reported at the test, its fixtures never set up)."""
    for item in items:
        wanted = tuple(d for marker in item.iter_markers("requires_domain") for d in marker.args)
        missing = missing_domain_plugins(wanted)
        if missing:
            plugins = "plugins" if len(missing) > 1 else "plugin"
            reason = f"needs the domain {plugins} {', '.join(missing)} (not installed)"
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared evaluation data folder; skips the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(
            "shared evaluation data not found at ../shared/data (relative to the repo root)"
        )
    return SHARED_DATA


@pytest.fixture(scope="session")
def shared_laws(shared_data: Path) -> Path:
    """The shared folder of real laws (LawRefBook Markdown); skips when it is absent."""
    folder = shared_data / "laws"
    if not folder.is_dir():
        pytest.skip("the shared data folder has no laws/ folder")
    return folder


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Embedding and jieba caches go to a temporary directory, not the user's."""
    os.environ["CONTRACT_REVIEW_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(autouse=True)
def _fake_reference_embedder() -> Iterator[None]:
    """Skills that search reference documents use the weightless hashing embedder, so
    review tests do not depend on (or wait for) the real model. Tests of the real
    embedders build them explicitly."""
    from contract_review.retrieval.reference_search import use_reference_embedder
    from contract_review.testing.fake_embedder import HashingEmbedder

    with use_reference_embedder(HashingEmbedder()):
        yield


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Settings]:
    """Settings independent of the environment (no real key, no LLM) and of any settings
    file; call it with overrides to get a :class:`Settings`."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(("CONTRACT_REVIEW_", "DASHSCOPE_", "LLM_")):
            monkeypatch.delenv(name)
    config = tmp_path / "contract-review.toml"
    config.write_text("", encoding="utf-8")
    monkeypatch.setenv("CONTRACT_REVIEW_CONFIG", str(config))

    def make(**overrides: object) -> Settings:
        return load_settings(cache_dir=tmp_path / "cache", **overrides)

    return make


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    """A running stub HTTP server on 127.0.0.1 (see
    :mod:`contract_review.testing.llm_stub_server`); proxies are bypassed."""
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with running_stub() as server:
        yield server


@pytest.fixture
def sleeps() -> list[float]:
    """Collects the waits a client asks for (passed as its ``sleep``)."""
    return []
