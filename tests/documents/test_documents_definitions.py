"""Defined-term extraction and definitions-section titles."""

from __future__ import annotations

import pytest

from contract_review.documents.definitions import (
    count_definitions,
    definition_spans,
    extract_definitions,
    is_definitions_title,
)


@pytest.mark.parametrize(
    ("text", "term", "definition"),
    [
        ('"Contract Price" means the price stated.', "Contract Price", "the price stated"),
        ("“Contract Price” means the price; and", "Contract Price", "the price"),
        ('"Base Date" shall mean the date 28 days before.', "Base Date", "the date 28 days before"),
        ('1.1.2.3 "Contract" means the Contract Agreement.', "Contract", "the Contract Agreement"),
        (
            '"Employer\'s Requirements" means the document.',
            "Employer's Requirements",
            "the document",
        ),
        ("‘Works’ has the meaning given in Clause 4.", "Works", "given in Clause 4"),
        ("“合同价款”指协议书约定的价款。", "合同价款", "协议书约定的价款"),
        ("“工程”是指永久工程和临时工程。", "工程", "永久工程和临时工程"),
        ("本合同所称“交付日”，是指设备运抵之日。", "交付日", "设备运抵之日"),
        ("“发包人”(Employer)系指甲方。", "发包人", "甲方"),
        ("本合同所称工程款，是指发包人应支付的全部价款。", "工程款", "发包人应支付的全部价款"),
        # a term under two names: the definition starts at the first
        ("“知悉”或“所知”指转让方的实际知悉。", "所知", "转让方的实际知悉"),
        ('"Losses" or "Loss" means all losses.', "Loss", "all losses"),
        # 指 + 标的 (the target), not 指标 (an indicator)
        (
            "“合格上市”指标的公司的股票在证券交易所上市。",
            "合格上市",
            "标的公司的股票在证券交易所上市",
        ),
        # "or words of similar import" after the term
        (
            "“转让方所知”或类似表述，指转让方二实际知悉的事项。",
            "转让方所知",
            "转让方二实际知悉的事项",
        ),
        (
            '"Knowledge of the Seller" or any similar expression means the actual knowledge of X.',
            "Knowledge of the Seller",
            "the actual knowledge of X",
        ),
        (
            "本协议项下的交割日系指先决条件满足后第五个工作日。",
            "交割日",
            "先决条件满足后第五个工作日",
        ),
    ],
)
def test_definition_forms(text: str, term: str, definition: str) -> None:
    [found] = extract_definitions(text, offset=100, section_id="1.1")
    assert (found.term, found.definition, found.section_id) == (term, definition, "1.1")
    assert text[found.start - 100 :].lstrip("1.23 ").startswith(('"', "“", "‘", "本"))


@pytest.mark.parametrize(
    "text",
    [
        "乙方应将设备交付至“甲方”指定地点。",  # 指定 is not 指 (means)
        "本合同的签订地点为北京。",  # names no term
        "the Employer's 'approval' shall be in writing.",
        "The Contractor means well.",
        "",
    ],
)
def test_not_definitions(text: str) -> None:
    assert count_definitions(text) == 0


def test_several_definitions_on_one_line() -> None:
    found = extract_definitions("“甲方”指买方；“乙方”指卖方。", offset=0, section_id="1")
    assert [(t.term, t.definition) for t in found] == [("甲方", "买方"), ("乙方", "卖方")]
    assert [t.start for t in found] == [0, 8]


@pytest.mark.parametrize(
    "title",
    [
        "Definitions",
        "DEFINITIONS",
        "Interpretation",
        "Definitions and Interpretation",
        "定义",
        "释义",
        "定义与解释",
        "定义和解释",
        "Definitions:",
    ],
)
def test_definitions_titles(title: str) -> None:
    assert is_definitions_title(title)


def test_other_titles_and_extra_titles() -> None:
    assert not is_definitions_title("Payment")
    assert not is_definitions_title("")
    assert is_definitions_title("Glossary", ["glossary"])


def test_a_definition_ends_where_the_next_scoped_one_begins() -> None:
    text = "“交付日”是指设备运抵现场之日。本合同所称“质保期”指验收后二十四个月。"
    found = extract_definitions(text, offset=0, section_id="1")
    assert [(d.term, d.definition) for d in found] == [
        ("交付日", "设备运抵现场之日"),
        ("质保期", "验收后二十四个月"),
    ]


def test_a_definition_under_two_names_spans_both() -> None:
    text = "“交割日”指工商变更登记之日。\n“知悉”或“所知”指转让方的实际知悉。\n"
    assert [text[a:b].strip() for a, b in definition_spans(text)][1].startswith("“知悉”或")


def test_each_definition_is_its_own_span() -> None:
    text = (
        "In this Agreement:\n\n"
        '"Board" means the board of directors;\n\n'
        '"Disclosed" means fairly disclosed in the Disclosure Letter and all information '
        "in the Data Room,\nwhether or not fairly disclosed;\n\n"
        '"Leaver" means a Founder who ceases to be employed; "Good Leaver" means a Leaver '
        "who dies.\n"
    )
    spans = [text[start:end].strip() for start, end in definition_spans(text)]
    assert spans == [
        '"Board" means the board of directors;',
        '"Disclosed" means fairly disclosed in the Disclosure Letter and all information in '
        "the Data Room,\nwhether or not fairly disclosed;",
        '"Leaver" means a Founder who ceases to be employed;',
        '"Good Leaver" means a Leaver who dies.',
    ]
    chinese = (
        "下列词语具有如下含义：\n“基准日”指2024年12月31日；\n“已披露事项”指数据室中的全部文件；\n"
    )
    assert [chinese[a:b].strip() for a, b in definition_spans(chinese)] == [
        "“基准日”指2024年12月31日；",
        "“已披露事项”指数据室中的全部文件；",
    ]
    assert definition_spans("No definitions here.") == []


def test_a_paragraph_that_defines_nothing_is_read_on_its_own() -> None:
    text = (
        "In this Agreement:\n\n"
        '"Board" means the board of directors;\n\n'
        "(b)\n\n"
        "The Seller's knowledge, for every purpose of this Agreement, is its actual "
        "knowledge only;\n\n"
        '"Warranties" means the warranties in clause 8.\n'
    )
    spans = [text[start:end].strip() for start, end in definition_spans(text)]
    assert spans == [
        '"Board" means the board of directors;',
        "The Seller's knowledge, for every purpose of this Agreement, is its actual "
        "knowledge only;",
        '"Warranties" means the warranties in clause 8.',
    ]


def test_a_term_that_only_means_something_is_defined() -> None:
    text = (
        "“转让方所知”或类似表述，仅指转让方于签署日实际知悉的事实。\n\n“交割日”专指登记完成之日。\n"
    )
    assert [d.term for d in extract_definitions(text, offset=0, section_id="1.1")] == [
        "转让方所知",
        "交割日",
    ]


def test_two_quoted_names_side_by_side_open_one_definition() -> None:
    text = "“交割日”指登记之日。\n\n“转让方所知”“就转让方所知”指转让方实际知悉的事项。\n"
    assert [text[a:b].strip() for a, b in definition_spans(text)][1].startswith("“转让方所知”")
