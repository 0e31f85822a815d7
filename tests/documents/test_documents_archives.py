"""A .docx is checked before it is unpacked: an archive that states it inflates past the
limit, or a part packed hundreds of times over (a zip bomb), is refused in one line
that names the file and the limit."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Sequence

import pytest

from contract_review.documents.loading import parse_bytes
from contract_review.documents.parser_types import InputLimits
from contract_review.errors import DocumentParseError

docx = pytest.importorskip("docx", reason="python-docx (extra 'formats') is not installed")


def _contract() -> bytes:
    document = docx.Document()
    document.add_heading("1 Payment", level=1)
    document.add_paragraph("The Employer shall pay within 28 days.")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _with_part(data: bytes, name: str, content: bytes) -> bytes:
    buffer = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for item in source.infolist():
            target.writestr(item, source.read(item.filename))
        target.writestr(name, content)
    return buffer.getvalue()


def test_a_normal_docx_is_read() -> None:
    document = parse_bytes(_contract(), name="contract.docx")
    assert "28 days" in document.source


def test_a_part_packed_hundreds_of_times_over_is_refused() -> None:
    bomb = _with_part(_contract(), "word/media/padding.bin", b"\0" * 8_000_000)
    assert len(bomb) < 100_000  # eight megabytes of zeros pack to a few kilobytes
    with pytest.raises(DocumentParseError) as raised:
        parse_bytes(bomb, name="bomb.docx")
    message = str(raised.value)
    assert "bomb.docx" in message and "padding.bin" in message and "\n" not in message
    assert "CONTRACT_REVIEW_MAX_COMPRESSION_RATIO" in message


def test_an_archive_that_unpacks_past_the_limit_is_refused() -> None:
    with pytest.raises(DocumentParseError, match=r"big\.docx would unpack to [\d,]+ bytes"):
        parse_bytes(_contract(), name="big.docx", limits=InputLimits(max_unpacked_bytes=10_000))


def test_a_file_that_is_no_archive_is_refused_in_one_line() -> None:
    with pytest.raises(DocumentParseError, match=r"notzip\.docx is not a readable \.docx"):
        parse_bytes(b"PK\x03\x04 not really a zip", name="notzip.docx")


def test_a_pdf_over_the_page_limit_is_refused(make_pdf: Callable[[Sequence[str]], bytes]) -> None:
    pypdf = pytest.importorskip("pypdf")
    writer = pypdf.PdfWriter()
    for _ in range(3):
        writer.add_blank_page(width=612, height=792)
    buffer = io.BytesIO()
    writer.write(buffer)
    with pytest.raises(DocumentParseError, match=r"long\.pdf has 3 pages; the limit is 2 "):
        parse_bytes(buffer.getvalue(), name="long.pdf", limits=InputLimits(max_pdf_pages=2))
    one_page = make_pdf(["1. Payment", "The Employer shall pay."])
    assert (
        "Payment"
        in parse_bytes(one_page, name="short.pdf", limits=InputLimits(max_pdf_pages=2)).source
    )


def test_a_damaged_pdf_is_one_line_of_ours_and_nothing_else(
    make_pdf: Callable[[Sequence[str]], bytes],
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    data = make_pdf(["1. Payment\nThe Employer shall pay within 28 days."])
    damaged = data.replace(b"startxref", b"startxrof")[: len(data) - 40]
    try:
        parse_bytes(damaged, name="damaged.pdf")
    except DocumentParseError as exc:
        assert "damaged.pdf" in str(exc) and "\n" not in str(exc)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""  # pypdf's warnings are not printed
    assert not [r for r in caplog.records if r.name.startswith("pypdf")]
