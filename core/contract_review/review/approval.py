"""Human approval of proposed changes (the engine's ``human_approval`` node).

An :class:`Approver` decides each finding's redline. Core ships two: the
non-interactive default, which reports every change as ``proposed`` (the same as
``--auto-approve``), and :class:`PausingApprover`, which asks the engine to stop at
the first change awaiting a decision (``--pause``) so the review can be resumed
later. The terminal approver of ``--interactive`` lives with the CLI; the HTTP service
brings its own.
"""

from __future__ import annotations

from typing import Protocol

from .findings import Finding
from .report_models import ApprovalRecord
from .state import ReviewState

__all__ = ["Approver", "AutoApprover", "PauseReview", "PausingApprover"]


class PauseReview(Exception):
    """Raised by an approver to stop the review before deciding; the engine saves the
    state with status ``paused`` and the review can be resumed at the same node."""


class Approver(Protocol):
    """Decides what happens to one proposed change."""

    def decide(self, finding: Finding, state: ReviewState) -> ApprovalRecord:
        """The decision on ``finding.suggested_change`` (never None when this is called).

        :raises PauseReview: to stop the review here and decide later.
        """
        ...


class AutoApprover:
    """Reports every change as proposed and decides nothing (the default)."""

    def decide(self, finding: Finding, state: ReviewState) -> ApprovalRecord:
        return ApprovalRecord(finding_id=finding.finding_id, decision="proposed", by="auto")


class PausingApprover:
    """Stops the review at the first change awaiting approval (``--pause``)."""

    def decide(self, finding: Finding, state: ReviewState) -> ApprovalRecord:
        raise PauseReview(
            f"finding {finding.finding_id} on clause {finding.clause_id} awaits approval"
        )
