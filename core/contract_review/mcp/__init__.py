"""The MCP server (the ``mcp`` extra): the law tools, the skills, ``review`` and ``ask``
as Model Context Protocol tools and the stored reports as resources, over stdio or
streamable HTTP. Start it with ``contract-review mcp`` (see ``docs/mcp.md``).

Modules, one job each:

* :mod:`.server` — the SDK's server with the tools and resources; stdio and HTTP;
* :mod:`.tools` — every tool: name, schemas from pydantic models, what it runs;
* :mod:`.tool_models` — the inputs and outputs of the server's own tools;
* :mod:`.resources` — the store's review reports as ``review://`` resources;
* :mod:`.http_auth` — the HTTP service's API keys on the streamable HTTP transport.
"""
