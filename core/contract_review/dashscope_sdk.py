"""What the Dashscope LLM client needs from the SDK: importing it lazily (it is an
optional extra and heavy), the endpoint a request goes to, and reading fields and
headers from its responses (errors come back as responses, not exceptions). Also
:func:`is_dashscope_host`, which tells the clients of OpenAI-compatible servers to use
the Dashscope key. (The ``dashscope`` embedder needs no SDK: it uses the compatible
mode.)"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from .errors import MissingExtraError

__all__ = [
    "DEFAULT_BASE_URL",
    "import_dashscope",
    "is_dashscope_host",
    "response_field",
    "response_header",
    "sdk_endpoint",
]

#: The SDK's own HTTP API base URL, used when neither a base URL nor the SDK says another.
DEFAULT_BASE_URL = "https://dashscope.aliyuncs.com/api/v1"


def import_dashscope(feature: str) -> Any:
    """The ``dashscope`` module.

    :raises MissingExtraError: naming ``feature`` when the extra is not installed.
    """
    try:
        import dashscope
    except ImportError:
        raise MissingExtraError(feature, "dashscope", "dashscope") from None
    return dashscope


def is_dashscope_host(host: str | None) -> bool:
    """True for Dashscope's API hosts: ``dashscope.aliyuncs.com``,
    ``dashscope-intl.aliyuncs.com`` and the workspace hosts ``*.maas.aliyuncs.com``."""
    host = (host or "").lower()
    return host.endswith(".aliyuncs.com") and (
        host.startswith("dashscope") or host.endswith(".maas.aliyuncs.com")
    )


def sdk_endpoint(base_url: str | None, path: str) -> str:
    """The URL ``path`` is POSTed to: under ``base_url``, else under the SDK's base URL
    (which ``DASHSCOPE_HTTP_BASE_URL`` may change) when the SDK is loaded, else the
    default."""
    base = base_url
    if base is None:
        loaded = sys.modules.get("dashscope")
        base = str(getattr(loaded, "base_http_api_url", None) or DEFAULT_BASE_URL)
    return base.rstrip("/") + path


def response_field(response: Any, name: str) -> str:
    """A text field of an SDK response (``code``, ``message``, ``request_id``); ""
    when absent."""
    value = getattr(response, name, None)
    return str(value) if value not in (None, "") else ""


def response_header(response: Any, name: str) -> object:
    """The value of HTTP header ``name`` (lower case) on an SDK response, or None."""
    headers = getattr(response, "headers", None)
    if isinstance(headers, Mapping):
        for key, value in headers.items():
            if str(key).lower() == name:
                return value
    return None
