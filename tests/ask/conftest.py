"""Fixtures the ask tests share: the small library indexed BM25-only (and with the
hashing embedder), and a store of each backend."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.storage import StorageBackend
from contract_review.testing.fake_embedder import HashingEmbedder

from .ask_fixtures import LAWS, open_backend


@pytest.fixture(scope="session")
def law_index() -> LawIndex:
    """The small library, BM25 only."""
    return build_law_index(LAWS, embedder=None, show_progress=False)


@pytest.fixture(scope="session")
def hashed_law_index() -> LawIndex:
    """The small library with hashing-embedder vectors."""
    return build_law_index(LAWS, embedder=HashingEmbedder(), show_progress=False)


@pytest.fixture(params=["sqlite", "json"])
def backend_name(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def storage(backend_name: str, tmp_path: Path) -> Iterator[StorageBackend]:
    with open_backend(backend_name, tmp_path) as store:
        yield store
