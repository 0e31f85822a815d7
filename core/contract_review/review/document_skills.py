"""A skill run on a document outside a review: the document read as a review reads it,
the skill's input built by the domain's hooks at the clause asked for, as in a review.

``contract-review skills run``, ``POST /skills/{id}/run`` and the MCP server's skill
tools all run skills through :func:`run_skill_on_document`.

A document comes as a path or as its text. Text is written to a file first (in a
folder the caller chooses: a temporary one for a skill, one under the data folder for
a review, so that a paused or interrupted review can be resumed from it), and then
every document is read by :func:`~contract_review.review.document_intake.read_documents`
with the domain's parser settings, roles and limits — the same checks and the same
messages as ``contract-review review``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..documents.model import Document, DocumentRole
from ..domain import ALL_DOMAINS
from ..errors import InputError
from .document_intake import input_limits, read_documents
from .engine_request import DocumentInput, ReviewRequest
from .state import ReviewState

if TYPE_CHECKING:
    from ..config import Settings
    from ..registry import Registry
    from ..skills.dispatcher import SkillDispatcher
    from ..skills.registration import SkillRegistration, SkillResult

__all__ = [
    "DEFAULT_DOMAIN",
    "DocumentSkillArguments",
    "document_file",
    "run_skill_on_document",
    "skill_domain",
    "skill_state",
]

#: The domain a generic skill runs in when none is asked for (when it is installed).
DEFAULT_DOMAIN = "generic"

_PATH_HELP = "A file the server can read: .txt, .md, .docx or .pdf (give this or the text)."
_TEXT_HELP = "The document's text, when there is no file to give."
_NAME_HELP = "The file name of the text (its suffix chooses the parser: .txt, .md)."


def _one_of(path: str | None, text: str | None, what: str, prefix: str) -> None:
    """Exactly one of a document's path and text must be given."""
    if (path is None) == (text is None):
        raise ValueError(f"give the {what} as {prefix}_path or as {prefix}_text (one of them)")


class DocumentSkillArguments(BaseModel):
    """What a skill run on a document adds to the skill's own input: the contract (and
    a related document) the skill reads, and the domain whose checklist and playbook
    apply."""

    model_config = ConfigDict(extra="forbid")

    document_path: str | None = Field(default=None, description=_PATH_HELP)
    document_text: str | None = Field(default=None, description=_TEXT_HELP)
    document_name: str = Field(default="contract.txt", description=_NAME_HELP)
    reference_path: str | None = Field(
        default=None,
        description="A related document (Employer's Requirements, disclosure letter, "
        "General Conditions...) for the skills that read one.",
    )
    reference_text: str | None = Field(default=None, description="The related document's text.")
    reference_name: str = Field(default="reference.txt", description=_NAME_HELP)
    reference_role: str = Field(
        default="reference",
        description="The related document's role: reference, er, disclosure, baseline or "
        "one of the domain's role ids.",
    )
    domain: str | None = Field(
        default=None,
        description="The domain whose checklist and playbook apply (default: the skill's "
        "own; for a generic skill, 'generic' when installed).",
    )
    party: str = Field(default="", description="The side we act for, e.g. 甲方, contractor.")
    clause_id: str = Field(
        min_length=1,
        description="The clause as the document numbers it, e.g. '4.1', '第十二条', or a "
        "checklist item's id.",
    )

    @model_validator(mode="after")
    def _documents_given(self) -> DocumentSkillArguments:
        _one_of(self.document_path, self.document_text, "document", "document")
        if self.reference_path is not None and self.reference_text is not None:
            raise ValueError("give the related document as reference_path or reference_text")
        return self


def document_file(path: str | None, text: str | None, name: str, folder: Path) -> str:
    """The file to read: ``path`` as given, else ``text`` written to ``folder/name``
    (only the last part of ``name`` is used)."""
    if path is not None:
        return path
    if text is None:  # the input models require one of them
        raise InputError("give the document as a path or as its text")
    file_name = PurePath(name.replace("\\", "/")).name.strip() or "document.txt"
    if file_name in {".", ".."}:
        raise InputError(f"{name!r} is not a file name")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / file_name
    target.write_text(text, encoding="utf-8")
    return str(target)


def skill_state(
    arguments: DocumentSkillArguments,
    *,
    domain_id: str,
    registry: Registry,
    settings: Settings,
    folder: Path,
) -> ReviewState:
    """A review state holding the documents of ``arguments``, from which the domain's
    ``build_skill_input`` hooks build a skill's input as they do in a review.

    :raises InputError: for a missing, empty or unreadable document, an unknown
        domain or role (the messages of ``contract-review review``).
    """
    domain = registry.domain(domain_id)
    references: list[tuple[str, str]] = []
    if arguments.reference_path is not None or arguments.reference_text is not None:
        reference = document_file(
            arguments.reference_path,
            arguments.reference_text,
            arguments.reference_name,
            folder / "reference",
        )
        references.append((reference, arguments.reference_role))
    contract = document_file(
        arguments.document_path, arguments.document_text, arguments.document_name, folder
    )
    request = ReviewRequest(
        domain_id=domain.domain_id,
        documents=[
            DocumentInput(path=contract),
            *(DocumentInput(path=p, role=r) for p, r in references),
        ],
        party=arguments.party,
    )
    documents = read_documents(
        request,
        registry,
        domain,
        max_chars=settings.max_document_chars,
        limits=input_limits(settings),
    )
    primary: Document | None = next(
        (d for d in documents if d.role == DocumentRole.PRIMARY.value), None
    )
    return ReviewState(
        domain_id=domain.domain_id,
        documents=documents,
        request=request,
        our_party=arguments.party,
        language="zh" if primary is not None and primary.language == "zh" else "en",
    )


def skill_domain(registry: Registry, skill: SkillRegistration, asked: str | None) -> str:
    """The domain a skill runs in: the one asked for (which the skill must apply
    to), else the skill's own, else for a generic skill the generic domain or the
    first installed one."""
    if asked is not None:
        domain = registry.domain(asked)  # UnknownDomainError naming the installed
        if not skill.applies_to(domain.domain_id):
            raise InputError(
                f"the skill {skill.skill_id} belongs to the {skill.domain} domain, not "
                f"to {domain.domain_id}"
            )
        return domain.domain_id
    if skill.domain != ALL_DOMAINS:
        return skill.domain
    if DEFAULT_DOMAIN in registry.domains:
        return DEFAULT_DOMAIN
    installed = sorted(registry.domains)
    if not installed:
        raise InputError(
            f"the skill {skill.skill_id} reads a contract with a domain's checklist, and "
            "no domain is installed (pip install contract-review-generic)"
        )
    return installed[0]


async def run_skill_on_document(
    registry: Registry,
    settings: Settings,
    skill: SkillRegistration,
    documents: DocumentSkillArguments,
    arguments: Mapping[str, Any] | None = None,
    *,
    dispatcher: SkillDispatcher | None = None,
) -> SkillResult:
    """Run ``skill`` on the documents at ``documents.clause_id``: the input built by
    the domain's ``build_skill_input`` hooks, then ``arguments`` (the skill's own
    visible inputs) set on it, as an LLM's tool call would.

    :raises InputError: for a missing or unreadable document, an unknown domain, or a
        skill of another domain (a failing skill is a result with ``success`` false).
    """
    import anyio

    from ..skills.dispatcher import SkillDispatcher

    dispatcher = dispatcher or SkillDispatcher(registry)
    domain_id = skill_domain(registry, skill, documents.domain)
    with tempfile.TemporaryDirectory(prefix="contract-review-skill-") as folder:
        state = await anyio.to_thread.run_sync(
            lambda: skill_state(
                documents,
                domain_id=domain_id,
                registry=registry,
                settings=settings,
                folder=Path(folder),
            )
        )
        return await dispatcher.prepare_and_call(
            skill.skill_id, clause_id=documents.clause_id, state=state, arguments=arguments
        )
