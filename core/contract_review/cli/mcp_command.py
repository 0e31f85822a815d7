"""``contract-review mcp``: serve the tools and reports over the Model Context Protocol
(needs the ``mcp`` extra)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import click

from ..errors import MissingExtraError
from .context import CliState, pass_state
from .retrieval_options import check_law_index

__all__ = ["mcp"]


@click.command("mcp")
@click.option(
    "--http",
    "use_http",
    is_flag=True,
    help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio.",
)
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="With --http: the address to bind to."
)
@click.option(
    "--port",
    default=8001,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="With --http: the port.",
)
@click.option(
    "--law-index",
    "law_index",
    type=click.Path(path_type=Path, file_okay=False),
    help="The law index for the law tools and ask (default: the law_index setting, "
    "CONTRACT_REVIEW_LAW_INDEX).",
)
@pass_state
def mcp(state: CliState, use_http: bool, host: str, port: int, law_index: Path | None) -> None:
    """Serve the law tools, the skills, review and ask as MCP tools, and the stored
    review reports as resources, to an MCP client (Claude Desktop, an IDE, an agent).

    \b
    stdio by default: the client starts this command. With --http, streamable HTTP;
    API keys (CONTRACT_REVIEW_API_KEYS=key1,key2) are not needed on 127.0.0.1 and are
    required on any other address, as for 'serve'. Examples:
      contract-review mcp --law-index law-index
      contract-review mcp --http --port 8001 --law-index law-index
    """
    if importlib.util.find_spec("mcp") is None:
        raise MissingExtraError("contract-review mcp", "mcp", "mcp")
    if use_http:
        for module in ("fastapi", "uvicorn"):  # the service's key policy, the server
            if importlib.util.find_spec(module) is None:
                raise MissingExtraError("contract-review mcp --http", "server", module)
    if law_index is not None:
        check_law_index(law_index)

    from ..config import load_settings
    from ..mcp.server import build_server, run_http, run_stdio, streamable_http_app

    settings = load_settings()
    server = build_server(state.load_registry(), settings, law_index=law_index)
    if not use_http:
        import anyio

        anyio.run(run_stdio, server)
        return
    streamable_http_app(server, host=host, settings=settings)  # no keys off loopback: fail now
    click.echo(f"contract-review MCP server on http://{host}:{port}/mcp", err=True)
    run_http(server, host=host, port=port, settings=settings)
