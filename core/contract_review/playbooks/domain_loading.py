"""A domain's spec read from its data files: ``domain.yaml`` (its id, name, description,
parser settings and the documents a review takes) beside its ``checklist.yaml`` and
``playbook.yaml``, so that a domain plugin is content and one call builds its
:class:`~contract_review.domain.DomainSpec`::

    DOMAIN_SPEC = load_domain_resource(__package__, baseline_texts=BASELINE_TEXTS)

``domain.yaml`` (or ``.toml``) holds the spec's fields but the checklist, the playbook
and the baseline texts::

    domain_id: leases
    name: Commercial leases
    description: Review of commercial leases ...
    parser_settings: {language: auto}
    document_roles:
      - {role: primary, name: Lease under review, required: true, kind: primary}

Every problem raises :class:`DomainFileError` naming the file and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from pydantic import ValidationError

from ..domain import DomainSpec
from ..errors import InputError, describe_validation_error
from .checklist_loading import load_checklist_resource
from .data_files import data_format, parse_data
from .playbook_loading import load_playbook_resource

__all__ = ["DOMAIN_FILE_FIELDS", "DomainFileError", "load_domain_resource", "parse_domain"]

#: The fields a domain file may set (the rest come from the checklist and playbook files).
DOMAIN_FILE_FIELDS = frozenset(
    {"domain_id", "name", "name_zh", "description", "parser_settings", "document_roles"}
)


class DomainFileError(InputError):
    """A domain file is missing or invalid; the message names the file and the field."""


def load_domain_resource(
    package: str,
    name: str = "domain.yaml",
    *,
    baseline_texts: Mapping[str, str] | None = None,
) -> DomainSpec:
    """The spec of the domain shipped in ``package``: ``name`` with the package's
    ``checklist.yaml`` and ``playbook.yaml``, and ``baseline_texts`` (clause id → a
    balanced position in the domain's own words).

    :raises DomainFileError: the domain file is missing or invalid.
    :raises ChecklistError: the checklist is (see :mod:`.checklist_loading`).
    :raises PlaybookError: the playbook is (see :mod:`.playbook_loading`).
    """
    source = f"{package}/{name}"
    fmt = data_format(name, what="domain file", error=DomainFileError)
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise DomainFileError(f"domain file {source} not found in the installed package") from exc
    fields = parse_domain(text, source=source, fmt=fmt)
    return _spec(
        {
            **fields,
            "checklist": load_checklist_resource(package),
            "playbook": load_playbook_resource(package),
            "baseline_texts": dict(baseline_texts or {}),
        },
        source,
    )


def parse_domain(text: str, *, source: str, fmt: str = "yaml") -> dict[str, Any]:
    """The fields of the domain file ``text``, checked against :data:`DOMAIN_FILE_FIELDS`."""
    data = parse_data(text, "toml" if fmt == "toml" else "yaml", what="domain file",
                      source=source, error=DomainFileError)  # fmt: skip
    if not isinstance(data, dict):
        raise DomainFileError(
            f"domain file {source}: the top level must be a mapping of the domain's fields"
        )
    unknown = sorted(str(key) for key in data if key not in DOMAIN_FILE_FIELDS)
    if unknown:
        raise DomainFileError(
            f"domain file {source}: unknown key {unknown[0]!r}; it may set "
            f"{', '.join(sorted(DOMAIN_FILE_FIELDS))}"
        )
    return data


def _spec(fields: dict[str, Any], source: str) -> DomainSpec:
    try:
        return DomainSpec.model_validate(fields)
    except ValidationError as exc:
        raise DomainFileError(
            f"domain file {source}: {describe_validation_error(exc, root='domain')}"
        ) from exc
