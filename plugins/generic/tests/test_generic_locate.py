"""``generic_locate_clause`` on English and Chinese contracts, and its input builder."""

from __future__ import annotations

import pytest

import contract_review_generic.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.review.state import ReviewState
from contract_review.testing.declared import declared_input
from contract_review_generic.checklist import DOMAIN_SPEC
from contract_review_generic.locate import LocateClauseInput, locate_topic, topic_keywords
from contract_review_generic.registrations import SKILLS

CONTRACT_EN = """SUPPLY AGREEMENT

1. Definitions
1.1 "Products" means the goods listed in Schedule 1.

2. Payment
2.1 The Buyer shall pay each invoice within 30 days of receipt.

3. Limitation of Liability
3.1 In no event shall either party's aggregate liability exceed the fees paid in the preceding twelve months.

4. Assignment
4.1 Neither party may assign or transfer this Agreement without the prior written consent of the other party.

5. Governing Law
5.1 This Agreement shall be governed by and construed in accordance with the laws of the State of New York.
"""

CONTRACT_ZH = """采购合同

第一条 定义
本合同所称产品是指附件一所列货物。

第二条 付款
买方应在收到发票后30日内支付货款。

第三条 转让
未经对方事先书面同意，任何一方不得转让本合同项下的权利义务。

第四条 保密
双方应对在履行本合同过程中知悉的商业秘密承担保密义务。

第五条 法律适用与争议解决
本合同适用中华人民共和国法律。因本合同引起的争议，提交上海国际仲裁中心仲裁。
"""


@pytest.fixture(scope="module")
def english() -> Document:
    return parse_text(CONTRACT_EN, name="supply.txt")


@pytest.fixture(scope="module")
def chinese() -> Document:
    return parse_text(CONTRACT_ZH, name="purchase.txt")


@pytest.mark.parametrize(
    ("topic", "section"),
    [
        ("governing_law", "5"),
        ("anti_assignment", "4"),
        ("cap_on_liability", "3"),
        ("payment_terms", "2"),
    ],
)
def test_english_topics(english: Document, topic: str, section: str) -> None:
    out = locate_topic(LocateClauseInput(clause_id=topic, document_structure=english))
    assert out.found
    assert out.best_section_id == section
    assert out.candidates[0].matched_keywords
    assert out.keywords_used == list(topic_keywords(topic))


@pytest.mark.parametrize(
    ("topic", "section"),
    [
        ("governing_law", "第五条"),
        ("anti_assignment", "第三条"),
        ("confidentiality", "第四条"),
        ("dispute_resolution", "第五条"),
        ("payment_terms", "第二条"),
    ],
)
def test_chinese_topics(chinese: Document, topic: str, section: str) -> None:
    out = locate_topic(LocateClauseInput(clause_id=topic, document_structure=chinese))
    assert out.best_section_id == section


def test_missing_topic_is_reported(chinese: Document) -> None:
    out = locate_topic(
        LocateClauseInput(clause_id="liquidated_damages", document_structure=chinese)
    )
    assert not out.found and out.candidates == [] and out.notes


def test_clause_number_is_tried_first(english: Document) -> None:
    out = locate_topic(LocateClauseInput(clause_id="4.1", document_structure=english, top_k=2))
    assert out.candidates[0].by_number
    assert out.best_section_id == "4.1"


def test_caller_keywords_and_unknown_topics(english: Document) -> None:
    out = locate_topic(
        LocateClauseInput(clause_id="products", keywords=["Schedule 1"], document_structure=english)
    )
    assert out.best_section_id == "1.1"
    assert topic_keywords("force_majeure") == ["force majeure"]


def test_top_k_limits_candidates(english: Document) -> None:
    out = locate_topic(
        LocateClauseInput(clause_id="payment_terms", document_structure=english, top_k=1)
    )
    assert len(out.candidates) == 1


def test_no_document() -> None:
    out = locate_topic(LocateClauseInput(clause_id="governing_law"))
    assert not out.found and out.notes


def test_input_builder(english: Document) -> None:
    state = ReviewState(domain_id="generic", documents=[english])
    clause = DOMAIN_SPEC.checklist_item("anti_assignment")
    assert clause is not None
    built = declared_input(plugin.GENERIC, SKILLS[0].skill_id, clause, state)
    assert isinstance(built, LocateClauseInput)
    assert built.document_structure is english
    assert built.keywords == list(clause.keywords)
    assert locate_topic(built).best_section_id == "4"
