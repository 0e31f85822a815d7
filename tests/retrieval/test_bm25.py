"""BM25 over token lists: ranking, unknown terms, incremental add, save/load, empty."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from contract_review.retrieval.bm25 import BM25Config, BM25Index

DOCS: list[list[str]] = [
    ["试用期", "解除", "劳动合同", "录用", "条件"],
    ["定金", "合同", "担保", "交付"],
    ["contractor", "notice", "claim", "engineer", "28", "days"],
    ["劳动合同", "书面", "订立", "工资"],
    ["employer", "payment", "engineer", "certificate"],
]


def _index(docs: list[list[str]], config: BM25Config | None = None) -> BM25Index:
    index = BM25Index(config)
    index.add(docs)
    return index


def test_the_document_holding_the_query_terms_ranks_first() -> None:
    index = _index(DOCS)
    scores = index.scores(["试用期", "解除", "劳动合同"])
    assert scores.shape == (len(DOCS),)
    assert int(np.argmax(scores)) == 0
    # Doc 3 shares one term (劳动合同) and beats documents sharing none.
    assert scores[0] > scores[3] > 0
    assert scores[1] == scores[2] == scores[4] == 0


def test_english_query_ranks_the_english_clause_first() -> None:
    scores = _index(DOCS).scores(["notice", "claim", "engineer"])
    assert int(np.argmax(scores)) == 2
    assert scores[4] > 0  # shares "engineer"
    assert scores[2] > scores[4]


def test_rarer_terms_weigh_more() -> None:
    index = _index(DOCS)
    # "engineer" is in two documents, "certificate" in one.
    assert index.scores(["certificate"])[4] > index.scores(["engineer"])[4]


def test_unknown_query_terms_score_zero() -> None:
    index = _index(DOCS)
    scores = index.scores(["不存在", "nothing"])
    assert scores.dtype == np.float32
    np.testing.assert_array_equal(scores, np.zeros(len(DOCS), dtype=np.float32))
    assert index.term_ids(["不存在"]) == []
    assert index.scores([]).tolist() == [0.0] * len(DOCS)


def test_unknown_terms_do_not_change_the_scores_of_known_ones() -> None:
    index = _index(DOCS)
    np.testing.assert_allclose(
        index.scores(["定金", "nothing", "不存在"]), index.scores(["定金"]), rtol=1e-6
    )


def test_add_after_build_recomputes_idf_like_a_build_from_scratch() -> None:
    index = _index(DOCS[:2])
    query = ["劳动合同", "engineer", "定金"]
    before = index.scores(query).copy()
    index.add(DOCS[2:])
    scratch = _index(DOCS)
    assert index.size == scratch.size == len(DOCS)
    np.testing.assert_allclose(index.scores(query), scratch.scores(query), rtol=1e-6)
    # The corpus statistics changed, so doc 0's score for the same terms changed.
    assert index.scores(query)[0] != pytest.approx(before[0])
    assert set(index.vocab) == set(scratch.vocab)


def test_add_one_at_a_time_equals_one_batch() -> None:
    index = BM25Index()
    for doc in DOCS:
        index.add([doc])
    scratch = _index(DOCS)
    for query in (["劳动合同"], ["engineer", "claim"], ["合同", "交付", "试用期"]):
        np.testing.assert_allclose(index.scores(query), scratch.scores(query), rtol=1e-6)


def test_save_and_load_give_identical_scores(tmp_path: Path) -> None:
    config = BM25Config(k1=1.5, b=0.6, method="robertson")
    index = _index(DOCS, config)
    index.save(tmp_path / "bm25")
    loaded = BM25Index.load(tmp_path / "bm25")
    assert loaded.config == config
    assert loaded.size == index.size
    assert loaded.vocab == index.vocab
    for query in (["劳动合同", "解除"], ["engineer"], ["nothing"], DOCS[1]):
        np.testing.assert_array_equal(loaded.scores(query), index.scores(query))


def test_a_loaded_index_can_be_extended(tmp_path: Path) -> None:
    _index(DOCS[:3]).save(tmp_path)
    loaded = BM25Index.load(tmp_path)
    loaded.add(DOCS[3:])
    np.testing.assert_allclose(
        loaded.scores(["劳动合同", "engineer"]),
        _index(DOCS).scores(["劳动合同", "engineer"]),
        rtol=1e-6,
    )


def test_an_empty_index_scores_nothing(tmp_path: Path) -> None:
    index = BM25Index()
    assert index.size == 0
    assert index.scores(["劳动合同"]).shape == (0,)
    assert index.term_ids(["劳动合同"]) == []
    index.add([])
    assert index.size == 0
    index.save(tmp_path)
    loaded = BM25Index.load(tmp_path)
    assert loaded.size == 0
    assert loaded.scores(["劳动合同"]).shape == (0,)
    loaded.add([["劳动合同"]])
    assert loaded.scores(["劳动合同"])[0] > 0


def test_a_document_without_terms_scores_zero() -> None:
    scores = _index([[], ["劳动合同"]]).scores(["劳动合同"])
    assert scores[0] == 0
    assert scores[1] > 0


def test_documents_without_any_term_can_be_indexed(tmp_path: Path) -> None:
    # Texts that are all stopwords or punctuation give no terms at all.
    index = BM25Index()
    index.add([[], []])
    assert index.size == 2
    assert index.scores(["劳动合同"]).tolist() == [0.0, 0.0]
    index.save(tmp_path)
    loaded = BM25Index.load(tmp_path)
    assert loaded.size == 2
    assert loaded.scores(["劳动合同"]).tolist() == [0.0, 0.0]
    loaded.add([["劳动合同"]])
    scores = loaded.scores(["劳动合同"])
    assert scores[:2].tolist() == [0.0, 0.0] and scores[2] > 0
    np.testing.assert_allclose(scores, _index([[], [], ["劳动合同"]]).scores(["劳动合同"]))


def test_config_is_validated() -> None:
    with pytest.raises(ValidationError):
        BM25Config(k1=0)
    with pytest.raises(ValidationError):
        BM25Config(b=1.5)


_TERMS = st.sampled_from(["a", "b", "c", "d", "劳动", "合同"])


@settings(max_examples=30)
@given(
    st.lists(st.lists(_TERMS, max_size=6), min_size=1, max_size=8),
    st.integers(min_value=0, max_value=8),
    st.lists(_TERMS, min_size=1, max_size=3),
)
def test_adding_in_two_batches_equals_one_batch(
    docs: list[list[str]], split: int, query: list[str]
) -> None:
    split = min(split, len(docs))
    index = BM25Index()
    index.add(docs[:split])
    index.add(docs[split:])
    scores = index.scores(query)
    np.testing.assert_allclose(scores, _index(docs).scores(query), rtol=1e-5, atol=1e-7)
    assert np.all(np.isfinite(scores))
    assert np.all(scores >= 0)
    # A document holding no query term scores zero; one holding some scores above it.
    for doc, score in zip(docs, scores, strict=True):
        assert (score > 0) == bool(set(doc) & set(query))


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.lists(_TERMS, max_size=6), min_size=1, max_size=8),
    st.lists(_TERMS, min_size=1, max_size=4),
    st.sampled_from(["lucene", "robertson", "atire", "bm25l", "bm25+"]),
)
def test_scores_are_bm25s_scores_to_the_bit(
    docs: list[list[str]], query: list[str], method: str
) -> None:
    # Queries are scored from the matrix bm25s built, without bm25s; the sums are the
    # same, in the same order, so the floats are identical.
    index = _index(docs, BM25Config(method=method))  # type: ignore[arg-type]
    ids = index.term_ids(query)
    expected = (
        np.asarray(index._model.get_scores(ids), dtype=np.float32)
        if ids
        else np.zeros(len(docs), dtype=np.float32)
    )
    np.testing.assert_array_equal(index.scores(query).view(np.uint32), expected.view(np.uint32))


@pytest.mark.parametrize("method", ["lucene", "bm25+"])
def test_a_loaded_index_scores_and_saves_without_bm25s(tmp_path: Path, method: str) -> None:
    import bm25s

    index = _index(DOCS, BM25Config(method=method))  # type: ignore[arg-type]
    index.save(tmp_path / "first")
    loaded = BM25Index.load(tmp_path / "first")
    assert loaded._model is None  # the matrix is read, not a bm25s model
    model = bm25s.BM25.load(str(tmp_path / "first" / "bm25s"), show_progress=False)
    for query in (["劳动合同", "解除"], ["engineer", "engineer"], DOCS[2]):
        expected = np.asarray(model.get_scores(model.get_tokens_ids(query)), dtype=np.float32)
        np.testing.assert_array_equal(loaded.scores(query), expected)
    # Saved again, it writes what bm25s wrote, and bm25s reads it back.
    loaded.save(tmp_path / "second")
    for name in sorted(p.name for p in (tmp_path / "first" / "bm25s").iterdir()):
        assert (tmp_path / "second" / "bm25s" / name).read_bytes() == (
            tmp_path / "first" / "bm25s" / name
        ).read_bytes(), name
    again = bm25s.BM25.load(str(tmp_path / "second" / "bm25s"), show_progress=False)
    np.testing.assert_array_equal(
        again.get_scores(again.get_tokens_ids(["定金"])),
        model.get_scores(model.get_tokens_ids(["定金"])),
    )
