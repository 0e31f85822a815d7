"""Retrieval metrics: the queries and qrels files, and Recall@k, MRR@10, nDCG@10
checked against numbers computed by hand."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from contract_review.errors import InputError
from contract_review.evaluation.retrieval_metrics import (
    RECALL_CUTOFFS,
    evaluate_run,
    read_qrels,
    read_queries,
)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------- read_queries


def test_read_queries(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "q.tsv",
        "\ufeffq1\t试用期内可以解除劳动合同吗\n\n  \nq2\tWhat is a Notice of Claim?\t(extra)\n",
    )
    assert read_queries(path) == [
        ("q1", "试用期内可以解除劳动合同吗"),
        ("q2", "What is a Notice of Claim?\t(extra)"),
    ]


@pytest.mark.parametrize(
    "line", ["q1 no tab here", "\tquery without id", "q1\t   "], ids=["no-tab", "no-id", "no-query"]
)
def test_read_queries_names_the_bad_line(tmp_path: Path, line: str) -> None:
    path = _write(tmp_path / "q.tsv", f"q0\tfine\n{line}\n")
    with pytest.raises(InputError, match=r"q\.tsv line 2 is not 'qid<TAB>query'"):
        read_queries(path)


def test_read_queries_rejects_a_repeated_query_id(tmp_path: Path) -> None:
    # Results are kept per query id: a repeated id would silently replace a query.
    path = _write(tmp_path / "q.tsv", "q1\t定金\nq2\t订金\nq1\t违约金\n")
    with pytest.raises(InputError, match=r"q\.tsv line 3 repeats the query id 'q1' of line 1"):
        read_queries(path)


def test_read_queries_missing_and_empty(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="queries file not found"):
        read_queries(tmp_path / "missing.tsv")
    with pytest.raises(InputError, match="is empty"):
        read_queries(_write(tmp_path / "q.tsv", "\n\n"))


def test_read_queries_rejects_non_utf8(tmp_path: Path) -> None:
    path = tmp_path / "q.tsv"
    path.write_bytes("q1\t劳动合同\n".encode("gbk"))
    with pytest.raises(InputError, match="not UTF-8"):
        read_queries(path)


# ---------------------------------------------------------------------- read_qrels


def test_read_qrels_two_columns_and_trec(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "qrels.txt",
        "q1\td1\nq1\td3\nq2 0 d5 1\nq2 0 d6 0\nq3 0 d9 2\nq3 Q0 d8 0.5\n\n",
    )
    assert read_qrels(path) == {"q1": {"d1", "d3"}, "q2": {"d5"}, "q3": {"d8", "d9"}}


def test_read_qrels_bad_relevance_names_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path / "qrels.txt", "q1 0 d1 1\nq1 0 d2 high\n")
    with pytest.raises(InputError, match=r"qrels\.txt line 2: relevance 'high' is not a number"):
        read_qrels(path)


@pytest.mark.parametrize("line", ["q1", "q1 d1 1", "q1 0 d1 1 extra"])
def test_read_qrels_rejects_other_formats(tmp_path: Path, line: str) -> None:
    path = _write(tmp_path / "qrels.txt", f"q0\td0\n{line}\n")
    with pytest.raises(InputError, match=r"qrels\.txt line 2 is neither"):
        read_qrels(path)


def test_read_qrels_missing_and_empty(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="qrels file not found"):
        read_qrels(tmp_path / "missing.txt")
    with pytest.raises(InputError, match="is empty"):
        read_qrels(_write(tmp_path / "qrels.txt", "  \n"))


# ---------------------------------------------------------------------- evaluate_run


def _dcg(ranks: list[int]) -> float:
    return sum(1 / math.log2(rank + 1) for rank in ranks)


def test_evaluate_run_matches_hand_computed_numbers() -> None:
    qrels = {"q1": {"d1", "d3"}, "q2": {"d5"}, "q3": {"d9"}, "q4": {"d7"}}
    run = {
        # Relevant at ranks 2 and 4.
        "q1": ["d2", "d1", "d4", "d3", "d0"],
        # Relevant at rank 1.
        "q2": ["d5", "d1"],
        # Relevant at rank 12: beyond MRR@10 and nDCG@10, within Recall@30.
        "q3": [f"x{i}" for i in range(11)] + ["d9"],
        # q4 is judged but missing from the run: it retrieved nothing.
        # q5 has no judgements: not averaged.
        "q5": ["d1"],
    }
    metrics = evaluate_run(run, qrels)
    assert metrics.queries == 4
    assert metrics.queries_without_judgements == 1

    recall = {
        "1": (0 + 1 + 0 + 0) / 4,
        "5": (1 + 1 + 0 + 0) / 4,
        "10": (1 + 1 + 0 + 0) / 4,
        "30": (1 + 1 + 1 + 0) / 4,
        "100": (1 + 1 + 1 + 0) / 4,
    }
    assert set(metrics.recall) == {str(k) for k in RECALL_CUTOFFS}
    for k, value in recall.items():
        assert metrics.recall[k] == pytest.approx(value, abs=1e-4), k
    assert metrics.mrr_at_10 == pytest.approx((1 / 2 + 1 + 0 + 0) / 4, abs=1e-4)
    ndcg_q1 = _dcg([2, 4]) / _dcg([1, 2])
    assert metrics.ndcg_at_10 == pytest.approx((ndcg_q1 + 1 + 0 + 0) / 4, abs=1e-4)
    assert metrics.ndcg_at_10 == pytest.approx(0.4127, abs=1e-4)


def test_recall_counts_partial_finds() -> None:
    qrels = {"q": {"a", "b", "c", "d"}}
    metrics = evaluate_run({"q": ["a", "x", "b"]}, qrels)
    assert metrics.recall["1"] == 0.25
    assert metrics.recall["5"] == 0.5
    assert metrics.mrr_at_10 == 1.0
    # DCG: ranks 1 and 3; ideal: ranks 1..4.
    assert metrics.ndcg_at_10 == pytest.approx(_dcg([1, 3]) / _dcg([1, 2, 3, 4]), abs=1e-4)


def test_ndcg_ideal_is_capped_at_ten_relevant_documents() -> None:
    relevant = {f"d{i}" for i in range(15)}
    ranked = [f"d{i}" for i in range(10)]
    metrics = evaluate_run({"q": ranked}, {"q": relevant})
    assert metrics.ndcg_at_10 == 1.0
    assert metrics.recall["10"] == pytest.approx(10 / 15, abs=1e-4)


def test_a_perfect_run_scores_one() -> None:
    metrics = evaluate_run({"q1": ["a"], "q2": ["b", "c"]}, {"q1": {"a"}, "q2": {"b"}})
    assert metrics.recall == dict.fromkeys(("1", "5", "10", "30", "100"), 1.0)
    assert metrics.mrr_at_10 == 1.0
    assert metrics.ndcg_at_10 == 1.0


def test_no_judged_query_gives_zeros_not_an_error() -> None:
    metrics = evaluate_run({"q1": ["a"]}, {"q1": set()})
    assert metrics.queries == 0
    assert metrics.mrr_at_10 == 0.0
    assert metrics.recall["1"] == 0.0


def test_custom_cutoffs() -> None:
    metrics = evaluate_run({"q": ["x", "a"]}, {"q": {"a"}}, cutoffs=(1, 2))
    assert metrics.recall == {"1": 0.0, "2": 1.0}
