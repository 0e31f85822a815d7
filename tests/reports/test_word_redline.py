"""``redline.docx``: read back, every suggested change is a tracked change by
contract-review; accepting them all gives the redlined text and rejecting them all the
contract as received; every finding is a comment on its clause; LibreOffice opens it.

Accepting is what the parser's reader does (:func:`read_lines`); rejecting is done here
on the XML, independently of the writer.
"""

from __future__ import annotations

import copy
import io
import itertools
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

docx = pytest.importorskip("docx", reason="python-docx (the formats extra) is not installed")

from contract_review.config import Settings  # noqa: E402
from contract_review.documents.docx_paragraphs import qn, read_lines  # noqa: E402
from contract_review.registry import Registry, load_registry  # noqa: E402
from contract_review.reports.docx_revisions import Revisions  # noqa: E402
from contract_review.review.diffs import redline_edits  # noqa: E402
from contract_review.review.engine import ReviewEngine  # noqa: E402
from contract_review.review.engine_request import DocumentInput, ReviewRequest  # noqa: E402
from contract_review.review.report_building import export_sources  # noqa: E402
from contract_review.review.report_models import ReviewReport  # noqa: E402
from contract_review.storage.sqlite_backend import SqliteStorage  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
FIDIC = REPO / "examples" / "fidic"
SERVICES_EN = REPO / "examples" / "services_agreement_en.txt"


# -- reading a redline back ---------------------------------------------------------------


def accepted(body: Any) -> str:
    return "\n".join(line.text for line in read_lines(body))


def rejected(body: Any) -> str:
    """The text with every tracked change rejected: insertions dropped, deletions kept,
    inserted paragraph marks removed (the paragraph runs on), deleted ones restored."""
    body = copy.deepcopy(body)
    for insertion in list(body.iter(qn("w:ins"))):
        parent = insertion.getparent()
        parent.remove(insertion)
        if parent.tag == qn("w:rPr"):  # an inserted paragraph mark: gone when rejected
            parent.append(body.makeelement(qn("w:del"), {}))
    for deletion in list(body.iter(qn("w:del"))):
        parent = deletion.getparent()
        if parent.tag == qn("w:rPr"):
            if deletion.attrib:  # a deleted mark of ours: restored
                parent.remove(deletion)
            continue
        index = parent.index(deletion)
        for offset, run in enumerate(list(deletion)):
            for text in run.findall(qn("w:delText")):
                text.tag = qn("w:t")
            parent.insert(index + offset, run)
        parent.remove(deletion)
    return accepted(body)


def commented_text(body: Any) -> dict[str, str]:
    """Comment id → the text as received (deleted text kept, inserted text left out)
    between its range marks."""
    open_ranges: set[str] = set()
    texts: dict[str, list[str]] = {}
    for element in body.iter():
        if element.tag == qn("w:commentRangeStart"):
            open_ranges.add(element.get(qn("w:id")))
            texts.setdefault(element.get(qn("w:id")), [])
        elif element.tag == qn("w:commentRangeEnd"):
            open_ranges.discard(element.get(qn("w:id")))
        elif element.tag in {qn("w:t"), qn("w:delText")} and not any(
            ancestor.tag == qn("w:ins") for ancestor in element.iterancestors()
        ):
            for key in open_ranges:
                texts[key].append(element.text or "")
    return {key: "".join(parts) for key, parts in texts.items()}


def redlined(source: str, report: ReviewReport, name: str) -> str:
    """``source`` with each shown redline's ``before`` replaced by its ``after``, at the
    clause passage it quotes (worked out here from the report, not by the writer)."""
    rejected_ids = {a.finding_id for a in report.approvals if a.decision == "rejected"}
    replacements: list[tuple[int, int, str]] = []
    for finding in report.findings:
        change = finding.suggested_change
        if change is None or finding.redline_of or finding.finding_id in rejected_ids:
            continue
        start = next(
            e.start
            for e in finding.evidence
            if e.kind == "clause"
            and e.source == name
            and e.start is not None
            and source[e.start : e.start + len(change.before)] == change.before
        )
        replacements.append((start, start + len(change.before), change.after))
    for start, end, after in sorted(replacements, reverse=True):
        source = source[:start] + after + source[end:]
    return source


def check_redline(
    data: bytes, report: ReviewReport, source: str, name: str, *, rendered: bool
) -> Any:
    """The acceptance points, for any redline; returns the document read back.
    ``rendered``: written on a Word rendering of the text, which a first comment says."""
    document = docx.Document(io.BytesIO(data))
    body = document.element.body
    changes = [*body.iter(qn("w:ins")), *body.iter(qn("w:del"))]
    shown = [f for f in report.findings if f.suggested_change is not None and not f.redline_of]
    assert shown and changes
    assert {c.get(qn("w:author")) for c in changes} == {"contract-review"}
    assert all(datetime.fromisoformat(c.get(qn("w:date")).rstrip("Z")) for c in changes)
    assert rejected(body) == source
    assert accepted(body) == redlined(source, report, name)
    # every finding is a comment, on its clause
    comments = list(document.comments)
    notes = [c for c in comments if "Word rendering" in c.text or "Word 版本" in c.text]
    assert len(notes) == (1 if rendered else 0)
    assert len(comments) == len(report.findings) + len(notes)
    ranges = commented_text(body)
    by_text = {c.comment_id: c.text for c in comments}
    for finding in report.findings:
        ids = [key for key, text in by_text.items() if finding.title in text]
        assert ids, finding.finding_id
        clause = next((e for e in finding.evidence if e.kind == "clause"), None)
        if clause is not None and clause.start is not None:
            opening = " ".join(clause.text.strip().split("\n")[0].split()[:4])
            assert any(opening in " ".join(ranges[str(i)].split()) for i in ids), finding.finding_id
    assert {c.author for c in comments} == {"contract-review"}
    return document


# -- the review behind it -------------------------------------------------------------------


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry()


def _review(registry: Registry, request: ReviewRequest, folder: Path) -> tuple[Any, ReviewReport]:
    engine = ReviewEngine(
        registry,
        settings=Settings(data_dir=folder),
        storage=SqliteStorage(folder / "store.db"),
        llm=None,
    )
    state = engine.start(request)
    return state, engine.report(state)


def _docx_of(text: str, path: Path) -> None:
    """A Word contract of ``text``: each line a paragraph split into two runs, the first
    bold on every third line, the second italic, so changes cross runs and formatting."""
    document = docx.Document()
    for index, line in enumerate(text.split("\n")):
        paragraph = document.add_paragraph()
        if not line:
            continue
        half = len(line) // 2
        paragraph.add_run(line[:half]).bold = index % 3 == 0
        paragraph.add_run(line[half:]).italic = True
    document.save(str(path))


def _formatted(body: Any, mark: str) -> int:
    """How many runs of ``body`` carry the run property ``mark`` (w:b, w:i)."""
    return sum(1 for r in body.iter(qn("w:r")) if r.find(f"{qn('w:rPr')}/{qn(mark)}") is not None)


@pytest.fixture(scope="module")
def fidic_redline(registry: Registry) -> Iterator[tuple[bytes, ReviewReport, str]]:
    with tempfile.TemporaryDirectory() as folder:
        request = ReviewRequest(
            domain_id="fidic",
            documents=[
                DocumentInput(path=str(FIDIC / "particular_conditions.txt")),
                DocumentInput(path=str(FIDIC / "general_conditions.txt"), role="baseline"),
                DocumentInput(path=str(FIDIC / "employers_requirements.txt"), role="er"),
            ],
        )
        state, report = _review(registry, request, Path(folder))
        exporter = registry.exporters["docx"].item
        yield exporter.render(report, sources=export_sources(state)), report, state.primary.source


@pytest.mark.requires_domain("fidic")
def test_the_fidic_demo_redline(fidic_redline: tuple[bytes, ReviewReport, str]) -> None:
    data, report, source = fidic_redline
    check_redline(data, report, source, "particular_conditions.txt", rendered=True)


@pytest.mark.requires_domain("generic")
def test_a_word_contract_keeps_its_formatting(registry: Registry, tmp_path: Path) -> None:
    path = tmp_path / "services.docx"
    _docx_of(SERVICES_EN.read_text(encoding="utf-8"), path)
    state, report = _review(
        registry,
        ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(path))]),
        tmp_path,
    )
    assert state.primary.format == "docx"
    sources = export_sources(state)
    assert sources["services.docx"].original == path.read_bytes()
    data = registry.exporters["docx"].item.render(report, sources=sources)
    document = check_redline(data, report, state.primary.source, "services.docx", rendered=False)
    # the original's formatting is kept: every bold or italic run is still there (split
    # runs keep their formatting), and the change runs copy the formatting they follow
    original = docx.Document(str(path)).element.body
    for mark in ("w:b", "w:i"):
        before = _formatted(original, mark)
        assert before > 20 and _formatted(document.element.body, mark) >= before
    # a file moved away since the review: a clean rendering with the same changes
    path.unlink()
    fallback = registry.exporters["docx"].item.render(report, sources=export_sources(state))
    check_redline(fallback, report, state.primary.source, "services.docx", rendered=True)


@pytest.mark.requires_domain("generic")
def test_a_contract_with_tracked_changes_is_read_as_accepted_and_says_so(
    registry: Registry, tmp_path: Path
) -> None:
    from docx.oxml import OxmlElement

    path = tmp_path / "marked-up.docx"
    _docx_of(SERVICES_EN.read_text(encoding="utf-8"), path)
    document = docx.Document(str(path))
    runs = list(document.element.body.iter(qn("w:r")))
    inserted, deleted = runs[10], runs[20]
    for run, tag in ((inserted, "w:ins"), (deleted, "w:del")):
        wrapper = OxmlElement(tag, attrs={qn("w:id"): "1", qn("w:author"): "Counsel"})
        run.addprevious(wrapper)
        wrapper.append(run)
    gone = deleted.find(qn("w:t")).text
    deleted.find(qn("w:t")).tag = qn("w:delText")
    document.save(str(path))
    state, report = _review(
        registry,
        ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(path))]),
        tmp_path,
    )
    assert state.primary.tracked_changes == 2
    assert (
        gone not in state.primary.source and inserted.find(qn("w:t")).text in state.primary.source
    )
    assert any("marked-up.docx holds tracked changes (2 paragraphs)" in n for n in report.notes)


# -- the tracked changes themselves, on any text ------------------------------------------

_WORDS = st.sampled_from(
    ["the", "Supplier", "shall", "pay", "within", "30", "days", ",", ".", "甲方", "应当", "支付"]
)
_TEXT = st.lists(
    st.one_of(_WORDS, st.sampled_from([" ", " ", " ", "\n"])), min_size=0, max_size=30
).map("".join)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(before=_TEXT, after=_TEXT, cuts=st.lists(st.integers(0, 40), max_size=6))
def test_accepting_gives_the_new_text_and_rejecting_the_old(
    before: str, after: str, cuts: list[int]
) -> None:
    document = docx.Document()
    for line in before.split("\n"):
        paragraph = document.add_paragraph()
        points = sorted({0, len(line), *(c for c in cuts if c < len(line))})
        for start, end in itertools.pairwise(points):
            paragraph.add_run(line[start:end]).bold = start % 2 == 0
    body = document.element.body
    assert accepted(body) == before

    def read() -> Any:
        return read_lines(body)

    revisions = Revisions(read, author="contract-review", date=datetime(2026, 1, 1))
    for start, end, new in sorted(redline_edits(before, after), reverse=True):
        revisions.replace(start, end, new)
    assert accepted(body) == after
    assert rejected(body) == before


# -- LibreOffice opens it -------------------------------------------------------------------


def _soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.requires_domain("fidic")
@pytest.mark.skipif(_soffice() is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_converts_the_redline_to_pdf(
    fidic_redline: tuple[bytes, ReviewReport, str], tmp_path: Path
) -> None:
    pypdf = pytest.importorskip("pypdf", reason="pypdf (the formats extra) is not installed")
    data, report, _ = fidic_redline
    (tmp_path / "redline.docx").write_bytes(data)
    profile = (tmp_path / "profile").as_uri()
    export = 'pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}'
    subprocess.run(
        [_soffice() or "soffice", f"-env:UserInstallation={profile}", "--headless",
         "--convert-to", export, "--outdir", str(tmp_path), str(tmp_path / "redline.docx")],
        check=True, capture_output=True, timeout=240, env={**os.environ, "HOME": str(tmp_path)},
    )  # fmt: skip
    reader = pypdf.PdfReader(str(tmp_path / "redline.pdf"))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    # the changes are shown: the inserted words and the deleted ones both print
    for finding in report.findings:
        change = finding.suggested_change
        if change is None or finding.redline_of:
            continue
        for start, end, new in redline_edits(change.before, change.after):
            for words in (new, change.before[start:end]):
                phrase = " ".join(words.split()[:6])
                if len(phrase) > 12:
                    assert phrase in text, phrase
    notes = [
        annotation.get_object()
        for page in reader.pages
        for annotation in page.get("/Annots") or []
        if annotation.get_object().get("/Subtype") == "/Text"
    ]
    assert len(notes) == len(report.findings) + 1  # and the note that it is a rendering
    assert all(str(note.get("/T", "")).startswith("contract-review") for note in notes)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert "word/comments.xml" in archive.namelist()
