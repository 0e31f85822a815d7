"""API keys: who may call the service, and the name rate limits count requests under.

Keys come from ``CONTRACT_REVIEW_API_KEYS`` (comma-separated) or the ``api_keys``
setting, admin keys (which see every key's data, :mod:`.principals`) from
``CONTRACT_REVIEW_ADMIN_API_KEYS``; they are sent as ``Authorization: Bearer KEY`` or ``X-API-Key: KEY``. On a
loopback address keys are not required unless ``require_api_key`` says so; bound to any
other address they always are, and a server with no keys configured refuses to start
there (a clear error, not an open service).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from typing import Annotated

from fastapi import Depends, Security
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import Request

from ..errors import ConfigError
from .principals import KEYLESS, Principal

__all__ = [
    "API_KEY_SCHEMES",
    "DOCS_ASSETS_PATH",
    "OPEN_PATHS",
    "ApiKeyPolicy",
    "is_loopback",
    "is_open_path",
]

#: Paths anyone may call without a key (health checks, the API description).
OPEN_PATHS = frozenset({"/health", "/openapi.json", "/docs", "/redoc", "/docs/oauth2-redirect"})
#: Where the interactive docs' scripts and styles are served; open like the docs.
DOCS_ASSETS_PATH = "/docs/assets"


def is_open_path(path: str) -> bool:
    """Whether anyone may call ``path`` without a key, and without counting toward a rate
    limit: :data:`OPEN_PATHS` and the docs' assets."""
    return path in OPEN_PATHS or path.startswith(DOCS_ASSETS_PATH + "/")


_KEY_HEADER = APIKeyHeader(
    name="X-API-Key",
    scheme_name="ApiKey",
    description="An API key (CONTRACT_REVIEW_API_KEYS); required off loopback.",
    auto_error=False,
)
_BEARER = HTTPBearer(
    scheme_name="Bearer",
    description="An API key sent as 'Authorization: Bearer KEY'.",
    auto_error=False,
)


def _declare_key_schemes(
    _key: Annotated[str | None, Security(_KEY_HEADER)],
    _bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_BEARER)],
) -> None:
    """Nothing: the request guards checked the key before the endpoint runs
    (:mod:`.request_guards`). As a dependency this names the two ways to send a key in
    the OpenAPI document (``securitySchemes``, Swagger UI's Authorize button); neither
    refuses a request (``auto_error=False``), so the key policy alone decides."""


#: The dependency of every operation that takes an API key (not ``/health``, the docs).
API_KEY_SCHEMES = Depends(_declare_key_schemes)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name the server binds to) is only reachable from
    this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _fingerprint(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


class ApiKeyPolicy:
    """Checks a request's key and names its client.

    :param keys: The accepted keys.
    :param required: Whether a key must be sent.
    :param admin_keys: Keys that see every key's data (accepted too).
    :raises ConfigError: when keys are required but none is configured.
    """

    def __init__(
        self, keys: list[str], *, required: bool, admin_keys: list[str] | None = None
    ) -> None:
        self._admin = [k for k in admin_keys or [] if k]
        self._keys = [k for k in keys if k] + self._admin
        self.required = required
        if required and not self._keys:
            raise ConfigError(
                "serving on this address requires API keys, but none is configured; "
                "set CONTRACT_REVIEW_API_KEYS=key1,key2 (or bind to 127.0.0.1)"
            )

    @classmethod
    def for_host(
        cls,
        host: str,
        keys: list[str],
        required: bool | None,
        admin_keys: list[str] | None = None,
    ) -> ApiKeyPolicy:
        """The policy for a server bound to ``host``: keys required off loopback."""
        return cls(
            keys,
            required=required if required is not None else not is_loopback(host),
            admin_keys=admin_keys,
        )

    @property
    def has_keys(self) -> bool:
        """Whether any key is configured (without one, keys sent are ignored)."""
        return bool(self._keys)

    @staticmethod
    def presented_key(request: Request) -> str | None:
        """The key the request sends, if any."""
        header = request.headers.get("authorization", "")
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        key = request.headers.get("x-api-key", "").strip()
        return key or None

    def refusal(self, key: str | None) -> str | None:
        """Why a request presenting ``key`` (None: none) is refused, or None when it may
        go on: a key that is not one of ours, or no key where one is required."""
        if key is not None and self.has_keys and not self.is_valid(key):
            return "the API key sent is not valid"
        if key is None and self.required:
            return "this server requires an API key"
        return None

    def is_valid(self, key: str) -> bool:
        """Whether ``key`` is one of the configured keys (constant-time comparison)."""
        return any(hmac.compare_digest(key.encode(), known.encode()) for known in self._keys)

    def principal_of(self, key: str | None) -> Principal:
        """Whom a request sending ``key`` acts for (:mod:`.principals`): a valid key's
        fingerprint; else the keyless user, who sees everything on a server without keys."""
        if key is not None and self.is_valid(key):
            admin = any(hmac.compare_digest(key.encode(), k.encode()) for k in self._admin)
            return Principal(id="key:" + _fingerprint(key), admin=admin)
        return Principal(id=KEYLESS, admin=not self._keys)

    def client_of(self, request: Request, key: str | None) -> str:
        """The name rate limits count under: the key's fingerprint, else the address."""
        if key is not None and self.is_valid(key):
            return "key:" + _fingerprint(key)
        host = request.client.host if request.client is not None else "unknown"
        return "addr:" + host
