"""Heading recognition and the title/body split on a heading line."""

from __future__ import annotations

import pytest

from contract_review.documents.headings import HeadingStyle, recognise_heading, split_title
from contract_review.documents.model import SectionKind


@pytest.mark.parametrize(
    ("line", "id_", "kind", "number", "title"),
    [
        ("1 General Provisions", "1", SectionKind.CLAUSE, (1,), "General Provisions"),
        ("1. General Provisions", "1", SectionKind.CLAUSE, (1,), "General Provisions"),
        ("1.1 Definitions", "1.1", SectionKind.CLAUSE, (1, 1), "Definitions"),
        (
            "4.12\tUnforeseeable Physical Conditions",
            "4.12",
            SectionKind.CLAUSE,
            (4, 12),
            "Unforeseeable Physical Conditions",
        ),
        ("1.1.1 The Contract", "1.1.1", SectionKind.CLAUSE, (1, 1, 1), "The Contract"),
        (
            "Clause 20 Claims, Disputes and Arbitration",
            "20",
            SectionKind.CLAUSE,
            (20,),
            "Claims, Disputes and Arbitration",
        ),
        (
            "Sub-Clause 20.1 [Contractor's Claims]",
            "20.1",
            SectionKind.CLAUSE,
            (20, 1),
            "Contractor's Claims",
        ),
        (
            "Sub-Clause 20.1 Contractor's Claims",
            "20.1",
            SectionKind.CLAUSE,
            (20, 1),
            "Contractor's Claims",
        ),
        ("Article 5", "5", SectionKind.ARTICLE, (5,), ""),
        ("ARTICLE V - DEFINITIONS", "V", SectionKind.ARTICLE, (5,), "DEFINITIONS"),
        ("Section 3.2 Payment", "3.2", SectionKind.CLAUSE, (3, 2), "Payment"),
        ("Section 3.2 Payment.", "3.2", SectionKind.CLAUSE, (3, 2), "Payment"),
        ("Schedule 1 Scope of Works", "Schedule 1", SectionKind.HEADING, (1,), "Scope of Works"),
        ("Appendix A", "Appendix A", SectionKind.HEADING, (1,), ""),
        ("Annex 2 - Forms", "Annex 2", SectionKind.HEADING, (2,), "Forms"),
        ("附件一", "附件一", SectionKind.HEADING, (1,), ""),
        ("第一编 总则", "第一编", SectionKind.PART, (1,), "总则"),
        ("第一分编  通则", "第一分编", SectionKind.PART, (1,), "通则"),
        ("第十三章 保证合同", "第十三章", SectionKind.CHAPTER, (13,), "保证合同"),
        ("第二节 保证责任", "第二节", SectionKind.SUBCHAPTER, (2,), "保证责任"),
        ("第一条 定义与解释", "第一条", SectionKind.ARTICLE, (1,), "定义与解释"),
        (
            "第一百三十三条之一 在道路上驾驶机动车，有下列情形之一的，处拘役，并处罚金：",
            "第一百三十三条之一",
            SectionKind.ARTICLE,
            (133, 1),
            "",
        ),
        ("　　第十四条　当事人应当遵循诚信原则。", "第十四条", SectionKind.ARTICLE, (14,), ""),
        ("第14条 付款", "第14条", SectionKind.ARTICLE, (14,), "付款"),
        ("一、定义", "一", SectionKind.CLAUSE, (1,), "定义"),
    ],
)
def test_recognised_forms(
    line: str, id_: str, kind: SectionKind, number: tuple[int, ...], title: str
) -> None:
    match = recognise_heading(line)
    assert match is not None
    assert (match.id, match.kind, match.number, match.title) == (id_, kind, number, title)


@pytest.mark.parametrize(
    "line",
    [
        "12",  # a lone number is a page number, not a heading
        "（一）预付款为合同价款的百分之十；",  # list items stay in the text
        "第一百四十二条第一款规定的情形",  # a reference, not followed by a space
        "Clause 20's notice period",
        "This Agreement is made on 1 May",
        "1.5% of the Contract Price",
        "",
    ],
)
def test_not_headings(line: str) -> None:
    assert recognise_heading(line) is None


def test_law_article_body_on_the_heading_line() -> None:
    line = "第四百六十三条 本编调整因合同产生的民事关系。"
    match = recognise_heading(line)
    assert match is not None
    assert match.style is HeadingStyle.ZH_ARTICLE
    assert match.title == ""
    assert line[match.body_start :] == "本编调整因合同产生的民事关系。"


def test_contract_article_title_line() -> None:
    line = "第一条 定义与解释"
    match = recognise_heading(line)
    assert match is not None
    assert match.title == "定义与解释"
    assert match.body_start == len(line)  # the body starts on the next line


def test_trailing_dot_is_recorded() -> None:
    dotted = recognise_heading("2. Payment")
    bare = recognise_heading("2 Payment")
    assert dotted is not None and dotted.trailing_dot
    assert bare is not None and not bare.trailing_dot


@pytest.mark.parametrize(
    ("rest", "title", "body"),
    [
        ("", "", ""),
        ("Definitions", "Definitions", ""),
        ("[Contractor's Claims]", "Contractor's Claims", ""),
        (
            "[Notices] All notices shall be in writing.",
            "Notices",
            "All notices shall be in writing.",
        ),
        (
            "Interpretation. In the Contract words in the singular include the plural.",
            "Interpretation",
            "In the Contract words in the singular include the plural.",
        ),
        ("Payment.", "Payment", ""),
        ("The Seller shall deliver the goods.", "", "The Seller shall deliver the goods."),
        (
            "The Seller shall deliver the goods. The Buyer shall pay.",
            "",
            "The Seller shall deliver the goods. The Buyer shall pay.",
        ),
        (
            '"Base Date" means the date 28 days before',
            "",
            '"Base Date" means the date 28 days before',
        ),
        ("本编调整因合同产生的民事关系。", "", "本编调整因合同产生的民事关系。"),
        ("主刑的种类如下：", "", "主刑的种类如下："),
        ("（删去）", "", "（删去）"),
        ("定义与解释", "定义与解释", ""),
        (
            "当事人订立合同，可以采用书面形式、口头形式或者其他形式，法律另有规定的除外",
            "",
            "当事人订立合同，可以采用书面形式、口头形式或者其他形式，法律另有规定的除外",
        ),
        ("A" * 81, "", "A" * 81),
    ],
)
def test_split_title(rest: str, title: str, body: str) -> None:
    got_title, offset = split_title(rest)
    assert got_title == title
    assert rest[offset:] == body


@pytest.mark.parametrize(
    ("line", "expected_id", "number", "title"),
    [
        ("第4.1款 承包商的一般义务", "4.1", (4, 1), "承包商的一般义务"),
        ("第20.1款　承包商索赔", "20.1", (20, 1), "承包商索赔"),
        ("第4.1款", "4.1", (4, 1), ""),
    ],
)
def test_chinese_sub_clause_headings(
    line: str, expected_id: str, number: tuple[int, ...], title: str
) -> None:
    match = recognise_heading(line)
    assert match is not None
    assert (match.id, match.number, match.title) == (expected_id, number, title)
    assert match.kind is SectionKind.CLAUSE


@pytest.mark.parametrize(
    "line", ["第一款规定的人员，严重不负责任的", "第5.2款应修改为：", "第二款所称善意"]
)
def test_paragraph_references_in_laws_are_not_sub_clause_headings(line: str) -> None:
    assert recognise_heading(line) is None
