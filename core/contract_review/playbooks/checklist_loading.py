"""Reading a domain's checklist from a data file (YAML or TOML), with errors a user can
act on.

* :func:`load_checklist` — a ``.yaml``/``.yml``/``.toml`` file;
* :func:`load_checklist_resource` — a checklist shipped as package data (each domain
  plugin's ``checklist.yaml``, beside its ``playbook.yaml``);
* :func:`parse_checklist` — text already read.

The file is a mapping with one key, ``checklist``: a list of items whose keys are the
fields of :class:`~contract_review.domain.ChecklistItem`::

    checklist:
      - clause_id: "20.1"
        clause_name: 承包商索赔
        clause_name_en: Contractor's Claims
        priority: critical
        required_skills: [get_clause_context, compare_with_baseline]
        description: Check the notice time bar ...
        keywords: [notice of claim, time bar, 索赔]

Every problem raises :class:`ChecklistError` naming the file, the item (by its clause
id, or its position when it has none) and the field: an unknown key, a value of the
wrong type, a clause id given twice. As in playbooks, plain YAML numbers are read as
text, so ``clause_id: 14.10`` stays ``"14.10"``.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from ..domain import ChecklistItem
from ..errors import InputError, describe_validation_error
from .data_files import data_format, parse_data, read_data_file

__all__ = [
    "ChecklistError",
    "ChecklistFormat",
    "load_checklist",
    "load_checklist_resource",
    "parse_checklist",
]

ChecklistFormat = Literal["yaml", "toml"]


class ChecklistError(InputError):
    """A checklist file is missing, unreadable or invalid; the message names the file,
    the item or field, and what is wrong."""


def _format_of(name: str) -> ChecklistFormat:
    return data_format(name, what="checklist", error=ChecklistError)


def load_checklist(path: str | os.PathLike[str]) -> tuple[ChecklistItem, ...]:
    """The checklist in ``path`` (YAML or TOML, by its extension).

    :raises ChecklistError: a missing or unreadable file, a file that is not YAML/TOML,
        or an item the schema rejects.
    """
    file = Path(path)
    text, fmt = read_data_file(file, what="checklist", error=ChecklistError)
    return parse_checklist(text, source=str(file), fmt=fmt)


def load_checklist_resource(
    package: str, name: str = "checklist.yaml"
) -> tuple[ChecklistItem, ...]:
    """The checklist shipped as ``name`` in ``package`` (package data, read through
    :mod:`importlib.resources`, so it works from a wheel).

    :raises ChecklistError: the file is not in the installed package, or is invalid.
    """
    source = f"{package}/{name}"
    fmt = _format_of(name)
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise ChecklistError(f"checklist {source} not found in the installed package") from exc
    return parse_checklist(text, source=source, fmt=fmt)


def parse_checklist(
    text: str, *, source: str, fmt: ChecklistFormat = "yaml"
) -> tuple[ChecklistItem, ...]:
    """The checklist in ``text`` (``fmt`` ``"yaml"`` or ``"toml"``); ``source`` names it
    in errors."""
    data = _parse(text, source, fmt)
    if data is None:
        raise ChecklistError(f"checklist {source} is empty")
    if not isinstance(data, dict):
        raise ChecklistError(
            f"checklist {source}: the top level must be a mapping with one key, checklist, "
            f"not a {type(data).__name__}"
        )
    extra = sorted(str(key) for key in data if key != "checklist")
    if extra:
        raise ChecklistError(
            f"checklist {source}: unknown top-level key {extra[0]!r}; the file holds only "
            "checklist (a list of items)"
        )
    if "checklist" not in data:
        raise ChecklistError(f"checklist {source}: no checklist key (a list of items)")
    raw_items = data["checklist"]
    if not isinstance(raw_items, list):
        raise ChecklistError(f"checklist {source}: checklist must be a list of items")
    return _items(raw_items, source)


def _parse(text: str, source: str, fmt: ChecklistFormat) -> Any:
    return parse_data(text, fmt, what="checklist", source=source, error=ChecklistError)


def _items(raw_items: list[Any], source: str) -> tuple[ChecklistItem, ...]:
    """Each item validated on its own, so an error names the item by its clause id."""
    problems: list[str] = []
    items: list[ChecklistItem] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_items):
        clause_id = raw.get("clause_id") if isinstance(raw, dict) else None
        label = f"item {clause_id!r}" if isinstance(clause_id, str) else f"checklist[{index}]"
        if not isinstance(raw, dict):
            problems.append(
                f"{label}: an item must be a mapping of fields, not a {type(raw).__name__}"
            )
            continue
        try:
            item = ChecklistItem.model_validate(raw)
        except ValidationError as exc:
            problems.append(f"{label}: {describe_validation_error(exc, root='item')}")
            continue
        if item.clause_id in seen:
            problems.append(f"{label} (checklist[{index}]): clause_id given twice")
            continue
        seen.add(item.clause_id)
        items.append(item)
    if problems:
        raise ChecklistError(f"checklist {source}: {'; '.join(problems)}")
    return tuple(items)
