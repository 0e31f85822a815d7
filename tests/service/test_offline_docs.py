"""``/docs`` and ``/redoc`` work offline: every script, style sheet and icon they
reference is served by the server itself (from the ``fastapi-offline`` package), none
from another origin, and their Content-Security-Policy lets nothing else load. Swagger UI
really renders in headless Chromium, with no other origin reachable."""

from __future__ import annotations

import base64
import re
import time
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from contract_review.service.app import create_app

from ..browser_devtools import BROWSER, DevTools, requires_browser
from .conftest import LiveServer, SettingsFactory

ORIGIN = "http://localhost"
#: The media type each asset must be served with, by its suffix.
MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}


class References(HTMLParser):
    """The URLs a page loads: script sources, linked style sheets and icons, images."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"script": "src", "link": "href", "img": "src"}.get(tag)
        for name, value in attrs:
            if name == wanted and value:
                self.urls.append(value)


def _references(page: str) -> list[str]:
    parser = References()
    parser.feed(page)
    return parser.urls


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_load_every_asset_from_the_server_itself(client: TestClient, page: str) -> None:
    response = client.get(page)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self' " in policy
    assert "connect-src 'self'" in policy
    urls = _references(response.text)
    assert any(url.endswith(".js") for url in urls), urls
    for url in urls:
        absolute = urljoin(ORIGIN + page, url)
        assert absolute.startswith(ORIGIN + "/"), f"{url} is not on the server's origin"
        asset = client.get(absolute)
        assert asset.status_code == 200, url
        expected = MEDIA_TYPES[Path(urlsplit(absolute).path).suffix]
        assert asset.headers["content-type"].startswith(expected), (url, asset.headers)
        assert len(asset.content) > 1000, url
    assert not re.search(r"https?://", response.text), "no URL of another origin in the page"


def test_the_inline_script_of_swagger_ui_is_allowed_by_its_hash(client: TestClient) -> None:
    response = client.get("/docs")
    hashes = re.findall(r"'sha256-([A-Za-z0-9+/=]+)'", response.headers["content-security-policy"])
    assert len(hashes) == 1
    assert len(base64.b64decode(hashes[0])) == 32
    assert "url: '/openapi.json'" in response.text


def test_docs_and_their_assets_need_no_key(make_settings: SettingsFactory) -> None:
    app = create_app(make_settings(api_keys=["k1"], require_api_key=True))
    with TestClient(app, base_url=ORIGIN) as client:
        assert client.get("/domains").status_code == 401
        for path in ("/docs", "/redoc", "/openapi.json", *_references(client.get("/docs").text)):
            assert client.get(path).status_code == 200, path
        missing = client.get("/docs/assets/nothing.js")
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "E_NOT_FOUND"
        assert client.get("/docs", headers={"Host": "elsewhere.example"}).status_code == 400


#: What Swagger UI shows once it has read the document: the operation blocks, the
#: Authorize button, and every URL the page requested.
_RENDERED = """(() => ({
  operations: document.querySelectorAll('.opblock').length,
  authorize: document.querySelectorAll('.btn.authorize').length,
  requested: performance.getEntriesByType('resource').map(e => e.name),
}))()"""


@requires_browser
def test_swagger_ui_renders_in_chromium_with_no_other_origin_reachable(
    make_settings: SettingsFactory,
    live_server: Callable[[FastAPI], LiveServer],
    tmp_path: Path,
) -> None:
    assert BROWSER is not None
    with live_server(create_app(make_settings())) as server:
        # every host name resolves to nothing, so no CDN could be reached
        tools = DevTools(
            BROWSER,
            tmp_path / "profile",
            extra_args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
        )
        try:
            tools.page("Page.enable")
            tools.page("Network.enable")
            tools.page(
                "Emulation.setDeviceMetricsOverride",
                width=1280,
                height=800,
                deviceScaleFactor=1,
                mobile=False,
            )
            tools.page("Page.navigate", url=server.url + "/docs")
            tools.wait_for("Page.loadEventFired")
            deadline = time.monotonic() + 30
            rendered = tools.evaluate(_RENDERED)
            while rendered["operations"] == 0 and time.monotonic() < deadline:
                time.sleep(0.2)
                rendered = tools.evaluate(_RENDERED)
            shot = base64.b64decode(tools.page("Page.captureScreenshot", format="png")["data"])
        finally:
            tools.close()
    (tmp_path / "docs.png").write_bytes(shot)
    assert shot.startswith(b"\x89PNG") and len(shot) > 10_000
    assert rendered["operations"] >= 20, rendered
    assert rendered["authorize"] == 1, "the key schemes give Swagger UI its Authorize button"
    requests = [
        event["params"]["request"]["url"]
        for event in tools.events
        if event.get("method") == "Network.requestWillBeSent"
    ]
    assert server.url + "/openapi.json" in requests
    for url in requests + rendered["requested"]:
        assert url.startswith((server.url + "/", "data:", "blob:")), url
