"""``contract-review parse``: how core splits a document into sections."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.text import Text

from .context import CliState, echo_json, pass_state, stdout_console

if TYPE_CHECKING:
    from ..documents.model import Document


@click.command("parse")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=True))
@click.option("--json", "as_json", is_flag=True, help="Print the section tree as JSON.")
@click.option(
    "--role",
    default="primary",
    show_default=True,
    metavar="ROLE",
    help="Document role: primary, reference, disclosure_letter, baseline or a domain's role id.",
)
@click.option(
    "--language",
    type=click.Choice(["auto", "en", "zh"]),
    default="auto",
    show_default=True,
    help="Language of the numbering ('Clause 20.1' or '第二十条'); auto detects it.",
)
@click.option(
    "--domain",
    "domain_id",
    metavar="DOMAIN",
    help="Use this domain's parser settings (e.g. extra titles of definitions sections).",
)
@pass_state
def parse(
    state: CliState, file: Path, as_json: bool, role: str, language: str, domain_id: str | None
) -> None:
    """Parse FILE and show its outline: the sections, their ids as the document numbers
    them, and their titles.

    Use it to check that a contract or a law is split the way the review will see it.
    Plain text and Markdown are always supported; .docx and .pdf need the 'formats'
    extra (pip install 'contract-review[formats]').
    """
    from contract_review import parse_file

    registry = state.load_registry()
    parser_settings = registry.domain(domain_id).parser_settings if domain_id else None
    document = parse_file(
        file, registry=registry, role=role, language=language, settings=parser_settings
    )
    if as_json:
        from ..documents.outline import section_to_json

        echo_json(section_to_json(document.root))
        return
    from ..documents.outline import outline_tree

    console = stdout_console()
    console.print(outline_tree(document))
    console.print(Text(document_summary(document), style="bold"), soft_wrap=True)


def document_summary(document: Document) -> str:
    """One line: name, role, sections, articles/clauses, language and defined terms."""
    from ..documents.model import SectionKind

    sections = list(document.sections())
    numbered = sum(1 for s in sections if s.kind in (SectionKind.ARTICLE, SectionKind.CLAUSE))
    return (
        f"{document.name} ({document.role}): {_count(len(sections), 'section')}, "
        f"{_count(numbered, 'article/clause', 'articles/clauses')}, "
        f"language {document.language}, "
        f"{_count(len(document.definitions), 'definition')}"
    )


def _count(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
