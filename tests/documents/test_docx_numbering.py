"""Word's automatic list numbering: the labels it displays before paragraphs."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import chinese_to_int
from contract_review.documents.docx_numbering import DocxNumbering, format_number
from contract_review.documents.numbering import roman_to_int

docx = pytest.importorskip("docx")

from docx.oxml import parse_xml  # noqa: E402
from docx.oxml.ns import nsdecls, qn  # noqa: E402

#: A level: (format, lvlText, start) and optional extra XML inside the w:lvl.
Level = tuple[str, str, int] | tuple[str, str, int, str]


def _lvl_xml(ilvl: int, level: Level) -> str:
    fmt, text, start = level[:3]
    extra = level[3] if len(level) == 4 else ""
    return (
        f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
        f'{extra}<w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/>'
        f'<w:pPr><w:ind w:left="{360 * (ilvl + 1)}" w:hanging="360"/></w:pPr></w:lvl>'
    )


class Builder:
    """A python-docx document with numbering definitions added to its numbering part."""

    def __init__(self) -> None:
        self.document: Any = docx.Document()
        self.numbering: Any = self.document.part.numbering_part.element
        self._next_id = 100

    def abstract(self, levels: Sequence[Level], *, extra: str = "") -> int:
        """Add a ``w:abstractNum`` (before the first ``w:num``, as the schema orders them)."""
        abstract_id = self._next_id
        self._next_id += 1
        body = "".join(_lvl_xml(i, level) for i, level in enumerate(levels))
        element = parse_xml(
            f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract_id}">'
            f'<w:multiLevelType w:val="multilevel"/>{extra}{body}</w:abstractNum>'
        )
        first_num = self.numbering.find(qn("w:num"))
        if first_num is None:
            self.numbering.append(element)
        else:
            first_num.addprevious(element)
        return abstract_id

    def num(self, abstract_id: int, *, overrides: str = "") -> int:
        """Add a ``w:num`` over ``abstract_id`` (with ``w:lvlOverride`` XML) and return its id."""
        num_id = self._next_id
        self._next_id += 1
        self.numbering.append(
            parse_xml(
                f'<w:num {nsdecls("w")} w:numId="{num_id}">'
                f'<w:abstractNumId w:val="{abstract_id}"/>{overrides}</w:num>'
            )
        )
        return num_id

    def new_list(self, levels: Sequence[Level]) -> int:
        """A new abstract numbering and one ``w:num`` over it."""
        return self.num(self.abstract(levels))

    def style(
        self,
        name: str,
        *,
        num_id: int | None = None,
        ilvl: int | None = None,
        based_on: str | None = None,
    ) -> Any:
        """A paragraph style (new unless it exists) whose ``w:pPr`` carries the numbering."""
        from docx.enum.style import WD_STYLE_TYPE

        try:
            style = self.document.styles[name]
        except KeyError:
            style = self.document.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        if based_on is not None:
            style.base_style = self.document.styles[based_on]
        if num_id is not None or ilvl is not None:
            numpr = style.element.get_or_add_pPr().get_or_add_numPr()
            if ilvl is not None:
                numpr.get_or_add_ilvl().val = ilvl
            if num_id is not None:
                numpr.get_or_add_numId().val = num_id
        return style

    def para(
        self,
        text: str,
        num_id: int | None = None,
        ilvl: int | None = None,
        *,
        style: str | None = None,
    ) -> Any:
        paragraph = self.document.add_paragraph(text, style=style)
        if num_id is not None or ilvl is not None:
            numpr = paragraph._p.get_or_add_pPr().get_or_add_numPr()
            if ilvl is not None:
                numpr.get_or_add_ilvl().val = ilvl
            if num_id is not None:
                numpr.get_or_add_numId().val = num_id
        return paragraph

    def saved(self) -> bytes:
        stream = io.BytesIO()
        self.document.save(stream)
        return stream.getvalue()

    def labels(self) -> list[tuple[str, str]]:
        """(label, text) of every paragraph of the saved and reopened document."""
        return labels_of(self.saved())


def labels_of(data: bytes) -> list[tuple[str, str]]:
    """(label, text) of each body paragraph and table-cell paragraph, in document order."""
    from docx.text.paragraph import Paragraph

    document = docx.Document(io.BytesIO(data))
    numbering = DocxNumbering.of(document)
    return [
        (numbering.label(p), Paragraph(p, document).text)
        for p in document.element.body.iter(qn("w:p"))
    ]


def label_list(builder: Builder) -> list[str]:
    return [label for label, _ in builder.labels()]


MULTILEVEL: list[Level] = [("decimal", "%1.", 1), ("decimal", "%1.%2", 1)]
CHINESE: list[Level] = [("chineseCounting", "第%1条", 1), ("chineseCounting", "（%2）", 1)]


def add_multilevel(builder: Builder) -> Builder:
    num = builder.new_list(MULTILEVEL)
    for text, ilvl in [
        ("Definitions", 0),
        ("Words defined", 1),
        ("Interpretation", 1),
        ("Payment", 0),
        ("Price", 1),
    ]:
        builder.para(text, num, ilvl)
    return builder


def add_chinese(builder: Builder) -> Builder:
    num = builder.new_list(CHINESE)
    for article in range(1, 13):
        builder.para(f"条款{article}", num, 0)
        if article in (2, 12):
            builder.para("第一项", num, 1)
            builder.para("第二项", num, 1)
    return builder


def test_multilevel_decimal_list() -> None:
    assert add_multilevel(Builder()).labels() == [
        ("1.", "Definitions"),
        ("1.1", "Words defined"),
        ("1.2", "Interpretation"),
        ("2.", "Payment"),
        ("2.1", "Price"),
    ]


def test_chinese_articles_with_nested_items() -> None:
    labels = label_list(add_chinese(Builder()))
    articles = [label for label in labels if label.startswith("第")]
    assert articles == [
        "第一条",
        "第二条",
        "第三条",
        "第四条",
        "第五条",
        "第六条",
        "第七条",
        "第八条",
        "第九条",
        "第十条",
        "第十一条",
        "第十二条",
    ]
    assert labels[2:4] == ["（一）", "（二）"]
    assert labels[-2:] == ["（一）", "（二）"]  # restarted under 第十二条


def test_letters_and_roman_numerals_nest_and_restart() -> None:
    builder = Builder()
    num = builder.new_list(
        [("decimal", "%1.", 1), ("lowerLetter", "(%2)", 1), ("lowerRoman", "(%3)", 1)]
    )
    for ilvl in (0, 1, 2, 2, 2, 2, 1, 2, 0, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == [
        "1.",
        "(a)",
        "(i)",
        "(ii)",
        "(iii)",
        "(iv)",
        "(b)",
        "(i)",
        "2.",
        "(a)",
    ]


def test_upper_letters_and_roman_articles() -> None:
    builder = Builder()
    num = builder.new_list([("upperRoman", "Article %1", 1), ("upperLetter", "%2)", 1)])
    for ilvl in (0, 1, 1, 0, 0, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["Article I", "A)", "B)", "Article II", "Article III", "A)"]


def test_start_value_and_start_override() -> None:
    builder = Builder()
    abstract = builder.abstract([("decimal", "%1.", 3)])
    first = builder.num(abstract)
    restart = builder.num(
        abstract, overrides='<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>'
    )
    at_ten = builder.num(
        abstract,
        overrides='<w:lvlOverride w:ilvl="0"><w:startOverride w:val="10"/></w:lvlOverride>',
    )
    for num in (first, first, restart, restart, first, at_ten, at_ten):
        builder.para("text", num, 0)
    # The three w:num share one abstract numbering and so one counter; each override
    # restarts it the first time its w:num is used, and "first" continues the sequence.
    assert label_list(builder) == ["3.", "4.", "1.", "2.", "3.", "10.", "11."]


def test_nums_of_one_abstract_continue_one_sequence() -> None:
    builder = Builder()
    abstract = builder.abstract([("decimal", "%1.", 1)])
    one, two = builder.num(abstract), builder.num(abstract)
    other = builder.new_list([("decimal", "%1)", 1)])
    for num in (one, one, other, two, two, other):
        builder.para("text", num, 0)
    assert label_list(builder) == ["1.", "2.", "1)", "3.", "4.", "2)"]


def test_level_override_replaces_the_level() -> None:
    builder = Builder()
    abstract = builder.abstract([("decimal", "%1.", 1), ("decimal", "%1.%2", 1)])
    override = (
        '<w:lvlOverride w:ilvl="1">' + _lvl_xml(1, ("lowerLetter", "(%2)", 1)) + "</w:lvlOverride>"
    )
    num = builder.num(abstract, overrides=override)
    for ilvl in (0, 1, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["1.", "(a)", "(b)"]


def test_legal_numbering_shows_every_level_in_decimal() -> None:
    builder = Builder()
    num = builder.new_list(
        [
            ("upperRoman", "Article %1", 1),
            ("lowerLetter", "%1.%2", 1, "<w:isLgl/>"),
        ]
    )
    for ilvl in (0, 1, 1, 0, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["Article I", "1.1", "1.2", "Article II", "2.1"]


def test_level_restart() -> None:
    builder = Builder()
    num = builder.new_list(
        [
            ("decimal", "%1.", 1),
            ("decimal", "%1.%2", 1),
            ("lowerLetter", "(%3)", 1, '<w:lvlRestart w:val="1"/>'),  # restarts on level 1 only
            ("lowerRoman", "(%4)", 1, '<w:lvlRestart w:val="0"/>'),  # never restarts
        ]
    )
    for ilvl in (0, 1, 2, 3, 1, 2, 3, 0, 2, 3):
        builder.para("text", num, ilvl)
    assert label_list(builder) == [
        "1.",
        "1.1",
        "(a)",
        "(i)",
        "1.2",
        "(b)",  # level 2 did not restart after 1.2
        "(ii)",
        "2.",
        "(a)",  # but did after 2.
        "(iii)",
    ]


def test_levels_not_yet_counted_show_zero_as_word_does() -> None:
    builder = Builder()
    num = builder.new_list(
        [("decimal", "%1.", 1), ("decimal", "%1.%2.", 1), ("decimal", "%1.%2.%3.", 1)]
    )
    for ilvl in (1, 0, 2, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["0.1.", "1.", "1.0.1.", "1.1."]


def test_numbering_through_heading_styles() -> None:
    builder = Builder()
    num = builder.new_list([("decimal", "%1", 1), ("decimal", "%1.%2", 1)])
    builder.style("Heading 1", num_id=num, ilvl=0)
    builder.style("Heading 2", num_id=num, ilvl=1)
    builder.para("Definitions", style="Heading 1")
    builder.para("Words", style="Heading 2")
    builder.para("Body text")
    builder.para("Interpretation", style="Heading 2")
    builder.para("Payment", style="Heading 1")
    assert label_list(builder) == ["1", "1.1", "", "1.2", "2"]


def test_numbering_through_a_based_on_chain() -> None:
    builder = Builder()
    num = builder.new_list([("decimal", "%1.", 1), ("lowerLetter", "(%2)", 1)])
    builder.style("Clause Base", num_id=num, ilvl=0)
    builder.style("Clause", based_on="Clause Base")
    builder.style("Main Clause", based_on="Clause")
    builder.style("Sub Clause", based_on="Clause", ilvl=1)  # own level, inherited numId
    for style in ("Main Clause", "Sub Clause", "Sub Clause", "Clause"):
        builder.para("text", style=style)
    assert label_list(builder) == ["1.", "(a)", "(b)", "2."]


def test_style_level_from_the_abstract_levels_pstyle() -> None:
    builder = Builder()
    builder.style("Schedule Title")
    builder.style("Schedule Part")
    style_ids = {
        name: builder.document.styles[name].style_id for name in ("Schedule Title", "Schedule Part")
    }
    num = builder.new_list(
        [
            ("decimal", "Schedule %1", 1, f'<w:pStyle w:val="{style_ids["Schedule Title"]}"/>'),
            ("upperLetter", "Part %2", 1, f'<w:pStyle w:val="{style_ids["Schedule Part"]}"/>'),
        ]
    )
    builder.style("Schedule Title", num_id=num)
    builder.style("Schedule Part", num_id=num)
    for style in ("Schedule Title", "Schedule Part", "Schedule Part", "Schedule Title"):
        builder.para("text", style=style)
    assert label_list(builder) == ["Schedule 1", "Part A", "Part B", "Schedule 2"]


def test_direct_numbering_overrides_the_style_and_num_id_zero_switches_it_off() -> None:
    builder = Builder()
    num = builder.new_list([("decimal", "%1.", 1), ("decimal", "%1.%2", 1)])
    builder.style("Heading 1", num_id=num, ilvl=0)
    builder.para("One", style="Heading 1")
    builder.para("Unnumbered heading", 0, style="Heading 1")  # numId 0
    builder.para("Sub", ilvl=1, style="Heading 1")  # level only; numId from the style
    builder.para("Two", style="Heading 1")
    assert label_list(builder) == ["1.", "", "1.1", "2."]


def test_bullets_have_no_label() -> None:
    builder = Builder()
    bullets = builder.new_list([("bullet", "\uf0b7", 1), ("bullet", "o", 1)])
    numbers = builder.new_list([("decimal", "%1.", 1)])
    builder.para("first", bullets, 0)
    builder.para("second", bullets, 1)
    builder.para("numbered", numbers, 0)
    builder.para("third", bullets, 0)
    builder.para("plain")
    builder.para("bullet style", style="List Bullet")  # the template's own bullet list
    assert label_list(builder) == ["", "", "1.", "", "", ""]


def test_none_format_shows_only_the_literal_text() -> None:
    builder = Builder()
    num = builder.new_list([("none", "Recitals", 1), ("decimal", "%2.", 1)])
    for ilvl in (0, 1, 1):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["Recitals", "1.", "2."]


def test_template_list_number_style() -> None:
    builder = Builder()
    for _ in range(3):
        builder.para("item", style="List Number")
    assert label_list(builder) == ["1.", "2.", "3."]


def test_paragraphs_in_table_cells_count_in_document_order() -> None:
    builder = Builder()
    num = builder.new_list([("decimal", "%1.", 1)])
    builder.para("before", num, 0)
    table = builder.document.add_table(rows=1, cols=2)
    for cell in table.rows[0].cells:
        paragraph = cell.paragraphs[0]
        paragraph.text = "cell"
        numpr = paragraph._p.get_or_add_pPr().get_or_add_numPr()
        numpr.get_or_add_ilvl().val = 0
        numpr.get_or_add_numId().val = num
    builder.para("after", num, 0)
    assert [label for label, text in builder.labels() if text] == ["1.", "2.", "3.", "4."]


def test_num_style_link_indirection() -> None:
    builder = Builder()
    definition = builder.abstract(
        [("decimal", "%1.", 1), ("lowerLetter", "(%2)", 1)],
        extra='<w:styleLink w:val="LegalList"/>',
    )
    style_num = builder.num(definition)
    builder.document.styles.element.append(
        parse_xml(
            f'<w:style {nsdecls("w")} w:type="numbering" w:styleId="LegalList">'
            f'<w:name w:val="Legal List"/><w:pPr><w:numPr><w:numId w:val="{style_num}"/>'
            "</w:numPr></w:pPr></w:style>"
        )
    )
    user = builder.abstract([], extra='<w:numStyleLink w:val="LegalList"/>')
    num = builder.num(user)
    for ilvl in (0, 1, 1, 0):
        builder.para("text", num, ilvl)
    assert label_list(builder) == ["1.", "(a)", "(b)", "2."]


def test_custom_zero_padded_format_in_alternate_content() -> None:
    builder = Builder()
    custom = (
        '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
        ' xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml">'
        '<mc:Choice Requires="w14"><w:numFmt w:val="custom" w:format="001, 002, 003, ..."/>'
        '</mc:Choice><mc:Fallback><w:numFmt w:val="decimal"/></mc:Fallback></mc:AlternateContent>'
    )
    abstract_id = builder.abstract([])
    abstract = builder.numbering.find(qn("w:abstractNum"))
    while abstract.get(qn("w:abstractNumId")) != str(abstract_id):
        abstract = abstract.getnext()
    abstract.append(
        parse_xml(
            f'<w:lvl {nsdecls("w")} w:ilvl="0"><w:start w:val="1"/>{custom}'
            '<w:lvlText w:val="%1"/></w:lvl>'
        )
    )
    num = builder.num(abstract_id)
    for _ in range(2):
        builder.para("text", num, 0)
    assert label_list(builder) == ["001", "002"]


@pytest.mark.parametrize(
    "numbering_xml",
    [
        '<w:num w:numId="900"><w:abstractNumId w:val="999"/></w:num>',  # abstract missing
        '<w:num w:numId="900"/>',  # no abstractNumId
        '<w:num><w:abstractNumId w:val="0"/></w:num>',  # no numId
        '<w:abstractNum w:abstractNumId="x"/><w:num w:numId="900"><w:abstractNumId w:val="x"/></w:num>',
        '<w:abstractNum w:abstractNumId="950"><w:lvl><w:numFmt/></w:lvl><w:lvl w:ilvl="0">'
        '<w:start w:val="-4"/><w:numFmt w:val="madeUp"/><w:lvlRestart w:val="q"/></w:lvl>'
        '</w:abstractNum><w:num w:numId="900"><w:abstractNumId w:val="950"/>'
        '<w:lvlOverride w:ilvl="12"><w:startOverride/></w:lvlOverride>'
        '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="many"/></w:lvlOverride></w:num>',
        '<w:abstractNum w:abstractNumId="950"><w:numStyleLink w:val="Loop"/></w:abstractNum>'
        '<w:num w:numId="900"><w:abstractNumId w:val="950"/></w:num>',
        '<w:abstractNum w:abstractNumId="950"><w:lvl w:ilvl="0"><w:start w:val="99999999999"/>'
        '<w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1%2%9%0%%"/></w:lvl></w:abstractNum>'
        '<w:num w:numId="900"><w:abstractNumId w:val="950"/></w:num>',
    ],
)
@pytest.mark.parametrize(
    ("num_id", "ilvl"), [("900", "0"), ("900", None), ("abc", "zz"), ("900", "40")]
)
def test_hostile_numbering_never_raises(numbering_xml: str, num_id: str, ilvl: str | None) -> None:
    numbering = parse_xml(f"<w:numbering {nsdecls('w')}>{numbering_xml}</w:numbering>")
    styles = parse_xml(
        f'<w:styles {nsdecls("w")}><w:style w:type="paragraph" w:styleId="Loop">'
        '<w:basedOn w:val="Loop"/><w:pPr><w:numPr><w:numId w:val="900"/></w:numPr></w:pPr>'
        '</w:style><w:style w:type="paragraph"/></w:styles>'
    )
    ilvl_xml = "" if ilvl is None else f'<w:ilvl w:val="{ilvl}"/>'
    paragraphs = [
        parse_xml(
            f'<w:p {nsdecls("w")}><w:pPr><w:numPr>{ilvl_xml}<w:numId w:val="{num_id}"/>'
            "</w:numPr></w:pPr></w:p>"
        ),
        parse_xml(f'<w:p {nsdecls("w")}><w:pPr><w:pStyle w:val="Loop"/></w:pPr></w:p>'),
        parse_xml(f"<w:p {nsdecls('w')}><w:pPr><w:numPr/></w:pPr></w:p>"),
        parse_xml(f"<w:p {nsdecls('w')}/>"),
    ]
    numbering_of = DocxNumbering(numbering, styles)
    for _ in range(3):
        for paragraph in paragraphs:
            label = numbering_of.label(paragraph)
            assert isinstance(label, str)
            assert len(label) < 100


def test_document_without_a_numbering_part() -> None:
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    document = docx.Document()
    document.add_paragraph("plain")
    part = document.part
    for r_id, rel in list(part.rels.items()):
        if rel.reltype == RT.NUMBERING:
            part.drop_rel(r_id)
    stream = io.BytesIO()
    document.save(stream)
    reopened = docx.Document(io.BytesIO(stream.getvalue()))
    numbering = DocxNumbering.of(reopened)
    assert [numbering.label(p) for p in reopened.element.body.iter(qn("w:p"))] == [""]
    assert all(rel.reltype != RT.NUMBERING for rel in reopened.part.rels.values())
    assert DocxNumbering(None, None).label(reopened.paragraphs[0]._p) == ""


@pytest.mark.parametrize(
    ("fmt", "values"),
    [
        ("decimal", {1: "1", 42: "42"}),
        ("decimalZero", {1: "01", 9: "09", 10: "10"}),
        ("upperRoman", {4: "IV", 1999: "MCMXCIX", 4000: "4000"}),
        ("lowerRoman", {9: "ix", 14: "xiv"}),
        ("upperLetter", {1: "A", 26: "Z", 27: "AA", 28: "BB", 53: "AAA"}),
        ("lowerLetter", {1: "a", 3: "c"}),
        ("ordinal", {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 21: "21st"}),
        ("cardinalText", {1: "One", 13: "Thirteen", 21: "Twenty-one", 100: "One hundred"}),
        ("ordinalText", {1: "First", 12: "Twelfth", 20: "Twentieth", 42: "Forty-second"}),
        ("chineseCounting", {1: "一", 10: "十", 11: "十一", 20: "二十", 21: "二十一", 100: "一百"}),
        ("chineseCountingThousand", {101: "一百零一", 1000: "一千"}),
        ("chineseLegalSimplified", {1: "壹", 2: "贰", 3: "叁", 10: "壹拾", 12: "壹拾贰"}),
        ("ideographLegalTraditional", {2: "貳", 10000: "壹萬"}),
        ("ideographTraditional", {1: "甲", 2: "乙", 3: "丙", 4: "丁", 10: "癸", 11: "11"}),
        ("ideographZodiac", {1: "子", 12: "亥", 13: "13"}),
        ("ideographDigital", {1: "一", 10: "一〇", 2024: "二〇二四"}),
        ("taiwaneseCounting", {11: "十一", 10000: "一萬"}),
        ("japaneseCounting", {10: "十", 11: "十一", 100: "百", 101: "百一", 1234: "千二百三十四"}),
        ("decimalFullWidth", {1: "１", 12: "１２"}),
        ("decimalEnclosedCircle", {1: "①", 20: "⑳", 21: "21"}),
        ("decimalEnclosedFullstop", {1: "⒈", 20: "⒛"}),
        ("decimalEnclosedParen", {1: "⑴", 20: "⒇"}),
        ("bullet", {1: ""}),
        ("none", {1: ""}),
        ("someFutureFormat", {7: "7"}),
    ],
)
def test_number_formats(fmt: str, values: dict[int, str]) -> None:
    assert {value: format_number(value, fmt) for value in values} == values


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=9999))
def test_chinese_counting_parses_back(n: int) -> None:
    assert chinese_to_int(format_number(n, "chineseCounting")) == n
    legal = format_number(n, "chineseLegalSimplified")
    lowered = legal.translate(str.maketrans("壹贰叁肆伍陆柒捌玖拾佰仟", "一二三四五六七八九十百千"))
    assert chinese_to_int(lowered) == n
    assert chinese_to_int(format_number(n, "ideographDigital")) == n


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=3999))
def test_roman_numerals_round_trip(n: int) -> None:
    assert roman_to_int(format_number(n, "upperRoman")) == n
    assert roman_to_int(format_number(n, "lowerRoman")) == n


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=26 * 30))
def test_letters_repeat_one_letter(n: int) -> None:
    text = format_number(n, "lowerLetter")
    assert len(set(text)) == 1
    assert (len(text) - 1) * 26 + ord(text[0]) - ord("a") + 1 == n


def _libreoffice_labels(data: bytes) -> list[str]:
    """The lines LibreOffice writes for ``data`` converted to plain text."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "numbered.docx"
        source.write_bytes(data)
        subprocess.run(
            [
                shutil.which("soffice") or "soffice",
                f"-env:UserInstallation=file://{Path(folder).as_posix()}/profile",
                "--headless",
                "--convert-to",
                "txt:Text (encoded):UTF8",
                "--outdir",
                folder,
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        text = (Path(folder) / "numbered.txt").read_text(encoding="utf-8-sig")
    return [line.strip() for line in text.splitlines() if line.strip()]


@pytest.mark.skipif(
    shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed"
)
@pytest.mark.timeout(400)
def test_labels_match_what_libreoffice_displays() -> None:
    builder = Builder()
    add_multilevel(builder)
    add_chinese(builder)
    data = builder.saved()
    expected = [f"{label} {text}" if label else text for label, text in labels_of(data)]
    # LibreOffice separates the label from the text by a tab, written as spaces.
    assert [" ".join(line.split()) for line in _libreoffice_labels(data)] == expected


# -- the parser: clause ids are the numbers Word displays ----------------------------------


def _parsed_ids(data: bytes, name: str) -> list[tuple[str, str]]:
    from contract_review.documents.loading import parse_bytes

    document = parse_bytes(data, name=name)
    return [(section.id, section.title) for section in document.sections()]


def test_a_word_contract_with_multilevel_numbering_parses_to_its_numbers() -> None:
    builder = Builder()
    num = builder.new_list(
        [("decimal", "%1.", 1), ("decimal", "%1.%2", 1), ("lowerLetter", "(%3)", 1)]
    )
    builder.style("Heading 1", num_id=num, ilvl=0)
    builder.style("Heading 2", num_id=num, ilvl=1)
    builder.para("Services Agreement", style="Title")
    builder.para("Definitions", style="Heading 1")
    builder.para("Defined terms", style="Heading 2")
    builder.para('"Services" means the services described in Schedule 1.')
    builder.para("Interpretation", style="Heading 2")
    builder.para("Headings do not affect interpretation.")
    builder.para("Payment", style="Heading 1")
    builder.para("Invoices", style="Heading 2")
    builder.para("The Customer shall pay each invoice:", num, 1)  # directly numbered: 2.2
    builder.para("within thirty days of receipt; and", num, 2)
    builder.para("in the currency stated in it.", num, 2)
    builder.para("Term", num, 0)  # a numbered paragraph without a heading style
    builder.para("This Agreement lasts two years.", num, 1)
    ids = _parsed_ids(builder.saved(), "services.docx")
    # (a) and (b) are items in the text of 2.2, as in any contract the project reads
    assert [i for i, _ in ids] == ["1", "1.1", "1.2", "2", "2.1", "2.2", "3", "3.1"], ids
    titles = dict(ids)
    assert (titles["1"], titles["1.1"], titles["2.1"]) == (
        "Definitions",
        "Defined terms",
        "Invoices",
    )


def test_a_chinese_word_contract_parses_to_its_articles() -> None:
    builder = Builder()
    num = builder.new_list([("chineseCounting", "第%1条", 1), ("chineseCounting", "（%2）", 1)])
    builder.para("设备采购合同", style="Title")
    for article in range(1, 13):
        builder.para(f"条款标题{article}", num, 0)
        builder.para(f"甲方与乙方就第{article}项事宜约定如下。")
        if article == 3:
            builder.para("乙方应按期交货。", num, 1)
            builder.para("甲方应按期付款。", num, 1)
    ids = [i for i, _ in _parsed_ids(builder.saved(), "采购合同.docx")]
    articles = [i for i in ids if i.startswith("第")]
    assert articles == [f"第{n}条" for n in "一二三四五六七八九十"] + ["第十一条", "第十二条"], ids
