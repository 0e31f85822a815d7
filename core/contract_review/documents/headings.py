"""Recognising a heading at the start of a line, and splitting its title from its body.

:func:`recognise_heading` is purely syntactic: it says what a line *would* be if it
were a heading. Whether a candidate really starts a section (numbering that
progresses, dotted numbers that extend an open parent) is decided by
:mod:`contract_review.documents.heading_plausibility`.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from .chinese_numerals import CHINESE_NUMERAL_CHARS
from .definitions import has_definition
from .model import SectionKind
from .numbering import parse_dotted, parse_number_token

__all__ = [
    "SENTENCE_END",
    "TITLE_MAX_EN",
    "TITLE_MAX_ZH",
    "HeadingMatch",
    "HeadingStyle",
    "has_cjk",
    "recognise_heading",
    "split_title",
    "title_line",
]

#: A rest-of-line longer than this (English) is body text, not a title.
TITLE_MAX_EN = 80
#: The same limit when the rest of the line contains Chinese characters.
TITLE_MAX_ZH = 25
#: A rest-of-line ending in one of these is a sentence (body text), not a title.
SENTENCE_END = ".。；;：:"


class HeadingStyle(StrEnum):
    """How a heading is numbered; the plausibility rules differ by style."""

    DOTTED = "dotted"  # 1 / 1. / 1.1 / 1.1.1 followed by text
    KEYWORD = "keyword"  # Clause 20, Sub-Clause 20.1, Article 5, ARTICLE V, Section 3.2, Part 1
    SCHEDULE = "schedule"  # Schedule 1, Appendix A, Annex 2, 附件一
    ZH_STRUCTURE = "zh_structure"  # 第X编, 第X分编, 第X章, 第X节
    ZH_ARTICLE = "zh_article"  # 第X条, 第X条之Y
    ZH_ENUMERATION = "zh_enumeration"  # 一、定义


class HeadingMatch(BaseModel):
    """A line that is syntactically a heading.

    Offsets are indexes into the line that was recognised.
    """

    model_config = ConfigDict(frozen=True)

    #: The number as written without a leading word: "20.1", "5", "第十四条", "一", "Schedule 1".
    id: str
    kind: SectionKind
    style: HeadingStyle
    number: tuple[int, ...]
    #: Nesting rank among body headings: smaller is higher (编 10 < 章 30 < 条 50).
    rank: int
    #: The leading word as written ("Sub-Clause", "ARTICLE"), "" for bare numbers.
    keyword: str = ""
    #: True for "1." (a bare number followed by a dot).
    trailing_dot: bool = False
    title: str = ""
    #: Where the text after the number (title or body) starts; == len(line) when nothing follows.
    rest_start: int
    #: Where body text on the heading line starts; == len(line) when the body starts on the next line.
    body_start: int


_WS = " \t\u3000"
_ZH_NUM = rf"[0-9{CHINESE_NUMERAL_CHARS}]+"
_ZH_ARTICLE_RE = re.compile(
    rf"^[{_WS}]*(第({_ZH_NUM})条(?:之([{CHINESE_NUMERAL_CHARS}]+))?)(?=[{_WS}]|$)"
)
_ZH_STRUCTURE_RE = re.compile(rf"^[{_WS}]*(第({_ZH_NUM})(分编|编|章|节))(?=[{_WS}]|$)")
_ZH_ENUM_RE = re.compile(rf"^[{_WS}]*(([一二三四五六七八九十]+)、)")
_SCHEDULE_RE = re.compile(
    r"^[ \t]*((schedule|appendix|annex|annexure|exhibit|attachment)\s+(\d{1,3}|[A-Z]|[IVXL]+))"
    r"(?=[\s.:\-–—]|$)",
    re.IGNORECASE,
)
_ZH_SCHEDULE_RE = re.compile(
    rf"^[{_WS}]*((附件|附录|附表)([0-9]+|[一二三四五六七八九十]+))(?=[{_WS}：:]|$)"
)
_KEYWORD_RE = re.compile(
    r"^[ \t]*((sub-?clause|clause|article|section|part|chapter)\s+(\d{1,3}(?:\.\d{1,3}){0,5}|[IVXL]+)\.?)"
    r"(?=[\s:\-–—]|$)",
    re.IGNORECASE,
)
# "第4.1款" / "第20.1款": a sub-clause as Chinese translations of FIDIC forms write it.
# Only dotted Arabic numbers: "第一款" in a law is a paragraph reference, not a heading.
_ZH_SUB_CLAUSE_RE = re.compile(rf"^[{_WS}]*(第(\d{{1,3}}(?:\.\d{{1,3}}){{1,5}})款)(?=[{_WS}]|$)")
_DOTTED_RE = re.compile(r"^[ \t]*((\d{1,3}(?:\.\d{1,3}){0,5})(\.?))(?=[ \t])")
_SEPARATORS_RE = re.compile(rf"[{_WS}]*(?:[.:\-–—][{_WS}]*)?")

_ZH_STRUCTURE_KINDS = {
    "编": (SectionKind.PART, 10),
    "分编": (SectionKind.PART, 20),
    "章": (SectionKind.CHAPTER, 30),
    "节": (SectionKind.SUBCHAPTER, 40),
}
_KEYWORD_KINDS = {
    "part": (SectionKind.PART, 10),
    "chapter": (SectionKind.CHAPTER, 30),
    "article": (SectionKind.ARTICLE, 50),
}
#: Rank of Chinese 条 and of top-level English clauses; dotted depth adds to it.
ARTICLE_RANK = 50
SCHEDULE_RANK = 5
ZH_ENUMERATION_RANK = 45


def recognise_heading(line: str) -> HeadingMatch | None:
    """What heading ``line`` starts with, if any (see :class:`HeadingStyle` for the forms).

    Leading spaces (ASCII or full-width) are allowed. Bare numbers need text after them
    ("1 General", not a lone "12", which is usually a page number).
    """
    for recogniser in (
        _zh_article,
        _zh_structure,
        _zh_enumeration,
        _schedule,
        _keyword,
        _zh_sub_clause,
        _dotted,
    ):
        match = recogniser(line)
        if match is not None:
            return match
    return None


def _with_rest(line: str, head_end: int, **fields: object) -> HeadingMatch:
    sep = _SEPARATORS_RE.match(line, head_end)
    rest_start = sep.end() if sep else head_end
    rest = line[rest_start:].rstrip()
    title, body_offset = split_title(rest)
    body_start = len(line) if body_offset >= len(rest) else rest_start + body_offset
    return HeadingMatch(
        title=title,
        rest_start=rest_start if rest else len(line),
        body_start=body_start,
        **fields,
    )


def _number_of(*tokens: str | None) -> tuple[int, ...] | None:
    """The numeric value of number tokens ("一百三十三", "之" part "一"), skipping absent
    ones; None when a token is not a number."""
    try:
        return tuple(parse_number_token(token) for token in tokens if token)
    except ValueError:
        return None


def _zh_article(line: str) -> HeadingMatch | None:
    m = _ZH_ARTICLE_RE.match(line)
    if not m:
        return None
    number = _number_of(m.group(2), m.group(3))
    if number is None:
        return None
    return _with_rest(
        line,
        m.end(1),
        id=m.group(1),
        kind=SectionKind.ARTICLE,
        style=HeadingStyle.ZH_ARTICLE,
        number=number,
        rank=ARTICLE_RANK,
    )


def _zh_structure(line: str) -> HeadingMatch | None:
    m = _ZH_STRUCTURE_RE.match(line)
    if not m:
        return None
    number = _number_of(m.group(2))
    if number is None:
        return None
    kind, rank = _ZH_STRUCTURE_KINDS[m.group(3)]
    return _with_rest(
        line,
        m.end(1),
        id=m.group(1),
        kind=kind,
        style=HeadingStyle.ZH_STRUCTURE,
        number=number,
        rank=rank,
    )


def _zh_enumeration(line: str) -> HeadingMatch | None:
    m = _ZH_ENUM_RE.match(line)
    if not m:
        return None
    number = _number_of(m.group(2))
    if number is None:
        return None
    return _with_rest(
        line,
        m.end(1),
        id=m.group(2),
        kind=SectionKind.CLAUSE,
        style=HeadingStyle.ZH_ENUMERATION,
        number=number,
        rank=ZH_ENUMERATION_RANK,
    )


def _schedule(line: str) -> HeadingMatch | None:
    m = _SCHEDULE_RE.match(line) or _ZH_SCHEDULE_RE.match(line)
    if not m:
        return None
    token = m.group(3)
    if len(token) == 1 and token.isascii() and token.isalpha() and token.upper() not in "IVXL":
        value = ord(token.upper()) - ord("A") + 1
    else:
        try:
            value = parse_number_token(token)
        except ValueError:
            return None
    return _with_rest(
        line,
        m.end(1),
        id=" ".join(m.group(1).split()),
        kind=SectionKind.HEADING,
        style=HeadingStyle.SCHEDULE,
        number=(value,),
        rank=SCHEDULE_RANK,
        keyword=m.group(2),
    )


def _keyword(line: str) -> HeadingMatch | None:
    m = _KEYWORD_RE.match(line)
    if not m:
        return None
    word = m.group(2)
    token = m.group(3)
    try:
        number = parse_dotted(token) if token[0].isdigit() else (parse_number_token(token),)
    except ValueError:
        return None
    kind, rank = _KEYWORD_KINDS.get(word.lower(), (SectionKind.CLAUSE, ARTICLE_RANK))
    if kind is SectionKind.CLAUSE or kind is SectionKind.ARTICLE:
        rank = ARTICLE_RANK + len(number) - 1
    return _with_rest(
        line,
        m.end(1),
        id=token,
        kind=kind,
        style=HeadingStyle.KEYWORD,
        number=number,
        rank=rank,
        keyword=word,
    )


def _zh_sub_clause(line: str) -> HeadingMatch | None:
    m = _ZH_SUB_CLAUSE_RE.match(line)
    if not m:
        return None
    return _numbered_clause(line, m.end(1), m.group(2), HeadingStyle.KEYWORD, keyword="第款")


def _dotted(line: str) -> HeadingMatch | None:
    m = _DOTTED_RE.match(line)
    if not m or not line[m.end(1) :].strip():
        return None
    return _numbered_clause(
        line, m.end(1), m.group(2), HeadingStyle.DOTTED, trailing_dot=bool(m.group(3))
    )


def _numbered_clause(
    line: str, head_end: int, token: str, style: HeadingStyle, **fields: object
) -> HeadingMatch:
    """A clause numbered ``token`` ("4.12"), ranked by its depth."""
    number = parse_dotted(token)
    return _with_rest(
        line,
        head_end,
        id=token,
        kind=SectionKind.CLAUSE,
        style=style,
        number=number,
        rank=ARTICLE_RANK + len(number) - 1,
        **fields,
    )


def title_line(line: str) -> bool:
    """Whether ``line`` reads as a title (of a document, or of the paragraph after it):
    not a numbered heading, short (80 characters, 40 with Chinese) and not a sentence."""
    text = line.strip()
    if not text or recognise_heading(line) is not None:
        return False
    limit = 2 * TITLE_MAX_ZH - 10 if has_cjk(text) else TITLE_MAX_EN
    return len(text) <= limit and text[-1] not in SENTENCE_END + ",，"


def has_cjk(text: str) -> bool:
    """True when ``text`` contains a CJK ideograph."""
    return any("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" for ch in text)


_SMALL_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or"}
    | {"the", "to", "with", "under", "upon"}
)
_INLINE_TITLE_RE = re.compile(r"^([^.:;]{1,60}?)\.\s+(\S)")


def split_title(rest: str) -> tuple[str, int]:
    """Split the text after a heading's number into ``(title, body_offset)``.

    ``body_offset`` is where body text starts in ``rest`` (``len(rest)`` when the body
    starts on the next line). The rules:

    - empty → no title, no body;
    - ``[Title]`` → the bracketed title, body after it;
    - a rest that defines a term (``"Contract" means ...``), or starts with a bracket
      note such as ``（删去）``, is body;
    - ``Title. Body...`` where the first sentence is a short Title Case phrase → both;
    - short (≤ ``TITLE_MAX_EN`` characters, ``TITLE_MAX_ZH`` with Chinese) and not
      ending in sentence punctuation (``SENTENCE_END``) → all title; a short Title Case
      phrase ending in a full stop ("Payment.") → the title without the stop;
    - otherwise all body, no title (Chinese law articles have no titles).
    """
    if not rest:
        return "", 0
    if rest.startswith("["):
        close = rest.find("]")
        if 1 < close <= TITLE_MAX_EN:
            after = rest[close + 1 :]
            offset = close + 1 + (len(after) - len(after.lstrip()))
            return rest[1:close].strip(), offset if after.strip() else len(rest)
    if rest[0] in "(（" or has_definition(rest):
        return "", 0
    inline = _INLINE_TITLE_RE.match(rest)
    if inline and _is_title_case(inline.group(1)):
        return inline.group(1).strip(), inline.start(2)
    limit = TITLE_MAX_ZH if has_cjk(rest) else TITLE_MAX_EN
    if len(rest) <= limit:
        if rest[-1] not in SENTENCE_END:
            return rest, len(rest)
        if rest[-1] == "." and _is_title_case(rest[:-1]):
            return rest[:-1].strip(), len(rest)
    return "", 0


def _is_title_case(phrase: str) -> bool:
    words = phrase.split()
    if not words or len(words) > 8 or has_cjk(phrase):
        return False
    for index, word in enumerate(words):
        core = word.strip("\"'“”‘’(),-")
        if not core or not core[0].isalpha():
            continue
        if index and core.lower() in _SMALL_WORDS:
            continue
        if not core[0].isupper():
            return False
    return True
