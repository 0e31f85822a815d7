"""Law names and article numbers in queries: a query naming a law (full title, short
title, 《》) boosts that law's articles, a query naming its article fetches it; queries
naming nothing rank as before."""

from __future__ import annotations

from typing import Any

import pytest

from contract_review.laws.article_numbers import ArticleNumber, format_article_no
from contract_review.laws.law_corpus import LAW_CORPUS_CONFIG, describe_law_ranking
from contract_review.laws.law_index import build_law_index
from contract_review.laws.law_names import law_names
from contract_review.retrieval.mentions import MentionConfig, MentionFinder
from contract_review.testing.law_builders import make_law

LABOUR = "中华人民共和国劳动合同法"
CONTRACT = "中华人民共和国合同法"
CODE = "中华人民共和国民法典"
CRIMINAL = "中华人民共和国刑法"
LABOUR_OLD = "中华人民共和国劳动法"


def _finder() -> MentionFinder:
    rows: list[dict[str, Any]] = [
        {"law": law_names(law), "article": format_article_no(n)}
        for law, count in (
            (LABOUR, 45),
            (CONTRACT, 50),
            (CODE, 60),
            (CRIMINAL, 30),
            (LABOUR_OLD, 20),
        )
        for n in range(1, count + 1)
    ]
    config = MentionConfig(name_fields=["law"], number_field="article")
    return MentionFinder(config, rows)


@pytest.mark.parametrize(
    ("query", "works", "articles"),
    [
        ("劳动合同法第三十九条怎么规定", [LABOUR], [(LABOUR, 39)]),
        ("刑法里关于正当防卫的规定", [CRIMINAL], []),
        ("根据《民法典》第10条，合同无效怎么办", [CODE], [(CODE, 10)]),
        ("中华人民共和国刑法第二十条", [CRIMINAL], [(CRIMINAL, 20)]),
        # 合同法 inside 劳动合同法 is not a mention of 合同法.
        ("劳动合同法规定的试用期", [LABOUR], []),
        # Each number belongs to the law named nearest before it.
        ("劳动法第十条和劳动合同法第39条", [LABOUR_OLD, LABOUR], [(LABOUR_OLD, 10), (LABOUR, 39)]),
        # A number the law does not have fetches nothing; a number without a law neither.
        ("刑法第九十九条", [CRIMINAL], []),
        ("第三十九条是什么意思", [], []),
        ("公司无故辞退我怎么办", [], []),
    ],
)
def test_law_names_and_article_numbers_in_hand_written_queries(
    query: str, works: list[str], articles: list[tuple[str, int]]
) -> None:
    found = _finder().find(query)
    assert found.works == works
    assert found.articles == [(law, ArticleNumber(n)) for law, n in articles]


def test_signals_are_empty_for_a_query_naming_nothing() -> None:
    finder = _finder()
    assert finder.signals("公司无故辞退我怎么办") == {}
    signals = finder.signals("刑法第二十条")
    assert int(signals["named"].sum()) == 30
    assert int(signals["numbered"].sum()) == 1


LAWS = [
    make_law(
        LABOUR,
        [
            ("第三十九条", "劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同。"),
            ("第四十条", "劳动者不能胜任工作，经过培训仍不能胜任工作的，用人单位可以解除劳动合同。"),
        ],
    ),
    make_law(
        "某省劳动合同条例",
        [("第十条", "用人单位解除劳动合同，应当事先将理由通知工会。劳动者严重违反规章制度的，可以解除。")],
    ),
    make_law(CRIMINAL, [("第二十条", "为了使国家、公共利益免受正在进行的不法侵害而采取的制止行为，属于正当防卫。")]),
]  # fmt: skip


def test_the_law_index_boosts_a_named_law_and_fetches_a_named_article() -> None:
    index = build_law_index(LAWS, embedder=None, show_progress=False)
    search = index.search
    # A named article comes first even when it shares no word with the rest of the query.
    hits = search.search("劳动合同法第四十条", top_k=3)
    assert hits[0].id == f"{LABOUR}#第四十条"
    # The article of the named code ranks above the local rule with the same words.
    plain = search.search("严重违反规章制度解除", top_k=3)
    named = search.search("劳动合同法：严重违反规章制度解除", top_k=3)
    assert named[0].id == f"{LABOUR}#第三十九条"
    assert {hit.id for hit in plain} == {hit.id for hit in named}
    explained = search.search(
        "劳动合同法第四十条",
        top_k=1,
        settings=search.config.search.model_copy(update={"explain": True}),
    )
    signals = explained[0].signals or {}
    assert signals["named"].raw == 1.0 and signals["numbered"].raw == 1.0
    assert signals["numbered"].part > 0


def test_the_generic_build_of_a_law_corpus_says_it_detects_law_names() -> None:
    assert LAW_CORPUS_CONFIG.mentions is not None
    assert LAW_CORPUS_CONFIG.mentions.name_fields == ["law_names"]
    assert "a law named in the query" in describe_law_ranking(LAW_CORPUS_CONFIG)


@pytest.mark.parametrize(
    ("title", "names"),
    [
        ("中华人民共和国劳动合同法", ["中华人民共和国劳动合同法", "劳动合同法"]),
        ("物业管理条例", ["物业管理条例"]),
        (
            "最高人民法院关于审理民间借贷案件适用法律若干问题的规定",
            ["最高人民法院关于审理民间借贷案件适用法律若干问题的规定", "民间借贷司法解释"],
        ),
        (
            "最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（一）",
            ["最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（一）", "合同法司法解释"],
        ),
    ],
)
def test_law_names_include_the_short_title_and_an_interpretations_common_name(
    title: str, names: list[str]
) -> None:
    assert law_names(title) == names


def test_a_query_naming_an_interpretation_by_its_common_name_finds_it() -> None:
    title = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
    rows: list[dict[str, Any]] = [
        {"law": law_names(title), "article": "第二十五条"},
        {"law": law_names(CODE), "article": "第六百八十条"},
    ]
    finder = MentionFinder(MentionConfig(name_fields=["law"], number_field="article"), rows)
    found = finder.find("是否适用《民间借贷司法解释》第二十五条关于利率的规定？")
    assert found.works == [title]
    assert found.articles == [(title, ArticleNumber(25))]
