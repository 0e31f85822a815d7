"""The appendix of the HTML report, last on the page and collapsed (``<details>``,
expanded in print): the blocks of :mod:`.appendix_content` written as HTML."""

from __future__ import annotations

from ..review.report_models import ReviewReport
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
from .html_blocks import escape, table
from .report_labels import label
from .report_outline import ReportOutline

__all__ = ["appendix"]


def _line(line: Line) -> str:
    out: list[str] = []
    for span in line:
        text = escape(span.text)
        if span.kind == "code":
            out.append(f"<code>{text}</code>")
        elif span.kind == "strong":
            out.append(f"<strong>{text}</strong>")
        elif span.kind == "depth":
            out.append(f'<span class="depth depth-{text}">{text}</span>')
        elif span.kind == "digest":
            out.append(f'<code class="digest" title="{text}">{text}</code>')
        else:
            out.append(text)
    return "".join(out)


def _facts(block: Facts) -> str:
    items = []
    for index, line in enumerate(block.lines):
        children = "".join(f"<li>{_line(c)}</li>" for c in block.children.get(index, []))
        items.append(f"<li>{_line(line)}" + (f"<ul>{children}</ul>" if children else "") + "</li>")
    return '<ul class="facts">' + "".join(items) + "</ul>"


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{escape(block.text)}</h{block.level}>"
    if isinstance(block, Table):
        rows = [[_line(cell) for cell in row] for row in block.rows]
        return table([escape(h) for h in block.headings], rows, numeric=block.numeric)
    if isinstance(block, Facts):
        return _facts(block)
    if isinstance(block, Quote):
        if block.kind == "wording":
            return (
                f"<p>{escape(block.caption)}</p>"
                f'<blockquote class="wording">{escape(block.text)}</blockquote>'
            )
        return (
            f'<figure class="evidence evidence-{escape(block.kind)}">'
            f"<figcaption>{escape(block.caption)}</figcaption>"
            f"<blockquote>{escape(block.text)}</blockquote></figure>"
        )
    if isinstance(block, Diff):
        return f'<pre class="diff">{escape(block.text)}</pre>'
    inner = "\n".join(_block(b) for b in block.blocks)
    return f'<div class="record" data-finding-id="{escape(block.finding_id)}">\n{inner}\n</div>'


def appendix(report: ReviewReport, shape: ReportOutline) -> list[str]:
    """The appendix: a ``<details>`` element, last on the page."""
    language = report.language
    heading = f"<h2>{escape(label('appendix', language))}</h2>"
    out = [
        '<details class="appendix" id="appendix">',
        f"<summary>{heading}</summary>",
        f'<p class="intro">{escape(label("appendix_intro", language))}</p>',
    ]
    out += [_block(block) for block in appendix_blocks(report, shape)]
    out.append("</details>")
    return out
