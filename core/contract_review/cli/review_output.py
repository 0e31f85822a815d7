"""Writing a review's reports (every registered exporter: report.json, report.md,
report.html) and the one-screen summary the CLI prints.

A stored review whose reports could not be written keeps that fact on its record
(``reports_not_written``: why), shown by ``review --list``, until ``review --report ID
--out DIR`` writes them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import click
from pydantic import BaseModel

from ..domain import RiskLevel
from ..errors import InputError
from ..registry import Registry
from ..reports.exporter_types import ExportSource
from ..review.report_models import REPORT_STEM, ReviewReport
from ..storage.backend import StorageBackend

__all__ = ["REPORTS_NOT_WRITTEN", "print_summary", "write_reports", "write_review_reports"]

#: The record field saying why a stored review's reports were not written.
REPORTS_NOT_WRITTEN = "reports_not_written"


def write_reports(
    report: BaseModel,
    registry: Registry,
    out_dir: Path,
    *,
    stem: str = REPORT_STEM,
    stored_as: str = "",
    formats: Sequence[str] = (),
    sources: Mapping[str, ExportSource] | None = None,
) -> list[Path]:
    """Write ``report`` with the exporters named in ``formats`` (by default, every
    default exporter that renders it) into ``out_dir``; the files written.

    :param stored_as: The id the review is stored under, named when the reports cannot
        be written (the review is kept; ``review --report ID --out DIR`` writes them).
    :param sources: The reviewed documents, for an exporter that writes on them.
    :raises InputError: in one line, when the folder or a file cannot be written.
    """
    later = (
        f"; review {stored_as} is stored: write its reports with "
        f"contract-review review --report {stored_as} --out DIR"
        if stored_as
        else ""
    )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(
            f"cannot create the output folder {out_dir}: {exc.strerror or exc}{later}"
        ) from None
    written: list[Path] = []
    for name in sorted(registry.exporters):
        registered = registry.exporters[name]
        exporter = registered.item
        wanted = name in formats if formats else exporter.default
        if not wanted or not exporter.accepts(report):
            continue
        target = out_dir / f"{exporter.stem or stem}{exporter.suffix}"
        try:
            content = exporter.render(report, sources=sources)
        except Exception as exc:  # a plugin's exporter may raise anything; the others write
            click.echo(
                f"warning: the {name!r} report exporter of plugin {registered.plugin!r} failed "
                f"({type(exc).__name__}: {exc}); {target.name} was not written",
                err=True,
            )
            continue
        temporary = target.with_name(target.name + ".tmp")
        try:
            temporary.write_bytes(content)
            temporary.replace(target)
        except OSError as exc:
            temporary.unlink(missing_ok=True)
            raise InputError(f"cannot write {target}: {exc.strerror or exc}{later}") from None
        written.append(target)
    return written


def write_review_reports(
    report: ReviewReport,
    registry: Registry,
    out_dir: Path,
    *,
    storage: StorageBackend,
    formats: Sequence[str] = (),
    sources: Mapping[str, ExportSource] | None = None,
) -> list[Path]:
    """:func:`write_reports` for a stored review, recording on its record whether they
    were written (see the module docs).

    :raises InputError: in one line, when they cannot be written (after recording it).
    """
    try:
        written = write_reports(
            report,
            registry,
            out_dir,
            stored_as=report.review_id,
            formats=formats,
            sources=sources,
        )
    except InputError as exc:
        _note(storage, report.review_id, str(exc))
        raise
    _note(storage, report.review_id, None)
    return written


def _note(storage: StorageBackend, review_id: str, problem: str | None) -> None:
    from ..review.engine import RECORD_KIND

    record = storage.load(RECORD_KIND, review_id)
    if record is None or record.data.get(REPORTS_NOT_WRITTEN) == problem:
        return
    data = {k: v for k, v in record.data.items() if k != REPORTS_NOT_WRITTEN}
    if problem is not None:
        data[REPORTS_NOT_WRITTEN] = problem
    storage.save(RECORD_KIND, review_id, data)


def print_summary(report: ReviewReport, written: list[Path]) -> None:
    """Risk counts, the most severe findings, and where the reports are."""
    s = report.summary
    click.echo(
        f"{report.title}: {s.deviations} deviations — critical {s.critical}, high {s.high}, "
        f"medium {s.medium}, low {s.low}; {s.missing} checklist items missing; "
        f"{s.checked} in order"
    )
    severe = [f for f in report.findings if f.risk_level.at_least(RiskLevel.HIGH)]
    for finding in severe[:12]:
        click.echo(f"  [{finding.risk_level.value}] {finding.clause_id}: {finding.title}")
    if len(severe) > 12:
        click.echo(f"  ... and {len(severe) - 12} more high or critical findings")
    click.echo(f"Plan: {report.plan.source} — {report.plan.note}")
    if report.status != "complete":
        click.echo(f"Status: {report.status} (the report is not complete)")
    for path in written:
        click.echo(f"Wrote {path}")
