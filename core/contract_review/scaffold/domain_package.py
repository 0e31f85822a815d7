"""Render and write a new domain plugin package from the templates in ``templates/``.

The package is laid out like the project's own domain plugins::

    DIR/
      pyproject.toml                  distribution contract-review-NAME, entry point NAME
      README.md
      contract_review_NAME/
        __init__.py
        py.typed
        plugin.py                     the hook implementations: domain, skill, skill input
      tests/
        test_NAME_plugin.py           core's conformance kit + a test of the skill
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path, PurePosixPath
from string import Template

import attrs

from ..domain import IDENTIFIER_PATTERN, is_identifier
from ..errors import InputError
from ..plugins import core_version

#: Template file (under ``templates/``) -> output path; ``{package}`` and ``{name}`` are
#: filled in.
TEMPLATE_FILES: tuple[tuple[str, str], ...] = (
    ("pyproject.toml.tmpl", "pyproject.toml"),
    ("README.md.tmpl", "README.md"),
    ("package/__init__.py.tmpl", "{package}/__init__.py"),
    ("package/py.typed.tmpl", "{package}/py.typed"),
    ("package/plugin.py.tmpl", "{package}/plugin.py"),
    ("package/checklist.yaml.tmpl", "{package}/checklist.yaml"),
    ("tests/test_plugin.py.tmpl", "tests/test_{name}_plugin.py"),
)

_TEMPLATES_PACKAGE = "contract_review.scaffold"
_IDENTIFIER = re.compile(IDENTIFIER_PATTERN.removeprefix("^").removesuffix("$"))
_RELEASE = re.compile(r"^(\d+)\.(\d+)")


@attrs.frozen(kw_only=True)
class DomainPackage:
    """The names a new domain package uses, all derived from the domain id."""

    #: Domain id and entry-point name, e.g. ``real_estate``.
    name: str
    #: Distribution name, e.g. ``contract-review-real-estate``.
    distribution: str
    #: Import package, e.g. ``contract_review_real_estate``.
    package: str
    #: Human title, e.g. ``Real estate``.
    title: str
    #: CamelCase form for class names, e.g. ``RealEstate``.
    class_name: str
    #: The one skill the template registers, e.g. ``real_estate_find_clauses``.
    skill_id: str
    #: Requirement on core, e.g. ``contract-review>=0.1``.
    core_requirement: str

    def substitutions(self) -> dict[str, str]:
        """The ``$placeholders`` the templates use."""
        return {
            "name": self.name,
            "distribution": self.distribution,
            "package": self.package,
            "title": self.title,
            "class_name": self.class_name,
            "skill_id": self.skill_id,
            "core_requirement": self.core_requirement,
        }


@attrs.frozen(kw_only=True)
class ScaffoldResult:
    """What :func:`write_domain_package` wrote."""

    package: DomainPackage
    root: Path
    #: Written files, relative to ``root``, in template order.
    files: tuple[PurePosixPath, ...]


def validate_domain_name(name: str) -> str:
    """Check that ``name`` can be a domain id, an entry-point name and part of a
    Python package name.

    :raises InputError: saying what a valid name looks like.
    """
    # fullmatch: a trailing newline must not slip through the pattern's "$".
    if not is_identifier(name) or _IDENTIFIER.fullmatch(name) is None:
        raise InputError(
            f"invalid domain name {name!r}: use lower-case letters, digits and underscores, "
            f"starting with a letter (pattern {IDENTIFIER_PATTERN}), e.g. 'leases' or 'real_estate'"
        )
    return name


def core_requirement() -> str:
    """``contract-review>=MAJOR.MINOR`` of the running core, or plain ``contract-review``
    when the version is unknown (running from a source tree)."""
    version = core_version()
    match = _RELEASE.match(version)
    if match is None or version.startswith("0+"):
        return "contract-review"
    return f"contract-review>={match.group(1)}.{match.group(2)}"


def plan_domain_package(name: str) -> DomainPackage:
    """The names of the package for domain ``name``.

    :raises InputError: when ``name`` is not a valid domain id.
    """
    validate_domain_name(name)
    words = name.split("_")
    return DomainPackage(
        name=name,
        distribution="contract-review-" + name.replace("_", "-"),
        package=f"contract_review_{name}",
        title=" ".join(words).capitalize(),
        class_name="".join(word.capitalize() for word in words if word),
        skill_id=f"{name}_find_clauses",
        core_requirement=core_requirement(),
    )


def render_domain_package(package: DomainPackage) -> dict[PurePosixPath, str]:
    """Every file of the package: relative path -> content."""
    templates = resources.files(_TEMPLATES_PACKAGE).joinpath("templates")
    values = package.substitutions()
    rendered: dict[PurePosixPath, str] = {}
    for template_name, target in TEMPLATE_FILES:
        text = templates.joinpath(template_name).read_text(encoding="utf-8")
        path = PurePosixPath(target.format(package=package.package, name=package.name))
        rendered[path] = Template(text).substitute(values)
    return rendered


def write_domain_package(name: str, out: Path, *, force: bool = False) -> ScaffoldResult:
    """Write the package for domain ``name`` with ``out`` as its root directory.

    :param force: Write into ``out`` even when it is not empty (files the template
        writes are overwritten; other files are left alone).
    :raises InputError: for an invalid name, an ``out`` that is a file or a non-empty
        directory without ``force``, or a directory that cannot be written.
    """
    package = plan_domain_package(name)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file; give a directory for the new package")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise InputError(
            f"--out directory {out} is not empty; choose a new directory or pass --force "
            "to write into it (existing files with the same names are overwritten)"
        )
    files = render_domain_package(package)
    try:
        for relative, content in files.items():
            target = out.joinpath(*relative.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise InputError(f"cannot write the package to {out}: {exc}") from exc
    return ScaffoldResult(package=package, root=out, files=tuple(files))
