"""``contract-review mcp --http``: streamable HTTP with the HTTP service's API keys,
driven by the MCP SDK's own client — keys optional on loopback, required off it
(exactly as ``ApiKeyPolicy.for_host`` decides for ``serve``), a wrong key refused,
the service's rate limit per key, each key seeing only its own reviews, and the ``mcp``
extra missing said in one line."""

from __future__ import annotations

import importlib.util
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from contract_review.config import load_settings
from contract_review.errors import ConfigError
from contract_review.mcp.http_auth import key_policy
from contract_review.mcp.server import build_server, streamable_http_app
from contract_review.registry import load_registry
from contract_review.service.api_keys import ApiKeyPolicy

from .conftest import LABOUR, ZH_EXAMPLE, HttpServer, invoke_cli

pytestmark = [pytest.mark.timeout(300), pytest.mark.usefixtures("no_proxy")]

KEY = "mcp-test-key-1"
OTHER_KEY = "mcp-test-key-2"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"},
    },
}


@asynccontextmanager
async def http_session(url: str, key: str | None = None) -> AsyncIterator[ClientSession]:
    """An initialized client session with the server at ``url``, sending ``key``."""
    headers = {"Authorization": f"Bearer {key}"} if key is not None else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60, read=300)) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def post_initialize(url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    """The first request of a session, sent by hand."""
    return httpx.post(
        url,
        json=INITIALIZE,
        headers={"Accept": "application/json, text/event-stream", **(headers or {})},
        timeout=30,
    )


def non_loopback_address() -> str | None:
    """An address of this machine other than loopback, if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("192.0.2.1", 9))  # no packet is sent for a UDP connect
            address: str = sock.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


async def test_on_loopback_a_key_works_and_none_is_needed(
    http_server: Callable[..., HttpServer],
) -> None:
    with http_server("127.0.0.1", api_keys=[KEY]) as server:
        async with http_session(server.url, KEY) as session:
            tools = {tool.name for tool in (await session.list_tools()).tools}
            found = await session.call_tool("hybrid_search", {"query": "试用期 解除 劳动合同"})
        async with http_session(server.url) as keyless:
            assert (await keyless.list_tools()).tools
        wrong = await anyio.to_thread.run_sync(
            lambda: post_initialize(server.url, {"X-API-Key": "not-a-key"})
        )
    assert {"review", "ask", "hybrid_search"} <= tools
    assert not found.is_error
    assert found.structured_content["results"][0]["law_title"] == LABOUR
    assert wrong.status_code == 401
    assert wrong.headers["www-authenticate"] == "Bearer"
    assert wrong.json()["error"]["message"] == "the API key sent is not valid"


@pytest.mark.parametrize("where", ["0.0.0.0", "address"])
async def test_off_loopback_a_key_is_required(
    http_server: Callable[..., HttpServer], where: str
) -> None:
    host = "0.0.0.0" if where == "0.0.0.0" else non_loopback_address()
    if host is None:
        pytest.skip("this machine has no address besides loopback")
    with http_server(host, api_keys=[KEY]) as server:
        url = server.url if where == "0.0.0.0" else f"http://{host}:{server.port}/mcp"
        refused = await anyio.to_thread.run_sync(lambda: post_initialize(url))
        accepted = await anyio.to_thread.run_sync(
            lambda: post_initialize(url, {"Authorization": f"Bearer {KEY}"})
        )
        async with http_session(url, KEY) as session:
            found = await session.call_tool("hybrid_search", {"query": "试用期 解除 劳动合同"})
    assert refused.status_code == 401
    assert refused.headers["www-authenticate"] == "Bearer"
    assert refused.json()["error"]["message"] == "this server requires an API key"
    assert accepted.status_code == 200
    assert not found.is_error


async def test_the_service_s_rate_limit_holds_per_key(
    http_server: Callable[..., HttpServer],
) -> None:
    with http_server("127.0.0.1", api_keys=[KEY, OTHER_KEY], rate_limit_per_minute=2) as server:

        def send(key: str) -> httpx.Response:
            return post_initialize(server.url, {"Authorization": f"Bearer {key}"})

        answers = [await anyio.to_thread.run_sync(send, KEY) for _ in range(3)]
        other = await anyio.to_thread.run_sync(send, OTHER_KEY)
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    refused = answers[2]
    assert int(refused.headers["retry-after"]) > 0
    assert refused.json()["error"]["code"] == "E_RATE_LIMITED"
    assert refused.json()["error"]["message"] == "more than 2 requests per minute from this client"
    assert other.status_code == 200  # each key has its own count


def test_the_policy_is_the_service_s(server_env: dict[str, str]) -> None:
    settings = load_settings(api_keys=[KEY])
    for host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.0.2.7", "contracts.example"):
        ours = key_policy(host, settings)
        service = ApiKeyPolicy.for_host(host, [KEY], None)
        assert ours.required == service.required
    assert not key_policy("127.0.0.1", settings).required
    assert key_policy("0.0.0.0", settings).required
    registry = load_registry(settings=load_settings())
    server = build_server(registry, load_settings())
    with pytest.raises(ConfigError, match="on this address requires API keys"):
        streamable_http_app(server, host="0.0.0.0", settings=load_settings())


def test_the_command_refuses_to_serve_off_loopback_without_keys(
    server_env: dict[str, str],
) -> None:
    result = invoke_cli(["mcp", "--http", "--host", "0.0.0.0", "--port", "1"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: serving on this address requires API keys")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.requires_domain("generic")
async def test_each_key_sees_only_its_own_reviews(
    http_server: Callable[..., HttpServer],
) -> None:
    with http_server("127.0.0.1", api_keys=[KEY, OTHER_KEY]) as server:
        async with http_session(server.url, KEY) as mine:
            reviewed = await mine.call_tool(
                "review", {"path": str(ZH_EXAMPLE), "domain": "generic"}
            )
            assert not reviewed.is_error, reviewed.content[0].text
            uri = reviewed.structured_content["report_json"]
            listed_mine = [str(r.uri) for r in (await mine.list_resources()).resources]
        async with http_session(server.url, OTHER_KEY) as theirs:
            listed_theirs = [str(r.uri) for r in (await theirs.list_resources()).resources]
            review_id = reviewed.structured_content["review_id"]
            asked = await theirs.call_tool(
                "ask", {"question": "违约金有上限吗", "review_id": review_id}
            )
            with pytest.raises(Exception, match="no review"):
                await theirs.read_resource(uri)
    assert uri in listed_mine
    assert uri not in listed_theirs
    assert asked.is_error
    assert asked.content[0].text == f"Error: no review {review_id!r}"


def test_without_the_mcp_extra_the_command_says_how_to_install_it(
    server_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name == "mcp" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    result = invoke_cli(["mcp"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: contract-review mcp needs the optional package 'mcp', which is not installed. "
        "Install it with: pip install 'contract-review[mcp]'"
    )


def test_a_law_index_that_is_not_one_is_refused(server_env: dict[str, str], tmp_path: Path) -> None:
    result = invoke_cli(["mcp", "--law-index", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --law-index ")
