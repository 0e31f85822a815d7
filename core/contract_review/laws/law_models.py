"""The law library's data model: a :class:`Law` (title, metadata, ordered articles) and
its :class:`Article` s (条), with their paragraphs (款) and items (项).

Every model is frozen: laws are loaded once and shared read-only by the law tools.
"""

from __future__ import annotations

import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .article_numbers import ArticleNumber

__all__ = ["Article", "ArticleItem", "Law", "LawLevel", "LawMetadata", "LawStatus"]

#: The level of a legal source, from the highest to the catch-all.
LawLevel = Literal["法律", "行政法规", "司法解释", "部门规章", "地方性法规", "其他"]

#: Whether a law is in force.
LawStatus = Literal["现行有效", "已废止", "已修订"]


class LawMetadata(BaseModel):
    """What is known about a law besides its text (the GetLaw ``meta`` block)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: The body that adopted the law (全国人民代表大会常务委员会, 最高人民法院 …), if known.
    issuing_authority: str | None = None
    law_level: LawLevel = "其他"
    status: LawStatus = "现行有效"
    #: The date the current text took effect (施行日期).
    effective_date: datetime.date | None = None
    #: The date of the latest amendment or revision (修正/修订), None if never amended.
    revised_date: datetime.date | None = None
    #: Subject tags (主题标签 / 业务领域).
    tags: list[str] = Field(default_factory=list)


class ArticleItem(BaseModel):
    """One item (项) of an article: a line like ``（一）订立合同的当事人…``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Index (0-based) in :attr:`Article.paragraphs` of the paragraph (款) it belongs to.
    paragraph: int
    #: The item's label as written, e.g. ``（一）``.
    label: str
    #: The item's whole line, label included.
    text: str


class Article(BaseModel):
    """One article (条) of a law.

    Items (项) are kept flat in :attr:`items`, each with the index of the paragraph (款)
    that introduces it; :attr:`paragraphs` holds the paragraph lines only (not the
    item lines), so ``paragraphs[i]`` is 第 i+1 款. :attr:`text` is the whole article
    body (paragraphs and items, one per line, in order, without the article number).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: ``law_id#第X条``, unique across the library.
    article_id: str
    #: The number as the law writes it in standard form: ``第十条``, ``第一百三十三条之一``.
    article_no: str
    #: Sortable key: 第一百三十三条之一 → (133, 1), after (133, 0) and before (134, 0).
    number: ArticleNumber
    #: The headings above the article, outermost first (编, 分编, 章, 节).
    path: list[str] = Field(default_factory=list)
    text: str
    paragraphs: list[str] = Field(default_factory=list)
    items: list[ArticleItem] = Field(default_factory=list)


class Law(BaseModel):
    """One law (or judicial interpretation, regulation …) with its articles in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: The full title; ``title@YYYY-MM-DD`` when several versions of it are loaded.
    law_id: str
    title: str
    metadata: LawMetadata = Field(default_factory=LawMetadata)
    #: The date of the text version loaded (file-name date, STARD ``version_date``, or
    #: the latest revision), used to tell versions apart.
    version_date: datetime.date | None = None
    articles: list[Article] = Field(default_factory=list)
