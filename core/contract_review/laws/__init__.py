"""The law library (seed 001): the law/article model, the loaders (LawRefBook Markdown
folders, STARD-style JSON lines), the law index, and the four law tools — HybridSearch
(:mod:`.law_search`), GetProvisionContext (:mod:`.provision_context`), GetLaw
(:mod:`.law_reading`) and MetaSchema (:mod:`.meta_schema`).

Names are imported on first use, so importing this package (as listing the skills
does) stays cheap.
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
