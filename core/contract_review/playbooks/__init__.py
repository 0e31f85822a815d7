"""Domain playbooks: our standard position on each checklist item as versioned data
(YAML or TOML), and the offline assessor that applies it to a contract. The package data
beside the modules: ``term_library.yaml``, ``redline_templates.yaml`` and the trained
weights ``term_topics.npz`` and ``term_detector.npz``.

Modules, one job each, in the order a newcomer reads them:

The playbook as data:

* :mod:`.vocabulary` — identifiers and risk levels, shared with domains;
* :mod:`.rule_models` — :class:`PlaybookRule`: what to look for, when, whom, the redline;
* :mod:`.playbook_models` — :class:`Playbook`: metadata, party sides, rules;
* :mod:`.playbook_loading` — reading, checking and writing playbook files;
* :mod:`.checklist_loading` — a domain's checklist as a data file beside its playbook;
* :mod:`.data_files` — reading a playbook or checklist file: its format and text;
* :mod:`.domain_loading` — a domain's spec from its domain, checklist and playbook files;
* :mod:`.term_library` — the shared one-sided terms a rule ``uses:``;

Assessing a clause:

* :mod:`.clause_assessment` — :func:`assess_clause`, the findings for one checklist item;
* :mod:`.deviation_assessment` — the ``assess_deviation`` skill's handler;
* :mod:`.finding_selection` — one finding per category and clause, unique ids;
* :mod:`.disclosure_findings` — the disclosure letter read against the warranties;

Matching a rule:

* :mod:`.rule_matching` — where a rule's patterns hit a text, with its guards;
* :mod:`.pattern_words` — the words a pattern needs, to skip texts without them;
* :mod:`.value_reading` — the number a numeric rule reads near its match;
* :mod:`.deal_price` — the price a contract states, for limits read as a share of it;
* :mod:`.period_wording` — periods as contracts write them (hours, 半年, "the 75th day",
  "the sixth anniversary");
* :mod:`.fact_rules` — rules judging the facts a skill read in the clause;

Terms read by meaning:

* :mod:`.term_topics` — which one-sided term a sentence is about (embedding classifier);
* :mod:`.term_detector` — which one-sided term a whole section holds (n-gram model);
* :mod:`.term_reader` — whether a section holds a term burdening our party, and its
  subject (a playbook's learned reader, party words marked);
* :mod:`.detected_terms` — a rule firing where the term detector or reader reads its term;
* :mod:`.label_scores` — label probabilities from a linear model, cached per text;

Parties:

* :mod:`.contract_parties` — the parties a contract names, and its words for each;
* :mod:`.side_labels` — the party sides core knows, and their common words;
* :mod:`.party_sides` — the side we act for (``--party``), and whom a term burdens;
* :mod:`.board_seats` — who controls the board: the directors each party may appoint;

Redlines:

* :mod:`.redlines` — the edit a rule proposes to the clause text;
* :mod:`.no_limit_wording` — the words saying a sum has no limit, struck when a cap is added;
* :mod:`.redline_templates` — drafting templates for terms whose rule proposes no edit;
* :mod:`.drafting_slots` — the contract's own words for a template's slots.

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
    from .domain_loading import DomainFileError, load_domain_resource
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
    "DomainFileError": "domain_loading",
    "load_domain_resource": "domain_loading",
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
    "DomainFileError",
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
    "load_domain_resource",
    "load_playbook",
    "load_playbook_resource",
    "parse_checklist",
    "parse_playbook",
    "resolve_party",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
