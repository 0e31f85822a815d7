"""The documents a tool is given, read as a review reads them.

A document comes as a path or as its text. Text is written to a file first (in a
folder the caller chooses: a temporary one for a skill, one under the data folder for
a review, so that a paused or interrupted review can be resumed from it), and then
every document is read by :func:`~contract_review.review.document_intake.read_documents`
with the domain's parser settings, roles and limits — the same checks and the same
messages as ``contract-review review``.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from ..cli.review_running import file_review_request
from ..documents.model import Document, DocumentRole
from ..errors import InputError
from ..review.document_intake import input_limits, read_documents
from ..review.state import ReviewState

if TYPE_CHECKING:
    from ..config import Settings
    from ..registry import Registry
    from .tool_models import DocumentSkillArguments

__all__ = ["document_file", "skill_state"]


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
    request = file_review_request(
        contract, domain.domain_id, references=references, party=arguments.party
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
