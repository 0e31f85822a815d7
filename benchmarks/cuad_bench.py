"""Clause localisation benchmark on CUAD (dev subset, 102 contracts): does the generic
domain find the labelled clauses of the 16 CUAD categories its checklist covers?

Run it with ``nox -s bench`` (after the STARD benchmark) or directly::

    python benchmarks/cuad_bench.py [--data ../shared/data/cuad] [--folds 5]

It prints per-category precision, recall and F1 with their macro averages — for the
parameters shipped with the plugin (fitted on these same contracts: in-sample) and
cross-validated (parameters refitted on the other folds for each held-out fold) — plus
throughput and peak memory, and writes its section of ``docs/benchmarks.md``.
``--refit`` first refits the shipped parameters on all contracts. The sibling modules do
the parts: ``cuad_labels`` reads the contracts and labels, ``location_metrics`` scores
located spans against them, ``locator_fitting`` fits the locator's parameters (for
``--refit`` and for each cross-validation fold), ``cuad_review`` runs the full review.

The prediction function is a parameter of :func:`run_benchmark`: any
``predict(contract_name, text) -> {topic_id: [(start, end), ...]}`` can be scored the
same way (e.g. the full review engine, keeping the spans of its findings).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import page_sections
from cuad_labels import CUAD_TOPICS, CuadContract, cuad_topics, load_cuad
from cuad_review import review_predict
from location_metrics import LocationScores, Span, score_locations
from locator_fitting import FitSettings, contract_examples, fit_parameters, fold_assignment
from pydantic import BaseModel, Field

from contract_review.documents.loading import parse_text
from contract_review.locator.parameters import LocatorParameters, write_parameters
from contract_review.locator.signal_locator import clear_prepared, prepared_text
from contract_review_generic.clause_locator import LOCATOR, PARAMETERS

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "cuad"
DEFAULT_OUT = REPO / "docs" / "benchmarks.md"
PARAMETERS_PATH = REPO / "plugins" / "generic" / "contract_review_generic" / PARAMETERS.filename
SECTION_START = "<!-- cuad-bench:start -->"
SECTION_END = "<!-- cuad-bench:end -->"

#: contract name, text -> topic id -> spans of the findings.
Predict = Callable[[str, str], dict[str, list[Span]]]


class Throughput(BaseModel):
    """Speed of a prediction pass over the contracts (parsing included)."""

    contracts: int
    seconds: float
    contracts_per_second: float
    clauses_per_second: float = Field(description="Checklist items located per second.")
    units_per_second: float = Field(description="Clause units scored per second (per topic).")
    mean_ms_per_contract: float
    max_ms_per_contract: float


class MemoryUse(BaseModel):
    """Peak memory."""

    process_peak_rss_mb: float = Field(description="Whole benchmark process (ru_maxrss).")
    review_traced_peak_mb: float = Field(
        description="Python allocations while locating all topics in the largest contract."
    )
    largest_contract_chars: int


class FindingSizes(BaseModel):
    """How long the located passages are."""

    findings: int
    mean_chars: float
    median_chars: float


class CuadBenchResult(BaseModel):
    """Everything the benchmark measured."""

    contracts: int
    topics: dict[str, str] = Field(description="Topic id -> CUAD category.")
    in_sample: LocationScores
    cross_validated: LocationScores | None = None
    folds: int = 0
    settings: FitSettings
    parameters_fitted_on: str
    throughput: Throughput
    memory: MemoryUse
    finding_sizes: FindingSizes
    unmatched_excerpts: int = Field(description="Labelled excerpt parts not found in the text.")
    scored: str = Field(
        default="locator", description="'review' (the full offline review) or 'locator'."
    )


def locator_predict(
    parameters: LocatorParameters | None = None, topics: Sequence[str] = CUAD_TOPICS
) -> Predict:
    """The generic locator as a prediction function (``parameters``: the shipped ones
    when None)."""

    def predict(name: str, text: str) -> dict[str, list[Span]]:
        document = parse_text(text, name=name)
        if document.source != text:
            raise ValueError(f"{name}: the parser changed the text; offsets would not match")
        return {
            topic: [
                (loc.start, loc.end)
                for loc in LOCATOR.locate_topic_clauses(document, topic, parameters=parameters)
            ]
            for topic in topics
        }

    return predict


def predict_all(
    contracts: Sequence[CuadContract], predict: Predict
) -> tuple[dict[str, dict[str, list[Span]]], list[float]]:
    """Predictions for every contract and the seconds each took."""
    predictions: dict[str, dict[str, list[Span]]] = {}
    seconds: list[float] = []
    for contract in contracts:
        started = time.perf_counter()
        predictions[contract.name] = predict(contract.name, contract.text)
        seconds.append(time.perf_counter() - started)
    return predictions, seconds


def cross_validate(
    contracts: Sequence[CuadContract], folds: int, settings: FitSettings
) -> LocationScores:
    """Refit the parameters without each fold and score the held-out predictions."""
    examples = [contract_examples(contract) for contract in contracts]
    assigned = fold_assignment([c.name for c in contracts], folds, settings.seed)
    predictions: dict[str, dict[str, list[Span]]] = {}
    for fold in range(folds):
        train = [e for e, f in zip(examples, assigned, strict=True) if f != fold]
        parameters = fit_parameters(train, settings)
        test = [c for c, f in zip(contracts, assigned, strict=True) if f == fold]
        fold_predictions, _ = predict_all(test, locator_predict(parameters))
        predictions.update(fold_predictions)
        print(f"  fold {fold + 1}/{folds}: {len(test)} contracts", flush=True)
    return score_locations(contracts, predictions, CUAD_TOPICS)


def refit(contracts: Sequence[CuadContract], settings: FitSettings) -> LocatorParameters:
    """Fit the parameters on all contracts and write them where the plugin reads them."""
    examples = [contract_examples(contract) for contract in contracts]
    parameters = fit_parameters(
        examples,
        settings,
        fitted_on=f"CUAD v1 dev subset, {len(contracts)} contracts",
    )
    write_parameters(parameters, PARAMETERS_PATH)
    PARAMETERS.reload()
    return parameters


def _memory(contracts: Sequence[CuadContract]) -> MemoryUse:
    largest = max(contracts, key=lambda c: len(c.text))
    clear_prepared()  # measure the preparation too
    tracemalloc.start()
    locator_predict()(largest.name, largest.text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return MemoryUse(
        process_peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        review_traced_peak_mb=peak / 2**20,
        largest_contract_chars=len(largest.text),
    )


def run_benchmark(
    data: Path = DEFAULT_DATA,
    *,
    predict: Predict | None = None,
    folds: int = 5,
    settings: FitSettings | None = None,
    contracts: Sequence[CuadContract] | None = None,
) -> CuadBenchResult:
    """Score ``predict`` (the shipped locator by default) on the CUAD contracts, and
    cross-validate the locator's fitting when ``folds`` > 1."""
    settings = settings or FitSettings()
    contracts = list(contracts) if contracts is not None else load_cuad(data)
    predict = predict or locator_predict()
    predict(contracts[0].name, contracts[0].text)  # warm up: parameters, patterns
    predictions, seconds = predict_all(contracts, predict)
    in_sample = score_locations(contracts, predictions, CUAD_TOPICS)
    units = sum(len(prepared_text(parse_text(c.text, name=c.name)).units) for c in contracts)
    total = sum(seconds)
    sizes = [
        end - start
        for found in predictions.values()
        for spans in found.values()
        for start, end in spans
    ]
    throughput = Throughput(
        contracts=len(contracts),
        seconds=total,
        contracts_per_second=len(contracts) / total,
        clauses_per_second=len(contracts) * len(CUAD_TOPICS) / total,
        units_per_second=units * len(CUAD_TOPICS) / total,
        mean_ms_per_contract=1000 * statistics.fmean(seconds),
        max_ms_per_contract=1000 * max(seconds),
    )
    cross = cross_validate(contracts, folds, settings) if folds > 1 else None
    return CuadBenchResult(
        contracts=len(contracts),
        topics=cuad_topics(),
        in_sample=in_sample,
        cross_validated=cross,
        folds=folds if folds > 1 else 0,
        settings=settings,
        parameters_fitted_on=LOCATOR.parameters().fitted_on,
        throughput=throughput,
        memory=_memory(contracts),
        finding_sizes=FindingSizes(
            findings=len(sizes),
            mean_chars=statistics.fmean(sizes) if sizes else 0.0,
            median_chars=statistics.median(sizes) if sizes else 0.0,
        ),
        unmatched_excerpts=sum(c.unmatched_excerpts for c in contracts),
    )


def render_table(result: CuadBenchResult) -> list[str]:
    """Per-category table: in-sample and cross-validated P / R / F1."""
    cross = result.cross_validated
    head = "| category | labelled | P | R | F1 |" + (" CV P | CV R | CV F1 |" if cross else "")
    rule = "|---|---|---|---|---|" + ("---|---|---|" if cross else "")
    lines = [head, rule]
    for score in result.in_sample.topics:
        cells = [result.topics[score.topic], str(score.labelled_contracts)]
        cells += [f"{score.precision:.2f}", f"{score.recall:.2f}", f"{score.f1:.2f}"]
        if cross:
            other = cross.topic(score.topic)
            cells += [f"{other.precision:.2f}", f"{other.recall:.2f}", f"{other.f1:.2f}"]
        lines.append("| " + " | ".join(cells) + " |")
    macro = ["**macro (16)**", "", f"**{result.in_sample.macro_precision:.3f}**"]
    macro += [f"**{result.in_sample.macro_recall:.3f}**", f"**{result.in_sample.macro_f1:.3f}**"]
    if cross:
        macro += [f"**{cross.macro_precision:.3f}**", f"**{cross.macro_recall:.3f}**"]
        macro += [f"**{cross.macro_f1:.3f}**"]
    lines.append("| " + " | ".join(macro) + " |")
    return lines


_SCORED = {
    "review": "Scored: the full offline review (`contract-review review FILE --domain generic "
    "--llm none`: locator, playbook, skills, checkpoints), every found finding of the 16 "
    "items at the clause it quotes; speed below is the whole review (all checklist items).",
    "locator": "Scored: the locator alone (`--predict locator`).",
}


def _ratio(share: float) -> str:
    return "none" if share > 1 else f"{share:.0%}"


def render_section(result: CuadBenchResult) -> str:
    """The CUAD section of docs/benchmarks.md."""
    speed, memory, sizes = result.throughput, result.memory, result.finding_sizes
    settings = result.settings
    lines = [
        SECTION_START,
        "## CUAD clause localisation (generic domain, 102 dev contracts, 16 categories)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, on the machine named at the top of this page.",
        "",
        "Measured by `python benchmarks/cuad_bench.py` (run by `nox -s bench`). "
        + _SCORED[result.scored]
        + " The generic domain's `locate_clauses` hook (core's `SignalLocator`, configured by `contract_review_generic.clause_locator`) answers "
        "for each of the 16 checklist items CUAD labels: the contract is cut into clause "
        "units (parser sections, else paragraphs), each unit is scored from hand-written "
        "drafting signals (headings, characteristic phrasings, neighbouring-topic phrasings, "
        "definitions, periods, amounts, capitals, position, and the contract's type as core's "
        "`infer_contract_type` reads it from the title, recitals and the parties' roles) by a "
        "logistic model, and the topic is reported only when the best unit reaches the "
        f"topic's threshold (at most {settings.max_findings} findings; a second one when it "
        "reaches the topic's share of the best score, chosen with the threshold among "
        f"{', '.join(_ratio(r) for r in settings.extra_ratio_choices) or _ratio(settings.extra_ratio)}).",
        "",
        "Definitions (strict):",
        "",
        *[f"- {line}" for line in result.in_sample.definitions],
        "",
        f"In-sample: the shipped parameters ({result.parameters_fitted_on}). Cross-validated "
        f"(CV): {result.folds}-fold by contract — weights, thresholds and second-finding "
        "shares refitted without each fold (chosen by an inner "
        f"{settings.inner_folds}-fold split maximising recall + {settings.precision_weight} "
        "x precision per category), then scored on it.",
        "",
        *render_table(result),
        "",
        "For orientation (../shared/NOTES.md): keyword BM25 over paragraphs with a "
        "leave-one-out score threshold reaches P 0.50 / R 0.48 on the same data.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| contracts per second ({'whole review' if result.scored == 'review' else 'parse + locate 16 topics'}) "
        f"| {speed.contracts_per_second:.2f} |",
        f"| checklist items located per second | {speed.clauses_per_second:.0f} |",
        f"| clause units scored per second (per topic) | {speed.units_per_second:.0f} |",
        f"| mean / max time per contract | {speed.mean_ms_per_contract:.0f} ms / "
        f"{speed.max_ms_per_contract:.0f} ms |",
        f"| traced peak while locating in the largest contract ({memory.largest_contract_chars:,} "
        f"chars) | {memory.review_traced_peak_mb:.1f} MB |",
        f"| benchmark process peak RSS | {memory.process_peak_rss_mb:.0f} MB |",
        f"| findings; mean / median length | {sizes.findings}; {sizes.mean_chars:.0f} / "
        f"{sizes.median_chars:.0f} chars |",
        "",
        "Findings are whole clause units (a section, or a paragraph; units are cut at "
        "1,500 characters): the overlap rule credits a finding that contains a shorter "
        "labelled sentence, so coarser units score more easily than sentence-level "
        "answers would.",
        "",
        "The signal table is general drafting knowledge written by hand, but it was "
        "refined while reading these dev contracts; the CV figures refit only the weights "
        "and thresholds, so they do not measure that refinement. CUAD's labels are noisy "
        "for some categories (Warranty Duration includes inspection periods; Minimum "
        "Commitment, Exclusivity and Change Of Control are labelled inconsistently), which "
        "caps what any locator scores there.",
        SECTION_END,
    ]
    return "\n".join(lines)


def write_section(section: str, out: Path) -> None:
    """Put ``section`` into ``out``: replace the previous CUAD section, or append."""
    page_sections.write_section(section, out, start=SECTION_START, end=SECTION_END)


def print_result(result: CuadBenchResult) -> None:
    """The figures, as the Markdown table and one line per measure."""
    print("\n".join(render_table(result)))
    print("\n".join(f"- {line}" for line in result.in_sample.definitions))
    print(result.throughput.model_dump_json(indent=1))
    print(result.memory.model_dump_json(indent=1))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--folds", type=int, default=5, help="0 or 1: no cross-validation")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="docs/benchmarks.md")
    parser.add_argument("--no-write", action="store_true", help="do not touch --out")
    parser.add_argument("--json", type=Path, help="also write the result as JSON here")
    parser.add_argument("--refit", action="store_true", help="refit the shipped parameters first")
    parser.add_argument(
        "--predict",
        choices=("review", "locator"),
        default="review",
        help="score the full offline review (default) or the locator alone",
    )
    args = parser.parse_args(argv)
    if not (args.data / "labels.csv").is_file():
        raise SystemExit(f"CUAD data not found in {args.data} (expected ../shared/data/cuad)")
    contracts = load_cuad(args.data)
    settings = FitSettings()
    if args.refit:
        print("refitting the shipped parameters on all contracts ...", flush=True)
        refit(contracts, settings)
    print(f"CUAD: {len(contracts)} contracts, {len(CUAD_TOPICS)} categories ...", flush=True)
    predict = review_predict() if args.predict == "review" else None
    result = run_benchmark(
        args.data, predict=predict, folds=args.folds, settings=settings, contracts=contracts
    )
    result = result.model_copy(update={"scored": args.predict})
    print_result(result)
    if args.json:
        args.json.write_text(result.model_dump_json(indent=1), encoding="utf-8")
    if not args.no_write:
        write_section(render_section(result), args.out)
        print(f"wrote the CUAD section of {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
