"""The built-in parsers as registered through the plugin hook, and the package exports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import contract_review.documents as documents
from contract_review.documents.loading import parse_bytes, parse_file
from contract_review.registry import Registry, load_registry


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(load_entrypoints=False)


@pytest.mark.parametrize(
    ("file_name", "parser"),
    [
        ("a.MD", "markdown"),
        ("b.markdown", "markdown"),
        ("contract.txt", "text"),
        ("c.text", "text"),
        ("x.docx", "docx"),
        ("x.pdf", "pdf"),
    ],
)
def test_builtin_parsers_registered(registry: Registry, file_name: str, parser: str) -> None:
    found = registry.parser_for(file_name)
    assert found is not None and found.name == parser
    assert found.description


def test_parse_file_uses_registry(registry: Registry, tmp_path: Path) -> None:
    path = tmp_path / "law.markdown"
    path.write_text("# 法\n\n## 第一章 总则\n\n第一条 内容。\n", encoding="utf-8")
    document = parse_file(path, registry=registry, role="reference")
    assert document.format == "markdown"
    assert document.role == "reference"
    assert [s.id for s in document.sections()] == ["第一章", "第一条"]


def test_parse_bytes_without_registry_uses_builtins() -> None:
    document = parse_bytes(b"# T\n\n## 1 Scope\n\nText.\n", name="x.md")
    assert document.format == "markdown"
    assert [s.id for s in document.sections()] == ["1"]


def test_package_exports_resolve() -> None:
    for name in documents.__all__:
        assert getattr(documents, name) is not None
    with pytest.raises(AttributeError):
        documents.no_such_name  # noqa: B018


def test_documents_package_does_not_import_registry() -> None:
    code = (
        "import sys, contract_review.documents as d; d.parse_text; d.locate_clause; "
        "assert 'contract_review.registry' not in sys.modules"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
