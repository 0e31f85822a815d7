"""The SHA/SPA domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause ids follow the original project's template ("3" is the conditions precedent);
names are Chinese with the English name alongside, and the English and Chinese keywords
find each topic in agreements that number their clauses differently. The checklist
itself is data: ``checklist.yaml`` beside this module, as the playbook is
``playbook.yaml``.
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DocumentRoleSpec, DomainSpec, ParserSettings
from contract_review.playbooks.checklist_loading import load_checklist_resource

from .baselines import BASELINE_TEXTS
from .playbook import PLAYBOOK

#: The domain id, also the entry-point name.
DOMAIN_ID = "sha_spa"

ROLE_PRIMARY = "primary"
ROLE_DISCLOSURE_LETTER = "disclosure_letter"
ROLE_REFERENCE = "reference"

#: The checklist, read from ``checklist.yaml`` beside this module.
CHECKLIST: tuple[ChecklistItem, ...] = load_checklist_resource(
    __package__ or "contract_review_sha_spa"
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role=ROLE_PRIMARY,
        name="Agreement under review",
        description="The share purchase agreement (SPA) or shareholders' agreement (SHA).",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role=ROLE_DISCLOSURE_LETTER,
        name="Disclosure letter",
        description="The seller's disclosures against the warranties.",
        kind="disclosure_letter",
    ),
    DocumentRoleSpec(
        role=ROLE_REFERENCE,
        name="Related transaction documents",
        description="Other documents of the transaction (SHA for an SPA, articles, escrow agreement...).",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="Share purchase and shareholders' agreements (SPA/SHA)",
    description=(
        "Review of M&A and investment documents: consideration, conditions precedent, "
        "warranties and disclosure, completion, indemnities and their limits, restrictive "
        "covenants, governance and exit."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
