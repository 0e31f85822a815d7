"""Finding, in the text of one article, the sentences that tie it to other provisions:
the terms it defines (本法所称X，是指…, X是指…, X是…的Y, （以下简称“X”）) and its
exception sentences (但是…, 但…除外, 除…外, 另有规定, 不适用).

The provisions an article cites are found by :mod:`.provision_citations`; both only
read text, and :mod:`.provision_index` builds the per-law lookups from them. Offsets are
into the article's ``text``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from ..text.sentences import sentence_spans
from .article_numbers import ARTICLE_NO_PATTERN, NUMERAL_PATTERN

__all__ = [
    "COUNTING_TERMS",
    "DefinitionMatch",
    "DefinitionScope",
    "ExceptionMatch",
    "Sentence",
    "find_definitions",
    "find_exceptions",
    "split_sentences",
    "with_items",
]

#: Where a definition applies: the whole law, one heading level (编, 分编, 章, 节) of the
#: defining article, or only the defining article itself (本条所称, 前款所称).
DefinitionScope = Literal["law", "编", "分编", "章", "节", "article"]

#: Terms defined only to fix how numbers are counted (民法所称的“以上”…包括本数); they
#: occur in most articles, so they are not looked up as terms other articles rely on.
COUNTING_TERMS = frozenset({"以上", "以下", "以内", "届满", "不满", "超过", "以外"})

_PARAGRAPH_NO = rf"第(?:{NUMERAL_PATTERN})款"
_ITEM_LABEL = r"[（(][一二三四五六七八九十]+[）)]"
_QUOTES = '“”"「」『』‘’'


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of an article: ``text[start:end]``, its closing 。 included."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class DefinitionMatch:
    """A definition sentence: the terms it defines and where the definition applies."""

    terms: tuple[str, ...]
    scope: DefinitionScope
    sentence: Sentence


@dataclass(frozen=True, slots=True)
class ExceptionMatch:
    """An exception sentence and the phrase that makes it one (但是, 除…外, 除外 …).

    :attr:`sentence` includes the item lines a colon sentence introduces (for
    showing it); :attr:`core` is the sentence or item line holding the phrase alone,
    the span a citation must fall in to be cited *by the exception*.
    """

    phrase: str
    sentence: Sentence
    core: Sentence


# ---------------------------------------------------------------- sentences

_ITEM_START = re.compile(rf"\s*{_ITEM_LABEL}")


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of ``text`` (:func:`~contract_review.text.sentences.sentence_spans`),
    every line break ending one, so an item line (（一）…) is a sentence of its own."""
    return [
        Sentence(start, end, text[start:end])
        for start, end in sentence_spans(text, line_breaks=True)
    ]


def with_items(text: str, sentence: Sentence) -> Sentence:
    """``sentence`` with the item lines (（一）…) that follow it when it ends with a
    colon (…是指下列财产：), since they finish it; else ``sentence`` itself."""
    if not sentence.text.endswith(("：", ":")):
        return sentence
    end = sentence.end
    while end < len(text) and _ITEM_START.match(text, end):
        line_end = text.find("\n", end + 1)
        end = len(text) if line_end < 0 else line_end
    if end == sentence.end:
        return sentence
    return Sentence(sentence.start, end, text[sentence.start : end].strip())


def _sentence_at(sentences: list[Sentence], offset: int) -> Sentence | None:
    """The sentence of ``sentences`` holding ``offset``, or None."""
    index = bisect.bisect_right(sentences, offset, key=lambda sentence: sentence.start) - 1
    if index >= 0 and offset < sentences[index].end:
        return sentences[index]
    return None


# ---------------------------------------------------------------- definitions

_SCOPE_WORDS: dict[str, DefinitionScope] = {
    "本编": "编",
    "本分编": "分编",
    "本章": "章",
    "本节": "节",
    "本条": "article",
    "前款": "article",
    "前两款": "article",
}
_DEFINING_VERB = r"(?:是指|系指|指(?![定出示导挥南标令明引控])|(?:不)?包括|即(?![时使可将])|意为)"
_SCOPED_DEFINITION = re.compile(
    r"(?P<scope>本(?:法|规定|解释|条例|办法|决定|细则|编|分编|章|节|条)"
    rf"|前两?款|{_PARAGRAPH_NO}|民法|本法{ARTICLE_NO_PATTERN})?所称的?"
    rf"(?P<term>[^，,。；;：:\n]{{1,40}}?)[，,]?{_DEFINING_VERB}"
)
_BARE_DEFINITION = re.compile(
    rf"(?:^|(?<=[。；;：:\n]))(?:{_ITEM_LABEL})?(?P<term>[^，,。；;：:\n]{{1,40}}?)[，,]?是指"
)
_ABBREVIATION = re.compile(
    r"(?:以下简称|以下称|下称|[（(]简称)为?[：:]?"
    rf"[{_QUOTES}]?(?P<term>[^{_QUOTES}（）()，,。；;\n]{{1,20}})[{_QUOTES}]?"
)
#: 合同是民事主体之间设立、变更、终止民事法律关系的协议。 — a paragraph opening with a
#: short term, 是, and ending in 的 + a short head noun; not 受送达人是军人的，… (a
#: condition) nor 劳务派遣单位是本法所称用人单位 (a classification).
_IS_DEFINITION = re.compile(
    r"(?:^|(?<=\n))(?P<term>[^，,、。；;：:\n的是但可应]{2,12})是(?![指否])"
    r"(?P<body>[^。\n]*的[^的，,。；;\n]{1,6})。"
)
_IS_NOT_DEFINITION = re.compile(r"^[^，,。]*的[，,]|所称")
_ARTICLE_SCOPED_PREFIX = re.compile(rf"^(?:前两?款|本条|本款|{_PARAGRAPH_NO})(?:规定|所列)?的?")
_TERM_NOISE = re.compile(r"^(?:上述|该|此)")


def _clean_term(term: str) -> str:
    return term.strip().strip(_QUOTES).strip()


def _split_terms(term: str) -> tuple[str, ...]:
    """``“以上”、“以下”`` → (以上, 以下); a term with 、 is split only when every piece is
    quoted or short, so 虚开…、抵扣税款的其他发票 stays one term."""
    if "、" not in term:
        return (_clean_term(term),)
    pieces = term.split("、")
    if all(piece[:1] in _QUOTES or len(piece) <= 4 for piece in pieces):
        return tuple(_clean_term(piece) for piece in pieces)
    return (_clean_term(term),)


def _overlaps(spans: list[tuple[int, int]], match: re.Match[str]) -> bool:
    return any(start < match.end() and match.start() < end for start, end in spans)


def find_definitions(text: str) -> list[DefinitionMatch]:
    """The definition sentences of ``text``, in order: 本法所称X，是指… (the scope from
    the word before 所称: 本法 the law, 本章/本节/本编 that heading, 本条/前款 the article),
    X是指… at the start of a sentence or clause (law-wide, or the article itself after
    前款规定的), X是…的Y。 opening a paragraph (law-wide), and （以下简称“X”） /
    （以下称X） (law-wide). Definitions sharing a sentence share its entry text."""
    sentences: list[Sentence] = []
    found: list[tuple[int, DefinitionMatch]] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, terms: tuple[str, ...], scope: DefinitionScope) -> None:
        terms = tuple(term for term in terms if term)
        if not sentences:
            sentences.extend(split_sentences(text))
        sentence = _sentence_at(sentences, start)
        if not terms or sentence is None:
            return
        taken.append((start, end))
        found.append((start, DefinitionMatch(terms, scope, with_items(text, sentence))))

    if "所称" in text:
        for match in _SCOPED_DEFINITION.finditer(text):
            word = match["scope"] or "本法"
            scope: DefinitionScope = _SCOPE_WORDS.get(word, "law")
            if word.startswith("第") and word.endswith("款"):
                scope = "article"
            add(match.start(), match.end(), _split_terms(match["term"]), scope)
    if "是指" in text:
        for match in _BARE_DEFINITION.finditer(text):
            if _overlaps(taken, match):
                continue
            term = match["term"].strip()
            prefix = _ARTICLE_SCOPED_PREFIX.match(term)
            scope = "law" if prefix is None else "article"
            term = _TERM_NOISE.sub("", term[prefix.end() :] if prefix else term)
            add(match.start("term"), match.end(), (_clean_term(term),), scope)
    if "是" in text:
        for match in _IS_DEFINITION.finditer(text):
            if _IS_NOT_DEFINITION.search(match["body"]) or _overlaps(taken, match):
                continue
            add(match.start(), match.end(), (match["term"],), "law")
    if "称" in text:
        for match in _ABBREVIATION.finditer(text):
            add(match.start(), match.end(), (_clean_term(match["term"]),), "law")
    return [definition for _, definition in sorted(found, key=lambda pair: pair[0])]


# ---------------------------------------------------------------- exceptions

_CLAUSE_START = r"(?:^|(?<=[，,；;：:。\n]))"
_EXCEPTION = re.compile(
    rf"{_CLAUSE_START}但(?:是)?(?!书)"
    r"|除外"
    r"|(?<![解免排消清删扣拆废根革剔破摒开切去祛铲撤割])除(?!外)[^，,。；;\n]{1,80}?外"
    r"(?=[，,](?!并|还|也|另|同时)|$|\n)"
    r"|另有规定"
    r"|不适用"
)


def find_exceptions(text: str) -> list[ExceptionMatch]:
    """The exception sentences of ``text``, in order, one per sentence or item line:
    those holding 但/但是 at the start of a clause, …除外, 除…外, 另有规定 or 不适用."""
    found: list[ExceptionMatch] = []
    sentences: list[Sentence] = []
    for match in _EXCEPTION.finditer(text):
        if found and match.start() < found[-1].core.end:
            continue
        if not sentences:
            sentences = split_sentences(text)
        core = _sentence_at(sentences, match.start())
        if core is not None:
            found.append(ExceptionMatch(match.group(), with_items(text, core), core))
    return found
