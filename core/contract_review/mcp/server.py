"""The MCP server: the tools of :mod:`.tools` and the resources of :mod:`.resources`
on the SDK's low-level :class:`mcp.server.lowlevel.Server`, served over stdio or
streamable HTTP.

A tool's result is its JSON object as structured content (and as text, for clients
that read only text). Whatever stops a tool is a tool error (``isError: true``) whose
text is the line the CLI prints for that error (``Error: file not found: x.txt``);
a bug is logged with its traceback on the server's stderr and reported in one line.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from ..cli.errors import error_line
from ..errors import ContractReviewError, NotFoundError
from ..plugins import core_version
from .http_auth import principal_in
from .resources import REPORT_SUFFIXES, ReviewResources
from .tools import ToolBox

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from starlette.types import ASGIApp

    from ..config import Settings
    from ..registry import Registry
    from ..service.principals import Principal

__all__ = ["SERVER_NAME", "build_server", "run_http", "run_stdio", "streamable_http_app"]

logger = logging.getLogger(__name__)

#: The name the server gives itself.
SERVER_NAME = "contract-review"

#: JSON-RPC's code for a resource that does not exist (the MCP specification's).
RESOURCE_NOT_FOUND = -32002

_INSTRUCTIONS = (
    "Contract review and Chinese law retrieval, offline. Search and read the law library "
    "with hybrid_search, get_provision_context, get_law and meta_schema; review a contract "
    "with review (a file path or its text, and a domain such as generic, fidic or sha_spa); "
    "run one review skill on a clause with the skill's tool; ask answers a legal question "
    "with citations. Stored reports are resources: review://REVIEW_ID/report.json and .md."
)


def _caller(ctx: ServerRequestContext[Any, Any]) -> Principal | None:
    return principal_in(ctx.request)


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=message)], is_error=True)


def build_server(
    registry: Registry, settings: Settings, *, law_index: Path | None = None
) -> Server[Any]:
    """The MCP server of ``registry``'s tools and the store's reports."""
    toolbox = ToolBox(registry, settings, law_index=law_index)
    resources = ReviewResources(registry, settings)

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=tool.name,
                    description=tool.description,
                    input_schema=tool.input_schema,
                    output_schema=tool.output_schema,
                )
                for tool in toolbox.tools.values()
            ]
        )

    async def call_tool(
        ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        tool = toolbox.tools.get(params.name)
        if tool is None:
            return _error(
                f"Error: no tool {params.name!r}; the tools are: {', '.join(toolbox.tools)}"
            )
        try:
            data = await tool.run(dict(params.arguments or {}), _caller(ctx))
        except ContractReviewError as exc:
            logger.info("tool %s failed: %s", tool.name, exc)
            return _error(error_line(exc))
        except Exception as exc:  # a bug: the client gets one line, the log the traceback
            logger.exception("tool %s failed unexpectedly", tool.name)
            return _error(
                f"Error: the tool {tool.name} failed unexpectedly ({type(exc).__name__}: "
                f"{exc}); the server's log has the details"
            )
        text = json.dumps(data, ensure_ascii=False)
        return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=data)

    async def list_resources(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        listed = resources.list(_caller(ctx))
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=entry.uri,
                    name=entry.name,
                    title=entry.title,
                    mime_type=entry.media_type,
                )
                for entry in listed
            ]
        )

    async def list_resource_templates(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=f"review://{{review_id}}/report{suffix}",
                    name=f"report{suffix}",
                    description=f"A complete review's report ({media_type}).",
                    mime_type=media_type,
                )
                for suffix, media_type in REPORT_SUFFIXES.items()
            ]
        )

    async def read_resource(
        ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        try:
            text, media_type = resources.read(str(params.uri), _caller(ctx))
        except NotFoundError as exc:
            raise MCPError(RESOURCE_NOT_FOUND, error_line(exc)) from None
        except ContractReviewError as exc:
            raise MCPError(types.INVALID_PARAMS, error_line(exc)) from None
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=params.uri, text=text, mime_type=media_type)]
        )

    return Server(
        SERVER_NAME,
        version=core_version(),
        instructions=_INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_resource_templates,
        on_read_resource=read_resource,
    )


async def run_stdio(server: Server[Any]) -> None:
    """Serve ``server`` on standard input and output until the client closes them."""
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def streamable_http_app(server: Server[Any], *, host: str, settings: Settings) -> ASGIApp:
    """``server`` as a streamable HTTP application at ``/mcp``, behind the service's key
    policy for ``host`` and its rate limits (:mod:`.http_auth`).

    :raises ConfigError: when keys are required on ``host`` and none is configured.
    """
    from ..service.rate_limiting import SlidingWindowRateLimiter
    from .http_auth import ApiKeyGuard, key_policy

    policy = key_policy(host, settings)
    limiter = SlidingWindowRateLimiter(settings.rate_limit_per_minute, settings.rate_limit_per_hour)
    return ApiKeyGuard(server.streamable_http_app(host=host), policy, limiter)


def run_http(server: Server[Any], *, host: str, port: int, settings: Settings) -> None:
    """Serve ``server`` over streamable HTTP on ``host:port`` until stopped."""
    import uvicorn

    app = streamable_http_app(server, host=host, settings=settings)
    uvicorn.run(app, host=host, port=port, log_level="warning")
