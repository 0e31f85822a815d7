"""Fixtures of the HTTP service's tests: settings in a temporary data folder, an app
served in-process, an app that reviews with the testing kit's throwaway domain, and a
real uvicorn server on 127.0.0.1."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the HTTP service needs the 'server' extra")
pytest.importorskip("multipart", reason="the HTTP service needs the 'server' extra")

import httpx
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from contract_review.config import Settings, load_settings
from contract_review.service.app import create_app
from contract_review.testing.throwaway_domain import throwaway_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
FIDIC_EXAMPLE = REPO_ROOT / "examples" / "fidic" / "particular_conditions.txt"

SettingsFactory = Callable[..., Settings]


@pytest.fixture
def make_settings(tmp_path: Path) -> SettingsFactory:
    """Settings with the store and uploads in ``tmp_path``, offline, no LLM, and no
    per-minute rate limit (tests poll reviews, which take longer on a loaded machine;
    the rate-limit tests set their own limits)."""

    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "data_dir": tmp_path / "data",
            "cache_dir": tmp_path / "cache",
            "llm_provider": "none",
            "use_orchestrator": False,
            "offline": True,
            "rate_limit_per_minute": 0,
        }
        values.update(overrides)
        return load_settings(**values)

    return make


def create_throwaway_app(
    settings: Settings, *extra_plugins: tuple[str, object], **kwargs: Any
) -> FastAPI:
    """The service for ``settings`` with core's built-ins, the throwaway domain
    (:mod:`contract_review.testing.throwaway_domain`) and ``extra_plugins``, no
    installed plugin; ``kwargs`` go to :func:`create_app`."""
    return create_app(
        settings,
        registry_factory=lambda: throwaway_registry(settings=settings, extra_plugins=extra_plugins),
        **kwargs,
    )


@pytest.fixture
def throwaway_app() -> Callable[..., FastAPI]:
    """:func:`create_throwaway_app`: ``throwaway_app(settings, *extra_plugins, **kwargs)``."""
    return create_throwaway_app


@pytest.fixture
def client(make_settings: SettingsFactory) -> Iterator[TestClient]:
    """The app with default settings, served in-process."""
    with TestClient(create_app(make_settings()), base_url="http://localhost") as test_client:
        yield test_client


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server_process(
    command: list[str], env: dict[str, str], port: int, *, timeout: float = 90
) -> subprocess.Popen[bytes]:
    """Run ``command`` (a server listening on 127.0.0.1:``port``) and return once its
    ``/health`` answers 200.

    :raises RuntimeError: with the server's standard error when it exits first, or when
        it does not answer within ``timeout`` seconds (it is killed then).
    """
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return child
        except httpx.TransportError:
            pass
        if child.poll() is not None:
            errors = child.stderr.read().decode() if child.stderr else ""
            raise RuntimeError(f"server exited: {errors}")
        time.sleep(0.1)
    child.kill()
    raise RuntimeError("server did not start")


class LiveServer:
    """A uvicorn server on 127.0.0.1 in a background thread."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    def client(self, **kwargs: Any) -> httpx.Client:
        """An HTTP client for this server."""
        return httpx.Client(base_url=self.url, timeout=30, **kwargs)


@pytest.fixture
def unused_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on."""
    return free_port()


@pytest.fixture
def live_server() -> Callable[[FastAPI], LiveServer]:
    """Serve an app over real HTTP: ``with live_server(app) as server: ...``."""
    return LiveServer
