"""The FIDIC Silver Book domain: checklist, document roles and the assembled
:class:`~contract_review.domain.DomainSpec`.

Clause numbers follow the Silver Book (EPC/Turnkey) sub-clause numbering the
original review project used. Names are Chinese (the reviewers' language) with the
English name alongside; keywords are English and Chinese so a clause can be found in
a contract whose numbering differs from the form. The checklist itself is data:
``checklist.yaml`` beside this module, as the playbook is ``playbook.yaml``.
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DocumentRoleSpec, DomainSpec, ParserSettings
from contract_review.playbooks.checklist_loading import load_checklist_resource

from .baselines import BASELINE_TEXTS
from .playbook import PLAYBOOK

#: The domain id, also the entry-point name.
DOMAIN_ID = "fidic"

#: Role ids of the documents a FIDIC review works with.
ROLE_PRIMARY = "primary"
ROLE_GC = "gc"
ROLE_PC = "pc"
ROLE_ER = "er"

#: The checklist, read from ``checklist.yaml`` beside this module.
CHECKLIST: tuple[ChecklistItem, ...] = load_checklist_resource(
    __package__ or "contract_review_fidic"
)

DOCUMENT_ROLES: tuple[DocumentRoleSpec, ...] = (
    DocumentRoleSpec(
        role=ROLE_PRIMARY,
        name="Contract under review",
        description="The contract (usually the Particular Conditions with the Contract Agreement) under review.",
        required=True,
        kind="primary",
    ),
    DocumentRoleSpec(
        role=ROLE_GC,
        name="General Conditions",
        description="The General Conditions of the FIDIC form the contract is based on.",
        kind="baseline",
    ),
    DocumentRoleSpec(
        role=ROLE_PC,
        name="Particular Conditions",
        description="The Particular Conditions amending the General Conditions.",
        kind="reference",
    ),
    DocumentRoleSpec(
        role=ROLE_ER,
        name="Employer's Requirements",
        description="The Employer's Requirements (scope, design criteria, performance).",
        kind="reference",
    ),
)

DOMAIN_SPEC = DomainSpec(
    domain_id=DOMAIN_ID,
    name="FIDIC Silver Book (EPC/Turnkey)",
    description=(
        "Review of EPC/Turnkey construction contracts based on the FIDIC Silver Book: "
        "General and Particular Conditions merged clause by clause, time bars, payment, "
        "liability, insurance and claims."
    ),
    checklist=CHECKLIST,
    document_roles=DOCUMENT_ROLES,
    parser_settings=ParserSettings(language="auto"),
    baseline_texts=BASELINE_TEXTS,
    playbook=PLAYBOOK,
)
