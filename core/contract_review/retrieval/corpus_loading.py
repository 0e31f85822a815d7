"""Reading a corpus to index: a JSON-lines file (one object per line with ``id`` and
text fields) or a folder of documents (each section a searchable unit).

Errors name the file, the line and what is wrong, so a user can fix the corpus.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ContractReviewError, InputError
from ..jsonl_records import read_json_lines
from .search_models import IndexDocument, MetadataValue

if TYPE_CHECKING:
    from ..registry import Registry

logger = logging.getLogger(__name__)

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def load_corpus(
    path: Path, *, text_fields: Sequence[str] | None = None, registry: Registry | None = None
) -> list[IndexDocument]:
    """The documents of a JSONL file or of a folder of documents.

    :param text_fields: For JSONL: the fields searched; None takes every field whose
        values are text (not dates), except ``id``. Ignored for folders.
    :raises InputError: for a missing path, an empty corpus, a malformed line, a line
        without ``id``, a repeated id, or a text field no line has.
    """
    path = Path(path)
    if not path.exists():
        raise InputError(f"corpus not found: {path}")
    if path.is_dir():
        documents = load_folder(path, registry=registry)
    else:
        documents = load_jsonl(path, text_fields=text_fields)
    if not documents:
        raise InputError(f"the corpus {path} is empty: it holds no document with text")
    return documents


def read_corpus_records(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The objects of a JSON-lines corpus with their line numbers.

    :raises InputError: for a line that is not a JSON object or has no ``id``.
    """

    def has_id(record: dict[str, Any]) -> str | None:
        if record.get("id") in (None, ""):
            return "has no 'id'; every line needs a unique id"
        return None

    return read_json_lines(path, example='{"id": "...", "content": "..."}', check=has_id)


def infer_text_fields(records: Sequence[dict[str, Any]]) -> list[str]:
    """The fields (except ``id``) whose non-null values are all strings, not all dates,
    in order of first appearance."""
    order: dict[str, None] = {}
    textual: dict[str, bool] = {}
    dates: dict[str, bool] = {}
    for record in records:
        for key, value in record.items():
            if key == "id":
                continue
            order.setdefault(key, None)
            if value is None:
                continue
            is_text = isinstance(value, str)
            textual[key] = textual.get(key, True) and is_text
            dates[key] = dates.get(key, True) and is_text and bool(_ISO_DATE.match(value))
    return [k for k in order if textual.get(k) and not dates.get(k)]


def metadata_value(value: Any) -> MetadataValue:
    """A JSON value as metadata: scalars and lists of scalars as they are, anything else
    as its JSON text."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list) and all(
        v is None or isinstance(v, str | int | float | bool) for v in value
    ):
        return list(value)
    return json.dumps(value, ensure_ascii=False)


def _text(value: Any) -> str:
    """A text field's value as text: lists of strings (headings) are joined by spaces."""
    if isinstance(value, list):
        return " ".join(str(v) for v in value if isinstance(v, str | int | float)).strip()
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return str(value).strip() and str(value)
    return ""


def load_jsonl(path: Path, *, text_fields: Sequence[str] | None = None) -> list[IndexDocument]:
    """The documents of a JSON-lines corpus (see :func:`load_corpus`)."""
    numbered = read_corpus_records(path)
    records = [record for _, record in numbered]
    if not records:
        raise InputError(f"the corpus {path} is empty: it holds no JSON line")
    fields = list(text_fields) if text_fields else infer_text_fields(records)
    if not fields:
        raise InputError(f"{path.name} has no text field to search; name them with --text-fields")
    present = {key for record in records for key in record}
    missing = [name for name in fields if name not in present]
    if records and missing:
        raise InputError(
            f"text field(s) {', '.join(missing)} appear on no line of {path.name}; "
            f"its fields are: {', '.join(sorted(present))}"
        )
    check_unique_ids(path, numbered)
    documents: list[IndexDocument] = []
    skipped = 0
    for _, record in numbered:
        doc_id = str(record["id"])
        texts = {name: text for name in fields if (text := _text(record.get(name)))}
        if not texts:
            skipped += 1
            continue
        metadata = {
            key: metadata_value(value)
            for key, value in record.items()
            if key != "id" and key not in fields
        }
        documents.append(IndexDocument(id=doc_id, fields=texts, metadata=metadata))
    if skipped:
        logger.warning("%s: %d line(s) without text in %s were skipped", path.name, skipped, fields)
    return documents


def check_unique_ids(path: Path, numbered: Sequence[tuple[int, dict[str, Any]]]) -> None:
    """:raises InputError: naming the first line that repeats an earlier line's id."""
    seen: dict[str, int] = {}
    for number, record in numbered:
        doc_id = str(record["id"])
        if doc_id in seen:
            raise InputError(
                f"{path.name} line {number} repeats the id {doc_id!r} of line {seen[doc_id]}"
            )
        seen[doc_id] = number


def load_folder(folder: Path, *, registry: Registry | None = None) -> list[IndexDocument]:
    """Every section of every document in ``folder`` (recursively), id ``file#section``.

    Files no parser reads are skipped; a file that fails to parse is skipped with a
    warning naming it.
    """
    from ..documents.loading import parse_file

    if registry is None:
        from ..registry import default_registry

        registry = default_registry()
    suffixes = set(registry.supported_suffixes())
    documents: list[IndexDocument] = []
    for file in sorted(p for p in folder.rglob("*") if p.is_file()):
        if file.suffix.lower() not in suffixes or any(
            part.startswith(".") for part in file.relative_to(folder).parts
        ):
            continue
        relative = file.relative_to(folder).as_posix()
        try:
            document = parse_file(file, registry=registry)
        except ContractReviewError as exc:
            logger.warning("skipped %s: %s", relative, exc)
            continue
        used: dict[str, int] = {}
        for section in document.sections():
            text = section.text.strip()
            if not text and not section.title.strip():
                continue
            fields = {"title": section.title, "text": text}
            used[section.id] = used.get(section.id, 0) + 1
            suffix = "" if used[section.id] == 1 else f"~{used[section.id]}"
            documents.append(
                IndexDocument(
                    id=f"{relative}#{section.id}{suffix}",
                    fields={k: v for k, v in fields.items() if v.strip()},
                    metadata={
                        "file": relative,
                        "section": section.id,
                        "kind": str(section.kind),
                        "language": document.language,
                    },
                )
            )
    return documents
