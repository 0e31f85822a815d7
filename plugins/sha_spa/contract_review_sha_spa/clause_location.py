"""Finding a checklist clause in an SPA or SHA.

The checklist numbers clauses as the original template did ("3" is the conditions
precedent), but agreements number them their own way. Core's
:func:`~contract_review.documents.locate.locate_checklist_item` uses a numbered
section only when its title carries one of the checklist keywords, and otherwise the
best keyword match.
"""

from __future__ import annotations

from contract_review.documents.locate import locate_checklist_item
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.text.clause_text import clause_text


def checklist_clause_body(document: Document | None, item: ChecklistItem) -> str:
    """The body (text after the heading) of checklist ``item`` in ``document``, or ""."""
    if document is None:
        return ""
    section = locate_checklist_item(document, item)
    if section is None:
        return ""
    return clause_text(document, section).body
