"""The SHA/SPA plugin's ``build_skill_input`` hook."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

import contract_review_sha_spa.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.locate import locate_checklist_item
from contract_review.documents.model import Document
from contract_review.review.state import ReviewState
from contract_review.skills.generic.reference_search_models import SearchReferenceDocInput
from contract_review.skills.registration import SkillRegistration, SkillStatus
from contract_review.testing.declared import declared_input
from contract_review_sha_spa.checklist import DOMAIN_SPEC
from contract_review_sha_spa.conditions import ExtractConditionsInput, extract_conditions
from contract_review_sha_spa.governance import GovernanceCheckInput
from contract_review_sha_spa.registrations import SKILLS

DATA = Path(__file__).parent / "data"


def _doc(name: str, role: str) -> Document:
    return parse_text((DATA / name).read_text(encoding="utf-8"), name=name, role=role)


@pytest.fixture(scope="module")
def state() -> ReviewState:
    return ReviewState(
        domain_id="sha_spa",
        documents=[_doc("spa_en.txt", "primary"), _doc("sha_en.txt", "reference")],
        our_party="Buyer",
        material_type="SPA",
    )


def _build(skill_id: str, clause_id: str, state: ReviewState) -> BaseModel | None:
    skill = next(s for s in SKILLS if s.skill_id == skill_id)
    clause = DOMAIN_SPEC.checklist_item(clause_id)
    assert clause is not None
    return declared_input(plugin.SHA_SPA, skill.skill_id, clause, state)


def test_every_skill_gets_its_own_input_model(state: ReviewState) -> None:
    for skill in SKILLS:
        assert type(_build(skill.skill_id, "4", state)) is skill.input_model


def test_conditions_input_carries_the_clause_text(state: ReviewState) -> None:
    built = _build("spa_extract_conditions", "3", state)
    assert isinstance(built, ExtractConditionsInput)
    assert built.clause_text.startswith("3.1 Completion is conditional")
    assert built.document_structure is state.primary
    assert len(extract_conditions(built).conditions) == 5


def test_clause_found_by_keywords_when_numbers_differ() -> None:
    # clause 11 of the SHA is titled as the checklist says: found by number
    sha = _doc("sha_en.txt", "primary")
    item = DOMAIN_SPEC.checklist_item("11")
    assert item is not None
    section = locate_checklist_item(sha, item)
    assert section is not None and section.title == "Dispute Resolution"
    text = (
        "1. Definitions\nIn this Agreement the following terms apply.\n\n"
        "2. Warranties\n2.1 The Seller warrants that it owns the Shares.\n\n"
        "3. Price\n3.1 The price is USD 1."
    )
    # here clause 4 does not exist and the warranties are clause 2: found by keywords
    document = parse_text(text, name="short.txt")
    warranties = DOMAIN_SPEC.checklist_item("4")
    assert warranties is not None
    found = locate_checklist_item(document, warranties)
    assert found is not None and found.title == "Warranties"


def test_cross_check_input_follows_spec_16(state: ReviewState) -> None:
    built = _build("transaction_doc_cross_check", "9", state)
    assert isinstance(built, SearchReferenceDocInput)
    assert isinstance(built.reference_structure, Document)
    assert built.reference_structure.role == "reference"
    assert built.document_structure is state.primary
    assert built.query.endswith("SPA")
    assert len(built.query) <= 500 + len(" SPA")
    assert built.top_k == 5


def test_cross_check_without_reference_or_clause() -> None:
    state = ReviewState(domain_id="sha_spa", documents=[_doc("sha_en.txt", "primary")])
    built = _build("transaction_doc_cross_check", "5", state)
    assert isinstance(built, SearchReferenceDocInput)
    assert built.reference_structure is None
    assert built.query  # falls back to the clause id when nothing else is known


def test_governance_input(state: ReviewState) -> None:
    built = _build("sha_governance_check", "9", state)
    assert isinstance(built, GovernanceCheckInput)
    assert built.our_party == "Buyer" and built.material_type == "SPA"


def test_other_skills_are_not_answered(state: ReviewState) -> None:
    other = SkillRegistration(
        skill_id="fidic_merge_gc_pc",
        name="x",
        description="x",
        input_model=GovernanceCheckInput,
        domain="fidic",
        status=SkillStatus.PREVIEW,
    )
    clause = DOMAIN_SPEC.checklist[0]
    assert declared_input(plugin.SHA_SPA, other.skill_id, clause, state) is None


async def test_cross_check_runs_locally_on_search_reference_doc(state: ReviewState) -> None:
    """SPEC-16 §4.1: LOCAL, handler ``search_reference_doc``; a real run over the
    related SHA finds sections and reports the embedder used."""
    from contract_review.registry import load_registry
    from contract_review.skills.dispatcher import SkillDispatcher

    registry = load_registry()
    built = registry.build_skill_input("transaction_doc_cross_check", "9", state)
    assert built is not None
    result = await SkillDispatcher(registry).call("transaction_doc_cross_check", built)
    assert result.success, result.error
    assert result.data is not None
    assert result.data["search_method"] == "hashing_embedding"  # the test suite's fake
    sections = result.data["matched_sections"]
    assert result.data["total_found"] == len(sections) <= 5
    scores = [s["relevance_score"] for s in sections]
    assert scores == sorted(scores, reverse=True) and all(s >= 0.3 for s in scores)
