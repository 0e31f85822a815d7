"""Before a checklist item is reported missing: does the contract provide it after all,
and does it apply to this kind of contract?

A locator can miss a clause that is there (质量保证期为十二个月 is a warranty period;
违约金不设上限 speaks to uncapped liability). Reporting such an item missing is the
error a lawyer notices first, so an item the locator did not find is looked for once
more by its own words (:func:`mentioned_locations`): the checklist item's
``provided_by`` phrases and its distinctive keywords (phrases of two or more words, or
four or more Chinese characters) in the primary document's sections. Where they appear, the item is reviewed there, and the
location says it was found by its words.

An item is expected only in the kinds of contract its domain says it applies to
(``ChecklistItem.applies_to``): site and ground conditions are not missing from a
software licence. :func:`item_applies` decides it from the contract type read from the
document; an unknown type keeps every item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..documents.case_folding import fold
from ..documents.chinese_script import simplified
from ..documents.model import Document
from ..domain import ChecklistItem
from ..playbooks.pattern_words import may_match
from .clause_location import ClauseLocation

__all__ = ["MENTION_REASON", "distinctive_keywords", "item_applies", "mentioned_locations"]

#: The reason a location found by the item's own words gives (reports and benchmarks
#: tell such a location from the locator's).
MENTION_REASON = "found by the checklist item's own words"
#: The fewest Chinese characters a keyword needs to count as distinctive.
MIN_CHINESE_CHARS = 4

_CJK = re.compile(r"[\u4e00-\u9fff]")


def distinctive_keywords(item: ChecklistItem) -> list[str]:
    """The item's keywords specific enough to say the contract addresses it: two or more
    English words, or four or more Chinese characters."""
    kept = []
    for keyword in item.keywords:
        chinese = len(_CJK.findall(keyword))
        if chinese >= MIN_CHINESE_CHARS or (not chinese and len(keyword.split()) >= 2):
            kept.append(keyword)
    return kept


def _pattern(keywords: Iterable[str]) -> re.Pattern[str] | None:
    return _alternatives(tuple(sorted(set(keywords), key=len, reverse=True)))


@lru_cache(maxsize=256)
def _alternatives(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    alternatives = [
        r"\b" + r"\s+".join(re.escape(w) for w in word.split())
        if word.isascii()
        else re.escape(word)
        for word in words
    ]
    return re.compile("|".join(alternatives), re.IGNORECASE)


def mentioned_locations(
    item: ChecklistItem, document: Document, *, limit: int = 1
) -> list[ClauseLocation]:
    """The sections of ``document`` that name ``item`` by its distinctive keywords,
    most mentions first (at most ``limit``); definitions sections are not read."""
    pattern = _pattern([*distinctive_keywords(item), *item.provided_by])
    if pattern is None:
        return []
    counted: list[tuple[int, int, ClauseLocation]] = []
    for order, section in enumerate(document.sections()):
        text = simplified(document.source[section.text_start : section.text_end])
        if section.is_definitions or not text.strip():
            continue
        if not may_match(pattern.pattern, fold(text)):  # no keyword's word is there
            continue
        hits = sum(1 for _ in pattern.finditer(text))
        if hits:
            location = ClauseLocation.of_section(document, section, reason=MENTION_REASON)
            counted.append((-hits, order, location))
    return [location for _, _, location in sorted(counted, key=lambda c: c[:2])[:limit]]


def item_applies(item: ChecklistItem, contract_type: str) -> bool:
    """True when ``item`` is expected in a contract of ``contract_type`` ('' when the
    type is not known: every item applies)."""
    return not item.applies_to or not contract_type or contract_type in item.applies_to
