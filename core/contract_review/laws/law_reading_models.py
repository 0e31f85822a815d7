"""The input and output models of GetLaw (seed 001, tool 3); see :mod:`.law_reading`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ArticleSpan",
    "ArticleText",
    "ChapterText",
    "GetLawInput",
    "GetLawOutput",
    "LawField",
    "LawMeta",
    "LawRange",
    "RangeType",
    "RangeValue",
    "TextFormat",
]

#: How the articles to read are chosen (see the module docs).
RangeType = Literal["all", "chapter", "section", "articles", "article_ids"]
#: What to return: the law's metadata, its text, or both.
LawField = Literal["meta", "text"]
#: The text as chapters of articles (``structured``) or as one string (``plain``).
TextFormat = Literal["structured", "plain"]


class ArticleSpan(BaseModel):
    """A run of articles, both ends included."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: str | None = Field(
        default=None,
        description="First article, e.g. 第十条 (or 第10条, or an article id); "
        "unset: the law's first article.",
    )
    end: str | None = Field(
        default=None,
        description="Last article, e.g. 第二十条; unset: the law's last article.",
    )


#: A range value: a name or number (chapter, section, span text, one id), a list (path
#: parts of a chapter or section, a span's two ends, article ids) or a span object.
RangeValue = str | list[str] | ArticleSpan | None


class LawRange(BaseModel):
    """Which part of the law to read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: RangeType = Field(
        default="all",
        description=(
            "all: the whole law; chapter: one chapter (章); section: one section (节); "
            "articles: a span of articles; article_ids: the listed articles."
        ),
    )
    value: RangeValue = Field(
        default=None,
        description=(
            "chapter: '第四章', '第四章 劳动合同的解除和终止' or its title; where chapter "
            "numbers repeat per part (民法典) qualify it: '合同编/第一章' or "
            "['合同编', '第一章']. section: '第二节' or '第五章/第二节' or its title. "
            "articles: {'start': '第十条', 'end': '第二十条'} or '第十条-第二十条' "
            "(either end may be omitted in the object form). article_ids: a list of "
            "article ids or numbers. all: leave unset."
        ),
    )


class GetLawInput(BaseModel):
    """The GetLaw request (seed 001)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    law_id: str = Field(
        min_length=1,
        description="The law: its law_id, full title (中华人民共和国劳动合同法) or short "
        "title (劳动合同法).",
    )
    article_ids: list[str] | None = Field(
        default=None,
        description="Only these articles: ids (law_id#第X条) or numbers (第十条). "
        "Used with range type 'all' or 'article_ids'.",
    )
    fields: list[LawField] = Field(
        default_factory=lambda: list[LawField](["meta", "text"]),
        description="What to return: 'meta' (issuing authority, level, dates, tags) and/or 'text'.",
    )
    range: LawRange = Field(
        default_factory=LawRange, description="Which part of the law's text to return."
    )
    format: TextFormat = Field(
        default="structured",
        description="structured: chapters with their articles; plain: one text.",
    )


class LawMeta(BaseModel):
    """A law's metadata as GetLaw returns it (dates as ``YYYY-MM-DD``)."""

    model_config = ConfigDict(frozen=True)

    issuing_authority: str | None = Field(description="发布机关 (issuing authority).")
    law_level: str = Field(description="法律层级 (level): 法律, 行政法规, 司法解释 …")
    effective_date: str | None = Field(description="施行日期 (effective date), YYYY-MM-DD.")
    revised_date: str | None = Field(
        description="最近修正/修订日期 (latest amendment), YYYY-MM-DD; null if never amended."
    )
    tags: list[str] = Field(description="主题标签 / 业务领域 (subject tags).")


class ArticleText(BaseModel):
    """One article in the structured text."""

    model_config = ConfigDict(frozen=True)

    article_id: str = Field(description="law_id#第X条, for GetProvisionContext.")
    article_no: str = Field(description="第X条.")
    section: str | None = Field(default=None, description="The section (节) heading, if any.")
    text: str = Field(description="The article's text, one paragraph or item per line.")


class ChapterText(BaseModel):
    """Consecutive articles of one chapter."""

    model_config = ConfigDict(frozen=True)

    chapter: str = Field(description="The chapter heading, e.g. 第一章 总则; '' if none.")
    path: list[str] = Field(
        description="Every heading down to the chapter, outermost first "
        "(e.g. 合同编, 第一分编 通则, 第一章 一般规定)."
    )
    articles: list[ArticleText]


class GetLawOutput(BaseModel):
    """The GetLaw answer (seed 001); ``meta``/``text`` are null when not asked for."""

    model_config = ConfigDict(frozen=True)

    law_id: str
    law_title: str
    status: str = Field(description="效力状态: 现行有效, 已废止 or 已修订.")
    meta: LawMeta | None = None
    text: list[ChapterText] | str | None = None
