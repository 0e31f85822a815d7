"""The FIDIC demo report laid out by a real browser: headless Chromium, driven over the
DevTools protocol on a pipe (``--remote-debugging-pipe``, no library needed).

On a 1280×800 screen the executive summary starts on the first screen and no element is
wider than the viewport; printed on A4 (print media emulated at the width of the page's
printable area, 210 mm less the ``@page`` margins) the collapsed appendix is expanded and
no element is wider than the page; and Chromium prints the page to an A4 PDF.

Skipped, saying why, when no Chromium binary is found (``.ci/run`` installs Debian's
``chromium`` package when it can)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contract_review.reports.html_report import render_html
from contract_review.review.report_models import ReviewReport

from .real_reviews import review_example

_BROWSERS = ("chromium", "chromium-browser", "google-chrome")
BROWSER = next((path for name in _BROWSERS if (path := shutil.which(name))), None)

pytestmark = [
    pytest.mark.skipif(
        BROWSER is None,
        reason=f"no Chromium binary found on PATH (looked for {', '.join(_BROWSERS)})",
    ),
    pytest.mark.requires_domain("fidic"),
]

#: The screen the report must fit.
SCREEN = (1280, 800)
#: A4's printable width in CSS pixels: 210 mm less the style sheet's 14 mm margins.
A4_PRINT_WIDTH = int((210 - 2 * 14) / 25.4 * 96)
#: Seconds to wait for one answer of the browser.
TIMEOUT = 60


class DevTools:
    """One headless Chromium and one page in it, driven over the DevTools pipe
    (JSON messages ended by NUL: the browser reads fd 3 and writes fd 4)."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser_r, self._out = os.pipe()
        self._in, from_browser_w = os.pipe()

        def wire() -> None:  # in the child, before exec: the pipe on fds 3 and 4
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [
                binary,
                "--headless=new",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=wire,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        answer: dict[str, Any] = json.loads(message)
        return answer

    def call(self, method: str, *, session: str = "", **params: Any) -> dict[str, Any]:
        """Send one command (to the page when ``session`` is given) and wait for its
        answer; events that arrive meanwhile are kept in :attr:`events`."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, session=self.session, **params)

    def wait_for(self, event: str) -> None:
        while not any(e.get("method") == event for e in self.events):
            self.events.append(self._read())

    def evaluate(self, expression: str) -> Any:
        answer = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(str(answer["exceptionDetails"]))
        return answer["result"]["value"]

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._in)
        os.close(self._out)


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
