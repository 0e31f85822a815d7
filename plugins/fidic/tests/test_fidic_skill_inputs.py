"""The FIDIC plugin's ``build_skill_input`` hook."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

import contract_review_fidic.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.review.state import ReviewState
from contract_review.skills.registration import SkillRegistration, SkillStatus
from contract_review.testing.declared import declared_input
from contract_review_fidic.checklist import DOMAIN_SPEC
from contract_review_fidic.merge_gc_pc import MergeGcPcInput
from contract_review_fidic.pc_consistency import PcConsistencyInput
from contract_review_fidic.registrations import SKILLS
from contract_review_fidic.search_er import SearchErInput
from contract_review_fidic.time_bar import TimeBarInput, calculate_time_bar

DATA = Path(__file__).parent / "data"


def _doc(name: str, role: str) -> Document:
    return parse_text((DATA / name).read_text(encoding="utf-8"), name=name, role=role)


def _skill(skill_id: str) -> SkillRegistration:
    return next(skill for skill in SKILLS if skill.skill_id == skill_id)


@pytest.fixture(scope="module")
def state() -> ReviewState:
    return ReviewState(
        domain_id="fidic",
        documents=[
            _doc("pc_en.txt", "primary"),
            _doc("gc_en.txt", "gc"),
            _doc("er_en.txt", "er"),
        ],
    )


def _build(skill_id: str, clause_id: str, state: ReviewState) -> BaseModel | None:
    clause = DOMAIN_SPEC.checklist_item(clause_id)
    assert clause is not None
    return declared_input(plugin.FIDIC, _skill(skill_id).skill_id, clause, state)


def test_every_skill_gets_its_own_input_model(state: ReviewState) -> None:
    for skill in SKILLS:
        built = _build(skill.skill_id, "20.1", state)
        assert type(built) is skill.input_model


def test_merge_input_uses_gc_and_primary_as_pc(state: ReviewState) -> None:
    built = _build("fidic_merge_gc_pc", "14.2", state)
    assert isinstance(built, MergeGcPcInput)
    assert built.gc_structure is not None and built.gc_structure.role == "gc"
    assert built.pc_structure is not None and built.pc_structure.role == "primary"


def test_separate_pc_document_is_preferred(state: ReviewState) -> None:
    pc = _doc("pc_en.txt", "pc")
    with_pc = state.model_copy(update={"documents": [*state.documents, pc]})
    built = _build("fidic_check_pc_consistency", "20.1", with_pc)
    assert isinstance(built, PcConsistencyInput)
    assert built.pc_structure is pc


def test_time_bar_input_scans_the_merged_clause(state: ReviewState) -> None:
    built = _build("fidic_calculate_time_bar", "20.1", state)
    assert isinstance(built, TimeBarInput)
    assert "not later than 28 days" in built.clause_text  # from the GC
    assert "within 14 days" in built.clause_text  # added by the PC
    out = calculate_time_bar(built)
    assert out.below_standard
    assert out.shortest_notice_days == 14


def test_time_bar_input_without_gc_reads_the_primary() -> None:
    state = ReviewState(domain_id="fidic", documents=[_doc("gc_zh.txt", "primary")])
    built = _build("fidic_calculate_time_bar", "20.1", state)
    assert isinstance(built, TimeBarInput)
    assert "28天内" in built.clause_text


def test_search_er_input(state: ReviewState) -> None:
    built = _build("fidic_search_er", "4.1", state)
    assert isinstance(built, SearchErInput)
    assert isinstance(built.er_structure, Document) and built.er_structure.role == "er"
    assert built.query.startswith("Contractor's General Obligations")
    assert built.top_k == 5


def test_other_skills_are_not_answered(state: ReviewState) -> None:
    clause = DOMAIN_SPEC.checklist[0]
    other = SkillRegistration(
        skill_id="get_clause_context",
        name="x",
        description="x",
        input_model=MergeGcPcInput,
        domain="*",
        status=SkillStatus.PREVIEW,
    )
    assert declared_input(plugin.FIDIC, other.skill_id, clause, state) is None
