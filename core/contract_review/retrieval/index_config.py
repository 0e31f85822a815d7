"""What an index is built with, saved beside it so a reopened index searches the same
way it was built."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .ann_index import AnnKind
from .bm25 import BM25Config
from .embedder_types import EmbedderInfo
from .mentions import MentionConfig
from .search_models import PriorSignal, SearchSettings
from .tokenizers import TokenizerConfig

#: Written into ``index.json``; a reader refuses other formats and newer versions.
INDEX_FORMAT = "contract-review-hybrid-index"
INDEX_VERSION = 1


class IndexConfig(BaseModel):
    """How documents become BM25 terms and vectors, and the default search settings."""

    model_config = ConfigDict(frozen=True)

    bm25_fields: list[str] | None = Field(
        default=None, description="Fields joined for BM25; None: every field of the document."
    )
    vector_fields: list[str] | None = Field(
        default=None, description="Fields joined for the embedding; None: every field."
    )
    vector_separator: str = Field(default="\n", description="Joins the vector fields.")
    vector_max_chars: int = Field(
        default=256, ge=16, description="Embedded text is cut to this many characters."
    )
    subword_bm25: bool = Field(
        default=True,
        description="Keep a second BM25 over the words inside long words (jieba search mode).",
    )
    group_by: list[str] | None = Field(
        default=None,
        description="Metadata fields whose values group documents (e.g. law and chapter "
        "path); each document also scores by its group's mean embedding.",
    )
    priors: dict[PriorSignal, str] = Field(
        default_factory=dict,
        description="Query-independent signals read from numeric metadata, by signal: "
        "{'authority': 'law_authority', 'citations': 'cited_by'} for laws. Each scores "
        "log(1 + value) and counts with its weight in SearchSettings.",
    )
    ann: AnnKind | None = Field(
        default=None,
        description="An approximate index over the dense vectors (needs the 'ann' extra): "
        "'hnsw', a graph walked by each query, for corpora of a million documents or more. "
        "None: every query reads every vector (exact).",
    )
    source_by: list[str] | None = Field(
        default=None,
        description="Metadata fields naming each document's source (for laws: the law); "
        "each candidate also scores by the best BM25 and cosine among the candidates of its "
        "source (signals 'source_bm25', 'source_vector'; see retrieval.source_signals).",
    )
    mentions: MentionConfig | None = Field(
        default=None,
        description="Metadata naming each document's work and number: a query naming them "
        "scores the signals 'named' and 'numbered' (see retrieval.mentions).",
    )
    terms_field: str | None = Field(
        default=None,
        description="A metadata field listing the terms each document defines: a query "
        "asking what a term is scores the documents defining it (signal 'defines'; see "
        "retrieval.definitions).",
    )
    tokenizer: TokenizerConfig = Field(default_factory=TokenizerConfig)
    bm25: BM25Config = Field(default_factory=BM25Config)
    search: SearchSettings = Field(default_factory=SearchSettings)


class IndexManifest(BaseModel):
    """``index.json``: what a saved index holds."""

    format: str = INDEX_FORMAT
    version: int = INDEX_VERSION
    count: int = Field(ge=0)
    config: IndexConfig
    embedder: EmbedderInfo | None = Field(
        default=None, description="The embedder of the stored vectors; None: BM25 only."
    )
    created: str
    updated: str
