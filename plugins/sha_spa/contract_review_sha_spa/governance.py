"""Skill ``sha_governance_check``: what a shareholders' agreement's governance clauses
give each side, and what is missing or weak.

Reads the governance clause(s) — English or Chinese — sentence by sentence: the board's
size and who appoints how many directors, the quorum and whether a director of each
side must attend (:mod:`contract_review_sha_spa.board`), the reserved matters mapped to
a canonical list of fifteen and their voting threshold
(:mod:`contract_review_sha_spa.reserved_matters`), and the deadlock provisions. Then it
reports findings, each with a risk level: reserved matters missing from the list,
reserved matters decided by simple majority (a minority shareholder has no veto), no
deadlock mechanism, a quorum that can be met without the other side's director, and —
when ``our_party`` is given — no board seat for the party we act for.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.domain import RiskLevel
from contract_review.skills.generic.clause_input import ClauseTextInput
from contract_review.text.sentences import sentences

from .board import (
    AppointmentRight,
    BoardComposition,
    Deadlock,
    DeadlockMechanism,
    Quorum,
    read_board,
    read_deadlock,
    read_quorum,
)
from .reserved_matters import (
    CORE_RESERVED_MATTERS,
    FoundReservedMatter,
    ReservedMatter,
    ReservedMatters,
    ThresholdKind,
    VotingThreshold,
    read_reserved_matters,
)

__all__ = [
    "AppointmentRight",
    "BoardComposition",
    "Deadlock",
    "DeadlockMechanism",
    "FoundReservedMatter",
    "GovernanceCheckInput",
    "GovernanceCheckOutput",
    "GovernanceFinding",
    "GovernanceFindingKind",
    "Quorum",
    "ReservedMatter",
    "ThresholdKind",
    "VotingThreshold",
    "check_governance",
]


class GovernanceCheckInput(ClauseTextInput):
    """Input of ``sha_governance_check``: the governance clause(s) of an SHA."""

    our_party: str = Field(default="", description="The shareholder we act for.")
    material_type: str = Field(default="", description="The kind of agreement, e.g. 'SHA'.")


class GovernanceFindingKind(StrEnum):
    """What a governance finding is about."""

    NO_BOARD_PROVISIONS = "no_board_provisions"
    NO_APPOINTMENT_RIGHT = "no_appointment_right"
    QUORUM_WITHOUT_EACH_SIDE = "quorum_without_each_side"
    QUORUM_FALLS_AWAY = "quorum_falls_away"
    NO_RESERVED_MATTERS = "no_reserved_matters"
    RESERVED_MATTERS_ELSEWHERE = "reserved_matters_elsewhere"
    MISSING_RESERVED_MATTERS = "missing_reserved_matters"
    SIMPLE_MAJORITY = "simple_majority"
    THRESHOLD_NOT_STATED = "threshold_not_stated"
    NO_DEADLOCK_MECHANISM = "no_deadlock_mechanism"


class GovernanceFinding(BaseModel):
    """A weakness of the governance provisions."""

    kind: GovernanceFindingKind
    risk_level: RiskLevel
    description: str
    evidence: str = Field(default="", description="The text the finding rests on, if any.")


class GovernanceCheckOutput(BaseModel):
    """Output of ``sha_governance_check``."""

    clause_id: str
    board: BoardComposition | None = Field(
        default=None, description="Board size and appointment rights; None when not found."
    )
    quorum: Quorum | None = Field(default=None, description="None when the text sets none.")
    reserved_matters: list[FoundReservedMatter] = Field(
        default_factory=list, description="The canonical reserved matters found, in list order."
    )
    missing_reserved_matters: list[ReservedMatter] = Field(
        default_factory=list,
        description="Canonical reserved matters the clause does not reserve (empty when the "
        "list is only referred to, e.g. 'Schedule 2').",
    )
    reserved_matters_threshold: VotingThreshold | None = Field(
        default=None, description="How reserved matters are decided; None when there are none."
    )
    reserved_matters_elsewhere: str = Field(
        default="", description="Where the list is when the clause only refers to it."
    )
    deadlock: Deadlock | None = Field(
        default=None, description="The deadlock provisions; None when there are none."
    )
    findings: list[GovernanceFinding] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


def _names(matters: list[ReservedMatter]) -> str:
    return ", ".join(matter.value.replace("_", " ") for matter in matters)


def _is_party(appointer: str, party: str) -> bool:
    """True when ``party`` is empty (no party to check) or names the appointer."""
    a, b = appointer.casefold().strip(), party.casefold().strip()
    return not b or (bool(a) and (a in b or b in a))


def _quorum_protects(quorum: Quorum, board: BoardComposition | None, our_party: str) -> bool:
    """True when a board meeting is quorate only with a director of ``our_party`` (of
    every appointer when no party is given)."""
    required = quorum.required_appointers
    if quorum.requires_each_side:
        return True
    if our_party:
        return any(_is_party(who, our_party) for who in required)
    appointers = {r.appointer for r in board.appointment_rights} if board is not None else set()
    if not appointers:
        return bool(required)
    return all(any(_is_party(who, a) for who in required) for a in appointers)


def _board_findings(
    board: BoardComposition | None, quorum: Quorum | None, our_party: str
) -> list[GovernanceFinding]:
    found: list[GovernanceFinding] = []
    if board is None:
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.NO_BOARD_PROVISIONS,
                risk_level=RiskLevel.MEDIUM,
                description="No board size or director appointment rights found.",
            )
        )
    elif board.appointment_rights and not any(
        _is_party(right.appointer, our_party) for right in board.appointment_rights
    ):
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.NO_APPOINTMENT_RIGHT,
                risk_level=RiskLevel.HIGH,
                description=f"{our_party} has no right to appoint a director.",
                evidence=" ".join(dict.fromkeys(r.text for r in board.appointment_rights)),
            )
        )
    if quorum is not None and not _quorum_protects(quorum, board, our_party):
        whose = our_party or "each shareholder"
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.QUORUM_WITHOUT_EACH_SIDE,
                risk_level=RiskLevel.MEDIUM,
                description=f"The quorum does not require a director appointed by {whose}: "
                "the board can meet and decide without that director.",
                evidence=quorum.text,
            )
        )
    if quorum is not None and quorum.adjourned_fallback:
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.QUORUM_FALLS_AWAY,
                risk_level=RiskLevel.MEDIUM,
                description="At an adjourned meeting the directors present form a quorum, "
                "so staying away does not stop a decision.",
                evidence=quorum.text,
            )
        )
    return found


def _reserved_findings(
    reserved: ReservedMatters, missing: list[ReservedMatter]
) -> list[GovernanceFinding]:
    found: list[GovernanceFinding] = []
    threshold = reserved.threshold
    if threshold is None:
        return [
            GovernanceFinding(
                kind=GovernanceFindingKind.NO_RESERVED_MATTERS,
                risk_level=RiskLevel.HIGH,
                description="No reserved matters: no decision needs a minority shareholder's "
                "consent or a special majority.",
            )
        ]
    if not reserved.matters and reserved.listed_elsewhere:
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.RESERVED_MATTERS_ELSEWHERE,
                risk_level=RiskLevel.LOW,
                description=f"The reserved matters are listed in {reserved.listed_elsewhere}, "
                "not in the clause; review that list too.",
                evidence=threshold.text,
            )
        )
    elif missing:
        core = [m for m in missing if m in CORE_RESERVED_MATTERS]
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.MISSING_RESERVED_MATTERS,
                risk_level=RiskLevel.HIGH if core else RiskLevel.MEDIUM,
                description=f"Common reserved matters not reserved: {_names(missing)}.",
                evidence=threshold.text,
            )
        )
    if threshold.kind is ThresholdKind.SIMPLE_MAJORITY:
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.SIMPLE_MAJORITY,
                risk_level=RiskLevel.HIGH,
                description="Reserved matters pass by a simple majority: a minority "
                "shareholder has no veto.",
                evidence=threshold.text,
            )
        )
    elif threshold.kind is ThresholdKind.NOT_STATED:
        found.append(
            GovernanceFinding(
                kind=GovernanceFindingKind.THRESHOLD_NOT_STATED,
                risk_level=RiskLevel.LOW,
                description="The clause does not say who must approve the reserved matters "
                "or by what majority.",
                evidence=threshold.text,
            )
        )
    return found


def _deadlock_finding(
    deadlock: Deadlock | None, board: BoardComposition | None
) -> list[GovernanceFinding]:
    if deadlock is not None and deadlock.mechanisms:
        return []
    even = board is not None and board.evenly_split()
    return [
        GovernanceFinding(
            kind=GovernanceFindingKind.NO_DEADLOCK_MECHANISM,
            risk_level=RiskLevel.HIGH if even else RiskLevel.MEDIUM,
            description="No mechanism breaks a deadlock (escalation, mediation, casting vote, "
            "buy-sell, put/call option)" + (" on an evenly split board." if even else "."),
            evidence=deadlock.text if deadlock is not None else "",
        )
    ]


def check_governance(input_data: GovernanceCheckInput) -> GovernanceCheckOutput:
    """Handler of ``sha_governance_check``."""
    text = input_data.resolve_text()
    if not text:
        return GovernanceCheckOutput(
            clause_id=input_data.clause_id,
            notes=[f"no text found for clause {input_data.clause_id}"],
        )
    parts = sentences(text, semicolons=True, line_breaks=True)
    board = read_board(parts)
    quorum = read_quorum(parts)
    reserved = read_reserved_matters(parts)
    deadlock = read_deadlock(parts)
    found = {item.matter for item in reserved.matters}
    missing = (
        []
        if reserved.listed_elsewhere and not found
        else [matter for matter in ReservedMatter if matter not in found]
    )
    notes: list[str] = []
    if quorum is None:
        notes.append("no quorum provision found")
    return GovernanceCheckOutput(
        clause_id=input_data.clause_id,
        board=board,
        quorum=quorum,
        reserved_matters=reserved.matters,
        missing_reserved_matters=missing,
        reserved_matters_threshold=reserved.threshold,
        reserved_matters_elsewhere=reserved.listed_elsewhere,
        deadlock=deadlock,
        findings=[
            *_board_findings(board, quorum, input_data.our_party),
            *_reserved_findings(reserved, missing),
            *_deadlock_finding(deadlock, board),
        ],
        notes=notes,
    )
