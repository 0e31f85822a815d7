"""Deciding proposed changes outside the review run: over HTTP, or after the review.

A decision names a finding and says ``approved``, ``rejected``, ``edited`` (with the
reviewer's wording) or ``proposed``. On a finished review it replaces the finding's
approval record (an edit rewrites the redline) and the report is rebuilt. On a paused
review the decision is recorded with the clause in progress, so that on resume the
approval node takes it as decided and asks only about the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..errors import NotFoundError
from ..storage.records import utc_now
from .diffs import suggested_change
from .findings import Finding
from .report_models import ApprovalDecision, ApprovalRecord
from .state import ReviewState

__all__ = ["Decision", "FindingNotFoundError", "apply_decisions", "decidable_findings"]


class FindingNotFoundError(NotFoundError):
    """A decision names a finding the review does not have (or one with no change)."""


#: The longest wording a reviewer's edit may hold (a clause's text, with room to spare).
MAX_EDITED_CHARS = 200_000


class Decision(BaseModel):
    """One reviewer's decision on one proposed change."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    finding_id: str = Field(
        min_length=1, max_length=200, description="The finding whose redline is decided."
    )
    decision: ApprovalDecision
    after: str | None = Field(
        default=None,
        max_length=MAX_EDITED_CHARS,
        description="The reviewer's wording; required when 'edited'.",
    )

    @model_validator(mode="after")
    def _edit_has_wording(self) -> Decision:
        if self.decision == "edited" and not (self.after or "").strip():
            raise ValueError("after: an 'edited' decision needs the reviewer's wording")
        return self

    def record(self) -> ApprovalRecord:
        """The approval record of this decision, made now over the API."""
        return ApprovalRecord(
            finding_id=self.finding_id,
            decision=self.decision,
            by="api",
            after=self.after if self.decision == "edited" else None,
            decided_at=utc_now(),
        )


def decidable_findings(state: ReviewState) -> list[Finding]:
    """Every finding with a proposed change: saved clauses first, then the clause in
    progress."""
    current = state.current.findings if state.current is not None else []
    return [f for f in [*state.findings, *current] if f.suggested_change is not None]


def _edited(finding: Finding, after: str) -> Finding:
    assert finding.suggested_change is not None
    change = suggested_change(finding.suggested_change.before, after)
    return finding.model_copy(update={"suggested_change": change})


def _replace(records: list[ApprovalRecord], record: ApprovalRecord) -> list[ApprovalRecord]:
    return [r for r in records if r.finding_id != record.finding_id] + [record]


def apply_decisions(state: ReviewState, decisions: Sequence[Decision]) -> list[ApprovalRecord]:
    """Record ``decisions`` in ``state`` (changed in place).

    :returns: The approval records made.
    :raises FindingNotFoundError: naming the first finding the review has no change for;
        nothing is changed then.
    """
    known = {f.finding_id for f in decidable_findings(state)}
    for decision in decisions:
        if decision.finding_id not in known:
            listed = ", ".join(sorted(known)) or "none yet"
            raise FindingNotFoundError(
                f"review {state.review_id} has no proposed change for finding "
                f"{decision.finding_id!r} (findings with one: {listed})"
            )
    made = []
    current_ids = (
        {f.finding_id for f in state.current.findings} if state.current is not None else set()
    )
    for decision in decisions:
        record = decision.record()
        made.append(record)
        if decision.finding_id in current_ids and state.current is not None:
            state.current.approvals = _replace(state.current.approvals, record)
            if record.after is not None:
                state.current.findings = [
                    _edited(f, record.after) if f.finding_id == record.finding_id else f
                    for f in state.current.findings
                ]
            continue
        state.approvals = _replace(state.approvals, record)
        if record.after is not None:
            state.findings = [
                _edited(f, record.after) if f.finding_id == record.finding_id else f
                for f in state.findings
            ]
    return made
