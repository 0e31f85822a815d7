"""The facts of ``spa_indemnity_analysis`` (hook ``skill_facts``): the liability cap,
de minimis and basket ("liability cap: 100% of the purchase price") and the claim
notification periods."""

from __future__ import annotations

from typing import Any

from contract_review.review.skill_facts import SkillFact

from .indemnity import IndemnityAnalysisOutput, LimitAmount
from .registrations import INDEMNITY_ANALYSIS

__all__ = ["indemnity_facts"]


def _money(currency: str | None, amount: float) -> str:
    return f"{currency} {amount:,.0f}" if currency else f"{amount:,.0f}"


def _limit(name: str, label: str, limit: LimitAmount, clause_id: str) -> SkillFact | None:
    if limit.percentage is not None:
        words = f"{label}: {limit.percentage:g}% of the purchase price"
        if limit.computed_amount is not None:
            words += f" ({_money(limit.currency, limit.computed_amount)})"
        value, unit = limit.percentage, "percent"
    elif limit.amount is not None:
        words = f"{label}: {_money(limit.currency, limit.amount)}"
        value, unit = limit.amount, limit.currency or ""
    else:
        return None
    return SkillFact(
        skill_id=INDEMNITY_ANALYSIS,
        name=name,
        words=words,
        value=value,
        unit=unit,
        clause_id=clause_id,
    )


def indemnity_facts(clause_id: str, output: dict[str, Any]) -> list[SkillFact]:
    """The facts of one run of ``spa_indemnity_analysis`` on ``clause_id``."""
    read = IndemnityAnalysisOutput.model_validate(output)
    facts: list[SkillFact] = []
    for name, label, limit in (
        ("liability_cap", "liability cap", read.cap),
        ("de_minimis", "de minimis", read.de_minimis),
        ("basket", "basket", read.basket),
    ):
        fact = None if limit is None else _limit(name, label, limit, clause_id)
        if fact is not None:
            facts.append(fact)
    for period in read.claim_periods:
        subject = "" if period.applies_to == "general" else f" ({period.applies_to})"
        facts.append(
            SkillFact(
                skill_id=INDEMNITY_ANALYSIS,
                name="claim_period",
                words=f"claim period{subject}: {period.period}",
                value=period.months,
                unit="month",
                clause_id=clause_id,
            )
        )
    return facts
