"""Reading questions and sentences: the legal actor a rule binds, rules and exceptions,
follow-up questions, and quotes widened to a list item's lead-in."""

from __future__ import annotations

import pytest

from contract_review.ask.legal_roles import (
    asks_for_quantity,
    asks_permission,
    has_exception,
    has_rule,
    sentence_actor,
)
from contract_review.ask.question_focus import EARLIER_WEIGHT, focus_question, is_follow_up
from contract_review.ask.sentence_ranking import widened_span
from contract_review.retrieval.tokenizers import Tokenizer

from .ask_fixtures import ARTICLE_21

TOKENIZER = Tokenizer()


@pytest.mark.parametrize(
    ("sentence", "actor"),
    [
        # the employee in the 除…外 exception is not who the rule binds
        (ARTICLE_21.split("。")[0], "用人单位"),
        ("用人单位在试用期解除劳动合同的，应当向劳动者说明理由。", "用人单位"),
        ("劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。", "劳动者"),
        ("劳动者有下列情形之一的，用人单位可以解除劳动合同：", "用人单位"),
        ("被保险人可以请求保险人赔偿。", "被保险人"),
        ("The Employer may terminate the Contract by giving 14 days' notice.", "employer"),
        (
            "Unless the Engineer agrees, the Contractor shall not subcontract the Works.",
            "contractor",
        ),
        ("试用期包含在劳动合同期限内。", None),
        # an actor named only after the modal word is its object, not who it binds
        (
            "保险公司应当自收到被保险人提供的证明和资料之日起一日内，对是否属于保险责任作出核定。",
            None,
        ),
    ],
)
def test_sentence_actor(sentence: str, actor: str | None) -> None:
    assert sentence_actor(sentence) == actor


def test_rules_exceptions_and_question_kinds() -> None:
    assert has_rule("用人单位不得解除劳动合同。") and has_rule("The Contractor shall pay.")
    assert not has_rule("试用期包含在劳动合同期限内。")
    assert has_exception(ARTICLE_21) and has_exception("unless the Employer agrees")
    # 解除 is no 除…外 exception
    assert not has_exception("用人单位解除劳动合同以外的其他情形。")
    assert asks_for_quantity("试用期最长多久") and asks_for_quantity("How long is the probation?")
    assert not asks_for_quantity("用人单位可以解除劳动合同吗")
    assert asks_permission("用人单位可以解除劳动合同吗") and asks_permission(
        "May the employer end it?"
    )


@pytest.mark.parametrize(
    ("question", "follow_up"),
    [
        ("那试用期多长?", True),
        ("那违约金呢？", True),
        ("违约金呢", True),
        ("What about the deposit?", True),
        ("试用期内用人单位可以随意解除劳动合同吗", False),
        ("Can the employer terminate the contract during probation?", False),
    ],
)
def test_follow_up_questions(question: str, follow_up: bool) -> None:
    assert is_follow_up(question, TOKENIZER) is follow_up


def test_a_follow_up_is_searched_with_the_earlier_question() -> None:
    earlier = ["试用期内用人单位可以随意解除劳动合同吗", "那试用期多长?"]
    focus = focus_question("那违约金呢？", tokenizer=TOKENIZER, earlier=earlier)
    # the chain reaches back past the earlier follow-up to the question it continued
    assert focus.earlier == earlier
    assert focus.search_text == " ".join([*earlier, "那违约金呢？"])
    assert focus.terms["违约金"] == 1.0
    assert focus.terms["用人单位"] == EARLIER_WEIGHT
    assert focus.actor == "用人单位" and focus.language == "zh"

    standalone = focus_question(earlier[0], tokenizer=TOKENIZER, earlier=["定金有上限吗"])
    assert standalone.earlier == [] and standalone.search_text == earlier[0]
    assert standalone.actor == "用人单位" and standalone.wants_permission
    off = focus_question("那违约金呢？", tokenizer=TOKENIZER, earlier=earlier, follow_up=False)
    assert off.earlier == [] and "用人单位" not in off.terms


def test_an_item_is_quoted_with_its_lead_in() -> None:
    text = (
        "劳动者有下列情形之一的，用人单位可以解除劳动合同：\n"
        "（一）在试用期间被证明不符合录用条件的；\n"
        "（二）严重违反用人单位的规章制度的；"
    )
    item = text.index("（二）")
    start, end = widened_span(text, item, len(text))
    assert (start, end) == (0, len(text))
    plain = text.index("用人单位可以")
    assert widened_span(text, plain, plain + 5) == (plain, plain + 5)
    long_lead = "甲" * 400 + "：\n（一）乙。"
    first_item = long_lead.index("（一）")
    assert widened_span(long_lead, first_item, len(long_lead)) == (first_item, len(long_lead))
