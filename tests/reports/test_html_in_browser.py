"""The FIDIC demo report laid out by a real browser: headless Chromium, driven over the
DevTools protocol on a pipe (:mod:`tests.browser_devtools`).

On a 1280×800 screen the executive summary starts on the first screen and no element is
wider than the viewport; printed on A4 (print media emulated at the width of the page's
printable area, 210 mm less the ``@page`` margins) the collapsed appendix is expanded and
no element is wider than the page; and Chromium prints the page to an A4 PDF.

Skipped, saying why, when no Chromium binary is found (``.ci/run`` installs Debian's
``chromium`` package when it can)."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contract_review.reports.html_report import render_html
from contract_review.review.report_models import ReviewReport

from ..browser_devtools import BROWSER, DevTools, requires_browser
from .real_reviews import review_example

pytestmark = [requires_browser, pytest.mark.requires_domain("fidic")]

#: The screen the report must fit.
SCREEN = (1280, 800)
#: A4's printable width in CSS pixels: 210 mm less the style sheet's 14 mm margins.
A4_PRINT_WIDTH = int((210 - 2 * 14) / 25.4 * 96)


#: Where the executive summary starts, the page width, the shown elements wider than it
#: (tag, class, left and right edge), and whether the appendix's content is shown.
_MEASURE = """(() => {
  const width = document.documentElement.clientWidth;
  const summary = document.getElementById('summary').getBoundingClientRect();
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if ((r.width === 0 && r.height === 0) || !el.checkVisibility()) continue;
    if (r.left < -0.5 || r.right > width + 0.5) {
      wide.push(`${el.tagName}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const digest = document.querySelector('.appendix code.digest');
  return {
    summaryTop: summary.top + window.scrollY,
    width: width,
    scrollWidth: document.documentElement.scrollWidth,
    wide: wide.slice(0, 20),
    appendixShown: digest.checkVisibility(),
  };
})()"""


@pytest.fixture(scope="module")
def fidic_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    report: ReviewReport = review_example("fidic")
    path = tmp_path_factory.mktemp("browser") / "report.html"
    path.write_text(render_html(report), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, fidic_page: Path) -> Iterator[DevTools]:
    assert BROWSER is not None
    tools = DevTools(BROWSER, tmp_path_factory.mktemp("profile"))
    try:
        tools.page("Page.enable")
        width, height = SCREEN
        tools.page(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        tools.page("Page.navigate", url=fidic_page.as_uri())
        tools.wait_for("Page.loadEventFired")
        yield tools
    finally:
        tools.close()


def _measure(browser: DevTools, media: str, width: int) -> dict[str, Any]:
    browser.page("Emulation.setEmulatedMedia", media=media)
    browser.page(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=SCREEN[1],
        deviceScaleFactor=1,
        mobile=False,
    )
    measured: dict[str, Any] = browser.evaluate(_MEASURE)
    return measured


def test_executive_summary_is_on_the_first_screen_and_nothing_overflows(
    browser: DevTools,
) -> None:
    screen = _measure(browser, "screen", SCREEN[0])
    assert screen["summaryTop"] < SCREEN[1]
    assert screen["wide"] == []
    assert screen["scrollWidth"] <= screen["width"]
    assert not screen["appendixShown"], "the appendix is collapsed on screen"


def test_printed_on_a4_the_appendix_opens_and_nothing_is_wider_than_the_page(
    browser: DevTools,
) -> None:
    printed = _measure(browser, "print", A4_PRINT_WIDTH)
    assert printed["appendixShown"], "details are expanded in print"
    assert printed["wide"] == []
    assert printed["scrollWidth"] <= printed["width"]


def test_chromium_prints_the_page_on_a4(browser: DevTools) -> None:
    browser.page("Emulation.setEmulatedMedia", media="")
    pdf = base64.b64decode(browser.page("Page.printToPDF", preferCSSPageSize=True)["data"])
    assert pdf.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert boxes, "the PDF names its page size"
    for width, height in boxes:  # A4 is 595.28 x 841.89 points
        assert abs(float(width) - 595.28) < 1 and abs(float(height) - 841.89) < 1
