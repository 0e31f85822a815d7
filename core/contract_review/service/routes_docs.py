"""``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), working offline: their scripts, style
sheet and icon are served by this server under ``/docs/assets/`` from the
``fastapi-offline`` package (in the ``server`` extra), not from a CDN.

The pages are sent with a Content-Security-Policy that lets them load nothing from
another origin: scripts and styles from this server (the one inline script of Swagger
UI by its hash), requests to this server only. Like the pages, the assets need no API
key and are not rate limited (:func:`~.api_keys.is_open_path`)."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
from functools import cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from starlette.requests import Request

from .api_keys import DOCS_ASSETS_PATH
from .error_body import ServiceError

__all__ = ["ASSETS", "router"]

router = APIRouter(include_in_schema=False)

#: The files served under ``/docs/assets/`` and their media types.
ASSETS = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "redoc.standalone.js": "text/javascript; charset=utf-8",
    "favicon.png": "image/png",
}

_PACKAGE = "fastapi_offline"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


@cache
def _assets_folder() -> Path | None:
    """The folder of the installed ``fastapi-offline`` package's assets (found without
    importing it), or None when it is not installed."""
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static"
    return folder if folder.is_dir() else None


def _asset_url(request: Request, name: str) -> str:
    return f"{request.scope.get('root_path', '')}{DOCS_ASSETS_PATH}/{name}"


def _openapi_url(request: Request) -> str:
    return f"{request.scope.get('root_path', '')}{request.app.openapi_url}"


def _with_policy(page: HTMLResponse) -> HTMLResponse:
    """``page`` with a Content-Security-Policy allowing only this server's assets and
    the page's own inline scripts (by their SHA-256)."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(bytes(page.body).decode())
    )
    page.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
        "worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return page


def _require_assets() -> None:
    if _assets_folder() is None:
        raise ServiceError(
            "E_NOT_SUPPORTED",
            "the interactive docs need the fastapi-offline package, which is not installed",
            suggestion="pip install 'contract-review[server]'; the API description is at "
            "/openapi.json",
        )


@router.get("/docs")
def swagger_ui(request: Request) -> HTMLResponse:
    """Swagger UI: the operations, tried out against this server."""
    _require_assets()
    return _with_policy(
        get_swagger_ui_html(
            openapi_url=_openapi_url(request),
            title=f"{request.app.title} - Swagger UI",
            swagger_js_url=_asset_url(request, "swagger-ui-bundle.js"),
            swagger_css_url=_asset_url(request, "swagger-ui.css"),
            swagger_favicon_url=_asset_url(request, "favicon.png"),
        )
    )


@router.get("/redoc")
def redoc(request: Request) -> HTMLResponse:
    """ReDoc: the API description as one page."""
    _require_assets()
    return _with_policy(
        get_redoc_html(
            openapi_url=_openapi_url(request),
            title=f"{request.app.title} - ReDoc",
            redoc_js_url=_asset_url(request, "redoc.standalone.js"),
            redoc_favicon_url=_asset_url(request, "favicon.png"),
            with_google_fonts=False,
        )
    )


@router.get(DOCS_ASSETS_PATH + "/{name}")
def asset(name: str) -> FileResponse:
    """One of :data:`ASSETS`."""
    _require_assets()
    folder = _assets_folder()
    if name not in ASSETS or folder is None:
        raise ServiceError("E_NOT_FOUND", f"no docs asset {name!r}")
    return FileResponse(folder / name, media_type=ASSETS[name])
