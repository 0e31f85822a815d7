"""Skill ``sha_governance_check`` (preview, remote): completeness of a shareholders'
agreement's governance provisions (board composition, reserved matters, quorum,
deadlock), run as a remote workflow.

Only the input model lives here; the skill is a REMOTE preview until a remote workflow
backend is configured and the workflow is ready.
"""

from __future__ import annotations

from pydantic import Field

from contract_review.skills.generic.clause_input import ClauseTextInput


class GovernanceCheckInput(ClauseTextInput):
    """Input of ``sha_governance_check``."""

    our_party: str = Field(default="", description="The shareholder we act for.")
    material_type: str = Field(default="", description="The kind of agreement, e.g. 'SHA'.")
