"""The models that cross the hybrid index's boundary: documents going in, filters and
search settings, hits coming out."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: A metadata value: a scalar, or a list of scalars (a document tagged several ways).
MetadataScalar = str | int | float | bool | None
MetadataValue = MetadataScalar | list[MetadataScalar]

MatchType = Literal["bm25", "vector"]


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
    """How much each ranking signal counts in the fusion."""

    model_config = ConfigDict(frozen=True)

    bm25: float = Field(default=0.3, ge=0, description="BM25 over whole words.")
    subwords: float = Field(
        default=0.2, ge=0, description="BM25 over the words inside long words (承包商 → 承包)."
    )
    vector: float = Field(default=0.3, ge=0, description="Similarity of the embeddings.")
    group: float = Field(
        default=0.2,
        ge=0,
        description="Similarity to the mean embedding of the document's group (its chapter, "
        "its file), when the index has groups.",
    )


class SearchSettings(BaseModel):
    """How a query is run: which signals, how deep, how they are fused.

    The defaults are the ones measured best on the STARD dev queries (see
    ``docs/benchmarks.md``): candidates are the union of each ranking's top 300, every
    signal is z-scored over the candidates, and the weighted sum ranks them.
    """

    model_config = ConfigDict(frozen=True)

    use_bm25: bool = True
    use_vector: bool = True
    fusion: FusionMethod = "zscore"
    weights: SignalWeights = Field(default_factory=SignalWeights)
    rrf_k: int = Field(default=60, ge=1, description="The k of reciprocal-rank fusion.")
    depth: int = Field(
        default=300,
        ge=1,
        description="Candidates taken from each ranking before fusion; also decides match_type.",
    )
    decompose: bool = Field(
        default=False,
        description="Search each part of a multi-part question and keep each document's best "
        "score (off by default: on STARD dev it changed nothing).",
    )
    snippet_chars: int = Field(default=160, ge=20)
    snippets: bool = Field(
        default=True, description="Cut a snippet for each hit (runs and evaluations skip it)."
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
