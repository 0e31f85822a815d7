"""What the unified search can do, as one document — seed 003's ``capabilities.json``:
the URL, method, parameters and limits of each operation — and the limits the planner
enforces.

There is one source of truth. :data:`SEARCH_LIMITS` is the object the planner checks
requests against (:mod:`.planner`) and the one :func:`search_capabilities` writes the
limits from; the parameters are read from the JSON schema of
:class:`~.request_models.UnifiedSearchRequest`, the model that validates each request;
the relations, directions, operators, entity attributes, profiles and error codes are
the types and tables the search itself uses. ``GET /api/search/capabilities`` serves
the document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from .entity_filters import ENTITY_FIELDS, FILTER_OPS
from .request_models import Direction, FilterOp, JoinStrategy, RelationType, UnifiedSearchRequest
from .response_models import EntityType
from .search_errors import ERROR_MEANINGS, ErrorCode
from .search_profiles import PROFILES

__all__ = [
    "CAPABILITIES_VERSION",
    "SEARCH_LIMITS",
    "ErrorCodeSpec",
    "LimitSpec",
    "OperationSpec",
    "ParameterSpec",
    "ProfileSpec",
    "SearchCapabilities",
    "SearchLimits",
    "search_capabilities",
]

#: The version of the capabilities document's shape.
CAPABILITIES_VERSION: Final = "1"


class SearchLimits(BaseModel):
    """The limits of the unified search (seed 003 "规模" and "深度")."""

    model_config = ConfigDict(frozen=True)

    list_limit: int = Field(default=30, ge=1, description="Most list results per page.")
    graph_limit: int = Field(
        default=50, ge=2, description="Most nodes of one subgraph, its start included."
    )
    hard_limit: int = Field(default=2000, ge=1, description="offset + limit past this is refused.")
    max_depth: int = Field(default=1, ge=1, description="Hops a traversal runs.")
    time_window_years: int = Field(
        default=3,
        ge=1,
        description="A listing by filters alone keeping more than hard_limit entities, with "
        "no date filter, keeps those in effect for the last this many years.",
    )


#: The limits in force: the planner's and the capabilities document's.
SEARCH_LIMITS: Final = SearchLimits()

#: What happens to a request beyond a limit.
Beyond = Literal["cut", "run_shallower", "narrowed", "refused"]


class LimitSpec(BaseModel):
    """One documented limit and what a request beyond it gets."""

    model_config = ConfigDict(frozen=True)

    name: str
    parameter: str = Field(description="The request field the limit applies to.")
    value: int
    beyond: Beyond = Field(
        description="cut: the page is cut to the limit; run_shallower: run at the limit; "
        "narrowed: a default filter narrows the results; refused: the request is refused."
    )
    error_code: ErrorCode | None = Field(
        default=None, description="The error code of a refused request."
    )
    degeneration: Literal["limit", "depth", "filter"] | None = Field(
        default=None, description="meta.degeneration[].type recorded when cut or narrowed."
    )
    description: str


class ParameterSpec(BaseModel):
    """One request field (a dotted path; ``[]`` marks the elements of a list)."""

    model_config = ConfigDict(frozen=True)

    name: str
    location: Literal["body", "header"] = "body"
    type: str
    required: bool = False
    default: JsonValue = None
    allowed: list[JsonValue] | None = Field(
        default=None, description="The values it takes, when it takes a fixed set."
    )
    minimum: float | None = None
    description: str = ""


class OperationSpec(BaseModel):
    """One HTTP operation of the search."""

    model_config = ConfigDict(frozen=True)

    operation_id: str
    method: Literal["GET", "POST"]
    url: str
    summary: str
    parameters: list[ParameterSpec] = Field(default_factory=list)
    limits: list[str] = Field(
        default_factory=list, description="Names of the limits (``limits``) that apply."
    )
    errors: list[ErrorCode] = Field(default_factory=list)


class ErrorCodeSpec(BaseModel):
    """One error code of the search."""

    model_config = ConfigDict(frozen=True)

    code: ErrorCode
    http_status: int | None = None
    meaning: str


class ProfileSpec(BaseModel):
    """One client profile (``X-Client-Profile`` or ``profile``)."""

    model_config = ConfigDict(frozen=True)

    name: str
    list_limit: int
    graph_limit: int
    candidate_pool: int
    min_score: float | None
    description: str


class SearchCapabilities(BaseModel):
    """The capabilities document (``GET /api/search/capabilities``)."""

    model_config = ConfigDict(frozen=True)

    version: str = CAPABILITIES_VERSION
    operations: list[OperationSpec]
    limits: list[LimitSpec]
    modes: list[str]
    relation_types: list[RelationType]
    directions: list[Direction]
    filter_ops: dict[str, list[FilterOp]] = Field(
        description="The operators each kind of attribute takes."
    )
    entity_fields: dict[EntityType, dict[str, str]] = Field(
        description="The attributes of each entity type and their kinds (filters, "
        "order_by, dedup_fields, join_fields)."
    )
    join_strategies: list[JoinStrategy]
    profiles: list[ProfileSpec]
    error_codes: list[ErrorCodeSpec]

    def limit(self, name: str) -> LimitSpec:
        """The limit called ``name``.

        :raises KeyError: when there is none.
        """
        for spec in self.limits:
            if spec.name == name:
                return spec
        raise KeyError(name)


def limit_specs(limits: SearchLimits) -> list[LimitSpec]:
    """``limits`` as documented limits."""
    return [
        LimitSpec(
            name="list_limit",
            parameter="options.limit",
            value=limits.list_limit,
            beyond="cut",
            degeneration="limit",
            description="Entities or text hits per page; a larger limit is cut to it and the "
            "clarify block offers the next pages.",
        ),
        LimitSpec(
            name="graph_limit",
            parameter="options.limit",
            value=limits.graph_limit,
            beyond="cut",
            degeneration="limit",
            description="Nodes of a subgraph, its start included; more neighbours are cut.",
        ),
        LimitSpec(
            name="hard_limit",
            parameter="options.offset + options.limit",
            value=limits.hard_limit,
            beyond="refused",
            error_code="E_CAPABILITY_LIMIT",
            description="A page ending past this result is refused; page with options.offset "
            "within it, or narrow the query.",
        ),
        LimitSpec(
            name="max_depth",
            parameter="exact_query.graph.depth",
            value=limits.max_depth,
            beyond="run_shallower",
            degeneration="depth",
            description="Hops a traversal runs; a deeper request runs this many and the "
            "clarify block asks whether to go on from the nodes returned.",
        ),
        LimitSpec(
            name="time_window_years",
            parameter="exact_query.filters",
            value=limits.time_window_years,
            beyond="narrowed",
            degeneration="filter",
            description=f"A listing by filters alone keeping more than {limits.hard_limit} "
            "entities with no date filter keeps those that took effect in the last this many "
            "years.",
        ),
    ]


def _resolved(schema: Mapping[str, Any], node: Mapping[str, Any]) -> Mapping[str, Any]:
    """``node`` without its reference and its ``null`` alternative."""
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        return _resolved(schema, schema["$defs"][name])
    options = [o for o in node.get("anyOf", []) if o.get("type") != "null"]
    if len(options) == 1:
        merged = {key: value for key, value in node.items() if key != "anyOf"}
        return {**_resolved(schema, options[0]), **merged}
    return node


def _type_name(node: Mapping[str, Any], schema: Mapping[str, Any]) -> str:
    kind = node.get("type")
    if kind == "array":
        items = _resolved(schema, node.get("items", {}))
        return f"array of {_type_name(items, schema)}"
    if kind is None and "properties" in node:
        return "object"
    return str(kind) if kind is not None else "any"


def _parameters(
    schema: Mapping[str, Any], node: Mapping[str, Any], prefix: str = ""
) -> list[ParameterSpec]:
    found: list[ParameterSpec] = []
    required = set(node.get("required", []))
    for name, raw in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        field = _resolved(schema, raw)
        items = _resolved(schema, field.get("items", {})) if field.get("type") == "array" else {}
        allowed = field.get("enum") or items.get("enum")
        found.append(
            ParameterSpec(
                name=path,
                type=_type_name(field, schema),
                required=name in required,
                default=raw.get("default", field.get("default")),
                allowed=list(allowed) if allowed else None,
                minimum=field.get("minimum"),
                description=str(raw.get("description") or field.get("description") or ""),
            )
        )
        if "properties" in field:
            found += _parameters(schema, field, f"{path}.")
        elif "properties" in items:
            found += _parameters(schema, items, f"{path}[].")
    return found


def request_parameters() -> list[ParameterSpec]:
    """Every field of the unified search request, from the model that validates it."""
    schema = UnifiedSearchRequest.model_json_schema()
    return _parameters(schema, schema)


def search_capabilities(
    *,
    http_status: Mapping[str, int] | None = None,
    base_path: str = "/api/search",
    limits: SearchLimits | None = None,
) -> SearchCapabilities:
    """The capabilities document of the unified search.

    :param http_status: The HTTP status the service answers each error code with.
    :param base_path: Where the search's routes are mounted.
    :param limits: The limits documented; default :data:`SEARCH_LIMITS`, read when
        called — the limits the planner holds requests to.
    """
    status = http_status or {}
    codes: list[ErrorCode] = list(get_args(ErrorCode))
    documented = limit_specs(limits or SEARCH_LIMITS)
    header = ParameterSpec(
        name="X-Client-Profile",
        location="header",
        type="string",
        allowed=list(PROFILES),
        description="The client profile; the body's profile wins.",
    )
    return SearchCapabilities(
        operations=[
            OperationSpec(
                operation_id="unified_search",
                method="POST",
                url=f"{base_path}/unified",
                summary="Unified search (seed 003): nl, exact or hybrid over the law graph; "
                "clarify, dry_run, plan and metrics.",
                parameters=[header, *request_parameters()],
                limits=[spec.name for spec in documented],
                errors=codes,
            ),
            OperationSpec(
                operation_id="search_capabilities",
                method="GET",
                url=f"{base_path}/capabilities",
                summary="This document.",
            ),
        ],
        limits=documented,
        modes=list(get_args(UnifiedSearchRequest.model_fields["mode"].annotation)),
        relation_types=list(get_args(RelationType)),
        directions=list(get_args(Direction)),
        filter_ops={kind: list(ops) for kind, ops in FILTER_OPS.items()},
        entity_fields={entity_type: dict(fields) for entity_type, fields in ENTITY_FIELDS.items()},
        join_strategies=list(get_args(JoinStrategy)),
        profiles=[
            ProfileSpec(
                name=profile.name,
                list_limit=profile.list_limit,
                graph_limit=profile.graph_limit,
                candidate_pool=profile.candidate_pool,
                min_score=profile.min_score,
                description=profile.description,
            )
            for profile in PROFILES.values()
        ],
        error_codes=[
            ErrorCodeSpec(code=code, http_status=status.get(code), meaning=ERROR_MEANINGS[code])
            for code in codes
        ],
    )
