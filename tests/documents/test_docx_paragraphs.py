"""Reading a .docx body as Word shows it: tracked changes accepted, runs, hyperlinks,
tables; every character's run known, so offsets point back into the XML."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

docx = pytest.importorskip("docx", reason="python-docx (the formats extra) is not installed")

from docx.oxml import parse_xml  # noqa: E402

from contract_review.documents.docx_paragraphs import DocxLine, read_lines  # noqa: E402
from contract_review.documents.loading import parse_bytes  # noqa: E402

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _document(*paragraph_xml: str) -> bytes:
    """A .docx whose body holds the given ``w:p``/``w:tbl`` elements (inner XML)."""
    document = docx.Document()
    body = document.element.body
    section = body[-1]
    for xml in paragraph_xml:
        section.addprevious(
            parse_xml(xml.replace("<w:p>", f"<w:p {W}>", 1).replace("<w:tbl>", f"<w:tbl {W}>", 1))
        )
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _lines(data: bytes) -> list[DocxLine]:
    return read_lines(docx.Document(io.BytesIO(data)).element.body)


def _check_offsets(lines: list[DocxLine]) -> None:
    source = "\n".join(line.text for line in lines)
    for line in lines:
        assert source[line.start : line.end] == line.text
        for piece in line.pieces:
            assert source[piece.start : piece.end] == piece.text


def test_tracked_changes_read_as_accepted() -> None:
    data = _document(
        "<w:p><w:r><w:t xml:space='preserve'>The Supplier shall </w:t></w:r>"
        "<w:del w:id='1' w:author='A' w:date='2026-01-01T00:00:00Z'><w:r><w:delText>never </w:delText></w:r></w:del>"
        "<w:ins w:id='2' w:author='A' w:date='2026-01-01T00:00:00Z'><w:r><w:t>promptly </w:t></w:r></w:ins>"
        "<w:r><w:t>deliver.</w:t></w:r></w:p>",
        "<w:p><w:r><w:t>Second.</w:t></w:r></w:p>",
    )
    lines = _lines(data)
    assert [line.text for line in lines] == ["The Supplier shall promptly deliver.", "Second."]
    assert [line.tracked for line in lines] == [True, False]
    _check_offsets(lines)
    document = parse_bytes(data, name="tracked.docx")
    assert "never" not in document.source and "promptly" in document.source
    assert document.tracked_changes == 1


def test_a_deleted_paragraph_mark_joins_the_next_paragraph() -> None:
    data = _document(
        "<w:p><w:pPr><w:rPr><w:del w:id='1' w:author='A' w:date='2026-01-01T00:00:00Z'/></w:rPr></w:pPr>"
        "<w:r><w:t xml:space='preserve'>Joined </w:t></w:r></w:p>",
        "<w:p><w:r><w:t>text.</w:t></w:r></w:p>",
        "<w:p><w:r><w:t>Own line.</w:t></w:r></w:p>",
    )
    lines = _lines(data)
    assert [line.text for line in lines] == ["Joined text.", "Own line."]
    assert len(lines[0].paragraphs) == 2
    _check_offsets(lines)


def test_hyperlinks_tabs_breaks_and_fields() -> None:
    data = _document(
        "<w:p><w:r><w:t>See</w:t><w:tab/><w:t>the</w:t></w:r>"
        "<w:hyperlink w:anchor='x'><w:r><w:t xml:space='preserve'> portal</w:t></w:r></w:hyperlink>"
        "<w:r><w:fldChar w:fldCharType='begin'/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>"
        "<w:r><w:fldChar w:fldCharType='separate'/></w:r><w:r><w:t>7</w:t></w:r>"
        "<w:r><w:fldChar w:fldCharType='end'/></w:r><w:r><w:br/><w:t>next</w:t></w:r></w:p>"
    )
    lines = _lines(data)
    assert [line.text for line in lines] == ["See\tthe portal7\nnext"]
    _check_offsets(lines)


def test_a_table_row_is_one_line_of_its_cells() -> None:
    data = _document(
        "<w:p><w:r><w:t>Before</w:t></w:r></w:p>",
        "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Price</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>USD 10</w:t></w:r></w:p><w:p><w:r><w:t>per unit</w:t></w:r></w:p></w:tc></w:tr>"
        "<w:tr><w:tc><w:p><w:r><w:t>Term</w:t></w:r></w:p></w:tc><w:tc><w:p/></w:tc></w:tr></w:tbl>",
        "<w:p><w:r><w:t>After</w:t></w:r></w:p>",
    )
    lines = _lines(data)
    assert [line.text for line in lines] == [
        "Before",
        "Price | USD 10 per unit",
        "Term | ",
        "After",
    ]
    assert [line.in_table for line in lines] == [False, True, True, False]
    _check_offsets(lines)


_RUN_TEXT = st.text(alphabet=st.sampled_from(list("ab c,.合同\t")), min_size=0, max_size=8)


@given(st.lists(st.lists(_RUN_TEXT, min_size=0, max_size=4), min_size=1, max_size=5))
def test_offsets_point_at_the_runs_text(paragraphs: list[list[str]]) -> None:
    document = docx.Document()
    for runs in paragraphs:
        paragraph = document.add_paragraph()
        for text in runs:
            paragraph.add_run(text)
    lines = read_lines(document.element.body)
    assert [line.text for line in lines] == ["".join(runs) for runs in paragraphs]
    _check_offsets(lines)
