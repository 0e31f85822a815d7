"""Each domain plugin in the repository declares, in its ``pyproject.toml``, every
third-party package its modules import (and nothing it does not import), so that
``pip install`` of the plugin alone gives a plugin that loads."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
PROJECTS = sorted(PLUGINS.glob("*/pyproject.toml"))


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared(project: Path) -> set[str]:
    data = tomllib.loads(project.read_text(encoding="utf-8"))
    return {
        _normalise(re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0])
        for spec in data["project"]["dependencies"]
    }


def _imported(package: Path) -> set[str]:
    """Top-level names the package's modules import, outside the package itself."""
    names: set[str] = set()
    for module in package.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return {
        name
        for name in names
        if name not in sys.stdlib_module_names and name not in {package.name, "__future__"}
    }


def test_the_plugins_are_found() -> None:
    if not PROJECTS:
        pytest.skip("the repository's plugins/ folder is not beside the tests")
    assert {project.parent.name for project in PROJECTS} >= {"fidic", "generic", "sha_spa"}


@pytest.mark.parametrize("project", PROJECTS, ids=lambda path: path.parent.name)
def test_a_plugin_declares_exactly_what_it_imports(project: Path) -> None:
    [package] = [p for p in project.parent.glob("contract_review_*") if p.is_dir()]
    distributions = packages_distributions()
    needed = {
        _normalise(distribution)
        for name in _imported(package)
        for distribution in distributions.get(name, [name])
    }
    declared = _declared(project)
    assert not needed - declared, f"{project.parent.name} imports undeclared {needed - declared}"
    assert not declared - needed, f"{project.parent.name} declares unused {declared - needed}"
