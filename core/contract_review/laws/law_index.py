"""A law library indexed for search, saved to a directory and reopened without
re-embedding.

Layout::

    DIR/law_index.json   manifest: format, version, counts, sources, dates
    DIR/laws.json        the laws (metadata, articles, paragraphs, items)
    DIR/source_ids.json  a JSON-lines corpus's own row ids → article ids (when built from one)
    DIR/search/          the hybrid index over the articles (see retrieval.index_storage)

Each article is one search document: ``name`` (short title + number, 劳动合同法第二十一条),
``path`` (its headings) and ``content`` (its text) are searched; the law's metadata
(law_id, issuing_authority, law_level, status, tags, effective and revised dates) can
be filtered on; articles of one chapter of one law form a group (a chapter's mean
embedding helps rank its articles); each article carries ``law_authority`` and
``cited_by`` (:mod:`.law_priors`), read as ranking priors. These are the settings
measured on STARD.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from ..errors import InputError, SearchIndexError
from ..retrieval.index_config import IndexConfig
from ..retrieval.mentions import MentionConfig
from ..retrieval.search_models import (
    IndexDocument,
    MetadataValue,
    PriorSignal,
    SearchSettings,
    SignalWeights,
)
from .defined_terms import defined_terms
from .law_library import LawLibrary, short_title
from .law_models import Article, Law
from .law_names import law_names
from .law_priors import article_priors

if TYPE_CHECKING:
    from ..config import Settings
    from ..retrieval.embedder_types import Embedder
    from ..retrieval.hybrid_index import HybridIndex

__all__ = [
    "LAW_INDEX_CONFIG",
    "LAW_PRIORS",
    "LAW_SEARCH",
    "LawIndex",
    "LawIndexManifest",
    "article_document",
    "article_fields",
    "build_law_index",
]

LAW_INDEX_FORMAT = "contract-review-law-index"
LAW_INDEX_VERSION = 1
MANIFEST = "law_index.json"
LAWS_FILE = "laws.json"
SOURCE_IDS_FILE = "source_ids.json"
SEARCH_DIR = "search"

#: How articles are ranked: BM25, embeddings and the chapter as for any index, the
#: law's authority (how many other laws name it) and the article's citations (see
#: :mod:`.law_priors`), the best cosine (first stage) and the best BM25 (second stage)
#: of the article's law among the candidates (``source_*``), and a law or article the
#: query names (``named``, ``numbered``: weights set, not fitted: two STARD dev queries
#: name a law). Chosen on the STARD dev queries and checked by 5-fold cross-validation
#: on them (docs/benchmarks.md, benchmarks/stard_cv.py).
LAW_SEARCH = SearchSettings(
    weights=SignalWeights(
        bm25=0.4,
        subwords=0.0,
        vector=0.2,
        group=0.35,
        authority=0.4,
        citations=0.05,
        source_vector=0.1,
        named=0.3,
        numbered=1.0,
    ),
    rerank_weights=SignalWeights(
        bm25=0.2,
        subwords=0.4,
        vector=0.25,
        group=0.2,
        authority=0.6,
        citations=0.1,
        source_bm25=0.3,
        defines=0.05,
        named=0.3,
        numbered=1.0,
    ),
)

#: The metadata fields the law priors are kept in, by signal.
LAW_PRIORS: dict[PriorSignal, str] = {"authority": "law_authority", "citations": "cited_by"}

#: How articles are indexed: the fields, grouping, priors and weights measured best on
#: STARD.
LAW_INDEX_CONFIG = IndexConfig(
    bm25_fields=["name", "path", "content"],
    vector_fields=["name", "content"],
    group_by=["law_id", "path"],
    priors=LAW_PRIORS,
    source_by=["law_id"],
    terms_field="defines",
    mentions=MentionConfig(name_fields=["law_names"], number_field="article_no"),
    search=LAW_SEARCH,
)

_LAWS = TypeAdapter(list[Law])


class LawIndexManifest(BaseModel):
    """``law_index.json``: what a saved law index holds."""

    format: str = LAW_INDEX_FORMAT
    version: int = LAW_INDEX_VERSION
    laws: int = Field(ge=0)
    articles: int = Field(ge=0)
    sources: list[str] = Field(default_factory=list, description="What the laws were read from.")
    created: str


def article_metadata(law: Law) -> dict[str, MetadataValue]:
    """The filterable values every article of ``law`` carries (all keys always present,
    so a filter on a field no law sets keeps nothing instead of failing)."""
    meta = law.metadata
    return {
        "law_id": law.law_id,
        "issuing_authority": meta.issuing_authority,
        "law_level": meta.law_level,
        "status": meta.status,
        "tags": list(meta.tags),
        "effective_date": meta.effective_date.isoformat() if meta.effective_date else None,
        "revised_date": meta.revised_date.isoformat() if meta.revised_date else None,
    }


def article_document(
    law: Law, article: Article, metadata: dict[str, MetadataValue]
) -> IndexDocument:
    """The search document of one article: its fields, the law's metadata, the names
    the law goes by and the terms the article defines."""
    return IndexDocument(
        id=article.article_id,
        fields=article_fields(law, article),
        metadata={
            **metadata,
            "law_names": law_names(law.title),
            "article_no": article.article_no,
            "defines": defined_terms(article.text),
        },
    )


def article_fields(law: Law, article: Article) -> dict[str, str]:
    """The searched fields of one article: ``name`` (short title + number),
    ``content`` and ``path`` (its headings, when it has any)."""
    fields = {"name": f"{short_title(law.title)}{article.article_no}", "content": article.text}
    if article.path:
        fields["path"] = " ".join(article.path)
    return fields


class LawIndex:
    """A :class:`LawLibrary` and the hybrid index over its articles."""

    def __init__(
        self,
        library: LawLibrary,
        search: HybridIndex,
        *,
        sources: Sequence[str] = (),
        source_ids: dict[str, str] | None = None,
    ) -> None:
        self.library = library
        self.search = search
        self.sources = list(sources)
        #: The ids rows had in a JSON-lines corpus → the article ids they became (rows
        #: repeating an article map to the article kept), so judgements written against
        #: the corpus ids can be evaluated.
        self.source_ids = dict(source_ids or {})

    def save(self, directory: Path) -> Path:
        """Write the index to ``directory``, replacing a law index already there.

        The new index is written beside the target and swapped in, so an interrupted
        save leaves the previous one intact.

        :raises SearchIndexError: when ``directory`` holds something that is not a law
            index.
        """
        from ..directory_swap import replace_directory

        return replace_directory(directory, self._write, marker=MANIFEST, what="law index")

    def _write(self, directory: Path) -> None:
        (directory / LAWS_FILE).write_bytes(_LAWS.dump_json(self.library.laws))
        self.search.save(directory / SEARCH_DIR)
        if self.source_ids:
            (directory / SOURCE_IDS_FILE).write_text(
                json.dumps(self.source_ids, ensure_ascii=False), "utf-8"
            )
        manifest = LawIndexManifest(
            laws=len(self.library),
            articles=self.library.article_count,
            sources=self.sources,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        (directory / MANIFEST).write_text(manifest.model_dump_json(indent=2), "utf-8")

    @classmethod
    def load(
        cls,
        directory: Path,
        *,
        settings: Settings | None = None,
        offline: bool | None = None,
        embedder: Embedder | None = None,
    ) -> LawIndex:
        """Open a saved law index (no re-embedding).

        :raises SearchIndexError: when ``directory`` is missing, is not a law index, or
            is damaged.
        """
        from ..retrieval.hybrid_index import HybridIndex
        from ..retrieval.long_lived import settle

        directory = Path(directory)
        manifest = read_law_manifest(directory)
        library = _read_laws(directory)
        search = HybridIndex.load(
            directory / SEARCH_DIR, embedder=embedder, settings=settings, offline=offline
        )
        source_ids: dict[str, str] = {}
        if (directory / SOURCE_IDS_FILE).is_file():
            try:
                source_ids = json.loads((directory / SOURCE_IDS_FILE).read_text("utf-8"))
            except (OSError, ValueError) as exc:
                raise SearchIndexError(f"{directory / SOURCE_IDS_FILE} is damaged: {exc}") from None
        settle()  # the laws too, read after the search index settled
        return cls(library, search, sources=manifest.sources, source_ids=source_ids)

    @staticmethod
    def load_library(directory: Path) -> LawLibrary:
        """Only the laws of a saved law index (for reading them; no search index is
        opened, so this is fast).

        :raises SearchIndexError: when ``directory`` is missing, not a law index, or
            damaged.
        """
        directory = Path(directory)
        read_law_manifest(directory)
        return _read_laws(directory)


def _read_laws(directory: Path) -> LawLibrary:
    try:
        laws = _LAWS.validate_json((directory / LAWS_FILE).read_bytes())
    except OSError as exc:
        raise SearchIndexError(
            f"the law index {directory} is incomplete: cannot read {LAWS_FILE} ({exc.strerror})"
        ) from None
    except ValidationError as exc:
        raise SearchIndexError(
            f"the law index {directory} is damaged: {LAWS_FILE}: {exc.errors()[0]['msg']}"
        ) from None
    return LawLibrary(laws)


def read_law_manifest(directory: Path) -> LawIndexManifest:
    """The manifest of the law index in ``directory``.

    :raises SearchIndexError: naming the directory and what is wrong with it.
    """
    path = directory / MANIFEST
    if not directory.is_dir():
        raise SearchIndexError(
            f"law index not found: {directory} (build one with 'contract-review law index')"
        )
    if not path.is_file():
        hint = (
            " (it is a plain search index; build a law index with 'contract-review law index')"
            if (directory / "index.json").is_file()
            else ""
        )
        raise SearchIndexError(f"{directory} is not a law index: it has no {MANIFEST}{hint}")
    try:
        raw: Any = json.loads(path.read_text("utf-8"))
        manifest = LawIndexManifest.model_validate(raw)
    except (OSError, ValueError) as exc:
        raise SearchIndexError(f"{path} is damaged: {exc}") from None
    if manifest.format != LAW_INDEX_FORMAT:
        raise SearchIndexError(f"{path} is not a law index manifest (format {manifest.format!r})")
    if manifest.version > LAW_INDEX_VERSION:
        raise SearchIndexError(
            f"{directory} was written by a newer contract_review (law index version "
            f"{manifest.version}); upgrade to open it"
        )
    return manifest


def build_law_index(
    laws: Sequence[Law],
    *,
    embedder: Embedder | None,
    sources: Sequence[str] = (),
    source_ids: dict[str, str] | None = None,
    config: IndexConfig | None = None,
    show_progress: bool = True,
) -> LawIndex:
    """Index every article of ``laws`` (BM25, and vectors when ``embedder`` is given).

    :raises InputError: when ``laws`` hold no article.
    """
    from ..retrieval.hybrid_index import HybridIndex

    library = LawLibrary(laws)
    if library.article_count == 0:
        raise InputError("there is no article to index: the laws given hold none")
    search = HybridIndex(embedder, config or LAW_INDEX_CONFIG)
    # The BM25 terms are built (in a second process) while the priors are computed.
    search.start_terms(
        [article_fields(law, article) for law in library for article in law.articles]
    )
    priors = article_priors(library)
    documents: list[IndexDocument] = []
    for law in library:
        metadata = article_metadata(law)
        documents.extend(
            article_document(law, article, {**metadata, **priors[article.article_id].model_dump()})
            for article in law.articles
        )
    search.add(documents, show_progress=show_progress)
    return LawIndex(library, search, sources=sources, source_ids=source_ids)
