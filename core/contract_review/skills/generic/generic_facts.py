"""The facts of core's generic skills (hook ``skill_facts`` of the built-in plugin):
the amounts, percentages and periods ``extract_financial_terms`` read, and the defined
terms ``resolve_definition`` found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...review.skill_facts import SkillFact, period_words
from .definition_lookup import ResolveDefinitionOutput
from .financial_terms import ExtractFinancialTermsOutput

__all__ = ["DEFINITIONS_SHOWN", "generic_skill_facts"]

#: Defined terms named in a 'definitions' fact; more are counted.
DEFINITIONS_SHOWN = 8

_KIND_WORDS = {"amount": "amount", "percentage": "percentage", "period": "period"}


def _financial_terms(skill_id: str, clause_id: str, output: dict[str, Any]) -> list[SkillFact]:
    read = ExtractFinancialTermsOutput.model_validate(output)
    facts: dict[str, SkillFact] = {}
    for term in read.terms:
        written = " ".join(term.text.split())
        if term.kind == "period":
            normal = period_words(term.value, term.unit)
        elif term.kind == "percentage":
            normal = f"{term.value:g}%"
        else:
            normal = f"{term.unit} {term.value:,.2f}".removesuffix(".00")
        shown = written if normal in written or written in normal else f"{written} ({normal})"
        words = f"{_KIND_WORDS[term.kind]}: {shown}"
        facts.setdefault(
            words,
            SkillFact(
                skill_id=skill_id,
                name=term.kind,
                words=words,
                value=term.value,
                unit=term.unit,
                clause_id=clause_id,
            ),
        )
    return list(facts.values())


def _definitions(skill_id: str, clause_id: str, output: dict[str, Any]) -> list[SkillFact]:
    read = ResolveDefinitionOutput.model_validate(output)
    terms = list(dict.fromkeys(d.term for d in read.definitions))
    if not terms:
        return []
    named = ", ".join(terms[:DEFINITIONS_SHOWN])
    more = len(terms) - DEFINITIONS_SHOWN
    words = f"defined terms used: {named}" + (f" and {more} more" if more > 0 else "")
    return [
        SkillFact(
            skill_id=skill_id,
            name="definitions",
            words=words,
            value=float(len(terms)),
            unit="",
            clause_id=clause_id,
        )
    ]


_READERS: dict[str, Callable[[str, str, dict[str, Any]], list[SkillFact]]] = {
    "extract_financial_terms": _financial_terms,
    "resolve_definition": _definitions,
}


def generic_skill_facts(
    skill_id: str, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """The facts of a generic skill's output; None for any other skill."""
    reader = _READERS.get(skill_id)
    return None if reader is None else reader(skill_id, clause_id, output)
