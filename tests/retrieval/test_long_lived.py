"""An opened index is left out of later garbage collections."""

from __future__ import annotations

import gc
from pathlib import Path

from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.search_models import IndexDocument
from contract_review.testing.fake_embedder import HashingEmbedder


def test_opening_an_index_freezes_what_is_alive(tmp_path: Path) -> None:
    built = HybridIndex(HashingEmbedder())
    built.add([IndexDocument(id="a", fields={"content": "试用期 解除"})], show_progress=False)
    built.save(tmp_path / "index")
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    opened = HybridIndex.load(tmp_path / "index", embedder=HashingEmbedder())
    assert gc.get_freeze_count() > 0
    assert [hit.id for hit in opened.search("试用期", top_k=1)] == ["a"]
