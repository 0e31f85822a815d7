"""``fidic_search_er``: SPEC-16's thin wrapper over core's ``search_reference_doc``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contract_review.documents.loading import parse_text
from contract_review.registry import load_registry
from contract_review.retrieval import reference_search
from contract_review.retrieval.reference_search import use_reference_embedder
from contract_review.review.state import ReviewState
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.generic.reference_search_models import SearchReferenceDocInput
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review_fidic import search_er as search_er_module
from contract_review_fidic.search_er import ErSection, SearchErInput, SearchErOutput, search_er

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def fidic_state() -> ReviewState:
    def doc(name: str, role: str) -> Any:
        return parse_text((DATA / name).read_text(encoding="utf-8"), name=name, role=role)

    return ReviewState(
        domain_id="fidic",
        documents=[doc("pc_en.txt", "primary"), doc("gc_en.txt", "gc"), doc("er_en.txt", "er")],
    )


ER = {
    "clauses": [
        {"clause_id": "ER-1", "text": "Security requirements for the site"},
        {"clause_id": "ER-2", "text": "Performance security of 10% of the Contract Price"},
        {"clause_id": "ER-3", "text": "Design life of the plant"},
    ]
}


def _scores(values: list[float]) -> Any:
    def embed(texts: list[str], embedder: Any = None) -> np.ndarray:
        rows = [[1.0, 0.0]] + [[v, float(np.sqrt(1 - v * v))] for v in values]
        return np.asarray(rows, dtype=np.float32)

    return embed


def test_schemas_are_unchanged() -> None:
    assert list(SearchErInput.model_fields) == [
        "clause_id",
        "document_structure",
        "er_structure",
        "query",
        "top_k",
    ]
    assert SearchErInput.model_fields["top_k"].default == 5
    assert list(ErSection.model_fields) == ["section_id", "text", "relevance_score"]
    assert list(SearchErOutput.model_fields) == [
        "clause_id",
        "relevant_sections",
        "total_found",
        "search_method",
    ]
    assert SearchErOutput(clause_id="x").search_method == "dashscope_embedding"


async def test_delegates_to_search_reference_doc(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[SearchReferenceDocInput] = []
    original = search_er_module.search_reference_doc

    async def spy(input_data: SearchReferenceDocInput) -> Any:
        seen.append(input_data)
        return await original(input_data)

    monkeypatch.setattr(search_er_module, "search_reference_doc", spy)
    monkeypatch.setattr(reference_search, "_embed_texts", _scores([0.5, 0.9, 0.4]))
    result = await search_er(
        SearchErInput(clause_id="4.2", document_structure={}, er_structure=ER, query="security")
    )
    assert seen[0].reference_structure is ER and seen[0].query == "security"
    assert seen[0].top_k == 5 and seen[0].min_score == 0.3
    assert [s.section_id for s in result.relevant_sections] == ["ER-2", "ER-1", "ER-3"]
    assert result.relevant_sections[0] == ErSection(
        section_id="ER-2",
        text="Performance security of 10% of the Contract Price",
        relevance_score=0.9,
    )
    assert result.total_found == 3
    assert result.search_method == "hashing_embedding"  # the embedder actually used


async def test_no_er_gives_no_sections() -> None:
    result = await search_er(SearchErInput(clause_id="4.2", document_structure={}))
    assert result.relevant_sections == [] and result.total_found == 0


async def test_top_k(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _scores([0.5, 0.9, 0.4]))
    result = await search_er(
        SearchErInput(clause_id="4.2", document_structure={}, er_structure=ER, top_k=1)
    )
    assert [s.section_id for s in result.relevant_sections] == ["ER-2"]


async def test_the_default_min_score_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_search, "_embed_texts", _scores([0.31, 0.29, 0.1]))
    result = await search_er(SearchErInput(clause_id="4.2", document_structure={}, er_structure=ER))
    assert [s.section_id for s in result.relevant_sections] == ["ER-1"]


async def test_chinese_text() -> None:
    er = {
        "clauses": [
            {"clause_id": "5.1", "text": "承包商应提交金额为合同价格百分之十的履约担保。"},
            {"clause_id": "7.3", "text": "现场办公室须配备空调和饮用水。"},
        ]
    }
    with use_reference_embedder(HashingEmbedder()):
        result = await search_er(
            SearchErInput(
                clause_id="4.2",
                document_structure={},
                er_structure=er,
                query="履约担保 合同价格百分之十",
            )
        )
    assert result.relevant_sections[0].section_id == "5.1"
    assert all(s.section_id != "7.3" for s in result.relevant_sections)


async def test_runs_through_the_dispatcher_on_a_built_input(fidic_state: ReviewState) -> None:
    registry = load_registry()
    built = registry.build_skill_input("fidic_search_er", "4.2", fidic_state)
    assert isinstance(built, SearchErInput) and built.er_structure is not None
    result = await SkillDispatcher(registry).call("fidic_search_er", built)
    assert result.success, result.error
    assert result.data is not None and result.data["clause_id"] == "4.2"
