"""What keeps a web page in the user's browser from driving the service.

A server on loopback without API keys trusts whoever reaches it; a page the user opens
can reach it too, by a form or script posting to ``http://127.0.0.1:8000`` (its
``Origin`` is the page's) or by DNS rebinding (its ``Host`` is the attacker's name).
So the service answers only requests whose ``Host`` is one of its own names
(:func:`host_allowed`: localhost, 127.0.0.1, [::1], the address it is bound to, and
``allowed_hosts``), and refuses a state-changing request that carries an ``Origin``
other than its own or ``allowed_origins`` (:func:`origin_allowed`).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["LOOPBACK_NAMES", "SAFE_METHODS", "allowed_host_names", "host_allowed", "origin_allowed"]

#: The names a loopback server always answers to.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
#: Methods that change nothing; an ``Origin`` on them is not checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_WILDCARD_BINDS = frozenset({"", "0.0.0.0", "::"})


def allowed_host_names(bind_host: str, configured: Iterable[str]) -> frozenset[str]:
    """The host names (lower case, no port) the service answers to."""
    names = set(LOOPBACK_NAMES)
    if bind_host not in _WILDCARD_BINDS:
        names.add(bind_host.strip("[]").lower())
    names.update(name.strip().strip("[]").lower() for name in configured if name.strip())
    return frozenset(names)


def _host_name(host_header: str) -> str:
    """The name of a ``Host`` header value, without its port: 'a.example:80' -> 'a.example',
    '[::1]:8000' -> '::1'."""
    value = host_header.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def host_allowed(host_header: str | None, names: frozenset[str]) -> bool:
    """True when ``host_header`` names this server (``*`` among ``names``: any)."""
    if "*" in names:
        return True
    return host_header is not None and _host_name(host_header) in names


def _port_of(host_header: str) -> int | None:
    """The port a ``Host`` header value names (80 when it names none)."""
    value = host_header.strip()
    tail = value[value.find("]") + 1 :] if value.startswith("[") else value
    if tail.count(":") != 1:
        return 80
    digits = tail.rsplit(":", 1)[1]
    return int(digits) if digits.isdigit() else None


def origin_allowed(
    origin: str, host_header: str | None, names: frozenset[str], origins: Iterable[str]
) -> bool:
    """True when a page of ``origin`` may change state: the origin is this server itself
    (one of its names, on the port the request was sent to) or is configured (``*``:
    any). A page served by another program on the same machine (another port) may not."""
    wanted = {o.strip().rstrip("/").lower() for o in origins}
    if "*" in wanted or origin.strip().rstrip("/").lower() in wanted:
        return True
    parts = urlsplit(origin.strip())
    if parts.scheme not in {"http", "https"} or (parts.hostname or "") not in names - {"*"}:
        return False
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:  # a port that is not a number
        return False
    return host_header is not None and _port_of(host_header) == port
