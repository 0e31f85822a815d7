"""What a clause's skills read, as the report pages list it: each fact in words
("Read by fidic_calculate_time_bar: claim notice: 14 days; baseline 28"), then each skill
that failed with its error, then the skills that ran without a fact to report."""

from __future__ import annotations

from ..review.report_models import ClauseReview

__all__ = ["skill_lines"]


def skill_lines(review: ClauseReview) -> list[str]:
    """The lines for one clause."""
    lines = [f"Read by {fact.skill_id}: {fact.words}" for fact in review.facts]
    read = {fact.skill_id for fact in review.facts}
    lines += [
        f"Skill {result.skill_id} failed: {result.summary or 'no reason given'}"
        for result in review.skill_results
        if not result.success
    ]
    quiet = [
        result.skill_id
        for result in review.skill_results
        if result.success and result.skill_id not in read
    ]
    if quiet:
        lines.append("Also run: " + ", ".join(dict.fromkeys(quiet)))
    return lines
