"""Finding a checklist clause in an SPA or SHA.

The checklist numbers clauses as the original template did ("3" is the conditions
precedent), but agreements number them their own way. A section found by number is
used only when its title carries one of the checklist keywords; otherwise the best
keyword match wins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from contract_review.documents.locate import find_by_keywords, locate_clause
from contract_review.documents.model import Document, Section
from contract_review.domain import ChecklistItem
from contract_review.skills.generic.clause_lookup import clause_text


def _title_pattern(keyword: str) -> re.Pattern[str] | None:
    """A keyword as a title pattern; English keywords lose their last two letters so
    "indemnity" finds "Indemnities" and "warranty" finds "Warranties"."""
    words = keyword.casefold().split()
    if not words:
        return None
    if keyword.isascii():
        last = words[-1]
        words[-1] = last[: max(4, len(last) - 2)]
        return re.compile(r"\b" + r"\s+".join(map(re.escape, words)))
    return re.compile(r"\s*".join(map(re.escape, words)))


def _title_has_keyword(section: Section, keywords: Sequence[str]) -> bool:
    title = section.title.casefold()
    patterns = (_title_pattern(keyword) for keyword in keywords)
    return any(pattern.search(title) for pattern in patterns if pattern is not None)


def locate_checklist_clause(document: Document, item: ChecklistItem) -> Section | None:
    """The section of ``document`` that holds checklist ``item``, or None."""
    by_number = locate_clause(document, item.clause_id)
    if by_number is not None and (
        not item.keywords or _title_has_keyword(by_number, item.keywords)
    ):
        return by_number
    ranked = find_by_keywords(document, item.keywords, limit=1)
    return ranked[0][0] if ranked else by_number


def checklist_clause_body(document: Document | None, item: ChecklistItem) -> str:
    """The body (text after the heading) of checklist ``item`` in ``document``, or ""."""
    if document is None:
        return ""
    section = locate_checklist_clause(document, item)
    if section is None:
        return ""
    located = clause_text(document, section)
    return located.text[located.body_start :].strip()
