"""Folder review throughput: ``contract-review review DIR/ --workers N`` on the CUAD dev
subset (102 contracts), one worker against two, through the real CLI.

Run it with ``nox -s bench`` or directly::

    python benchmarks/folder_bench.py [--data ../shared/data/cuad] [--repeat 2] [--ray]

Each run is a subprocess of the CLI (``--domain generic``, offline) with a fresh
temporary data directory (so a fresh store) and a fresh output folder. The folder holds
the contracts :func:`cuad_labels.load_cuad` reads (links to the files, nothing copied).
Measured per run: wall time and contracts per second; the CPU seconds of the CLI and
its worker processes (``wait4``); the peak resident memory of each process that reviews
(the CLI itself with one worker, each worker process otherwise): the largest
``VmHWM`` of ``/proc/<pid>/status`` seen by sampling the CLI's child processes every
0.1 s; and the load on the machine (``/proc/loadavg`` and ``/proc/pressure/cpu``), since
other processes on the machine take cores from the run (``--nice -10`` puts the runs
ahead of them, given the privilege). With ``--repeat N`` the runs alternate (1, 2, 1,
2, ...) and the fastest of each is kept.

Every report of a two-worker run must equal the one-worker run's (``report.json``
without review ids and times), and the portfolios too; a difference fails the
benchmark. ``--ray`` adds ``--executor ray --workers 2`` the same way, and is skipped
with a message when the CLI has no ``--executor`` option.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import page_sections
from bench_machine import machine_line
from cuad_labels import load_cuad
from pydantic import BaseModel, Field

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "cuad"
DEFAULT_OUT = REPO / "docs" / "benchmarks.md"
SECTION_START = "<!-- folder-bench:start -->"
SECTION_END = "<!-- folder-bench:end -->"
CLI = [sys.executable, "-m", "contract_review.cli"]

#: What differs between two runs of the same review (ids and times).
_VARYING = {"review_id", "started_at", "finished_at", "timings", "decided_at", "worker"}
_REVIEW_ID = re.compile(r"rv-\d{8}-\d{6}-[0-9a-f]{6}")
_SAMPLE_S = 0.1


class RunResult(BaseModel):
    """One run of the CLI over the folder."""

    label: str
    executor: str
    workers: int
    contracts: int
    seconds: float
    contracts_per_second: float
    cpu_seconds: float = Field(description="User + system time of the CLI and its workers.")
    reviewer_peak_rss_mb: list[float] = Field(
        description="Peak RSS (VmHWM) of each process that reviewed: the CLI itself with "
        "one worker, each worker process otherwise."
    )
    cli_peak_rss_mb: float = Field(description="Peak RSS (VmHWM) of the CLI process.")
    load_before: float = Field(description="1-minute load average when the run started.")
    cpu_pressure: float = Field(
        description="/proc/pressure/cpu 'some' avg60 at the end (% of time a task waited "
        "for a CPU); -1 when unknown."
    )


class FolderBenchResult(BaseModel):
    """Everything the benchmark measured."""

    contracts: int
    runs: list[RunResult]
    best: dict[str, RunResult] = Field(description="Fastest run per label.")
    speedup: float = Field(description="Contracts/s with 2 workers over 1 worker.")
    reports_compared: int
    reports_differing: list[str]
    ray: str = Field(default="", description="Why the Ray run was skipped, if it was.")
    nice: int = Field(default=0, description="Niceness added to the CLI's processes.")


def _vm_hwm_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            text = (task / "children").read_text()
            found.extend(int(child) for child in text.split())
    except (OSError, ValueError):
        pass
    return [*found, *(grandchild for child in found for grandchild in _descendants(child))]


def _is_reviewer(pid: int) -> bool:
    """A worker process: of the process pool (not multiprocessing's resource tracker),
    or a Ray worker."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
    if "spawn_main" in cmdline:
        return "resource_tracker" not in cmdline
    return "default_worker.py" in cmdline


class _PeakSampler(threading.Thread):
    """Samples VmHWM of a process and its worker processes until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peaks: dict[int, int] = {}
        self.workers: set[int] = set()
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.is_set():
            self._sample()
            self._stop_event.wait(_SAMPLE_S)

    def _sample(self) -> None:
        for pid in [self.pid, *_descendants(self.pid)]:
            if pid != self.pid and pid not in self.workers:
                if not _is_reviewer(pid):
                    continue
                self.workers.add(pid)
            hwm = _vm_hwm_kb(pid)
            if hwm is not None:
                self.peaks[pid] = max(self.peaks.get(pid, 0), hwm)

    def stop(self) -> None:
        self._stop_event.set()
        self.join()


def _renice(nice: int) -> None:
    """Add ``nice`` to this process's niceness and set its autogroup's (with the
    kernel's autogroup scheduling, a session's processes share one weight against the
    other sessions', whatever their own niceness)."""
    os.nice(nice)
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text(str(nice))


def _load_1min() -> float:
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return -1.0


def _cpu_pressure() -> float:
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return float(dict(part.split("=") for part in first.split()[1:])["avg60"])
    except (OSError, ValueError, IndexError, KeyError):
        return -1.0


def _run(
    label: str,
    folder: Path,
    out: Path,
    workers: int,
    count: int,
    executor: str = "",
    nice: int = 0,
) -> RunResult:
    """One CLI run over ``folder`` with a fresh store and output folder ``out``."""
    with tempfile.TemporaryDirectory(prefix="folder-bench-data-") as data:
        env = {
            **os.environ,
            "CONTRACT_REVIEW_DATA_DIR": data,
            "CONTRACT_REVIEW_LLM_PROVIDER": "none",
        }
        command = [*CLI, "review", str(folder), "--domain", "generic", "--out", str(out)]
        command += ["--workers", str(workers)]
        if executor:
            command += ["--executor", executor]
        load = _load_1min()
        started = time.perf_counter()
        process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=functools.partial(_renice, nice) if nice else None,
        )
        sampler = _PeakSampler(process.pid)
        sampler.start()
        assert process.stderr is not None
        errors = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        sampler.stop()
    if process.returncode != 0:
        tail = errors.decode(errors="replace")[-2000:]
        raise SystemExit(f"{label}: the CLI exited with {process.returncode}:\n{tail}")
    reviewers = sampler.workers if workers > 1 else {process.pid}
    # wait4's ru_maxrss is the largest of the CLI and its waited-for workers: a floor
    # for the sampled peaks (a process that grew in its last 0.1 s)
    peaks = sorted(
        (sampler.peaks.get(pid, 0) / 1024 for pid in reviewers if pid in sampler.peaks),
        reverse=True,
    )
    if peaks and usage.ru_maxrss / 1024 > peaks[0]:
        peaks[0] = usage.ru_maxrss / 1024
    return RunResult(
        label=label,
        executor=executor or "processes",
        workers=workers,
        contracts=count,
        seconds=round(seconds, 2),
        contracts_per_second=round(count / seconds, 3),
        cpu_seconds=round(usage.ru_utime + usage.ru_stime, 1),
        reviewer_peak_rss_mb=[round(p, 1) for p in peaks],
        cli_peak_rss_mb=round(sampler.peaks.get(process.pid, usage.ru_maxrss) / 1024, 1),
        load_before=load,
        cpu_pressure=_cpu_pressure(),
    )


def _same_run(value: Any) -> Any:
    """``value`` without what differs between two runs of one review (ids, times)."""
    if isinstance(value, dict):
        return {k: _same_run(v) for k, v in value.items() if k not in _VARYING}
    if isinstance(value, list):
        return [_same_run(v) for v in value]
    if isinstance(value, str):
        return _REVIEW_ID.sub("rv-…", value)
    return value


def _reports(out: Path) -> dict[str, Any]:
    found = {
        d.name: _same_run(json.loads((d / "report.json").read_text(encoding="utf-8")))
        for d in sorted(out.iterdir())
        if (d / "report.json").is_file()
    }
    portfolio = out / "portfolio.json"
    found["portfolio.json"] = _same_run(json.loads(portfolio.read_text(encoding="utf-8")))
    return found


def differing(reference: Path, other: Path) -> list[str]:
    """The reports (and portfolio) of ``other`` that differ from ``reference``'s."""
    one, two = _reports(reference), _reports(other)
    return sorted(name for name in one.keys() | two.keys() if one.get(name) != two.get(name))


def cli_has_executor() -> bool:
    """Whether ``contract-review review`` takes ``--executor`` (the Ray seam)."""
    shown = subprocess.run(
        [*CLI, "review", "--help"], capture_output=True, text=True, check=False
    ).stdout
    return "--executor" in shown


def run_benchmark(
    data: Path, *, repeat: int = 1, limit: int = 0, ray: bool = False, nice: int = 0
) -> FolderBenchResult:
    """Review the CUAD contracts with 1 and 2 workers (and Ray), compare the reports."""
    names = [contract.name for contract in load_cuad(data)]  # file names in contracts/
    if limit:
        names = names[:limit]
    plan: list[tuple[str, int, str]] = [("1 worker", 1, ""), ("2 workers", 2, "")]
    ray_note = ""
    if ray:
        if cli_has_executor():
            plan.append(("Ray, 2 workers", 2, "ray"))
        else:
            ray_note = "the CLI has no --executor option yet (the Ray executor is not merged)"
            print(f"Ray run skipped: {ray_note}", flush=True)
    runs: list[RunResult] = []
    compared = 0
    differ: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="folder-bench-") as tmp:
        folder = Path(tmp) / "cuad-dev"
        folder.mkdir()
        for name in names:
            (folder / name).symlink_to((data / "contracts" / name).resolve())
        reference = Path(tmp) / "out-reference"
        for round_ in range(repeat):
            for label, workers, executor in plan:
                out = Path(tmp) / f"out-{round_}-{workers}-{executor or 'processes'}"
                print(f"{label}, round {round_ + 1} ...", flush=True)
                result = _run(label, folder, out, workers, len(names), executor, nice)
                print(
                    f"  {result.seconds:.1f} s, {result.contracts_per_second:.3f} contracts/s, "
                    f"CPU {result.cpu_seconds:.0f} s, peak RSS per reviewer "
                    f"{result.reviewer_peak_rss_mb} MB, load {result.load_before:.2f}",
                    flush=True,
                )
                runs.append(result)
                if not reference.exists():
                    out.rename(reference)
                    continue
                bad = differing(reference, out)
                compared += len(names)
                differ.update(bad)
                if bad:
                    print(f"  reports differing from the first run: {bad[:5]}", flush=True)
    best: dict[str, RunResult] = {}
    for run in runs:
        if run.label not in best or run.seconds < best[run.label].seconds:
            best[run.label] = run
    speedup = best["2 workers"].contracts_per_second / best["1 worker"].contracts_per_second
    return FolderBenchResult(
        contracts=len(names),
        runs=runs,
        best=best,
        speedup=round(speedup, 2),
        reports_compared=compared,
        reports_differing=sorted(differ),
        ray=ray_note,
        nice=nice,
    )


def render_section(result: FolderBenchResult, repeat: int) -> str:
    """The Markdown section of docs/benchmarks.md."""
    one = result.best["1 worker"]
    rows = []
    for label, run in result.best.items():
        peaks = ", ".join(f"{p:.0f}" for p in run.reviewer_peak_rss_mb)
        rows.append(
            f"| {label} | {run.seconds:.1f} | {run.contracts_per_second:.2f} | "
            f"{run.contracts_per_second / one.contracts_per_second:.2f}× | "
            f"{run.cpu_seconds:.0f} | {peaks} | {run.cli_peak_rss_mb:.0f} | "
            f"{run.load_before:.2f} |"
        )
    same = (
        f"All {result.reports_compared:,} reports compared to the first run's equal it "
        "(`report.json` and `portfolio.json` without review ids and times)."
        if not result.reports_differing
        else f"**Reports differing from the first run's: {', '.join(result.reports_differing)}.**"
    )
    ray = f" Ray run skipped: {result.ray}." if result.ray else ""
    nice = (
        f" The CLI and its workers ran at niceness {result.nice:+d}, their autogroup too "
        "(`--nice`), so that the other processes of the shared machine took less of its "
        "cores."
        if result.nice
        else ""
    )
    all_runs = "; ".join(
        f"{run.label} {run.seconds:.1f} s (load {run.load_before:.2f})" for run in result.runs
    )
    lines = [
        SECTION_START,
        f"## Folder review throughput (CUAD dev, {result.contracts} contracts)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine_line()}; measured by "
        "`python benchmarks/folder_bench.py` (run by `nox -s bench`).",
        "",
        f"`contract-review review DIR/ --domain generic --workers N` (offline) over the "
        f"{result.contracts} CUAD dev contracts, through the CLI, each run with a fresh "
        "store and output folder"
        + (f"; the fastest of {repeat} alternating runs per row. " if repeat > 1 else ". ")
        + f"Speed-up with 2 workers: **{result.speedup:.2f}×**.",
        "",
        "| run | seconds | contracts/s | speed-up | CPU s | peak RSS per reviewing "
        "process, MB | CLI peak RSS, MB | load before |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "Peak RSS is `VmHWM` from `/proc/<pid>/status`, sampled every 0.1 s: with one "
        "worker the CLI process reviews itself; with two, each worker process (the CLI "
        "then only schedules, and its own peak is in the next column). CPU s is the user "
        "and system time of the CLI and its workers (`wait4`). The machine is shared: "
        "'load before' is the 1-minute load average when the run started, and other "
        "processes' CPU use lowers the two-worker figure most.",
        "",
        f"{same}{ray}{nice} All runs: {all_runs}.",
        SECTION_END,
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=1, help="alternating runs per setting")
    parser.add_argument("--limit", type=int, default=0, help="only the first N contracts")
    parser.add_argument("--ray", action="store_true", help="also --executor ray --workers 2")
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="add this niceness to the CLI's processes (negative: ahead of the other "
        "processes of a shared machine; needs the privilege)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="docs/benchmarks.md")
    parser.add_argument("--no-write", action="store_true", help="do not touch --out")
    parser.add_argument("--json", type=Path, help="also write the result as JSON here")
    args = parser.parse_args(argv)
    if not (args.data / "labels.csv").is_file():
        print(f"skipped: CUAD data not found in {args.data} (expected ../shared/data/cuad)")
        return
    result = run_benchmark(
        args.data, repeat=max(1, args.repeat), limit=args.limit, ray=args.ray, nice=args.nice
    )
    print(result.model_dump_json(indent=1, include={"speedup", "reports_differing", "best"}))
    if args.json:
        args.json.write_text(result.model_dump_json(indent=1), encoding="utf-8")
    if result.reports_differing:
        raise SystemExit(f"reports differ between the runs: {result.reports_differing}")
    if not args.no_write and not args.limit:
        section = render_section(result, max(1, args.repeat))
        page_sections.write_section(section, args.out, start=SECTION_START, end=SECTION_END)
        print(f"wrote the folder review section of {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
