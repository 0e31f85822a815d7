"""``review FOLDER/``: review every document of a folder (a data room) with one domain,
one report folder per document, and a portfolio summary (portfolio.json/.md/.html)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from ..errors import ContractReviewError
from ..registry import Registry
from ..review.engine_request import DocumentInput, ReviewRequest
from ..review.findings import FindingStatus
from ..review.report_models import PortfolioEntry, PortfolioReport, ReviewReport, RiskSummary
from ..storage.records import utc_now
from .errors import one_line
from .review_output import write_reports, write_review_reports

if TYPE_CHECKING:
    from ..review.engine import ReviewEngine

__all__ = ["PORTFOLIO_STEM", "folder_documents", "review_folder"]

#: Portfolio files are ``<PORTFOLIO_STEM><suffix>``.
PORTFOLIO_STEM = "portfolio"
#: Titles of the most severe findings listed per document.
TOP_FINDINGS = 5
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def folder_documents(folder: Path, registry: Registry) -> list[Path]:
    """The documents of ``folder`` a parser reads (by suffix), in name order; hidden
    files skipped."""
    suffixes = set(registry.supported_suffixes())
    return sorted(
        p
        for p in folder.iterdir()
        if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in suffixes
    )


def _entry(report: ReviewReport, report_dir: str) -> PortfolioEntry:
    severe = sorted(
        (f for f in report.findings if f.status is FindingStatus.FOUND),
        key=lambda f: f.risk_level.severity,
    )
    return PortfolioEntry(
        document=report.documents[0].name if report.documents else "",
        review_id=report.review_id,
        status=report.status,
        summary=report.summary,
        top_findings=[
            f"[{f.risk_level.value}] {f.clause_id}: {f.title}" for f in severe[:TOP_FINDINGS]
        ],
        report_dir=report_dir,
    )


def review_folder(
    engine: ReviewEngine,
    registry: Registry,
    folder: Path,
    domain_id: str,
    out_dir: Path,
    *,
    party: str = "",
    report_language: Literal["", "en", "zh"] = "",
    formats: Sequence[str] = (),
) -> RiskSummary:
    """Review each document; a document that cannot be reviewed is listed with its
    error and the others go on. Returns the summary over every document.
    ``report_language`` writes every report in that language ('' for each contract's).
    Each document's reports are written in ``formats`` (default: the default ones); the
    portfolio in the default formats."""
    from ..review.report_building import export_sources

    documents = folder_documents(folder, registry)
    if not documents:
        suffixes = ", ".join(registry.supported_suffixes())
        raise ContractReviewError(f"{folder} holds no document to review (looked for {suffixes})")
    registry.domain(domain_id)
    started = utc_now()
    entries: list[PortfolioEntry] = []
    for path in documents:
        report_dir = _UNSAFE.sub("_", path.stem) or "document"
        request = ReviewRequest(
            domain_id=domain_id,
            documents=[DocumentInput(path=str(path))],
            party=party,
            report_language=report_language,
        )
        try:
            state = engine.start(request)
        except ContractReviewError as exc:
            click.echo(f"{path.name}: not reviewed: {one_line(str(exc))}", err=True)
            entries.append(PortfolioEntry(document=path.name, status="failed", error=str(exc)))
            continue
        report = engine.report(state)
        write_review_reports(
            report,
            registry,
            out_dir / report_dir,
            storage=engine.storage,
            formats=formats,
            sources=export_sources(state),
        )
        entries.append(_entry(report, report_dir))
        s = report.summary
        click.echo(f"{path.name}: critical {s.critical}, high {s.high}, medium {s.medium}")
    total = RiskSummary.total_of(e.summary for e in entries if e.status != "failed")
    portfolio = PortfolioReport(
        folder=folder.name or str(folder),
        domain_id=domain_id,
        entries=entries,
        summary=total,
        started_at=started,
        finished_at=utc_now(),
    )
    for written in write_reports(portfolio, registry, out_dir, stem=PORTFOLIO_STEM):
        click.echo(f"Wrote {written}")
    return total
