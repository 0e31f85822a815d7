"""Contracts with no clause numbering or headings are parsed into paragraph sections
(``¶1``, ``¶2``...): blank-line and line-break paragraphs, English and Chinese, offsets
exact, titles and signature lines that are no clauses of their own."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.locate import locate_clause
from contract_review.documents.model import Document, Sectioning, SectionKind
from contract_review.documents.paragraph_sections import (
    display_width,
    ends_sentence,
    join_minor_pieces,
    paragraph_sections,
    paragraph_spans,
    trim_span,
)

Check = Callable[[Document], None]

LETTER_EN = """LETTER AGREEMENT

Dear Ms Smith,

This letter sets out the terms on which Northwind Ltd (the "Consultant") will provide
advisory services to Contoso Inc (the "Client"). The Consultant shall perform the
services with reasonable skill and care.

The Client shall pay each invoice within sixty (60) days of receipt.

Confidentiality
Each party shall keep confidential all information received from the other party.

Yours sincerely,
Northwind Ltd
"""

AGREEMENT_ZH = """房屋租赁合同
甲方（出租人）：张三
乙方（承租人）：李四
甲方同意将位于北京市朝阳区的房屋出租给乙方使用，租期一年。
租金每月人民币五千元，乙方应于每月五日前支付当月租金。
乙方不得将房屋转租给第三方。
因本合同发生的争议，双方应协商解决；协商不成的，提交北京仲裁委员会仲裁。
甲方签字：
乙方签字：
"""

WRAPPED_EN = """Services agreement
The Supplier shall provide the services described in the order form with
reasonable skill and care and in accordance with good industry practice, and
shall comply with all applicable laws.
The Customer shall pay the fees within thirty days of the date of each
invoice.
Either party may terminate this agreement on ninety days' written notice to
the other party.
"""


def _texts(document: Document) -> list[str]:
    return [s.text for s in document.sections()]


def test_blank_line_paragraphs_of_an_english_letter(check_tree: Check) -> None:
    document = parse_text(LETTER_EN, name="letter.txt")
    check_tree(document)
    assert document.sectioning is Sectioning.PARAGRAPHS
    assert document.title == "LETTER AGREEMENT"
    sections = list(document.sections())
    assert [s.id for s in sections] == ["¶1", "¶2", "¶3"]
    assert all(s.kind is SectionKind.PARAGRAPH and s.number == () for s in sections)
    first, payment, confidentiality = sections
    # The document title and the salutation are no clauses: they lead the first paragraph.
    assert first.start == 0 and first.title == ""
    assert first.text.startswith("Dear Ms Smith,\n\nThis letter sets out")
    assert first.text.endswith("reasonable skill and care.")
    assert payment.text == "The Client shall pay each invoice within sixty (60) days of receipt."
    # A title line heads its paragraph; the closing lines join the last paragraph.
    assert confidentiality.title == "Confidentiality"
    assert confidentiality.text.startswith("Each party shall keep confidential")
    assert confidentiality.text.endswith("Yours sincerely,\nNorthwind Ltd")
    assert LETTER_EN[confidentiality.start :].startswith("Confidentiality\n")


def test_line_break_paragraphs_of_a_chinese_agreement(check_tree: Check) -> None:
    document = parse_text(AGREEMENT_ZH, name="lease.txt")
    check_tree(document)
    assert document.sectioning is Sectioning.PARAGRAPHS and document.language == "zh"
    assert document.title == "房屋租赁合同"
    assert _texts(document) == [
        "甲方（出租人）：张三\n乙方（承租人）：李四\n"
        "甲方同意将位于北京市朝阳区的房屋出租给乙方使用，租期一年。",
        "租金每月人民币五千元，乙方应于每月五日前支付当月租金。",
        "乙方不得将房屋转租给第三方。",
        "因本合同发生的争议，双方应协商解决；协商不成的，提交北京仲裁委员会仲裁。\n"
        "甲方签字：\n乙方签字：",
    ]
    assert [s.id for s in document.sections()] == ["¶1", "¶2", "¶3", "¶4"]


def test_hard_wrapped_lines_stay_in_their_paragraph(check_tree: Check) -> None:
    document = parse_text(WRAPPED_EN, name="services.txt")
    check_tree(document)
    texts = _texts(document)
    assert len(texts) == 3
    assert texts[0].startswith("The Supplier shall provide") and texts[0].endswith("laws.")
    assert texts[1].endswith("date of each\ninvoice.")
    assert texts[2].startswith("Either party may terminate")


def test_a_paragraph_per_line_between_blank_lines_is_split_at_its_lines() -> None:
    text = (
        "委托协议\n\n甲方委托乙方办理公司注册登记事务。\n乙方应在三十日内完成全部登记手续。\n"
        "甲方应按约定支付委托费用人民币两万元。\n"
    )
    document = parse_text(text, name="entrust.txt")
    assert _texts(document) == [
        "甲方委托乙方办理公司注册登记事务。",
        "乙方应在三十日内完成全部登记手续。",
        "甲方应按约定支付委托费用人民币两万元。",
    ]


def test_every_line_is_a_paragraph_when_asked() -> None:
    text = (
        "The Supplier shall deliver the goods to the warehouse of the Buyer\n"
        "The Buyer shall pay the price within thirty days of the delivery date\n"
    )
    assert len(paragraph_sections(text)) == 1  # the first line is hard-wrapped
    sections = paragraph_sections(text, lines_are_paragraphs=True)
    assert [s.text for s in sections] == text.strip().split("\n")


def test_a_closing_line_joining_a_paragraph_gives_it_no_title() -> None:
    text = (
        "The Consultant shall perform the services with reasonable skill and care\n"
        "The Client shall pay each invoice within sixty days of its receipt\n"
        "Signed: ________\n"
    )
    sections = paragraph_sections(text, lines_are_paragraphs=True)
    assert [(s.title, s.text) for s in sections] == [
        ("", "The Consultant shall perform the services with reasonable skill and care"),
        (
            "",
            "The Client shall pay each invoice within sixty days of its receipt\nSigned: ________",
        ),
    ]


def test_numbered_contracts_keep_their_clauses() -> None:
    text = "1. Payment\nThe Buyer shall pay within 30 days.\n\n2. Notices\nNotices in writing.\n"
    document = parse_text(text, name="numbered.txt")
    assert document.sectioning is Sectioning.HEADINGS
    assert [s.id for s in document.sections()] == ["1", "2"]


def test_markdown_without_headings_is_read_by_paragraph(check_tree: Check) -> None:
    text = "# Side letter\n\n" + LETTER_EN.split("\n\n", 1)[1]
    document = parse_text(text, name="side.md", format="markdown")
    check_tree(document)
    assert document.sectioning is Sectioning.PARAGRAPHS
    assert document.title == "Side letter"
    first = next(document.sections())
    assert first.start == 0 and first.text.startswith("Dear Ms Smith,")


def test_a_clause_number_never_names_a_paragraph() -> None:
    document = parse_text(LETTER_EN, name="letter.txt")
    assert locate_clause(document, "2") is None
    assert locate_clause(document, "Clause 3") is None
    found = locate_clause(document, "confidentiality", keywords=("confidential",))
    assert found is not None and found.id == "¶3"


def test_page_numbers_and_list_numbers_are_no_clauses() -> None:
    text = (
        "The Company shall keep accurate books of account at its principal office.\n\n"
        "2\n\n3.\n\n4.\n\n"
        "Each party may inspect the books on reasonable notice during business hours.\n"
    )
    sections = paragraph_sections(text)
    assert len(sections) == 2
    assert sections[1].text.startswith("2\n\n3.\n\n4.\n\nEach party may inspect")
    assert sections[1].title == ""


def test_helpers() -> None:
    assert display_width("甲方 abc") == 8
    assert display_width("  a \n\n b ") == 3
    assert ends_sentence("as agreed.)") and ends_sentence("支付。") and not ends_sentence("and")
    assert ends_sentence("as follows:", colon=True) and not ends_sentence("as follows:")
    assert trim_span("  ab  ", 0, 6) == (2, 4) and trim_span(" \n ", 0, 3) is None
    source = "a\n\nbb\n\ncc"
    assert join_minor_pieces(source, [(0, 1), (3, 5), (7, 9)], is_minor=lambda t: len(t) < 2) == [
        (0, 5),
        (7, 9),
    ]
    assert join_minor_pieces(source, [(0, 1)], is_minor=lambda t: True) == [(0, 1)]
    assert paragraph_spans("   \n\n  ") == []


# ------------------------------------------------------------------------- properties

_WORDS = ["the", "Buyer", "shall", "pay", "甲方", "应", "支付", "租金", "30", "days", "(a)"]
_ENDS = ["", ".", ";", ":", "。", "，", ","]
_line = st.builds(
    lambda words, end, indent: " " * indent + " ".join(words) + end,
    st.lists(st.sampled_from(_WORDS), min_size=0, max_size=14),
    st.sampled_from(_ENDS),
    st.integers(min_value=0, max_value=3),
)
_break = st.sampled_from(["\n", "\n", "\n\n", "\n \n\n", "\r\n"])


@st.composite
def _texts_without_numbering(draw: st.DrawFn) -> str:
    lines = draw(st.lists(_line, min_size=1, max_size=14))
    breaks = draw(st.lists(_break, min_size=len(lines), max_size=len(lines)))
    return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))


@given(text=_texts_without_numbering())
def test_paragraph_sections_are_exact_slices_in_order(text: str) -> None:
    sections = paragraph_sections(text)
    assert [s.id for s in sections] == [f"¶{i}" for i in range(1, len(sections) + 1)]
    previous_end = 0
    covered = 0
    for section in sections:
        assert text[section.text_start : section.text_end] == section.text
        assert section.text == section.text.strip()
        assert previous_end <= section.start <= section.text_start <= section.text_end
        assert section.text_end == section.end <= len(text)
        assert not text[previous_end : section.start].strip()  # only whitespace between
        covered += len("".join(text[section.start : section.end].split()))
        previous_end = section.end
    assert not text[previous_end:].strip()
    assert covered == len("".join(text.split()))  # every visible character, once
    assert bool(sections) == bool(text.strip())


@given(text=_texts_without_numbering())
def test_parsed_unnumbered_text_satisfies_the_tree_invariants(check_tree: Check, text: str) -> None:
    if not text.strip():
        return
    document = parse_text(text, name="any.txt")
    check_tree(document)
    ids = [s.id for s in document.sections()]
    assert len(ids) == len(set(ids))
    if document.sectioning is Sectioning.PARAGRAPHS:
        assert ids == [f"¶{i}" for i in range(1, len(ids) + 1)]
        for section in document.sections():
            assert document.source[section.text_start : section.text_end] == section.text
