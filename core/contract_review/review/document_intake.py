"""Reading the documents of a review: roles as the user names them, files parsed with
the domain's parser settings, the checks that stop a review before it starts (a
missing or empty file, a contract with no contractual content, a document whose role
the domain does not know) and the note a contract read paragraph by paragraph gets."""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Settings
from ..documents.contract_language import has_contract_language
from ..documents.loading import parse_file
from ..documents.model import Document, DocumentRole, Sectioning
from ..documents.parser_types import InputLimits
from ..domain import DomainSpec
from ..errors import DocumentParseError, InputError
from ..registry import Registry
from .engine_request import ReviewRequest

__all__ = [
    "MAX_DOCUMENT_CHARS",
    "input_limits",
    "read_documents",
    "reading_notes",
    "resolve_role",
]

#: Role names the CLI accepts for any domain, and the kind of domain role each maps to.
_ROLE_KINDS = {"reference": "reference", "disclosure": "disclosure_letter", "baseline": "baseline"}


def resolve_role(domain: DomainSpec, role: str) -> str:
    """The domain's role id for ``role``: a role id of the domain itself, or one of
    ``er``, ``reference``, ``disclosure``, ``baseline`` mapped to the domain's role of
    that kind.

    :raises InputError: when the domain has no such role, naming the ones it has.
    """
    wanted = role.strip().lower()
    roles = {spec.role: spec for spec in domain.document_roles}
    if wanted in roles:
        return wanted
    kind = _ROLE_KINDS.get(wanted)
    if kind is not None:
        for spec in domain.document_roles:
            if spec.kind == kind and spec.role != DocumentRole.PRIMARY.value:
                return spec.role
    known = ", ".join(sorted(roles))
    raise InputError(
        f"the {domain.domain_id} domain has no document role {role!r}; its roles are: {known} "
        "(or use reference, disclosure, baseline)"
    )


def input_limits(settings: Settings) -> InputLimits:
    """What a parser may unpack, as ``settings`` say."""
    return InputLimits(
        max_unpacked_bytes=settings.max_unpacked_bytes,
        max_compression_ratio=settings.max_compression_ratio,
        max_pdf_pages=settings.max_pdf_pages,
    )


#: The most characters a document under review may hold, unless the caller says.
MAX_DOCUMENT_CHARS = 5_000_000


def read_documents(
    request: ReviewRequest,
    registry: Registry,
    domain: DomainSpec,
    *,
    max_chars: int = MAX_DOCUMENT_CHARS,
    limits: InputLimits | None = None,
) -> list[Document]:
    """Parse every document of ``request`` with its role.

    :param max_chars: The most characters a document may hold once read
        (``Settings.max_document_chars``).
    :param limits: What a parser may unpack (``Settings.max_unpacked_bytes``...).
    :raises InputError: for a missing, unreadable or empty file, a document longer than
        ``max_chars``, a reference document that fails to parse (named as such), a
        review with no primary document or more than one, or a primary document with no
        recognisable clauses.
    """
    documents: list[Document] = []
    for entry in request.documents:
        role = resolve_role(domain, entry.role)
        try:
            document = parse_file(
                entry.path,
                registry=registry,
                role=role,
                settings=domain.parser_settings,
                limits=limits,
            )
        except DocumentParseError as exc:
            what = "contract" if role == DocumentRole.PRIMARY.value else f"{role} document"
            raise DocumentParseError(f"the {what} {entry.path} could not be read: {exc}") from exc
        if not document.source.strip():
            raise InputError(f"{entry.path} is empty: there is nothing to review")
        if len(document.source) > max_chars:
            raise InputError(
                f"{entry.path} holds {len(document.source):,} characters; a review reads at "
                f"most {max_chars:,} (set CONTRACT_REVIEW_MAX_DOCUMENT_CHARS to raise the limit)"
            )
        documents.append(document)
    names = [d.name for d in documents]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise InputError(
            f"two documents of the review share the file name {repeated[0]!r}; evidence names "
            "documents by file name, so rename one of them"
        )
    primaries = [
        (entry.path, doc)
        for entry, doc in zip(request.documents, documents, strict=True)
        if doc.role == DocumentRole.PRIMARY.value
    ]
    if len(primaries) != 1:
        raise InputError(
            f"a review needs exactly one contract under review (role primary); got {len(primaries)}"
        )
    path, primary = primaries[0]
    _check_has_clauses(primary, path)
    return documents


def reading_notes(documents: Sequence[Document], language: str = "") -> list[str]:
    """The report's notes, in the report ``language`` ('' for the contract's): a document
    read with its tracked changes accepted, and a contract under review that has no
    clause numbers or headings and was read paragraph by paragraph (``¶1``...)."""
    notes = [_tracked_changes_note(d, language) for d in documents if d.tracked_changes]
    primary = next((d for d in documents if d.role == DocumentRole.PRIMARY.value), None)
    if primary is None or primary.sectioning is not Sectioning.PARAGRAPHS:
        return notes
    ids = [section.id for section in primary.sections()]
    span = ids[0] if len(ids) == 1 else f"{ids[0]}–{ids[-1]}"
    if (language or primary.language) == "zh":
        return [*notes, f"本合同没有条款编号或标题，已逐段审查（{span}）。"]
    return [
        *notes,
        "The contract has no clause numbers or headings; it was reviewed paragraph by "
        f"paragraph ({span}).",
    ]


def _tracked_changes_note(document: Document, language: str) -> str:
    """Say, in ``language`` ('' for the document's), that ``document``'s tracked changes
    were read as accepted."""
    count = document.tracked_changes
    if (language or document.language) == "zh":
        return f"{document.name} 含有未处理的修订（{count} 段）；审查按接受全部修订后的文本进行。"
    paragraphs = "paragraph" if count == 1 else "paragraphs"
    return (
        f"{document.name} holds tracked changes ({count} {paragraphs}); it was reviewed as "
        "if every change were accepted."
    )


def _check_has_clauses(document: Document, path: str) -> None:
    """A contract with numbered clauses or headings is reviewed; one without them is
    reviewed paragraph by paragraph when it has contractual content
    (:mod:`~contract_review.documents.contract_language`), and refused otherwise."""
    numbered = document.sectioning is Sectioning.HEADINGS and any(True for _ in document.sections())
    if numbered or has_contract_language(document.source):
        return
    raise InputError(
        f"{path} has no recognisable clauses: it has no clause numbers or headings and no "
        "contractual wording (parties, obligations, agreement: party, shall, agree, 甲方, "
        "应, 合同...); is this the contract?"
    )
