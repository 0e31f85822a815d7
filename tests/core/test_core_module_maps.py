"""Every core package opens with a module map, and the maps stay true.

A package's ``__init__`` docstring lists each of its modules and sub-packages once, as a
bullet ``* :mod:`.name` — its one job``; every relative ``:mod:`.name``` the docstring
mentions exists. Adding, removing or renaming a module without its map line fails here.
The docstrings are read from the source, so no package (nor its extras) is imported.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

import contract_review

CORE = Path(contract_review.__file__).resolve().parent

#: A map line: ``* :mod:`.name` — what it does``.
MAP_ENTRY = re.compile(r"^[ \t]*\* :mod:`\.(\w+)` — \S", flags=re.MULTILINE)
#: Any relative module reference: ``:mod:`.name```, ``:mod:`~.name.sub```.
RELATIVE_MOD = re.compile(r":mod:`~?\.([\w.]+)`")


def _packages() -> list[Path]:
    return sorted(
        init.parent for init in CORE.rglob("__init__.py") if "__pycache__" not in init.parts
    )


def _package_name(package: Path) -> str:
    return ".".join(("contract_review", *package.relative_to(CORE).parts))


def _members(package: Path) -> set[str]:
    """The package's modules (``x.py``) and sub-packages (``x/__init__.py``)."""
    modules = {path.stem for path in package.glob("*.py") if path.name != "__init__.py"}
    subpackages = {path.parent.name for path in package.glob("*/__init__.py")}
    return modules | subpackages


def _docstring(package: Path) -> str:
    source = (package / "__init__.py").read_text(encoding="utf-8")
    return ast.get_docstring(ast.parse(source), clean=False) or ""


def _exists(package: Path, dotted: str) -> bool:
    *parents, last = dotted.split(".")
    folder = package.joinpath(*parents)
    return (folder / f"{last}.py").is_file() or (folder / last / "__init__.py").is_file()


PACKAGES = _packages()


def test_the_packages_are_found() -> None:
    names = {_package_name(package) for package in PACKAGES}
    assert {"contract_review", "contract_review.review", "contract_review.cli"} <= names
    assert "contract_review.retrieval.embedders" in names
    assert "contract_review.skills.generic" in names


@pytest.mark.parametrize("package", PACKAGES, ids=_package_name)
def test_map_lists_every_module_once(package: Path) -> None:
    name = _package_name(package)
    entries = Counter(MAP_ENTRY.findall(_docstring(package)))
    assert entries, f"{name}/__init__.py has no module map ('* :mod:`.x` — its job' lines)"
    members = _members(package)
    missing = sorted(members - entries.keys())
    unknown = sorted(entries.keys() - members)
    repeated = sorted(module for module, count in entries.items() if count > 1)
    assert not missing, f"{name}: the module map does not list {missing}"
    assert not unknown, f"{name}: the module map lists {unknown}, which do not exist"
    assert not repeated, f"{name}: the module map lists {repeated} more than once"


@pytest.mark.parametrize("package", PACKAGES, ids=_package_name)
def test_relative_module_references_exist(package: Path) -> None:
    name = _package_name(package)
    references = set(RELATIVE_MOD.findall(_docstring(package)))
    missing = sorted(dotted for dotted in references if not _exists(package, dotted))
    assert not missing, f"{name}/__init__.py names modules that do not exist: {missing}"
