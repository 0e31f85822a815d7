"""The models that cross the hybrid index's boundary: documents going in, filters and
search settings, hits coming out."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: A metadata value: a scalar, or a list of scalars (a document tagged several ways).
MetadataScalar = str | int | float | bool | None
MetadataValue = MetadataScalar | list[MetadataScalar]

MatchType = Literal["bm25", "vector"]

#: Query-independent signals an index can read from numeric metadata (see
#: :attr:`.index_config.IndexConfig.priors`).
PriorSignal = Literal["authority", "citations"]


class IndexDocument(BaseModel):
    """One searchable unit: an article, a clause, a section."""

    id: str = Field(min_length=1, description="Unique within the index.")
    fields: dict[str, str] = Field(
        description="Named texts searched (e.g. name, content); joined for BM25 and embedding."
    )
    metadata: dict[str, MetadataValue] = Field(
        default_factory=dict, description="Values filters can test (law, level, dates, ...)."
    )

    @field_validator("fields")
    @classmethod
    def _some_text(cls, value: dict[str, str]) -> dict[str, str]:
        if not any(text.strip() for text in value.values()):
            raise ValueError("a document needs some text in at least one field")
        return value


FilterOp = Literal["in", "eq", "ne", "gte", "gt", "lte", "lt"]


class FieldFilter(BaseModel):
    """A condition on one metadata field, applied before ranking.

    ``in``/``eq`` keep documents whose value (or one of whose values) is listed;
    ``gte``/``gt``/``lte``/``lt`` compare numbers as numbers and everything else as
    text, so ISO dates (``2020-01-01``) compare correctly; a document without the
    field never passes a comparison.
    """

    model_config = ConfigDict(frozen=True)

    field: str = Field(min_length=1)
    op: FilterOp = "in"
    values: Annotated[list[MetadataScalar], Field(min_length=1)]

    @model_validator(mode="after")
    def _one_value_for_comparisons(self) -> FieldFilter:
        if self.op != "in" and len(self.values) != 1:
            raise ValueError(f"filter {self.field!r} {self.op} takes exactly one value")
        return self

    def describe(self) -> str:
        """The filter as a user writes it: ``law=刑法,民法典`` or ``date>=2020-01-01``."""
        symbol = {"in": "=", "eq": "=", "ne": "!=", "gte": ">=", "gt": ">", "lte": "<=", "lt": "<"}
        return f"{self.field}{symbol[self.op]}{','.join(str(v) for v in self.values)}"


FusionMethod = Literal["minmax", "rrf", "zscore"]


class SignalWeights(BaseModel):
    """How much each ranking signal counts in a fusion.

    The defaults are those of the first stage, which decides the shortlist
    (:attr:`SearchSettings.weights`); :data:`RERANK_WEIGHTS` order the shortlist.
    """

    model_config = ConfigDict(frozen=True)

    bm25: float = Field(default=0.3, ge=0, description="BM25 over whole words.")
    subwords: float = Field(
        default=0.0, ge=0, description="BM25 over the words inside long words (承包商 → 承包)."
    )
    vector: float = Field(default=0.35, ge=0, description="Similarity of the embeddings.")
    group: float = Field(
        default=0.35,
        ge=0,
        description="Similarity to the mean embedding of the document's group (its chapter, "
        "its file), when the index has groups.",
    )
    authority: float = Field(
        default=0.0,
        ge=0,
        description="How central the document's source is (for laws: how many other laws "
        "name its law), when the index has that prior.",
    )
    citations: float = Field(
        default=0.0,
        ge=0,
        description="How often other documents cite the document, when the index has that prior.",
    )
    source_bm25: float = Field(
        default=0.0,
        ge=0,
        description="The best BM25 among the candidates of the document's source (its law), "
        "when the index has sources.",
    )
    source_vector: float = Field(
        default=0.0,
        ge=0,
        description="The best cosine among the candidates of the document's source.",
    )
    defines: float = Field(
        default=0.0,
        ge=0,
        description="The query asks what a term is (什么是X, X属于…吗) and the document "
        "defines it, when the index knows the defined terms.",
    )
    named: float = Field(
        default=0.0,
        ge=0,
        description="The query names the document's work (a law's title or short title), "
        "when the index knows the names (:mod:`.mentions`).",
    )
    numbered: float = Field(
        default=0.0,
        ge=0,
        description="The query names the document's work and its number (劳动合同法第三十九条).",
    )


#: The second stage's weights: word matches count for more when ordering the shortlist.
RERANK_WEIGHTS = SignalWeights(bm25=0.3, subwords=0.4, vector=0.25, group=0.2)


class SearchSettings(BaseModel):
    """How a query is run: which signals, how deep, how they are fused.

    Two stages. The first pools the top ``depth`` candidates of each ranking, fuses
    every signal with ``weights`` and keeps a shortlist of the best
    ``max(top_k, rerank_depth)``; the second orders the shortlist by the same signals
    fused with ``rerank_weights``, and the top ``top_k`` are returned. The first stage
    favours finding every relevant document (the embeddings and the chapter count for
    more), the second putting the best one first (the word matches count for more).

    The defaults are the ones measured best on the STARD dev queries and checked by
    cross-validation on them (see ``docs/benchmarks.md``).
    """

    model_config = ConfigDict(frozen=True)

    use_bm25: bool = True
    use_vector: bool = True
    fusion: FusionMethod = "zscore"
    weights: SignalWeights = Field(
        default_factory=SignalWeights,
        description="First stage: the weights that decide which documents make the shortlist.",
    )
    rerank_weights: SignalWeights = Field(
        default=RERANK_WEIGHTS,
        description="Second stage: the weights that order the shortlist.",
    )
    rerank_depth: int = Field(
        default=100,
        ge=0,
        description="Shortlist size (at least top_k) the second stage orders; 0 turns the "
        "second stage off, so ``weights`` alone rank.",
    )
    rrf_k: int = Field(default=60, ge=1, description="The k of reciprocal-rank fusion.")
    depth: int = Field(
        default=500,
        ge=1,
        description="Candidates taken from each ranking before fusion; also decides match_type.",
    )
    decompose: bool = Field(
        default=False,
        description="Search each part of a multi-part question and keep each document's best "
        "score (off by default: on STARD dev it changed nothing).",
    )
    approximate: bool = Field(
        default=True,
        description="Take the vector ranking's candidates from the index's approximate "
        "vector index when it has one (IndexConfig.ann); False reads every vector.",
    )
    snippet_chars: int = Field(default=160, ge=20)
    snippets: bool = Field(
        default=True, description="Cut a snippet for each hit (runs and evaluations skip it)."
    )
    explain: bool = Field(
        default=False,
        description="Give each hit every signal's raw score and its part of the fused score "
        "(:attr:`SearchHit.signals`).",
    )


class SignalScore(BaseModel):
    """One signal's say in a hit's score (``explain``)."""

    raw: float = Field(description="The signal's own score (BM25, cosine, log(1 + count)).")
    weight: float = Field(description="Its weight in the stage that ordered the hit.")
    part: float = Field(
        description="weight x the normalised score: the hit's ``score`` is the sum of the parts."
    )


class SearchHit(BaseModel):
    """One result."""

    id: str
    score: float = Field(description="Fused score, higher is better; comparable within a query.")
    rank: int = Field(ge=1)
    match_type: list[MatchType] = Field(
        description="Which rankings found it within their candidates: bm25, vector or both."
    )
    bm25_score: float | None = None
    vector_score: float | None = None
    snippet: str = ""
    metadata: dict[str, Any] = Field(default_factory=dict)
    signals: dict[str, SignalScore] | None = Field(
        default=None,
        description="With ``explain``: each signal's raw score and its part of ``score``.",
    )
