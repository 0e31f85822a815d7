"""The char-ngram embedder: fitting, sparse float32 rows, saved state without pickle."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.errors import ConfigError, EmbeddingError, SearchIndexError
from contract_review.retrieval.embedder_types import StatefulEmbedder
from contract_review.retrieval.embedders import char_ngram
from contract_review.retrieval.embedders.char_ngram import (
    IDF_FILE,
    STATE_FILE,
    CharNgramEmbedder,
)
from contract_review.retrieval.vectors import cosine_scores

SECTIONS = [
    "第一条 甲方应当按期支付租金，逾期支付的，应当支付违约金。",
    "第二条 乙方不得将房屋转租给第三人。",
    "第三条 本合同适用中华人民共和国法律。",
    "Article 4. The Tenant shall keep the premises in good repair.",
]


def _row_norms(matrix: scipy.sparse.csr_matrix) -> np.ndarray:
    squared = np.asarray(matrix.multiply(matrix).sum(axis=1), dtype=np.float64).ravel()
    norms: np.ndarray = np.sqrt(squared)
    return norms


def test_first_embed_fits_and_gives_sparse_float32_unit_rows() -> None:
    embedder = CharNgramEmbedder()
    assert not embedder.fitted and embedder.info.dimension is None
    vectors = embedder.embed(SECTIONS)
    assert embedder.fitted
    assert isinstance(vectors, scipy.sparse.csr_matrix)
    assert vectors.dtype == np.float32
    assert vectors.shape == (4, embedder.info.dimension)
    np.testing.assert_allclose(_row_norms(vectors), 1.0, rtol=1e-5)
    info = embedder.info
    assert (info.name, info.model, info.provider) == ("char-ngram", "char-2-4-tfidf", "local")
    assert info.sparse and not info.remote
    assert info.search_method == "char_ngram_tfidf"
    assert isinstance(embedder, StatefulEmbedder)


def test_later_calls_reuse_the_fit_and_match_wording() -> None:
    embedder = CharNgramEmbedder()
    docs = embedder.embed(SECTIONS)
    size = embedder.info.dimension
    query = embedder.embed(["转租房屋"], kind="query")
    assert embedder.info.dimension == size  # not refitted
    scores = cosine_scores(query, docs)
    assert int(np.argmax(scores)) == 1
    unknown = embedder.embed(["@@"])
    assert unknown.nnz == 0  # nothing in common: a zero row


def test_query_plus_sections_in_one_call() -> None:
    embedder = CharNgramEmbedder()
    vectors = embedder.embed(["违约金", *SECTIONS])
    scores = cosine_scores(vectors[0], vectors[1:])
    assert int(np.argmax(scores)) == 0


def test_unfitted_query_fits_on_the_query() -> None:
    embedder = CharNgramEmbedder()
    vectors = embedder.embed(["支付租金"], kind="query")
    assert embedder.fitted
    assert vectors.shape[0] == 1
    np.testing.assert_allclose(_row_norms(vectors), 1.0, rtol=1e-5)


def test_empty_input_and_texts_too_short_to_learn_from() -> None:
    embedder = CharNgramEmbedder()
    assert embedder.embed([]).shape == (0, 0)
    assert not embedder.fitted
    with pytest.raises(EmbeddingError, match="2 or more characters"):
        embedder.embed(["甲", ""])
    embedder.fit(SECTIONS)
    assert embedder.embed([]).shape == (0, embedder.info.dimension)


def test_fit_replaces_the_earlier_fit() -> None:
    embedder = CharNgramEmbedder()
    embedder.fit(SECTIONS)
    first = embedder.info.dimension
    embedder.fit(["完全不同的文字"])
    assert embedder.info.dimension != first


def test_max_features_and_ngram_range() -> None:
    embedder = CharNgramEmbedder(ngram_range=(2, 3), max_features=10)
    embedder.fit(SECTIONS)
    assert embedder.info.dimension == 10
    with pytest.raises(ValueError):
        CharNgramEmbedder(ngram_range=(3, 2))


def test_text_is_lowercased() -> None:
    embedder = CharNgramEmbedder()
    embedder.fit(SECTIONS)
    upper, lower = embedder.embed(["THE TENANT", "the tenant"]).toarray()
    np.testing.assert_array_equal(upper, lower)


def test_save_and_load_state_give_identical_vectors(tmp_path: Path) -> None:
    original = CharNgramEmbedder(ngram_range=(2, 3), sublinear_tf=False)
    original.fit(SECTIONS)
    original.save_state(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([STATE_FILE, IDF_FILE])
    state = json.loads((tmp_path / STATE_FILE).read_text(encoding="utf-8"))
    assert state["params"]["ngram_range"] == [2, 3]
    assert "租金" in state["vocabulary"]

    restored = CharNgramEmbedder()  # its own parameters are replaced by the saved ones
    restored.load_state(tmp_path)
    assert restored.fitted
    assert restored.ngram_range == (2, 3) and restored.sublinear_tf is False
    assert restored.info.dimension == original.info.dimension
    probe = [*SECTIONS, "租金 tenant 转租", "没有见过的句子"]
    a, b = original.embed(probe), restored.embed(probe)
    assert b.dtype == np.float32
    assert (a != b).nnz == 0


def test_idf_is_saved_without_pickle(tmp_path: Path) -> None:
    embedder = CharNgramEmbedder()
    embedder.fit(SECTIONS)
    embedder.save_state(tmp_path)
    idf = np.load(tmp_path / IDF_FILE, allow_pickle=False)
    assert idf.shape == (embedder.info.dimension,)


def test_save_state_needs_a_fit(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingError, match="not fitted"):
        CharNgramEmbedder().save_state(tmp_path)


def test_load_state_reports_missing_and_damaged_files(tmp_path: Path) -> None:
    with pytest.raises(SearchIndexError, match="missing"):
        CharNgramEmbedder().load_state(tmp_path)
    embedder = CharNgramEmbedder()
    embedder.fit(SECTIONS)
    embedder.save_state(tmp_path)
    state = json.loads((tmp_path / STATE_FILE).read_text(encoding="utf-8"))
    state["vocabulary"] = state["vocabulary"][:-1]
    (tmp_path / STATE_FILE).write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="invalid"):
        CharNgramEmbedder().load_state(tmp_path)
    (tmp_path / STATE_FILE).write_text("{not json", encoding="utf-8")
    with pytest.raises(SearchIndexError, match="cannot be read"):
        CharNgramEmbedder().load_state(tmp_path)


def test_build(tmp_path: Path) -> None:
    from contract_review.config import Settings

    settings = Settings(cache_dir=tmp_path)
    assert isinstance(char_ngram.build(settings, None), CharNgramEmbedder)
    assert not char_ngram.build(settings, "char-2-4-tfidf").fitted
    with pytest.raises(ConfigError, match="char-2-4-tfidf"):
        char_ngram.build(settings, "bge-m3")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet="甲乙丙丁租金ab c", min_size=2, max_size=12), min_size=1, max_size=6),
    st.lists(st.text(alphabet="甲乙丙丁租金xyz ", max_size=12), max_size=6),
)
def test_every_row_has_norm_zero_or_one(corpus: list[str], queries: list[str]) -> None:
    embedder = CharNgramEmbedder()
    try:
        embedder.fit(corpus)
    except EmbeddingError:
        return  # no run of two characters anywhere: nothing to fit
    vectors = embedder.embed(queries)
    assert vectors.shape == (len(queries), embedder.info.dimension)
    norms = _row_norms(vectors)
    assert np.all((norms == 0.0) | (np.abs(norms - 1.0) < 1e-5))
