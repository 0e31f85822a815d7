"""A domain's spec from its data files: ``domain.yaml`` with the checklist and playbook
beside it; a wrong or unknown field is one error naming the file and the field."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contract_review.playbooks.domain_loading import (
    DomainFileError,
    load_domain_resource,
    parse_domain,
)

DOMAIN = """domain_id: leases
name: Commercial leases
description: Review of commercial leases.
parser_settings: {language: auto}
document_roles:
  - {role: primary, name: Lease under review, required: true, kind: primary}
"""
CHECKLIST = """checklist:
  - {clause_id: rent, clause_name: Rent, keywords: [rent]}
"""
PLAYBOOK = """schema_version: 1
playbook_id: leases
domain_id: leases
version: "1.0.0"
title: Leases
rules: []
"""


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, domain: str) -> str:
    package = tmp_path / "throwaway_leases_domain"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, text in (
        ("domain.yaml", domain),
        ("checklist.yaml", CHECKLIST),
        ("playbook.yaml", PLAYBOOK),
    ):
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, package.name, raising=False)
    return package.name


def test_the_three_files_make_the_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = _package(tmp_path, monkeypatch, DOMAIN)
    spec = load_domain_resource(package, baseline_texts={"rent": "Rent is paid quarterly."})
    assert (spec.domain_id, spec.name) == ("leases", "Commercial leases")
    assert [item.clause_id for item in spec.checklist] == ["rent"]
    assert spec.playbook.playbook_id == "leases"
    assert spec.document_roles[0].required and spec.baseline_texts["rent"]


def test_errors_name_the_file_and_the_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unknown = _package(tmp_path / "a", monkeypatch, DOMAIN + "owner: us\n")
    with pytest.raises(DomainFileError, match=r"domain\.yaml: unknown key 'owner'"):
        load_domain_resource(unknown)
    nameless = _package(tmp_path / "b", monkeypatch, DOMAIN.replace("Commercial leases", "''"))
    with pytest.raises(DomainFileError, match=r"domain file .*domain\.yaml: .*name"):
        load_domain_resource(nameless)
    with pytest.raises(DomainFileError, match=r"not found in the installed package"):
        load_domain_resource(nameless, "missing.yaml")
    with pytest.raises(DomainFileError, match="top level must be a mapping"):
        parse_domain("- a\n- b\n", source="leases/domain.yaml")
