"""Retrieval metrics over a run (ranked ids per query) and relevance judgements.

Files: queries are ``qid<TAB>query`` lines; relevance judgements (qrels) are
``qid<TAB>docid`` lines, or TREC's ``qid 0 docid relevance`` (relevance > 0 counts).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from ..errors import InputError

#: The cut-offs Recall is reported at.
RECALL_CUTOFFS: tuple[int, ...] = (1, 5, 10, 30, 100)


class RetrievalMetrics(BaseModel):
    """Averages over the queries that have at least one relevant document."""

    queries: int = Field(description="Queries evaluated (those with judgements).")
    queries_without_judgements: int = 0
    recall: dict[str, float] = Field(description="Recall@k by k ('1', '5', ...).")
    mrr_at_10: float
    ndcg_at_10: float


def _lines(path: Path, what: str) -> list[tuple[int, str]]:
    if not path.is_file():
        raise InputError(f"{what} file not found: {path}")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{what} file {path} is not UTF-8 text") from None
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def read_queries(path: Path) -> list[tuple[str, str]]:
    """``(qid, query)`` pairs from ``qid<TAB>query`` lines.

    :raises InputError: naming the line that has no tab or an empty query, or that
        repeats a query id.
    """
    queries: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    lines = _lines(Path(path), "queries")
    for number, line in lines:
        qid, tab, text = line.partition("\t")
        if not tab or not qid.strip() or not text.strip():
            raise InputError(
                f"{Path(path).name} line {number} is not 'qid<TAB>query': {line[:60]!r}"
            )
        qid = qid.strip()
        if qid in seen:
            raise InputError(
                f"{Path(path).name} line {number} repeats the query id {qid!r} of line {seen[qid]}"
            )
        seen[qid] = number
        queries.append((qid, text.strip()))
    if not queries:
        raise InputError(f"the queries file {path} is empty")
    return queries


def read_qrels(path: Path) -> dict[str, set[str]]:
    """Relevant document ids per query id.

    :raises InputError: naming a line in neither format, or for a file with no line.
    """
    qrels: dict[str, set[str]] = {}
    lines = _lines(Path(path), "qrels")
    if not lines:
        raise InputError(f"the qrels file {path} is empty")
    for number, line in lines:
        parts = line.split()
        if len(parts) == 2:
            qid, docid = parts
        elif len(parts) == 4:
            qid, _, docid, relevance = parts
            try:
                if float(relevance) <= 0:
                    continue
            except ValueError:
                raise InputError(
                    f"{Path(path).name} line {number}: relevance {relevance!r} is not a number"
                ) from None
        else:
            raise InputError(
                f"{Path(path).name} line {number} is neither 'qid<TAB>docid' nor "
                f"'qid 0 docid relevance': {line[:60]!r}"
            )
        qrels.setdefault(qid, set()).add(docid)
    return qrels


def evaluate_run(
    run: Mapping[str, Sequence[str]],
    qrels: Mapping[str, set[str]],
    *,
    cutoffs: Sequence[int] = RECALL_CUTOFFS,
) -> RetrievalMetrics:
    """Recall@k, MRR@10 and nDCG@10 (binary gains) averaged over judged queries.

    Queries in ``qrels`` missing from ``run`` count as retrieving nothing.
    """
    judged = [qid for qid in qrels if qrels[qid]]
    recall_sums = dict.fromkeys(cutoffs, 0.0)
    mrr = ndcg = 0.0
    for qid in judged:
        relevant = qrels[qid]
        ranked = list(run.get(qid, ()))
        for k in cutoffs:
            recall_sums[k] += len(relevant.intersection(ranked[:k])) / len(relevant)
        for rank, docid in enumerate(ranked[:10], start=1):
            if docid in relevant:
                mrr += 1.0 / rank
                break
        dcg = sum(1.0 / math.log2(r + 1) for r, d in enumerate(ranked[:10], 1) if d in relevant)
        ideal = sum(1.0 / math.log2(r + 1) for r in range(1, min(len(relevant), 10) + 1))
        ndcg += dcg / ideal
    count = len(judged)
    return RetrievalMetrics(
        queries=count,
        queries_without_judgements=sum(1 for qid in run if qid not in qrels),
        recall={str(k): round(v / count, 4) if count else 0.0 for k, v in recall_sums.items()},
        mrr_at_10=round(mrr / count, 4) if count else 0.0,
        ndcg_at_10=round(ndcg / count, 4) if count else 0.0,
    )
