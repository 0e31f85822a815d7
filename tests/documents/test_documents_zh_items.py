"""Chinese 一、 enumerations: items of the 第X条 article they follow, or sections of
their own where they number the document (or group its articles)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document, Section, Sectioning
from contract_review.documents.outline import outline_tree

Check = Callable[[Document], None]


def tree(document: Document) -> list[tuple[int, str]]:
    return [(s.level, s.id) for s in document.sections()]


def found(document: Document, section_id: str) -> Section:
    section = document.find(section_id)
    assert section is not None, f"no section {section_id!r}: {tree(document)}"
    return section


# ---------------------------------------------------------------- examples


def test_items_of_an_article_stay_in_its_text(check_tree: Check) -> None:
    text = (
        "第一条 交货\n一、甲方应按时交货。\n二、乙方应验收。\n第二条 付款\n乙方应在三十日内付款。\n"
    )
    document = parse_text(text, name="supply.txt")
    check_tree(document)
    assert tree(document) == [(1, "第一条"), (1, "第二条")]
    delivery = found(document, "第一条")
    assert delivery.title == "交货"
    assert delivery.text == "一、甲方应按时交货。\n二、乙方应验收。"
    assert found(document, "第二条").text == "乙方应在三十日内付款。"


def test_outline_shows_the_articles_as_siblings() -> None:
    text = (
        "第一条 交货\n一、甲方应按时交货。\n二、乙方应验收。\n第二条 付款\n乙方应在三十日内付款。\n"
    )
    outline = outline_tree(parse_text(text, name="supply.txt"))
    labels = [str(child.label) for child in outline.children]
    assert labels == [
        "第一条  交货 — 一、甲方应按时交货。 二、乙方应验收。",
        "第二条  付款 — 乙方应在三十日内付款。",
    ]
    assert all(not child.children for child in outline.children)


def test_items_restart_in_every_article() -> None:
    text = (
        "第一条 交货\n甲方应按下列要求交货：\n一、按时交货。\n二、按质交货。\n"
        "第二条 付款\n一、预付款\n甲方应支付百分之十。\n二、进度款\n按月支付。\n三、尾款。\n"
        "第三条 争议\n协商解决。\n"
    )
    document = parse_text(text)
    assert tree(document) == [(1, "第一条"), (1, "第二条"), (1, "第三条")]
    payment = found(document, "第二条")
    assert payment.text.startswith("一、预付款\n甲方应支付百分之十。")
    assert payment.text.endswith("三、尾款。")


def test_chapters_articles_items_and_sub_items(check_tree: Check) -> None:
    text = (
        "采购合同\n\n第一章 总则\n\n第一条 定义\n本合同所称设备，是指附件所列设备。\n\n"
        "第二条 交付\n一、乙方应按期交付。\n（一）首批设备于三月交付；\n（二）其余设备于六月交付。\n"
        "二、逾期交付的，按日支付违约金。\n\n"
        "第二章 付款\n\n第三条 价款\n一、合同价款为人民币一百万元。\n二、价款含税。\n"
    )
    document = parse_text(text)
    check_tree(document)
    assert tree(document) == [
        (1, "第一章"),
        (2, "第一条"),
        (2, "第二条"),
        (1, "第二章"),
        (2, "第三条"),
    ]
    delivery = found(document, "第二条")
    assert delivery.text.startswith("一、乙方应按期交付。\n（一）首批设备于三月交付；")
    assert delivery.text.endswith("二、逾期交付的，按日支付违约金。")
    assert found(document, "第三条").text.endswith("二、价款含税。")


def test_parenthesised_items_of_an_article_stay_in_its_text() -> None:
    text = "第一条 付款\n甲方应按下列方式付款：\n（一）预付款；\n（二）进度款。\n第二条 保密\n双方应保密。\n"
    document = parse_text(text)
    assert tree(document) == [(1, "第一条"), (1, "第二条")]
    assert found(document, "第一条").text.endswith("（一）预付款；\n（二）进度款。")


def test_enumeration_as_the_top_level_without_articles(check_tree: Check) -> None:
    text = (
        "买卖合同\n\n一、合同标的\n乙方向甲方出售设备一台。\n（一）型号：A型；\n（二）数量：一台。\n"
        "二、价款\n价款为人民币十万元。\n三、违约责任\n逾期付款的，按日支付违约金。\n"
    )
    document = parse_text(text)
    check_tree(document)
    assert tree(document) == [(1, "一"), (1, "二"), (1, "三")]
    subject = found(document, "一")
    assert subject.title == "合同标的"
    assert subject.text.endswith("（二）数量：一台。")


def test_enumeration_restarts_in_every_chapter() -> None:
    text = "第一章 总则\n一、目的\n正文。\n二、范围\n正文。\n第二章 价款\n一、价格\n正文。\n"
    assert tree(parse_text(text)) == [
        (1, "第一章"),
        (2, "一"),
        (2, "二"),
        (1, "第二章"),
        (2, "一"),
    ]


def test_enumeration_that_groups_articles_keeps_them_under_it() -> None:
    text = (
        "一、总则\n第一条 甲方应付款。\n一、按时付款。\n二、足额付款。\n第二条 乙方应交货。\n"
        "二、违约\n第三条 违约方应赔偿损失。\n"
    )
    document = parse_text(text)
    assert tree(document) == [
        (1, "一"),
        (2, "第一条"),
        (2, "第二条"),
        (1, "二"),
        (2, "第三条"),
    ]
    assert found(document, "第一条").text.endswith("一、按时付款。\n二、足额付款。")


def test_out_of_order_enumeration_inside_an_article_is_text() -> None:
    text = "第一条 交货\n一、按时交货。\n三、按质交货。\n第二条 付款\n二、按月付款。\n"
    document = parse_text(text)
    assert tree(document) == [(1, "第一条"), (1, "第二条")]
    assert found(document, "第二条").text == "二、按月付款。"


def test_items_inside_a_markdown_article_heading_stay_in_its_text() -> None:
    text = "# 供货合同\n\n## 第一条 交货\n\n一、甲方应按时交货。\n二、乙方应验收。\n\n## 第二条 付款\n\n正文。\n"
    document = parse_text(text, format="markdown")
    assert tree(document) == [(1, "第一条"), (1, "第二条")]
    assert found(document, "第一条").text == "一、甲方应按时交货。\n二、乙方应验收。"


def test_enumeration_under_a_markdown_heading_without_articles_is_a_section() -> None:
    text = "# 供货合同\n\n## 合同条款\n\n一、交货\n按时交货。\n二、付款\n按月付款。\n"
    document = parse_text(text, format="markdown")
    assert tree(document) == [(1, "合同条款"), (2, "一"), (2, "二")]


# ---------------------------------------------------------------- generated contracts

Expected = list[tuple[int, str, str, str]]  # (level, id, title, text)

_SENTENCES = [
    "甲方应按时支付合同价款。",
    "乙方应按期交付货物。",
    "逾期交付的，按日支付违约金。",
    "30日内付清。",
    "第一百四十二条第一款规定的情形除外。",
]
_TITLES = ["交货", "付款", "违约责任", "保密", "争议解决", "预付款"]
sentence = st.sampled_from(_SENTENCES)
title = st.sampled_from(_TITLES)
sub_items = st.lists(sentence, max_size=2)
# An item: a sentence or a short title as its head, then (一) sub-items or sentences.
item = st.tuples(st.one_of(sentence, title), sub_items, st.booleans())
article = st.tuples(title, st.lists(sentence, max_size=2), st.lists(item, max_size=3))
group = st.tuples(title, st.lists(article, min_size=1, max_size=3))


@dataclass
class Rendered:
    text: str
    expected: Expected = field(default_factory=list)


def _item_lines(index: int, head: str, more: list[str], parenthesised: bool) -> list[str]:
    lines = [f"{int_to_chinese(index)}、{head}"]
    for number, line in enumerate(more, start=1):
        lines.append(f"（{int_to_chinese(number)}）{line}" if parenthesised else line)
    return lines


@st.composite
def chinese_contracts(draw: st.DrawFn) -> Rendered:
    """第X章 chapters or 一、 groups (or neither) over 第X条 articles with 一、 items."""
    grouping = draw(st.sampled_from(["none", "chapter", "enumeration"]))
    groups = draw(st.lists(group, min_size=1, max_size=3))
    lines: list[str] = ["供货合同", ""]
    expected: Expected = []
    number = 0
    for group_index, (group_title, articles) in enumerate(groups, start=1):
        depth = 1
        if grouping != "none":
            group_id = (
                f"第{int_to_chinese(group_index)}章"
                if grouping == "chapter"
                else int_to_chinese(group_index)
            )
            marker = f"{group_id} " if grouping == "chapter" else f"{group_id}、"
            lines += [f"{marker}{group_title}", ""]
            expected.append((1, group_id, group_title, ""))
            depth = 2
        for article_index, (article_title, body, items) in enumerate(articles):
            last = article_index == len(articles) - 1
            if grouping == "enumeration" and last and len(items) == group_index:
                # "N、" after an article whose items end at N-1 continues its items:
                # the parser reads it so, and a document that means a group is ambiguous.
                items = items[:-1]
            number += 1
            article_id = f"第{int_to_chinese(number)}条"
            own = list(body)
            for index, (head, more, parenthesised) in enumerate(items, start=1):
                own += _item_lines(index, head, more, parenthesised)
            lines += [f"{article_id} {article_title}", *own, ""]
            expected.append((depth, article_id, article_title, "\n".join(own)))
    return Rendered(text="\n".join(lines), expected=expected)


@st.composite
def enumerated_contracts(draw: st.DrawFn) -> Rendered:
    """Documents numbered 一、二、 (optionally inside 第X章 chapters), without articles."""
    chapters = draw(st.booleans())
    groups = draw(st.lists(st.tuples(title, st.lists(item, min_size=1, max_size=4)), max_size=3))
    lines: list[str] = ["服务合同", ""]
    expected: Expected = []
    for chapter_index, (chapter_title, items) in enumerate(groups or [("", [])], start=1):
        depth = 1
        if chapters and chapter_title:
            chapter_id = f"第{int_to_chinese(chapter_index)}章"
            lines += [f"{chapter_id} {chapter_title}", ""]
            expected.append((1, chapter_id, chapter_title, ""))
            depth = 2
        elif chapter_index > 1:
            break  # without chapters the numbering does not restart: one run of items
        for index, (head, more, parenthesised) in enumerate(items, start=1):
            # A title alone is the heading's title; a sentence is its text.
            head_is_title = head in _TITLES
            heading, *body = _item_lines(index, head, more, parenthesised)
            text = body if head_is_title else [head, *body]
            lines += [heading, *body, ""]
            expected.append(
                (depth, int_to_chinese(index), head if head_is_title else "", "\n".join(text))
            )
    lines.append("双方签字盖章后生效。")
    return Rendered(text="\n".join(lines), expected=expected)


def observed(document: Document) -> Expected:
    return [(s.level, s.id, s.title, s.text) for s in document.sections()]


@settings(deadline=None, max_examples=80)
@given(chinese_contracts(), st.booleans())
def test_generated_contracts_keep_items_in_their_articles(
    check_tree: Check, rendered: Rendered, markdown: bool
) -> None:
    document = parse_text(rendered.text, format="markdown" if markdown else "text")
    check_tree(document)
    assert observed(document) == rendered.expected
    # Every 第X条 is a top-level section or the child of a grouping section.
    for section in document.root.children:
        for child in section.children:
            assert child.id.startswith("第") and child.id.endswith("条")
            assert not child.children


@settings(deadline=None, max_examples=60)
@given(enumerated_contracts())
def test_generated_enumerated_contracts_number_their_sections(
    check_tree: Check, rendered: Rendered
) -> None:
    document = parse_text(rendered.text)
    check_tree(document)
    expected = rendered.expected
    if not expected:
        # No article at all: the text is read paragraph by paragraph.
        assert document.sectioning is Sectioning.PARAGRAPHS
        assert all(s.id.startswith("¶") for s in document.sections())
        return
    # The closing line belongs to the last section's text.
    level, last_id, last_title, last_text = expected[-1]
    tail = "双方签字盖章后生效。"
    expected = [*expected[:-1], (level, last_id, last_title, f"{last_text}\n\n{tail}".strip())]
    assert observed(document) == expected
