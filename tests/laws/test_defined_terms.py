"""Defined terms read from law text, and the signal scoring the articles that define
a term a definition question uses."""

from __future__ import annotations

from typing import Any

import pytest

from contract_review.laws.defined_terms import defined_terms
from contract_review.retrieval.definitions import DefinitionFinder, asks_for_definition

CORPUS = {
    "广告法#2": "本法所称广告发布者，是指为广告主或者广告主委托的广告经营者发布广告的自然人、法人或者其他组织。",
    "民法典#951": "行纪合同是行纪人以自己的名义为委托人从事贸易活动，委托人支付报酬的合同。",
    "商标法#16": "前款所称地理标志，是指标示某商品来源于某地区，该商品的特定质量、信誉或者其他特征，"
    "主要由该地区的自然因素或者人文因素所决定的标志。",
    "安全生产法#117": "本法下列用语的含义：\n危险物品，是指易燃易爆物品、危险化学品、放射性物品等能够危及人身安全和财产安全的物品。",
    "劳动合同法#39": "劳动者有下列情形之一的，用人单位可以解除劳动合同。",
    "刑法#20": "为了使国家、公共利益免受正在进行的不法侵害，而采取的制止不法侵害的行为，属于正当防卫。",
}  # fmt: skip


@pytest.mark.parametrize(
    ("article", "terms"),
    [
        ("广告法#2", ["广告发布者"]),
        ("民法典#951", ["行纪合同"]),
        ("商标法#16", ["地理标志"]),
        ("安全生产法#117", ["危险物品"]),
        ("劳动合同法#39", []),
        # Short words are not kept as terms; a sentence without 是指 defines nothing.
        ("刑法#20", []),
    ],
)
def test_defined_terms_of_hand_written_articles(article: str, terms: list[str]) -> None:
    assert defined_terms(CORPUS[article]) == terms


def test_short_terms_are_left_out() -> None:
    assert defined_terms("本法所称物品，是指动产。") == []


@pytest.mark.parametrize(
    ("query", "asks"),
    [
        ("什么是地理标志？", True),
        ("行纪合同的含义", True),
        ("医疗美容机构算不算医疗机构？", True),
        ("地理标志可以注册商标吗？", False),
    ],
)
def test_definition_questions(query: str, asks: bool) -> None:
    assert asks_for_definition(query) is asks


def test_a_definition_question_points_at_the_defining_articles() -> None:
    rows: list[dict[str, Any]] = [{"defines": defined_terms(text)} for text in CORPUS.values()]
    finder = DefinitionFinder("defines", rows)
    assert finder.terms("什么是地理标志？地理标志可以注册商标吗？") == ["地理标志"]
    signal = finder.signals("行纪合同是什么？")["defines"]
    assert signal.tolist() == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    # Using a term without asking what it is gives no signal.
    assert finder.signals("行纪合同怎么解除") == {}
