"""One review of one file as ``contract-review review`` runs it: the request made of
the file and the options, and the reports written from the finished state.

The ``review`` command, a folder review's workers and the MCP server's ``review`` tool
all go through these two functions, so a review started from any of them is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..review.engine_request import ApprovalMode, DocumentInput, ReviewRequest
from .review_output import write_review_reports

if TYPE_CHECKING:
    from ..registry import Registry
    from ..review.engine import ReviewEngine
    from ..review.report_models import ReviewReport
    from ..review.state import ReviewState

__all__ = ["file_review_request", "write_state_reports"]


def file_review_request(
    path: str | Path,
    domain_id: str,
    *,
    references: Sequence[tuple[str, str]] = (),
    party: str = "",
    playbook: Path | None = None,
    orchestrator: bool | None = None,
    react: bool | None = None,
    llm: str | None = None,
    approval: ApprovalMode = "auto",
    report_language: Literal["", "en", "zh"] = "",
    owner: str = "",
) -> ReviewRequest:
    """The review of the contract at ``path`` with the ``(path, role)`` pairs of
    ``references``; the other options as ``contract-review review`` takes them."""
    return ReviewRequest(
        domain_id=domain_id,
        documents=[
            DocumentInput(path=str(path)),
            *(DocumentInput(path=p, role=r) for p, r in references),
        ],
        party=party,
        playbook_path=str(playbook) if playbook is not None else None,
        use_orchestrator=orchestrator,
        use_react_agent=react,
        llm=llm,
        approval=approval,
        report_language=report_language,
        owner=owner,
    )


def write_state_reports(
    engine: ReviewEngine,
    registry: Registry,
    state: ReviewState,
    out_dir: Path,
    *,
    formats: Sequence[str] = (),
) -> tuple[ReviewReport, list[Path]]:
    """The report of the review ``state`` and the files written into ``out_dir``
    (:func:`~.review_output.write_review_reports`: every default format, or ``formats``).

    :raises InputError: in one line, when the reports cannot be written.
    """
    from ..review.report_building import export_sources

    report = engine.report(state)
    written = write_review_reports(
        report,
        registry,
        out_dir,
        storage=engine.storage,
        formats=formats,
        sources=export_sources(state),
    )
    return report, written
