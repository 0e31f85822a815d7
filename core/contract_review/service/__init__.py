"""The HTTP service (FastAPI, in the ``server`` extra): reviews, ask, conversations,
evaluation, the law library and unified search, with API keys, rate limits and one
error body. Start it with ``contract-review serve`` or :func:`create_app`
(see ``docs/service.md``).

Modules, one job each, in the order a newcomer reads them:

The application:

* :mod:`.app` — :func:`create_app`: settings, store, registry, jobs and guards to routes;
* :mod:`.service_state` — what the running service holds;
* :mod:`.service_wiring` — how a route function reaches its app's state;

Before every endpoint:

* :mod:`.request_guards` — request id, host and origin, body size, API key, rate limit;
* :mod:`.browser_guards` — the ``Host`` and ``Origin`` checks against web pages;
* :mod:`.api_keys` — who may call the service, and under which name;
* :mod:`.principals` — whom a request acts for, and what it may see;
* :mod:`.rate_limiting` — sliding-window limits per client;

Answers:

* :mod:`.envelope` — the body of every successful JSON response;
* :mod:`.error_body` — the one error body and its codes;
* :mod:`.error_handlers` — every failure turned into that error body;
* :mod:`.openapi_schema` — the OpenAPI document: every error status, key schemes, ids;

Routes:

* :mod:`.routes_meta` — ``/health``, ``/info``, ``/domains``, ``/skills``;
* :mod:`.routes_reviews` — ``/reviews``: upload, list, poll, decide, resume, cancel, reports;
* :mod:`.routes_ask` — ``/ask`` and ``/conversations``;
* :mod:`.routes_evaluate` — ``/evaluate``: the quality grade of an answer or a review;
* :mod:`.routes_laws` — ``/laws/…``: the law library's four tools;
* :mod:`.routes_search` — ``POST /api/search/unified``;
* :mod:`.server_processes` — ``serve --workers N``: processes with a socket each (SO_REUSEPORT);
* :mod:`.routes_skills` — ``POST /skills/{id}/run``: one skill on an uploaded document;
* :mod:`.routes_docs` — ``/docs`` and ``/redoc`` with their assets, offline;

Review jobs:

* :mod:`.review_jobs` — uploads become reviews in worker threads, resumed after a restart;
* :mod:`.review_process` — each review in a worker process, with a time limit;
* :mod:`.review_job_models` — what the service shows of a job, and an uploaded file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]

__getattr__, __dir__ = lazy_exports(__name__, {"create_app": "app"}, __all__)
