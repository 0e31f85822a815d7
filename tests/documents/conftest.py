"""Shared helpers for the documents tests: tree invariants, the shared data folder and a
hand-written PDF."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from contract_review.documents.model import Document, Section

#: The shared data folder, beside the repository (never copied into it).
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def check_section_tree(document: Document) -> None:
    """Assert the invariants every parsed document must satisfy."""
    source = document.source
    root = document.root
    assert root.id == ""
    assert root.level == 0
    assert root.start == 0

    def visit(section: Section, parent: Section | None, level: int) -> None:
        assert section.level == level
        assert source[section.text_start : section.text_end] == section.text
        assert section.text == section.text.strip()
        assert 0 <= section.start <= section.end <= len(source)
        if section.text:
            assert section.start <= section.text_start <= section.text_end <= section.end
        if parent is not None:
            assert parent.start <= section.start
            assert section.end <= parent.end
            assert section.id, "only the root has an empty id"
        ids = [child.id for child in section.children]
        assert len(ids) == len(set(ids)), f"duplicate ids under {section.id!r}: {ids}"
        previous: Section | None = None
        for child in section.children:
            if section.text:
                assert section.text_end <= child.start
            if previous is not None:
                assert previous.end <= child.start
            previous = child
            visit(child, section, level + 1)

    visit(root, None, 0)


@pytest.fixture(scope="session")
def check_tree() -> Callable[[Document], None]:
    """The tree-invariant checker."""
    return check_section_tree


@pytest.fixture
def fixtures_dir() -> Path:
    """The folder of test documents written for these tests."""
    return FIXTURES


def minimal_pdf(lines: Sequence[str]) -> bytes:
    """A one-page PDF whose text layer holds ``lines`` (ASCII), built by hand."""

    def escape(text: str) -> str:
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    shown = " T* ".join(f"({escape(line)}) Tj" for line in lines)
    stream = f"BT /F1 11 Tf 14 TL 72 740 Td {shown} ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


@pytest.fixture(scope="session")
def make_pdf() -> Callable[[Sequence[str]], bytes]:
    """Builds a minimal PDF with the given text lines."""
    return minimal_pdf
