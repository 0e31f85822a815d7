"""The generic commercial-contract domain's spec, read from its data files:
``domain.yaml`` (name, description, document roles), ``checklist.yaml`` and
``playbook.yaml`` beside this module, with the baseline texts of :mod:`.baselines`.

Clause ids are topic ids (``governing_law``), since commercial contracts share no
numbering; names are Chinese with the English name alongside (the CUAD category name
where there is one), and the English and Chinese keywords are what finds each topic in
a contract (each topic's kinds of contract, ``applies_to``, and the phrases that show
it is provided, ``provided_by``, are in ``checklist.yaml`` too).
"""

from __future__ import annotations

from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.playbooks.domain_loading import load_domain_resource

from .baselines import BASELINE_TEXTS

DOMAIN_SPEC: DomainSpec = load_domain_resource(
    __package__ or "contract_review_generic", baseline_texts=BASELINE_TEXTS
)
#: The domain id, also the entry-point name.
DOMAIN_ID = DOMAIN_SPEC.domain_id
CHECKLIST: tuple[ChecklistItem, ...] = DOMAIN_SPEC.checklist

#: The skill that ranks candidate sections for a topic.
LOCATE_SKILL = "generic_locate_clause"
