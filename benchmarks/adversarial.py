"""Parse and review time on hostile text: does the work grow linearly with the input?

Each family puts one kind of text that makes careless patterns quadratic into one clause
of a small contract, at sizes from 8 K to 1 M characters: runs of spaces and tabs, dot
and ``1.1.1…`` chains, nested and unclosed brackets, ``第一百…条`` runs, a long Chinese
sentence of comma-joined rule hits, a long English sentence of rule hits. For each, the
benchmark times parsing (best of three rounds of calls) and the full offline review (best of three below 1 M; generic domain, no
LLM, as ``contract-review review FILE --domain generic --llm none``) and reports the
growth per doubling of the input: about 2 for linear work, about 4 for quadratic. The
figures go to docs/benchmarks.md (``nox -s bench``).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import math
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import page_sections

from contract_review import load_registry, load_settings
from contract_review.documents.loading import parse_text
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.storage.sqlite_backend import SqliteStorage

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "docs" / "benchmarks.md"
SECTION_START = "<!-- adversarial:start -->"
SECTION_END = "<!-- adversarial:end -->"
SIZES = (8_000, 16_000, 32_000, 64_000, 1_000_000)

_EN_FRAME = (
    "SERVICES AGREEMENT\n\n"
    "1. Services\nThe Supplier shall provide the Services described in Schedule 1.\n\n"
    "2. Payment\nThe Customer shall pay each valid invoice within thirty (30) days.\n\n"
    "3. Special Terms\n{body}\n\n"
    "4. Governing Law\nThis Agreement is governed by the laws of England and Wales.\n"
)
_ZH_FRAME = (
    "技术服务合同\n\n"
    "第一条 服务内容\n乙方应按照附件一提供技术服务。\n\n"
    "第二条 付款\n甲方应在收到合格发票后三十日内付款。\n\n"
    "第三条 特别约定\n{body}\n\n"
    "第四条 法律适用\n本合同适用中华人民共和国法律。\n"
)


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


#: Not hostile: one long line of ordinary words, the time the others are compared with.
BASELINE = "ordinary words (baseline)"
#: Family name -> (frame, body of about ``size`` characters).
FAMILIES: dict[str, tuple[str, Callable[[int], str]]] = {
    BASELINE: (
        _EN_FRAME,
        lambda n: (
            "Term " + _repeat("this clause records the agreed plan of works and meetings ", n)
        ),
    ),
    "spaces and tabs": (_EN_FRAME, lambda n: "Term" + _repeat(" \t  ", n) + "ends."),
    "dots and 1.1.1 chains": (_EN_FRAME, lambda n: _repeat("1.1.", n // 2) + _repeat(". ", n // 2)),
    "nested and unclosed brackets": (
        _EN_FRAME,
        lambda n: _repeat("(", n // 3) + _repeat("[a", n // 3) + _repeat(")", n // 3),
    ),
    "第一百…条 runs": (_ZH_FRAME, lambda n: _repeat("第一百", n) + "条"),
    "Chinese comma-only sentence of hits": (
        _ZH_FRAME,
        lambda n: _repeat("甲方逾期付款的，每日千分之五，", n),
    ),
    "English sentence of hits": (
        _EN_FRAME,
        lambda n: _repeat(
            "the Employer may terminate at any time without cause and shall not be liable "
            "for any loss whatsoever, ",
            n,
        ),
    ),
}


def contract(family: str, size: int) -> str:
    """The contract of ``family`` with its hostile clause of ``size`` characters."""
    frame, body = FAMILIES[family]
    return frame.format(body=body(size))


def _reviewer() -> Callable[[Path], None]:
    folder = Path(tempfile.mkdtemp(prefix="adversarial-"))
    settings = load_settings(data_dir=folder / "data", llm_provider="none", use_orchestrator=False)
    engine = ReviewEngine(
        load_registry(settings=settings),
        settings=settings,
        storage=SqliteStorage(folder / "reviews.sqlite3"),
        llm=None,
    )

    def review(path: Path) -> None:
        engine.start(ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(path))]))

    return review


def measure(
    sizes: Sequence[int], families: Sequence[str]
) -> dict[str, list[tuple[int, float, float]]]:
    """Per family, (size, parse seconds, review seconds) for each size."""
    review = _reviewer()
    folder = Path(tempfile.mkdtemp(prefix="adversarial-text-"))
    review(_write(folder, "warm-up", contract("English sentence of hits", 1_000)))
    results: dict[str, list[tuple[int, float, float]]] = {}
    for family in families:
        rows: list[tuple[int, float, float]] = []
        for size in sizes:
            text = contract(family, size)
            parse = _per_call(lambda text=text: parse_text(text, name="hostile.txt"))
            path = _write(folder, f"{len(results)}-{size}", text)
            tries = 3 if size <= 64_000 else 1  # one review of 1 M characters takes a minute
            reviewed = min(_timed(lambda path=path: review(path)) for _ in range(tries))
            rows.append((size, parse, reviewed))
            print(
                f"{family:38s} {size:>9,d} chars  parse {parse:8.3f} s  review {reviewed:8.2f} s",
                flush=True,
            )
        results[family] = rows
    return results


def growth_per_doubling(rows: Sequence[tuple[int, float]]) -> float:
    """The growth per doubling of the input from the smallest size to the largest:
    ``(t_last / t_first) ** (1 / log2(n_last / n_first))``."""
    (n1, t1), (n2, t2) = rows[0], rows[-1]
    return float((max(t2, 1e-6) / max(t1, 1e-6)) ** (1 / math.log2(n2 / n1)))


def worst_step(rows: Sequence[tuple[int, float]]) -> float:
    """The largest growth per doubling between consecutive sizes."""
    worst = 0.0
    for (n1, t1), (n2, t2) in itertools.pairwise(rows):
        worst = max(worst, (max(t2, 1e-6) / max(t1, 1e-6)) ** (1 / math.log2(n2 / n1)))
    return worst


def render_section(results: dict[str, list[tuple[int, float, float]]]) -> str:
    sizes = [size for size, _, _ in next(iter(results.values()))]
    head = " | ".join(f"{size // 1000:,d} K" for size in sizes)
    lines = [
        SECTION_START,
        "## Hostile input: parse and review time by input size",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, on the machine named at the top of this page.",
        "",
        "Measured by `python benchmarks/adversarial.py` (run by `nox -s bench`): each family "
        "puts its text into one clause of a small contract; parse is the best of three "
        "rounds of `parse_text` calls (each round 0.2 s or more; time per call), review "
        "the best of three full offline reviews (one at 1 M; generic domain, no LLM). "
        "Growth per doubling is over the whole range, smallest size to largest (2 for linear "
        "work, 4 for quadratic); the worst step is the largest between consecutive sizes "
        "(64 K to 1 M counts as four doublings). A single step of a millisecond parse can "
        "jump by 3× or more where the text outgrows a processor cache, ordinary words "
        "included (see the baseline row); the whole range shows the trend.",
        *_against_baseline(results),
        "",
        f"| family | step | {head} | growth per doubling | worst step |",
        "|---|---|" + "---|" * len(sizes) + "---|---|",
    ]
    for family, rows in results.items():
        for step, index in (("parse", 1), ("review", 2)):
            times = " | ".join(f"{row[index]:.3f} s" for row in rows)
            points = [(row[0], row[index]) for row in rows]
            lines.append(
                f"| {family} | {step} | {times} | {growth_per_doubling(points):.2f}× "
                f"| {worst_step(points):.2f}× |"
            )
    lines.append(SECTION_END)
    return "\n".join(lines)


def _against_baseline(results: dict[str, list[tuple[int, float, float]]]) -> list[str]:
    """One sentence: each family's parse time at its largest size against the baseline's."""
    base = results.get(BASELINE)
    if base is None or len(results) < 2:
        return []
    size, base_parse = base[-1][0], base[-1][1]
    ratios = ", ".join(
        f"{family} {rows[-1][1] / max(base_parse, 1e-6):.1f}×"
        for family, rows in results.items()
        if family != BASELINE and rows[-1][0] == size
    )
    return ["", f"Parse time at {size // 1000:,d} K against ordinary words: {ratios}."]


def _per_call(work: Callable[[], object], *, at_least_s: float = 0.2) -> float:
    """Seconds per call: the best of three rounds, each of as many calls as take
    ``at_least_s``, with the garbage collector off (as ``timeit`` does), so millisecond
    calls are not timer or collector noise."""

    def round_of(calls: int) -> float:
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            for _ in range(calls):
                work()
            return time.perf_counter() - start
        finally:
            gc.enable()

    calls = 1
    while (took := round_of(calls)) < at_least_s:
        calls = max(calls * 2, math.ceil(calls * at_least_s / max(took, 1e-6)))
    return min([took, round_of(calls), round_of(calls)]) / calls


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _write(folder: Path, stem: str, text: str) -> Path:
    path = folder / f"{stem}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-write", action="store_true", help="do not touch --out")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    results = measure(sizes, args.family or list(FAMILIES))
    section = render_section(results)
    print(section)
    if not args.no_write:
        page_sections.write_section(section, args.out, start=SECTION_START, end=SECTION_END)
        print(f"wrote the hostile-input section of {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
