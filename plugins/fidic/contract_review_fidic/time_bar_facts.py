"""The facts of ``fidic_calculate_time_bar`` (hook ``skill_facts``): each period the
skill found, named by what must be done in it ("claim notice: 14 days; baseline 28"),
and the forfeiture when a late notice loses the entitlement. A notice that runs from
the event (or the awareness of it), or whose sentence speaks of a claim, is the claim
notice."""

from __future__ import annotations

import re
from typing import Any

from contract_review.review.skill_facts import SkillFact, period_words

from .registrations import CALCULATE_TIME_BAR
from .time_bar import TimeBar, TimeBarKind, TimeBarOutput

__all__ = ["time_bar_facts"]

_CLAIM = re.compile(r"\bclaims?\b|索赔", re.IGNORECASE)

#: Fact name and words for each kind of period (a notice of a claim has its own name).
_NAMES: dict[TimeBarKind, tuple[str, str]] = {
    TimeBarKind.NOTICE: ("notice_period", "notice"),
    TimeBarKind.DETAILED_CLAIM: ("detailed_claim_period", "fully detailed claim"),
    TimeBarKind.RESPONSE: ("response_period", "response"),
    TimeBarKind.PAYMENT: ("payment_period", "payment"),
    TimeBarKind.OTHER: ("period", "period"),
}


def _fact(bar: TimeBar, read: TimeBarOutput, clause_id: str) -> SkillFact:
    name, label = _NAMES[bar.kind]
    if bar.kind is TimeBarKind.NOTICE and (bar.runs_from_event or _CLAIM.search(bar.sentence)):
        name, label = "claim_notice_period", "claim notice"
    words = f"{label}: {period_words(bar.amount, bar.unit.value)}"
    if bar.kind is TimeBarKind.NOTICE:
        words += f"; baseline {read.standard_notice_days}"
    return SkillFact(
        skill_id=CALCULATE_TIME_BAR,
        name=name,
        words=words,
        value=float(bar.amount),
        unit=bar.unit.value,
        clause_id=clause_id,
        quote=bar.sentence,
    )


def time_bar_facts(clause_id: str, output: dict[str, Any]) -> list[SkillFact]:
    """The facts of one run of ``fidic_calculate_time_bar`` on ``clause_id``."""
    read = TimeBarOutput.model_validate(output)
    facts: dict[str, SkillFact] = {}
    for bar in read.time_bars:
        fact = _fact(bar, read, clause_id)
        facts.setdefault(fact.words, fact)
    if read.forfeiture:
        words = "time bar: a late notice or claim loses the entitlement"
        facts[words] = SkillFact(
            skill_id=CALCULATE_TIME_BAR, name="time_bar", words=words, clause_id=clause_id
        )
    return list(facts.values())
