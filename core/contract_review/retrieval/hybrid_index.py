"""The hybrid index: BM25 and vector search over documents with metadata, filters
applied before ranking, the two rankings fused, multi-part questions decomposed.

>>> index = HybridIndex(embedder)
>>> index.add([IndexDocument(id="a1", fields={"content": "..."}, metadata={"law": "..."})])
>>> hits = index.search("试用期内可以解除劳动合同吗", top_k=10, filters=[...])
>>> index.save(directory); HybridIndex.load(directory)   # reopening does not re-embed

Vectors are float32 rows (or sparse rows for ``char-ngram``); every query scores
every document that passes the filters, and the top ``depth`` of each ranking are
selected (:func:`.vectors.top_k_indices`, positive scores only) before fusion.
Ranking has two stages (see :class:`.search_models.SearchSettings`): the first fusion
picks a shortlist, the second orders it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import numpy as np
import numpy.typing as npt
from pydantic import TypeAdapter

from ..errors import InputError
from .ann_index import AnnIndex
from .batch_threads import MIN_SHARE, run_split
from .bm25 import BM25Index
from .build_timing import PhaseTimer
from .definitions import DefinitionFinder
from .embedder_types import Embedder, EmbedderInfo, StatefulEmbedder, Vectors
from .filters import MetadataColumns
from .fusion import signal_parts, used_weights
from .index_config import IndexConfig
from .long_lived import settle
from .mentions import MENTION_SIGNALS, MentionFinder
from .query_decomposition import decompose
from .search_models import (
    FieldFilter,
    IndexDocument,
    MatchType,
    SearchHit,
    SearchSettings,
    SignalScore,
)
from .snippets import SnippetFinder
from .source_signals import SOURCE_SIGNALS, SourceGroups, membership
from .stage_fusion import fuse_stages
from .tokenizers import Tokenizer
from .vectors import top_k_indices

if TYPE_CHECKING:
    from ..config import Settings
    from .background_terms import BackgroundTerms

logger = logging.getLogger(__name__)

FloatArray = npt.NDArray[np.float32]
Result = TypeVar("Result")
#: Validates a query's hits in one call.
_HITS = TypeAdapter(list[SearchHit])
BoolArray = npt.NDArray[np.bool_]

#: Documents embedded per call while building (also the progress bar's step).
EMBED_BATCH = 512
#: Queries whose vector scores are computed together by one matrix product.
QUERY_BLOCK = 64
#: At most this many scores in one block (64 MB of float32): over a corpus of more
#: than 256k documents, blocks hold fewer queries.
BLOCK_SCORES = 1 << 24


class HybridIndex:
    """BM25 + vector search over :class:`IndexDocument` s (see the module docs)."""

    def __init__(
        self,
        embedder: Embedder | None,
        config: IndexConfig | None = None,
        *,
        tokenizer: Tokenizer | None = None,
    ) -> None:
        self.config = config or IndexConfig()
        self.embedder = embedder
        self.tokenizer = tokenizer or Tokenizer(self.config.tokenizer)
        self.bm25 = BM25Index(self.config.bm25)
        #: BM25 over the words inside long words (None when ``subword_bm25`` is off).
        self.subword_bm25: BM25Index | None = (
            BM25Index(self.config.bm25) if self.config.subword_bm25 else None
        )
        self.ids: list[str] = []
        self.fields: list[dict[str, str]] = []
        self.metadata: list[dict[str, Any]] = []
        self._position: dict[str, int] = {}
        #: What filters test: each document's text fields and metadata together.
        self._filter_rows: list[dict[str, Any]] = []
        self._columns = MetadataColumns(self._filter_rows)
        self.vectors: Vectors | None = None
        #: The embedder the stored vectors were made with (may differ from ``embedder``
        #: when the index was reopened without it).
        self.vector_info: EmbedderInfo | None = embedder.info if embedder is not None else None
        self._groups: tuple[npt.NDArray[np.int64], FloatArray] | None = None
        self._priors: dict[str, FloatArray] | None = None
        #: The approximate vector index (``config.ann``), built or read on first need.
        self._ann: AnnIndex | None = None
        #: Where a saved index keeps its approximate index (read on first need).
        self.ann_file: Path | None = None
        self._ann_missing = False
        #: Seconds spent in each phase of the last :meth:`add` (tokenize, embed, ...).
        self.build_timings: dict[str, float] = {}
        #: BM25 terms :meth:`start_terms` started building, with the texts they are of.
        self._started_terms: tuple[list[str], BackgroundTerms] | None = None
        self._mentions: MentionFinder | None = None
        self._definitions: DefinitionFinder | None = None
        self._sources: npt.NDArray[np.int64] | None = None
        #: Whether :meth:`prepare_search` has run since the last :meth:`add`.
        self._prepared = False

    # ------------------------------------------------------------------ contents

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._position

    def document(self, doc_id: str) -> IndexDocument:
        """The stored document with this id.

        :raises KeyError: when there is none.
        """
        position = self._position[doc_id]
        return IndexDocument(
            id=doc_id, fields=self.fields[position], metadata=self.metadata[position]
        )

    @property
    def filter_fields(self) -> list[str]:
        """The fields filters can test: every metadata field and every text field."""
        return self._columns.fields

    @property
    def has_vectors(self) -> bool:
        """Whether vector search can run (vectors stored and an embedder for queries)."""
        return self.vectors is not None and self.embedder is not None

    def bm25_text(self, fields: dict[str, str]) -> str:
        """The text BM25 indexes for a document's fields."""
        names = self.config.bm25_fields or fields
        return "\n".join([text for name in names if (text := fields.get(name))])

    def vector_text(self, fields: dict[str, str]) -> str:
        """The text embedded for a document's fields, cut to ``vector_max_chars``."""
        names = self.config.vector_fields or list(fields)
        text = self.config.vector_separator.join(fields[name] for name in names if fields.get(name))
        return text[: self.config.vector_max_chars]

    def _restore(
        self, *, ids: list[str], fields: list[dict[str, str]], metadata: list[dict[str, Any]]
    ) -> None:
        """Fill the document store from a saved index (no tokenizing, no embedding)."""
        self.ids = ids
        self.fields = fields
        self.metadata = metadata
        self._position = {doc_id: i for i, doc_id in enumerate(ids)}
        if len(self._position) != len(ids):
            raise ValueError("repeated document ids")
        self._filter_rows = [{**f, **m} for f, m in zip(fields, metadata, strict=True)]
        self._columns = MetadataColumns(self._filter_rows)

    # ------------------------------------------------------------------ persistence

    def save(self, directory: Path) -> Path:
        """Write the index to ``directory`` (see :mod:`.index_storage`)."""
        from .index_storage import save_index

        return save_index(self, directory)

    @classmethod
    def load(
        cls,
        directory: Path,
        *,
        embedder: Embedder | None = None,
        settings: Settings | None = None,
        offline: bool | None = None,
    ) -> HybridIndex:
        """Open a saved index without re-embedding (see :func:`.index_storage.load_index`)."""
        from .index_storage import load_index

        index = load_index(directory, embedder=embedder, settings=settings, offline=offline)
        settle()
        return index

    # ------------------------------------------------------------------ building

    def add(self, documents: Iterable[IndexDocument], *, show_progress: bool = True) -> int:
        """Add documents: tokenized for BM25, embedded for vector search.

        Documents already in the index keep their vectors; BM25 statistics are
        recomputed over the whole corpus from the stored terms.

        :returns: The number of documents added.
        :raises InputError: for an id already in the index or repeated in ``documents``.
        """
        batch = list(documents)
        if not batch:
            return 0
        seen: set[str] = set()
        for doc in batch:
            if doc.id in self._position or doc.id in seen:
                self._drop_started_terms()
                raise InputError(f"document id {doc.id!r} is already in the index")
            seen.add(doc.id)
        embed = self.embedder is not None and (self.vectors is not None or not self.ids)
        if self.vectors is not None and self.embedder is None:
            self._drop_started_terms()
            made_with = self.vector_info.name if self.vector_info else "an embedder"
            raise InputError(
                f"cannot add documents: this index's vectors come from {made_with}, which "
                "cannot be used now (offline, or not installed); add them where it can run"
            )
        timer = PhaseTimer()
        background = self._terms_for(batch, embed)
        try:
            if background is None:
                tokens = self._tokenize_documents(batch, show_progress)
                timer.lap("tokenize")
            new_vectors = self._embed_documents(batch, show_progress) if embed else None
            timer.lap("embed")
            if background is not None:
                terms = background.result()
                timer.lap("tokenize (waited for)")
        except BaseException:
            if background is not None:
                background.cancel()
            raise

        start = len(self.ids)
        for offset, doc in enumerate(batch):
            self._position[doc.id] = start + offset
            self.ids.append(doc.id)
            self.fields.append(dict(doc.fields))
            self.metadata.append(dict(doc.metadata))
            self._filter_rows.append({**doc.fields, **doc.metadata})
        self._columns.extend(self._filter_rows[start:])
        timer.lap("store")
        if background is not None:
            self.bm25, self.subword_bm25 = terms.bm25, terms.subword_bm25
        else:
            self.bm25.add(tokens)
            if self.subword_bm25 is not None:
                self.subword_bm25.add([self.tokenizer.subwords(t) for t in tokens])
            timer.lap("bm25")
        if new_vectors is not None:
            self.vectors = _stack(self.vectors, new_vectors)
        self._groups = None
        self._priors = None
        self._ann = None
        self.ann_file = None
        self.build_timings = timer.laps
        self._mentions = None
        self._definitions = None
        self._sources = None
        self._prepared = False
        return len(batch)

    def start_terms(self, fields: Sequence[dict[str, str]]) -> None:
        """Start building the BM25 terms of documents with these ``fields`` now, in a
        second process, when :meth:`add` would (see :meth:`_background_terms`): for a
        caller that still has work to do on the documents (their metadata) before it
        calls :meth:`add`. :meth:`add` uses those terms when it gets documents with the
        same BM25 text, in the same order; otherwise it stops the process."""
        self._drop_started_terms()
        embed = self.embedder is not None and (self.vectors is not None or not self.ids)
        texts = [self.bm25_text(doc_fields) for doc_fields in fields]
        started = self._background_terms(texts, embed)
        self._started_terms = (texts, started) if started is not None else None

    def _drop_started_terms(self) -> None:
        if self._started_terms is not None:
            self._started_terms[1].cancel()
            self._started_terms = None

    def _terms_for(self, batch: list[IndexDocument], embed: bool) -> BackgroundTerms | None:
        """The second process building ``batch``'s terms: the one :meth:`start_terms`
        started for the same texts, or a new one (None: tokenized here)."""
        texts = [self.bm25_text(doc.fields) for doc in batch]
        if self._started_terms is not None:
            started_texts, started = self._started_terms
            self._started_terms = None
            if embed and started_texts == texts:
                return started
            started.cancel()
        return self._background_terms(texts, embed)

    def _background_terms(self, texts: list[str], embed: bool) -> BackgroundTerms | None:
        """The BM25 indexes of ``texts`` built in a second process while this one
        embeds, when that pays: a large batch into an empty index, vectors to compute,
        more than one core, and the standard tokenizer (None otherwise: tokenized here)."""
        from .background_terms import MIN_BACKGROUND_DOCUMENTS, BackgroundTerms
        from .embedders.usem3_embedder import available_cores

        if (
            not embed
            or self.ids
            or len(texts) < MIN_BACKGROUND_DOCUMENTS
            or available_cores() < 2
            or type(self.tokenizer) is not Tokenizer
        ):
            return None
        return BackgroundTerms(
            texts,
            self.tokenizer.config,
            self.config.bm25,
            subwords=self.subword_bm25 is not None,
            cache_dir=self.tokenizer.cache_dir,
        )

    def _tokenize_documents(
        self, batch: list[IndexDocument], show_progress: bool
    ) -> list[list[str]]:
        from .progress import progress_bar

        tokens: list[list[str]] = []
        with progress_bar(
            len(batch), "Tokenizing", min_total=2000 if show_progress else 10**12
        ) as advance:
            for doc in batch:
                tokens.append(self.tokenizer.tokenize(self.bm25_text(doc.fields)))
                advance(1)
        return tokens

    def _embed_documents(self, batch: list[IndexDocument], show_progress: bool) -> Vectors:
        from .progress import progress_bar

        assert self.embedder is not None
        texts = [self.vector_text(doc.fields) for doc in batch]
        embedder = self.embedder
        if isinstance(embedder, StatefulEmbedder) and not embedder.fitted:
            embedder.fit(texts)
        parts: list[Vectors] = []
        with progress_bar(
            len(texts),
            f"Embedding ({embedder.info.name})",
            min_total=500 if show_progress else 10**12,
        ) as advance:
            for start in range(0, len(texts), EMBED_BATCH):
                chunk = texts[start : start + EMBED_BATCH]
                parts.append(embedder.embed(chunk, kind="document"))
                advance(len(chunk))
        self.vector_info = embedder.info
        return _stack_all(parts)

    # ------------------------------------------------------------------ searching

    def search(
        self,
        query: str,
        *,
        top_k: int = 10,
        filters: Sequence[FieldFilter] = (),
        settings: SearchSettings | None = None,
    ) -> list[SearchHit]:
        """The best ``top_k`` documents for ``query`` among those passing ``filters``.

        :raises SearchIndexError: for a filter on a field no document has.
        """
        return self.search_many([query], top_k=top_k, filters=filters, settings=settings)[0]

    def search_many(
        self,
        queries: Sequence[str],
        *,
        top_k: int = 10,
        filters: Sequence[FieldFilter] = (),
        settings: SearchSettings | None = None,
    ) -> list[list[SearchHit]]:
        """:meth:`search` for several queries. A large batch is split over threads
        (:mod:`.batch_threads`); each share's queries are embedded together, and their
        vector scores computed by one matrix product per block of queries."""
        settings = settings or self.config.search

        def hits(pool: _Pool | None, terms: list[str]) -> list[SearchHit]:
            return self._hits(pool, top_k, terms, settings)

        return self._each_query(queries, top_k, filters, settings, hits)

    def rank_many(
        self,
        queries: Sequence[str],
        *,
        top_k: int = 10,
        filters: Sequence[FieldFilter] = (),
        settings: SearchSettings | None = None,
    ) -> list[list[str]]:
        """The ids of :meth:`search_many`'s hits, in the same order, without building
        the hits (their snippets, metadata and scores): what an evaluation reads."""
        settings = settings or self.config.search

        def ids(pool: _Pool | None, terms: list[str]) -> list[str]:
            if pool is None:
                return []
            chosen, _ = _chosen(pool, top_k, settings)
            return [self.ids[p] for p in pool.positions[chosen].tolist()]

        return self._each_query(queries, top_k, filters, settings, ids)

    def _each_query(
        self,
        queries: Sequence[str],
        top_k: int,
        filters: Sequence[FieldFilter],
        settings: SearchSettings,
        finish: Callable[[_Pool | None, list[str]], Result],
    ) -> list[Result]:
        """``finish(pool, terms)`` of each query's candidates and query terms."""
        mask = self._columns.mask(filters)
        if not self.ids or top_k <= 0:
            return [finish(None, []) for _ in queries]
        part_lists = [decompose(q) if settings.decompose else [q.strip()] for q in queries]
        if len(part_lists) >= 2 * MIN_SHARE:  # may be split: build once, not per thread
            if not self._prepared:
                self.prepare_search()
            if settings.approximate and settings.use_vector and self.has_vectors:
                self._searchable_ann()

        def run(share: Sequence[list[str]]) -> list[Result]:
            return [finish(*found) for found in self._pools(share, mask, settings)]

        return run_split(run, part_lists)

    def prepare_search(self) -> None:
        """Build now what searching builds on its first need: the query model and the
        tokenizer's dictionary, the priors, the group centroids, the sources, the
        finders of named laws and defined terms, the approximate vector index. Call it
        before timing searches or serving them, so that no query pays for it."""
        self.tokenizer.tokenize_query("预热")
        if self.has_vectors:
            assert self.embedder is not None
            self.embedder.embed(["预热"], kind="query")
        self.prior_scores()
        self._group_centroids()
        self._source_groups()
        self.mention_scores("")
        self.definition_scores("")
        if self.config.search.approximate and self.has_vectors:
            self._searchable_ann()
        self._prepared = True
        settle()  # what was just built lives as long as the index

    def _pools(
        self,
        part_lists: Sequence[list[str]],
        mask: BoolArray | None,
        settings: SearchSettings,
    ) -> list[tuple[_Pool | None, list[str]]]:
        """Each query's candidates (its parts' pools merged) and query terms, the
        query given as its parts (:func:`.decompose`)."""
        use_vector = settings.use_vector and self.has_vectors
        use_bm25 = settings.use_bm25 or not use_vector
        flat_parts = [part for parts in part_lists for part in parts]
        part_vectors = self._query_vectors(flat_parts) if use_vector else None
        ann = self._searchable_ann() if part_vectors is not None and settings.approximate else None
        size = self._block_size()
        weights = settings.weights.model_dump()
        rerank = settings.rerank_weights.model_dump() if settings.rerank_depth > 0 else None
        results: list[tuple[_Pool | None, list[str]]] = []
        cursor = 0
        block: dict[str, FloatArray] = {}
        nearest_block: list[_Nearest] = []
        for parts in part_lists:
            pools: list[_Pool] = []
            all_terms: list[str] = []
            for part in parts:
                signals: dict[str, FloatArray] = {}
                if use_bm25:
                    terms = self.tokenizer.tokenize_query(part)
                    all_terms.extend(terms)
                    signals["bm25"] = self.bm25.scores(terms)
                    if self.subword_bm25 is not None:
                        signals["subwords"] = self.subword_bm25.scores(
                            self.tokenizer.subwords(terms)
                        )
                signals.update(self.mention_scores(part))
                signals.update(self.definition_scores(part))
                nearest = None
                if part_vectors is not None and ann is not None:
                    if cursor % size == 0:
                        nearest_block = _nearest_block(
                            ann, part_vectors[cursor : cursor + size], settings, mask
                        )
                    nearest = nearest_block[cursor % size]
                elif part_vectors is not None:
                    if cursor % size == 0:
                        block = self._vector_block(part_vectors[cursor : cursor + size])
                    signals.update({k: v[cursor % size] for k, v in block.items()})
                cursor += 1
                pool = self._score_part(signals, mask, settings, weights, rerank, nearest)
                if pool is not None:
                    pools.append(pool)
            results.append((_merge_pools(pools), all_terms))
        return results

    def _block_size(self) -> int:
        """Queries per matrix product: :data:`QUERY_BLOCK`, fewer over a corpus so large
        that a block's scores would pass :data:`BLOCK_SCORES`."""
        return max(1, min(QUERY_BLOCK, BLOCK_SCORES // max(1, len(self.ids))))

    def _query_vectors(self, parts: list[str]) -> Vectors | None:
        assert self.embedder is not None
        if not parts:
            return None
        return self.embedder.embed(parts, kind="query")

    def _vector_block(self, rows: Vectors) -> dict[str, FloatArray]:
        """Vector signals of a block of queries (their vectors ``rows``), one row per
        query: one matrix product reads the corpus' vectors once per block.

        ``"group"`` holds each *group's* similarity (one column per group, not per
        document): :meth:`_score_part` looks up the documents' groups only for its
        candidates."""
        assert self.vectors is not None
        if isinstance(self.vectors, np.ndarray):
            queries = np.asarray(rows, dtype=np.float32)
            groups = self._group_centroids()
            if queries.shape[0] == 1:
                # One query: a matrix-vector product (BLAS gemv, the same sums as the
                # one-column matrix product, and faster).
                block = {"vector": _row(self.vectors @ queries[0])}
                if groups is not None:
                    block["group"] = _row(groups[1] @ queries[0])
                return block
            # One row per query (each query's scores contiguous): the queries times the
            # transposed matrix, which BLAS reads in place.
            block = {"vector": _rows(queries @ self.vectors.T)}
            if groups is not None:
                block["group"] = _rows(queries @ groups[1].T)
            return block
        product = self.vectors @ rows.T
        return {"vector": _rows(product.toarray().T)}

    def _similarities(
        self, query: FloatArray, positions: npt.NDArray[np.int64]
    ) -> dict[str, FloatArray]:
        """The vector (and group) similarity of the documents at ``positions`` to a
        query, from their rows alone.

        A few hundred rows: summed by numpy's own loop (``einsum``), not by a threaded
        BLAS product, whose threads cost more than the sums here (on a busy machine, ten
        times more)."""
        assert isinstance(self.vectors, np.ndarray)
        found = {"vector": _dots(self.vectors[positions], query)}
        groups = self._group_centroids()
        if groups is not None:
            found["group"] = _dots(groups[1][groups[0][positions]], query)
        return found

    def _group_centroids(self) -> tuple[npt.NDArray[np.int64], FloatArray] | None:
        """Each document's group and each group's mean embedding (L2-normalised), computed
        once from the stored vectors; None without ``group_by`` or dense vectors."""
        keys = self.config.group_by
        if not keys or not isinstance(self.vectors, np.ndarray):
            return None
        if self._groups is None:
            groups = membership(self._filter_rows, keys)
            size = int(groups.max()) + 1 if groups.size else 0
            centroids = np.zeros((size, self.vectors.shape[1]), dtype=np.float32)
            np.add.at(centroids, groups, self.vectors)
            norms = np.linalg.norm(centroids, axis=1, keepdims=True)
            np.divide(centroids, norms, out=centroids, where=norms > 0)
            self._groups = (groups, centroids)
        return self._groups

    def ann_index(self) -> AnnIndex | None:
        """The approximate index over the dense vectors (``config.ann``), read from the
        saved index or built on first need; None without ``config.ann`` or dense vectors.

        :raises InputError: when faiss is not installed.
        """
        kind = self.config.ann
        if kind is None or not isinstance(self.vectors, np.ndarray) or not len(self.ids):
            return None
        if self._ann is None and self.ann_file is not None:
            saved = AnnIndex.load(self.ann_file, kind)
            self._ann = saved if saved.size == len(self.ids) else None
        if self._ann is None:
            self._ann = AnnIndex.build(kind, self.vectors)
        return self._ann

    def _searchable_ann(self) -> AnnIndex | None:
        """:meth:`ann_index`, or None (with a warning, once) when faiss is missing: the
        index is then searched exactly."""
        try:
            return self.ann_index()
        except InputError as exc:
            if not self._ann_missing:
                logger.warning("%s; every vector is scanned instead (exact search)", exc)
                self._ann_missing = True
            return None

    def _source_scores(
        self, positions: npt.NDArray[np.int64], candidates: dict[str, FloatArray]
    ) -> dict[str, FloatArray]:
        """The source signals of the candidates at ``positions`` (see
        :mod:`.source_signals`); empty without :attr:`.IndexConfig.source_by`."""
        keys = self.config.source_by
        if not keys:
            return {}
        groups = SourceGroups(self._source_groups()[positions])
        if not groups.has_siblings:  # no sibling: nothing to add
            return {}
        return {
            name: groups.best(candidates[signal])
            for name, signal in SOURCE_SIGNALS.items()
            if signal in candidates
        }

    def _source_groups(self) -> npt.NDArray[np.int64]:
        """Each document's source number (:attr:`.IndexConfig.source_by`), computed
        once; empty without it."""
        if self._sources is None:
            keys = self.config.source_by
            self._sources = (
                membership(self._filter_rows, keys) if keys else np.zeros(0, dtype=np.int64)
            )
        return self._sources

    def prior_scores(self) -> dict[str, FloatArray]:
        """Each configured prior signal (:attr:`.IndexConfig.priors`) of every document:
        ``log(1 + value)`` of its numeric metadata field (0 when missing, negative or not
        a number); computed once."""
        if self._priors is None:
            priors: dict[str, FloatArray] = {}
            for signal, field in self.config.priors.items():
                values = np.fromiter(
                    (_count(row.get(field)) for row in self.metadata),
                    dtype=np.float64,
                    count=len(self.metadata),
                )
                priors[signal] = np.log1p(values).astype(np.float32)
            self._priors = priors
        return self._priors

    def mention_scores(self, query: str) -> dict[str, FloatArray]:
        """The ``named`` and ``numbered`` signals of ``query`` over every document (see
        :mod:`.mentions`); empty without :attr:`.IndexConfig.mentions` or when the query
        names no work."""
        if self.config.mentions is None:
            return {}
        if self._mentions is None:
            self._mentions = MentionFinder(self.config.mentions, self.metadata)
        return self._mentions.signals(query)

    def definition_scores(self, query: str) -> dict[str, FloatArray]:
        """The ``defines`` signal of ``query`` over every document (see
        :mod:`.definitions`); empty without :attr:`.IndexConfig.terms_field` or when the
        query asks for no defined term."""
        if self.config.terms_field is None:
            return {}
        if self._definitions is None:
            self._definitions = DefinitionFinder(self.config.terms_field, self.metadata)
        return self._definitions.signals(query)

    def _score_part(
        self,
        signals: dict[str, FloatArray],
        mask: BoolArray | None,
        settings: SearchSettings,
        weights: dict[str, float],
        rerank: dict[str, float] | None = None,
        nearest: _Nearest | None = None,
    ) -> _Pool | None:
        """Pool the top ``depth`` of each ranking and fuse every signal over the pool,
        with ``weights`` (the first stage) and with ``rerank`` (the second, when on).

        ``signals["group"]``, when present, holds one score per group (see
        :meth:`_vector_block`); every other signal one score per document. With
        ``nearest`` (the approximate index's candidates), the vector ranking's
        candidates are those, and the pool's vector and group similarities are
        computed from its documents' rows.
        """
        found: dict[MatchType, list[npt.NDArray[np.intp]]] = {"bm25": [], "vector": []}
        named: list[npt.NDArray[np.intp]] = []  # the articles the query names by number
        for name, scores in signals.items():
            if name in ("group", "named", "defines"):
                continue  # context for ranking, not a way to find documents
            # Only positive scores count (no query term in it / nothing in common).
            top = top_k_indices(scores, settings.depth, above=0.0, where=mask)
            if name == "numbered":
                named.append(top)
            else:
                found["vector" if name == "vector" else "bm25"].append(top)
        if nearest is not None:
            found["vector"].append(nearest.positions)
        picked = [top for tops in found.values() for top in tops] + named
        if not picked or not any(top.size for top in picked):
            return None
        positions = _sorted_unique(np.concatenate(picked))
        candidates: dict[str, FloatArray] = {}
        for name, scores in signals.items():
            if name == "group":
                groups = self._group_centroids()
                assert groups is not None
                candidates[name] = scores[groups[0][positions]]
            else:
                candidates[name] = scores[positions]
        if nearest is not None:
            candidates.update(self._similarities(nearest.query, positions))
        for name, prior in self.prior_scores().items():
            candidates[name] = prior[positions]
        candidates.update(self._source_scores(positions, candidates))
        extra = [
            *(MENTION_SIGNALS if self.config.mentions is not None else ()),
            *(("defines",) if self.config.terms_field is not None else ()),
        ]
        for name in extra:
            candidates.setdefault(name, np.zeros(positions.size, dtype=np.float32))
        stages = [weights] if rerank is None else [weights, rerank]
        fused, *second = fuse_stages(
            candidates, stages, method=settings.fusion, rrf_k=settings.rrf_k
        )
        reranked = second[0] if second else None
        bm25 = candidates.get("bm25")
        vector = candidates.get("vector")
        explained = None
        if settings.explain:
            final = weights if rerank is None else rerank
            parts = signal_parts(candidates, final, method=settings.fusion, rrf_k=settings.rrf_k)
            explained = _Explained(
                raw=candidates,
                parts=parts,
                weights={k: w for k, w in used_weights(candidates, final).items() if k in parts},
            )
        return _Pool(
            positions=positions,
            scores=fused,
            rerank=reranked,
            bm25=bm25,
            vector=vector,
            by_bm25=_found_by(positions, found["bm25"]),
            by_vector=_found_by(positions, found["vector"]),
            explained=explained,
        )

    def _hits(
        self, pool: _Pool | None, top_k: int, terms: list[str], settings: SearchSettings
    ) -> list[SearchHit]:
        if pool is None:
            return []
        chosen, shown = _chosen(pool, top_k, settings)
        # Python values of the chosen rows at once, scores rounded to 6 decimals.
        positions: list[int] = pool.positions[chosen].tolist()
        scores = rounded(shown[chosen])
        bm25 = None if pool.bm25 is None else rounded(pool.bm25[chosen])
        vector = None if pool.vector is None else rounded(pool.vector[chosen])
        by_bm25: list[bool] = pool.by_bm25[chosen].tolist()
        by_vector: list[bool] = pool.by_vector[chosen].tolist()
        explained = pool.explained.at(chosen) if pool.explained is not None else None
        snippet = SnippetFinder(terms, settings.snippet_chars) if settings.snippets else None
        ids, fields, metadata, bm25_text = self.ids, self.fields, self.metadata, self.bm25_text
        rows: list[dict[str, Any]] = []
        for i, position in enumerate(positions):
            found_bm25, found_vector = by_bm25[i], by_vector[i]
            rows.append(
                {
                    "id": ids[position],
                    "score": scores[i],
                    "rank": i + 1,
                    "match_type": (
                        (["bm25", "vector"] if found_vector else ["bm25"])
                        if found_bm25
                        else (["vector"] if found_vector else [])
                    ),
                    "bm25_score": None if bm25 is None else bm25[i],
                    "vector_score": None if vector is None else vector[i],
                    "snippet": "" if snippet is None else snippet(bm25_text(fields[position])),
                    "metadata": metadata[position],  # validation copies it
                    "signals": None if explained is None else explained[i],
                }
            )
        return _HITS.validate_python(rows)


def rounded(scores: FloatArray) -> list[float]:
    """``[round(float(x), 6) for x in scores]`` for float32 scores, by numpy: rint of x
    times 10^6, divided by 10^6, at a fifth of the time of Python's ``round``. The same
    floats: for a float32 x (24-bit mantissa) the product with 10^6 (15625 x 2^6) is
    exact in float64, so rint rounds the exact value half to even, as ``round`` does, and
    the division gives the double nearest the decimal, as ``round`` does too."""
    return list(np.round(np.asarray(scores, dtype=np.float32).astype(np.float64), 6).tolist())


def _chosen(
    pool: _Pool, top_k: int, settings: SearchSettings
) -> tuple[npt.NDArray[np.intp], FloatArray]:
    """The rows of ``pool`` returned, best first, and the scores they are shown with."""
    if pool.rerank is None:
        return top_k_indices(pool.scores, top_k), pool.scores
    # The first stage's shortlist, ordered by the second stage's scores (ties keep the
    # first stage's order).
    shortlist = top_k_indices(pool.scores, max(top_k, settings.rerank_depth))
    return shortlist[top_k_indices(pool.rerank[shortlist], top_k)], pool.rerank


@attrs.frozen(eq=False)
class _Nearest:
    """One query's candidates from the approximate vector index (positive similarity
    only) and its vector."""

    positions: npt.NDArray[np.intp]
    query: FloatArray


def _nearest_block(
    ann: AnnIndex, rows: Vectors, settings: SearchSettings, mask: BoolArray | None
) -> list[_Nearest]:
    """The approximate index's top ``depth`` for a block of queries (their vectors
    ``rows``)."""
    queries = np.asarray(rows, dtype=np.float32)
    ids, scores = ann.search(queries, settings.depth, where=mask)
    return [
        _Nearest(positions=found[similarity > 0].astype(np.intp), query=query)
        for found, similarity, query in zip(ids, scores, queries, strict=True)
    ]


@attrs.frozen
class _Pool:
    """The candidates of one query (part): positions, fused scores (first stage, and
    second stage when re-ranking), raw scores and which rankings found them, as
    aligned arrays."""

    positions: npt.NDArray[np.int64]
    scores: FloatArray
    rerank: FloatArray | None
    bm25: FloatArray | None
    vector: FloatArray | None
    by_bm25: BoolArray
    by_vector: BoolArray
    #: With ``explain``: every signal's raw score and part of the final score.
    explained: _Explained | None = None


@attrs.frozen
class _Explained:
    """Each signal's raw scores and weighted parts over a pool's candidates."""

    raw: dict[str, FloatArray]
    parts: dict[str, FloatArray]
    weights: dict[str, float]

    def take(self, rows: npt.NDArray[np.intp]) -> _Explained:
        """The same for the candidates ``rows``."""
        return _Explained(
            raw={k: v[rows] for k, v in self.raw.items()},
            parts={k: v[rows] for k, v in self.parts.items()},
            weights=self.weights,
        )

    def at(self, rows: npt.NDArray[np.intp]) -> list[dict[str, SignalScore]]:
        """One ``{signal: SignalScore}`` per row of ``rows``, signals with a part first."""
        out: list[dict[str, SignalScore]] = []
        for row in rows.tolist():
            scores = {
                name: SignalScore(
                    raw=round(float(self.raw[name][row]), 6),
                    weight=self.weights[name],
                    part=round(float(part[row]), 6),
                )
                for name, part in self.parts.items()
            }
            for name, raw in self.raw.items():
                if name not in scores:
                    scores[name] = SignalScore(raw=round(float(raw[row]), 6), weight=0.0, part=0.0)
            out.append(scores)
        return out


def _count(value: Any) -> float:
    """A metadata value as a count for a prior: numbers as they are, others 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return max(float(value), 0.0) if np.isfinite(value) else 0.0


def _merge_pools(pools: list[_Pool]) -> _Pool | None:
    """One pool from the pools of a question's parts: each document keeps its best
    first-stage score (and the second-stage and raw scores of that part) and is marked
    found by a ranking if any part's ranking found it."""
    if not pools:
        return None
    if len(pools) == 1:
        return pools[0]
    positions = np.concatenate([p.positions for p in pools])
    scores = np.concatenate([p.scores for p in pools])
    order = np.argsort(-scores, kind="stable")
    unique, first = np.unique(positions[order], return_index=True)
    best = order[first]

    def pick(arrays: list[FloatArray | None]) -> FloatArray | None:
        if any(a is None for a in arrays):
            return None
        return np.concatenate(arrays)[best]  # type: ignore[arg-type]

    def pick_explained(parts: list[_Explained | None]) -> _Explained | None:
        if any(p is None for p in parts):
            return None
        chosen = [p for p in parts if p is not None]
        merged = _Explained(
            raw={k: np.concatenate([p.raw[k] for p in chosen]) for k in chosen[0].raw},
            parts={k: np.concatenate([p.parts[k] for p in chosen]) for k in chosen[0].parts},
            weights=chosen[0].weights,
        )
        return merged.take(best)

    def any_part(flags: list[BoolArray]) -> BoolArray:
        merged = np.zeros(unique.size, dtype=bool)
        np.logical_or.at(merged, np.searchsorted(unique, positions), np.concatenate(flags))
        return merged

    return _Pool(
        positions=unique,
        scores=scores[best],
        rerank=pick([p.rerank for p in pools]),
        bm25=pick([p.bm25 for p in pools]),
        vector=pick([p.vector for p in pools]),
        by_bm25=any_part([p.by_bm25 for p in pools]),
        by_vector=any_part([p.by_vector for p in pools]),
        explained=pick_explained([p.explained for p in pools]),
    )


def _dots(rows: FloatArray, query: FloatArray) -> FloatArray:
    """Each row's dot product with ``query``."""
    return np.asarray(np.einsum("ij,j->i", rows, query), dtype=np.float32)


def _row(scores: npt.NDArray[Any]) -> FloatArray:
    """One query's scores as a one-row block."""
    return np.asarray(scores, dtype=np.float32)[np.newaxis, :]


def _rows(product: npt.NDArray[Any]) -> FloatArray:
    """A (queries x documents) product as a block of one contiguous row per query."""
    return np.ascontiguousarray(product, dtype=np.float32)


def _sorted_unique(positions: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """``np.unique(positions)`` as ``int64`` (sorting a few hundred positions is faster
    than ``np.unique``'s hash table)."""
    ordered = np.sort(positions).astype(np.int64, copy=False)
    keep = np.empty(ordered.size, dtype=bool)
    keep[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _found_by(positions: npt.NDArray[np.int64], tops: list[npt.NDArray[np.intp]]) -> BoolArray:
    """Which of the (sorted) pool ``positions`` are among some ranking's ``tops`` (each
    of which is part of the pool)."""
    flags = np.zeros(positions.size, dtype=bool)
    for top in tops:
        flags[np.searchsorted(positions, top)] = True
    return flags


def _stack(existing: Vectors | None, new: Vectors) -> Vectors:
    if existing is None:
        return new
    return _stack_all([existing, new])


def _stack_all(parts: list[Vectors]) -> Vectors:
    """The rows of ``parts`` in order, as one float32 matrix (sparse when any is), copied
    once."""
    if len(parts) == 1:
        return parts[0]
    if all(isinstance(part, np.ndarray) for part in parts):
        return np.vstack(parts).astype(np.float32, copy=False)
    import scipy.sparse

    return scipy.sparse.vstack(parts, format="csr", dtype=np.float32)
