"""Every hookspec is documented, typed and says what it returns (datasette's test, adapted)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from contract_review import hookspecs

HOOKS_DOC = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"


def _hookspecs() -> list[tuple[str, object]]:
    return [
        (name, fn)
        for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(fn, f"{hookspecs.PROJECT_NAME}_spec")
    ]


def test_there_are_hookspecs() -> None:
    names = {name for name, _ in _hookspecs()}
    assert {"register_domains", "register_skills", "build_skill_input", "plan_review"} <= names


@pytest.mark.parametrize("name", [name for name, _ in _hookspecs()])
def test_hook_is_documented_in_docs(name: str) -> None:
    headings = set(
        re.findall(r"^### `(\w+)`", HOOKS_DOC.read_text(encoding="utf-8"), flags=re.MULTILINE)
    )
    assert name in headings, f"hook {name} has no '### `{name}`' section in docs/hooks.md"


@pytest.mark.parametrize(("name", "fn"), _hookspecs())
def test_hookspec_docstring_and_types(name: str, fn: object) -> None:
    doc = inspect.getdoc(fn) or ""
    assert "Called" in doc, f"{name}: docstring must say when it is called"
    assert ":returns:" in doc, f"{name}: docstring must say what it returns"
    signature = inspect.signature(fn)  # type: ignore[arg-type]
    assert signature.return_annotation is not inspect.Signature.empty
    for param in signature.parameters.values():
        assert param.annotation is not inspect.Parameter.empty, f"{name}({param.name}) is untyped"
        assert f":param {param.name}:" in doc, f"{name}: parameter {param.name} is not documented"
    firstresult = getattr(fn, f"{hookspecs.PROJECT_NAME}_spec").get("firstresult", False)
    assert ("Stops at first non-None result." in doc) == firstresult, name


def test_documented_hooks_exist() -> None:
    documented = set(
        re.findall(r"^### `(\w+)`", HOOKS_DOC.read_text(encoding="utf-8"), flags=re.MULTILINE)
    )
    assert documented <= {name for name, _ in _hookspecs()}
