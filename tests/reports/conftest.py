"""Reading the rendered reports back as a reader sees them.

The Markdown page is rendered to HTML by a CommonMark parser (markdown-it-py, which
rich already depends on) with raw HTML and GFM tables enabled, so an escaping mistake
shows up as a real heading, list, table cell or tag; both pages are then read as
visible text, split at their headings.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt

from contract_review.review.report_models import PortfolioReport, ReviewReport
from contract_review.testing.report_builders import make_portfolio, make_report

# Elements whose edges separate words for a reader.
_BREAKS = {
    "p", "li", "dt", "dd", "td", "th", "tr", "br", "div", "pre", "blockquote",
    "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl",
    "table", "section", "article", "header", "nav", "main", "summary", "details",
}  # fmt: skip
_SPLITS = {"h1", "h2", "h3", "h4"}
_HIDDEN = {"style", "script", "title", "head"}


class VisibleText(HTMLParser):
    """The text of an HTML page, with a line break at every block edge, split into
    blocks at each h1-h4 heading."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[list[str]] = [[]]
        self.hidden = 0
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in _HIDDEN:
            self.hidden += 1
        if tag in _SPLITS:
            self.blocks.append([])
        if tag in _BREAKS:
            self.blocks[-1].append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden -= 1
        if tag in _BREAKS:
            self.blocks[-1].append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.blocks[-1].append(data)


def squash(text: str) -> str:
    """White space runs as single spaces: how a browser shows running text."""
    return " ".join(text.split())


def read_html(page: str) -> VisibleText:
    parser = VisibleText()
    parser.feed(page)
    parser.close()
    return parser


_MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


@pytest.fixture(scope="session")
def markdown_to_html() -> Callable[[str], str]:
    """Markdown as a CommonMark + GFM-tables renderer shows it (raw HTML allowed)."""
    return _MARKDOWN.render


@pytest.fixture(scope="session")
def visible() -> Callable[[str], str]:
    """An HTML page's visible text, white space squashed."""
    return lambda page: squash("".join("".join(b) for b in read_html(page).blocks))


@pytest.fixture(scope="session")
def visible_lines() -> Callable[[str], list[str]]:
    """An HTML fragment's visible text, one stripped line per block edge or break,
    empty lines dropped."""

    def lines(page: str) -> list[str]:
        text = "".join("".join(b) for b in read_html(page).blocks)
        return [line.strip() for line in text.split("\n") if line.strip()]

    return lines


@pytest.fixture(scope="session")
def heading_blocks() -> Callable[[str], list[str]]:
    """An HTML page's visible text split at each h1-h4 heading, white space squashed."""
    return lambda page: [squash("".join(b)) for b in read_html(page).blocks]


@pytest.fixture(scope="session")
def report() -> ReviewReport:
    return make_report()


@pytest.fixture(scope="session")
def portfolio() -> PortfolioReport:
    return make_portfolio()
