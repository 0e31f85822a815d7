"""Query speed of a saved hybrid index, in one process: single-query latency, batched
throughput (full hits with and without snippets, and the ranked ids alone, as an
evaluation reads them), where a single query's time goes (embedding the query, the exact dense
scan), the machine's memory read bandwidth and the floor it sets for the exact scan,
and the approximate vector index (HNSW, ``index build --ann hnsw``): its build time,
speed, and what it costs in recall against the exact scan.

    python benchmarks/query_speed.py INDEX_DIR dev.query.txt qrels.dev.tsv

prints one JSON object. ``stard_bench.py`` runs it on the STARD index it builds.
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

#: Queries per batch in the batched measures (as ``search eval`` runs them).
BATCH = 64
#: Results per query.
TOP_K = 100
#: The array read to measure the memory bandwidth: well above any CPU cache (the
#: machines measured have up to a few hundred MB of L3).
BANDWIDTH_BYTES = 1 << 30


def read_bandwidth(size: int = BANDWIDTH_BYTES, repeats: int = 5) -> dict[str, float]:
    """The machine's memory read bandwidth (GB/s): the best of ``repeats`` numpy sums
    over a ``size``-byte float32 array, by one thread, and by two threads each summing
    one half at the same time (numpy releases the GIL while it sums)."""
    data = np.ones(size // 4, dtype=np.float32)
    halves = np.array_split(data, 2)

    def one() -> None:
        data.sum()

    def two() -> None:
        threads = [threading.Thread(target=half.sum) for half in halves]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    out = {}
    for name, read in (("one_thread_gb_s", one), ("two_threads_gb_s", two)):
        best = min(_timed(read) for _ in range(repeats))
        out[name] = data.nbytes / best / 1e9
    return out


def _last_level_cache_mb() -> float | None:
    """The size of the CPU's largest cache (Linux), in MB."""
    sizes = []
    for path in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*/size"):
        text = path.read_text().strip()
        units = {"K": 1 / 1024, "M": 1.0, "G": 1024.0}
        if text and text[-1] in units:
            sizes.append(float(text[:-1]) * units[text[-1]])
    return max(sizes) if sizes else None


def _timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _median_ms(times: list[float]) -> float:
    return 1000 * statistics.median(times)


def measure(index_dir: Path, queries_file: Path, qrels_file: Path) -> dict[str, Any]:
    """Every figure of the module docs, as one dict."""
    from contract_review.evaluation.retrieval_metrics import evaluate_run, read_qrels, read_queries
    from contract_review.retrieval.hybrid_index import HybridIndex

    started = time.perf_counter()
    index = HybridIndex.load(index_dir)
    assert index.embedder is not None and isinstance(index.vectors, np.ndarray)
    index.prepare_search()  # the model weights, jieba's dictionary, priors, finders
    out: dict[str, Any] = {"reopen_s": time.perf_counter() - started, "documents": len(index)}
    pairs = read_queries(queries_file)
    queries = [query for _, query in pairs]
    qrels = read_qrels(qrels_file)
    exact = index.config.search
    quick = exact.model_copy(update={"snippets": False})

    def latency(settings: Any) -> list[float]:
        index.search(queries[0], top_k=TOP_K, settings=settings)
        return sorted(
            _timed(lambda q=q: index.search(q, top_k=TOP_K, settings=settings)) for q in queries
        )

    def batched_qps(settings: Any, *, ranked_only: bool = False) -> float:
        search = index.rank_many if ranked_only else index.search_many
        search(queries[:BATCH], top_k=TOP_K, settings=settings)  # a first batch, untimed
        seconds = sum(
            _timed(lambda i=i: search(queries[i : i + BATCH], top_k=TOP_K, settings=settings))
            for i in range(0, len(queries), BATCH)
        )
        return len(queries) / seconds

    single = latency(exact)
    out.update(
        p50_ms=_median_ms(single),
        p99_ms=1000 * single[min(len(single) - 1, int(len(single) * 0.99))],
        single_qps=len(queries) / sum(single),
        batch_qps=batched_qps(exact),
        batch_qps_no_snippets=batched_qps(quick),
        # The ids alone, as ``search eval`` ranks them (HybridIndex.rank_many).
        batch_rank_qps=batched_qps(quick, ranked_only=True),
    )

    # Where a single query's time goes: its embedding, and the exact scan of the matrix.
    vectors = index.vectors
    query_vectors = np.asarray(index.embedder.embed(queries, kind="query"), dtype=np.float32)
    embed_times = [
        _timed(lambda q=q: index.embedder.embed([q], kind="query")) for q in queries[:50]
    ]
    scan_times = [_timed(lambda v=v: vectors @ v) for v in query_vectors[:50]]
    bandwidth = read_bandwidth()
    # The same over an array of the matrix's size: what a scan can read at when the
    # matrix stays in a large last-level cache between queries.
    at_matrix_size = read_bandwidth(vectors.nbytes, repeats=9)
    out.update(
        query_embed_ms=_median_ms(embed_times),
        dense_scan_ms=_median_ms(scan_times),
        matrix_mb=vectors.nbytes / 1e6,
        last_level_cache_mb=_last_level_cache_mb(),
        bandwidth=bandwidth,
        bandwidth_at_matrix_size=at_matrix_size,
        scan_floor_ms=1000 * vectors.nbytes / (max(bandwidth.values()) * 1e9),
        scan_floor_at_matrix_size_ms=1000 * vectors.nbytes / (max(at_matrix_size.values()) * 1e9),
    )

    # The approximate index, built here over the same vectors.
    from contract_review.retrieval.ann_index import AnnIndex

    build_started = time.perf_counter()
    ann = AnnIndex.build("hnsw", vectors)
    ann_build_s = time.perf_counter() - build_started
    # Searched as a query searches it: the top ``depth`` (500) asked for, so that the
    # graph walk keeps that many candidates; its first 100 against the exact 100.
    neighbours, _ = ann.search(query_vectors, index.config.search.depth)
    truth = np.argsort(-(query_vectors @ vectors.T), axis=1, kind="stable")[:, :TOP_K]
    overlap = [
        len(set(found[:TOP_K].tolist()) & set(best_rows.tolist())) / TOP_K
        for found, best_rows in zip(neighbours, truth, strict=True)
    ]
    exact_run = _run(index, pairs, quick)
    index.config = index.config.model_copy(update={"ann": "hnsw"})
    index._ann = ann
    approximate = index.config.search.model_copy(update={"approximate": True})
    ann_single = latency(approximate)
    ann_run = _run(index, pairs, approximate.model_copy(update={"snippets": False}))
    same = sum(ann_run[qid] == exact_run[qid] for qid in exact_run)
    out["ann"] = {
        "kind": "hnsw",
        "build_s": ann_build_s,
        "neighbour_recall_at_100": float(np.mean(overlap)),
        "p50_ms": _median_ms(ann_single),
        "batch_qps": batched_qps(approximate),
        "same_top_100": same,
        "queries": len(pairs),
        "exact": _quality(evaluate_run(exact_run, qrels).model_dump(mode="json")),
        "approximate": _quality(evaluate_run(ann_run, qrels).model_dump(mode="json")),
    }
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _run(index: Any, pairs: list[tuple[str, str]], settings: Any) -> dict[str, list[str]]:
    """The top 100 ids of every query, searched in batches."""
    run: dict[str, list[str]] = {}
    for start in range(0, len(pairs), BATCH):
        chunk = pairs[start : start + BATCH]
        found = index.search_many([q for _, q in chunk], top_k=TOP_K, settings=settings)
        for (qid, _), hits in zip(chunk, found, strict=True):
            run[qid] = [hit.id for hit in hits]
    return run


def _quality(report: dict[str, Any]) -> dict[str, float]:
    return {"recall_at_100": report["recall"]["100"], "mrr_at_10": report["mrr_at_10"]}


def main() -> None:
    index_dir, queries_file, qrels_file = (Path(arg) for arg in sys.argv[1:4])
    print(json.dumps(measure(index_dir, queries_file, qrels_file)))


if __name__ == "__main__":
    main()
