"""``contract-review index``: build a search index from a corpus."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, NamedTuple

import click

from .context import CliState, pass_state
from .retrieval_options import ann_option, chosen_embedder, embedder_options, offline_option


def _names(value: str | None) -> list[str] | None:
    if not value:
        return None
    names = [part.strip() for part in value.split(",") if part.strip()]
    return names or None


def _law_corpus(corpus: Path) -> LawCorpus | None:
    """A JSON-lines law corpus' rows and their fields, the law ranking said on stderr;
    None for any other corpus."""
    from ..laws.law_corpus import (
        LAW_CORPUS_CONFIG,
        describe_law_ranking,
        is_law_corpus,
        law_corpus_fields,
    )
    from ..retrieval.corpus_loading import read_corpus_records

    numbered = read_corpus_records(corpus)
    if not is_law_corpus([record for _, record in numbered]):
        return None
    click.echo(describe_law_ranking(LAW_CORPUS_CONFIG), err=True)
    return LawCorpus(numbered, law_corpus_fields(numbered))


class LawCorpus(NamedTuple):
    """A law corpus' rows (with their line numbers) and each row's searched fields."""

    numbered: list[tuple[int, dict[str, Any]]]
    fields: list[dict[str, str]]


@click.group("index")
def index() -> None:
    """Build search indexes (BM25 + semantic vectors) over a corpus."""


@index.command("build")
@click.argument("corpus", type=click.Path(path_type=Path))
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Directory to write the index to (created; an index already there is replaced, "
    "or extended with --add).",
)
@embedder_options
@click.option(
    "--text-fields",
    metavar="A,B",
    default=None,
    help="JSONL: the fields to search (default: every text field but id); the other "
    "fields become metadata you can filter on.",
)
@click.option(
    "--bm25-fields",
    metavar="A,B",
    default=None,
    help="The text fields BM25 reads (default: all text fields).",
)
@click.option(
    "--vector-fields",
    metavar="A,B",
    default=None,
    help="The text fields embedded (default: all text fields).",
)
@click.option(
    "--vector-max-chars",
    type=click.IntRange(16),
    default=None,
    help="Embedded text is cut to this many characters (default 256).",
)
@click.option(
    "--group-by",
    metavar="A,B",
    default=None,
    help="Metadata fields that group documents (e.g. law,path for a chapter of a law); "
    "each document then also scores by its group's mean embedding.",
)
@ann_option
@click.option("--add", "add", is_flag=True, help="Add the corpus to the index already in --out.")
@offline_option
@pass_state
def build(
    state: CliState,
    corpus: Path,
    out: Path,
    embedder: str | None,
    model: str | None,
    text_fields: str | None,
    bm25_fields: str | None,
    vector_fields: str | None,
    vector_max_chars: int | None,
    group_by: str | None,
    bm25_only: bool,
    ann: str | None,
    add: bool,
    offline: bool | None,
) -> None:
    """Index CORPUS into --out.

    CORPUS is a JSON-lines file (one object per line with an 'id' and text fields) or
    a folder of documents (.txt, .md, and .docx/.pdf with the 'formats' extra), where
    each section becomes a searchable unit with id 'file#section'.
    """
    from ..config import load_settings
    from ..laws.law_corpus import LAW_CORPUS_CONFIG, law_corpus_documents
    from ..retrieval.build_timing import PhaseTimer, describe_phases
    from ..retrieval.corpus_loading import load_corpus
    from ..retrieval.hybrid_index import HybridIndex
    from ..retrieval.index_config import IndexConfig

    settings = load_settings()
    started = time.perf_counter()
    timer = PhaseTimer()
    registry = state.load_registry() if corpus.is_dir() else None
    chosen_options = (text_fields, bm25_fields, vector_fields, group_by, vector_max_chars)
    law_corpus = None
    if not add and corpus.is_file() and all(option is None for option in chosen_options):
        law_corpus = _law_corpus(corpus)
    if law_corpus is None:
        documents = load_corpus(corpus, text_fields=_names(text_fields), registry=registry)
    timer.lap("read corpus")
    if add:
        target = HybridIndex.load(out, settings=settings, offline=offline)
    else:
        chosen = chosen_embedder(
            embedder, model=model, bm25_only=bm25_only, offline=offline, settings=settings
        )
        config_changes = {
            "bm25_fields": _names(bm25_fields),
            "vector_fields": _names(vector_fields),
            "group_by": _names(group_by),
        }
        if vector_max_chars is not None:
            config_changes["vector_max_chars"] = vector_max_chars  # type: ignore[assignment]
        config = (
            LAW_CORPUS_CONFIG if law_corpus else IndexConfig().model_copy(update=config_changes)
        )
        if ann is not None:
            config = config.model_copy(update={"ann": ann})
        target = HybridIndex(chosen, config)
    timer.lap("open index" if add else "choose embedder")
    if law_corpus is not None:
        # The BM25 terms are built (in a second process) while the priors are computed.
        target.start_terms(law_corpus.fields)
        documents = law_corpus_documents(corpus, law_corpus.numbered, law_corpus.fields)
        timer.lap("law priors")
    added = target.add(documents)
    timer.lap("add", parts=target.build_timings)
    target.save(out)
    timer.lap("save")
    elapsed = time.perf_counter() - started
    if state.verbosity:
        click.echo(f"build phases: {describe_phases(timer.laps)}", err=True)
    vectors = target.vector_info.name if target.vectors is not None and target.vector_info else None
    click.echo(
        f"Indexed {added:,} documents from {corpus.name} into {out} "
        f"({len(target):,} in the index; BM25{' + ' + vectors + ' vectors' if vectors else ' only'}) "
        f"in {elapsed:.1f} s."
    )
