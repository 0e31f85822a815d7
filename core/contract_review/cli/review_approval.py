"""``review --interactive``: approve, reject or edit each proposed change in the
terminal."""

from __future__ import annotations

import click

from ..review.findings import Finding
from ..review.report_models import ApprovalDecision, ApprovalRecord
from ..review.state import ReviewState
from ..storage.records import utc_now

__all__ = ["TerminalApprover"]

_CHOICES: dict[str, ApprovalDecision] = {
    "a": "approved",
    "r": "rejected",
    "e": "edited",
    "p": "proposed",
}


class TerminalApprover:
    """Shows each finding's redline as a diff and asks: [a]pprove, [r]eject, [e]dit,
    or leave it [p]roposed. Editing opens the proposed text in ``$EDITOR`` (or asks for
    it on one line when there is no editor)."""

    def decide(self, finding: Finding, state: ReviewState) -> ApprovalRecord:
        change = finding.suggested_change
        assert change is not None
        click.echo("")
        click.secho(f"[{finding.risk_level.value}] {finding.clause_id}: {finding.title}", bold=True)
        click.echo(finding.description)
        click.echo(change.diff or "(no textual change)")
        answer = click.prompt(
            "Approve, reject, edit, or leave proposed?",
            type=click.Choice(list(_CHOICES)),
            default="p",
            show_choices=True,
        )
        decision: ApprovalDecision = _CHOICES[answer]
        after: str | None = None
        if decision == "edited":
            after = click.edit(change.after)
            if after is None:
                after = click.prompt("Your wording", default=change.after)
            if after.rstrip("\n") == change.after.rstrip("\n"):
                decision, after = "approved", None
        return ApprovalRecord(
            finding_id=finding.finding_id,
            decision=decision,
            by="interactive",
            after=after,
            decided_at=utc_now(),
        )
