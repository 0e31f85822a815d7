"""The conformance kit accepts a correct domain plugin and rejects broken ones, saying why.

The throwaway plugins below are a small, correct lease domain (one domain, a checklist
using its own skill and a core generic one, a real handler, an input builder) and
variants that each break one rule.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from contract_review import hookimpl
from contract_review.domain import ChecklistItem, DomainSpec, Priority
from contract_review.registry import load_registry
from contract_review.review.state import ReviewState
from contract_review.skills.registration import SkillRegistration
from contract_review.testing import ConformanceProblem, DomainConformance, check_domain_plugin
from contract_review.testing.conformance import CHECKS

DOMAIN_ID = "kit_leases"
RENT_SKILL = "kit_review_rent"
#: Core's generic skill the checklist uses alongside the plugin's own.
GENERIC_SKILL = "get_clause_context"


def core_generic_skill_ids() -> set[str]:
    """The ``*`` skills core's built-in plugins register."""
    registry = load_registry(load_entrypoints=False)
    return {skill_id for skill_id, r in registry.skills.items() if r.item.domain == "*"}


HAS_GENERIC_SKILL = GENERIC_SKILL in core_generic_skill_ids()


class RentReviewInput(BaseModel):
    """Input of the rent review skill."""

    clause_id: str = Field(description="The clause under review.")
    clause_text: str = Field(default="", description="The clause as the lease writes it.")
    document_structure: dict[str, Any] = Field(
        default_factory=dict, description="Section ids and titles; filled by the engine."
    )


class RentReviewOutput(BaseModel):
    """What the rent review finds."""

    clause_id: str
    found: bool
    mentions_payment: bool


class OtherInput(BaseModel):
    """An input model that belongs to no skill of this plugin."""

    clause_id: str


def review_rent(payload: RentReviewInput) -> RentReviewOutput:
    """The rent review skill's handler."""
    text = payload.clause_text.lower()
    return RentReviewOutput(
        clause_id=payload.clause_id,
        found=bool(text),
        mentions_payment="pay" in text or "支付" in text,
    )


def raising_handler(payload: RentReviewInput) -> RentReviewOutput:
    """A handler that fails on every document."""
    raise KeyError(f"section {payload.clause_id} not indexed")


def rent_skill(**changes: Any) -> SkillRegistration:
    values: dict[str, Any] = {
        "skill_id": RENT_SKILL,
        "name": "Rent review",
        "description": "Checks the rent clause: amount, payment dates and review mechanism.",
        "input_model": RentReviewInput,
        "output_model": RentReviewOutput,
        "handler": review_rent,
        "domain": DOMAIN_ID,
    }
    values.update(changes)
    return SkillRegistration(**values)


def lease_domain(*, extra_skills: tuple[str, ...] = ()) -> DomainSpec:
    generic = (GENERIC_SKILL,) if HAS_GENERIC_SKILL else ()
    return DomainSpec(
        domain_id=DOMAIN_ID,
        name="Commercial leases",
        checklist=(
            ChecklistItem(
                clause_id="3",
                clause_name="Rent",
                priority=Priority.CRITICAL,
                required_skills=(RENT_SKILL, *generic, *extra_skills),
                keywords=("rent", "payment"),
            ),
            ChecklistItem(
                clause_id="7.2",
                clause_name="Rent Review",
                required_skills=(RENT_SKILL,),
                keywords=("review",),
            ),
            ChecklistItem(
                clause_id="governing_law", clause_name="Governing Law", keywords=("law",)
            ),
        ),
    )


def section_outline(state: ReviewState) -> dict[str, Any]:
    document = state.primary
    if document is None:
        return {}
    return {section.id: section.title for section in document.sections()}


class LeasePlugin:
    """A correct domain plugin: one domain, one skill, one input builder."""

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(lease_domain())

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill())

    @hookimpl
    def build_skill_input(
        self,
        skill: SkillRegistration,
        clause: ChecklistItem,
        domain: DomainSpec,
        state: ReviewState,
    ) -> BaseModel | None:
        if skill.skill_id != RENT_SKILL:
            return None
        document = state.primary
        text = (document.section_text(clause.clause_id) if document else None) or ""
        return RentReviewInput(
            clause_id=clause.clause_id, clause_text=text, document_structure=section_outline(state)
        )


class DuplicateSkillPlugin(LeasePlugin):
    """Broken: registers its own skill id twice."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill())
        register(rent_skill(name="Rent review, again"))


class CoreCollisionPlugin(LeasePlugin):
    """Broken: registers a skill whose id is one of core's generic skills."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill())
        register(rent_skill(skill_id=GENERIC_SKILL, name="My clause context"))


class MissingHandlerPlugin(LeasePlugin):
    """Broken: the handler's dotted path names a module that does not exist."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill(handler="kit_no_such_module.rent:review_rent"))


class UnknownSkillPlugin(LeasePlugin):
    """Broken: a checklist item requires a skill nobody registers."""

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(lease_domain(extra_skills=("kit_no_such_skill",)))


class WrongModelPlugin(LeasePlugin):
    """Broken: the input builder returns another model than the skill's input model."""

    @hookimpl
    def build_skill_input(
        self,
        skill: SkillRegistration,
        clause: ChecklistItem,
        domain: DomainSpec,
        state: ReviewState,
    ) -> BaseModel | None:
        if skill.skill_id != RENT_SKILL:
            return None
        return OtherInput(clause_id=clause.clause_id)


class NoInputBuilderPlugin(LeasePlugin):
    """Broken: nobody builds the input of the plugin's skill."""

    @hookimpl
    def build_skill_input(
        self,
        skill: SkillRegistration,
        clause: ChecklistItem,
        domain: DomainSpec,
        state: ReviewState,
    ) -> BaseModel | None:
        return None


class RaisingHandlerPlugin(LeasePlugin):
    """Broken: the skill's handler raises on every document."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill(handler=raising_handler))


class Opaque:
    """A type pydantic cannot describe in a JSON schema."""


class UnschemableInput(BaseModel):
    """An input model whose JSON schema cannot be generated."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    clause_id: str
    helper: Opaque | None = None


class UnschemableInputPlugin(LeasePlugin):
    """Broken: a (preview) skill's input model has no JSON schema."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill())
        register(
            rent_skill(
                skill_id="kit_opaque",
                input_model=UnschemableInput,
                output_model=None,
                status="preview",
                handler=None,
            )
        )


class NoDomainPlugin:
    """Broken: registers a skill for a domain but no domain."""

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(rent_skill(domain="*", skill_id="kit_floating_skill"))


# =========================================================================== tests


def checks_of(problems: list[ConformanceProblem]) -> set[str]:
    return {problem.check for problem in problems}


def messages(problems: list[ConformanceProblem], check: str) -> str:
    return "\n".join(problem.message for problem in problems if problem.check == check)


def test_a_correct_plugin_has_no_problems() -> None:
    problems = check_domain_plugin(LeasePlugin(), domain_ids=[DOMAIN_ID])
    assert problems == [], "\n".join(map(str, problems))


def test_a_plugin_module_works_like_a_plugin_object() -> None:
    module = ModuleType("kit_lease_module")
    plugin = LeasePlugin()
    for name in ("register_domains", "register_skills", "build_skill_input"):
        setattr(module, name, getattr(plugin, name))
    assert check_domain_plugin(module, name="kit-module") == []


class TestKitLeaseConformance(DomainConformance):
    """The suite, as a plugin author uses it, on the correct plugin."""

    plugin = LeasePlugin()
    plugin_name = "kit-leases"
    domain_ids = (DOMAIN_ID,)
    max_examples = 10


def test_duplicate_skill_ids_in_one_plugin_are_rejected() -> None:
    problems = check_domain_plugin(DuplicateSkillPlugin(), name="kit-dup")
    assert checks_of(problems) == {"registration"}
    text = messages(problems, "registration")
    assert f"skill id {RENT_SKILL!r} is already registered by plugin 'kit-dup'" in text
    assert "must be unique" in text


@pytest.mark.skipif(not HAS_GENERIC_SKILL, reason=f"core does not register {GENERIC_SKILL}")
def test_a_skill_id_colliding_with_a_core_generic_skill_is_rejected() -> None:
    problems = check_domain_plugin(CoreCollisionPlugin(), name="kit-collide")
    assert "registration" in checks_of(problems)
    text = messages(problems, "registration")
    assert f"skill id {GENERIC_SKILL!r} is already registered by plugin" in text
    assert "contract_review.builtin" in text
    assert "rename yours" in text


def test_a_handler_that_cannot_be_imported_is_rejected() -> None:
    problems = check_domain_plugin(MissingHandlerPlugin())
    assert "handler_import" in checks_of(problems)
    text = messages(problems, "handler_import")
    assert RENT_SKILL in text
    assert "kit_no_such_module.rent:review_rent" in text
    assert "cannot be imported" in text
    # the dispatcher reports the same root cause when the skill is run
    assert "cannot load the handler" in messages(problems, "dispatch")


def test_a_checklist_naming_an_unknown_skill_is_rejected() -> None:
    problems = check_domain_plugin(UnknownSkillPlugin())
    assert checks_of(problems) == {"checklist_skills"}
    text = messages(problems, "checklist_skills")
    assert "checklist item '3' (Rent)" in text
    assert "'kit_no_such_skill'" in text
    assert "unknown skill" in text
    assert RENT_SKILL in text  # the skills the domain may use are listed


def test_an_input_builder_returning_the_wrong_model_is_rejected() -> None:
    problems = check_domain_plugin(WrongModelPlugin(), name="kit-wrong")
    assert checks_of(problems) == {"skill_input"}
    text = messages(problems, "skill_input")
    assert "wrong input model" in text
    assert RENT_SKILL in text
    assert "OtherInput" in text
    assert "expected exactly" in text
    assert "RentReviewInput" in text
    assert "by plugin 'kit-wrong'" in text
    assert "clause '3'" in text
    assert "clause '7.2'" in text


def test_no_input_builder_for_an_owned_skill_is_rejected() -> None:
    problems = check_domain_plugin(NoInputBuilderPlugin())
    assert checks_of(problems) == {"skill_input"}
    text = messages(problems, "skill_input")
    assert f"no input builder answers for skill {RENT_SKILL!r}" in text


def test_a_handler_that_raises_is_rejected() -> None:
    problems = check_domain_plugin(RaisingHandlerPlugin())
    assert checks_of(problems) == {"dispatch"}
    text = messages(problems, "dispatch")
    assert "the handler raised KeyError" in text
    assert "not indexed" in text


def test_an_input_model_without_a_json_schema_is_rejected() -> None:
    problems = check_domain_plugin(UnschemableInputPlugin())
    assert checks_of(problems) == {"tool_definition"}
    text = messages(problems, "tool_definition")
    assert "'kit_opaque'" in text
    assert "cannot be produced as JSON" in text


def test_a_plugin_without_a_domain_is_rejected() -> None:
    problems = check_domain_plugin(NoDomainPlugin(), name="kit-nodomain")
    assert checks_of(problems) == {"registration"}
    assert "registers no domain" in messages(problems, "registration")


def test_missing_requested_domains_are_named() -> None:
    problems = check_domain_plugin(LeasePlugin(), domain_ids=[DOMAIN_ID, "kit_loans"])
    assert checks_of(problems) == {"registration"}
    text = messages(problems, "registration")
    assert "'kit_loans'" in text
    assert repr(DOMAIN_ID) in text


def test_problems_name_a_known_check_and_print_with_it() -> None:
    problems = check_domain_plugin(UnknownSkillPlugin())
    assert problems
    assert all(problem.check in CHECKS for problem in problems)
    assert str(problems[0]).startswith("[checklist_skills] ")


# --------------------------------------------------------------------------- the suite fails


class _DuplicateSkillConformance(DomainConformance):
    plugin = DuplicateSkillPlugin()


class _MissingHandlerConformance(DomainConformance):
    plugin = MissingHandlerPlugin()


class _UnknownSkillConformance(DomainConformance):
    plugin = UnknownSkillPlugin()


class _WrongModelConformance(DomainConformance):
    plugin = WrongModelPlugin()
    max_examples = 3


class _RaisingHandlerConformance(DomainConformance):
    plugin = RaisingHandlerPlugin()
    max_examples = 3


@pytest.mark.parametrize(
    ("suite", "failing_test", "reason"),
    [
        (_DuplicateSkillConformance, "test_registration", "is already registered by plugin"),
        (_MissingHandlerConformance, "test_handlers_import", "cannot be imported"),
        (_UnknownSkillConformance, "test_checklist_skills_exist", "unknown skill"),
        (_WrongModelConformance, "test_skill_inputs_have_the_right_model", "wrong input model"),
        (_RaisingHandlerConformance, "test_skills_run_on_the_sample_review", "handler raised"),
    ],
)
def test_the_suite_fails_the_broken_check_with_the_reason(
    suite: type[DomainConformance], failing_test: str, reason: str
) -> None:
    with pytest.raises(AssertionError, match=reason) as failure:
        getattr(suite(), failing_test)()
    assert "plugin 'plugin-under-test' fails" in str(failure.value)


@pytest.mark.parametrize(
    ("suite", "passing_tests"),
    [
        (
            _UnknownSkillConformance,
            [
                "test_registration",
                "test_handlers_import",
                "test_tool_definitions_hide_internal_fields",
            ],
        ),
        (
            _WrongModelConformance,
            ["test_registration", "test_checklist_skills_exist", "test_handlers_import"],
        ),
    ],
)
def test_the_suite_passes_the_checks_a_broken_plugin_does_not_break(
    suite: type[DomainConformance], passing_tests: list[str]
) -> None:
    instance = suite()
    for name in passing_tests:
        getattr(instance, name)()


@pytest.mark.parametrize(
    ("suite", "reason"),
    [(_WrongModelConformance, "wrong input model"), (_RaisingHandlerConformance, "handler raised")],
)
def test_the_property_test_fails_on_generated_reviews(
    suite: type[DomainConformance], reason: str
) -> None:
    with pytest.raises(AssertionError, match=reason) as failure:
        suite().test_generated_reviews()
    assert "generated review" in str(failure.value)


def test_a_suite_without_a_plugin_says_what_to_set() -> None:
    class _NoPlugin(DomainConformance):
        pass

    with pytest.raises(TypeError, match="class attribute 'plugin'"):
        _NoPlugin().test_registration()


def test_the_base_class_is_not_collected() -> None:
    assert not DomainConformance.__name__.startswith("Test")
