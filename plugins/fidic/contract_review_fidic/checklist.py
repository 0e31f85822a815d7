"""The FIDIC Silver Book domain's spec, read from its data files: ``domain.yaml`` (name,
description, document roles), ``checklist.yaml`` and ``playbook.yaml`` beside this
module, with the baseline texts of :mod:`.baselines`.

Clause numbers follow the Silver Book (EPC/Turnkey) sub-clause numbering the original
review project used. Names are Chinese (the reviewers' language) with the English name
alongside; keywords are English and Chinese so a clause can be found in a contract
whose numbering differs from the form. The playbook is written from the Contractor's
side of the table; a user can replace it with ``--playbook FILE``.
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.playbooks.domain_loading import load_domain_resource

from .baselines import BASELINE_TEXTS

DOMAIN_SPEC: DomainSpec = load_domain_resource(
    __package__ or "contract_review_fidic", baseline_texts=BASELINE_TEXTS
)
#: The domain id, also the entry-point name.
DOMAIN_ID = DOMAIN_SPEC.domain_id
CHECKLIST: tuple[ChecklistItem, ...] = DOMAIN_SPEC.checklist

#: Role ids of the documents a FIDIC review works with (``domain.yaml``).
ROLE_PRIMARY = "primary"
ROLE_GC = "gc"
ROLE_PC = "pc"
ROLE_ER = "er"
