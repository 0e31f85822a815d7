"""The MCP server's tools: what each is called, its schemas, and what it runs.

* the four law tools (``hybrid_search``, ``get_provision_context``, ``get_law``,
  ``meta_schema``), on the server's law index;
* ``search_reference_doc``, on one document given as a path or as text;
* every other active skill of the installed domains, on a document and a clause — its
  schema is the skill's tool definition (internal fields left out) with the document
  arguments of :class:`~.tool_models.DocumentSkillArguments` added, and its input is
  built from the document by the domain's ``build_skill_input`` hooks, as in a review;
* ``review``: one contract reviewed as ``contract-review review`` reviews it;
* ``ask``: a question answered as ``contract-review ask`` answers it.

Every schema comes from a pydantic model. A tool returns a JSON object (its structured
content); whatever stops it is raised as a :class:`~contract_review.errors.ContractReviewError`,
which :mod:`.server` turns into a tool error.
"""

from __future__ import annotations

import copy
import logging
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from pydantic import BaseModel, ValidationError

from ..builtin.law_skills import LAW_SKILLS
from ..errors import ContractReviewError, InputError, describe_validation_error
from ..review.document_skills import document_file, run_skill_on_document
from ..skills.dispatcher import SkillDispatcher
from ..skills.generic.reference_search_models import (
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from ..skills.registration import SkillRegistration, SkillResult, SkillStatus
from ..skills.tool_definitions import tool_parameters
from .tool_models import (
    AskToolInput,
    DocumentSkillArguments,
    ReviewToolInput,
    ReviewToolOutput,
    SearchReferenceDocToolInput,
)

if TYPE_CHECKING:
    from ..ask.answer_models import AskAnswer
    from ..config import Settings
    from ..llm.client_types import LLMInfo
    from ..registry import Registry
    from ..service.principals import Principal

__all__ = ["LAW_TOOL_IDS", "McpTool", "ToolBox", "output_schema", "validated"]

logger = logging.getLogger(__name__)

#: The law tools, run on the server's law index.
LAW_TOOL_IDS: tuple[str, ...] = tuple(skill.skill_id for skill in LAW_SKILLS)

#: The generic domain, whose checklist a generic skill uses when no domain is named.
DEFAULT_DOMAIN = "generic"

#: Runs a tool: its arguments and the caller (None on stdio: the local user) -> its result.
ToolRun = Callable[[dict[str, Any], "Principal | None"], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class McpTool:
    """One tool as the server lists and runs it."""

    name: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None
    run: ToolRun


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a tool's arguments: ``model``'s, without its title."""
    schema = copy.deepcopy(model.model_json_schema())
    schema.pop("title", None)
    return schema


def output_schema(model: type[BaseModel] | None) -> dict[str, Any] | None:
    """The JSON schema of a tool's structured content: ``model`` dumped as JSON values
    by field name (as the dispatcher dumps a skill's output)."""
    if model is None:
        return None
    return model.model_json_schema(mode="serialization", by_alias=False)


def validated(model: type[BaseModel], arguments: Mapping[str, Any]) -> Any:
    """``arguments`` validated as ``model``.

    :raises InputError: naming every argument that does not validate.
    """
    try:
        return model.model_validate(dict(arguments))
    except ValidationError as exc:
        raise InputError(describe_validation_error(exc, root="arguments")) from None


def _skill_data(result: SkillResult) -> dict[str, Any]:
    """A skill's output, or its error raised."""
    if not result.success:
        raise ContractReviewError(result.error or f"skill {result.skill_id!r} failed")
    return result.data or {}


def _check_known(tool: str, arguments: Mapping[str, Any], known: set[str]) -> None:
    unknown = sorted(set(arguments) - known)
    if unknown:
        raise InputError(
            f"unknown argument {unknown[0]!r} for the tool {tool}; its arguments are: "
            f"{', '.join(sorted(known)) or '(none)'}"
        )


class ToolBox:
    """The tools of one server: the registry's skills, review and ask.

    :param registry: The installed plugins' registrations.
    :param settings: The settings reviews, skills and questions run with.
    :param law_index: The law index the law tools and ``ask`` read (``--law-index``);
        None: the ``law_index`` setting, read when a tool is called.
    """

    def __init__(
        self, registry: Registry, settings: Settings, *, law_index: Path | None = None
    ) -> None:
        self.registry = registry
        self.settings = settings
        self.law_index = law_index
        self.dispatcher = SkillDispatcher(
            registry, settings=settings, timeout_s=settings.skill_timeout_s
        )
        self.tools: dict[str, McpTool] = {}
        for tool in self._build():
            if tool.name in self.tools:
                logger.warning("MCP tool %r is defined twice; the first is kept", tool.name)
                continue
            self.tools[tool.name] = tool

    # ------------------------------------------------------------------ the list

    def _build(self) -> list[McpTool]:
        tools = [self._review_tool(), self._ask_tool(), self._reference_search_tool()]
        skills = [
            registered.item
            for registered in self.registry.skills.values()
            if registered.item.status is SkillStatus.ACTIVE
        ]
        for skill in skills:
            if skill.skill_id in LAW_TOOL_IDS:
                tools.append(self._law_tool(skill))
            elif skill.skill_id != "search_reference_doc":
                tools.append(self._skill_tool(skill))
        return tools

    def _law_tool(self, skill: SkillRegistration) -> McpTool:
        schema = tool_parameters(skill)
        known = set(schema.get("properties", {}))

        async def run(arguments: dict[str, Any], caller: Principal | None) -> dict[str, Any]:
            _check_known(skill.skill_id, arguments, known)
            payload = {**arguments, "law_index": str(self._law_index_dir())}
            return _skill_data(await self.dispatcher.call(skill.skill_id, payload))

        return McpTool(
            skill.skill_id, skill.description, schema, output_schema(skill.output_model), run
        )

    def _skill_tool(self, skill: SkillRegistration) -> McpTool:
        skill_schema = tool_parameters(skill)
        schema = input_schema(DocumentSkillArguments)
        properties: dict[str, Any] = schema.setdefault("properties", {})
        skill_fields = set(skill_schema.get("properties", {}))
        properties.update(skill_schema.get("properties", {}))
        schema["required"] = sorted(
            set(schema.get("required", [])) | set(skill_schema.get("required", []))
        )
        if "$defs" in skill_schema:
            schema.setdefault("$defs", {}).update(skill_schema["$defs"])
        document_fields = set(DocumentSkillArguments.model_fields)
        description = (
            f"{skill.description} Reads the contract given as document_path or "
            "document_text, at clause_id."
        )

        async def run(arguments: dict[str, Any], caller: Principal | None) -> dict[str, Any]:
            _check_known(skill.skill_id, arguments, document_fields | skill_fields)
            documents = validated(
                DocumentSkillArguments,
                {k: v for k, v in arguments.items() if k in document_fields},
            )
            own = {k: v for k, v in arguments.items() if k in skill_fields}
            result = await run_skill_on_document(
                self.registry,
                self.settings,
                skill,
                documents,
                own,
                dispatcher=self.dispatcher,
            )
            return _skill_data(result)

        return McpTool(skill.skill_id, description, schema, output_schema(skill.output_model), run)

    def _reference_search_tool(self) -> McpTool:
        async def run(arguments: dict[str, Any], caller: Principal | None) -> dict[str, Any]:
            data: SearchReferenceDocToolInput = validated(SearchReferenceDocToolInput, arguments)
            from ..documents.loading import parse_file
            from ..review.document_intake import input_limits

            def read() -> Any:
                with tempfile.TemporaryDirectory(prefix="contract-review-mcp-") as folder:
                    path = document_file(
                        data.document_path, data.document_text, data.document_name, Path(folder)
                    )
                    return parse_file(
                        path,
                        registry=self.registry,
                        role="reference",
                        limits=input_limits(self.settings),
                    )

            document = await anyio.to_thread.run_sync(read)
            payload = SearchReferenceDocInput(
                clause_id=data.clause_id,
                document_structure=document,
                reference_structure=document,
                query=data.query,
                top_k=data.top_k,
                min_score=data.min_score,
            )
            return _skill_data(await self.dispatcher.call("search_reference_doc", payload))

        return McpTool(
            "search_reference_doc",
            "Search a document (given as document_path or document_text) for the sections "
            "that match a query by meaning: section ids, texts and scores, best first.",
            input_schema(SearchReferenceDocToolInput),
            output_schema(SearchReferenceDocOutput),
            run,
        )

    def _review_tool(self) -> McpTool:
        async def run(arguments: dict[str, Any], caller: Principal | None) -> dict[str, Any]:
            data: ReviewToolInput = validated(ReviewToolInput, arguments)
            output = await anyio.to_thread.run_sync(partial(self._review, data, caller))
            return output.model_dump(mode="json")

        return McpTool(
            "review",
            "Review a contract (a file path or its text) against a domain's checklist and "
            "playbook, offline unless an LLM is configured: the risk summary and the "
            "findings (clause, risk level, evidence, suggested change), and the stored "
            "report's resource URIs.",
            input_schema(ReviewToolInput),
            output_schema(ReviewToolOutput),
            run,
        )

    def _ask_tool(self) -> McpTool:
        from ..ask.answer_models import AskAnswer as AnswerModel

        async def run(arguments: dict[str, Any], caller: Principal | None) -> dict[str, Any]:
            data: AskToolInput = validated(AskToolInput, arguments)
            answer = await anyio.to_thread.run_sync(partial(self._ask, data, caller))
            return answer.model_dump(mode="json")

        return McpTool(
            "ask",
            "Answer a question from the law library, citing the articles it rests on (each "
            "quote occurs in the article), or with review_id about a reviewed contract, "
            "citing its clauses.",
            input_schema(AskToolInput),
            output_schema(AnswerModel),
            run,
        )

    # ------------------------------------------------------------------ running

    def _law_index_dir(self) -> Path:
        from ..laws.law_tools import configured_law_index_dir

        directory = configured_law_index_dir(self.settings, self.law_index)
        if directory is None:
            raise InputError(
                "no law index: start the server with --law-index DIR, or set the law_index "
                "setting (environment variable CONTRACT_REVIEW_LAW_INDEX) to its directory; "
                "build one with 'contract-review law index LAWS_FOLDER --out DIR'"
            )
        return directory

    def _review(self, data: ReviewToolInput, caller: Principal | None) -> ReviewToolOutput:
        from ..cli.review_running import file_review_request, write_state_reports
        from ..review.approval import AutoApprover
        from ..review.engine import ReviewEngine, new_review_id
        from ..storage.opening import open_storage
        from .resources import report_uri

        review_id = new_review_id()
        # a text is kept where the HTTP service keeps an upload: <data dir>/uploads/<id>/
        folder = self.settings.data_dir.expanduser() / "uploads" / review_id
        path = document_file(data.path, data.text, data.name, folder)
        request = file_review_request(
            path,
            data.domain,
            party=data.party,
            report_language=data.report_language,
            owner=caller.id if caller is not None else "",
        )
        with open_storage(self.settings) as storage:
            engine = ReviewEngine(
                self.registry,
                settings=self.settings,
                storage=storage,
                approver=AutoApprover(),
                announce=_announce,
            )
            state = engine.start(request, review_id=review_id)
            written: list[Path] = []
            if data.out_dir is not None:
                report, written = write_state_reports(
                    engine, self.registry, state, Path(data.out_dir)
                )
            else:
                report = engine.report(state)
            location = str(storage.location)
        return ReviewToolOutput(
            review_id=report.review_id,
            status=report.status,
            title=report.title,
            summary=report.summary,
            findings=report.findings,
            notes=report.notes,
            report_json=report_uri(report.review_id, ".json"),
            report_markdown=report_uri(report.review_id, ".md"),
            store=location,
            written=[str(p) for p in written],
        )

    def _ask(self, data: AskToolInput, caller: Principal | None) -> AskAnswer:
        from ..cli.ask_command import answer_question, ask_request
        from ..laws.law_tools import open_law_index

        request = ask_request(
            data.question, data.review_id, None, data.top_k, data.mode, data.language
        )
        if data.review_id is not None and caller is not None:
            from ..service.principals import check_review
            from ..storage.opening import open_storage

            with open_storage(self.settings) as storage:
                check_review(caller, storage, data.review_id)
        law_index = None if data.review_id is not None else self._law_index_dir()
        return answer_question(
            request, settings=self.settings, law_index_dir=law_index, opened=open_law_index
        )


def _announce(info: LLMInfo) -> None:
    """Say, in the server's log, where contract text goes before any is sent."""
    from ..llm.llm_choice import llm_notice

    logger.warning("%s", llm_notice(info))
