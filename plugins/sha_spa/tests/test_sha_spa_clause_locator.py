"""The SHA/SPA ``locate_clauses`` hook: topics by heading first, split topics, EN and ZH."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_review_sha_spa.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.registry import load_registry
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.routing import locate_clauses
from contract_review.review.state import ReviewState
from contract_review.testing import strategies as crst
from contract_review.testing.contract_text import chinese_numeral
from contract_review.testing.declared import declared_locations
from contract_review_sha_spa.checklist import CHECKLIST, DOMAIN_SPEC
from contract_review_sha_spa.clause_locator import heading_score, locate_topic, text_keywords

DATA = Path(__file__).parent / "data"
EXAMPLE_SPA = (
    Path(__file__).resolve().parents[3] / "examples" / "spa" / "share_purchase_agreement.txt"
)

# An SPA numbered its own way, with the indemnity and its limits in two articles.
SPA_SPLIT = """SHARE PURCHASE AGREEMENT

1. Interpretation
1.1 Headings do not affect interpretation.

2. Sale and Purchase
2.1 The Seller shall sell and the Buyer shall buy the Sale Shares.

3. Consideration
3.1 The consideration for the Sale Shares is USD 10,000,000.

4. Conditions to Completion
4.1 Completion is conditional on the approval of the competition authority.

5. Conduct of Business before Completion
5.1 The Seller shall procure that the Company carries on business in the ordinary course.

6. Completion
6.1 Completion shall take place at the offices of the Buyer's lawyers.

7. Seller's Warranties
7.1 The Seller warrants to the Buyer that each Warranty is true.

8. Indemnities
8.1 The Seller shall indemnify the Buyer against all Losses arising from a breach.

9. Limitations on Seller's Liability
9.1 The aggregate liability of the Seller shall not exceed the consideration.

10. Restrictive Covenants
10.1 The Seller shall not compete with the Company for two years.

11. Confidentiality
11.1 Each party shall keep this Agreement confidential.

12. Governing Law and Jurisdiction
12.1 This Agreement is governed by English law.
"""

SPA_ZH = """股权转让协议

第一条 定义
本协议中，“交割日”是指第三条约定的日期。

第二条 转让价款
买方应向卖方支付转让价款人民币五千万元。

第三条 交割
交割应于先决条件全部满足后第五个工作日进行。

第四条 陈述与保证
卖方合法持有标的股权。

第五条 过渡期安排
过渡期内，卖方应促使目标公司正常经营。

第六条 先决条件
买方的交割义务以取得经营者集中审查批准为前提。

第七条 赔偿
卖方应赔偿买方因卖方违约所受的全部损失。

第八条 责任限制
卖方的赔偿责任总额不超过转让价款的30%。

第九条 保密
各方应对本协议内容保密。

第十条 争议解决
因本协议产生的争议提交上海国际仲裁中心仲裁。
"""


def _doc(text: str, name: str) -> Document:
    return parse_text(text, name=name)


def _item(clause_id: str) -> ChecklistItem:
    item = DOMAIN_SPEC.checklist_item(clause_id)
    assert item is not None
    return item


def _ids(document: Document, clause_id: str) -> list[str]:
    return [x.clause_id for x in locate_topic(document, _item(clause_id), CHECKLIST)]


def _assert_quotes(document: Document, located: list[ClauseLocation]) -> None:
    for location in located:
        section = next(s for s in document.sections() if s.id == location.clause_id)
        assert location.text(document) == document.source[section.start : section.end]


@pytest.fixture(scope="module")
def spa_split() -> Document:
    return _doc(SPA_SPLIT, "spa_split.txt")


@pytest.fixture(scope="module")
def spa_zh() -> Document:
    return _doc(SPA_ZH, "spa_zh.txt")


def test_split_indemnity_gives_both_articles(spa_split: Document) -> None:
    located = locate_topic(spa_split, _item("7"), CHECKLIST)
    assert [x.clause_id for x in located] == ["8", "9"]
    assert located[0].text(spa_split).startswith("8. Indemnities")
    assert located[1].text(spa_split).startswith("9. Limitations on Seller's Liability")
    assert "continues" in located[1].reason
    _assert_quotes(spa_split, located)


def test_headings_win_over_numbers(spa_split: Document) -> None:
    assert _ids(spa_split, "1") == ["1"]
    assert _ids(spa_split, "2") == ["2", "3"]  # "Sale and Purchase" + "Consideration"
    assert _ids(spa_split, "3") == ["4"]  # article 3 is the consideration
    assert _ids(spa_split, "4") == ["7"]
    assert _ids(spa_split, "5") == ["5"]
    assert _ids(spa_split, "6") == ["6"]  # not "Conditions to Completion", not article 5
    assert _ids(spa_split, "8") == ["10", "11"]
    assert _ids(spa_split, "11") == ["12"]


def test_absent_topics_are_missing(spa_split: Document) -> None:
    assert _ids(spa_split, "9") == []
    assert _ids(spa_split, "10") == []


def test_number_used_when_the_heading_agrees() -> None:
    spa = _doc((DATA / "spa_en.txt").read_text(encoding="utf-8"), "spa_en.txt")
    (located,) = locate_topic(spa, _item("7"), CHECKLIST)
    assert located.clause_id == "7"
    assert located.reason.startswith("numbered 7 and its heading")


def test_the_agreeing_number_breaks_a_tie_between_headings() -> None:
    spa = _doc(
        "SPA\n\n5. Tax Indemnity\n5.1 The Seller shall pay any Tax.\n\n"
        "7. Indemnities\n7.1 The Seller shall pay all Losses.\n",
        "spa.txt",
    )
    assert _ids(spa, "7") == ["7", "5"]


def test_one_incidental_mention_is_not_the_topic() -> None:
    """spa_en.txt mentions "the board of directors of the Buyer" in a condition only."""
    spa = _doc((DATA / "spa_en.txt").read_text(encoding="utf-8"), "spa_en.txt")
    assert locate_topic(spa, _item("9"), CHECKLIST) == []


def test_text_keywords_locate_an_untitled_topic() -> None:
    sha = _doc(
        "SHAREHOLDERS' AGREEMENT\n\n5. The Board\n5.1 The board of directors shall have five "
        "members and the quorum shall be three directors.\n",
        "sha.txt",
    )
    (located,) = locate_topic(sha, _item("9"), CHECKLIST)
    assert located.clause_id == "5.1"
    assert "'board of directors'" in located.reason and "'quorum'" in located.reason


def test_chinese_spa(spa_zh: Document) -> None:
    assert _ids(spa_zh, "7") == ["第七条", "第八条"]
    assert _ids(spa_zh, "3") == ["第六条"]
    assert _ids(spa_zh, "6") == ["第三条"]
    assert _ids(spa_zh, "5") == ["第五条"]
    assert _ids(spa_zh, "8") == ["第九条"]
    assert _ids(spa_zh, "11") == ["第十条"]
    assert _ids(spa_zh, "9") == []
    _assert_quotes(spa_zh, locate_topic(spa_zh, _item("7"), CHECKLIST))


def test_chinese_number_agrees() -> None:
    spa = _doc((DATA / "spa_zh.txt").read_text(encoding="utf-8"), "spa_zh.txt")
    (located,) = locate_topic(spa, _item("7"), CHECKLIST)
    assert located.clause_id == "第七条"
    assert located.reason == "numbered 第七条 and its heading '赔偿' agrees"


def test_heading_score_and_text_keywords() -> None:
    assert heading_score("Limitations on Seller's Liability", ["limitation of liability"]) == 1
    assert heading_score("Warranty", ["warranties", "representations and warranties"]) == 1
    assert heading_score("Closing", ["completion"]) == 0
    assert heading_score("第八条 赔偿责任的限制", ["赔偿", "责任限制"]) == 1
    assert text_keywords("于交割日完成交割", ["交割", "交割日"]) == ["交割日"]


def test_the_review_locates_with_the_declared_locator(spa_split: Document) -> None:
    state = ReviewState(domain_id="sha_spa", documents=[spa_split])
    empty = ReviewState(domain_id="sha_spa")
    assert declared_locations(plugin.SHA_SPA, _item("7"), empty) == []
    registry = load_registry()
    located = locate_clauses(registry, DOMAIN_SPEC, _item("7"), state)
    assert [x.clause_id for x in located] == ["8", "9"]


@pytest.mark.skipif(not EXAMPLE_SPA.is_file(), reason="examples/spa is not in this checkout")
def test_example_spa() -> None:
    spa = _doc(EXAMPLE_SPA.read_text(encoding="utf-8"), EXAMPLE_SPA.name)
    assert {item.clause_id: _ids(spa, item.clause_id) for item in CHECKLIST} == {
        str(n): [str(n)] for n in range(1, 12)
    }


# --------------------------------------------------------------------------- properties

_HEADINGS = {
    "en": {
        "1": "Definitions",
        "2": "Consideration",
        "3": "Conditions Precedent",
        "4": "Warranties",
        "5": "Conduct of Business",
        "6": "Completion",
        "7": "Indemnities",
        "8": "Confidentiality",
        "9": "Board of Directors",
        "10": "Transfer of Shares",
        "11": "Governing Law and Arbitration",
    },
    "zh": {
        "1": "定义",
        "2": "转让价款",
        "3": "先决条件",
        "4": "陈述与保证",
        "5": "过渡期安排",
        "6": "交割",
        "7": "赔偿",
        "8": "保密",
        "9": "董事会",
        "10": "优先购买权",
        "11": "争议解决",
    },
}


@settings(max_examples=30, deadline=None)
@given(
    order=st.permutations(sorted(_HEADINGS["en"], key=int)).flatmap(
        lambda ids: st.integers(min_value=1, max_value=len(ids)).map(lambda k: ids[:k])
    ),
    language=st.sampled_from(("en", "zh")),
)
def test_each_topic_is_found_under_its_heading_whatever_its_number(
    order: list[str], language: str
) -> None:
    headings = _HEADINGS[language]
    lines = ["AGREEMENT", ""]
    for number, clause_id in enumerate(order, start=1):
        label = f"第{chinese_numeral(number)}条" if language == "zh" else f"{number}."
        body = "双方同意本条的约定。" if language == "zh" else "The parties agree as follows."
        lines += [f"{label} {headings[clause_id]}", body, ""]
    document = _doc("\n".join(lines), f"generated.{language}.txt")
    for item in CHECKLIST:
        located = locate_topic(document, item, CHECKLIST)
        if item.clause_id not in order:
            assert located == []
            continue
        assert len(located) == 1
        assert located[0].text(document).split()[1] == headings[item.clause_id].split()[0]


@settings(max_examples=25, deadline=None)
@given(
    state=crst.review_states(DOMAIN_SPEC, language="en")
    | crst.review_states(DOMAIN_SPEC, language="zh")
)
def test_locations_are_disjoint_sections_inside_the_primary(state: ReviewState) -> None:
    primary = state.primary
    assert primary is not None
    for item in CHECKLIST:
        located = declared_locations(plugin.SHA_SPA, item, state)
        assert located is not None
        for location in located:
            assert location.document == primary.name and location.role == "primary"
            assert 0 <= location.start <= location.end <= len(primary.source)
        spans = sorted((x.start, x.end) for x in located)
        assert all(a_end <= b_start for (_, a_end), (b_start, _) in pairwise(spans))
