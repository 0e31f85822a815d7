"""Domain playbooks: our standard position on each checklist item as versioned data
(YAML or TOML), and the offline assessor that applies it to a contract.

* :mod:`.playbook_models` — :class:`Playbook`, :class:`SideSpec`;
* :mod:`.rule_models` — :class:`PlaybookRule`, :class:`Redline`;
* :mod:`.playbook_loading` — :func:`load_playbook` (``--playbook FILE``) and
  :func:`check_playbook` against a domain;
* :mod:`.checklist_loading` — :func:`load_checklist` and
  :func:`load_checklist_resource`, a domain's checklist as a data file beside its
  playbook;
* :mod:`.rule_matching` — where a rule's patterns hit a text;
* :mod:`.value_reading` — the number a numeric rule reads near its match;
* :mod:`.contract_parties`, :mod:`.side_labels` and :mod:`.party_sides` — the parties a
  contract names, the words for each side, and :func:`resolve_party` (``--party``);
* :mod:`.redlines` — the edit a rule proposes;
* :mod:`.finding_selection` — one finding per category and clause, unique ids;
* :mod:`.clause_assessment` — :func:`assess_clause`, the findings for one checklist item
  (and :func:`assess_document_rules` for an item the locator did not find);
* :mod:`.deviation_assessment` — the ``assess_deviation`` skill's handler.

Names are imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .checklist_loading import (
        ChecklistError,
        load_checklist,
        load_checklist_resource,
        parse_checklist,
    )
    from .clause_assessment import assess_clause, assess_document_rules
    from .contract_parties import ContractParty, find_parties
    from .deviation_assessment import assess_deviation
    from .party_sides import KNOWN_SIDES, PartySide, resolve_party
    from .playbook_loading import (
        PlaybookError,
        check_playbook,
        dump_playbook,
        load_playbook,
        load_playbook_resource,
        parse_playbook,
    )
    from .playbook_models import PLAYBOOK_SCHEMA_VERSION, Playbook, SideSpec
    from .rule_models import KNOWN_CATEGORIES, PlaybookRule, Redline
    from .vocabulary import IDENTIFIER_PATTERN, RiskLevel

_EXPORTS: dict[str, str] = {
    "ChecklistError": "checklist_loading",
    "load_checklist": "checklist_loading",
    "load_checklist_resource": "checklist_loading",
    "parse_checklist": "checklist_loading",
    "assess_clause": "clause_assessment",
    "assess_document_rules": "clause_assessment",
    "ContractParty": "contract_parties",
    "find_parties": "contract_parties",
    "assess_deviation": "deviation_assessment",
    "KNOWN_SIDES": "party_sides",
    "PartySide": "party_sides",
    "resolve_party": "party_sides",
    "PlaybookError": "playbook_loading",
    "check_playbook": "playbook_loading",
    "dump_playbook": "playbook_loading",
    "load_playbook": "playbook_loading",
    "load_playbook_resource": "playbook_loading",
    "parse_playbook": "playbook_loading",
    "PLAYBOOK_SCHEMA_VERSION": "playbook_models",
    "Playbook": "playbook_models",
    "SideSpec": "playbook_models",
    "KNOWN_CATEGORIES": "rule_models",
    "PlaybookRule": "rule_models",
    "Redline": "rule_models",
    "IDENTIFIER_PATTERN": "vocabulary",
    "RiskLevel": "vocabulary",
}

__all__ = [
    "IDENTIFIER_PATTERN",
    "KNOWN_CATEGORIES",
    "KNOWN_SIDES",
    "PLAYBOOK_SCHEMA_VERSION",
    "ChecklistError",
    "ContractParty",
    "PartySide",
    "Playbook",
    "PlaybookError",
    "PlaybookRule",
    "Redline",
    "RiskLevel",
    "SideSpec",
    "assess_clause",
    "assess_deviation",
    "assess_document_rules",
    "check_playbook",
    "dump_playbook",
    "find_parties",
    "load_checklist",
    "load_checklist_resource",
    "load_playbook",
    "load_playbook_resource",
    "parse_checklist",
    "parse_playbook",
    "resolve_party",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
