"""Reading and writing playbook files (YAML or TOML), with errors a user can act on.

* :func:`load_playbook` — a ``.yaml``/``.yml``/``.toml`` file (``--playbook FILE``);
  with ``domain``, also checked against that domain's checklist;
* :func:`load_playbook_resource` — a playbook shipped as package data (each domain
  plugin's ``playbook.yaml``);
* :func:`parse_playbook` — text already read;
* :func:`dump_playbook` — a playbook as YAML or TOML text (loading it gives it back).

Every problem raises :class:`PlaybookError` naming the file, the rule id or field path,
and what is wrong. In YAML, plain numbers are read as text and converted by the schema,
so a clause id written ``14.10`` stays ``"14.10"`` instead of becoming ``14.1``. A rule
may take its patterns from the shared term library (``uses: <term>``, see
:mod:`.term_library`).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import ValidationError

from ..domain import DomainSpec
from ..errors import InputError, describe_validation_error
from .data_files import TextNumbersLoader, data_format, parse_data, read_data_file
from .playbook_models import PLAYBOOK_SCHEMA_VERSION, Playbook
from .rule_models import PlaybookRule
from .term_library import TermLibraryError, check_terms, expand_uses
from .term_topics import NO_TOPIC, term_topics

__all__ = [
    "PlaybookError",
    "PlaybookFormat",
    "check_playbook",
    "dump_playbook",
    "load_playbook",
    "load_playbook_resource",
    "parse_playbook",
    "term_library",
]

PlaybookFormat = Literal["yaml", "toml"]
#: The shared term library: package data of this package.
TERM_LIBRARY_RESOURCE = "term_library.yaml"


class PlaybookError(InputError):
    """A playbook file is missing, unreadable or invalid; the message names the file,
    the rule or field, and what is wrong."""


def _format_of(name: str) -> PlaybookFormat:
    return data_format(name, what="playbook", error=PlaybookError)


def load_playbook(path: str | os.PathLike[str], *, domain: DomainSpec | None = None) -> Playbook:
    """The playbook in ``path`` (YAML or TOML, by its extension).

    :param domain: When given, the playbook must be for this domain and name only its
        checklist items (:func:`check_playbook`); a copy of the domain's playbook whose
        term reader weights are not beside it reads the domain's own.
    :raises PlaybookError: a missing or unreadable file, a file that is not YAML/TOML,
        or a playbook the schema rejects.
    """
    file = Path(path)
    text, fmt = read_data_file(file, what="playbook", error=PlaybookError)
    playbook = parse_playbook(text, source=str(file), fmt=fmt).located(str(file.parent))
    reader = playbook.term_reader
    if reader is not None:
        absent = [n for n in (reader.one_sided, reader.subjects) if not (file.parent / n).is_file()]
        own = domain.playbook if domain is not None else None
        if absent and own is not None and own.term_reader == reader and own.origin:
            playbook = playbook.located(own.origin)  # a copy of the domain's playbook
        elif absent:
            raise PlaybookError(
                f"playbook {file}: term_reader names {absent[0]}, which is not beside it"
            )
    if domain is not None:
        check_playbook(playbook, domain, source=str(file))
    return playbook


def load_playbook_resource(package: str, name: str = "playbook.yaml") -> Playbook:
    """The playbook shipped as ``name`` in ``package`` (package data, read through
    :mod:`importlib.resources`, so it works from a wheel)."""
    source = f"{package}/{name}"
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise PlaybookError(f"playbook {source} not found in the installed package") from exc
    return parse_playbook(text, source=source, fmt=_format_of(name)).located(f"pkg:{package}")


def parse_playbook(text: str, *, source: str, fmt: PlaybookFormat) -> Playbook:
    """The playbook in ``text``; ``source`` names it in errors."""
    data = _parse(text, source, fmt)
    if data is None:
        raise PlaybookError(f"playbook {source} is empty")
    if not isinstance(data, dict):
        raise PlaybookError(
            f"playbook {source}: the top level must be a mapping of fields "
            f"(schema_version, playbook_id, ... rules), not a {type(data).__name__}"
        )
    _check_rules(data, source)
    try:
        return Playbook.model_validate(data)
    except ValidationError as exc:
        raise PlaybookError(
            f"playbook {source}: {describe_validation_error(exc, root='playbook')}"
        ) from exc


def _parse(text: str, source: str, fmt: PlaybookFormat) -> Any:
    return parse_data(text, fmt, what="playbook", source=source, error=PlaybookError)


@lru_cache(maxsize=1)
def term_library() -> dict[str, dict[str, Any]]:
    """The shared term library (:mod:`.term_library`), read once from package data."""
    source = f"{__package__}/{TERM_LIBRARY_RESOURCE}"
    text = resources.files(__package__).joinpath(TERM_LIBRARY_RESOURCE).read_text("utf-8")
    try:
        return check_terms(yaml.load(text, Loader=TextNumbersLoader))  # a SafeLoader subclass
    except (TermLibraryError, yaml.YAMLError) as exc:
        raise PlaybookError(f"term library {source} is invalid: {exc}") from exc


def _check_rules(data: dict[str, Any], source: str) -> None:
    """Fill in each rule's ``uses`` term and validate each rule on its own, so an error
    names the rule by its id."""
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise PlaybookError(f"playbook {source}: rules must be a list of rules")
    problems: list[str] = []
    expanded: list[Any] = []
    for index, raw in enumerate(rules):
        rule_id = raw.get("rule_id") if isinstance(raw, dict) else None
        label = f"rule {rule_id!r}" if isinstance(rule_id, str) else f"rules[{index}]"
        try:
            rule = expand_uses(raw, term_library()) if isinstance(raw, dict) else raw
            topics = PlaybookRule.model_validate(rule).topic
            known = term_topics().labels if topics else ()
            unknown = [topic for topic in topics if topic not in known]
            if unknown:
                problems.append(
                    f"{label}: topic {unknown[0]!r} is not one the term-topic classifier "
                    f"knows ({', '.join(t for t in known if t != NO_TOPIC)})"
                )
                continue
        except TermLibraryError as exc:
            problems.append(f"{label}: {exc}")
            continue
        except ValidationError as exc:
            problems.append(f"{label}: {describe_validation_error(exc, root='rule')}")
            continue
        expanded.append(rule)
    if problems:
        raise PlaybookError(f"playbook {source}: {'; '.join(problems)}")
    data["rules"] = expanded


def check_playbook(playbook: Playbook, domain: DomainSpec, *, source: str = "") -> None:
    """Check that ``playbook`` fits ``domain``: the same domain id, and rules only for
    its checklist items.

    :raises PlaybookError: naming the rules whose clause is not on the checklist.
    """
    name = source or playbook.label
    if playbook.domain_id != domain.domain_id:
        raise PlaybookError(
            f"playbook {name} is for domain {playbook.domain_id!r}, not {domain.domain_id!r}"
        )
    known = [item.clause_id for item in domain.checklist]
    strays = [rule for rule in playbook.rules if rule.clause_id not in known]
    if strays:
        listed = ", ".join(f"rule {r.rule_id!r} names clause {r.clause_id!r}" for r in strays)
        raise PlaybookError(
            f"playbook {name}: {listed}, which is not on the {domain.domain_id} checklist "
            f"({', '.join(known)})"
        )


def dump_playbook(playbook: Playbook, fmt: PlaybookFormat = "yaml") -> str:
    """``playbook`` as YAML or TOML text, default values left out."""
    data: dict[str, Any] = {"schema_version": PLAYBOOK_SCHEMA_VERSION}
    data.update(playbook.model_dump(mode="json", exclude_defaults=True))
    if fmt == "yaml":
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
    return _toml(data)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as a TOML value")


def _toml_table(lines: list[str], header: str, table: dict[str, Any]) -> None:
    if header:
        lines.extend(["", header])
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    arrays = {
        k: v for k, v in table.items() if isinstance(v, list) and v and isinstance(v[0], dict)
    }
    for key, value in table.items():
        if key not in nested and key not in arrays:
            lines.append(f"{key} = {_toml_value(value)}")
    prefix = header.strip("[]") + "." if header else ""
    for key, value in nested.items():
        _toml_table(lines, f"[{prefix}{key}]", value)
    for key, items in arrays.items():
        for item in items:
            _toml_table(lines, f"[[{prefix}{key}]]", item)


def _toml(data: dict[str, Any]) -> str:
    lines: list[str] = []
    _toml_table(lines, "", data)
    return "\n".join(lines) + "\n"
