"""``contract-review review``: review a contract (or a folder of them) and write
report.json, report.md and report.html."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..domain import RiskLevel
from ..llm.client_types import LLMInfo
from ..llm.llm_choice import llm_notice
from ..registry import Registry
from ..review.approval import Approver, AutoApprover, PausingApprover
from ..review.engine_context import ProgressCallback
from ..review.engine_request import ApprovalMode
from ..review.state import ReviewState
from .context import CliState, pass_state
from .errors import EXIT_FINDINGS
from .review_approval import TerminalApprover
from .review_arguments import REFERENCE_PAIRS, ReferencePairsCommand
from .review_output import REPORTS_NOT_WRITTEN, print_summary
from .review_portfolio import FolderExecutor, review_folder
from .review_running import file_review_request, write_state_reports

if TYPE_CHECKING:
    from ..review.engine import ReviewEngine

__all__ = ["review"]

_LEVELS = [level.value for level in RiskLevel]


@contextmanager
def progress_bar(enabled: bool = True) -> Iterator[ProgressCallback | None]:
    """A rich progress bar on stderr over the planned clauses; yields its callback."""
    if not enabled:
        yield None
        return
    progress = Progress(
        TextColumn("Reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = progress.add_task("", total=None)

    def update(node: str, done: int, total: int) -> None:
        progress.update(task, completed=done, total=total, description=node)

    with progress:
        yield update


def _approver(mode: ApprovalMode) -> Approver:
    if mode == "interactive":
        return TerminalApprover()
    if mode == "pause":
        return PausingApprover()
    return AutoApprover()


@click.command("review", cls=ReferencePairsCommand)
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option(
    "--domain", "domain_id", metavar="DOMAIN", help="The domain: fidic, sha_spa, generic..."
)
@click.option(
    "--reference",
    "references",
    multiple=True,
    metavar="FILE",
    help="A related document (Employer's Requirements, disclosure letter, General Conditions...). Repeatable.",
)
@click.option(
    "--role",
    "roles",
    multiple=True,
    metavar="ROLE",
    help="The role of the --reference before it: er, reference (default), disclosure, baseline, or one of the domain's role ids.",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder for report.json, report.md and report.html.",
)
@click.option("--interactive", is_flag=True, help="Approve, reject or edit each proposed change.")
@click.option(
    "--pause", is_flag=True, help="Stop at the first change awaiting approval; print the review id."
)
@click.option("--resume", "resume_id", metavar="ID", help="Resume a paused or interrupted review.")
@click.option(
    "--report",
    "report_id",
    metavar="ID",
    help="Write the reports of a stored review into --out (runs nothing).",
)
@click.option(
    "--orchestrator/--no-orchestrator",
    default=None,
    help="Plan the review with the orchestrator (default: the use_orchestrator setting).",
)
@click.option(
    "--react/--no-react",
    default=None,
    help="Let the LLM analyse each clause, choosing its tools (the ReAct worker); "
    "--no-react runs the plan's tools and the playbook (default: the use_react_agent setting).",
)
@click.option(
    "--llm",
    "llm_name",
    metavar="NAME",
    help="none, openai, dashscope, or a plugin's client (default: the llm_provider setting).",
)
@click.option(
    "--playbook",
    "playbook",
    type=click.Path(path_type=Path),
    help="A playbook file (YAML or TOML) replacing the domain's own.",
)
@click.option(
    "--party",
    default="",
    metavar="NAME",
    help="The side we act for: contractor/employer, buyer/seller, 甲方/乙方 or a party's name.",
)
@click.option(
    "--report-language",
    type=click.Choice(["en", "zh"]),
    default=None,
    help="Write the report in English or Chinese (default: the contract's language). "
    "Redlines stay in the contract's language.",
)
@click.option(
    "--fail-on",
    type=click.Choice(_LEVELS),
    help="Exit with status 1 when a finding at this risk level or above exists.",
)
@click.option(
    "--list", "list_reviews", is_flag=True, help="List the reviews in the store and exit."
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="For a folder: review this many documents at once, each in a worker process "
    "(default: the number of cores).",
)
@click.option(
    "--executor",
    type=click.Choice(["processes", "ray"]),
    default="processes",
    show_default=True,
    help="For a folder: review the documents here in worker processes, or as tasks on a "
    "Ray cluster (needs the ray extra; --workers then caps the tasks in flight, default: "
    "the cluster's CPUs).",
)
@click.option(
    "--ray-address",
    metavar="ADDR",
    help="With --executor ray: the cluster's address (HOST:PORT, ray://HOST:PORT or auto); "
    "default: start a local cluster, or join the one RAY_ADDRESS names.",
)
@click.option(
    "--force",
    is_flag=True,
    help="For a folder: review every document again, also those whose complete review "
    "of the same file is in --out.",
)
@click.option(
    "--format",
    "formats",
    multiple=True,
    metavar="FORMAT",
    help="A report format to write (repeatable): json, markdown, html, docx (redline.docx: "
    "the contract with tracked changes and comments) or a plugin's. Default: json, "
    "markdown and html.",
)
@click.pass_context
@pass_state
def review(
    state: CliState,
    ctx: click.Context,
    path: Path | None,
    domain_id: str | None,
    references: tuple[str, ...],
    roles: tuple[str, ...],
    out_dir: Path | None,
    interactive: bool,
    pause: bool,
    resume_id: str | None,
    report_id: str | None,
    orchestrator: bool | None,
    react: bool | None,
    llm_name: str | None,
    playbook: Path | None,
    party: str,
    report_language: Literal["en", "zh"] | None,
    fail_on: str | None,
    list_reviews: bool,
    workers: int | None,
    executor: FolderExecutor,
    ray_address: str | None,
    force: bool,
    formats: tuple[str, ...],
) -> None:
    """Review PATH (a contract, or a folder of them) against a domain's checklist and
    playbook, and write report.json, report.md and report.html into --out.

    \b
    Offline by default: the domain's playbook rules analyse each clause. With an LLM
    configured, --react lets it analyse them and --orchestrator lets it plan. Examples:
      contract-review review examples/fidic/particular_conditions.txt --domain fidic \\
        --reference examples/fidic/general_conditions.txt --role baseline \\
        --reference examples/fidic/employers_requirements.txt --role er --out review-out
      contract-review review --resume rv-20261122-101500-a1b2c3 --out review-out
    """
    if interactive and pause:
        raise click.UsageError("choose one of --interactive and --pause")
    from ..review.engine import RECORD_KIND, ReviewEngine

    mode: ApprovalMode = "interactive" if interactive else "pause" if pause else "auto"
    registry = state.load_registry()
    unknown = [name for name in formats if name not in registry.exporters]
    if unknown:
        raise click.UsageError(
            f"unknown report format {unknown[0]!r}; the formats are "
            f"{', '.join(sorted(registry.exporters))}"
        )
    engine = ReviewEngine(registry, approver=_approver(mode), announce=_announce)
    if list_reviews:
        from ..storage.readable import readable_records

        warn = functools.partial(click.echo, err=True)
        for record in readable_records(engine.storage, RECORD_KIND, warn=warn):
            status = record.data.get("status", "?")
            line = f"{record.id}  {status}  updated {record.updated_at:%Y-%m-%d %H:%M}"
            if record.data.get(REPORTS_NOT_WRITTEN):
                line += f"  reports not written: {record.data[REPORTS_NOT_WRITTEN]}"
            click.echo(line)
        return
    if out_dir is None:
        raise click.UsageError("give --out DIR, the folder for the reports")
    if report_id is not None:
        _finish(engine, registry, engine.load(report_id), out_dir, fail_on, formats)
        return
    if resume_id is not None:
        with progress_bar() as progress:
            engine.progress = progress
            result = engine.resume(resume_id)
        _finish(engine, registry, result, out_dir, fail_on, formats)
        return
    if path is None or domain_id is None:
        raise click.UsageError("give the contract (PATH) and --domain, or --resume ID")
    if ray_address is not None and executor != "ray":
        raise click.UsageError("--ray-address goes with --executor ray")
    if path.is_dir():
        if executor == "ray":
            from .review_ray import require_ray

            require_ray()
        total = review_folder(
            engine,
            registry,
            path,
            domain_id,
            out_dir,
            party=party,
            report_language=report_language or "",
            formats=formats,
            workers=workers or (None if executor == "ray" else _default_workers(state)),
            force=force,
            executor=executor,
            ray_address=ray_address,
        )
        if fail_on is not None and total.at_least(RiskLevel(fail_on)):
            ctx.exit(EXIT_FINDINGS)
        return
    request = file_review_request(
        path,
        domain_id,
        references=ctx.meta.get(REFERENCE_PAIRS, []),
        party=party,
        playbook=playbook,
        orchestrator=orchestrator,
        react=react,
        llm=llm_name,
        approval=mode,
        report_language=report_language or "",
    )
    with progress_bar(mode != "interactive") as progress:
        engine.progress = progress
        result = engine.start(request)
    _finish(engine, registry, result, out_dir, fail_on, formats)


def _default_workers(state: CliState) -> int:
    """The cores, for the installed plugins; one process for a registry built otherwise
    (worker processes load the installed plugins, not a caller's own registry)."""
    if state.registry_factory is not None:
        return 1
    return max(1, os.cpu_count() or 1)


def _announce(info: LLMInfo) -> None:
    """Say where contract text goes before any is sent."""
    click.echo(llm_notice(info), err=True)


def _finish(
    engine: ReviewEngine,
    registry: Registry,
    result: ReviewState,
    out_dir: Path,
    fail_on: str | None,
    formats: tuple[str, ...] = (),
) -> None:
    report, written = write_state_reports(engine, registry, result, out_dir, formats=formats)
    print_summary(report, written)
    if result.status == "paused":
        click.echo(
            f"Review {result.review_id} paused for approval. Resume it with: "
            f"contract-review review --resume {result.review_id} --out {out_dir}"
        )
    if fail_on is not None and report.summary.at_least(RiskLevel(fail_on)):
        raise click.exceptions.Exit(EXIT_FINDINGS)
