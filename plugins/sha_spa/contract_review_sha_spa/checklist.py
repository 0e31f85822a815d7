"""The SHA/SPA domain's spec, read from its data files: ``domain.yaml`` (name,
description, document roles), ``checklist.yaml`` and ``playbook.yaml`` beside this
module, with the baseline texts of :mod:`.baselines`.

The checklist follows the original project's template ("3" is the conditions
precedent); the playbook's rules say whose side each term burdens (buyer, seller,
investor, founder), so ``--party`` decides how high each finding ranks.
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.playbooks.domain_loading import load_domain_resource

from .baselines import BASELINE_TEXTS

DOMAIN_SPEC: DomainSpec = load_domain_resource(
    __package__ or "contract_review_sha_spa", baseline_texts=BASELINE_TEXTS
)
#: The domain id, also the entry-point name.
DOMAIN_ID = DOMAIN_SPEC.domain_id
CHECKLIST: tuple[ChecklistItem, ...] = DOMAIN_SPEC.checklist

#: Role ids of the documents an SHA/SPA review works with (``domain.yaml``).
ROLE_PRIMARY = "primary"
ROLE_DISCLOSURE_LETTER = "disclosure_letter"
ROLE_REFERENCE = "reference"
