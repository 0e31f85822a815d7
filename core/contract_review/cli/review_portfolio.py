"""``review FOLDER/``: review every document of a folder (a data room) with one domain,
one report folder per document, and a portfolio summary (portfolio.json/.md/.html)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Generator, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..domain import RiskLevel
from ..errors import ContractReviewError, InputError
from ..registry import Registry
from ..review.findings import FindingStatus
from ..review.report_models import (
    REPORT_STEM,
    PortfolioEntry,
    PortfolioReport,
    ReviewReport,
    RiskSummary,
)
from ..storage.records import utc_now
from .errors import one_line
from .review_output import write_reports
from .review_running import file_review_request, write_state_reports

if TYPE_CHECKING:
    from ..review.engine import ReviewEngine

__all__ = ["PORTFOLIO_STEM", "FolderExecutor", "folder_documents", "review_folder"]

#: Portfolio files are ``<PORTFOLIO_STEM><suffix>``.
PORTFOLIO_STEM = "portfolio"
#: Where a folder's documents are reviewed: here or in worker processes, or on a Ray
#: cluster (:mod:`.review_ray`).
FolderExecutor = Literal["processes", "ray"]
#: Titles of the most severe findings listed per document.
TOP_FINDINGS = 5
#: A folder review saves a document's checkpoints at most this often (and when it
#: starts and stops): a stopped folder review reviews the document again from the start,
#: so a checkpoint after every node only serves ``review --resume`` of that one review,
#: while each is a durable write that worker processes would queue for.
FOLDER_CHECKPOINT_INTERVAL_S = 10.0
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


def _entry(report: ReviewReport, report_dir: str, names: dict[str, str]) -> PortfolioEntry:
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
        issues=_key_issues(report, names),
    )


def _key_issues(report: ReviewReport, names: dict[str, str]) -> list[str]:
    """The checklist topics ``report`` has a high or critical finding on, by their
    ``names`` (one language for the whole folder), in review order."""
    issues: list[str] = []
    for finding in report.findings:
        topic = finding.checklist_item_id or finding.clause_id
        name = names.get(topic, topic)
        if finding.risk_level.at_least(RiskLevel.HIGH) and name not in issues:
            issues.append(name)
    return issues


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
    #: SHA-256 of the file's bytes when the job was made ('' when it could not be read).
    sha256: str = ""


#: What an executor yields: each job with its entry, as it finishes.
FinishedJobs = Generator[tuple[_Job, PortfolioEntry], None, None]


def _review_document(engine: ReviewEngine, registry: Registry, job: _Job) -> PortfolioEntry:
    """Review one document and write its reports; a document that cannot be reviewed
    is a failed entry naming why."""
    path = Path(job.path)
    request = file_review_request(
        job.path, job.domain_id, party=job.party, report_language=job.report_language
    )
    try:
        state = engine.start(request)
    except ContractReviewError as exc:
        return PortfolioEntry(document=path.name, status="failed", error=str(exc))
    except Exception as exc:  # a fault on one document must not stop the data room
        error = f"the review stopped on an unexpected error ({type(exc).__name__}: {exc})"
        return PortfolioEntry(document=path.name, status="failed", error=error)
    report, _ = write_state_reports(
        engine, registry, state, Path(job.out_dir) / job.report_dir, formats=job.formats
    )
    checklist = registry.domain(job.domain_id).checklist
    names = {item.clause_id: item.clause_name_en or item.clause_name for item in checklist}
    return _entry(report, job.report_dir, names).model_copy(update={"sha256": job.sha256})


def _worker_review(job: _Job) -> PortfolioEntry:
    """:func:`_review_document` in a worker process, with the installed plugins and the
    settings of the environment (the same store as the parent's)."""
    from ..review.engine import ReviewEngine
    from .context import load_cli_registry

    registry = load_cli_registry()
    engine = ReviewEngine(registry, checkpoint_interval_s=FOLDER_CHECKPOINT_INTERVAL_S)
    return _review_document(engine, registry, job)


def _largest_first(jobs: Sequence[_Job]) -> list[_Job]:
    """``jobs`` by file size, largest first (name order among equals), so that the
    longest reviews start first and no worker is left with a long one at the end."""

    def size(job: _Job) -> int:
        try:
            return Path(job.path).stat().st_size
        except OSError:
            return 0

    return sorted(jobs, key=size, reverse=True)


def _in_processes(
    engine: ReviewEngine, registry: Registry, todo: Sequence[_Job], workers: int
) -> FinishedJobs:
    """The ``processes`` executor: each job with its entry as it finishes, reviewed here
    (``workers`` 1, or one job) or in ``workers`` spawned worker processes."""
    if workers <= 1 or len(todo) <= 1:
        interval = engine.checkpoint_interval_s
        engine.checkpoint_interval_s = FOLDER_CHECKPOINT_INTERVAL_S
        try:
            for job in todo:
                yield job, _review_document(engine, registry, job)
        finally:
            engine.checkpoint_interval_s = interval
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")  # no lock or thread state inherited
    size = min(workers, len(todo))
    with ProcessPoolExecutor(max_workers=size, mp_context=context) as pool:
        futures = {pool.submit(_worker_review, job): job for job in _largest_first(todo)}
        for future in as_completed(futures):
            job = futures[future]
            try:
                entry = future.result()
            except Exception as exc:  # the worker process died (memory, a signal)
                error = f"its worker process stopped ({type(exc).__name__}: {exc})"
                entry = PortfolioEntry(document=Path(job.path).name, status="failed", error=error)
            yield job, entry


def _said(entry: PortfolioEntry) -> str:
    if entry.status == "failed":
        return f"{entry.document}: not reviewed: {one_line(entry.error)}"
    s = entry.summary
    return f"{entry.document}: critical {s.critical}, high {s.high}, medium {s.medium}"


def _file_sha256(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:  # unreadable: reviewed (and reported as failed) anyway
        return ""


def _kept_entries(out_dir: Path, jobs: Sequence[_Job]) -> dict[str, PortfolioEntry]:
    """The entries of the last portfolio in ``out_dir`` that a re-run keeps: complete,
    of a file with the same SHA-256, their report still there."""
    path = out_dir / f"{PORTFOLIO_STEM}.json"
    try:
        last = PortfolioReport.model_validate_json(path.read_bytes())
    except (OSError, ValueError):  # none yet, or unreadable: everything is reviewed
        return {}
    by_name = {entry.document: entry for entry in last.entries}
    kept: dict[str, PortfolioEntry] = {}
    for job in jobs:
        entry = by_name.get(Path(job.path).name)
        if (
            entry is not None
            and entry.status == "complete"
            and job.sha256
            and entry.sha256 == job.sha256
            and entry.report_dir == job.report_dir
            and (out_dir / job.report_dir / f"{REPORT_STEM}.json").is_file()
        ):
            kept[job.path] = entry
    return kept


def _write_portfolio_json(
    out_dir: Path,
    folder: Path,
    domain_id: str,
    entries: list[PortfolioEntry],
    started: datetime,
) -> None:
    portfolio = PortfolioReport(
        folder=folder.name or str(folder),
        domain_id=domain_id,
        entries=entries,
        summary=RiskSummary.total_of(e.summary for e in entries if e.status != "failed"),
        started_at=started,
    )
    target = out_dir / f"{PORTFOLIO_STEM}.json"
    temporary = target.with_name(target.name + ".tmp")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        temporary.write_text(portfolio.model_dump_json(indent=2) + "\n", encoding="utf-8")
        temporary.replace(target)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None


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
    workers: int | None = 1,
    force: bool = False,
    executor: FolderExecutor = "processes",
    ray_address: str | None = None,
) -> RiskSummary:
    """Review each document; a document that cannot be reviewed is listed with its
    error and the others go on. Returns the summary over every document.
    ``report_language`` writes every report in that language ('' for each contract's).
    Each document's reports are written in ``formats`` (default: the default ones); the
    portfolio in the default formats. With ``workers`` above 1 the documents are
    reviewed in that many worker processes (the installed plugins, the environment's
    settings and store); the portfolio lists them in the same order either way.
    ``executor`` ``"ray"`` reviews them as tasks on the Ray cluster at ``ray_address``
    (None: a local one), at most ``workers`` at once (None: the cluster's CPUs); see
    :mod:`.review_ray`.

    A re-run keeps each document whose review is complete, whose report is still there
    and whose file is unchanged (its SHA-256); ``force`` reviews every one again. The
    portfolio's JSON is rewritten as each document finishes, so a stopped run is taken up
    where it was."""
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
            sha256=_file_sha256(path),
        )
        for path in documents
    ]
    kept = {} if force else _kept_entries(out_dir, jobs)
    done: dict[str, PortfolioEntry] = {}
    for job in jobs:
        if (entry := kept.get(job.path)) is not None:
            click.echo(
                f"{entry.document}: unchanged since its complete review; kept (--force reviews it again)"
            )
            done[job.path] = entry
    todo = [job for job in jobs if job.path not in done]

    failed = 0
    progress = Progress(
        TextColumn("Reviewing the folder"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = progress.add_task("", total=len(todo))

    def finished(job: _Job, entry: PortfolioEntry) -> None:
        nonlocal failed
        progress.console.print(_said(entry), markup=False, highlight=False)
        done[job.path] = entry
        failed += entry.status == "failed"
        remaining = len(todo) - (len(done) - len(kept))
        progress.update(task, advance=1, description=f"failed {failed}, remaining {remaining}")
        # the portfolio so far, so that a run stopped half-way is taken up where it was
        so_far = [done[j.path] for j in jobs if j.path in done]
        _write_portfolio_json(out_dir, folder, domain_id, so_far, started)

    if executor == "ray":
        from .review_ray import review_on_ray

        finished_jobs = review_on_ray(
            _largest_first(todo), settings=engine.settings, workers=workers, address=ray_address
        )
    else:
        finished_jobs = _in_processes(engine, registry, todo, workers or 1)
    with progress, closing(finished_jobs):  # closed: no worker or cluster left behind
        for job, entry in finished_jobs:
            finished(job, entry)
    entries = [done[job.path] for job in jobs]
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
