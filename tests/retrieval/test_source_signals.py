"""Source signals: each candidate's best BM25 and cosine among the candidates of its
source (its law), shown by ``explain``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.index_config import IndexConfig
from contract_review.retrieval.search_models import IndexDocument
from contract_review.retrieval.source_signals import SourceGroups, membership


def test_membership_numbers_rows_by_their_key_values_in_order() -> None:
    rows = [{"law": "b"}, {"law": "a"}, {"law": "b"}, {}, {"law": "a", "x": 1}]
    assert membership(rows, ["law"]).tolist() == [0, 1, 0, 2, 1]


def test_source_best_is_the_maximum_over_each_source() -> None:
    sources = np.array([3, 1, 3, 2, 1], dtype=np.int64)
    scores = np.array([0.5, 2.0, 1.5, -1.0, 0.0], dtype=np.float32)
    assert SourceGroups(sources).best(scores).tolist() == [1.5, 2.0, 1.5, -1.0, 2.0]
    assert SourceGroups(sources[:0]).best(scores[:0]).size == 0


def test_the_index_gives_every_candidate_its_sources_best_bm25() -> None:
    documents = [
        IndexDocument(id="a1", fields={"content": "试用期 解除 劳动合同"}, metadata={"law": "A"}),
        IndexDocument(id="a2", fields={"content": "劳动合同 订立"}, metadata={"law": "A"}),
        IndexDocument(id="b1", fields={"content": "劳动合同 期限"}, metadata={"law": "B"}),
    ]
    index = HybridIndex(None, IndexConfig(source_by=["law"]))
    index.add(documents, show_progress=False)
    settings = index.config.search.model_copy(update={"explain": True})
    hits = {hit.id: hit for hit in index.search("试用期解除劳动合同", top_k=3, settings=settings)}
    best_a = hits["a1"].signals["bm25"].raw  # type: ignore[index]
    assert hits["a2"].signals["source_bm25"].raw == best_a  # type: ignore[index]
    assert hits["b1"].signals["source_bm25"].raw == hits["b1"].signals["bm25"].raw  # type: ignore[index]


def test_no_source_signal_where_no_source_has_two_candidates() -> None:
    """Alone in its law, an article's best sibling is itself: the signal would only
    repeat its own BM25, so none is given."""
    documents = [
        IndexDocument(id="a1", fields={"content": "试用期 解除 劳动合同"}, metadata={"law": "A"}),
        IndexDocument(id="b1", fields={"content": "劳动合同 期限"}, metadata={"law": "B"}),
    ]
    index = HybridIndex(None, IndexConfig(source_by=["law"]))
    index.add(documents, show_progress=False)
    settings = index.config.search.model_copy(update={"explain": True})
    hits = index.search("试用期解除劳动合同", top_k=2, settings=settings)
    assert [hit.id for hit in hits] == ["a1", "b1"]
    assert all("source_bm25" not in (hit.signals or {}) for hit in hits)


@given(st.lists(st.tuples(st.integers(0, 5), st.floats(-100, 100, width=32)), max_size=40))
def test_source_groups_give_each_candidate_its_sources_maximum(
    rows: list[tuple[int, float]],
) -> None:
    sources = np.array([source for source, _ in rows], dtype=np.int64)
    scores = np.array([score for _, score in rows], dtype=np.float32)
    groups = SourceGroups(sources)
    expected = [max(s for k, s in rows if k == source) for source, _ in rows]
    assert groups.best(scores).tolist() == pytest.approx(expected, abs=0)
    assert groups.has_siblings == (len(set(sources.tolist())) < len(rows))
