"""``redline.docx``: the contract in Word with each suggested change as a tracked change
and each finding as a comment on its clause, for negotiating in Word.

* For a .docx contract whose file is at hand, the original document, formatting kept.
* Otherwise (a text, Markdown or PDF contract, or a stored review whose file is gone) a
  clean Word rendering of the contract's text, one paragraph per line, clause headings
  in bold.

A change is the finding's suggested change (one per clause; a rejected one is left out,
an edited one is written as edited), placed through the clause passage it quotes and
written word by word (:func:`~contract_review.review.diffs.text_edits`) as ``w:del`` /
``w:ins`` by "contract-review" (:mod:`.docx_revisions`). Accepting every change gives
the redlined text; rejecting every change gives the contract as received. Comments say
the risk, what is wrong, why it matters, our standard position and the change we ask
for, in the report's language.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from ..documents.docx_paragraphs import DocxLine, read_lines
from ..errors import MissingExtraError
from ..review.diffs import redline_edits
from ..review.findings import Evidence, Finding
from ..review.report_models import ReviewReport
from .docx_revisions import Revisions
from .exporter_types import ExportSource
from .finding_text import clause_label, proposal, why_and_position, worded_for_reader
from .report_labels import label, risk_word

__all__ = ["AUTHOR", "REDLINE_STEM", "redline_docx"]

#: The author of every tracked change and comment.
AUTHOR = "contract-review"
#: The redline file's name without its suffix.
REDLINE_STEM = "redline"

_XML_INVALID = dict.fromkeys([*range(0, 9), 11, 12, *range(14, 32)], "�")

#: The comment lines' words the report pages do not already have (their labels are
#: :mod:`.report_labels`'s, so a comment says what the report's card says).
_WORDS = {
    "rendering": (
        "This is a Word rendering of {name}: the original file was not at hand.",
        "本文件为 {name} 的 Word 版本：审查时未取得原文件。",
    ),
    "unplaced": (
        "The suggested change could not be placed in this document; see the report.",
        "修改建议未能在本文件中定位，请见审查报告。",
    ),
}


def _word(key: str, language: str) -> str:
    english, chinese = _WORDS[key]
    return chinese if language == "zh" else english


def redline_docx(report: ReviewReport, sources: Mapping[str, ExportSource]) -> bytes:
    """``redline.docx`` of ``report``'s contract (see the module docs).

    :param sources: The reviewed documents by name; the primary one's text (and its
        original .docx bytes, when at hand) is what the redline is written on.
    :raises MissingExtraError: when python-docx is not installed.
    """
    try:
        import docx
    except ImportError as exc:
        raise MissingExtraError("Writing .docx files", "formats", "docx") from exc
    primary = next((d for d in report.documents if d.role == "primary"), None)
    source = sources.get(primary.name) if primary is not None else None
    if source is None:
        raise ValueError("the redline needs the text of the contract under review")
    report = worded_for_reader(report)
    document, lines, original = _open(source, docx)
    text = "\n".join(line.text for line in lines)
    if text != source.text.translate(_XML_INVALID):  # the file changed since the review
        document, lines = _render(source.text, docx)
        text, original = source.text.translate(_XML_INVALID), False
    stamp = report.meta.finished_at or report.meta.started_at
    date = stamp if isinstance(stamp, datetime) else datetime.now()

    def read() -> list[DocxLine]:
        return read_lines(document.element.body, label=_labels(document))

    changes = _changes(report, source.name, text)
    by_id = {f.finding_id: f for f in report.findings}
    lines = read()  # comments add marks and text-less runs: the lines stay true
    if not original:
        _note(document, lines, _word("rendering", report.language).format(name=source.name))
    for finding in report.findings:
        words = list(_comment_lines(finding, by_id, report.language))
        if finding.finding_id in changes.unplaced:
            words.append(_word("unplaced", report.language))
        _comment(document, lines, finding, "\n".join(words))
    revisions = Revisions(read, author=AUTHOR, date=date)
    for start, end, new in sorted(changes.edits, reverse=True):
        revisions.replace(start, end, new)
    _settings_track_revisions(document)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


class _Changes:
    def __init__(self) -> None:
        self.edits: list[tuple[int, int, str]] = []
        self.unplaced: set[str] = set()


def _changes(report: ReviewReport, name: str, text: str) -> _Changes:
    """The source edits of every redline shown in the report, non-overlapping."""
    changes = _Changes()
    edited = {a.finding_id: a.after for a in report.approvals if a.decision == "edited"}
    rejected = {a.finding_id for a in report.approvals if a.decision == "rejected"}
    taken: list[tuple[int, int]] = []
    for finding in report.findings:
        change = finding.suggested_change
        if change is None or finding.redline_of or finding.finding_id in rejected:
            continue
        after = edited.get(finding.finding_id) or change.after
        passage = _passage(finding, name, text)
        if passage is None:
            changes.unplaced.add(finding.finding_id)
            continue
        start = passage.start or 0
        end = start + len(change.before)
        if any(start < e and s < end for s, e in taken):
            changes.unplaced.add(finding.finding_id)
            continue
        taken.append((start, end))
        changes.edits.extend(
            (start + s, start + e, new) for s, e, new in redline_edits(change.before, after)
        )
    return changes


def _passage(finding: Finding, name: str, text: str) -> Evidence | None:
    """The clause passage the finding's change rewrites, when it stands in ``text``."""
    change = finding.suggested_change
    assert change is not None
    for evidence in finding.evidence:
        if (
            evidence.kind == "clause"
            and evidence.source == name
            and evidence.start is not None
            and text[evidence.start : evidence.start + len(change.before)] == change.before
        ):
            return evidence
    return None


def _open(source: ExportSource, docx: Any) -> tuple[Any, list[DocxLine], bool]:
    """The document to write on, its lines, and whether it is the original file."""
    if source.original is not None and source.name.lower().endswith(".docx"):
        try:
            document = docx.Document(io.BytesIO(source.original))
            return document, read_lines(document.element.body, label=_labels(document)), True
        except Exception:  # a file python-docx cannot open: the text rendering instead
            pass
    return (*_render(source.text, docx), False)


def _labels(document: Any) -> Any:
    from ..documents.docx_numbering import DocxNumbering

    return DocxNumbering.of(document).label


def _render(text: str, docx: Any) -> tuple[Any, list[DocxLine]]:
    """A clean Word document of ``text``: one paragraph per line."""
    document = docx.Document()
    body = document.element.body
    for line in text.translate(_XML_INVALID).split("\n"):
        paragraph = document.add_paragraph()
        if line:
            paragraph.add_run(line)
    del body  # (python-docx appends before the section properties itself)
    return document, read_lines(document.element.body, label=_labels(document))


def _comment(document: Any, lines: list[DocxLine], finding: Finding, text: str) -> None:
    """``text`` as a Word comment on ``finding``'s clause (a missing item: on the first
    line)."""
    clause = next((e for e in finding.evidence if e.kind == "clause" and e.start is not None), None)
    if clause is not None and clause.start is not None and clause.end is not None:
        start, end = clause.start, clause.end
        pieces = [p for ln in lines for p in ln.pieces if p.end > start and p.start < end]
    else:
        pieces = [p for ln in lines[:1] for p in ln.pieces]
    _anchor_comment(document, lines, pieces, text)


def _note(document: Any, lines: list[DocxLine], text: str) -> None:
    """``text`` as a comment on the document's first line."""
    _anchor_comment(document, lines, [p for ln in lines[:1] for p in ln.pieces], text)


def _anchor_comment(document: Any, lines: list[DocxLine], pieces: list[Any], text: str) -> None:
    from docx.text.paragraph import Paragraph
    from docx.text.run import Run

    if not pieces:
        pieces = [p for ln in lines for p in ln.pieces][:1]
    if not pieces:
        return
    first, last = pieces[0].run, pieces[-1].run
    parent = Paragraph(first.getparent(), document._body)
    document.add_comment(
        [Run(first, parent), Run(last, parent)], text=text, author=AUTHOR, initials="CR"
    )


def _comment_lines(
    finding: Finding, findings: Mapping[str, Finding], language: str
) -> Iterable[str]:
    """A finding's comment, as its card in the report says it: risk and title, what is
    wrong, why it matters, our standard position, what we propose."""
    colon = label("colon", language)
    clause = clause_label(finding)
    heading = f"{clause} — {finding.title}" if clause else finding.title
    yield f"[{risk_word(finding.risk_level, language)}] {heading}"
    if finding.description and finding.description != finding.title:
        yield finding.description
    why, position = why_and_position(finding)
    if why:
        yield f"{label('why_it_matters', language)}{colon}{why}"
    if position:
        yield f"{label('standard_position', language)}{colon}{position}"
    if proposed := proposal(finding, findings):
        yield f"{label('we_propose', language)}{colon}{proposed}"


def _settings_track_revisions(document: Any) -> None:
    """Turn on Track Changes, so the other side's edits are tracked too."""
    from ..documents.docx_paragraphs import qn

    settings = document.settings.element
    if settings.find(qn("w:trackRevisions")) is None:
        from docx.oxml import OxmlElement

        settings.insert(0, OxmlElement("w:trackRevisions"))
