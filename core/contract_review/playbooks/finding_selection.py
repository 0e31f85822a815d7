"""Which findings of one assessment to keep: one per category and clause, and ids
unique within the review.

Several rules of a playbook may describe the same problem: a clause rule and a
document rule for a short time bar, an explicit "liability shall be unlimited" and the
absence of a cap. :func:`one_per_category` keeps one finding per category and clause
(the most severe), and drops an absent-rule finding when a present rule of its category
found the term itself. :func:`unique_ids` makes finding ids unique when a rule fires on
clauses with the same number in two documents (General and Particular Conditions).
"""

from __future__ import annotations

from ..review.findings import Finding
from .playbook_models import Playbook

__all__ = ["one_per_category", "rule_id_of", "unique_ids"]


def rule_id_of(finding: Finding) -> str:
    """The id of the rule behind a playbook finding (``<rule_id>@<clause>...``)."""
    return finding.finding_id.split("@", 1)[0]


def one_per_category(findings: list[Finding], playbook: Playbook) -> list[Finding]:
    """One finding per category and clause: when two rules of the same category (a
    clause rule and a document rule) fire on the same clause, the more severe (then the
    first) is kept; an absent rule ("no cap") gives way to a present rule of its
    category that found the term itself ("unlimited")."""
    rules = {rule.rule_id: rule for rule in playbook.rules}
    categories = {rule_id: rule.category or rule_id for rule_id, rule in rules.items()}
    explicit = {
        categories[rule_id_of(f)] for f in findings if rules[rule_id_of(f)].when == "present"
    }
    kept: dict[tuple[str, str, str], Finding] = {}
    for finding in findings:
        rule_id = rule_id_of(finding)
        if rules[rule_id].when == "absent" and categories[rule_id] in explicit:
            continue  # the term itself was found: "no cap" says less than "unlimited"
        source = finding.evidence[0].source if finding.evidence else ""
        key = (categories[rule_id], finding.clause_id, source)
        current = kept.get(key)
        if current is None or finding.risk_level.severity < current.risk_level.severity:
            kept[key] = finding
    chosen = {id(finding) for finding in kept.values()}
    return [finding for finding in findings if id(finding) in chosen]


def unique_ids(findings: list[Finding]) -> list[Finding]:
    """Findings with ids made unique: a second finding of a rule on a clause with the
    same number (in another document) gets the document's name appended."""
    seen: set[str] = set()
    unique: list[Finding] = []
    for finding in findings:
        finding_id = finding.finding_id
        if finding_id in seen:
            source = finding.evidence[0].source if finding.evidence else "x"
            finding_id = f"{finding_id}@{source}"
            suffix = 2
            while finding_id in seen:
                finding_id = f"{finding.finding_id}@{source}#{suffix}"
                suffix += 1
            finding = finding.model_copy(update={"finding_id": finding_id})
        seen.add(finding_id)
        unique.append(finding)
    return unique
