"""Headless Chromium driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``, no library needed), for the tests that look at a page the
way a browser lays it out and runs it (the HTML report, the service's ``/docs``).

Tests using it skip, saying why, when no Chromium binary is found (:data:`BROWSER` is
None; ``.ci/run`` installs Debian's ``chromium`` package when it can)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

_BROWSERS = ("chromium", "chromium-browser", "google-chrome")
#: The Chromium binary found on PATH, or None.
BROWSER = next((path for name in _BROWSERS if (path := shutil.which(name))), None)
#: Skips a test, or a module (``pytestmark``), when there is no Chromium.
requires_browser = pytest.mark.skipif(
    BROWSER is None,
    reason=f"no Chromium binary found on PATH (looked for {', '.join(_BROWSERS)})",
)
#: Seconds to wait for one answer of the browser.
TIMEOUT = 60


class DevTools:
    """One headless Chromium and one page in it, driven over the DevTools pipe
    (JSON messages ended by NUL: the browser reads fd 3 and writes fd 4).

    :param extra_args: More command-line switches for the browser.
    """

    def __init__(self, binary: str, profile: Path, extra_args: Sequence[str] = ()) -> None:
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
                *extra_args,
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
