"""The appendix of the Markdown report, last on the page: the blocks of
:mod:`.appendix_content` written as Markdown."""

from __future__ import annotations

from ..review.report_models import ReviewReport
from . import markdown_text as md
from .appendix_content import (
    Block,
    Diff,
    Facts,
    Heading,
    Line,
    Quote,
    Table,
    appendix_blocks,
)
from .report_labels import label
from .report_outline import ReportOutline

__all__ = ["appendix"]


def _line(line: Line) -> str:
    out: list[str] = []
    for index, span in enumerate(line):
        if span.kind == "code":
            out.append(md.code_span(span.text))
        elif span.kind in ("strong", "depth"):
            out.append(f"**{md.inline(span.text)}**")
        else:  # escaping strips the ends; the spaces between spans are kept
            text = span.text
            lead = text[: len(text) - len(text.lstrip())]
            trail = text[len(text.rstrip()) :]
            out.append(lead + md.inline(text, starts_line=index == 0) + trail)
    return "".join(out)


def _cell(line: Line) -> str:
    return "".join(span.text for span in line)


def _block(block: Block) -> list[str]:
    if isinstance(block, Heading):
        return ["#" * block.level + " " + md.inline(block.text), ""]
    if isinstance(block, Table):
        rows = [[_cell(cell) for cell in row] for row in block.rows]
        return [md.table(block.headings, rows, numeric=block.numeric), ""]
    if isinstance(block, Facts):
        out: list[str] = []
        for index, line in enumerate(block.lines):
            out.append(f"- {_line(line)}")
            out += [f"  - {_line(child)}" for child in block.children.get(index, [])]
        return [*out, ""]
    if isinstance(block, Quote):
        caption = md.inline(block.caption)
        heading = caption if block.kind == "wording" else f"*{caption}*"
        return [heading, "", md.block(block.text, quote=True) or ">", ""]
    if isinstance(block, Diff):
        return [md.code_fence(block.text, "diff"), ""]
    return [line for inner in block.blocks for line in _block(inner)]


def appendix(report: ReviewReport, shape: ReportOutline) -> list[str]:
    """The appendix, last on the page."""
    language = report.language
    out = [f"## {label('appendix', language)}", "", f"*{label('appendix_intro', language)}*", ""]
    for block in appendix_blocks(report, shape):
        out += _block(block)
    return out
