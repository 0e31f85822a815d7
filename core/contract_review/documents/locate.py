"""Finding a clause in a parsed document: by id, by number, or by keywords.

Checklists name clauses by their number in a standard form ("20.1", "第十四条"), but a
real contract may number them differently or write them differently ("Sub-Clause
20.1", "14"). :func:`locate_clause` tries, in order:

1. the exact section id (then ignoring case), preferring clauses and articles over
   parts and chapters with the same id ("Part 1" and "Clause 1" both have id "1");
2. the same number (``Section.number``), whatever words surround it, preferring the
   kind the reference names (条 → article, 章 → chapter) and clauses/articles over
   chapters and parts;
3. the best keyword match (:func:`find_by_keywords`).

When ``keywords`` are given, a section found by id or number must also carry one of
them in its title (or, for an untitled section, in its text): checklists number
clauses as a standard form does, and an agreement's clause 3 may be about something
else entirely. Otherwise the best keyword match wins, and the numbered section is
the last resort.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..domain import ChecklistItem
from .case_folding import fold, folds_exactly, which_may_contain
from .model import Document, Section, SectionKind
from .numbering import parse_clause_reference

__all__ = [
    "TEXT_HIT_CAP",
    "TEXT_WEIGHT",
    "TITLE_WEIGHT",
    "find_by_keywords",
    "locate_checklist_item",
    "locate_clause",
]

#: Score of a keyword found in a section's title.
TITLE_WEIGHT = 3.0
#: Score of each occurrence of a keyword in a section's own text...
TEXT_WEIGHT = 1.0
#: ...counting at most this many occurrences per keyword.
TEXT_HIT_CAP = 3

_LEAF_KINDS = (SectionKind.CLAUSE, SectionKind.ARTICLE)


def locate_clause(
    document: Document, clause_id: str, *, keywords: Sequence[str] = ()
) -> Section | None:
    """The section ``clause_id`` names, or the one ``keywords`` point to, or None.

    ``clause_id`` may be an exact section id ("20.1", "第十四条"), a reference written
    differently ("Clause 20.1", "Sub-Clause 20.1", "14", "Article V") or a topic id
    ("governing_law"); a topic id with no ``keywords`` is itself used as a keyword
    (underscores read as spaces).
    """
    wanted = clause_id.strip()
    numbered: Section | None = None
    if wanted:
        exact = [s for s in document.sections() if s.id == wanted]
        if not exact:
            folded = wanted.casefold()
            exact = [s for s in document.sections() if s.id.casefold() == folded]
        numbered = min(exact, key=_kind_preference) if exact else _by_number(document, wanted)
    words = [k for k in keywords if k.strip()]
    if numbered is not None and (not words or _carries_keyword(numbered, words)):
        return numbered
    if not words and wanted and parse_clause_reference(wanted) is None:
        words = [wanted.replace("_", " ")]
    ranked = find_by_keywords(document, words, limit=1)
    return ranked[0][0] if ranked else numbered


def locate_checklist_item(document: Document, item: ChecklistItem) -> Section | None:
    """The section of ``document`` that holds checklist ``item`` (its id, checked
    against its keywords), or None."""
    return locate_clause(document, item.clause_id, keywords=item.keywords)


def _carries_keyword(section: Section, keywords: Sequence[str]) -> bool:
    """True when the section's title (its text, if untitled) has one of ``keywords``;
    English keywords match their plural and inflected forms ("warranty" finds
    "Warranties")."""
    where = section.title or section.text
    return any(_stem_pattern(k).search(where) for k in keywords)


@lru_cache(maxsize=1024)
def _stem_pattern(keyword: str) -> re.Pattern[str]:
    words = keyword.casefold().split()
    if keyword.isascii():
        words[-1] = words[-1][: max(4, len(words[-1]) - 2)]
        return re.compile(r"\b" + r"\s+".join(map(re.escape, words)), re.IGNORECASE)
    return re.compile(r"\s*".join(map(re.escape, words)), re.IGNORECASE)


def _kind_preference(section: Section) -> int:
    return 0 if section.kind in _LEAF_KINDS else 1


def _by_number(document: Document, reference: str) -> Section | None:
    parsed = parse_clause_reference(reference)
    if parsed is None:
        return None
    candidates = [s for s in document.sections() if s.number == parsed.number]
    if not candidates:
        return None

    def preference(section: Section) -> int:
        if parsed.kind is not None:
            return 0 if section.kind is parsed.kind else 2
        return _kind_preference(section)

    # min() keeps the first of equal preference, i.e. document order.
    return min(candidates, key=preference)


def find_by_keywords(
    document: Document, keywords: Sequence[str], *, limit: int = 5
) -> list[tuple[Section, float]]:
    """Sections ranked by how well they match ``keywords``, best first; only scores > 0.

    Score of a section = for each keyword, ``TITLE_WEIGHT`` if its title contains the
    keyword, plus ``TEXT_WEIGHT`` per occurrence in its own text (at most
    ``TEXT_HIT_CAP``). Matching is case-insensitive; an English keyword must start at a
    word boundary ("claim" matches "Claims", "law" does not match "outlaw"), a Chinese
    keyword matches as a substring. Ties keep document order.
    """
    searches = [_keyword_search(k) for k in keywords if k.strip()]
    if not searches or limit <= 0:
        return []
    sections = list(document.sections())
    titles = [fold(section.title) for section in sections]
    texts = [fold(section.text) for section in sections]
    scores = [0.0] * len(sections)
    for pattern, word, first in searches:
        # Only a section with the keyword's word in it (case folded) can match it.
        for i in which_may_contain(titles, word):
            if pattern.search(sections[i].title):
                scores[i] += TITLE_WEIGHT
        for i in which_may_contain(texts, word):
            scores[i] += TEXT_WEIGHT * _hits(pattern, sections[i].text, texts[i], first)
    scored = [
        (section, score) for section, score in zip(sections, scores, strict=True) if score > 0
    ]
    scored.sort(key=lambda pair: -pair[1])  # stable: ties stay in document order
    return scored[:limit]


def _hits(pattern: re.Pattern[str], text: str, folded: str, first: str) -> int:
    """The matches of a keyword's ``pattern`` in ``text``, at most ``TEXT_HIT_CAP``, as
    ``pattern.finditer`` finds them; ``folded`` is ``fold(text)``, ``first`` the keyword's
    first word. A match starts with that word, so when it folds exactly and the folding kept
    every offset, the pattern is tried only where the folded text has it."""
    hits = 0
    if not folds_exactly(first) or len(folded) != len(text):
        for _ in pattern.finditer(text):
            hits += 1
            if hits >= TEXT_HIT_CAP:
                break
        return hits
    needle = first.lower()
    end = 0  # matches do not overlap: the next one starts after the last
    at = folded.find(needle)
    while at >= 0:
        if at >= end and (match := pattern.match(text, at)) is not None:
            hits += 1
            if hits >= TEXT_HIT_CAP:
                break
            end = match.end()
        at = folded.find(needle, at + 1)
    return hits


@lru_cache(maxsize=1024)
def _keyword_search(keyword: str) -> tuple[re.Pattern[str], str, str]:
    """The pattern of ``keyword``, the word of it (the longest one a folded text shows
    as it is) that every match contains, and its first word, with which every match
    starts."""
    words = keyword.split()
    return _keyword_pattern(keyword), max(words, key=lambda w: (folds_exactly(w), len(w))), words[0]


def _keyword_pattern(keyword: str) -> re.Pattern[str]:
    text = " ".join(keyword.split())
    escaped = r"\s+".join(re.escape(part) for part in text.split(" "))
    if text[0].isascii() and text[0].isalnum():
        escaped = r"(?<![0-9A-Za-z])" + escaped
    return re.compile(escaped, re.IGNORECASE)
