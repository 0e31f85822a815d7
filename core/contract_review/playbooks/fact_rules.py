"""Playbook rules and the facts skills read (:mod:`contract_review.review.skill_facts`).

A rule with ``fact`` judges the number a skill read in the clause — the time-bar
skill's "claim notice: 14 days" — when its own patterns find nothing there
(:func:`breaching_fact`). A numeric finding names the facts of its clause in the same
unit, so the lawyer sees what the skills read next to what the playbook judged
(:func:`facts_note`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..review.skill_facts import SkillFact
from .rule_models import PlaybookRule, compare

__all__ = ["GENERIC_NAMES", "breaching_fact", "facts_note", "relevant_facts"]


def breaching_fact(rule: PlaybookRule, facts: Sequence[SkillFact]) -> SkillFact | None:
    """The first fact ``rule.fact`` names whose value breaks its limit, or None."""
    test = rule.fact
    if test is None:
        return None
    for fact in facts:
        if fact.name != test.name:
            continue
        value = fact.in_unit(test.unit) if test.unit is not None else fact.value
        if value is not None and compare(value, test.comparison, test.threshold):
            return fact
    return None


#: Names of facts that say only what kind of number they hold (core's financial terms).
GENERIC_NAMES = frozenset({"amount", "percentage", "period"})


def relevant_facts(rule: PlaybookRule, facts: Sequence[SkillFact], value: float) -> list[SkillFact]:
    """The facts a numeric finding of ``rule`` that judged ``value`` should name: those
    ``rule.fact`` names, and those holding the same number in the rule's unit — the
    named ones ('payment: 90 days') over a bare 'period: 90 days'."""
    unit = rule.unit
    same = [
        fact
        for fact in facts
        if (rule.fact is not None and fact.name == rule.fact.name)
        or (
            unit is not None
            and (read := fact.in_unit(unit)) is not None
            and abs(read - value) < 1e-6
        )
    ]
    named = [fact for fact in same if fact.name not in GENERIC_NAMES]
    return named or same


def facts_note(rule: PlaybookRule, facts: Sequence[SkillFact], value: float) -> str:
    """' The skills read “claim notice: 14 days; baseline 28”.' — or '' when no fact
    of the clause bears on the number the rule judged."""
    shown = relevant_facts(rule, facts, value)
    if not shown:
        return ""
    return " The skills read " + ", ".join(f"“{fact.words}”" for fact in shown) + "."
