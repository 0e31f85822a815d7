"""The FastAPI application: :func:`create_app` wires settings, the store, the registry,
review jobs, the law index, API keys and rate limits to the routes.

::

    app = create_app(load_settings(), host="127.0.0.1")
    uvicorn.run(app, host="127.0.0.1", port=8000)

On start the app migrates the store to the current schema (opening it does), queues
again the reviews a stopped server left queued or running, and starts taking reviews
from the store's queue. Several processes may serve one store
(``contract-review serve --workers N``, :func:`app_from_environment`): they share its
queue and, when ``shared_rate_limits``, its request counts.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

from ..config import Settings, load_settings
from ..plugins import core_version
from ..registry import Registry, load_registry
from ..storage.backend import StorageBackend
from ..storage.opening import open_storage
from . import (
    routes_ask,
    routes_docs,
    routes_evaluate,
    routes_laws,
    routes_meta,
    routes_reviews,
    routes_search,
    routes_skills,
)
from .api_keys import API_KEY_SCHEMES, ApiKeyPolicy
from .browser_guards import allowed_host_names
from .error_handlers import install_error_handlers
from .openapi_schema import install_openapi, operation_id
from .rate_limiting import RateLimiter, SharedRateLimiter, SlidingWindowRateLimiter
from .request_guards import install_request_guards
from .review_jobs import ReviewJobs
from .service_state import ServiceState, law_index_directory

__all__ = ["SERVE_OPTIONS_VARIABLE", "app_from_environment", "create_app"]

#: The environment variable ``serve --workers N`` hands its options to each process in.
SERVE_OPTIONS_VARIABLE = "CONTRACT_REVIEW_SERVE_OPTIONS"

log = logging.getLogger(__name__)

_DESCRIPTION = """AI-assisted contract review and legal retrieval over HTTP.

Every JSON answer is `{"success": true, "data": ..., "request_id", "timestamp"}`
(unified search follows seed 003: `results`, `clarify`, `meta`); every error is
`{"success": false, "error": {"code", "message", "step"?, "suggestion"?}, "request_id"}`.
Send an API key as `Authorization: Bearer KEY` or `X-API-Key: KEY` when the server
requires one. Requests over the rate limit get 429 with `Retry-After`.
"""


def create_app(
    settings: Settings | None = None,
    *,
    host: str = "127.0.0.1",
    law_index: Path | None = None,
    registry_factory: Callable[[], Registry] | None = None,
    resume_reviews: bool = True,
    shared_rate_limits: bool | None = None,
) -> FastAPI:
    """The service for ``settings`` (default: :func:`load_settings`).

    :param host: The address the server binds to; API keys are required off loopback
        unless ``require_api_key`` says otherwise.
    :param law_index: The law index directory (default: the ``law_index`` setting, or
        ``<data_dir>/law-index`` when built there).
    :param registry_factory: Builds a registry (default: every installed plugin).
    :param resume_reviews: Resume reviews a stopped server left unfinished.
    :param shared_rate_limits: Count requests in the store, so that limits hold across
        every process serving it (default: the ``shared_rate_limits`` setting, else when
        the store is PostgreSQL, which several hosts may share); otherwise in this
        process's memory.
    :raises ConfigError: when keys are required but none is configured.
    :raises StorageError: when the store cannot be opened.
    """
    settings = settings if settings is not None else load_settings()
    factory = registry_factory or (lambda: load_registry(settings=settings))
    keys = ApiKeyPolicy.for_host(
        host, settings.api_keys, settings.require_api_key, settings.admin_api_keys
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = open_storage(settings)  # migrates an older store
        registry = factory()  # loaded once: every request and review job shares it
        jobs = ReviewJobs(
            registry=registry,
            settings=settings,
            storage=storage,
            upload_dir=settings.data_dir.expanduser() / "uploads",
            workers=settings.review_workers,
        )
        app.state.service = ServiceState(
            settings=settings,
            storage=storage,
            registry=registry,
            jobs=jobs,
            keys=keys,
            limiter=_limiter(settings, storage, shared_rate_limits),
            law_index_dir=law_index_directory(settings, law_index),
            host_names=allowed_host_names(host, settings.allowed_hosts),
        )
        if resume_reviews:
            resumed = jobs.resume_interrupted()
            if resumed:
                log.warning(
                    "resuming %d interrupted review(s): %s", len(resumed), ", ".join(resumed)
                )
        jobs.start()
        try:
            yield
        finally:
            jobs.shutdown(wait=False)
            storage.close()

    app = FastAPI(
        title="contract-review",
        version=core_version(),
        description=_DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served offline by routes_docs
        redoc_url=None,
        generate_unique_id_function=operation_id,
    )
    install_error_handlers(app)
    install_request_guards(app)
    app.include_router(routes_meta.health_router)
    for module in (
        routes_meta,
        routes_reviews,
        routes_ask,
        routes_evaluate,
        routes_laws,
        routes_search,
        routes_skills,
    ):
        app.include_router(module.router, dependencies=[API_KEY_SCHEMES])
    app.include_router(routes_docs.router)
    install_openapi(app, keys_required=keys.required)
    app.state.validation_hints = {routes_search.PATH: routes_search.VALIDATION_HINT}
    return app


def _limiter(settings: Settings, storage: StorageBackend, shared: bool | None) -> RateLimiter:
    per_minute, per_hour = settings.rate_limit_per_minute, settings.rate_limit_per_hour
    if shared is None:
        shared = settings.shared_rate_limits
    if shared if shared is not None else storage.name == "postgresql":
        return SharedRateLimiter(storage, per_minute, per_hour)
    return SlidingWindowRateLimiter(per_minute, per_hour)


def app_from_environment() -> FastAPI:
    """The app of one of several server processes (uvicorn's factory for ``serve
    --workers N``): settings from the environment, the serve command's options from
    :data:`SERVE_OPTIONS_VARIABLE`; rate limits counted in the shared store."""
    options = json.loads(os.environ.get(SERVE_OPTIONS_VARIABLE) or "{}")
    law_index = options.get("law_index")
    settings = load_settings()
    return create_app(
        settings,
        host=str(options.get("host", "127.0.0.1")),
        law_index=Path(law_index) if law_index else None,
        resume_reviews=bool(options.get("resume_reviews", True)),
        shared_rate_limits=settings.shared_rate_limits is not False,
    )
