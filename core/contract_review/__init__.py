"""contract_review: a plugin framework for AI-assisted legal review and legal retrieval.

The public API. Names are imported on first use, so ``import contract_review`` stays
cheap for the CLI and for plugins that only need :data:`hookimpl`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hookspecs import hookimpl
from .lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .config import Settings, load_settings
    from .documents.loading import parse_file, parse_text
    from .documents.model import DefinedTerm, Document, DocumentRole, Section, SectionKind
    from .documents.parser_types import DocumentParser, ParseOptions
    from .domain import (
        ChecklistItem,
        DocumentRoleSpec,
        DomainSpec,
        ParserSettings,
        Playbook,
        PlaybookRule,
        Priority,
        RiskLevel,
    )
    from .domain_declaration import DomainDeclaration, DomainRegister
    from .errors import (
        ContractReviewError,
        DocumentParseError,
        InputError,
        NotFoundError,
        PluginError,
        UnknownDomainError,
        UnknownSkillError,
    )
    from .playbooks.playbook_loading import PlaybookError, load_playbook
    from .plugins import PluginFailure, get_plugin_manager
    from .registry import PluginInfo, Registry, load_registry
    from .reports.exporter_types import ReportExporter
    from .review.plan import ClauseAnalysisPlan, PlanAdjustment, ReviewPlan
    from .review.state import ReviewState
    from .skills.dispatcher import SkillDispatcher
    from .skills.registration import SkillBackend, SkillRegistration, SkillResult, SkillStatus
    from .skills.tool_definitions import ToolDefinition, tool_definitions

_EXPORTS: dict[str, str] = {
    "Settings": "config",
    "load_settings": "config",
    "parse_file": "documents.loading",
    "parse_text": "documents.loading",
    "DefinedTerm": "documents.model",
    "Document": "documents.model",
    "DocumentRole": "documents.model",
    "Section": "documents.model",
    "SectionKind": "documents.model",
    "DocumentParser": "documents.parser_types",
    "ParseOptions": "documents.parser_types",
    "ChecklistItem": "domain",
    "DocumentRoleSpec": "domain",
    "DomainSpec": "domain",
    "DomainDeclaration": "domain_declaration",
    "DomainRegister": "domain_declaration",
    "ParserSettings": "domain",
    "Playbook": "domain",
    "PlaybookRule": "domain",
    "Priority": "domain",
    "RiskLevel": "domain",
    "ContractReviewError": "errors",
    "DocumentParseError": "errors",
    "InputError": "errors",
    "NotFoundError": "errors",
    "PluginError": "errors",
    "UnknownDomainError": "errors",
    "UnknownSkillError": "errors",
    "PlaybookError": "playbooks.playbook_loading",
    "load_playbook": "playbooks.playbook_loading",
    "PluginFailure": "plugins",
    "get_plugin_manager": "plugins",
    "PluginInfo": "registry",
    "Registry": "registry",
    "load_registry": "registry",
    "ReportExporter": "reports.exporter_types",
    "ClauseAnalysisPlan": "review.plan",
    "PlanAdjustment": "review.plan",
    "ReviewPlan": "review.plan",
    "ReviewState": "review.state",
    "SkillDispatcher": "skills.dispatcher",
    "SkillBackend": "skills.registration",
    "SkillRegistration": "skills.registration",
    "SkillResult": "skills.registration",
    "SkillStatus": "skills.registration",
    "ToolDefinition": "skills.tool_definitions",
    "tool_definitions": "skills.tool_definitions",
}

__all__ = [
    "ChecklistItem",
    "ClauseAnalysisPlan",
    "ContractReviewError",
    "DefinedTerm",
    "Document",
    "DocumentParseError",
    "DocumentParser",
    "DocumentRole",
    "DocumentRoleSpec",
    "DomainDeclaration",
    "DomainRegister",
    "DomainSpec",
    "InputError",
    "NotFoundError",
    "ParseOptions",
    "ParserSettings",
    "PlanAdjustment",
    "Playbook",
    "PlaybookError",
    "PlaybookRule",
    "PluginError",
    "PluginFailure",
    "PluginInfo",
    "Priority",
    "Registry",
    "ReportExporter",
    "ReviewPlan",
    "ReviewState",
    "RiskLevel",
    "Section",
    "SectionKind",
    "Settings",
    "SkillBackend",
    "SkillDispatcher",
    "SkillRegistration",
    "SkillResult",
    "SkillStatus",
    "ToolDefinition",
    "UnknownDomainError",
    "UnknownSkillError",
    "get_plugin_manager",
    "hookimpl",
    "load_playbook",
    "load_registry",
    "load_settings",
    "parse_file",
    "parse_text",
    "tool_definitions",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
