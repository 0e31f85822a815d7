"""A domain plugin's whole declaration, registered once.

A domain plugin is content: its spec (checklist, playbook, document roles, parser
settings, baselines), its skills, and the few functions that serve them. It hands all of
it to core in one value from ``register_domains``::

    DOMAIN = DomainDeclaration(
        spec=DOMAIN_SPEC,
        skills=SKILLS,
        clause_locator=locate_clause,            # where a checklist item is
        skill_inputs={"my_skill": my_input},     # skill id -> its input, from the review
        skill_facts={"my_skill": my_facts},      # skill id -> what its output says
    )

    @hookimpl
    def register_domains(register):
        register(DOMAIN)

Core dispatches by domain and skill id: the functions are called only for their own
domain's reviews and their own skills, so a plugin never checks whose call it is. Each
function takes any of its hook's arguments by name, as pluggy hook implementations do:

- ``clause_locator(domain, clause, state) -> list[ClauseLocation]`` (``locate_clauses``);
- a skill input builder ``(skill, clause, domain, state) -> BaseModel``
  (``build_skill_input``);
- a skill fact reader ``(skill, clause_id, output) -> list[SkillFact]`` (``skill_facts``).

A plugin written to the separate hooks (``register_skills``, ``build_skill_input``,
``locate_clauses``, ``skill_facts``) keeps working; the declared functions are asked
first.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .domain import DomainSpec
from .skills.registration import SkillRegistration

__all__ = [
    "FACT_ARGUMENTS",
    "INPUT_ARGUMENTS",
    "LOCATOR_ARGUMENTS",
    "DomainDeclaration",
    "DomainRegister",
    "call_with",
]

#: The arguments each kind of function may take (those of its hook).
LOCATOR_ARGUMENTS = frozenset({"domain", "clause", "state"})
INPUT_ARGUMENTS = frozenset({"skill", "clause", "domain", "state"})
FACT_ARGUMENTS = frozenset({"skill", "clause_id", "output"})


def _argument_names(function: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(function).parameters)


def _check_arguments(what: str, function: Callable[..., Any], allowed: frozenset[str]) -> None:
    try:
        names = _argument_names(function)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what}: {function!r} is not a function ({exc})") from None
    unknown = [name for name in names if name not in allowed]
    if unknown:
        raise ValueError(
            f"{what}: {getattr(function, '__name__', function)!r} takes "
            f"{', '.join(unknown)}; it may take only {', '.join(sorted(allowed))} (by name)"
        )


def call_with(function: Callable[..., Any], **arguments: Any) -> Any:
    """Call ``function`` with the ``arguments`` it names (checked at declaration)."""
    return function(**{name: arguments[name] for name in _argument_names(function)})


class DomainDeclaration(BaseModel):
    """Everything a domain plugin registers: see the module docs.

    :raises ValueError: (as a validation error) for a function that takes an argument
        its hook does not give, or a builder or reader keyed by a skill id the
        declaration does not register.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    spec: DomainSpec
    skills: tuple[SkillRegistration, ...] = Field(
        default=(), description="The domain's skills (registered as its own)."
    )
    clause_locator: Callable[..., Any] | None = Field(
        default=None,
        description="Where a checklist item is in the documents under review; None: "
        "core's default (by number, then keywords).",
    )
    skill_inputs: Mapping[str, Callable[..., Any]] = Field(
        default_factory=dict, description="Skill id -> the function building its input."
    )
    skill_facts: Mapping[str, Callable[..., Any]] = Field(
        default_factory=dict, description="Skill id -> the function reading its output."
    )

    @model_validator(mode="after")
    def _consistent(self) -> DomainDeclaration:
        if self.clause_locator is not None:
            _check_arguments("clause_locator", self.clause_locator, LOCATOR_ARGUMENTS)
        own = {skill.skill_id for skill in self.skills}
        for field, table, allowed in (
            ("skill_inputs", self.skill_inputs, INPUT_ARGUMENTS),
            ("skill_facts", self.skill_facts, FACT_ARGUMENTS),
        ):
            strangers = sorted(set(table) - own)
            if strangers:
                raise ValueError(
                    f"{field} names skills this declaration does not register: "
                    f"{', '.join(strangers)} (add them to skills)"
                )
            for skill_id, function in table.items():
                _check_arguments(f"{field}[{skill_id!r}]", function, allowed)
        foreign = sorted(
            s.skill_id for s in self.skills if s.domain not in {self.spec.domain_id, "*"}
        )
        if foreign:
            raise ValueError(
                f"skills of another domain: {', '.join(foreign)} (their domain must be "
                f"{self.spec.domain_id!r} or '*')"
            )
        return self

    @property
    def domain_id(self) -> str:
        """The declared domain's id."""
        return self.spec.domain_id


#: The ``register`` callback ``register_domains`` receives.
DomainRegister = Callable[[DomainDeclaration | DomainSpec], None]
