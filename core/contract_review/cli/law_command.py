"""``contract-review law``: index a law library and use its four tools (seed 001)
from the command line. Each tool command prints the tool's output JSON."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .context import CliState, echo_json, pass_state
from .retrieval_options import (
    ann_option,
    chosen_embedder,
    embedder_options,
    offline_option,
    open_law_index_announced,
)

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex
    from ..laws.law_library import LawLibrary

_index_option = click.option(
    "--index",
    "index_dir",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="The law index directory ('contract-review law index' writes one).",
)
_law_option = click.option(
    "--law",
    "law",
    required=True,
    metavar="NAME",
    help="The law: its id or title, with or without 中华人民共和国 (劳动合同法).",
)


def _library(index_dir: Path) -> LawLibrary:
    from ..laws.law_index import LawIndex

    return LawIndex.load_library(index_dir)


def _open(index_dir: Path, offline: bool | None) -> LawIndex:
    return open_law_index_announced(index_dir, offline=offline, what="Queries")


@click.group("law")
def law() -> None:
    """The law library: index laws, then search them, read them and build the context
    of an article (neighbours, definitions, exceptions, references)."""


@law.command("index")
@click.argument("source", type=click.Path(path_type=Path))
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Directory to write the law index to (a law index already there is replaced).",
)
@embedder_options
@ann_option
@offline_option
@pass_state
def index_laws(
    state: CliState,
    source: Path,
    out: Path,
    embedder: str | None,
    model: str | None,
    bm25_only: bool,
    ann: str | None,
    offline: bool | None,
) -> None:
    """Read the laws in SOURCE and index every article into --out.

    SOURCE is a folder of LawRefBook Markdown laws (one law per file; the parts of a
    law split over several files, like the Civil Code's, are joined), one such file,
    or a JSON-lines corpus with one article per line (law, article, content, path,
    version_date). An optional laws.meta.json in the folder corrects the metadata.
    """
    from ..config import load_settings
    from ..laws.law_index import LAW_INDEX_CONFIG, build_law_index
    from ..laws.law_sources import load_laws
    from ..retrieval.build_timing import PhaseTimer, describe_phases

    settings = load_settings()
    started = time.perf_counter()
    timer = PhaseTimer()
    source_ids: dict[str, str] = {}
    laws = load_laws(source, source_ids=source_ids)
    timer.lap("read laws")
    chosen = chosen_embedder(
        embedder, model=model, bm25_only=bm25_only, offline=offline, settings=settings
    )
    timer.lap("choose embedder")
    config = LAW_INDEX_CONFIG if ann is None else LAW_INDEX_CONFIG.model_copy(update={"ann": ann})
    index = build_law_index(
        laws, embedder=chosen, sources=[source.name], source_ids=source_ids, config=config
    )
    timer.lap("articles and priors", parts=index.search.build_timings)
    index.save(out)
    timer.lap("save")
    elapsed = time.perf_counter() - started
    if state.verbosity:
        click.echo(f"build phases: {describe_phases(timer.laps)}", err=True)
    search = index.search
    vectors = search.vector_info.name if search.vectors is not None and search.vector_info else None
    click.echo(
        f"Indexed {index.library.article_count:,} articles of {len(index.library):,} laws "
        f"from {source.name} into {out} "
        f"(BM25{' + ' + vectors + ' vectors' if vectors else ' only'}) in {elapsed:.1f} s."
    )


def _meta_filter(options: dict[str, Any]) -> dict[str, Any] | None:
    from ..errors import InputError

    raw: dict[str, Any] = {}
    if options["meta_filter"]:
        try:
            raw = json.loads(options["meta_filter"])
        except json.JSONDecodeError as exc:
            raise InputError(f"--meta-filter is not valid JSON: {exc.msg}") from None
        if not isinstance(raw, dict):
            raise InputError(
                '--meta-filter must be a JSON object, e.g. \'{"law_level": ["法律"]}\''
            )
    for option, name in (
        ("law_level", "law_level"),
        ("status", "status"),
        ("authority", "issuing_authority"),
        ("tag", "tags"),
    ):
        if options[option]:
            raw[name] = list(options[option])
    if options["law_ids"]:
        raw["law_id"] = list(options["law_ids"])
    if options["start"] or options["end"]:
        raw["date_range"] = {"start": options["start"], "end": options["end"]}
    return raw or None


@law.command("search")
@_index_option
@click.argument("query")
@click.option("--top-k", type=click.IntRange(1, 500), default=20, show_default=True)
@click.option(
    "--mode",
    type=click.Choice(["hybrid", "bm25", "vector"]),
    default="hybrid",
    show_default=True,
    help="Rank by keywords and meaning together, or by one of them alone.",
)
@click.option(
    "--meta-filter",
    metavar="JSON",
    default=None,
    help='The seed\'s meta_filter object, e.g. \'{"law_level": ["法律"], "date_range": '
    '{"start": "2010-01-01"}}\'; the options below add to it.',
)
@click.option(
    "--level", "law_level", multiple=True, help="Keep this law level (法律 …); repeatable."
)
@click.option("--status", multiple=True, help="Keep this status (现行有效 …); repeatable.")
@click.option("--authority", multiple=True, help="Keep laws of this issuing body; repeatable.")
@click.option("--tag", multiple=True, help="Keep laws with this tag; repeatable.")
@click.option("--law", "law_ids", multiple=True, help="Keep this law (its id); repeatable.")
@click.option("--start", default=None, metavar="YYYY-MM-DD", help="Effective on or after.")
@click.option("--end", default=None, metavar="YYYY-MM-DD", help="Effective on or before.")
@offline_option
def search_laws(index_dir: Path, query: str, top_k: int, mode: str, **options: Any) -> None:
    """HybridSearch: the articles best answering QUERY, as JSON."""
    from ..laws.law_filters import parse_meta_filter
    from ..laws.law_search import HybridSearchInput, hybrid_search

    raw_filter = _meta_filter(options)
    request = HybridSearchInput(
        query=query,
        top_k=top_k,
        use_bm25=mode != "vector",
        use_vector=mode != "bm25",
        meta_filter=parse_meta_filter(raw_filter) if raw_filter else None,
    )
    index = _open(index_dir, options.get("offline"))
    echo_json(hybrid_search(index, request).model_dump(mode="json"))


@law.command("context")
@_index_option
@_law_option
@click.option(
    "--article", required=True, metavar="第X条", help="The article (第四十五条, or its id)."
)
@click.option("--neighbors/--no-neighbors", default=True, help="Include the articles around it.")
@click.option("--neighbor-range", type=click.IntRange(0, 10), default=1, show_default=True)
@click.option("--definitions/--no-definitions", default=True, help="Include the definitions.")
@click.option("--exceptions/--no-exceptions", default=True, help="Include the exceptions.")
@click.option("--references/--no-references", default=True, help="Include what it refers to.")
@click.option(
    "--max-length",
    type=click.IntRange(1),
    default=2000,
    show_default=True,
    help="Most characters of text; the least important context is dropped first.",
)
def context(
    index_dir: Path,
    law: str,
    article: str,
    neighbors: bool,
    neighbor_range: int,
    definitions: bool,
    exceptions: bool,
    references: bool,
    max_length: int,
) -> None:
    """GetProvisionContext: an article with the provisions needed to read it, as JSON."""
    from ..laws.provision_context import ProvisionContextInput, get_provision_context

    request = ProvisionContextInput(
        law_id=law,
        article_id=article,
        include_neighbors=neighbors,
        neighbor_range=neighbor_range,
        include_definitions=definitions,
        include_exceptions=exceptions,
        include_references=references,
        max_length=max_length,
    )
    echo_json(get_provision_context(_library(index_dir), request).model_dump(mode="json"))


@law.command("get")
@_index_option
@_law_option
@click.option(
    "--range",
    "range_type",
    type=click.Choice(["all", "chapter", "section", "articles", "article_ids"]),
    default="all",
    show_default=True,
    help="Which part of the law to return.",
)
@click.option(
    "--value",
    default=None,
    help="The chapter (第四章), section (第四章/第一节), span (第十条-第二十条) or "
    "comma-separated article ids the range names.",
)
@click.option(
    "--fields",
    default="meta,text",
    show_default=True,
    help="What to return: meta, text, or both.",
)
@click.option(
    "--format",
    "text_format",
    type=click.Choice(["structured", "plain"]),
    default="structured",
    show_default=True,
)
def get(
    index_dir: Path,
    law: str,
    range_type: str,
    value: str | None,
    fields: str,
    text_format: str,
) -> None:
    """GetLaw: a law's metadata and text (all of it or a part), as JSON."""
    from ..laws.law_reading import get_law_from_cli

    output = get_law_from_cli(
        _library(index_dir),
        law=law,
        range_type=range_type,
        value=value,
        fields=[part.strip() for part in fields.split(",") if part.strip()],
        text_format=text_format,
    )
    echo_json(output.model_dump(mode="json"))


@law.command("schema")
@_index_option
def schema(index_dir: Path) -> None:
    """MetaSchema: the fields search results can be filtered on, with the values the
    indexed laws have, as JSON."""
    from ..laws.meta_schema import meta_schema

    echo_json(meta_schema(_library(index_dir)).model_dump(mode="json"))


@law.command("eval")
@_index_option
@click.option(
    "--queries",
    "queries_file",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="A file of 'qid<TAB>query' lines.",
)
@click.option(
    "--qrels",
    "qrels_file",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="Relevant articles per query ('qid<TAB>id' or TREC lines); ids are article ids "
    "or the row ids of the JSON-lines corpus the index was built from.",
)
@click.option("--top-k", type=click.IntRange(1, 500), default=100, show_default=True)
@click.option(
    "--latency-queries",
    type=click.IntRange(0),
    default=100,
    show_default=True,
    help="Also time this many queries one by one, as a user runs them (snippets included).",
)
@offline_option
def evaluate(
    index_dir: Path,
    queries_file: Path,
    qrels_file: Path,
    top_k: int,
    latency_queries: int,
    offline: bool | None,
) -> None:
    """HybridSearch every query of --queries and print Recall@1/5/10/30/100, MRR@10,
    nDCG@10, throughput and single-query latency as JSON."""
    import statistics

    from ..evaluation.retrieval_metrics import evaluate_run, read_qrels, read_queries
    from ..laws.law_search import HybridSearchInput, hybrid_rank_many, hybrid_search
    from .search_command import in_batches

    queries = read_queries(queries_file)
    opening = time.perf_counter()
    index = _open(index_dir, offline)
    index.search.prepare_search()  # what the first query would build, timed with opening
    open_s = time.perf_counter() - opening
    qrels = {
        qid: {index.source_ids.get(doc, doc) for doc in docs}
        for qid, docs in read_qrels(qrels_file).items()
    }
    started = time.perf_counter()
    run = in_batches(queries, lambda texts: hybrid_rank_many(index, texts, top_k=top_k))
    elapsed = time.perf_counter() - started
    requests = [HybridSearchInput(query=text, top_k=top_k) for _, text in queries]
    report = evaluate_run(run, qrels).model_dump(mode="json")
    report["open_s"] = round(open_s, 3)
    report["seconds"] = round(elapsed, 3)
    report["queries_per_second"] = round(len(queries) / elapsed, 1) if elapsed > 0 else None
    timings: list[float] = []
    for request in requests[:latency_queries]:
        began = time.perf_counter()
        hybrid_search(index, request.model_copy(update={"top_k": min(top_k, 20)}))
        timings.append((time.perf_counter() - began) * 1000)
    if timings:
        ordered = sorted(timings)
        report["latency_ms"] = {
            "queries": len(timings),
            "top_k": min(top_k, 20),
            "p50": round(statistics.median(ordered), 2),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        }
    echo_json(report)
