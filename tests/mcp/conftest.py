"""Fixtures of the MCP server's tests: a small law index of three real laws (劳动合同法
among them) built with ``contract-review law index``, the environment a server runs in
(offline, no LLM, a temporary data folder), the CLI run in process with that
environment, and the server over streamable HTTP on a free port."""

from __future__ import annotations

import logging
import os
import shutil
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP server needs the 'mcp' extra")

import uvicorn
from click.testing import CliRunner, Result
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.config import Settings, load_settings
from contract_review.mcp.server import build_server, streamable_http_app
from contract_review.registry import load_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
ZH_EXAMPLE = REPO_ROOT / "examples" / "services_agreement_zh.txt"
LABOUR = "中华人民共和国劳动合同法"

#: The laws of the small index: the Labour Contract Law and two others around it.
SMALL_LAWS = ("劳动合同法(2012-12-28).md", "合伙企业法(2006-08-27).md", "保险法(2015-04-24).md")


def invoke_cli(args: list[str]) -> Result:
    """``contract-review ARGS`` in process, the package logger restored afterwards."""
    package_logger = logging.getLogger("contract_review")
    level, handlers = package_logger.level, list(package_logger.handlers)
    try:
        return CliRunner().invoke(cli, args, obj=CliState())
    finally:
        package_logger.setLevel(level)
        package_logger.handlers[:] = handlers


@pytest.fixture(scope="session")
def small_law_index(shared_laws: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three laws of the shared data indexed by ``contract-review law index --bm25-only``."""
    folder = tmp_path_factory.mktemp("small-laws")
    for name in SMALL_LAWS:
        shutil.copy(shared_laws / name, folder / name)
    out = tmp_path_factory.mktemp("small-law-index") / "index"
    result = invoke_cli(["law", "index", str(folder), "--out", str(out), "--bm25-only"])
    assert result.exit_code == 0, result.output
    assert "of 3 laws" in result.output
    return out


@pytest.fixture
def server_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The settings of a test server, as environment variables; also set in this
    process (for the CLI run in process and for servers run in a thread)."""
    config = tmp_path / "contract-review.toml"
    config.write_text("", encoding="utf-8")
    env = {
        "CONTRACT_REVIEW_LLM_PROVIDER": "none",
        "CONTRACT_REVIEW_OFFLINE": "true",
        "CONTRACT_REVIEW_DATA_DIR": str(tmp_path / "data"),
        "CONTRACT_REVIEW_CONFIG": str(config),
        "CONTRACT_REVIEW_CACHE_DIR": os.environ.get(
            "CONTRACT_REVIEW_CACHE_DIR", str(tmp_path / "cache")
        ),
    }
    for name in list(os.environ):
        if name.startswith(("CONTRACT_REVIEW_", "DASHSCOPE_", "LLM_")):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env


@asynccontextmanager
async def stdio_session(env: dict[str, str], *args: str) -> AsyncIterator[ClientSession]:
    """An initialized client session with ``python -m contract_review.cli mcp ARGS``."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "contract_review.cli", "mcp", *args],
        env=env,
        cwd=str(REPO_ROOT),
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class HttpServer:
    """The MCP server over streamable HTTP, bound to ``host``, in a background thread."""

    def __init__(self, settings: Settings, host: str, law_index: Path | None) -> None:
        registry = load_registry(settings=settings)
        app = streamable_http_app(
            build_server(registry, settings, law_index=law_index), host=host, settings=settings
        )
        self.port = free_port(host)
        connect = "127.0.0.1" if host in {"0.0.0.0", "127.0.0.1"} else host
        self.url = f"http://{connect}:{self.port}/mcp"
        config = uvicorn.Config(app, host=host, port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> HttpServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the MCP test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def http_server(server_env: dict[str, str], small_law_index: Path) -> Callable[..., HttpServer]:
    """``http_server(host, **settings)``: an MCP server over HTTP bound to ``host`` with
    the small law index and the test settings (plus ``settings``)."""

    def make(host: str = "127.0.0.1", **overrides: Any) -> HttpServer:
        return HttpServer(load_settings(**overrides), host, small_law_index)

    return make


@pytest.fixture
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """HTTP clients reach the test server directly, whatever proxy is configured."""
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    yield
