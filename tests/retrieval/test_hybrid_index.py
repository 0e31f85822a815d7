"""The hybrid index: BM25 + vectors, filters before ranking, fusion, match_type,
decomposition, save/load without re-embedding, incremental add — with properties."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from contract_review.errors import InputError, SearchIndexError
from contract_review.retrieval.batch_threads import MIN_SHARE
from contract_review.retrieval.embedders.char_ngram import CharNgramEmbedder
from contract_review.retrieval.filters import parse_filter
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.search_models import FieldFilter, IndexDocument, SearchSettings
from contract_review.testing.fake_embedder import HashingEmbedder

ARTICLES = [
    (
        "ldht-21",
        "劳动合同法",
        "2012-12-28",
        "在试用期中，除劳动者有本法第三十九条规定的情形外，用人单位不得解除劳动合同。",
    ),
    (
        "ldht-19",
        "劳动合同法",
        "2012-12-28",
        "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。",
    ),
    (
        "ldht-39",
        "劳动合同法",
        "2012-12-28",
        "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。",
    ),
    (
        "xf-23",
        "刑法",
        "2020-12-26",
        "已经着手实行犯罪，由于犯罪分子意志以外的原因而未得逞的，是犯罪未遂。",
    ),
    (
        "xf-24",
        "刑法",
        "2020-12-26",
        "在犯罪过程中，自动放弃犯罪或者自动有效地防止犯罪结果发生的，是犯罪中止。",
    ),
    ("mfd-509", "民法典", "2020-05-28", "当事人应当按照约定全面履行自己的义务。"),
    (
        "mfd-577",
        "民法典",
        "2020-05-28",
        "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。",
    ),
    (
        "mfd-585",
        "民法典",
        "2020-05-28",
        "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。",
    ),
    (
        "fidic-20.1",
        "FIDIC",
        "2017-12-01",
        "The Contractor shall give notice of a claim within 28 days after becoming aware of the event.",
    ),
    (
        "fidic-14.7",
        "FIDIC",
        "2017-12-01",
        "The Employer shall pay the amount certified within 56 days after receiving the Statement.",
    ),
]


def _docs(rows: list[tuple[str, str, str, str]] = ARTICLES) -> list[IndexDocument]:
    return [
        IndexDocument(id=i, fields={"law": law, "content": text}, metadata={"date": date, "n": n})
        for n, (i, law, date, text) in enumerate(rows)
    ]


@pytest.fixture
def index() -> HybridIndex:
    built = HybridIndex(HashingEmbedder())
    built.add(_docs())
    return built


def test_finds_the_article_by_words_and_by_vectors(index: HybridIndex) -> None:
    hits = index.search("试用期内用人单位可以随意解除劳动合同吗", top_k=3)
    assert hits[0].id in {"ldht-21", "ldht-39"}
    assert {"bm25", "vector"} == set(hits[0].match_type)
    assert hits[0].rank == 1 and hits[0].metadata["date"] == "2012-12-28"
    assert "试用期" in hits[0].snippet


def test_english_query(index: HybridIndex) -> None:
    assert index.search("notice of claim 28 days", top_k=1)[0].id == "fidic-20.1"


def test_filters_apply_before_ranking(index: HybridIndex) -> None:
    hits = index.search("解除劳动合同", top_k=3, filters=[parse_filter("law=民法典,刑法")])
    assert hits and all(index.document(h.id).fields["law"] in {"民法典", "刑法"} for h in hits)
    dated = index.search("合同", top_k=10, filters=[parse_filter("date>=2020-01-01")])
    assert dated and all(h.metadata["date"] >= "2020-01-01" for h in dated)
    assert index.search("合同", filters=[parse_filter("law=没有这部法")]) == []


def test_filter_on_unknown_field(index: HybridIndex) -> None:
    with pytest.raises(SearchIndexError, match=r"'nope'.*the fields are: content, date, law, n"):
        index.search("合同", filters=[parse_filter("nope=1")])


def test_bm25_only_and_vector_only(index: HybridIndex) -> None:
    bm25 = index.search("违约金", settings=SearchSettings(use_vector=False))
    assert bm25[0].id == "mfd-585" and all(h.match_type == ["bm25"] for h in bm25)
    assert all(h.vector_score is None for h in bm25)
    vector = index.search("违约金", settings=SearchSettings(use_bm25=False))
    assert all(h.match_type == ["vector"] and h.bm25_score is None for h in vector)


@pytest.mark.parametrize("fusion", ["minmax", "zscore", "rrf"])
def test_every_fusion_ranks_the_obvious_answer_first(index: HybridIndex, fusion: str) -> None:
    hits = index.search("犯罪未遂", settings=SearchSettings(fusion=fusion))  # type: ignore[arg-type]
    assert hits[0].id == "xf-23"


def test_multi_part_questions_find_each_part(index: HybridIndex) -> None:
    query = "什么是犯罪中止？/约定违约金过高怎么办"
    decomposed = {h.id for h in index.search(query, top_k=4)}
    assert {"xf-24", "mfd-585"} <= decomposed


def test_adding_a_known_id_is_refused(index: HybridIndex) -> None:
    with pytest.raises(InputError, match="'mfd-509' is already in the index"):
        index.add(_docs()[5:6])
    with pytest.raises(InputError, match="already"):
        HybridIndex(None).add(_docs()[:1] + _docs()[:1])


def test_save_and_load_do_not_re_embed(index: HybridIndex, tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    index.save(tmp_path / "idx")
    reopened = HybridIndex.load(tmp_path / "idx", embedder=embedder)
    assert embedder.calls == []  # nothing embedded on opening
    assert len(reopened) == len(index)
    query = "当事人不履行合同义务的违约责任"
    assert reopened.search(query, top_k=5) == index.search(query, top_k=5)
    assert [kind for kind, _ in embedder.calls] == ["query"]


def test_incremental_add_after_reopening(index: HybridIndex, tmp_path: Path) -> None:
    index.save(tmp_path / "idx")
    reopened = HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder())
    extra = IndexDocument(
        id="ldht-82",
        fields={
            "law": "劳动合同法",
            "content": "用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。",
        },
        metadata={"date": "2012-12-28"},
    )
    reopened.add([extra])
    reopened.save(tmp_path / "idx")
    again = HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder())
    assert len(again) == len(ARTICLES) + 1
    assert again.search("未订立书面劳动合同 二倍工资", top_k=1)[0].id == "ldht-82"
    # the old vectors are kept as they were
    assert isinstance(again.vectors, np.ndarray) and isinstance(index.vectors, np.ndarray)
    np.testing.assert_array_equal(again.vectors[: len(ARTICLES)], index.vectors)


def test_sparse_char_ngram_vectors_round_trip(tmp_path: Path) -> None:
    built = HybridIndex(CharNgramEmbedder())
    built.add(_docs())
    built.save(tmp_path / "idx")
    reopened = HybridIndex.load(tmp_path / "idx")
    assert reopened.vector_info is not None and reopened.vector_info.name == "char-ngram"
    assert reopened.has_vectors
    query = "试用期不得超过一个月"
    assert reopened.search(query, top_k=3) == built.search(query, top_k=3)


def test_an_index_without_vectors(tmp_path: Path) -> None:
    built = HybridIndex(None)
    built.add(_docs())
    assert not built.has_vectors
    assert built.search("违约金")[0].match_type == ["bm25"]
    built.save(tmp_path / "idx")
    assert HybridIndex.load(tmp_path / "idx").search("违约金")[0].id == "mfd-585"


def test_opening_what_is_not_an_index(tmp_path: Path) -> None:
    with pytest.raises(SearchIndexError, match="does not exist"):
        HybridIndex.load(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SearchIndexError, match="not a search index"):
        HybridIndex.load(tmp_path / "empty")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SearchIndexError, match="not a search index"):
        HybridIndex(None).save(tmp_path / "other")
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"  # nothing lost


def test_a_damaged_index_is_reported(index: HybridIndex, tmp_path: Path) -> None:
    index.save(tmp_path / "idx")
    lines = (tmp_path / "idx" / "documents.jsonl").read_text("utf-8").splitlines()
    (tmp_path / "idx" / "documents.jsonl").write_text("\n".join(lines[:-1]), "utf-8")
    with pytest.raises(SearchIndexError, match="damaged"):
        HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder())


# ---------------------------------------------------------------------- properties

_words = st.sampled_from(
    ["合同", "违约", "试用期", "解除", "犯罪", "notice", "claim", "payment", "当事人", "义务"]
)
_texts = st.lists(_words, min_size=1, max_size=6).map(" ".join)
_laws = st.sampled_from(["甲法", "乙法", "丙法"])
_corpora = st.lists(
    st.tuples(_texts, _laws, st.integers(min_value=2000, max_value=2024)), min_size=1, max_size=25
)
_filters = st.lists(
    st.one_of(
        st.builds(
            lambda laws: FieldFilter(field="law", op="in", values=laws),
            st.lists(_laws, min_size=1, max_size=2, unique=True),
        ),
        st.builds(
            lambda year: FieldFilter(field="year", op="gte", values=[year]),
            st.integers(min_value=2000, max_value=2024),
        ),
    ),
    max_size=2,
)


def _passes(doc: IndexDocument, filters: list[FieldFilter]) -> bool:
    for condition in filters:
        if condition.field == "law" and doc.metadata["law"] not in condition.values:
            return False
        if condition.field == "year" and not int(doc.metadata["year"]) >= int(condition.values[0]):  # type: ignore[arg-type]
            return False
    return True


def _no_near_ties(index: HybridIndex, query: str, decompose: bool) -> bool:
    """Whether every two documents score apart (by more than float rounding) against
    each part of ``query``. Documents with equal vectors are near ties too: a matrix
    product may round their scores differently (BLAS kernels handle the rows at the
    edge of a tile apart), so which of them ranks first may differ from a batch to a
    single query."""
    from contract_review.retrieval.query_decomposition import decompose as parts_of

    assert index.embedder is not None and isinstance(index.vectors, np.ndarray)
    parts = parts_of(query) if decompose else [query.strip()]
    for vector in index.embedder.embed(parts, kind="query"):
        scores = np.sort(index.vectors @ vector)
        if scores.size > 1 and np.min(np.diff(scores)) <= 1e-5:
            return False
    return True


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    corpus=_corpora,
    query=_texts,
    top_k=st.integers(min_value=1, max_value=12),
    filters=_filters,
    fusion=st.sampled_from(["minmax", "zscore", "rrf"]),
    decompose=st.booleans(),
)
def test_search_properties(
    corpus: list[tuple[str, str, int]],
    query: str,
    top_k: int,
    filters: list[FieldFilter],
    fusion: str,
    decompose: bool,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    docs = [
        IndexDocument(id=f"d{i}", fields={"text": text}, metadata={"law": law, "year": year})
        for i, (text, law, year) in enumerate(corpus)
    ]
    index = HybridIndex(HashingEmbedder(dimension=32))
    index.add(docs)
    search = SearchSettings(fusion=fusion, decompose=decompose, depth=5)  # type: ignore[arg-type]
    hits = index.search(query, top_k=top_k, filters=filters, settings=search)
    assert len(hits) <= top_k
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert len({h.id for h in hits}) == len(hits)
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    by_id = {d.id: d for d in docs}
    assert all(_passes(by_id[h.id], filters) for h in hits)
    assert all(h.match_type and set(h.match_type) <= {"bm25", "vector"} for h in hits)
    directory = tmp_path_factory.mktemp("idx") / "index"
    index.save(directory)
    reopened = HybridIndex.load(directory, embedder=HashingEmbedder(dimension=32))
    assert reopened.search(query, top_k=top_k, filters=filters, settings=search) == hits
    # One matrix product per block of queries (a batch this large is also split over
    # threads): the same vector scores up to float rounding, so the same hits unless two
    # different documents' scores are within rounding of each other (then either may
    # make a ranking's top ``depth``).
    assume(_no_near_ties(index, query, decompose))
    many = [query] * (2 * MIN_SHARE)
    batched = index.search_many(many, top_k=top_k, filters=filters, settings=search)
    ranked = index.rank_many(many, top_k=top_k, filters=filters, settings=search)
    assert ranked == [[h.id for h in found] for found in batched]
    for found in batched:
        assert [(h.id, h.rank, h.match_type) for h in found] == [
            (h.id, h.rank, h.match_type) for h in hits
        ]
        assert [h.score for h in found] == pytest.approx([h.score for h in hits], abs=1e-4)


def test_a_query_sharing_nothing_finds_nothing() -> None:
    built = HybridIndex(CharNgramEmbedder())
    built.add(_docs())
    assert built.search("zzzz qqqq", top_k=5) == []


def test_group_centroids_rank_a_whole_chapter(tmp_path: Path) -> None:
    from contract_review.retrieval.index_config import IndexConfig
    from contract_review.retrieval.search_models import SignalWeights

    built = HybridIndex(HashingEmbedder(), IndexConfig(group_by=["law"]))
    built.add(_docs())
    groups = built._group_centroids()
    assert groups is not None
    membership, centroids = groups
    assert centroids.shape == (4, 256)  # 劳动合同法, 刑法, 民法典, FIDIC
    np.testing.assert_allclose(np.linalg.norm(centroids, axis=1), 1.0, rtol=1e-5)
    assert len(set(membership[:3].tolist())) == 1  # the three 劳动合同法 articles
    only_group = SearchSettings(
        weights=SignalWeights(bm25=0, subwords=0, vector=0, group=1), rerank_depth=0
    )
    hits = built.search("用人单位 劳动者 试用期 劳动合同", top_k=3, settings=only_group)
    assert {h.id for h in hits} == {"ldht-21", "ldht-19", "ldht-39"}
    built.save(tmp_path / "idx")
    reopened = HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder())
    assert reopened.config.group_by == ["law"]
    assert reopened.search("试用期", top_k=5) == built.search("试用期", top_k=5)


def test_cli_weights_are_parsed_over_the_defaults() -> None:
    from contract_review.cli.retrieval_options import parse_weights
    from contract_review.retrieval.search_models import SignalWeights

    base = SignalWeights(bm25=0.3, subwords=0.2, vector=0.3, group=0.2)
    weights = parse_weights("bm25=0.5, vector=0.5", base)
    assert weights == SignalWeights(bm25=0.5, subwords=0.2, vector=0.5, group=0.2)
    for bad in ("nope=1", "bm25", "bm25=x", "bm25=-1"):
        with pytest.raises(InputError, match="--weights"):
            parse_weights(bad, SignalWeights())
    with pytest.raises(InputError, match="--rerank-weights"):
        parse_weights("vector=much", SignalWeights(), option="--rerank-weights")


def test_cli_search_options_set_both_stages() -> None:
    from contract_review.cli.retrieval_options import search_settings
    from contract_review.retrieval.search_models import SignalWeights

    base = SearchSettings()
    changed = search_settings(
        base, weights="subwords=0.5", rerank_weights="group=0", rerank_depth=20, depth=50
    )
    assert changed.weights == base.weights.model_copy(update={"subwords": 0.5})
    assert changed.rerank_weights == base.rerank_weights.model_copy(update={"group": 0.0})
    assert (changed.rerank_depth, changed.depth) == (20, 50)
    assert search_settings(base, rerank_depth=0).rerank_depth == 0
    assert search_settings(base) == base
    assert isinstance(changed.rerank_weights, SignalWeights)


def test_the_second_stage_orders_the_first_stages_shortlist(index: HybridIndex) -> None:
    from contract_review.retrieval.search_models import SignalWeights

    bm25_only = SignalWeights(bm25=1, subwords=0, vector=0, group=0)
    vector_only = SignalWeights(bm25=0, subwords=0, vector=1, group=0)
    query = "试用期 解除 劳动合同"
    # Each stage alone, over the same candidates (the pool does not depend on weights).
    first = [
        hit.id
        for hit in index.search(
            query, top_k=10, settings=SearchSettings(weights=vector_only, rerank_depth=0)
        )
    ]
    second = {
        hit.id: hit.score
        for hit in index.search(
            query, top_k=10, settings=SearchSettings(weights=bm25_only, rerank_depth=0)
        )
    }
    assert first[:4] != sorted(second, key=lambda doc: -second[doc])[:4]
    for top_k, rerank_depth in ((4, 4), (4, 6), (6, 2), (10, 10)):
        both = SearchSettings(
            weights=vector_only, rerank_weights=bm25_only, rerank_depth=rerank_depth
        )
        hits = index.search(query, top_k=top_k, settings=both)
        shortlist = first[: max(top_k, rerank_depth)]
        # Drawn from the first stage's shortlist, scored and ordered by the second.
        assert len(hits) == min(top_k, len(shortlist))
        assert all(hit.id in shortlist for hit in hits)
        assert [hit.score for hit in hits] == [second[hit.id] for hit in hits]
        assert [hit.score for hit in hits] == sorted((h.score for h in hits), reverse=True)
        left_out = [second[doc] for doc in shortlist if doc not in {h.id for h in hits}]
        assert all(score <= hits[-1].score for score in left_out)


def test_without_a_second_stage_the_first_ranks_alone(index: HybridIndex) -> None:
    from contract_review.retrieval.search_models import SignalWeights

    weights = SignalWeights(bm25=0.5, subwords=0.1, vector=0.4, group=0)
    off = SearchSettings(weights=weights, rerank_depth=0)
    same_weights = SearchSettings(weights=weights, rerank_weights=weights)
    for query in ("违约金", "犯罪未遂 中止", "notice of claim"):
        assert index.search(query, top_k=5, settings=off) == index.search(
            query, top_k=5, settings=same_weights
        )


def test_adding_without_the_embedder_of_the_vectors_is_refused(
    index: HybridIndex, tmp_path: Path
) -> None:
    index.save(tmp_path / "idx")
    reopened = HybridIndex.load(tmp_path / "idx", embedder=HashingEmbedder())
    reopened.embedder = None  # as when the embedder cannot be built (offline, missing)
    with pytest.raises(InputError, match=r"cannot add documents.*hashing"):
        reopened.add([IndexDocument(id="new", fields={"content": "新的条文"})])
    assert len(reopened) == len(ARTICLES)  # nothing half-added


_SEARCH_SCRIPT = """
import sys
from pathlib import Path
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.testing.fake_embedder import HashingEmbedder
index = HybridIndex.load(Path(sys.argv[1]), embedder=HashingEmbedder())
hits = index.search("试用期内解除劳动合同", top_k=3)
loaded = sorted({m.split(".")[0] for m in sys.modules} & {"scipy", "bm25s"})
print(" ".join(h.id for h in hits), "|", " ".join(loaded))
"""


def test_a_dense_index_opens_and_searches_without_scipy_or_bm25s(tmp_path: Path) -> None:
    # Both take a noticeable part of a second to import; a saved dense index needs neither.
    import subprocess
    import sys

    built = HybridIndex(HashingEmbedder())
    built.add(_docs())
    built.save(tmp_path / "idx")
    out = subprocess.run(
        [sys.executable, "-c", _SEARCH_SCRIPT, str(tmp_path / "idx")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    ids, loaded = out.strip().split("|")
    assert ids.split() == [h.id for h in built.search("试用期内解除劳动合同", top_k=3)]
    assert loaded.split() == []


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    corpus=_corpora,
    query=_texts,
    top_k=st.integers(min_value=1, max_value=12),
    filters=_filters,
    fusion=st.sampled_from(["minmax", "zscore", "rrf"]),
    rerank_depth=st.sampled_from([0, 3, 100]),
)
def test_search_properties_with_priors_and_explain(
    corpus: list[tuple[str, str, int]],
    query: str,
    top_k: int,
    filters: list[FieldFilter],
    fusion: str,
    rerank_depth: int,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A prior read from metadata keeps every property of search, and --explain's parts
    add up to each hit's score."""
    from contract_review.retrieval.index_config import IndexConfig
    from contract_review.retrieval.search_models import SignalWeights

    docs = [
        IndexDocument(id=f"d{i}", fields={"text": text}, metadata={"law": law, "year": year})
        for i, (text, law, year) in enumerate(corpus)
    ]
    weights = SignalWeights(bm25=0.4, vector=0.3, authority=0.3)
    search = SearchSettings(
        fusion=fusion,  # type: ignore[arg-type]
        depth=5,
        weights=weights,
        rerank_weights=weights,
        rerank_depth=rerank_depth,
        explain=True,
    )
    config = IndexConfig(priors={"authority": "year"}, search=search)
    index = HybridIndex(HashingEmbedder(dimension=32), config)
    index.add(docs)
    hits = index.search(query, top_k=top_k, filters=filters)
    assert len(hits) <= top_k
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    by_id = {d.id: d for d in docs}
    assert all(_passes(by_id[h.id], filters) for h in hits)
    for hit in hits:
        assert hit.signals is not None and "authority" in hit.signals
        assert hit.signals["authority"].raw == pytest.approx(
            np.log1p(by_id[hit.id].metadata["year"])
        )
        assert sum(s.part for s in hit.signals.values()) == pytest.approx(hit.score, abs=1e-4)
    directory = tmp_path_factory.mktemp("idx") / "index"
    index.save(directory)
    reopened = HybridIndex.load(directory, embedder=HashingEmbedder(dimension=32))
    assert reopened.config.priors == {"authority": "year"}
    assert reopened.search(query, top_k=top_k, filters=filters) == hits


def test_priors_read_numbers_only() -> None:
    from contract_review.retrieval.index_config import IndexConfig

    docs = [
        IndexDocument(id=str(i), fields={"text": "合同"}, metadata={"cites": value})
        for i, value in enumerate([3, 0, None, "7", -2, True, float("nan"), 1.5])
    ]
    index = HybridIndex(None, IndexConfig(priors={"citations": "cites"}))
    index.add(docs)
    np.testing.assert_allclose(
        index.prior_scores()["citations"], np.log1p([3, 0, 0, 0, 0, 0, 0, 1.5]), rtol=1e-6
    )


def test_signal_parts_add_up_to_the_fusion() -> None:
    from contract_review.retrieval.fusion import fuse_signals, signal_parts

    rng = np.random.default_rng(0)
    signals = {name: rng.normal(size=20).astype(np.float32) for name in ("a", "b", "c")}
    for method in ("minmax", "zscore", "rrf"):
        for weights in ({"a": 0.5, "b": 0.2}, {}):
            parts = signal_parts(signals, weights, method=method)  # type: ignore[arg-type]
            fused = fuse_signals(signals, weights, method=method)  # type: ignore[arg-type]
            np.testing.assert_allclose(sum(parts.values()), fused, rtol=1e-6, atol=1e-6)
            assert set(parts) == ({"a", "b"} if weights else {"a", "b", "c"})
