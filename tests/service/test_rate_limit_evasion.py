"""Rate limits cannot be escaped: failed authentication counts toward the client's limit,
and a forged X-Forwarded-For names no other client unless it comes from a configured
proxy. Real HTTP on 127.0.0.1, served as ``contract-review serve`` serves."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn

from contract_review.cli.serve_command import proxy_options
from contract_review.config import Settings
from contract_review.service.app import create_app

from .conftest import free_port


@contextmanager
def _served(settings: Settings) -> Iterator[httpx.Client]:
    port = free_port()
    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **proxy_options(settings),
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            yield client
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def test_guessing_keys_is_rate_limited(make_settings: Any) -> None:
    settings = make_settings(api_keys="right-key", rate_limit_per_minute=3)
    with _served(settings) as http:
        statuses = [
            http.get("/reviews", headers={"X-API-Key": f"guess-{n}"}).status_code for n in range(5)
        ]
    assert statuses[:3] == [401, 401, 401] and statuses[3:] == [429, 429]


def test_a_forged_forwarded_for_names_no_other_client(make_settings: Any) -> None:
    settings = make_settings(rate_limit_per_minute=2)
    with _served(settings) as http:
        statuses = [
            http.get("/reviews", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(4)
        ]
    assert statuses == [200, 200, 429, 429]


def test_a_configured_proxy_is_believed(make_settings: Any) -> None:
    settings = make_settings(rate_limit_per_minute=2, trusted_proxies="127.0.0.1")
    with _served(settings) as http:
        statuses = [
            http.get("/reviews", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(4)
        ]
    assert statuses == [200, 200, 200, 200]  # four clients behind the proxy, one each
