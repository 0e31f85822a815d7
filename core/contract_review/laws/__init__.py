"""The law library: the law/article model, article numbers and the corpus loaders
(LawRefBook Markdown folders and STARD-style JSON lines)."""

from __future__ import annotations

from .article_numbers import ArticleNumber, format_article_no, parse_article_no
from .jsonl_loader import load_law_jsonl
from .law_models import Article, ArticleItem, Law, LawLevel, LawMetadata, LawStatus
from .lawrefbook_loader import load_law_file, load_law_folder

__all__ = [
    "Article",
    "ArticleItem",
    "ArticleNumber",
    "Law",
    "LawLevel",
    "LawMetadata",
    "LawStatus",
    "format_article_no",
    "load_law_file",
    "load_law_folder",
    "load_law_jsonl",
    "parse_article_no",
]
