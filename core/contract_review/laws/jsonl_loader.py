"""Loading laws from a STARD-style JSON-lines corpus: one article per line with
``law`` (the title), ``article`` (第X条), ``content``, ``path`` (headings) and
``version_date`` (``YYYY-MM-DD`` or null); ``id``, ``name`` and ``source_file`` are
not needed.

Rows are grouped by ``(law, version_date)``, articles kept in file order. When a title
comes in several versions, each dated one gets ``law_id = title@YYYY-MM-DD`` (an
undated one keeps the bare title). A row repeating an article of its law (the same
law filed under two folders) is skipped; the count is logged. Metadata: the level is
inferred from the title (:func:`.metadata_inference.infer_law_level`), the version date
is the effective date.
"""

from __future__ import annotations

import datetime
import logging
from collections import defaultdict
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..jsonl_records import read_json_lines
from .article_text import build_article
from .law_models import Article, Law, LawMetadata
from .law_versions import drop_repeated_articles, version_law_id
from .metadata_inference import infer_law_level

__all__ = ["REQUIRED_FIELDS", "load_law_jsonl"]

logger = logging.getLogger(__name__)

#: The fields every line needs.
REQUIRED_FIELDS = ("law", "article", "content")


def _has_text(row: dict[str, Any]) -> str | None:
    missing = [key for key in REQUIRED_FIELDS if not isinstance(row.get(key), str)]
    if missing:
        return (
            f"has no text for {', '.join(missing)}; every line needs 'law', 'article' and 'content'"
        )
    return None


def _rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    return read_json_lines(
        path, example='{"law": "...", "article": "第一条", "content": "..."}', check=_has_text
    )


def _version(path: Path, number: int, value: Any) -> datetime.date | None:
    if value in (None, ""):
        return None
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        raise InputError(
            f"{path.name} line {number}: version_date {value!r} is not a YYYY-MM-DD date"
        ) from None


def _article(path: Path, law_id: str, number: int, row: dict[str, Any]) -> Article:
    raw_path = row.get("path") or []
    headings = [str(h) for h in raw_path] if isinstance(raw_path, list) else []
    try:
        return build_article(law_id, row["article"], row["content"].splitlines(), headings)
    except ValueError as exc:
        raise InputError(f"{path.name} line {number}: {exc}") from None


def load_law_jsonl(path: Path, *, source_ids: dict[str, str] | None = None) -> list[Law]:
    """The laws of a STARD-style JSON-lines corpus, in order of first appearance.

    ``source_ids``, when given, is filled with each line's own ``id`` → the article id
    it became (a line repeating an article maps to the article kept), so relevance
    judgements written against the corpus ids can be read against the library.

    :raises InputError: when the file is missing or unreadable, a line is not a JSON
        object, lacks ``law``/``article``/``content``, has a bad ``article`` number or
        ``version_date``, or the file holds no line.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"law corpus not found: {path}")
    grouped: dict[tuple[str, datetime.date | None], list[tuple[int, dict[str, Any]]]] = defaultdict(
        list
    )
    for number, row in _rows(path):
        key = (row["law"].strip(), _version(path, number, row.get("version_date")))
        grouped[key].append((number, row))
    if not grouped:
        raise InputError(f"the law corpus {path} is empty: it holds no JSON line")
    versions: dict[str, int] = defaultdict(int)
    for title, _ in grouped:
        versions[title] += 1
    laws: list[Law] = []
    skipped = 0
    for (title, version), rows in grouped.items():
        law_id = version_law_id(title, version if versions[title] > 1 else None)
        built = [(row, _article(path, law_id, number, row)) for number, row in rows]
        if source_ids is not None:
            for row, article in built:
                if row.get("id") is not None:
                    source_ids[str(row["id"])] = article.article_id
        articles, repeated = drop_repeated_articles(article for _, article in built)
        skipped += len(repeated)
        metadata = LawMetadata(law_level=infer_law_level(title), effective_date=version)
        laws.append(
            Law(
                law_id=law_id,
                title=title,
                metadata=metadata,
                version_date=version,
                articles=articles,
            )
        )
    if skipped:
        logger.info(
            "%s: %d line(s) repeating an article of their law were skipped", path.name, skipped
        )
    return laws
