"""Building blocks of the HTML report pages: escaping, paragraphs, tables, risk badges,
the risk summary table, the status banner and the page shell with its inline style
sheet."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..review.report_models import RiskSummary
from .html_styles import REPORT_CSS
from .report_outline import summary_values

__all__ = ["badge", "banner", "escape", "lead", "page", "paragraph", "summary_table", "table"]


def escape(text: str) -> str:
    """``text`` HTML-escaped, quotes included (safe in attributes)."""
    return html.escape(text, quote=True)


def paragraph(text: str, css: str = "text") -> str:
    """A paragraph of free text; line breaks are kept by the ``text`` class."""
    return f'<p class="{css}">{escape(text)}</p>'


def badge(style: str, text: str) -> str:
    """A coloured risk badge that always carries its word (``style``: a risk level,
    'missing' or 'checked')."""
    return f'<span class="risk risk-{escape(style)}">{escape(text)}</span>'


def lead(words: str, language: str) -> str:
    """``words`` as the label that introduces a line: 'Governing law: ', '适用法律：'."""
    colon = "：" if language == "zh" else ": "
    return f'<span class="lead">{escape(words)}{colon.rstrip()}</span>' + (
        " " if colon.endswith(" ") else ""
    )


def table(
    headings: Sequence[str], rows: Sequence[Sequence[str]], *, numeric: int = 0, css: str = ""
) -> str:
    """A table of already-escaped cells; the last ``numeric`` columns are right-aligned."""

    def row(cells: Sequence[str], tag: str) -> str:
        first_num = len(cells) - numeric
        return (
            "<tr>"
            + "".join(
                f'<{tag} class="num">{c}</{tag}>' if i >= first_num else f"<{tag}>{c}</{tag}>"
                for i, c in enumerate(cells)
            )
            + "</tr>"
        )

    body = "".join(row(r, "td") for r in rows)
    opening = f'<table class="{escape(css)}">' if css else "<table>"
    return f"{opening}<thead>{row(headings, 'th')}</thead><tbody>{body}</tbody></table>"


#: Summary columns shown as risk badges (the others are plain counts).
_BADGED = frozenset({"critical", "high", "medium", "low", "missing"})


def summary_table(summary: RiskSummary) -> str:
    values = summary_values(summary)
    headings = []
    for heading, _ in values:
        css = heading.lower()
        badge = f'<span class="risk risk-{css}">{escape(heading)}</span>'
        headings.append(badge if css in _BADGED else escape(heading))
    return table(headings, [[str(v) for _, v in values]], numeric=len(values))


def banner(warning: str) -> str:
    return f'<div class="status-banner" role="alert">⚠ {escape(warning)}</div>' if warning else ""


def page(title: str, lang: str, body: Sequence[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>\n{REPORT_CSS}</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )
