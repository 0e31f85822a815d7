"""contract_review: a plugin framework for AI-assisted legal review and legal retrieval.

The public API. Names are imported on first use, so ``import contract_review`` stays
cheap for the CLI and for plugins that only need :data:`hookimpl`. Core owns the shared
machinery; each legal domain is a plugin package found through entry points.

The package, in the order a newcomer reads it:

The plugin framework:

* :mod:`.hookspecs` — every hook a plugin can implement, and the :data:`hookimpl` marker;
* :mod:`.plugins` — the plugin-manager factory: built-ins, entry points, load failures;
* :mod:`.registry` — what the loaded plugins registered, validated and attributed;
* :mod:`.domain` — :class:`DomainSpec`, what a legal domain declares (checklist, roles...);
* :mod:`.domain_declaration` — :class:`DomainDeclaration`, a domain plugin in one value;
* :mod:`.config` — :class:`Settings`, from ``CONTRACT_REVIEW_*`` variables and a TOML file;
* :mod:`.errors` — the exception types users see;

What core does, one sub-package each:

* :mod:`.documents` — the section model and the parsers (text, Markdown, .docx, .pdf);
* :mod:`.text` — the text toolkit: sentences, a clause's text, numbers written in words;
* :mod:`.skills` — skill registration, the dispatcher, tool definitions, tool calls;
* :mod:`.builtin` — core's own plugins: generic and law skills, parsers, embedders...;
* :mod:`.locator` — a clause locator a domain configures with its signals and weights;
* :mod:`.playbooks` — domain playbooks as data, and the offline assessor applying them;
* :mod:`.review` — the review engine: plan, analyse, redline, approve, report;
* :mod:`.reports` — the report as Markdown and HTML pages;
* :mod:`.llm` — the optional LLM clients (Dashscope, any OpenAI-compatible server);
* :mod:`.retrieval` — embedders, BM25, the hybrid index, reference-document search;
* :mod:`.laws` — the law library and its four tools (seed 001);
* :mod:`.unified_search` — the law library searched as a graph (seed 003);
* :mod:`.ask` — questions answered with citations, and conversations;
* :mod:`.evaluation` — quality grades of answers, findings and reports; retrieval metrics;
* :mod:`.storage` — the store of reviews, checkpoints and conversations;
* :mod:`.service` — the HTTP service (FastAPI);
* :mod:`.mcp` — the MCP server: the tools and the stored reports to MCP clients;
* :mod:`.cli` — the ``contract-review`` command;
* :mod:`.scaffold` — a new domain plugin package, generated from templates;
* :mod:`.testing` — the kit plugin authors test their domain packages with;

Shared helpers:

* :mod:`.lazy_exports` — the package ``__getattr__`` that imports a name on first use;
* :mod:`.jsonl_records` — reading JSON-lines files, errors naming the file and line;
* :mod:`.directory_swap` — a directory written so that an interrupted write keeps the old;
* :mod:`.retry_policy` — when and how long clients of remote services wait to retry;
* :mod:`.http_json` — JSON POSTed to OpenAI-compatible servers (LLM client, embedder);
* :mod:`.dashscope_sdk` — what the Dashscope LLM client needs from the SDK.
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
