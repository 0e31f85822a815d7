"""The query path's fast steps equal their plain versions: both stages fused at once,
the batched vector block, a query's terms kept; and the approximate vector index
(optional, faiss) finds valid documents, keeps to the filters and reopens."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from contract_review.retrieval.fusion import fuse_signals
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.search_models import (
    FieldFilter,
    IndexDocument,
    SearchSettings,
    SignalWeights,
)
from contract_review.retrieval.stage_fusion import fuse_stages
from contract_review.retrieval.tokenizers import QUERY_TERMS_KEPT, Tokenizer
from contract_review.retrieval.vectors import top_k_indices
from contract_review.testing.fake_embedder import HashingEmbedder

FloatArray = npt.NDArray[np.float32]

_scores = hnp.arrays(
    np.float32,
    st.integers(min_value=1, max_value=40),
    elements=st.floats(-50, 50, width=32),
)
_weights = st.dictionaries(
    st.sampled_from(["a", "b", "c"]), st.floats(0, 2, allow_nan=False), max_size=3
)


@settings(max_examples=200)
@given(
    columns=st.lists(_scores, min_size=1, max_size=3),
    stages=st.lists(_weights, min_size=1, max_size=3),
    method=st.sampled_from(["minmax", "zscore", "rrf"]),
)
def test_both_stages_at_once_equal_each_stage_alone(
    columns: list[FloatArray], stages: list[dict[str, float]], method: str
) -> None:
    size = columns[0].size
    signals = {
        name: np.resize(column, size).astype(np.float32)
        for name, column in zip("abc", columns, strict=False)
    }
    fused = fuse_stages(signals, stages, method=method)  # type: ignore[arg-type]
    for weights, together in zip(stages, fused, strict=True):
        alone = fuse_signals(signals, weights, method=method)  # type: ignore[arg-type]
        assert together.dtype == alone.dtype
        assert np.array_equal(together, alone)  # the same floats, not merely close


_words = st.sampled_from(
    ["合同", "违约", "试用期", "解除", "犯罪", "notice", "claim", "payment", "当事人", "义务"]
)
_texts = st.lists(_words, min_size=1, max_size=6).map(" ".join)


def _reference_ids(index: HybridIndex, query: str, top_k: int, search: SearchSettings) -> list[str]:
    """The two-stage ranking written out plainly: every signal over every document,
    each ranking's top ``depth`` pooled, each stage fused on its own."""
    assert index.embedder is not None and isinstance(index.vectors, np.ndarray)
    terms = index.tokenizer.tokenize_query(query.strip())
    vector = np.asarray(index.embedder.embed([query.strip()], kind="query"), np.float32)[0]
    signals = {"bm25": index.bm25.scores(terms), "vector": index.vectors @ vector}
    if index.subword_bm25 is not None:
        signals["subwords"] = index.subword_bm25.scores(index.tokenizer.subwords(terms))
        signals = {k: signals[k] for k in ("bm25", "subwords", "vector")}
    tops = [top_k_indices(s, search.depth, above=0.0) for s in signals.values()]
    if not any(top.size for top in tops):
        return []
    positions = np.unique(np.concatenate(tops))
    candidates = {name: s[positions] for name, s in signals.items()}
    first = fuse_signals(candidates, search.weights.model_dump(), method=search.fusion)
    second = fuse_signals(candidates, search.rerank_weights.model_dump(), method=search.fusion)
    shortlist = top_k_indices(first, max(top_k, search.rerank_depth))
    chosen = shortlist[top_k_indices(second[shortlist], top_k)]
    return [index.ids[p] for p in positions[chosen]]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    corpus=st.lists(_texts, min_size=1, max_size=30),
    queries=st.lists(_texts, min_size=1, max_size=5),
    top_k=st.integers(min_value=1, max_value=12),
    fusion=st.sampled_from(["minmax", "zscore", "rrf"]),
    rerank_depth=st.sampled_from([0, 3, 100]),
)
def test_the_search_equals_the_plain_two_stage_ranking(
    corpus: list[str], queries: list[str], top_k: int, fusion: str, rerank_depth: int
) -> None:
    index = HybridIndex(HashingEmbedder(dimension=32))
    index.add(IndexDocument(id=f"d{i}", fields={"text": t}) for i, t in enumerate(corpus))
    search = SearchSettings(
        fusion=fusion,  # type: ignore[arg-type]
        depth=5,
        rerank_depth=rerank_depth,
        weights=SignalWeights(bm25=0.4, subwords=0.2, vector=0.4),
        rerank_weights=SignalWeights(bm25=0.2, subwords=0.5, vector=0.3),
    )
    if rerank_depth == 0:
        search = search.model_copy(update={"rerank_weights": search.weights})
    for query in queries:
        single = [h.id for h in index.search(query, top_k=top_k, settings=search)]
        assert single == _reference_ids(index, query, top_k, search)


def test_a_querys_terms_are_kept_and_given_as_new_lists() -> None:
    tokenizer = Tokenizer()
    first = tokenizer.tokenize_query("试用期内可以解除劳动合同吗")
    first.append("changed by the caller")
    assert tokenizer.tokenize_query("试用期内可以解除劳动合同吗") == first[:-1]
    for n in range(QUERY_TERMS_KEPT + 5):
        tokenizer.tokenize_query(f"query {n}")
    assert len(tokenizer._query_terms) == QUERY_TERMS_KEPT


# ---------------------------------------------------------------- approximate index

faiss = pytest.importorskip("faiss")

from contract_review.retrieval.ann_index import AnnIndex  # noqa: E402


def _unit_rows(count: int, dimension: int, seed: int) -> FloatArray:
    rows = np.random.default_rng(seed).standard_normal((count, dimension)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_the_approximate_index_finds_the_nearest_rows() -> None:
    vectors = _unit_rows(3000, 48, seed=1)
    queries = _unit_rows(40, 48, seed=2)
    ann = AnnIndex.build("hnsw", vectors)
    ids, scores = ann.search(queries, 10)
    exact = np.argsort(-(queries @ vectors.T), axis=1, kind="stable")[:, :10]
    recall = np.mean(
        [len(set(f.tolist()) & set(e.tolist())) / 10 for f, e in zip(ids, exact, strict=True)]
    )
    print(f"HNSW recall of the exact 10 nearest of 3,000 random rows: {recall:.3f}")
    assert recall >= 0.9
    for found, similarity, query in zip(ids, scores, queries, strict=True):
        assert found.size == 10 and len(set(found.tolist())) == 10
        assert np.all((found >= 0) & (found < 3000))
        np.testing.assert_allclose(similarity, vectors[found] @ query, atol=1e-5)
        assert np.all(np.diff(similarity) <= 1e-6)  # best first
    where = np.zeros(3000, dtype=bool)
    where[::7] = True
    kept, _ = ann.search(queries[:5], 10, where=where)
    assert all(found.size == 10 and where[found].all() for found in kept)


def _law_docs() -> list[IndexDocument]:
    words = ["合同", "违约", "试用期", "解除", "犯罪", "当事人", "义务", "赔偿", "期限", "通知"]
    rng = np.random.default_rng(0)
    return [
        IndexDocument(
            id=f"a{i}",
            fields={"content": " ".join(rng.choice(words, size=5).tolist())},
            metadata={"law": ["甲法", "乙法"][i % 2]},
        )
        for i in range(120)
    ]


def test_an_index_built_with_the_approximate_index_searches_and_reopens(tmp_path: Path) -> None:
    exact = HybridIndex(HashingEmbedder(dimension=32))
    exact.add(_law_docs())
    approximate = HybridIndex(
        HashingEmbedder(dimension=32), exact.config.model_copy(update={"ann": "hnsw"})
    )
    approximate.add(_law_docs())
    only = [FieldFilter(field="law", values=["乙法"])]
    for query in ["合同 违约 赔偿", "试用期 解除", "犯罪 通知"]:
        for filters in ([], only):
            hits = approximate.search(query, top_k=10, filters=filters)
            expected = exact.search(query, top_k=10, filters=filters)
            # A graph over 120 vectors searched 256 deep visits every one: the exact
            # ranking (the similarities summed in another order, equal up to rounding).
            assert [h.id for h in hits] == [h.id for h in expected]
            assert [h.score for h in hits] == pytest.approx([h.score for h in expected], abs=1e-5)
            assert all(h.metadata["law"] == "乙法" for h in hits) or not filters
    off = SearchSettings(approximate=False)
    assert approximate.search("合同", settings=off) == exact.search("合同", settings=off)
    approximate.save(tmp_path / "idx")
    assert (tmp_path / "idx" / "ann.faiss").is_file()
    reopened = HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder(dimension=32))
    assert reopened.ann_file is not None
    assert reopened.search("合同 违约", top_k=5) == approximate.search("合同 违约", top_k=5)
    assert reopened.ann_index() is not None and reopened.ann_index().size == 120  # type: ignore[union-attr]


def test_without_faiss_an_approximate_index_is_searched_exactly(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    exact = HybridIndex(HashingEmbedder(dimension=32))
    exact.add(_law_docs())
    approximate = HybridIndex(
        HashingEmbedder(dimension=32), exact.config.model_copy(update={"ann": "hnsw"})
    )
    approximate.add(_law_docs())
    monkeypatch.setitem(sys.modules, "faiss", None)  # import faiss now fails
    assert approximate.search("合同 违约", top_k=5) == exact.search("合同 违约", top_k=5)
    assert "pip install 'contract-review[ann]'" in caplog.text


def test_a_batch_split_over_threads_searches_the_approximate_index_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from contract_review.retrieval import batch_threads

    monkeypatch.setattr(batch_threads, "available_cores", lambda: 2)
    exact = HybridIndex(HashingEmbedder(dimension=32))
    exact.add(_law_docs())
    approximate = HybridIndex(
        HashingEmbedder(dimension=32), exact.config.model_copy(update={"ann": "hnsw"})
    )
    approximate.add(_law_docs())
    words = ["合同 违约", "试用期 解除", "犯罪 通知", "当事人 义务 赔偿"]
    queries = [
        words[i % 4] + f" {'期限' if i % 3 else ''}" for i in range(4 * batch_threads.MIN_SHARE)
    ]
    batched = approximate.search_many(queries, top_k=10)
    assert approximate._ann is not None  # built once, before the threads
    for query, hits in zip(queries, batched, strict=True):
        alone = approximate.search(query, top_k=10)
        assert [h.id for h in hits] == [h.id for h in alone]
        assert [h.score for h in hits] == pytest.approx([h.score for h in alone], abs=1e-5)
