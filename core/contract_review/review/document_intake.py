"""Reading the documents of a review: roles as the user names them, files parsed with
the domain's parser settings, and the checks that stop a review before it starts (a
missing or empty file, a contract with no recognisable clauses, a document whose role
the domain does not know)."""

from __future__ import annotations

import re

from ..documents.loading import parse_file
from ..documents.model import Document, DocumentRole
from ..domain import DomainSpec
from ..errors import DocumentParseError, InputError
from ..registry import Registry
from .engine_request import ReviewRequest

__all__ = ["read_documents", "resolve_role"]

#: Role names the CLI accepts for any domain, and the kind of domain role each maps to.
_ROLE_KINDS = {"reference": "reference", "disclosure": "disclosure_letter", "baseline": "baseline"}
#: Words of obligation or agreement: a text with no numbered sections is still a
#: contract (reviewed paragraph by paragraph) when it uses them.
_CONTRACT_LANGUAGE = re.compile(
    r"\b(?:shall|agree[sd]?|must|undertakes?|hereby|covenants?|warrants?)\b"
    r"|应当|应|须|同意|约定|承诺|保证|甲方|乙方",
    re.IGNORECASE,
)


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


def read_documents(
    request: ReviewRequest, registry: Registry, domain: DomainSpec
) -> list[Document]:
    """Parse every document of ``request`` with its role.

    :raises InputError: for a missing, unreadable or empty file, a reference document
        that fails to parse (named as such), a review with no primary document or more
        than one, or a primary document with no recognisable clauses.
    """
    documents: list[Document] = []
    for entry in request.documents:
        role = resolve_role(domain, entry.role)
        try:
            document = parse_file(
                entry.path, registry=registry, role=role, settings=domain.parser_settings
            )
        except DocumentParseError as exc:
            what = "contract" if role == DocumentRole.PRIMARY.value else f"{role} document"
            raise DocumentParseError(f"the {what} {entry.path} could not be read: {exc}") from exc
        if not document.source.strip():
            raise InputError(f"{entry.path} is empty: there is nothing to review")
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


def _check_has_clauses(document: Document, path: str) -> None:
    if any(True for _ in document.sections()) or _CONTRACT_LANGUAGE.search(document.source):
        return
    raise InputError(
        f"{path} has no recognisable clauses: the parser found no numbered clauses or "
        "headings, and the text has no words of obligation (shall, agree, 应, 同意...); "
        "is this the contract?"
    )
