"""Cross-validated figures for the law index's ranking on STARD dev: the weights of
both stages refitted without each fold and scored on it, so the reported gain is not
fitted to the 308 queries.

Every query is searched once with ``explain`` and no second stage, deep enough to see
its whole candidate pool with each signal's raw score; the two stages are then replayed
in numpy (z-scores over the pool, the first stage's top 100, the second stage's order),
exactly as :class:`~contract_review.retrieval.hybrid_index.HybridIndex` runs them.
Weights are fitted by coordinate ascent over a grid, from the arrival weights (the
defaults before the law priors): the first stage for Recall@100, the second for
MRR@10 + nDCG@10 / 2.

Run alone: ``python benchmarks/stard_cv.py --index DIR`` (a law index of the STARD corpus).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "stard"
GRID = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.2)
SHORTLIST = 100

PRIORS = ["bm25", "subwords", "vector", "group", "authority", "citations"]
MENTIONS = [*PRIORS, "named", "numbered"]
#: The signal sets compared: before the law priors, with them, with the query's mentions
#: of a law and its article numbers, and with the best BM25 / cosine of the candidate's
#: law (the shipped set).
SIGNAL_SETS = {
    "arrival signals (bm25, subwords, vector, group)": ["bm25", "subwords", "vector", "group"],
    "with the law priors (+ authority, citations)": PRIORS,
    "with law-name detection (+ named, numbered)": MENTIONS,
    "with the law's best match (+ source_vector, source_bm25)": [
        *MENTIONS, "source_vector", "source_bm25",
    ],
    "with defined terms (+ defines)": [*MENTIONS, "source_vector", "source_bm25", "defines"],
}  # fmt: skip
#: Signals fitted in one stage only (weight 0 in the other), as shipped: the law's best
#: cosine finds more (first stage), its best BM25 orders better (second stage); each in
#: both stages measured worse on held-out folds; a defined term orders (second stage).
STAGE_ONLY = {"source_vector": 1, "source_bm25": 2, "defines": 2}
#: Candidate sets measured with ``--explore`` (not shipped): the source signals in both
#: stages, and pool signals of :func:`derived`, each added to the law-name set.
EXPLORE = {
    "+ source_bm25, both stages": [*MENTIONS, "source_bm25"],
    "+ source_vector, both stages": [*MENTIONS, "source_vector"],
    "+ chapter_best_bm25": [*MENTIONS, "chapter_best_bm25"],
    "+ law_pool_count": [*MENTIONS, "law_pool_count"],
}
#: Where the fit starts: the arrival defaults, the priors at 0.
START_1 = {"bm25": 0.3, "subwords": 0.0, "vector": 0.35, "group": 0.35}
START_2 = {"bm25": 0.3, "subwords": 0.4, "vector": 0.25, "group": 0.2}

Pools = list[tuple[list[str], dict[str, npt.NDArray[np.float64]]]]


def pools(index_dir: Path, queries: list[tuple[str, str]]) -> Pools:
    """Each query's candidate ids and every signal's raw scores over them."""
    from contract_review.laws.law_index import LawIndex

    index = LawIndex.load(index_dir)
    settings = index.search.config.search.model_copy(
        update={"rerank_depth": 0, "explain": True, "snippets": False}
    )
    out: Pools = []
    texts = [text for _, text in queries]
    for start in range(0, len(texts), 32):
        for hits in index.search.search_many(
            texts[start : start + 32], top_k=5000, settings=settings
        ):
            ids = [hit.id for hit in hits]
            names = list(hits[0].signals or {}) if hits else []
            raw = {
                name: np.array([(hit.signals or {})[name].raw for hit in hits], dtype=np.float64)
                for name in names
            }
            raw.update(derived(index, hits, raw))
            out.append((ids, raw))
    return out


def derived(
    index: Any, hits: list[Any], raw: dict[str, npt.NDArray[np.float64]]
) -> dict[str, npt.NDArray[np.float64]]:
    """Pool-level candidate signals (measured, not shipped): the best BM25 of the
    candidate's chapter among the candidates, and how many candidates its law has."""
    if not hits:
        return {}
    laws = [str(hit.metadata.get("law_id")) for hit in hits]
    chapters = [
        f"{law}|{index.search.document(hit.id).fields.get('path', '')}"
        for law, hit in zip(laws, hits, strict=True)
    ]

    def best(keys: list[str], values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        top: dict[str, float] = {}
        for key, value in zip(keys, values.tolist(), strict=True):
            top[key] = max(top.get(key, value), value)
        return np.array([top[key] for key in keys], dtype=np.float64)

    counts: dict[str, int] = {}
    for law in laws:
        counts[law] = counts.get(law, 0) + 1
    return {
        "chapter_best_bm25": best(chapters, raw["bm25"]),
        "law_pool_count": np.log1p(np.array([counts[law] for law in laws], dtype=np.float64)),
    }


def _z(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    std = values.std()
    return np.zeros_like(values) if std <= 1e-12 else (values - values.mean()) / std


def _matrices(data: Pools, names: list[str]) -> list[tuple[list[str], npt.NDArray[np.float64]]]:
    return [
        (
            ids,
            np.stack([_z(raw.get(n, np.zeros(len(ids)))) for n in names], axis=1)
            if ids
            else np.zeros((0, len(names))),
        )
        for ids, raw in data
    ]


def _rank(
    ids: list[str],
    x: npt.NDArray[np.float64],
    w1: npt.NDArray[np.float64],
    w2: npt.NDArray[np.float64],
) -> list[str]:
    if not ids:
        return []
    short = np.argsort(-(x @ w1), kind="stable")[:SHORTLIST]
    order = short[np.argsort(-(x[short] @ w2), kind="stable")]
    return [ids[i] for i in order]


def _measure(runs: dict[int, list[str]], gold: list[set[str]]) -> dict[str, float]:
    from contract_review.evaluation.retrieval_metrics import evaluate_run

    metrics = evaluate_run({str(q): r for q, r in runs.items()}, {str(q): gold[q] for q in runs})
    return {
        "recall_at_100": metrics.recall["100"],
        "recall_at_10": metrics.recall["10"],
        "mrr_at_10": metrics.mrr_at_10,
        "ndcg_at_10": metrics.ndcg_at_10,
    }


def _fit(
    mats: list[tuple[list[str], npt.NDArray[np.float64]]],
    gold: list[set[str]],
    train: list[int],
    w1: npt.NDArray[np.float64],
    w2: npt.NDArray[np.float64],
    names: list[str],
    stage_only: dict[str, int],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Coordinate ascent: the first stage for R@100, then the second for MRR + nDCG / 2
    (a signal of ``stage_only`` only in its stage)."""

    def objective(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], stage: int) -> float:
        m = _measure({q: _rank(*mats[q], a, b) for q in train}, gold)
        return m["recall_at_100"] if stage == 1 else m["mrr_at_10"] + 0.5 * m["ndcg_at_10"]

    for stage in (1, 2):
        current = (w1 if stage == 1 else w2).copy()

        def score(
            w: npt.NDArray[np.float64],
            stage: int = stage,
            first: npt.NDArray[np.float64] = w1,
            second: npt.NDArray[np.float64] = w2,
        ) -> float:
            return objective(w, second, stage) if stage == 1 else objective(first, w, stage)

        best = score(current)
        for _ in range(2):
            improved = False
            for j in range(current.size):
                if stage_only.get(names[j], stage) != stage:
                    continue
                for value in GRID:
                    if value == current[j]:
                        continue
                    trial = current.copy()
                    trial[j] = value
                    found = score(trial)
                    if found > best + 1e-9:
                        best, current, improved = found, trial, True
            if not improved:
                break
        if stage == 1:
            w1 = current
        else:
            w2 = current
    return w1, w2


def cross_validate(
    data: Pools,
    gold: list[set[str]],
    names: list[str],
    *,
    folds: int = 5,
    seed: int = 0,
    stage_only: dict[str, int] | None = None,
) -> dict[str, float]:
    """Held-out figures: each fold ranked with weights fitted on the other folds."""
    mats = _matrices(data, names)
    stage_only = STAGE_ONLY if stage_only is None else stage_only
    w1 = np.array([START_1.get(n, 0.0) for n in names])
    w2 = np.array([START_2.get(n, 0.0) for n in names])
    order = list(range(len(data)))
    random.Random(seed).shuffle(order)
    runs: dict[int, list[str]] = {}
    for k in range(folds):
        test = set(order[k::folds])
        train = [q for q in range(len(data)) if q not in test]
        a, b = _fit(mats, gold, train, w1, w2, names, stage_only)
        runs.update({q: _rank(*mats[q], a, b) for q in test})
    return _measure(runs, gold)


def in_sample(
    data: Pools, gold: list[set[str]], names: list[str], w1: dict[str, float], w2: dict[str, float]
) -> dict[str, float]:
    """The figures of fixed weights (the shipped ones) replayed over the pools."""
    mats = _matrices(data, names)
    a = np.array([w1.get(n, 0.0) for n in names])
    b = np.array([w2.get(n, 0.0) for n in names])
    return _measure({q: _rank(*mats[q], a, b) for q in range(len(data))}, gold)


def cv_numbers(
    index_dir: Path,
    data_dir: Path,
    seeds: tuple[int, ...] = (0, 1, 2),
    *,
    explore: bool = False,
) -> dict[str, Any]:
    """The cross-validated figures of each signal set, averaged over fold seeds."""
    from contract_review.evaluation.retrieval_metrics import read_qrels, read_queries
    from contract_review.laws.law_index import LawIndex

    queries = read_queries(data_dir / "dev.query.txt")
    source_ids = LawIndex.load(index_dir).source_ids
    qrels = read_qrels(data_dir / "qrels.dev.tsv")
    gold = [{source_ids.get(d, d) for d in qrels.get(qid, set())} for qid, _ in queries]
    data = pools(index_dir, queries)
    out: dict[str, Any] = {"folds": 5, "seeds": list(seeds)}
    mentioned = sum(1 for _, raw in data if raw.get("named", np.zeros(1)).any())
    numbered = sum(1 for _, raw in data if raw.get("numbered", np.zeros(1)).any())
    out["queries naming a law"] = mentioned
    out["queries naming a law's article"] = numbered
    sets = {**SIGNAL_SETS, **(EXPLORE if explore else {})}
    for label, names in sets.items():
        stage_only = {} if "both stages" in label else STAGE_ONLY
        per_seed = [cross_validate(data, gold, names, seed=s, stage_only=stage_only) for s in seeds]
        out[label] = {k: float(np.mean([m[k] for m in per_seed])) for k in per_seed[0]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument(
        "--explore", action="store_true", help="also measure the candidate signals of EXPLORE"
    )
    args = parser.parse_args()
    report = cv_numbers(args.index, args.data, explore=args.explore)
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
