"""The request of the unified search (seed 003): ``mode`` (nl | exact | hybrid), a
natural-language query, an exact query (a concept or an entity id, filters on entity
attributes, a graph traversal or a relation check against a target), options (paging,
ordering, format, explain, dry run, de-duplication and the hybrid join) and a profile.

Every model forbids unknown fields, so a misspelt field is an error naming it. The
rules that tie fields together (mode ``nl`` needs ``nl_query`` …) are field validators
on the field they concern, so pydantic's error location names that field.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    ValidationInfo,
    field_validator,
    model_validator,
)

__all__ = [
    "Direction",
    "ExactQuery",
    "Filter",
    "FilterOp",
    "GraphQuery",
    "JoinStrategy",
    "NlQuery",
    "Profile",
    "RelationType",
    "SearchMode",
    "SearchOptions",
    "UnifiedSearchRequest",
]

#: How the request is answered: natural language, exact look-up, or both combined.
SearchMode = Literal["nl", "exact", "hybrid"]
#: The relations of the law graph: a law contains its articles, an article refers to
#: the articles it cites, defines terms, and carves exceptions out of other articles.
RelationType = Literal["contains", "refers_to", "defines", "excepts"]
#: Which way edges are followed from an entity: along them, against them, or both.
Direction = Literal["out", "in", "both"]
#: The comparison of a filter.
FilterOp = Literal["eq", "ne", "in", "contains", "gte", "lte", "gt", "lt", "between"]
#: precision (fewer, surer results), recall (more, wider), balanced (the default).
Profile = Literal["precision", "recall", "balanced"]
#: How hybrid text hits are joined to the exact start (seed 003 ``join_strategy``):
#: by the ids that tie them, by equal attribute values, or through an edge of the graph.
JoinStrategy = Literal["by_id", "field_equality", "external_edge"]

_LIST_OPS = frozenset({"in", "between"})


class NlQuery(BaseModel):
    """A question or words to look for in the article texts."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = Field(
        min_length=1,
        description="The question, in Chinese or English (试用期内用人单位可以随意解除劳动合同吗).",
    )

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the text is blank; write the question or words to search for")
        return value


class Filter(BaseModel):
    """A condition on one attribute of the entities (laws, articles, terms).

    ``in`` takes a list of values (any of them), ``between`` a list ``[low, high]``
    (both included), the other operators one value. Dates are written YYYY-MM-DD.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: str = Field(
        min_length=1,
        description="The attribute: type, name, law_id, law_level, status, "
        "issuing_authority, effective_date, revised_date, tags, article_no, number, path …",
    )
    op: FilterOp = Field(default="eq", description="The comparison.")
    value: Any = Field(description="The value compared with (a list for in / between).")

    @model_validator(mode="after")
    def _value_fits_op(self) -> Filter:
        if self.op in _LIST_OPS:
            if not isinstance(self.value, list) or not self.value:
                raise ValueError(
                    f"filter {self.field!r} {self.op} needs a non-empty list as its value"
                )
            if self.op == "between" and len(self.value) != 2:
                raise ValueError(
                    f"filter {self.field!r} between needs a list of two values [low, high], "
                    f"got {len(self.value)}"
                )
        elif isinstance(self.value, list | dict):
            raise ValueError(
                f"filter {self.field!r} {self.op} takes one value, not a "
                f"{'list' if isinstance(self.value, list) else 'JSON object'} "
                "(use op 'in' for several values)"
            )
        return self


class GraphQuery(BaseModel):
    """A traversal of the law graph from the entity the exact query names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    relation_types: list[RelationType] | None = Field(
        default=None,
        description="The relations to follow; all four when left out. Naming relations "
        "makes the query a one-hop question (direction defaults to out); leaving them "
        "out asks for the surrounding subgraph (direction defaults to both).",
    )
    direction: Direction | None = Field(default=None, description="out, in or both.")
    depth: int | None = Field(
        default=None,
        ge=1,
        description="Hops from the start entity; default 1. A deeper request returns one "
        "hop and asks whether to go further.",
    )
    target_id: str | None = Field(
        default=None,
        min_length=1,
        description="Relation check: the entity id the start may be related to. The answer "
        "says whether such a relation exists (results.exists) and returns the edges between "
        "the two (mode exact, one hop).",
    )
    target_concept: str | None = Field(
        default=None,
        min_length=1,
        description="Relation check: the target named as a concept (a law, an article, a "
        "term) instead of by id.",
    )

    @model_validator(mode="after")
    def _one_target(self) -> GraphQuery:
        if self.target_id is not None and self.target_concept is not None:
            raise ValueError("give either target_id or target_concept, not both")
        return self

    @property
    def has_target(self) -> bool:
        """Whether the query is a relation check (it names a target)."""
        return self.target_id is not None or self.target_concept is not None


class ExactQuery(BaseModel):
    """An exact look-up: an entity named by concept or id, filters, a traversal."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    concept: str | None = Field(
        default=None,
        min_length=1,
        description="A law (中华人民共和国劳动合同法, 劳动合同法), an article "
        "(劳动合同法第二十一条) or a defined term (用人单位).",
    )
    entity_id: str | None = Field(
        default=None,
        min_length=1,
        description="An entity id: a law_id, an article_id (law_id#第X条) or a term id "
        "(term:law_id#term).",
    )
    filters: list[Filter] = Field(default_factory=list, description="All must hold.")
    graph: GraphQuery | None = Field(default=None, description="A traversal from the entity.")

    @model_validator(mode="after")
    def _one_start(self) -> ExactQuery:
        if self.concept is not None and self.entity_id is not None:
            raise ValueError("give either concept or entity_id, not both")
        return self


class SearchOptions(BaseModel):
    """Paging, ordering and what the response shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    limit: int | None = Field(
        default=None,
        ge=1,
        description="Results per page; the profile's default when left out. Lists and "
        "graphs are cut to their limits, and a page past the hard limit is refused (GET "
        "/api/search/capabilities lists the limits).",
    )
    offset: int = Field(default=0, ge=0, description="Results skipped (for the next pages).")
    order_by: str | None = Field(
        default=None,
        description="An attribute to order by (score, name, effective_date, number …); a "
        "leading '-' orders descending.",
    )
    response_format: Literal["compact", "verbose"] = Field(
        default="compact",
        description="compact: attributes only those filtered or ordered on; verbose: all.",
    )
    explain: bool = Field(
        default=False, description="Explain each plan step in words (always in a dry run)."
    )
    dry_run: bool = Field(
        default=False, description="Return the plan, defaults and metrics without searching."
    )
    dedup_fields: list[str] = Field(
        default=["id"],
        min_length=1,
        description="Results agreeing on all these attributes count once (the first in "
        "order is kept, before paging); default by entity id. E.g. ['law_id'] keeps one "
        "article per law.",
    )
    join_strategy: JoinStrategy = Field(
        default="by_id",
        description="Hybrid mode with an exact start: which text hits join it. by_id: the "
        "hits tied to it by id (a law's articles, an article and its neighbours, a term's "
        "law); field_equality: hits whose article agrees with it on join_fields; "
        "external_edge: hits linked to it by an edge (graph.relation_types, else all).",
    )
    join_fields: list[str] = Field(
        default=["id"],
        min_length=1,
        description="The attributes field_equality compares (e.g. ['law_id']).",
    )


_EXAMPLES: list[JsonValue] = [
    {"mode": "nl", "nl_query": {"text": "试用期内用人单位可以随意解除劳动合同吗"}},
    {"mode": "exact", "exact_query": {"concept": "劳动合同法第二十一条"}},
    {
        "mode": "exact",
        "exact_query": {
            "entity_id": "中华人民共和国劳动合同法#第二十一条",
            "graph": {"relation_types": ["refers_to", "excepts"], "direction": "out", "depth": 1},
        },
        "options": {"response_format": "verbose"},
    },
    {
        "mode": "exact",
        "exact_query": {
            "filters": [
                {"field": "type", "op": "eq", "value": "law"},
                {"field": "effective_date", "op": "gte", "value": "2020-01-01"},
            ]
        },
        "options": {"order_by": "-effective_date", "limit": 10},
    },
    {
        "mode": "hybrid",
        "nl_query": {"text": "定金"},
        "exact_query": {
            "concept": "民法典",
            "graph": {"relation_types": ["refers_to"], "direction": "both"},
        },
        "profile": "precision",
        "options": {"explain": True, "dry_run": True},
    },
]


class UnifiedSearchRequest(BaseModel):
    """One unified search request (``POST /api/search/unified``)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_extra={"examples": _EXAMPLES}
    )

    mode: SearchMode = Field(description="nl, exact or hybrid.")
    nl_query: NlQuery | None = Field(
        default=None, validate_default=True, description="Needed by modes nl and hybrid."
    )
    exact_query: ExactQuery | None = Field(
        default=None,
        validate_default=True,
        description="Needed by mode exact; in mode hybrid it narrows and extends the text "
        "search (concept scope, filters, graph around the hits).",
    )
    options: SearchOptions = Field(default_factory=SearchOptions)
    profile: Profile | None = Field(
        default=None, description="Overrides the X-Client-Profile header; balanced by default."
    )

    @field_validator("nl_query")
    @classmethod
    def _nl_query_fits_mode(cls, value: NlQuery | None, info: ValidationInfo) -> NlQuery | None:
        mode = info.data.get("mode")
        if value is None and mode in ("nl", "hybrid"):
            raise ValueError(f"mode {mode!r} needs nl_query, e.g. {{'text': '试用期'}}")
        if value is not None and mode == "exact":
            raise ValueError(
                "mode 'exact' takes no nl_query; use mode 'hybrid' to combine both queries"
            )
        return value

    @field_validator("exact_query")
    @classmethod
    def _exact_query_fits_mode(
        cls, value: ExactQuery | None, info: ValidationInfo
    ) -> ExactQuery | None:
        mode = info.data.get("mode")
        if mode == "hybrid" and value is not None and value.graph and value.graph.has_target:
            raise ValueError(
                "a relation check (exact_query.graph.target_id / target_concept) needs mode 'exact'"
            )
        if mode == "nl" and value is not None:
            raise ValueError(
                "mode 'nl' takes no exact_query; use mode 'hybrid' to combine both queries"
            )
        if mode != "exact":
            return value
        if value is None:
            raise ValueError("mode 'exact' needs exact_query, e.g. {'concept': '劳动合同法'}")
        anchored = value.concept is not None or value.entity_id is not None
        if not anchored and not value.filters:
            raise ValueError("exact_query needs a concept, an entity_id or filters")
        if value.graph is not None and not anchored:
            raise ValueError(
                "exact_query.graph needs a start: give exact_query.concept or entity_id"
            )
        return value

    @field_validator("options")
    @classmethod
    def _options_fit_query(cls, value: SearchOptions, info: ValidationInfo) -> SearchOptions:
        exact = info.data.get("exact_query")
        anchored = isinstance(exact, ExactQuery) and (
            exact.concept is not None or exact.entity_id is not None
        )
        if value.join_strategy != "by_id" and (info.data.get("mode") != "hybrid" or not anchored):
            raise ValueError(
                f"join_strategy {value.join_strategy!r} joins text hits to an exact start: "
                "it needs mode 'hybrid' with exact_query.concept or entity_id"
            )
        if value.join_fields != ["id"] and value.join_strategy != "field_equality":
            raise ValueError("join_fields is read by join_strategy 'field_equality' only")
        return value
