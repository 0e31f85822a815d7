"""The hypothesis strategies generate valid, realistic values."""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from contract_review.documents.model import Document
from contract_review.domain import IDENTIFIER_PATTERN, ChecklistItem, DomainSpec, PlaybookRule
from contract_review.review.state import ReviewState
from contract_review.skills.registration import SkillBackend, SkillRegistration, SkillStatus
from contract_review.skills.tool_definitions import tool_definition
from contract_review.testing import strategies as crst
from contract_review.testing.contract_text import ContractText, Language

LANGUAGES: tuple[Language, ...] = ("en", "zh")
FAST = settings(deadline=None, max_examples=60)
PARSING = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])

has_parser = pytest.mark.skipif(
    importlib.util.find_spec("contract_review.documents.loading") is None,
    reason="core's text parser (contract_review.documents.loading) is not available",
)


@FAST
@given(crst.identifiers())
def test_identifiers_match_the_identifier_pattern(value: str) -> None:
    assert re.fullmatch(IDENTIFIER_PATTERN.strip("^$"), value)
    assert len(value) <= 24


@FAST
@given(crst.checklists(skill_ids=("alpha", "beta")))
def test_checklists_have_unique_clause_ids_and_known_skills(
    checklist: tuple[ChecklistItem, ...],
) -> None:
    ids = [item.clause_id for item in checklist]
    assert len(ids) == len(set(ids)) >= 1
    for item in checklist:
        assert set(item.required_skills) <= {"alpha", "beta"}
        assert ChecklistItem.model_validate(item.model_dump()) == item


@FAST
@given(crst.playbook_rules(["1", "20.1"]))
def test_playbook_rules_validate(rule: PlaybookRule) -> None:
    assert rule.clause_id in {"1", "20.1"}
    assert (rule.threshold is None) == (rule.comparison is None)
    assert PlaybookRule.model_validate(rule.model_dump()) == rule


@FAST
@given(crst.domain_specs(skill_ids=("kit_skill",)))
def test_domain_specs_validate_and_round_trip(spec: DomainSpec) -> None:
    assert DomainSpec.model_validate(spec.model_dump()) == spec
    assert spec.checklist
    assert spec.document_roles[0].kind == "primary"
    clause_ids = {item.clause_id for item in spec.checklist}
    assert {rule.clause_id for rule in spec.playbook_rules} <= clause_ids
    assert set(spec.baseline_texts) <= clause_ids


@FAST
@given(crst.domain_specs(domain_id="fixed", language="zh"))
def test_domain_specs_honour_a_fixed_id_and_language(spec: DomainSpec) -> None:
    assert spec.domain_id == "fixed"
    assert all(re.search(r"[\u4e00-\u9fff]", item.clause_name) for item in spec.checklist)


@FAST
@given(crst.skill_registrations(remote=True))
def test_skill_registrations_validate_and_active_local_handlers_resolve(
    skill: SkillRegistration,
) -> None:
    assert re.fullmatch(IDENTIFIER_PATTERN.strip("^$"), skill.skill_id)
    assert skill.domain == "*" or re.fullmatch(IDENTIFIER_PATTERN.strip("^$"), skill.domain)
    assert "clause_id" in skill.input_model.model_fields
    if skill.status is SkillStatus.ACTIVE and skill.backend is SkillBackend.LOCAL:
        assert callable(skill.resolve_handler())
    if skill.backend is SkillBackend.REMOTE:
        assert skill.remote_workflow_id


@FAST
@given(crst.skill_registrations(domain="kit_domain", statuses=[SkillStatus.ACTIVE]))
def test_generated_skills_run_and_hide_internal_fields(skill: SkillRegistration) -> None:
    assert skill.domain == "kit_domain"
    assert skill.status is SkillStatus.ACTIVE
    handler = skill.resolve_handler()
    payload = skill.input_model(clause_id="1")
    result = handler(payload)
    if inspect.iscoroutine(result):
        result = asyncio.run(result)
    assert isinstance(result, BaseModel)
    parameters = tool_definition(skill).function.parameters
    json.dumps(parameters)
    visible = set(parameters.get("properties", {})) | set(parameters.get("required", []))
    assert not visible & skill.hidden_fields
    assert "clause_id" in visible


@FAST
@given(st.sampled_from(LANGUAGES).flatmap(crst.contract_texts))
def test_contract_texts_list_every_heading_they_write(contract: ContractText) -> None:
    assert contract.clause_ids
    assert len(set(contract.clause_ids)) == len(contract.clause_ids)
    lines = contract.text.splitlines()
    for clause in contract.clauses:
        assert any(
            line.endswith(clause.title) and clause.id.split(".")[-1] in line for line in lines
        )


@has_parser
@PARSING
@given(st.sampled_from(LANGUAGES).flatmap(crst.contract_texts))
def test_contract_texts_parse_to_the_expected_clause_ids(contract: ContractText) -> None:
    from contract_review.documents.loading import parse_text

    document = parse_text(contract.text, name="generated.txt", language=contract.language)
    parsed = {section.id: section for section in document.sections()}
    for clause in contract.clauses:
        assert clause.id in parsed, f"{clause.id!r} not found in:\n{contract.text}"
        assert parsed[clause.id].title == clause.title
        if clause.parent_id is not None:
            children = [child.id for child in parsed[clause.parent_id].children]
            assert clause.id in children, f"{clause.id!r} not under {clause.parent_id!r}"


@has_parser
@PARSING
@given(
    st.sampled_from(LANGUAGES).flatmap(
        lambda language: crst.contract_texts(language, format="markdown")
    )
)
def test_markdown_contract_texts_parse_to_the_expected_clause_ids(contract: ContractText) -> None:
    from contract_review.documents.loading import parse_text

    document = parse_text(
        contract.text, name="generated.md", format="markdown", language=contract.language
    )
    parsed_ids = {section.id for section in document.sections()}
    assert set(contract.clause_ids) <= parsed_ids, contract.text


@has_parser
@PARSING
@given(crst.documents("zh", role="reference"))
def test_documents_are_parser_output_with_the_requested_role(document: Document) -> None:
    assert document.role == "reference"
    assert document.language == "zh"
    assert list(document.sections())


@has_parser
@PARSING
@given(st.data())
def test_review_states_have_a_primary_document_of_the_domain(data: st.DataObject) -> None:
    domain = data.draw(crst.domain_specs(max_checklist=4))
    state = data.draw(crst.review_states(domain))
    assert isinstance(state, ReviewState)
    assert state.domain_id == domain.domain_id
    assert state.primary is not None
    assert all(doc.language == state.language for doc in state.documents)
    assert state.current_clause_id in {item.clause_id for item in domain.checklist}
