"""``contract-review skills``: the installed skills, and their tool definitions for an LLM."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.table import Table
from rich.text import Text

from .context import CliState, echo_json, pass_state, stdout_console

if TYPE_CHECKING:
    from ..registry import Registered, Registry
    from ..skills.registration import SkillRegistration


@click.command("skills")
@click.option(
    "--domain",
    "domain_id",
    metavar="DOMAIN",
    help="Only the skills a review of this domain may use: its own and the generic ('*') ones.",
)
@click.option(
    "--tools",
    is_flag=True,
    help="Print the OpenAI function-calling definitions an LLM sees for the domain's "
    "active skills, as JSON (needs --domain).",
)
@click.option(
    "--all",
    "include_preview",
    is_flag=True,
    help="With --tools, also include preview skills.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="With --tools, schemas for OpenAI's strict mode: every property required "
    "(optional ones nullable), no undeclared property.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the listing as JSON.")
@pass_state
def skills(
    state: CliState,
    domain_id: str | None,
    tools: bool,
    include_preview: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """List the installed skills: id, domain, status, backend, category, the plugin
    that registered it and what it does.

    Skills with domain '*' are generic and offered to every domain. Preview skills are
    listed (and can be planned for) but do not run yet.

    With --tools --domain DOMAIN, print the tool definitions the review agent hands to
    the LLM; internal inputs such as the parsed document are not part of them.
    """
    if tools:
        if domain_id is None:
            raise click.UsageError(
                "--tools needs --domain DOMAIN (the domain whose tool definitions to print)"
            )
        registry = state.load_registry()
        echo_json(tools_json(registry, domain_id, include_preview=include_preview, strict=strict))
        return
    registry = state.load_registry()
    selected = _select(registry, domain_id)
    if as_json:
        echo_json([skill_summary(registered) for registered in selected])
    else:
        _print_table(selected, domain_id)


def tools_json(
    registry: Registry, domain_id: str, *, include_preview: bool, strict: bool = False
) -> list[Any]:
    """The function-calling definitions of the skills a review of ``domain_id`` may use
    (strict-mode schemas with ``strict``).

    :raises UnknownDomainError: naming the installed domains.
    """
    from contract_review import tool_definitions

    skills = registry.skills_for(domain_id, include_preview=include_preview)
    return [definition.wire() for definition in tool_definitions(skills, strict=strict)]


def skill_summary(registered: Registered[SkillRegistration]) -> dict[str, Any]:
    """One skill as the ``--json`` listing shows it."""
    skill = registered.item
    return {
        "skill_id": skill.skill_id,
        "name": skill.name,
        "domain": skill.domain,
        "status": skill.status.value,
        "backend": skill.backend.value,
        "category": skill.category,
        "plugin": registered.plugin,
        "description": skill.description,
    }


def _select(registry: Registry, domain_id: str | None) -> list[Registered[SkillRegistration]]:
    if domain_id is not None:
        registry.domain(domain_id)  # raises UnknownDomainError naming the installed domains
    selected = [
        registered
        for registered in registry.skills.values()
        if domain_id is None or registered.item.applies_to(domain_id)
    ]
    return sorted(selected, key=lambda r: (r.item.domain != "*", r.item.domain, r.item.skill_id))


def _print_table(selected: list[Registered[SkillRegistration]], domain_id: str | None) -> None:
    from ..skills.registration import SkillStatus

    console = stdout_console()
    title = f"Skills for domain {domain_id!r}" if domain_id else "Installed skills"
    if not selected:
        console.print(Text(f"{title}: none.", style="yellow"))
        return
    table = Table(
        title=f"{title} ({len(selected)})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_lines=True,
        pad_edge=False,
    )
    table.add_column("Skill / description", overflow="fold", ratio=2)
    table.add_column("Domain", no_wrap=True)
    table.add_column("Status", no_wrap=True)
    table.add_column("Backend", no_wrap=True)
    table.add_column("Category", no_wrap=True)
    table.add_column("Plugin", overflow="fold", ratio=1)
    for registered in selected:
        skill = registered.item
        status_style = "green" if skill.status is SkillStatus.ACTIVE else "yellow"
        table.add_row(
            Text(skill.skill_id, style="bold") + Text("\n" + skill.description, style="dim"),
            skill.domain,
            Text(skill.status.value, style=status_style),
            skill.backend.value,
            skill.category,
            registered.plugin,
        )
    console.print(table)
