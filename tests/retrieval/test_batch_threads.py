"""A batch of queries split over threads: the shares, and the same hits as searching
the queries one by one."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.retrieval import batch_threads
from contract_review.retrieval.batch_threads import MIN_SHARE, run_split, shares
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.index_config import IndexConfig
from contract_review.retrieval.search_models import IndexDocument
from contract_review.testing.fake_embedder import HashingEmbedder


@given(
    count=st.integers(min_value=0, max_value=500),
    min_share=st.integers(min_value=1, max_value=40),
    cores=st.integers(min_value=1, max_value=16),
)
def test_shares_cover_the_batch_in_order_and_evenly(count: int, min_share: int, cores: int) -> None:
    split = shares(count, min_share=min_share, cores=cores)
    assert [i for share in split for i in share] == list(range(count))
    assert 1 <= len(split) <= min(cores, batch_threads.MAX_THREADS)
    sizes = [len(share) for share in split]
    assert max(sizes) - min(sizes) <= 1
    if len(split) > 1:
        assert min(sizes) >= min_share


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_threads, "available_cores", lambda: 2)


@pytest.mark.usefixtures("two_cores")
def test_run_split_runs_each_share_in_its_own_thread_and_keeps_the_order() -> None:
    seen: dict[int, set[int]] = {}
    lock = threading.Lock()

    def run(items: Sequence[int]) -> list[int]:
        with lock:
            seen.setdefault(threading.get_ident(), set()).update(items)
        return [item * 10 for item in items]

    items = list(range(3 * MIN_SHARE))
    assert run_split(run, items) == [item * 10 for item in items]
    assert len(seen) == 2  # two threads, each with its share
    assert sorted(i for share in seen.values() for i in share) == items
    assert run_split(run, items[: MIN_SHARE + 1]) == [i * 10 for i in items[: MIN_SHARE + 1]]


@pytest.mark.usefixtures("two_cores")
def test_run_split_passes_a_shares_error_on() -> None:
    def run(items: Sequence[int]) -> list[int]:
        if MIN_SHARE in items:
            raise ValueError("bad share")
        return list(items)

    with pytest.raises(ValueError, match="bad share"):
        run_split(run, list(range(2 * MIN_SHARE)))


_WORDS = ["试用期", "解除", "劳动合同", "违约金", "犯罪", "中止", "义务", "claim", "notice", "days"]


def _index() -> HybridIndex:
    rng = np.random.default_rng(7)
    documents = [
        IndexDocument(
            id=f"d{i}",
            fields={"content": " ".join(rng.choice(_WORDS, size=6).tolist())},
            metadata={"law": f"law{i % 5}", "cited_by": int(rng.integers(0, 9))},
        )
        for i in range(120)
    ]
    index = HybridIndex(
        HashingEmbedder(dimension=64),
        IndexConfig(group_by=["law"], source_by=["law"], priors={"citations": "cited_by"}),
    )
    index.add(documents, show_progress=False)
    return index


@pytest.mark.usefixtures("two_cores")
def test_a_split_batch_finds_what_each_query_finds_alone() -> None:
    index = _index()
    rng = np.random.default_rng(3)
    queries = [" ".join(rng.choice(_WORDS, size=3).tolist()) for _ in range(5 * MIN_SHARE)]
    batched = index.search_many(queries, top_k=8)
    assert index._prepared  # prepared once, before the threads started
    alone = [index.search(query, top_k=8) for query in queries]
    for found, expected in zip(batched, alone, strict=True):
        assert [(h.id, h.rank, h.match_type, h.metadata) for h in found] == [
            (h.id, h.rank, h.match_type, h.metadata) for h in expected
        ]
        assert [h.score for h in found] == pytest.approx([h.score for h in expected], abs=1e-5)
    assert index.rank_many(queries, top_k=8) == [[h.id for h in hits] for hits in batched]


def test_rank_many_gives_the_ids_of_the_hits_and_nothing_for_nothing() -> None:
    index = _index()
    queries = ["试用期 解除", "zzzz", "违约金"]
    assert index.rank_many(queries, top_k=5) == [
        [h.id for h in hits] for hits in index.search_many(queries, top_k=5)
    ]
    assert index.rank_many(queries, top_k=0) == [[], [], []]
    assert HybridIndex(HashingEmbedder()).rank_many(["x"]) == [[]]


def test_prepare_search_builds_what_the_first_query_would() -> None:
    index = _index()
    index.prepare_search()
    assert index._groups is not None and index._priors is not None
    assert index._sources is not None and index._prepared
    index.add(
        [IndexDocument(id="new", fields={"content": "违约金 义务"}, metadata={"law": "law9"})],
        show_progress=False,
    )
    assert not index._prepared and index._groups is None  # built again for the new document
    assert index.search("违约金 义务", top_k=1)[0].id in {"new"} | {f"d{i}" for i in range(120)}
