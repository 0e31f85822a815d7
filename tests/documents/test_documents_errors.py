"""User mistakes give DocumentParseError / InputError messages naming the input."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from contract_review.documents.decoding import decode_text
from contract_review.documents.loading import parse_bytes, parse_file, parse_text
from contract_review.errors import DocumentParseError, InputError


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with pytest.raises(DocumentParseError, match=r"empty\.txt is empty"):
        parse_file(path)


@pytest.mark.parametrize("data", [b"   \n\t\n", "\u3000\n".encode(), b"\xef\xbb\xbf  \r\n"])
def test_whitespace_only_file(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "blank.md"
    path.write_bytes(data)
    with pytest.raises(
        DocumentParseError, match=r"blank\.md is empty: it contains only whitespace"
    ):
        parse_file(path)


def test_empty_text() -> None:
    with pytest.raises(DocumentParseError, match=r"contract\.txt is empty"):
        parse_text("", name="contract.txt")
    with pytest.raises(DocumentParseError, match=r"contract\.txt is empty"):
        parse_text(" \n ", name="contract.txt")


def test_nul_bytes_are_binary(tmp_path: Path) -> None:
    path = tmp_path / "contract.txt"
    path.write_bytes(b"1 Scope\x00\x00\x01binary")
    with pytest.raises(DocumentParseError, match=r"contract\.txt looks like a binary file") as info:
        parse_file(path)
    assert ".docx" in str(info.value) and ".md" in str(info.value)


def test_undecodable_bytes_are_binary() -> None:
    with pytest.raises(DocumentParseError, match=r"x\.txt looks like a binary file"):
        decode_text(bytes(range(128, 256)) * 4, name="x.txt")


def test_control_characters_are_binary() -> None:
    with pytest.raises(DocumentParseError, match="binary"):
        decode_text(b"\x01\x02\x03\x04\x05abc" * 20, name="x.txt")


def test_decoding_utf8_gb18030_utf16() -> None:
    text = "第一条 本合同适用中华人民共和国法律。"
    assert decode_text(text.encode("utf-8"), name="a.txt") == text
    assert decode_text(b"\xef\xbb\xbf" + text.encode("utf-8"), name="a.txt") == text
    assert decode_text(text.encode("gb18030"), name="a.txt") == text
    assert decode_text(text.encode("utf-16"), name="a.txt") == text
    assert decode_text(b"a\r\nb\rc\n", name="a.txt") == "a\nb\nc\n"


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        (
            "1. Payment\nThe Employer’s Representative shall certify “Interim Payments” within "
            "28 days — no later.\n",
            "cp1252",
        ),
        ("1. Parties\nThe café owner and the Maître d'ouvrage agree as follows.\n", "latin-1"),
        ("第一条 付款\n甲方应在收到乙方开具的合格发票后三十日内支付服务费。\n", "gbk"),
        ("第一條 付款\n甲方應於收到乙方開具之合格發票後三十日內支付服務費。\n", "big5"),
        ("1. Payment\nThe Employer shall pay within 28 days of the invoice.\n", "utf-16-le"),
        ("1. Payment\nThe Employer shall pay within 28 days of the invoice.\n", "utf-16-be"),
        (
            "1. 付款 Payment\n甲方应在一个月内付款。The Employer shall pay in one month.\n",
            "utf-16-le",
        ),
    ],
)
def test_legacy_encodings_are_read_as_written(text: str, encoding: str) -> None:
    """Windows-1252 is not read as GB18030 ("Employer’s" is not "Employer抯"), a Latin-1
    "café" is not refused as binary, and UTF-16 needs no BOM."""
    assert decode_text(text.encode(encoding), name="a.txt") == text


def test_gb18030_file_parses(tmp_path: Path) -> None:
    path = tmp_path / "合同.txt"
    path.write_bytes("第一条 定义\n内容。\n第二条 付款\n按月支付。\n".encode("gb18030"))
    document = parse_file(path)
    assert [s.id for s in document.sections()] == ["第一条", "第二条"]
    assert document.language == "zh"


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(InputError, match=r"file not found: .*nope\.txt"):
        parse_file(missing)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory, not a file"):
        parse_file(tmp_path)


def test_corrupt_docx(tmp_path: Path) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(b"PK\x03\x04 this is not really a zip archive")
    with pytest.raises(DocumentParseError, match=r"broken\.docx is not a readable \.docx file"):
        parse_file(path)


def test_zip_that_is_not_a_docx(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    with pytest.raises(DocumentParseError, match=r"other\.docx is not a readable \.docx file"):
        parse_bytes(buffer.getvalue(), name="other.docx")


def test_corrupt_pdf() -> None:
    with pytest.raises(DocumentParseError, match=r"broken\.pdf is not a readable PDF file"):
        parse_bytes(b"%PDF-1.4\nthis is not a pdf body", name="broken.pdf")


def test_unknown_suffix_with_text_is_plain_text(tmp_path: Path) -> None:
    path = tmp_path / "contract.rtx"
    path.write_text("1 Scope\nThe works.\n2 Price\nTen.\n", encoding="utf-8")
    document = parse_file(path)
    assert document.format == "text"
    assert [s.id for s in document.sections()] == ["1", "2"]


def test_unknown_suffix_with_binary_lists_supported_suffixes(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(
        DocumentParseError, match=r"image\.png: no parser reads \.png files"
    ) as info:
        parse_file(path)
    message = str(info.value)
    for suffix in (".txt", ".md", ".docx", ".pdf"):
        assert suffix in message


def test_bad_format_and_language() -> None:
    with pytest.raises(InputError, match=r"unknown format 'html' for a\.html"):
        parse_text("x", name="a.html", format="html")
    with pytest.raises(InputError, match=r"language 'fr' for a\.txt"):
        parse_text("x", name="a.txt", language="fr")
