"""The law library (seed 001): laws and their articles with metadata, the loaders
(LawRefBook Markdown folders, STARD-style JSON lines), the law index, and the four law
tools — HybridSearch, GetProvisionContext, GetLaw and MetaSchema (see ``docs/laws.md``).

Names are imported on first use, so importing this package (as listing the skills
does) stays cheap.

Modules, one job each, in the order a newcomer reads them:

The model:

* :mod:`.law_models` — :class:`Law`, :class:`Article` (条) with paragraphs and items;
* :mod:`.article_numbers` — article numbers as laws write them (第十条, 第一百三十三条之一);
* :mod:`.article_text` — an article built from its number and body lines;
* :mod:`.law_headings` — an article's chapter and section, named as users name them;
* :mod:`.law_versions` — version ids (``title@YYYY-MM-DD``) and repeated articles;

Loading:

* :mod:`.law_sources` — laws from what a user points at (a folder, a file, JSON lines);
* :mod:`.lawrefbook_loader` — LawRefBook Markdown files;
* :mod:`.jsonl_loader` — a STARD-style JSON-lines corpus;
* :mod:`.metadata_inference` — level, authority and dates read from title and header;
* :mod:`.metadata_overrides` — the ``laws.meta.json`` sidecar correcting them;

The library and its index:

* :mod:`.law_library` — the loaded laws, and a law or article found as users name it;
* :mod:`.law_index` — the library indexed for search, saved and reopened;
* :mod:`.law_priors` — a law's authority and an article's citations, ranking priors;
* :mod:`.law_names` — the names a law goes by in questions (short title, 民间借贷司法解释);
* :mod:`.defined_terms` — the terms an article defines, kept for search;
* :mod:`.law_corpus` — a JSON-lines law corpus ranked by ``index build`` as the law index;

Tool 1, HybridSearch:

* :mod:`.law_search` — the articles that answer a query;
* :mod:`.law_filters` — its ``meta_filter``: which laws a search may return;

Tool 2, GetProvisionContext:

* :mod:`.provision_context` — an article with what a lawyer reads with it;
* :mod:`.provision_context_models` — the tool's input and output models;
* :mod:`.provision_index` — per-law look-ups: definitions, exceptions, citations;
* :mod:`.provision_relations` — definition and exception sentences in an article;
* :mod:`.provision_citations` — the provisions an article cites (本法第X条, 前条...);

Tool 3, GetLaw:

* :mod:`.law_reading` — one law's metadata and text, whole or in part;
* :mod:`.law_reading_models` — the tool's input and output models;
* :mod:`.law_ranges` — choosing the chapter, section, span or list of articles;

Tool 4, MetaSchema:

* :mod:`.meta_schema` — the fields ``meta_filter`` accepts and the values present;

The tools as skills:

* :mod:`.law_tools` — the four tools' skill inputs and handlers, on the law index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .article_numbers import ArticleNumber, format_article_no, parse_article_no
    from .jsonl_loader import load_law_jsonl
    from .law_index import LawIndex, build_law_index
    from .law_library import LawLibrary, LawNotFoundError
    from .law_models import Article, ArticleItem, Law, LawLevel, LawMetadata, LawStatus
    from .law_sources import load_laws
    from .lawrefbook_loader import load_law_file, load_law_folder

_EXPORTS: dict[str, str] = {
    "ArticleNumber": "article_numbers",
    "format_article_no": "article_numbers",
    "parse_article_no": "article_numbers",
    "load_law_jsonl": "jsonl_loader",
    "LawIndex": "law_index",
    "build_law_index": "law_index",
    "LawLibrary": "law_library",
    "LawNotFoundError": "law_library",
    "Article": "law_models",
    "ArticleItem": "law_models",
    "Law": "law_models",
    "LawLevel": "law_models",
    "LawMetadata": "law_models",
    "LawStatus": "law_models",
    "load_laws": "law_sources",
    "load_law_file": "lawrefbook_loader",
    "load_law_folder": "lawrefbook_loader",
}

__all__ = [
    "Article",
    "ArticleItem",
    "ArticleNumber",
    "Law",
    "LawIndex",
    "LawLevel",
    "LawLibrary",
    "LawMetadata",
    "LawNotFoundError",
    "LawStatus",
    "build_law_index",
    "format_article_no",
    "load_law_file",
    "load_law_folder",
    "load_law_jsonl",
    "load_laws",
    "parse_article_no",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
