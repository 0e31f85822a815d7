"""The response of the unified search (seed 003): the results (entities, a subgraph,
text hits), a clarify block (questions and candidates when the request is ambiguous or
was cut down), and the meta block (the plan, metrics, intent, grounding, the defaults
applied, what was degraded, the profile).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .request_models import Direction, Filter, JoinStrategy, Profile, RelationType

__all__ = [
    "AttrValue",
    "Clarify",
    "ClarifyCandidates",
    "ConceptGrounding",
    "Defaults",
    "Degeneration",
    "Edge",
    "Entity",
    "EntityType",
    "Grounding",
    "Intent",
    "Meta",
    "Metrics",
    "PlanStep",
    "SearchErrorBody",
    "SearchResults",
    "SearchWeights",
    "SizeMetrics",
    "StepParams",
    "Subgraph",
    "TextHit",
    "UnifiedSearchResponse",
]

#: The kinds of entity the law graph holds.
EntityType = Literal["law", "article", "term"]
#: An attribute value: a scalar or a list of texts (tags, headings).
AttrValue = str | int | float | bool | None | list[str]


class Entity(BaseModel):
    """A law, an article or a defined term."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="law_id, article_id (law_id#第X条) or term:law_id#term.")
    type: EntityType
    name: str = Field(description="中华人民共和国劳动合同法, 劳动合同法第二十一条, 用人单位.")
    attrs: dict[str, AttrValue] | None = Field(
        default=None,
        description="All attributes in verbose format; in compact format only those the "
        "request filtered or ordered on (absent when none).",
    )


class Edge(BaseModel):
    """A relation between two entities of the subgraph."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    target_id: str
    relation_type: RelationType
    direction: Literal["out", "in"] = Field(
        description="out: the traversal followed the edge from source to target; in: it "
        "reached the source from the target (against the edge)."
    )


class Subgraph(BaseModel):
    """The entities a traversal reached and the edges among them."""

    nodes: list[Entity] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)


class TextHit(BaseModel):
    """An article whose text answers the natural-language query."""

    entity_id: str = Field(description="The article_id.")
    entity_type: EntityType = "article"
    text_field: str = Field(default="text", description="The attribute the snippet is from.")
    snippet: str = Field(description="The matching passage, a substring of the text.")
    highlight_terms: list[str] = Field(
        default_factory=list, description="Query words found in the snippet."
    )
    score: float | None = Field(default=None, description="Higher is better; per query only.")


class SearchResults(BaseModel):
    """What was found."""

    entities: list[Entity] = Field(default_factory=list)
    subgraph: Subgraph | None = None
    texts: list[TextHit] = Field(default_factory=list)
    exists: bool | None = Field(
        default=None,
        description="Relation check (exact_query.graph with a target): whether the start "
        "and the target are related by the relations and direction asked; the subgraph "
        "holds the two and the edges between them. None for other requests.",
    )


class ClarifyCandidates(BaseModel):
    """Choices offered to settle a question."""

    concepts: list[str] = Field(default_factory=list)
    relations: list[RelationType] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    directions: list[Direction] = Field(default_factory=list)
    depths: list[int] = Field(default_factory=list)
    limit_suggestions: list[int] = Field(default_factory=list)


class Clarify(BaseModel):
    """Questions for the caller: an ambiguous name, a cut-down limit or depth."""

    triggered: bool = False
    reason: str | None = None
    questions: list[str] = Field(default_factory=list)
    candidates: ClarifyCandidates | None = None
    suggestions: list[str] = Field(default_factory=list)


class SearchWeights(BaseModel):
    """How much each ranking signal counts in the text search (see
    :class:`~contract_review.retrieval.search_models.SignalWeights`)."""

    model_config = ConfigDict(frozen=True)

    bm25: float
    subwords: float
    vector: float
    group: float


class StepParams(BaseModel):
    """The parameters of one plan step (only those the step uses are set)."""

    model_config = ConfigDict(frozen=True)

    concept: str | None = None
    entity_id: str | None = None
    query: str | None = None
    filters: list[Filter] | None = None
    relation_types: list[RelationType] | None = None
    direction: Direction | None = None
    depth: int | None = None
    candidate_pool: int | None = None
    min_score: float | None = None
    weights: SearchWeights | None = None
    limit: int | None = None
    offset: int | None = None
    order_by: str | None = None
    target: str | None = None
    dedup_fields: list[str] | None = None
    join_strategy: JoinStrategy | None = None
    join_fields: list[str] | None = None


class PlanStep(BaseModel):
    """One step of the plan, in execution order."""

    step: int = Field(ge=1)
    action: Literal[
        "validate",
        "resolve_entity",
        "ground_concept",
        "filter",
        "traverse",
        "text_search",
        "join",
        "fuse",
        "check_relation",
        "dedup",
        "paginate",
    ]
    params: StepParams = Field(default_factory=StepParams)
    explain: str | None = Field(default=None, description="The step in words (options.explain).")


class SizeMetrics(BaseModel):
    """How many of each result kind were returned."""

    entities: int = 0
    nodes: int = 0
    edges: int = 0
    texts: int = 0


class Metrics(BaseModel):
    """What answering cost."""

    latency_ms: float = Field(ge=0)
    calls: int = Field(default=0, ge=0, description="Calls to the search backend.")
    size: SizeMetrics = Field(default_factory=SizeMetrics)
    total: int | None = Field(
        default=None, description="Matches before paging (the list the page is cut from)."
    )
    duplicates: int = Field(
        default=0,
        ge=0,
        description="Results dropped before paging as duplicates on options.dedup_fields.",
    )


class Intent(BaseModel):
    """What the request asks about, as understood."""

    concepts: list[str] = Field(default_factory=list)
    relations: list[RelationType] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    confidence: float | None = Field(default=None, ge=0, le=1)


class ConceptGrounding(BaseModel):
    """How one name of the request was matched to entities."""

    text: str
    match: Literal["id", "name", "article", "partial", "latest_version", "ambiguous", "none"]
    entity_ids: list[str] = Field(default_factory=list)


class Grounding(BaseModel):
    """The entities the request's names were tied to."""

    concepts: list[ConceptGrounding] = Field(default_factory=list)
    relations: list[RelationType] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)


class Defaults(BaseModel):
    """The values used where the request left them out (or the limits cut them)."""

    direction: Direction | None = None
    depth: int | None = None
    limit: int
    time_window: str | None = Field(
        default=None, description="A default date window applied to a large result set."
    )
    candidate_pool: int | None = Field(
        default=None, description="Articles the text search ranks before filtering/paging."
    )
    min_score: float | None = None
    weights: SearchWeights | None = None


class Degeneration(BaseModel):
    """Something the request asked for that was reduced to stay within the limits."""

    type: Literal["limit", "depth", "filter", "timeout"]
    detail: str


class Meta(BaseModel):
    """How the request was answered."""

    plan: list[PlanStep] = Field(min_length=1)
    metrics: Metrics
    intent: Intent | None = None
    grounding: Grounding | None = None
    defaults: Defaults
    degeneration: list[Degeneration] = Field(default_factory=list)
    profile: Profile


class SearchErrorBody(BaseModel):
    """The error block of a failed request (see :class:`.search_errors.UnifiedSearchError`)."""

    code: str
    message: str
    step: str | None = None
    suggestion: str | None = None


class UnifiedSearchResponse(BaseModel):
    """The answer to a :class:`~.request_models.UnifiedSearchRequest`; ``results`` is None
    for a dry run, ``error`` is set only in error bodies."""

    results: SearchResults | None = None
    clarify: Clarify | None = None
    meta: Meta
    error: SearchErrorBody | None = None
