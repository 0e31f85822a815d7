"""Registration of the generic skills, their inputs built from a review state, and
running them end to end through the dispatcher."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import BaseModel

from contract_review.builtin.generic_skills import GENERIC_SKILL_IDS
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem, DomainSpec, PlaybookRule, Priority
from contract_review.hookspecs import hookimpl
from contract_review.registry import Registry, load_registry
from contract_review.review.state import ReviewState
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.generic.reference_search_models import SearchReferenceDocInput
from contract_review.skills.registration import SkillRegistration, SkillStatus

DOMAIN_ID = "test_contracts"
ALL_GENERIC = (
    "get_clause_context",
    "resolve_definition",
    "compare_with_baseline",
    "cross_reference_check",
    "extract_financial_terms",
    "search_reference_doc",
    "load_review_criteria",
    "assess_deviation",
)
BASELINE_4_2 = "The Contractor shall deliver a performance security within 28 days."
BASELINE_20_1 = "The Contractor shall give notice within 28 days."
REFERENCE_TEXT = """\
EMPLOYER'S REQUIREMENTS

1. Security
1.1 The performance security shall be an on-demand bank guarantee.
2. Notices
2.1 Notices shall be in writing.
"""


class TestDomainPlugin:
    """A throwaway domain whose checklist uses the generic skills."""

    __test__ = False  # not a pytest test class

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(
            DomainSpec(
                domain_id=DOMAIN_ID,
                name="Test contracts",
                checklist=(
                    ChecklistItem(
                        clause_id="4.2",
                        clause_name="Performance Security",
                        priority=Priority.HIGH,
                        required_skills=ALL_GENERIC,
                        description="Check the security amount and deadline.",
                        keywords=("performance security",),
                    ),
                    ChecklistItem(
                        clause_id="20.1",
                        clause_name="Contractor's Claims",
                        priority=Priority.CRITICAL,
                        required_skills=("get_clause_context",),
                    ),
                ),
                baseline_texts={"4.2": BASELINE_4_2, "20.1": BASELINE_20_1},
                playbook_rules=(
                    PlaybookRule(
                        rule_id="security_late",
                        clause_id="4.2",
                        description="Security due too soon",
                        patterns=(r"within (\d+) working days",),
                        threshold=28,
                        comparison="lt",
                    ),
                    PlaybookRule(
                        rule_id="time_bar",
                        clause_id="20.1",
                        description="Time bar",
                        patterns=("failing which",),
                    ),
                ),
            )
        )


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(
        extra_plugins=(("test-domain", TestDomainPlugin()),), load_entrypoints=False
    )


@pytest.fixture(scope="module")
def reference_document() -> Document:
    return parse_text(REFERENCE_TEXT, name="er.txt", role="reference", language="en")


@pytest.fixture
def state(english_document: Document, reference_document: Document) -> ReviewState:
    return ReviewState(
        domain_id=DOMAIN_ID,
        documents=[english_document, reference_document],
        our_party="Contractor",
        language="en",
    )


# ---------------------------------------------------------------------- registration


def test_all_eight_generic_skills_are_registered_by_core(registry: Registry) -> None:
    assert set(ALL_GENERIC) == GENERIC_SKILL_IDS
    for skill_id in ALL_GENERIC:
        registered = registry.skills[skill_id]
        assert registered.plugin == "contract_review.builtin.generic_skills"
        assert registered.item.domain == "*"
    previews = {s for s in ALL_GENERIC if registry.skill(s).status is SkillStatus.PREVIEW}
    assert previews == set()
    assert registry.skill("search_reference_doc").input_model is SearchReferenceDocInput
    usable = {s.skill_id for s in registry.skills_for(DOMAIN_ID)}
    assert set(ALL_GENERIC) <= usable


def test_search_reference_doc_models_are_the_seeds() -> None:
    fields = SearchReferenceDocInput.model_fields
    assert list(fields) == [
        "clause_id",
        "document_structure",
        "reference_structure",
        "query",
        "top_k",
        "min_score",
    ]
    assert fields["top_k"].default == 5 and fields["min_score"].default == 0.3
    assert fields["query"].default == "" and fields["reference_structure"].default is None


# ---------------------------------------------------------------------- build_skill_input


@pytest.mark.parametrize("skill_id", ALL_GENERIC)
def test_inputs_are_instances_of_the_skills_input_model(
    registry: Registry, state: ReviewState, skill_id: str
) -> None:
    built = registry.build_skill_input(skill_id, "4.2", state)
    assert isinstance(built, registry.skill(skill_id).input_model)
    assert getattr(built, "clause_id") == "4.2"  # noqa: B009 - not every model has it typed
    if "document_structure" in type(built).model_fields:
        assert getattr(built, "document_structure") is state.primary  # noqa: B009


def test_input_fields_come_from_the_domain(registry: Registry, state: ReviewState) -> None:
    compare = registry.build_skill_input("compare_with_baseline", "4.2", state)
    assert isinstance(compare, BaseModel)
    assert compare.model_dump(include={"baseline_text", "keywords"}) == {
        "baseline_text": BASELINE_4_2,
        "keywords": ["performance security"],
    }

    criteria = registry.build_skill_input("load_review_criteria", "4.2", state)
    assert isinstance(criteria, BaseModel)
    item = getattr(criteria, "checklist_item")  # noqa: B009
    assert item.clause_name == "Performance Security"
    rules = getattr(criteria, "playbook_rules")  # noqa: B009
    assert {rule.rule_id for rule in rules} == {"security_late", "time_bar"}

    deviation = registry.build_skill_input("assess_deviation", "4.2", state)
    assert isinstance(deviation, BaseModel)
    assert deviation.model_dump(include={"our_party", "language"}) == {
        "our_party": "Contractor",
        "language": "en",
    }
    assert getattr(deviation, "clause_text").startswith("4.2 Performance Security")  # noqa: B009
    assert [r.rule_id for r in getattr(deviation, "playbook_rules")] == ["security_late"]  # noqa: B009


def test_search_reference_doc_input(
    registry: Registry, state: ReviewState, reference_document: Document
) -> None:
    built = registry.build_skill_input("search_reference_doc", "4.2", state)
    assert isinstance(built, SearchReferenceDocInput)
    assert built.reference_structure is reference_document
    assert built.document_structure is state.primary
    assert built.query.startswith("4.2 Performance Security\nThe Contractor shall deliver")
    assert len(built.query) <= 500


def test_search_reference_doc_prefers_a_reference_role_over_other_documents(
    registry: Registry, state: ReviewState, reference_document: Document
) -> None:
    baseline = parse_text("1 Scope\nStandard terms.\n", name="gc.txt", role="baseline")
    ordered = state.model_copy(update={"documents": [state.primary, baseline, reference_document]})
    built = registry.build_skill_input("search_reference_doc", "4.2", ordered)
    assert isinstance(built, SearchReferenceDocInput)
    assert built.reference_structure is reference_document
    only_baseline = state.model_copy(update={"documents": [state.primary, baseline]})
    fallback = registry.build_skill_input("search_reference_doc", "4.2", only_baseline)
    assert isinstance(fallback, SearchReferenceDocInput)
    assert fallback.reference_structure is baseline


def test_without_a_primary_document_only_criteria_are_built(
    registry: Registry, reference_document: Document
) -> None:
    state = ReviewState(domain_id=DOMAIN_ID, documents=[reference_document])
    for skill_id in ALL_GENERIC:
        built = registry.build_skill_input(skill_id, "4.2", state)
        if skill_id == "load_review_criteria":
            assert built is not None
        else:
            assert built is None, skill_id


def test_other_skills_are_left_to_their_plugins(state: ReviewState) -> None:
    class Plain(BaseModel):
        clause_id: str

    class OtherSkillPlugin:
        @hookimpl
        def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
            register(
                SkillRegistration(
                    skill_id="other_skill",
                    name="Other",
                    description="Not generic.",
                    input_model=Plain,
                    handler=lambda data: {},
                    domain="*",
                )
            )

    registry = load_registry(
        extra_plugins=(("test-domain", TestDomainPlugin()), ("other", OtherSkillPlugin())),
        load_entrypoints=False,
    )
    assert registry.build_skill_input("other_skill", "4.2", state) is None


# ---------------------------------------------------------------------- end to end


@pytest.mark.parametrize("skill_id", ALL_GENERIC)
async def test_generic_skills_run_on_built_inputs(
    registry: Registry, state: ReviewState, skill_id: str
) -> None:
    built = registry.build_skill_input(skill_id, "4.2", state)
    assert built is not None
    result = await SkillDispatcher(registry).call(skill_id, built)
    assert result.success, result.error
    assert result.data is not None and result.data["clause_id"] == "4.2"


async def test_prepare_and_call_fills_internal_fields_and_ignores_llm_overrides(
    registry: Registry, state: ReviewState
) -> None:
    dispatcher = SkillDispatcher(registry)
    result = await dispatcher.prepare_and_call(
        "get_clause_context",
        clause_id="4.2",
        state=state,
        arguments={"clause_id": "20.1", "document_structure": "not a document"},
    )
    assert result.success, result.error
    assert result.data is not None
    assert result.data["section_id"] == "20.1"
    assert result.data["document_name"] == "contract-en.txt"


async def test_a_null_argument_is_not_given(registry: Registry, state: ReviewState) -> None:
    """A strict-mode tool call sends null for each optional argument it leaves out: the
    skill runs with its defaults, as if they were absent."""
    dispatcher = SkillDispatcher(registry)
    given = await dispatcher.prepare_and_call(
        "get_clause_context",
        clause_id="4.2",
        state=state,
        arguments={"clause_id": "20.1", "max_chars": None, "include_neighbors": None},
    )
    absent = await dispatcher.prepare_and_call(
        "get_clause_context", clause_id="4.2", state=state, arguments={"clause_id": "20.1"}
    )
    assert given.success, given.error
    assert given.data == absent.data


async def test_prepare_and_call_builds_for_the_clause_the_llm_names(
    registry: Registry, state: ReviewState
) -> None:
    dispatcher = SkillDispatcher(registry)
    compare = await dispatcher.prepare_and_call(
        "compare_with_baseline", clause_id="4.2", state=state, arguments={"clause_id": "20.1"}
    )
    assert compare.data is not None and compare.data["has_baseline"] is True
    # Compared with 20.1's baseline, not with the baseline of 4.2 under review.
    assert compare.data["removed_sentences"] == [BASELINE_20_1]

    outside = await dispatcher.prepare_and_call(
        "load_review_criteria", clause_id="4.2", state=state, arguments={"clause_id": "1.1"}
    )
    assert outside.success and outside.data is not None
    assert outside.data["found"] is False

    same = await dispatcher.prepare_and_call("load_review_criteria", clause_id="4.2", state=state)
    assert same.data is not None and same.data["priority"] == "high"


async def test_prepare_and_call_problems_are_error_results(
    registry: Registry, state: ReviewState
) -> None:
    dispatcher = SkillDispatcher(registry)
    unknown = await dispatcher.prepare_and_call("nope", clause_id="4.2", state=state)
    assert unknown.error is not None and "unknown skill 'nope'" in unknown.error

    bad_args = await dispatcher.prepare_and_call(
        "get_clause_context", clause_id="4.2", state=state, arguments={"max_chars": "lots"}
    )
    assert bad_args.error is not None and "max_chars" in bad_args.error

    elsewhere = state.model_copy(update={"domain_id": "not_installed"})
    no_domain = await dispatcher.prepare_and_call(
        "get_clause_context", clause_id="4.2", state=elsewhere
    )
    assert no_domain.error is not None
    assert "cannot build the input of skill 'get_clause_context'" in no_domain.error
    assert "not_installed" in no_domain.error


async def test_tool_definitions_for_a_domain(registry: Registry) -> None:
    names = {d.function.name for d in SkillDispatcher(registry).tool_definitions(DOMAIN_ID)}
    assert {"get_clause_context", "extract_financial_terms", "load_review_criteria"} <= names
    assert "search_reference_doc" in names
    assert "assess_deviation" in names
