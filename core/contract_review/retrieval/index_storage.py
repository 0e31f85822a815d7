"""Saving a :class:`~contract_review.retrieval.hybrid_index.HybridIndex` to a directory
and opening it again without re-embedding.

Layout::

    DIR/index.json        manifest: format, version, count, config, embedder
    DIR/documents.jsonl   one {"id", "fields", "metadata"} per line
    DIR/vectors.npy       dense float32 rows   (or vectors.npz: sparse rows)
    DIR/embedder/         a fitted embedder's state (char-ngram)
    DIR/group_*.npy       each document's group and each group's mean vector (group_by)
    DIR/ann.faiss         the approximate vector index (IndexConfig.ann)
    DIR/bm25/             terms and the bm25s score matrix
    DIR/bm25_subwords/    the same for the words inside long words

A save writes a new directory beside the target and swaps it in, so an interrupted
save leaves the previous index intact.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import ValidationError

from ..errors import ContractReviewError, SearchIndexError
from .ann_index import ANN_FILE
from .bm25 import BM25Index
from .embedder_types import Embedder, StatefulEmbedder
from .index_config import INDEX_FORMAT, INDEX_VERSION, IndexManifest

if TYPE_CHECKING:
    from ..config import Settings
    from .hybrid_index import HybridIndex

logger = logging.getLogger(__name__)

MANIFEST = "index.json"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def save_index(index: HybridIndex, directory: Path) -> Path:
    """Write ``index`` to ``directory`` (replacing what is there) and return it."""
    from ..directory_swap import replace_directory

    created = _created(Path(directory))
    return replace_directory(
        directory,
        lambda staging: _write(index, staging, created=created),
        marker=MANIFEST,
        what="search index",
    )


def _created(directory: Path) -> str:
    try:
        return str(json.loads((directory / MANIFEST).read_text("utf-8"))["created"])
    except (OSError, ValueError, KeyError, TypeError):
        return _now()


def _write(index: HybridIndex, directory: Path, *, created: str) -> None:
    with (directory / "documents.jsonl").open("w", encoding="utf-8") as out:
        for doc_id, fields, metadata in zip(index.ids, index.fields, index.metadata, strict=True):
            out.write(
                json.dumps(
                    {"id": doc_id, "fields": fields, "metadata": metadata}, ensure_ascii=False
                )
            )
            out.write("\n")
    vectors = index.vectors
    if vectors is not None:
        if isinstance(vectors, np.ndarray):
            np.save(
                directory / "vectors.npy", np.asarray(vectors, dtype=np.float32), allow_pickle=False
            )
        else:
            import scipy.sparse

            scipy.sparse.save_npz(directory / "vectors.npz", vectors.tocsr())
    if isinstance(index.embedder, StatefulEmbedder) and index.embedder.fitted:
        (directory / "embedder").mkdir()
        index.embedder.save_state(directory / "embedder")
    groups = index._group_centroids()
    if groups is not None:
        np.save(directory / "group_membership.npy", groups[0], allow_pickle=False)
        np.save(directory / "group_centroids.npy", groups[1], allow_pickle=False)
    ann = index.ann_index()
    if ann is not None:
        ann.save(directory / ANN_FILE)
    index.bm25.save(directory / "bm25")
    if index.subword_bm25 is not None:
        index.subword_bm25.save(directory / "bm25_subwords")
    manifest = IndexManifest(
        count=len(index),
        config=index.config,
        embedder=index.vector_info if vectors is not None else None,
        created=created,
        updated=_now(),
    )
    (directory / MANIFEST).write_text(manifest.model_dump_json(indent=2), "utf-8")


def read_manifest(directory: Path) -> IndexManifest:
    """The manifest of the index in ``directory``.

    :raises SearchIndexError: when ``directory`` holds no index, or one this version
        cannot read.
    """
    path = Path(directory) / MANIFEST
    if not Path(directory).is_dir():
        raise SearchIndexError(
            f"index directory {directory} does not exist; build one with "
            "'contract-review index build CORPUS --out DIR'"
        )
    if not path.is_file():
        raise SearchIndexError(
            f"{directory} is not a search index (it has no {MANIFEST}); build one with "
            "'contract-review index build CORPUS --out DIR'"
        )
    try:
        raw = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise SearchIndexError(f"{path} cannot be read: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != INDEX_FORMAT:
        raise SearchIndexError(f"{path} is not a contract-review search index manifest")
    if not isinstance(raw.get("version"), int) or raw["version"] > INDEX_VERSION:
        raise SearchIndexError(
            f"{directory} was written by a newer contract-review (index version "
            f"{raw.get('version')}); upgrade contract-review or rebuild the index"
        )
    try:
        return IndexManifest.model_validate(raw)
    except ValidationError as exc:
        raise SearchIndexError(f"{path} is damaged: {exc.errors()[0]['msg']}") from None


def load_index(
    directory: Path,
    *,
    embedder: Embedder | None = None,
    settings: Settings | None = None,
    offline: bool | None = None,
) -> HybridIndex:
    """Open a saved index. Stored vectors are read, never recomputed; the embedder is
    rebuilt (from the manifest) only to embed queries.

    :param embedder: The embedder for queries; None builds the one the index records.
        When it cannot be built (a remote embedder offline, a missing extra) the index
        opens for BM25 search only, with a warning.
    :raises SearchIndexError: when ``directory`` holds no readable index.
    """
    from .hybrid_index import HybridIndex

    directory = Path(directory)
    manifest = read_manifest(directory)
    if embedder is None and manifest.embedder is not None:
        embedder = _query_embedder(manifest, settings, offline)
    index = HybridIndex(embedder, manifest.config)
    index.vector_info = manifest.embedder
    try:
        ids, fields, metadata = _read_documents(directory / "documents.jsonl")
        index._restore(ids=ids, fields=fields, metadata=metadata)
        index.bm25 = BM25Index.load(directory / "bm25")
        if manifest.config.subword_bm25:
            index.subword_bm25 = BM25Index.load(directory / "bm25_subwords")
        if manifest.embedder is not None:
            index.vectors = _read_vectors(directory)
        if (directory / "group_centroids.npy").is_file():
            index._groups = (
                np.load(directory / "group_membership.npy", allow_pickle=False),
                np.load(directory / "group_centroids.npy", allow_pickle=False),
            )
        if manifest.config.ann is not None and (directory / ANN_FILE).is_file():
            index.ann_file = directory / ANN_FILE
        if isinstance(index.embedder, StatefulEmbedder) and (directory / "embedder").is_dir():
            index.embedder.load_state(directory / "embedder")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SearchIndexError(
            f"the index in {directory} is damaged or incomplete: {exc}"
        ) from None
    if len(index) != manifest.count or index.bm25.size != manifest.count:
        raise SearchIndexError(
            f"the index in {directory} is damaged: its manifest lists {manifest.count} "
            f"documents but {len(index)} are stored; rebuild it"
        )
    if index.vectors is not None and index.vectors.shape[0] != manifest.count:
        raise SearchIndexError(f"the index in {directory} is damaged: vectors do not match")
    return index


def _read_documents(
    path: Path,
) -> tuple[list[str], list[dict[str, str]], list[dict[str, Any]]]:
    """The ids, fields and metadata of the documents in ``documents.jsonl``.

    :raises ValueError: for a line that is not one JSON value (as :func:`json.loads`).
    """
    ids: list[str] = []
    fields: list[dict[str, str]] = []
    metadata: list[dict[str, Any]] = []
    # json.loads without its per-call overhead: JSON whitespace stripped, one value.
    decode = json.JSONDecoder().raw_decode
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            text = line.strip(" \t\n\r")
            document, end = decode(text)
            if end != len(text):
                raise ValueError(f"extra data after the document at {path}: {text[end:][:40]!r}")
            ids.append(str(document["id"]))
            fields.append(document["fields"])
            metadata.append(document.get("metadata") or {})
    return ids, fields, metadata


def _read_vectors(directory: Path) -> object:
    if (directory / "vectors.npy").is_file():
        return np.load(directory / "vectors.npy", allow_pickle=False)
    import scipy.sparse

    return scipy.sparse.load_npz(directory / "vectors.npz").tocsr()


def _query_embedder(
    manifest: IndexManifest, settings: Settings | None, offline: bool | None
) -> Embedder | None:
    from ..config import load_settings
    from .embedder_choice import choose_embedder

    assert manifest.embedder is not None
    recorded = manifest.embedder
    settings = settings if settings is not None else load_settings()
    offline = offline if offline is not None else settings.offline
    if recorded.remote and offline:
        logger.warning(
            "the index's vectors come from %s (%s), which is remote; offline, it is "
            "searched with BM25 only",
            recorded.provider,
            recorded.model,
        )
        return None
    try:
        embedder = choose_embedder(
            recorded.name, model=recorded.model, settings=settings, offline=False
        )
    except ContractReviewError as exc:
        logger.warning(
            "cannot build the embedder %r the index was made with (%s); searching with BM25 only",
            recorded.name,
            exc,
        )
        return None
    if recorded.endpoint is not None and embedder.info.endpoint != recorded.endpoint:
        logger.warning(
            "the index's vectors come from %s/%s at %s but the embedder now points at %s; "
            "searching with BM25 only (rebuild the index to search it by meaning)",
            recorded.name,
            recorded.model,
            recorded.endpoint,
            embedder.info.endpoint,
        )
        return None
    if embedder.info.name != recorded.name or embedder.info.model != recorded.model:
        logger.warning(
            "the index's vectors come from %s/%s but %s/%s was built; searching with BM25 only",
            recorded.name,
            recorded.model,
            embedder.info.name,
            embedder.info.model,
        )
        return None
    return embedder
