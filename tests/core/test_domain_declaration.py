"""A domain declared once (:class:`DomainDeclaration`): core registers its spec and skills
as the declaring plugin's, calls its functions only for its own domain and skills (with
the arguments they name), contains one that raises, and still serves a plugin written to
the separate hooks. A declaration that cannot work is refused, naming what to change."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from contract_review import hookimpl
from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.domain_declaration import DomainDeclaration
from contract_review.registry import Registry, load_registry
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.routing import locate_clauses
from contract_review.review.skill_facts import SkillFact, facts_of
from contract_review.review.state import ReviewState
from contract_review.skills.registration import SkillRegistration, SkillResult

CONTRACT = (
    "LEASE\n\n1. Rent\nThe Tenant shall pay rent monthly.\n\n2. Repairs\nThe Landlord repairs.\n"
)


class NoteInput(BaseModel):
    clause_id: str
    text: str = ""


def _note(request: NoteInput) -> dict[str, Any]:
    return {"clause_id": request.clause_id}


def _spec(domain_id: str = "lease") -> DomainSpec:
    return DomainSpec(
        domain_id=domain_id,
        name="Leases",
        checklist=(
            ChecklistItem(clause_id="rent", clause_name="Rent", keywords=("rent",)),
            ChecklistItem(clause_id="repairs", clause_name="Repairs", keywords=("repairs",)),
        ),
    )


def _skill(skill_id: str = "lease_note", domain: str = "lease") -> SkillRegistration:
    return SkillRegistration(
        skill_id=skill_id,
        name="Note",
        description="Notes a clause.",
        input_model=NoteInput,
        handler=_note,
        domain=domain,
    )


def _repairs_first(clause: ChecklistItem, state: ReviewState) -> list[ClauseLocation]:
    document = state.primary
    assert document is not None
    section = next(s for s in document.sections() if s.id == "2")
    return [ClauseLocation.of_section(document, section, reason=f"declared for {clause.clause_id}")]


def _input(clause: ChecklistItem, domain: DomainSpec) -> NoteInput:
    return NoteInput(clause_id=clause.clause_id, text=domain.domain_id)


def _facts(clause_id: str, output: dict[str, Any]) -> list[SkillFact]:
    return [SkillFact(skill_id="lease_note", clause_id=clause_id, name="noted", words="noted")]


class LeasePlugin:
    @hookimpl
    def register_domains(self, register: Any) -> None:
        register(
            DomainDeclaration(
                spec=_spec(),
                skills=(_skill(),),
                clause_locator=_repairs_first,
                skill_inputs={"lease_note": _input},
                skill_facts={"lease_note": _facts},
            )
        )


class OldStylePlugin:
    """A domain written to the separate hooks, as before declarations."""

    @hookimpl
    def register_domains(self, register: Any) -> None:
        register(_spec("old_lease"))

    @hookimpl
    def register_skills(self, register: Any) -> None:
        register(_skill("old_note", "old_lease"))

    @hookimpl
    def build_skill_input(self, skill: SkillRegistration, clause: ChecklistItem) -> Any:
        return NoteInput(clause_id=clause.clause_id) if skill.skill_id == "old_note" else None


def _registry(*plugins: tuple[str, object]) -> Registry:
    return load_registry(load_entrypoints=False, extra_plugins=plugins)


def _state(domain_id: str) -> ReviewState:
    return ReviewState(domain_id=domain_id, documents=[parse_text(CONTRACT, name="lease.txt")])


def test_a_declaration_registers_its_spec_skills_and_functions() -> None:
    registry = _registry(("lease", LeasePlugin()))
    assert registry.failures == []
    assert registry.domains["lease"].plugin == "lease"
    assert registry.skills["lease_note"].plugin == "lease"
    state = _state("lease")
    rent = registry.domain("lease").checklist[0]
    located = locate_clauses(registry, registry.domain("lease"), rent, state)
    assert [(x.clause_id, x.reason) for x in located] == [("2", "declared for rent")]
    built = registry.build_skill_input("lease_note", "rent", state)
    assert built == NoteInput(clause_id="rent", text="lease")
    result = SkillResult(
        skill_id="lease_note", success=True, data={"clause_id": "rent"}, elapsed_ms=1
    )
    assert [f.name for f in facts_of(registry, result, "rent")] == ["noted"]


def test_its_functions_serve_only_its_own_domain_and_skills() -> None:
    registry = _registry(("lease", LeasePlugin()), ("old", OldStylePlugin()))
    assert registry.failures == []
    state = _state("old_lease")
    domain = registry.domain("old_lease")
    located = locate_clauses(registry, domain, domain.checklist[0], state)
    assert [x.clause_id for x in located] == ["1"]  # core's default: by keywords
    assert registry.build_skill_input("old_note", "rent", state) == NoteInput(clause_id="rent")


def test_a_declared_function_that_raises_is_skipped_and_noted() -> None:
    def broken(clause: ChecklistItem) -> NoteInput:
        raise RuntimeError("no rent here")

    class Broken:
        @hookimpl
        def register_domains(self, register: Any) -> None:
            register(
                DomainDeclaration(
                    spec=_spec(),
                    skills=(_skill(),),
                    clause_locator=broken,
                    skill_inputs={"lease_note": broken},
                )
            )

    registry = _registry(("broken", Broken()))
    state = _state("lease")
    rent = registry.domain("lease").checklist[0]
    assert [x.clause_id for x in locate_clauses(registry, registry.domain("lease"), rent, state)]
    assert registry.build_skill_input("lease_note", "rent", state) is None
    assert any("'broken' failed in locate_clauses" in note for note in state.notes)
    assert any("'broken' failed in build_skill_input" in note for note in state.notes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"clause_locator": lambda clause, document: []}, "takes document"),
        ({"skill_inputs": {"other_skill": _input}}, "does not register: other_skill"),
        ({"skill_facts": {"lease_note": lambda clause, output: []}}, "takes clause"),
        ({"skills": (_skill("fidic_note", "fidic"),)}, "skills of another domain: fidic_note"),
    ],
)
def test_a_declaration_that_cannot_work_names_what_to_change(
    changes: dict[str, Any], message: str
) -> None:
    values: dict[str, Any] = {"spec": _spec(), "skills": (_skill(),), **changes}
    with pytest.raises(ValidationError, match=message):
        DomainDeclaration(**values)


def test_a_refused_declaration_registers_nothing_of_its_own() -> None:
    class Second:
        @hookimpl
        def register_domains(self, register: Any) -> None:
            register(DomainDeclaration(spec=_spec(), skills=(_skill("lease_other"),)))

    registry = _registry(("lease", LeasePlugin()), ("second", Second()))
    assert [f.name for f in registry.failures] == ["second"]
    assert "lease_other" not in registry.skills
