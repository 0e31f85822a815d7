"""``review FOLDER/``: review every document of a folder (a data room) with one domain,
one report folder per document, and a portfolio summary (portfolio.json/.md/.html)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Job:
    """One document of a folder review, as a worker process receives it."""

    path: str
    report_dir: str
    domain_id: str
    party: str
    report_language: Literal["", "en", "zh"]
    formats: tuple[str, ...]
    out_dir: str


def _review_document(engine: ReviewEngine, registry: Registry, job: _Job) -> PortfolioEntry:
    """Review one document and write its reports; a document that cannot be reviewed
    is a failed entry naming why."""
    from ..review.report_building import export_sources

    path = Path(job.path)
    request = ReviewRequest(
        domain_id=job.domain_id,
        documents=[DocumentInput(path=job.path)],
        party=job.party,
        report_language=job.report_language,
    )
    try:
        state = engine.start(request)
    except ContractReviewError as exc:
        return PortfolioEntry(document=path.name, status="failed", error=str(exc))
    report = engine.report(state)
    write_review_reports(
        report,
        registry,
        Path(job.out_dir) / job.report_dir,
        storage=engine.storage,
        formats=job.formats,
        sources=export_sources(state),
    )
    return _entry(report, job.report_dir)


def _worker_review(job: _Job) -> PortfolioEntry:
    """:func:`_review_document` in a worker process, with the installed plugins and the
    settings of the environment (the same store as the parent's)."""
    from ..registry import load_registry
    from ..review.engine import ReviewEngine

    registry = load_registry()
    return _review_document(ReviewEngine(registry), registry, job)


def _said(entry: PortfolioEntry) -> str:
    if entry.status == "failed":
        return f"{entry.document}: not reviewed: {one_line(entry.error)}"
    s = entry.summary
    return f"{entry.document}: critical {s.critical}, high {s.high}, medium {s.medium}"


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
    workers: int = 1,
) -> RiskSummary:
    """Review each document; a document that cannot be reviewed is listed with its
    error and the others go on. Returns the summary over every document.
    ``report_language`` writes every report in that language ('' for each contract's).
    Each document's reports are written in ``formats`` (default: the default ones); the
    portfolio in the default formats. With ``workers`` above 1 the documents are
    reviewed in that many worker processes (the installed plugins, the environment's
    settings and store); the portfolio lists them in the same order either way."""
    documents = folder_documents(folder, registry)
    if not documents:
        suffixes = ", ".join(registry.supported_suffixes())
        raise ContractReviewError(f"{folder} holds no document to review (looked for {suffixes})")
    registry.domain(domain_id)
    started = utc_now()
    jobs = [
        _Job(
            path=str(path),
            report_dir=_UNSAFE.sub("_", path.stem) or "document",
            domain_id=domain_id,
            party=party,
            report_language=report_language,
            formats=tuple(formats),
            out_dir=str(out_dir),
        )
        for path in documents
    ]
    entries: list[PortfolioEntry] = []
    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            entry = _review_document(engine, registry, job)
            click.echo(_said(entry), err=entry.status == "failed")
            entries.append(entry)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")  # no lock or thread state inherited
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
            for entry in pool.map(_worker_review, jobs):
                click.echo(_said(entry), err=entry.status == "failed")
                entries.append(entry)
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
