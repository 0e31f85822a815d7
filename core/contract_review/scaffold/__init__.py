"""Scaffolding: generate a ready-to-install domain plugin package.

``contract-review new-domain NAME --out DIR`` uses :func:`write_domain_package`; the
files come from the templates in ``templates/`` (rendered with :class:`string.Template`).

Modules, one job each:

* :mod:`.domain_package` — plan, render and write the package from the templates.
"""

from __future__ import annotations

from .domain_package import (
    DomainPackage,
    ScaffoldResult,
    plan_domain_package,
    render_domain_package,
    validate_domain_name,
    write_domain_package,
)

__all__ = [
    "DomainPackage",
    "ScaffoldResult",
    "plan_domain_package",
    "render_domain_package",
    "validate_domain_name",
    "write_domain_package",
]
