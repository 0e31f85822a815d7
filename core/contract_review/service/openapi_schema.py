"""What the OpenAPI document (``/openapi.json``) says beyond what FastAPI derives from the
routes, so that it describes what the server answers and generated clients work:

- every error status an operation can answer, each with the one error body
  (:class:`~.error_body.ErrorBody`): the route's own, declared on the route or its
  router with ``responses=errors(404, 409)``, and those of the request guards
  (:func:`~.request_guards.guard_statuses`: 400, 401, 403, 413, 429 with
  ``Retry-After``) and of the error handlers (500), which :func:`install_openapi` adds
  to every operation they apply to;
- no 422 ``HTTPValidationError``: a request that does not validate is answered 400
  ``E_SCHEMA_INVALID`` (:mod:`.error_handlers`); 422 is listed only where a route
  declares it (``E_CAPABILITY_LIMIT``);
- operation ids that are the route functions' names, snake_case (:func:`operation_id`:
  ``get_health``, ``create_review``, ``get_review_report``...);
- the key schemes (``ApiKey``: ``X-API-Key``, ``Bearer``: ``Authorization: Bearer``) on
  every operation that takes a key (:data:`~.api_keys.API_KEY_SCHEMES`), and, where keys
  are not required (loopback), the empty requirement beside them: no key is fine too.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from .error_body import ErrorBody
from .request_guards import guard_statuses

__all__ = ["ERROR_STATUSES", "errors", "install_openapi", "operation_id"]

_REF = "#/components/schemas/"
_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})

#: What each error status means, for the OpenAPI document.
ERROR_STATUSES: dict[int, str] = {
    400: "`E_SCHEMA_INVALID`: the request does not validate (the message names the field) "
    "or names something unknown; or its `Host` does not name this server.",
    401: "`E_UNAUTHORIZED`: no API key, or a wrong one, where keys are required.",
    403: "`E_FORBIDDEN`: a request that changes state, sent by a web page of another `Origin`.",
    404: "`E_NOT_FOUND`: no such review, finding, conversation, domain or law (another "
    "key's is not found either).",
    409: "`E_CAPABILITY_LIMIT`: the review is running, or has no report; "
    "`E_AMBIGUITY_BLOCKED`: a name matches several entities (`clarify` lists them).",
    413: "`E_CAPABILITY_LIMIT`: the request body, or an upload, is over the size limit.",
    422: "`E_CAPABILITY_LIMIT`: more than the service gives (a limit over 2,000 results).",
    429: "`E_RATE_LIMITED`: over a rate limit; `Retry-After` says how many seconds to wait.",
    500: "`E_INTERNAL`: a bug; logged with the request id, no details to the client.",
    501: "`E_NOT_SUPPORTED`: no law index is configured, or something this server cannot "
    "do (a format whose extra is not installed); the suggestion says what to do.",
    502: "`E_BACKEND_ERROR`: the store, the law index, an embedder or an LLM failed; "
    "`step` names where.",
    503: "`E_BACKEND_ERROR`: the review did not stop in time; try again.",
}

_COUNT = {"type": "integer", "minimum": 0}
_HEADERS: dict[int, dict[str, Any]] = {
    401: {
        "WWW-Authenticate": {
            "description": "`Bearer`: how to send a key.",
            "required": True,
            "schema": {"type": "string"},
        }
    },
    429: {
        "Retry-After": {
            "description": "Seconds to wait before the next request.",
            "required": True,
            "schema": _COUNT,
        },
        "X-RateLimit-Limit": {"description": "Requests allowed in the window.", "schema": _COUNT},
        "X-RateLimit-Remaining": {"description": "Requests left in it: 0.", "schema": _COUNT},
    },
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route or router that can answer ``statuses``: each the
    error body, described (:data:`ERROR_STATUSES`)."""
    return {
        status: {
            "model": ErrorBody,
            "description": ERROR_STATUSES[status],
            **({"headers": _HEADERS[status]} if status in _HEADERS else {}),
        }
        for status in statuses
    }


def operation_id(route: APIRoute) -> str:
    """A route's operation id: its name (the route function's, snake_case)."""
    return route.name


def _error_response(status: int) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": ERROR_STATUSES[status],
        "content": {"application/json": {"schema": {"$ref": _REF + "ErrorBody"}}},
    }
    if status in _HEADERS:
        response["headers"] = _HEADERS[status]
    return response


def _is_validation_error(response: dict[str, Any] | None) -> bool:
    """Whether ``response`` is the 422 FastAPI adds on its own (never answered here)."""
    return response is not None and "HTTPValidationError" in json.dumps(response)


def _complete(schema: dict[str, Any], *, keys_required: bool) -> None:
    """Add what FastAPI leaves out (see the module's description) to ``schema``."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if "ErrorBody" not in components:
        body = ErrorBody.model_json_schema(ref_template=_REF + "{model}", mode="serialization")
        components.update(body.pop("$defs", {}))
        components["ErrorBody"] = body
    for path, item in schema.get("paths", {}).items():
        for method, operation in item.items():
            if method not in _METHODS:
                continue
            responses: dict[str, Any] = operation.setdefault("responses", {})
            if _is_validation_error(responses.get("422")):
                del responses["422"]
            for status in (*guard_statuses(path, method), 500):
                responses.setdefault(str(status), _error_response(status))
            operation["responses"] = dict(sorted(responses.items()))
            if not keys_required and operation.get("security"):
                operation["security"].append({})
    if "HTTPValidationError" not in json.dumps(schema.get("paths", {})):
        components.pop("HTTPValidationError", None)
        components.pop("ValidationError", None)


def install_openapi(app: FastAPI, *, keys_required: bool) -> None:
    """Make ``app.openapi()`` (and so ``/openapi.json``) the completed document.

    :param keys_required: Whether the server requires an API key (else the document
        says one may be sent, not that it must).
    """
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            _complete(generate(), keys_required=keys_required)  # generate() caches it
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]
