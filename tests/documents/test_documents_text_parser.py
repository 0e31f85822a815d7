"""Plain-text parsing: the English FIDIC-style and Chinese contract fixtures, numbering
plausibility, titles, definitions, language and duplicate ids."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.documents.loading import parse_file, parse_text
from contract_review.documents.model import Document, SectionKind
from contract_review.domain import ParserSettings

Check = Callable[[Document], None]


@pytest.fixture
def fidic(fixtures_dir: Path) -> Document:
    return parse_file(fixtures_dir / "fidic_conditions.txt")


@pytest.fixture
def zh_contract(fixtures_dir: Path) -> Document:
    return parse_file(fixtures_dir / "chinese_contract.txt")


def tree_ids(document: Document) -> list[tuple[int, str]]:
    return [(s.level, s.id) for s in document.sections()]


def test_fidic_structure(fidic: Document, check_tree: Check) -> None:
    check_tree(fidic)
    assert fidic.title == "CONDITIONS OF CONTRACT FOR CONSTRUCTION"
    assert fidic.root.title == fidic.title
    assert (
        fidic.root.text
        == "These Conditions are a sample written for the contract_review test suite."
    )
    assert fidic.language == "en"
    assert fidic.format == "text"
    assert fidic.name == "fidic_conditions.txt"
    assert tree_ids(fidic) == [
        (1, "1"),
        (2, "1.1"),
        (3, "1.1.1"),
        (4, "1.1.1.1"),
        (4, "1.1.1.2"),
        (4, "1.1.1.3"),
        (3, "1.1.2"),
        (4, "1.1.2.1"),
        (4, "1.1.2.2"),
        (2, "1.2"),
        (1, "4"),
        (2, "4.1"),
        (2, "4.12"),
        (1, "20"),
        (2, "20.1"),
        (2, "20.2"),
    ]


def test_fidic_titles_and_texts(fidic: Document) -> None:
    clause = fidic.find("20")
    assert clause is not None
    assert (clause.title, clause.kind, clause.number) == (
        "Claims, Disputes and Arbitration",
        SectionKind.CLAUSE,
        (20,),
    )
    claims = fidic.find("20.1")
    assert claims is not None
    assert claims.title == "Contractor's Claims"
    assert claims.number == (20, 1)
    assert claims.text.startswith("If the Contractor considers himself")
    # A list item inside the clause stays in its text.
    assert claims.text.endswith("2. the Employer shall not be liable for any claim notified late.")
    conditions = fidic.find("4.12")
    assert conditions is not None
    assert conditions.title == "Unforeseeable Physical Conditions"
    assert "30 days after receiving such notice" in conditions.text
    obligations = fidic.find("4.1")
    assert obligations is not None
    assert "1. the Contractor's Documents" in obligations.text
    interpretation = fidic.find("1.2")
    assert interpretation is not None
    assert interpretation.title == "Interpretation"
    assert interpretation.text.startswith("In the Contract, except where")


def test_fidic_definitions(fidic: Document) -> None:
    terms = {t.term: t for t in fidic.definitions}
    assert list(terms) == [
        "Contract",
        "Contract Agreement",
        "Letter of Acceptance",
        "Party",
        "Employer",
    ]
    contract = terms["Contract"]
    assert contract.section_id == "1.1.1.1"
    assert contract.definition.startswith("the Contract Agreement, the Letter of Acceptance")
    assert fidic.source[contract.start :].startswith('"Contract" means')
    assert terms["Employer"].definition.startswith("the person named as employer")
    assert terms["Letter of Acceptance"].section_id == "1.1.1.3"
    definitions = fidic.find("1.1")
    assert definitions is not None and definitions.is_definitions
    clause_4 = fidic.find("4")
    assert clause_4 is not None and not clause_4.is_definitions


def test_chinese_contract(zh_contract: Document, check_tree: Check) -> None:
    check_tree(zh_contract)
    assert zh_contract.title == "建设工程施工合同"
    assert zh_contract.language == "zh"
    assert zh_contract.root.text.startswith("发包人（全称）")
    assert tree_ids(zh_contract) == [
        (1, "第一条"),
        (2, "1.1"),
        (2, "1.2"),
        (2, "1.3"),
        (1, "第二条"),
        (2, "2.1"),
        (2, "2.2"),
        (1, "第三条"),
        (2, "3.1"),
        (2, "3.2"),
        (1, "第四条"),
    ]
    first = zh_contract.find("第一条")
    assert first is not None
    assert (first.title, first.kind, first.number, first.is_definitions) == (
        "定义与解释",
        SectionKind.ARTICLE,
        (1,),
        True,
    )
    payment = zh_contract.find("3.2")
    assert payment is not None
    assert "（一）预付款为合同价款的百分之十；" in payment.text
    assert payment.text.endswith("30日内付清。")
    breach = zh_contract.find("第四条")
    assert breach is not None
    assert breach.title == "违约责任"
    assert breach.text.startswith("承包人逾期竣工的")
    # A 一、 line after a 第X条 article is an item of that article, not a section.
    assert breach.text.endswith("一、其他约定\n本合同未尽事宜，双方另行协商。")
    assert zh_contract.find("一") is None


def test_chinese_definitions(zh_contract: Document) -> None:
    terms = {t.term: t for t in zh_contract.definitions}
    assert list(terms) == ["合同价款", "工程", "缺陷责任期"]
    assert terms["合同价款"].definition == "发包人和承包人在协议书中约定的工程价款"
    assert terms["合同价款"].section_id == "1.1"
    assert terms["工程"].definition.startswith("发包人与承包人")
    assert zh_contract.source[terms["缺陷责任期"].start :].startswith("“缺陷责任期”是指")


# ---------------------------------------------------------------- plausibility rules


def ids_of(text: str) -> list[str]:
    return [s.id for s in parse_text(text).sections()]


def test_top_level_numbers_must_progress() -> None:
    text = "1 Scope\nThe scope.\n3 Payment\nThe price is fixed.\n2. the Employer shall pay\n"
    # "3 Payment" is a title line with a larger number (an excerpt), "2." is a list item.
    assert ids_of(text) == ["1", "3"]


def test_list_items_inside_clause_are_not_sections() -> None:
    text = (
        "1 Obligations\nThe Contractor shall:\n1. Design the Works;\n2. Build the Works.\n"
        "2 Payment\nThe Employer shall pay.\n"
    )
    # "1." and "2." use a different style ("1." vs "1") from the container's clauses.
    assert ids_of(text) == ["1", "2"]
    document = parse_text(text)
    first = document.find("1")
    assert first is not None and "2. Build the Works." in first.text


def test_body_lines_starting_with_numbers_stay_text() -> None:
    text = "1 Time\n30 days after the notice the Engineer shall respond.\n3.5 million is the cap.\n"
    document = parse_text(text)
    assert [s.id for s in document.sections()] == ["1"]
    section = document.find("1")
    assert section is not None and section.text.startswith("30 days after")


def test_dotted_numbers_must_extend_an_open_parent() -> None:
    text = "1 Scope\n1.1 Works\nThe works.\n2 Price\n1.3 Stray Heading\n2.1 Amount\nTen.\n"
    assert ids_of(text) == ["1", "1.1", "2", "2.1"]


def test_dotted_numbers_must_increase_under_their_parent() -> None:
    text = "1 Scope\n1.2 Works\n1.1 Earlier Number\n1.3 Later\n"
    assert ids_of(text) == ["1", "1.2", "1.3"]


def test_a_document_of_sub_clauses_only() -> None:
    text = "4.12 Unforeseeable Conditions\nBody.\n20.1 Contractor's Claims\nBody.\n20.2 Adjudication\nBody.\n"
    document = parse_text(text)
    assert [(s.level, s.id) for s in document.sections()] == [(1, "4.12"), (1, "20.1"), (1, "20.2")]


def test_keyword_headings_need_increasing_numbers() -> None:
    text = (
        "Clause 20 Claims\nSub-Clause 20.1 Notices\nBody text.\n"
        "Sub-Clause 20.1 shall not apply to variations.\nClause 21 Termination\n"
    )
    assert ids_of(text) == ["20", "20.1", "21"]


def test_article_and_section_numbering() -> None:
    text = "ARTICLE I DEFINITIONS\nSection 1.1 Terms\nText.\nARTICLE II PAYMENT\nSection 2.1 Price\nText.\n"
    document = parse_text(text)
    assert [(s.level, s.id, s.kind) for s in document.sections()] == [
        (1, "I", SectionKind.ARTICLE),
        (2, "1.1", SectionKind.CLAUSE),
        (1, "II", SectionKind.ARTICLE),
        (2, "2.1", SectionKind.CLAUSE),
    ]


def test_parts_and_chapters_group_clauses() -> None:
    text = (
        "Part 1 General\n1 Scope\nText.\n2 Price\nText.\n"
        "PART II OTHER MATTERS\n3 Law\nChapter 1 shall apply to the works.\n"
    )
    document = parse_text(text)
    assert [(s.level, s.id, s.kind) for s in document.sections()] == [
        (1, "1", SectionKind.PART),
        (2, "1", SectionKind.CLAUSE),
        (2, "2", SectionKind.CLAUSE),
        (1, "II", SectionKind.PART),
        (2, "3", SectionKind.CLAUSE),
    ]
    law = document.find("3")
    assert law is not None and law.text == "Chapter 1 shall apply to the works."


def test_schedules_restart_numbering() -> None:
    text = (
        "1 Definitions\nText.\n2 Payment\nText.\n"
        "Schedule 1 Scope of Works\n1 General\nScope text.\n2 Details\nMore.\n"
    )
    document = parse_text(text)
    assert [(s.level, s.id) for s in document.sections()] == [
        (1, "1"),
        (1, "2"),
        (1, "Schedule 1"),
        (2, "1"),
        (2, "2"),
    ]


def test_chinese_structure_in_plain_text(check_tree: Check) -> None:
    text = (
        "中华人民共和国某某法\n\n第一章 总则\n\n第一条 为了规范某某活动，制定本法。\n\n"
        "第二条 本法适用于某某活动。\n\n第二章 法律责任\n\n第一节 一般规定\n\n"
        "第三条 违反本法规定的，依法承担责任。\n\n第三条之一 情节严重的，从重处罚。\n"
    )
    document = parse_text(text)
    check_tree(document)
    assert document.title == "中华人民共和国某某法"
    assert [(s.level, s.id) for s in document.sections()] == [
        (1, "第一章"),
        (2, "第一条"),
        (2, "第二条"),
        (1, "第二章"),
        (2, "第一节"),
        (3, "第三条"),
        (3, "第三条之一"),
    ]
    inserted = document.find("第三条之一")
    assert inserted is not None
    assert inserted.number == (3, 1)
    assert inserted.text == "情节严重的，从重处罚。"


def test_chinese_enumeration_must_start_at_one() -> None:
    # "二、" alone is no heading: the text has none and is read paragraph by paragraph.
    assert ids_of("二、付款\n正文。\n") == ["¶1"]
    assert ids_of("一、付款\n正文。\n三、违约\n正文。\n二、保密\n正文。\n") == ["一", "二"]


def test_duplicate_ids_are_disambiguated(check_tree: Check) -> None:
    text = "第一条 甲方应付款。\n第一条 乙方应交货。\n第一条 双方应保密。\n"
    document = parse_text(text)
    check_tree(document)
    assert [s.id for s in document.sections()] == ["第一条", "第一条 (2)", "第一条 (3)"]
    assert [s.number for s in document.sections()] == [(1,), (1,), (1,)]


def test_spans_cover_heading_and_children() -> None:
    text = "1 Scope\nScope text.\n1.1 Works\nWorks text.\n2 Price\nPrice text.\n"
    document = parse_text(text)
    scope = document.find("1")
    assert scope is not None
    assert scope.full_text(document.source) == "1 Scope\nScope text.\n1.1 Works\nWorks text."
    assert scope.text == "Scope text."
    assert document.section_text("2") == "2 Price\nPrice text."


def test_crlf_is_normalised_before_parsing() -> None:
    document = parse_text("1 Scope\r\nScope text.\r\n2 Price\r\nPrice text.\r\n")
    assert "\r" not in document.source
    section = document.find("2")
    assert section is not None and section.text == "Price text."


def test_language_detection_and_override() -> None:
    assert parse_text("1 Scope\nThe works.").language == "en"
    assert parse_text("第一条 本合同适用中华人民共和国法律。").language == "zh"
    assert parse_text("1 Scope\nThe works.", language="zh").language == "zh"
    settings = ParserSettings(language="zh")
    assert parse_text("1 Scope\nThe works.", settings=settings).language == "zh"


def test_definitions_titles_from_settings() -> None:
    text = "1 Glossary\nSome words.\n2 Price\nText.\n"
    plain = parse_text(text)
    custom = parse_text(text, settings=ParserSettings(definitions_titles=("Glossary",)))
    assert [s.id for s in plain.sections() if s.is_definitions] == []
    assert [s.id for s in custom.sections() if s.is_definitions] == ["1"]


def test_section_with_three_definitions_is_a_definitions_section() -> None:
    text = (
        '1 Words\n"Buyer" means the buyer.\n"Seller" means the seller.\n'
        '"Goods" means the goods.\n2 Price\nText.\n'
    )
    document = parse_text(text)
    assert [s.id for s in document.sections() if s.is_definitions] == ["1"]
    assert [t.term for t in document.definitions] == ["Buyer", "Seller", "Goods"]


def test_role_and_name_are_recorded() -> None:
    document = parse_text("1 Scope\nText.", name="er.txt", role="reference")
    assert (document.name, document.role) == ("er.txt", "reference")


def test_numbered_items_inside_a_chinese_article_stay_in_its_text() -> None:
    text = (
        "采购合同\n\n第一条 定义\n本合同所称“设备”，是指附件所列设备。\n\n"
        "第二条 付款\n1. 甲方应在合同生效后30日内支付预付款。\n2. 验收合格后支付余款。\n\n"
        "第三条 交付\n3.1 乙方应按期交付。\n3.2 逾期交付的，按日支付违约金。\n"
    )
    document = parse_text(text, name="purchase.txt")
    assert [s.id for s in document.root.children] == ["第一条", "第二条", "第三条"]
    payment = document.find("第二条")
    assert payment is not None and payment.children == []
    assert payment.text.startswith("1. 甲方应在合同生效后30日内支付预付款。")
    assert payment.text.endswith("2. 验收合格后支付余款。")
    delivery = document.find("第三条")
    assert delivery is not None and [c.id for c in delivery.children] == ["3.1", "3.2"]


def test_keyword_sub_clause_without_its_clause_heading_is_still_a_section() -> None:
    text = (
        "PARTICULAR CONDITIONS\n\nClause 1 General Provisions\nAs in the General Conditions.\n\n"
        "Sub-Clause 20.1 Contractor's Claims\nReplace 28 days with 14 days.\n\n"
        "Sub-Clause 20.2 Disputes\nDelete the second paragraph.\n"
    )
    document = parse_text(text, name="pc.txt")
    assert [(s.id, s.title) for s in document.root.children] == [
        ("1", "General Provisions"),
        ("20.1", "Contractor's Claims"),
        ("20.2", "Disputes"),
    ]
    # a bare orphan number after a clause is still body text ("3.5 million ...")
    bare = parse_text("1 Price\nThe price is\n3.5 Million dollars in total.\n", name="p.txt")
    assert [s.id for s in bare.sections()] == ["1"]
