"""``contract-review search``: query an index, write TREC runs, evaluate them."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .context import echo_json, stdout_console
from .retrieval_options import parsed_filters, search_options, search_settings

if TYPE_CHECKING:
    from ..retrieval.hybrid_index import HybridIndex
    from ..retrieval.search_models import SearchHit

#: Queries embedded and searched together by ``run`` and ``eval``.
QUERY_BATCH = 64

Found = TypeVar("Found")

_index_option = click.option(
    "--index",
    "index_dir",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="The index directory ('contract-review index build' writes one).",
)
_queries_option = click.option(
    "--queries",
    "queries_file",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="A file of 'qid<TAB>query' lines.",
)
_top_k_option = click.option(
    "--top-k", type=click.IntRange(1), default=None, help="How many hits per query."
)


def _open(index_dir: Path, offline: bool | None) -> HybridIndex:
    from ..retrieval.embedder_choice import remote_notice
    from ..retrieval.hybrid_index import HybridIndex

    index = HybridIndex.load(index_dir, offline=offline)
    if index.embedder is not None:
        notice = remote_notice(index.embedder.info, what="Queries")
        if notice:
            click.echo(notice, err=True)
    return index


def in_batches(
    queries: list[tuple[str, str]], search: Callable[[list[str]], list[Found]]
) -> dict[str, Found]:
    """``search`` of the queries (``(qid, text)`` pairs) :data:`QUERY_BATCH` at a time,
    by query id, with a progress bar on long runs."""
    from ..retrieval.progress import progress_bar

    results: dict[str, Found] = {}
    with progress_bar(len(queries), "Searching", min_total=200) as advance:
        for start in range(0, len(queries), QUERY_BATCH):
            chunk = queries[start : start + QUERY_BATCH]
            found = search([text for _, text in chunk])
            results.update(zip((qid for qid, _ in chunk), found, strict=True))
            advance(len(chunk))
    return results


def _run_queries(
    index: HybridIndex,
    queries: list[tuple[str, str]],
    top_k: int,
    options: dict[str, Any],
    *,
    snippets: bool = True,
) -> dict[str, list[SearchHit]]:
    settings = search_settings(index.config.search, **options)
    if not snippets:
        settings = settings.model_copy(update={"snippets": False})
    filters = parsed_filters(options.get("filters", ()))
    return in_batches(
        queries,
        lambda texts: index.search_many(texts, top_k=top_k, filters=filters, settings=settings),
    )


@click.group("search")
def search() -> None:
    """Search an index: one query, a file of queries (TREC run), or an evaluation."""


@search.command("query")
@_index_option
@click.argument("text")
@_top_k_option
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
@click.option(
    "--explain",
    is_flag=True,
    default=None,
    help="Show each signal's raw score and its part of the hit's score (weight x the "
    "score normalised over the candidates; the parts add up to the score).",
)
@search_options
def query(index_dir: Path, text: str, top_k: int | None, as_json: bool, **options: Any) -> None:
    """Search the index for TEXT and show the hits: id, score, which rankings found
    them (bm25, vector), the matching snippet and the metadata; with --explain, what
    each signal (bm25, subwords, vector, group, authority, citations, source_bm25,
    source_vector, defines, named, numbered: those the index has) gave."""
    if not text.strip():
        raise click.BadParameter("the query is empty", param_hint="TEXT")
    index = _open(index_dir, options.get("offline"))
    hits = _run_queries(index, [("q", text)], top_k or 10, options)["q"]
    if as_json:
        echo_json([hit.model_dump(mode="json") for hit in hits])
        return
    if not hits:
        click.echo("No hits.")
        return
    from rich.table import Table

    table = Table(show_lines=True)
    explain = options.get("explain")
    columns = ("#", "id", "score", "match", "snippet", *(("signals",) if explain else ()))
    for column in columns:
        table.add_column(column, overflow="fold")
    for hit in hits:
        cells = [str(hit.rank), hit.id, f"{hit.score:.3f}", "+".join(hit.match_type), hit.snippet]
        if explain:
            cells.append(explain_signals(hit))
        table.add_row(*cells)
    stdout_console().print(table)


def explain_signals(hit: SearchHit) -> str:
    """A hit's signals, one a line: ``bm25 12.41 x0.30 → +0.52`` (raw score, weight,
    part of the score); signals without weight last."""
    if not hit.signals:
        return ""
    ordered = sorted(hit.signals.items(), key=lambda item: -abs(item[1].part))
    return "\n".join(
        f"{name} {signal.raw:.3f} x{signal.weight:g} → {signal.part:+.3f}"
        for name, signal in ordered
    )


@search.command("run")
@_index_option
@_queries_option
@_top_k_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["trec", "jsonl"]),
    default="trec",
    show_default=True,
    help="trec: 'qid Q0 docid rank score tag' lines; jsonl: one object per query.",
)
@click.option("--tag", default="contract-review", show_default=True, help="The TREC run tag.")
@search_options
def run(
    index_dir: Path,
    queries_file: Path,
    top_k: int | None,
    output_format: str,
    tag: str,
    **options: Any,
) -> None:
    """Search every query of --queries and write the ranked hits to stdout."""
    from ..evaluation.retrieval_metrics import read_queries

    queries = read_queries(queries_file)
    index = _open(index_dir, options.get("offline"))
    results = _run_queries(index, queries, top_k or 100, options, snippets=output_format == "jsonl")
    for qid, hits in results.items():
        if output_format == "jsonl":
            record = {"qid": qid, "hits": [h.model_dump(mode="json") for h in hits]}
            click.echo(json.dumps(record, ensure_ascii=False))
            continue
        for hit in hits:
            click.echo(f"{qid} Q0 {hit.id} {hit.rank} {hit.score:.6f} {tag}")


@search.command("eval")
@_index_option
@_queries_option
@click.option(
    "--qrels",
    "qrels_file",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="Relevance judgements: 'qid<TAB>docid' or TREC 'qid 0 docid relevance' lines.",
)
@_top_k_option
@search_options
def evaluate(
    index_dir: Path, queries_file: Path, qrels_file: Path, top_k: int | None, **options: Any
) -> None:
    """Search every query and print Recall@1/5/10/30/100, MRR@10 and nDCG@10 as JSON."""
    from ..evaluation.retrieval_metrics import evaluate_run, read_qrels, read_queries

    queries = read_queries(queries_file)
    qrels = read_qrels(qrels_file)
    index = _open(index_dir, options.get("offline"))
    index.prepare_search()  # what the first query would build, not timed with the queries
    settings = search_settings(index.config.search, **options)
    filters = parsed_filters(options.get("filters", ()))
    started = time.perf_counter()
    run = in_batches(
        queries,
        lambda texts: index.rank_many(
            texts, top_k=top_k or 100, filters=filters, settings=settings
        ),
    )
    elapsed = time.perf_counter() - started
    report = evaluate_run(run, qrels).model_dump(mode="json")
    report["seconds"] = round(elapsed, 3)
    report["queries_per_second"] = round(len(queries) / elapsed, 1) if elapsed > 0 else None
    echo_json(report)
