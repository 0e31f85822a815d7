"""``contract-review new-domain``: start a new legal domain as its own plugin package."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("new-domain")
@click.argument("name")
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Directory to create the package in; it becomes the package root.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Write into --out even if it is not empty (files with the same names are overwritten).",
)
def new_domain(name: str, out: Path, force: bool) -> None:
    """Create a ready-to-install plugin package for a new legal domain NAME.

    NAME is the domain id: lower-case letters, digits and underscores, starting with a
    letter (e.g. 'leases'). The package is the distribution contract-review-NAME with
    the import package contract_review_NAME. It holds a small checklist with English
    and Chinese keywords, one working skill (NAME_find_clauses: ranks the sections of a
    contract that deal with a checklist item), the hook that builds the skill's input,
    and tests that run core's conformance kit. Edit it, install it, and the domain
    appears in 'contract-review plugins'.
    """
    from ..scaffold import write_domain_package

    result = write_domain_package(name, out, force=force)
    package = result.package
    click.echo(
        f"Created {click.style(package.distribution, bold=True)} "
        f"(domain '{package.name}') in {out}:"
    )
    for path in result.files:
        click.echo(f"  {path}")
    click.echo()
    click.echo(click.style("Next steps:", bold=True))
    click.echo(f"  pip install -e {out}")
    click.echo("      install it (editable) next to contract-review")
    click.echo("  contract-review plugins")
    click.echo(
        f"      check that domain '{package.name}' and skill '{package.skill_id}' are listed"
    )
    click.echo(f"  pytest {out / 'tests'}")
    click.echo("      run core's conformance kit and the skill's own test")
    click.echo(f"  edit {out / package.package / 'plugin.py'}")
    click.echo("      the checklist, the skills and how their inputs are built")
