"""Shared test configuration: hypothesis profiles and paths to the shared data."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO_ROOT = Path(__file__).resolve().parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"

# CI machines are small and sometimes busy: no deadlines, no too-slow health check.
settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
    print_blob=True,
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


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
