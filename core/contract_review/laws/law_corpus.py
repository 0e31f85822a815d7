"""A JSON-lines corpus of law articles indexed by the generic ``index build`` the way
the law index ranks them.

A corpus is a law corpus when every line has ``law``, ``article`` and ``content`` as
text (the fields :mod:`.jsonl_loader` needs). Its rows keep their own ids and fields;
they are searched as the law index searches articles: BM25 over ``name`` (short title
+ number), ``path`` (headings) and ``content``, embeddings of ``name`` and ``content``,
the chapter as a group, and the law priors of :mod:`.law_priors` (computed on the laws
the corpus holds, so a row repeating an article gets the priors of the article kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..retrieval.corpus_loading import check_unique_ids, metadata_value
from ..retrieval.index_config import IndexConfig
from ..retrieval.mentions import MentionConfig
from ..retrieval.search_models import IndexDocument, MetadataScalar
from .defined_terms import defined_terms
from .jsonl_loader import REQUIRED_FIELDS, load_law_jsonl
from .law_index import LAW_INDEX_CONFIG
from .law_library import LawLibrary, short_title
from .law_names import law_names
from .law_priors import article_priors

__all__ = [
    "LAW_CORPUS_CONFIG",
    "describe_law_ranking",
    "is_law_corpus",
    "law_corpus_documents",
    "law_corpus_fields",
]

#: The law index's ranking with the corpus' own field names: its chapters are grouped
#: by ``law`` (and ``version_date``, as versions are separate laws) and ``path``.
LAW_CORPUS_CONFIG: IndexConfig = LAW_INDEX_CONFIG.model_copy(
    update={
        "group_by": ["law", "version_date", "path"],
        "source_by": ["law", "version_date"],
        "mentions": MentionConfig(name_fields=["law_names"], number_field="article"),
    }
)


def is_law_corpus(records: list[dict[str, Any]]) -> bool:
    """Whether every record has ``law``, ``article`` and ``content`` as text."""
    return bool(records) and all(
        all(isinstance(record.get(key), str) for key in REQUIRED_FIELDS) for record in records
    )


def describe_law_ranking(config: IndexConfig) -> str:
    """One line saying how a law corpus is ranked (printed by ``index build``)."""
    priors = ", ".join(f"{signal} ({field})" for signal, field in config.priors.items())
    sources = (
        f"each article also scored by the best BM25 and cosine of its law "
        f"({','.join(config.source_by)}) among the candidates"
        if config.source_by
        else "no law-level scores"
    )
    terms = (
        f"a question asking what a term is scores the articles defining it ({config.terms_field})"
        if config.terms_field
        else "no defined terms"
    )
    found = config.mentions
    mentions = (
        f"a law named in the query ({','.join(found.name_fields)}) and its article numbers "
        f"({found.number_field}) boost its articles"
        if found is not None
        else "no law-name detection"
    )
    return (
        "law corpus detected (every line has law, article, content): ranked as the law "
        f"index ranks articles: BM25 over {','.join(config.bm25_fields or [])}; embeddings "
        f"of {','.join(config.vector_fields or [])}; chapters grouped by "
        f"{','.join(config.group_by or [])}; priors {priors}; {sources}; {mentions}; {terms}. "
        "Name --text-fields (or another field option) to index it otherwise."
    )


def _path(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(part) for part in value if isinstance(part, str | int | float))
    return value if isinstance(value, str) else ""


def law_corpus_fields(numbered: list[tuple[int, dict[str, Any]]]) -> list[dict[str, str]]:
    """The searched fields of each row of a law corpus, in order: ``name`` (the row's
    own, or the law's short title + the article number), ``content`` and ``path``."""
    rows: list[dict[str, str]] = []
    for _, record in numbered:
        name = record.get("name")
        fields = {
            "name": name
            if isinstance(name, str) and name.strip()
            else f"{short_title(record['law'].strip())}{record['article'].strip()}",
            "content": record["content"],
        }
        headings = _path(record.get("path"))
        if headings.strip():
            fields["path"] = headings
        rows.append(fields)
    return rows


def law_corpus_documents(
    path: Path,
    numbered: list[tuple[int, dict[str, Any]]],
    fields: list[dict[str, str]] | None = None,
) -> list[IndexDocument]:
    """The rows of a law corpus (see :func:`is_law_corpus`) as search documents.

    Their fields are :func:`law_corpus_fields` (pass them when already made); every
    field but ``id``, ``name``, ``path`` and ``content`` becomes metadata, and so do
    the priors (``law_authority``, ``cited_by``).

    :raises InputError: for a row the law loader refuses (a bad article number or date),
        or a repeated or missing id.
    """
    check_unique_ids(path, numbered)
    source_ids: dict[str, str] = {}
    library = LawLibrary(load_law_jsonl(path, source_ids=source_ids))
    priors = article_priors(library)
    documents: list[IndexDocument] = []
    rows = fields if fields is not None else law_corpus_fields(numbered)
    for (_, record), row_fields in zip(numbered, rows, strict=True):
        doc_id = str(record["id"])
        metadata = {
            key: metadata_value(value)
            for key, value in record.items()
            if key not in ("id", "name", "path", "content")
        }
        names: list[MetadataScalar] = [*law_names(record["law"].strip())]
        metadata["law_names"] = names
        terms: list[MetadataScalar] = [*defined_terms(record["content"])]
        metadata["defines"] = terms
        found = priors.get(source_ids.get(doc_id, ""))
        if found is not None:
            metadata.update(found.model_dump())
        documents.append(IndexDocument(id=doc_id, fields=row_fields, metadata=metadata))
    return documents
