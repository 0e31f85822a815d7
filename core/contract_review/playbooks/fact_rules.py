"""Playbook rules and the facts skills read (:mod:`contract_review.review.skill_facts`).

A rule with ``fact`` judges the number a skill read in the clause — the time-bar
skill's "claim notice: 14 days" — when its own patterns find nothing there
(:func:`breaching_facts`), quoting the passage that holds the words the skill read
(:func:`quoted_in`). A numeric finding names the facts of its clause in the same
unit, so the lawyer sees what the skills read next to what the playbook judged
(:func:`facts_note`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..review.report_words import say
from ..review.skill_facts import SkillFact
from .rule_models import PlaybookRule, compare

__all__ = ["GENERIC_NAMES", "breaching_facts", "facts_note", "quoted_in", "relevant_facts"]


def breaching_facts(rule: PlaybookRule, facts: Sequence[SkillFact]) -> list[SkillFact]:
    """The facts ``rule.fact`` names whose value breaks its limit."""
    test = rule.fact
    if test is None:
        return []
    breaking: list[SkillFact] = []
    for fact in facts:
        if fact.name != test.name:
            continue
        value = fact.in_unit(test.unit) if test.unit is not None else fact.value
        if value is not None and compare(value, test.comparison, test.threshold):
            breaking.append(fact)
    return breaking


def _flat(text: str) -> str:
    return " ".join(text.split())


def quoted_in(fact: SkillFact, passages: Sequence[str], sources: Sequence[str]) -> int | None:
    """Which of ``passages`` a fact belongs to: the one holding its quote; the first when
    it has no quote or its quote is in no document (the skill read the clause as
    amended — General Conditions merged with the Particular Conditions); None when the
    quote is elsewhere in a document (the skill read another clause, which is judged
    there)."""
    if not fact.quote.strip():
        return 0
    quote = _flat(fact.quote)
    for index, passage in enumerate(passages):
        if quote in _flat(passage):
            return index
    if any(quote in _flat(source) for source in sources):
        return None
    return 0


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


def facts_note(
    rule: PlaybookRule, facts: Sequence[SkillFact], value: float, language: str = "en"
) -> str:
    """' The skills read “claim notice: 14 days; baseline 28”.' — or '' when no fact of
    the clause bears on the number the rule judged. A Chinese report leaves it out: the
    skills word their facts in English, the description has already said the number
    the clause states, and the facts stay in the appendix's skill records."""
    shown = relevant_facts(rule, facts, value)
    if not shown or language == "zh":
        return ""
    return say("skills_read", language, facts=", ".join(f"“{fact.words}”" for fact in shown))
