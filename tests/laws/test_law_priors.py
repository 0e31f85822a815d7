"""The law priors: how many other laws name a law (its authority) and how many articles
cite an article; the law index carries them and ranks with them; a JSON-lines law
corpus gets the same from the generic index build."""

from __future__ import annotations

import json
from pathlib import Path

from contract_review.laws.law_corpus import (
    LAW_CORPUS_CONFIG,
    describe_law_ranking,
    is_law_corpus,
    law_corpus_documents,
)
from contract_review.laws.law_index import LAW_INDEX_CONFIG, build_law_index
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.law_priors import article_citations, article_priors, law_authority
from contract_review.retrieval.corpus_loading import read_corpus_records
from contract_review.testing.law_builders import make_law

CODE = make_law(
    "中华人民共和国民法典",
    [
        ("第一条", "为了保护民事主体的合法权益，制定本法。"),
        ("第二条", "民法典调整平等主体之间的关系。依照本法第一条的规定。"),
        ("第三条", "前条规定的关系受法律保护。"),
    ],
)
RULE_A = make_law(
    "物业管理条例",
    [("第一条", "根据《中华人民共和国民法典》制定本条例。"), ("第二条", "依照民法典第一条处理。")],
)
RULE_B = make_law("某市物业服务办法", [("第一条", "根据民法典和物业管理条例，制定本办法。")])
LAWS = [CODE, RULE_A, RULE_B]


def test_authority_counts_the_other_laws_naming_a_law() -> None:
    authority = law_authority(LawLibrary(LAWS))
    # 民法典 is named by both other laws (by its full title or its short title), and its
    # own mention of itself does not count; 物业管理条例 by one; the local rule by none.
    assert authority == {"中华人民共和国民法典": 2, "物业管理条例": 1, "某市物业服务办法": 0}


def test_citations_count_the_articles_citing_an_article() -> None:
    cited = article_citations(LawLibrary(LAWS))
    # 民法典第一条: by 本法第一条 (第二条) and by 民法典第一条 (物业管理条例第二条);
    # 第二条 by 前条 (第三条).
    assert cited["中华人民共和国民法典#第一条"] == 2
    assert cited["中华人民共和国民法典#第二条"] == 1
    assert cited["中华人民共和国民法典#第三条"] == 0


def test_the_law_index_carries_the_priors_and_ranks_with_them() -> None:
    index = build_law_index(LAWS, embedder=None, show_progress=False)
    priors = article_priors(index.library)
    document = index.search.document("中华人民共和国民法典#第一条")
    assert document.metadata["law_authority"] == 2
    assert document.metadata["cited_by"] == 2
    assert priors["中华人民共和国民法典#第一条"].cited_by == 2
    assert index.search.config.priors == {"authority": "law_authority", "citations": "cited_by"}
    scores = index.search.prior_scores()
    position = index.search.ids.index("中华人民共和国民法典#第一条")
    assert abs(float(scores["authority"][position]) - 1.0986123) < 1e-6  # log(1 + 2)


def _corpus(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    return path


def test_a_law_corpus_is_detected_and_gets_the_law_ranking(tmp_path: Path) -> None:
    rows: list[dict[str, object]] = [
        {"id": 1, "law": "中华人民共和国民法典", "article": "第一条", "content": "为了保护民事主体。",
         "path": ["第一编 总则", "第一章 基本规定"]},
        {"id": 2, "law": "物业管理条例", "article": "第一条", "content": "根据民法典第一条制定本条例。"},
        # A row repeating an article gets the priors of the article kept.
        {"id": 3, "law": "中华人民共和国民法典", "article": "第一条", "content": "为了保护民事主体。"},
    ]  # fmt: skip
    path = _corpus(tmp_path, rows)
    numbered = read_corpus_records(path)
    assert is_law_corpus([record for _, record in numbered])
    documents = {d.id: d for d in law_corpus_documents(path, numbered)}
    first = documents["1"]
    assert first.fields == {
        "name": "民法典第一条",
        "content": "为了保护民事主体。",
        "path": "第一编 总则 第一章 基本规定",
    }
    assert first.metadata["law_authority"] == 1 and first.metadata["cited_by"] == 1
    assert documents["3"].metadata["cited_by"] == 1
    assert LAW_CORPUS_CONFIG.search == LAW_INDEX_CONFIG.search
    assert LAW_CORPUS_CONFIG.priors == LAW_INDEX_CONFIG.priors
    assert "law corpus detected" in describe_law_ranking(LAW_CORPUS_CONFIG)


def test_other_corpora_are_not_law_corpora() -> None:
    assert not is_law_corpus([])
    assert not is_law_corpus([{"id": 1, "law": "民法典", "content": "..."}])
    assert not is_law_corpus([{"id": 1, "law": "民法典", "article": 1, "content": "..."}])
