"""``contract-review skills``: the installed skills, their tool definitions for an LLM,
and ``skills run``: one skill on a document, outside a review."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.table import Table
from rich.text import Text

from .context import CliState, echo_json, pass_state, stdout_console

if TYPE_CHECKING:
    from ..registry import Registered, Registry
    from ..skills.registration import SkillRegistration


@click.group("skills", invoke_without_command=True)
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
@click.pass_context
def skills(
    context: click.Context,
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
    the LLM; internal inputs such as the parsed document are not part of them. Run one
    skill on a document with 'skills run SKILL --document FILE --clause ID'.
    """
    if context.invoked_subcommand is not None:
        return
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


@skills.command("run")
@click.argument("skill_id", metavar="SKILL")
@click.option(
    "--document",
    "document",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="The contract the skill reads (.txt, .md, .docx, .pdf).",
)
@click.option(
    "--clause",
    "clause_id",
    default="1",
    show_default=True,
    help="The clause as the document numbers it ('4.1', '第十二条') or a checklist item's id.",
)
@click.option(
    "--input",
    "input_json",
    default="{}",
    help="The skill's own arguments as a JSON object, as an LLM's tool call gives them "
    "(see 'skills --tools --domain DOMAIN').",
)
@click.option(
    "--reference",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A related document (Employer's Requirements, disclosure letter...).",
)
@click.option("--reference-role", default="reference", show_default=True)
@click.option("--domain", "domain_id", help="The domain whose checklist and playbook apply.")
@click.option("--party", default="", help="The side we act for, e.g. 甲方, contractor.")
@pass_state
def run_skill(
    state: CliState,
    skill_id: str,
    document: Path,
    clause_id: str,
    input_json: str,
    reference: Path | None,
    reference_role: str,
    domain_id: str | None,
    party: str,
) -> None:
    """Run SKILL on a document at one clause, outside a review, and print its result
    as JSON. The skill's input is built as a review builds it (the parsed document,
    the domain's checklist and playbook); --input sets the skill's own arguments.

    \b
    Example:
      contract-review skills run extract_financial_terms --document contract.txt --clause 14.1
    """
    import json

    import anyio

    from ..config import load_settings
    from ..errors import InputError
    from ..review.document_skills import DocumentSkillArguments, run_skill_on_document

    try:
        arguments = json.loads(input_json)
    except ValueError as exc:
        raise InputError(f"--input is not JSON: {exc}") from None
    if not isinstance(arguments, dict):
        raise InputError("--input must be a JSON object of the skill's arguments")
    registry = state.load_registry()
    skill = registry.skill(skill_id)
    documents = DocumentSkillArguments(
        document_path=str(document),
        reference_path=str(reference) if reference is not None else None,
        reference_role=reference_role,
        domain=domain_id,
        party=party,
        clause_id=clause_id,
    )
    result = anyio.run(
        lambda: run_skill_on_document(registry, load_settings(), skill, documents, arguments)
    )
    echo_json(result.model_dump(mode="json"))
    if not result.success:
        raise SystemExit(1)
