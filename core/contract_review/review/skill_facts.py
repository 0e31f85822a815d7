"""Skill outputs as facts: what a skill read in a clause, in words a lawyer can use.

A :class:`SkillFact` is one term a skill read — "claim notice: 14 days; baseline 28",
"liability cap: 100% of the purchase price" — with its number and unit when it has
one. The skill's own plugin turns its output into facts (hook ``skill_facts``; core's
built-in plugin answers for the generic skills), and :func:`facts_of` asks every plugin.
The facts reach the report (``ClauseReview.facts``) and the playbook: a rule with
``fact`` tests them (:mod:`contract_review.playbooks.fact_rules`), and a numeric
finding quotes the facts of its clause in the same unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from ..errors import PluginError
from ..playbooks.period_wording import DAYS
from ..playbooks.vocabulary import IDENTIFIER_PATTERN
from ..skills.registration import SkillResult

if TYPE_CHECKING:
    from ..registry import Registry

__all__ = ["SkillFact", "facts_of", "period_words"]


class SkillFact(BaseModel):
    """One term a skill read in a clause."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill_id: str = Field(min_length=1, description="The skill that read it.")
    name: str = Field(
        pattern=IDENTIFIER_PATTERN,
        description="What it is: 'claim_notice_period', 'payment_period', 'liability_cap', "
        "'time_bar', 'definitions', 'amount', 'percentage', 'period'...",
    )
    words: str = Field(
        min_length=1,
        description="The term in words, e.g. 'claim notice: 14 days; baseline 28'.",
    )
    value: float | None = Field(default=None, description="Its number, when it has one.")
    unit: str = Field(
        default="",
        description="The number's unit: day, working_day, week, month, year, percent, or a "
        "currency code; '' for a fact without a number.",
    )
    clause_id: str = Field(default="", description="The checklist item the skill ran for.")
    quote: str = Field(
        default="",
        description="The words the skill read it in (a sentence), when it says; a rule "
        "testing the fact quotes the passage holding them.",
    )

    def in_unit(self, unit: str) -> float | None:
        """The value in ``unit`` (periods converted: a week is 7 days, a month 30, a
        year 360, a working day 7/5 of a day); None when it is not in that kind of unit."""
        if self.value is None:
            return None
        if self.unit == unit:
            return self.value
        if self.unit in DAYS and unit in DAYS:
            return self.value * DAYS[self.unit] / DAYS[unit]
        return None


def period_words(amount: float, unit: str) -> str:
    """'14 days', '1 month', '10 working days'."""
    label = unit.replace("_", " ")
    return f"{amount:g} {label}" + ("" if amount == 1 else "s")


def facts_of(registry: Registry, result: SkillResult, clause_id: str) -> list[SkillFact]:
    """The facts in one skill run's output, from its domain declaration's reader and the
    plugins' ``skill_facts`` hook (none for a failed run or a skill nothing reads).

    :raises PluginError: when a hook returns something other than a list of SkillFact.
    """
    if not result.success or not result.data:
        return []
    registered = registry.skills.get(result.skill_id)
    if registered is None:
        return []
    answers: list[object] = list(
        registry.pm.hook.skill_facts(skill=registered.item, clause_id=clause_id, output=result.data)
    )
    reader = registry.fact_readers.get(result.skill_id)
    if reader is not None:
        from ..domain_declaration import call_with  # (import cycle)

        answers.insert(
            0,
            call_with(reader.item, skill=registered.item, clause_id=clause_id, output=result.data),
        )
    facts: list[SkillFact] = []
    for answer in answers:
        if not isinstance(answer, list) or not all(isinstance(f, SkillFact) for f in answer):
            raise PluginError(
                f"a skill fact reader returned {type(answer).__name__} for skill "
                f"{result.skill_id!r}, not a list of SkillFact",
                plugin="skill_facts",
            )
        facts.extend(answer)
    return facts
