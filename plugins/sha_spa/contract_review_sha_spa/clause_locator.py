"""Where an SPA/SHA checklist topic is (the ``locate_clauses`` hook of the SHA/SPA plugin).

The checklist numbers its topics 1–11 as the original template did, but agreements
number their articles their own way, so a topic is found by its heading first:

1. every section whose heading carries one of the item's keywords or its name
   ("Pre-Closing Covenants", "治理结构") is a candidate (an
   English keyword matches when each of its words, plurals and inflections included,
   is in the heading: "limitation of liability" finds "Limitations on Seller's
   Liability"; a Chinese keyword matches as written: "赔偿" finds "第七条 赔偿");
2. the passage is the candidate with the item's number when its heading agrees (core's
   :func:`~contract_review.documents.locate.locate_checklist_item`), else the candidate
   whose heading matches best; a heading another checklist item matches better ("Conditions
   to Completion" is about conditions, not closing) is taken only as a last resort;
3. other candidates about the same topic follow it — an SPA often splits a topic, with
   the indemnity in one article and "Limitations on Seller's Liability" in another —
   unless another item's passage holds them;
4. with no heading, core's keyword match counts only when at least two different
   keywords are in the section's text; otherwise the item is missing (``[]``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.locate import locate_checklist_item
from contract_review.documents.model import Document, Section
from contract_review.documents.numbering import parse_clause_reference
from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.state import ReviewState

__all__ = [
    "MIN_TEXT_KEYWORDS",
    "TopicMatch",
    "heading_score",
    "heading_words",
    "locate_topic",
    "text_keywords",
]

#: Distinct keywords a section's text must carry to stand for an item without a heading.
MIN_TEXT_KEYWORDS = 2

_STOPWORDS = frozenset({"a", "an", "and", "between", "for", "in", "of", "on", "or", "the", "to"})
_CJK = re.compile(r"[\u3400-\u9fff]")


def _stem(word: str) -> str:
    for suffix, keep in (("ies", 4), ("es", 5), ("s", 4), ("y", 4)):
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            return word[: -len(suffix)]
    return word


def _keyword_patterns(keyword: str) -> tuple[re.Pattern[str], ...]:
    """One pattern per word that must be in a heading for ``keyword`` to match it."""
    text = keyword.strip().casefold()
    if not text:
        return ()
    if _CJK.search(text):
        return (re.compile(re.escape(text)),)
    words = [w for w in text.split() if w not in _STOPWORDS] or text.split()
    return tuple(re.compile(r"\b" + re.escape(_stem(w)) + r"\w*", re.IGNORECASE) for w in words)


def heading_score(heading: str, keywords: Sequence[str]) -> int:
    """How many of ``keywords`` the heading carries (every word of an English keyword,
    in any order and inflection; a Chinese keyword as written)."""
    folded = heading.casefold()
    score = 0
    for keyword in keywords:
        patterns = _keyword_patterns(keyword)
        if patterns and all(p.search(folded) for p in patterns):
            score += 1
    return score


def heading_words(item: ChecklistItem) -> tuple[str, ...]:
    """What a heading about ``item`` may carry: its keywords and its names."""
    names = (item.clause_name, item.clause_name_en)
    return (*item.keywords, *(name for name in names if name and name not in item.keywords))


def text_keywords(text: str, keywords: Sequence[str]) -> list[str]:
    """The keywords that occur in ``text`` (English at a word start, Chinese anywhere)."""
    folded = text.casefold()
    found: list[str] = []
    for keyword in keywords:
        words = keyword.strip().casefold().split()
        if not words:
            continue
        prefix = "" if _CJK.search(keyword) else r"(?<!\w)"
        if re.search(prefix + r"\s+".join(map(re.escape, words)), folded):
            found.append(keyword)
    # "交割" inside "交割日" is one keyword found, not two
    return [k for k in found if not any(k != o and k.casefold() in o.casefold() for o in found)]


class TopicMatch(BaseModel):
    """A section whose heading matches a checklist item."""

    model_config = ConfigDict(frozen=True)

    section: Section
    order: int = Field(description="Position of the section in document order.")
    score: int = Field(ge=1, description="Keywords of the item the heading carries.")
    rivals: int = Field(ge=0, description="Other checklist items the heading matches.")
    beaten: bool = Field(description="Another item's keywords match the heading better.")


def _matches(
    sections: list[Section], scores: list[dict[str, int]], clause_id: str
) -> list[TopicMatch]:
    """The sections whose heading matches item ``clause_id``; ``scores`` holds each
    section's heading score for every checklist item."""
    found: list[TopicMatch] = []
    for order, (section, by_item) in enumerate(zip(sections, scores, strict=True)):
        score = by_item.get(clause_id, 0)
        if score == 0:
            continue
        rival_scores = [s for cid, s in by_item.items() if cid != clause_id and s > 0]
        found.append(
            TopicMatch(
                section=section,
                order=order,
                score=score,
                rivals=len(rival_scores),
                beaten=any(s > score for s in rival_scores),
            )
        )
    return found


def _best(document: Document, item: ChecklistItem, matches: list[TopicMatch]) -> TopicMatch | None:
    if not matches:
        return None
    reference = parse_clause_reference(item.clause_id)
    number = reference.number if reference is not None else None
    # core's check of the number against the keywords, asked only when it can matter
    asked = any(m.section.number == number for m in matches)
    numbered = locate_checklist_item(document, item) if asked else None

    def rank(match: TopicMatch) -> tuple[bool, bool, int, int, int, int]:
        agrees = numbered is match.section and match.section.number == number
        return (
            match.beaten,
            not agrees,
            -match.score,
            match.rivals,
            match.section.level,
            match.order,
        )

    return min(matches, key=rank)


def _overlaps(a: Section, b: Section) -> bool:
    return a.start < b.end and b.start < a.end


def locate_clause(
    domain: DomainSpec, clause: ChecklistItem, state: ReviewState
) -> list[ClauseLocation]:
    """Where an SPA/SHA topic is in the agreement under review, by heading first
    (:func:`locate_topic`); ``[]`` without an agreement."""
    primary = state.primary
    return [] if primary is None else locate_topic(primary, clause, domain.checklist)


def locate_topic(
    document: Document, item: ChecklistItem, checklist: Sequence[ChecklistItem]
) -> list[ClauseLocation]:
    """The passages of ``document`` that hold ``item`` (one of ``checklist``), best
    first: the article, then the other articles its topic is split into; ``[]`` when
    the topic is not there (see the module docstring)."""
    items = {i.clause_id: i for i in (*checklist, item)}
    sections = list(document.sections())
    scores = [
        {cid: heading_score(s.title, heading_words(i)) for cid, i in items.items()}
        if s.title
        else {}
        for s in sections
    ]
    claimed = [
        other.section
        for cid, other_item in items.items()
        if cid != item.clause_id
        and (other := _best(document, other_item, _matches(sections, scores, cid))) is not None
    ]
    matches = _matches(sections, scores, item.clause_id)
    best = _best(document, item, matches)
    if best is None:
        return _by_text(document, item, claimed)
    reason = f"heading {best.section.title!r} matches the checklist keywords"
    reference = parse_clause_reference(item.clause_id)
    if reference is not None and best.section.number == reference.number:
        reason = f"numbered {best.section.id} and its heading {best.section.title!r} agrees"
    located = [
        ClauseLocation.of_section(document, best.section, score=float(best.score), reason=reason)
    ]
    taken = [best.section]
    for match in matches:
        section = match.section
        if match.beaten or any(_overlaps(section, other) for other in (*taken, *claimed)):
            continue
        taken.append(section)
        located.append(
            ClauseLocation.of_section(
                document,
                section,
                score=float(match.score),
                reason=f"the topic continues under the heading {section.title!r}",
            )
        )
    return located


def _by_text(
    document: Document, item: ChecklistItem, claimed: Sequence[Section]
) -> list[ClauseLocation]:
    section = locate_checklist_item(document, item)
    if section is None or any(_overlaps(section, other) for other in claimed):
        return []
    found = text_keywords(f"{section.title}\n{section.text}", item.keywords)
    if len(found) < MIN_TEXT_KEYWORDS:
        return []
    reason = "no heading matches; its text carries " + ", ".join(repr(k) for k in found)
    return [ClauseLocation.of_section(document, section, score=float(len(found)), reason=reason)]
