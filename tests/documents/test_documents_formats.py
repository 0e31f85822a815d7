""".docx and .pdf through the optional libraries, generated on the fly."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from contract_review.documents.loading import parse_bytes, parse_file
from contract_review.documents.model import Document
from contract_review.errors import DocumentParseError, MissingExtraError

docx = pytest.importorskip("docx", reason="python-docx (extra 'formats') is not installed")

Check = Callable[[Document], None]
MakePdf = Callable[[Sequence[str]], bytes]


def make_docx() -> bytes:
    document = docx.Document()
    document.add_paragraph("Conditions of Contract", style="Title")
    document.add_paragraph("Made between the Employer and the Contractor.")
    document.add_heading("1 General Provisions", level=1)
    document.add_paragraph("1.1 Definitions")
    document.add_paragraph('"Contract" means the Contract Agreement and these Conditions.')
    document.add_paragraph("1.2 Interpretation")
    document.add_paragraph("Headings shall not be taken into consideration.")
    document.add_heading("20 Claims", level=1)
    document.add_heading("20.1 Contractor's Claims", level=2)
    document.add_paragraph("The Contractor shall give notice within 28 days.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Item"
    table.cell(0, 1).text = "Days"
    table.cell(1, 0).text = "Notice"
    table.cell(1, 1).text = "28"
    document.add_heading("Schedules", level=1)
    document.add_paragraph("None.")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_docx_round_trip(tmp_path: Path, check_tree: Check) -> None:
    path = tmp_path / "conditions.docx"
    path.write_bytes(make_docx())
    document = parse_file(path)
    check_tree(document)
    assert document.format == "docx"
    assert document.title == "Conditions of Contract"
    assert document.root.text == "Made between the Employer and the Contractor."
    assert [(s.level, s.id, s.title) for s in document.sections()] == [
        (1, "1", "General Provisions"),
        (2, "1.1", "Definitions"),
        (2, "1.2", "Interpretation"),
        (1, "20", "Claims"),
        (2, "20.1", "Contractor's Claims"),
        (1, "Schedules", "Schedules"),
    ]
    claims = document.find("20.1")
    assert claims is not None
    assert (
        claims.text == "The Contractor shall give notice within 28 days.\nItem | Days\nNotice | 28"
    )
    assert [t.term for t in document.definitions] == ["Contract"]
    definitions = document.find("1.1")
    assert definitions is not None and definitions.is_definitions


def test_empty_docx() -> None:
    buffer = io.BytesIO()
    docx.Document().save(buffer)
    with pytest.raises(DocumentParseError, match=r"blank\.docx is empty"):
        parse_bytes(buffer.getvalue(), name="blank.docx")


def test_pdf_text_layer(make_pdf: MakePdf, check_tree: Check) -> None:
    pytest.importorskip("pypdf", reason="pypdf (extra 'formats') is not installed")
    data = make_pdf(
        [
            "SUPPLY AGREEMENT",
            "1 Delivery",
            "The Seller shall deliver the Goods (as defined).",
            "2 Payment",
            "2.1 Price",
            "The Buyer shall pay within 30 days.",
        ]
    )
    document = parse_bytes(data, name="supply.pdf")
    check_tree(document)
    assert document.format == "pdf"
    assert document.title == "SUPPLY AGREEMENT"
    assert [(s.level, s.id) for s in document.sections()] == [(1, "1"), (1, "2"), (2, "2.1")]
    price = document.find("2.1")
    assert price is not None and price.text == "The Buyer shall pay within 30 days."


def test_pdf_without_text(make_pdf: MakePdf) -> None:
    pytest.importorskip("pypdf", reason="pypdf (extra 'formats') is not installed")
    with pytest.raises(DocumentParseError, match=r"scan\.pdf has no extractable text"):
        parse_bytes(make_pdf([]), name="scan.pdf")


@pytest.mark.parametrize(
    ("module", "name", "feature"),
    [("docx", "a.docx", "Reading .docx files"), ("pypdf", "a.pdf", "Reading .pdf files")],
)
def test_missing_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, name: str, feature: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    with pytest.raises(MissingExtraError, match=r"contract-review\[formats\]") as info:
        parse_bytes(b"irrelevant", name=name)
    assert info.value.feature == feature
    assert info.value.module == module
