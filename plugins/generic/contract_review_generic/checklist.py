"""The generic commercial-contract domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause ids are topic ids (``governing_law``), since commercial contracts share no
numbering; names are Chinese with the English name alongside (the CUAD category name
where there is one), and the English and Chinese keywords are what finds each topic in
a contract. The checklist itself is data: ``checklist.yaml`` beside this module, as
the playbook is ``playbook.yaml``.
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DocumentRoleSpec, DomainSpec, ParserSettings
from contract_review.playbooks.checklist_loading import load_checklist_resource

from .baselines import BASELINE_TEXTS
from .playbook import PLAYBOOK

#: The domain id, also the entry-point name.
DOMAIN_ID = "generic"

#: The skill that ranks candidate sections for a topic.
LOCATE_SKILL = "generic_locate_clause"

#: The checklist, read from ``checklist.yaml`` beside this module (each topic's kinds of
#: contract, ``applies_to``, and the phrases that show it is provided, ``provided_by``,
#: are there too).
CHECKLIST: tuple[ChecklistItem, ...] = load_checklist_resource(
    __package__ or "contract_review_generic"
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role="primary",
        name="Contract under review",
        description="The commercial contract under review.",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role="reference",
        name="Related document",
        description="A related document: a framework agreement, order, statement of work or our template.",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="General commercial contracts",
    description=(
        "Review of general commercial contracts in English and Chinese (supply, services, "
        "distribution, licensing, collaboration): liability, termination, assignment and "
        "change of control, restrictive covenants, IP, insurance, audit, renewal, payment "
        "and disputes. Topics follow the CUAD categories."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
