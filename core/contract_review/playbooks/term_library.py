"""The term library: how the standard one-sided terms read, shared by every domain.

A playbook rule that says ``uses: <term>`` takes the term's detection fields — its
patterns, the ``requires``/``unless``/``unless_anywhere`` guards and the words that
name the party a match is about — from ``term_library.yaml`` (package data beside this
module), and keeps what is the domain's own: the checklist item, the description, our
standard position, risk level, burdened side, thresholds and redline. A field the rule
sets itself replaces the term's; ``more_patterns``, ``more_requires``, ``more_unless``
and ``more_party_verbs`` add to the term's lists. So a better pattern for "disputes
decided by one party" is written once and every domain (and every user playbook that
uses the term) gets it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MORE_FIELDS", "TERM_FIELDS", "TermLibraryError", "check_terms", "expand_uses"]

#: The fields a term may hold.
TERM_FIELDS: tuple[str, ...] = (
    "patterns",
    "requires",
    "requires_scope",
    "unless",
    "unless_scope",
    "unless_anywhere",
    "unless_in_section",
    "party_verbs",
    "topic",
    "topic_min",
    "detector_min",
    "one_sided",
)
#: Rule fields that add to a term's list instead of replacing it.
MORE_FIELDS: Mapping[str, str] = {
    "more_patterns": "patterns",
    "more_requires": "requires",
    "more_unless": "unless",
    "more_party_verbs": "party_verbs",
}
_LIST_FIELDS = frozenset(
    {"patterns", "requires", "unless", "unless_anywhere", "unless_in_section", "party_verbs"}
)
TERM_LIBRARY_SCHEMA_VERSION = 1


class TermLibraryError(ValueError):
    """The term library, or a rule's ``uses``/``more_*`` fields, are invalid."""


def check_terms(data: Any) -> dict[str, dict[str, Any]]:
    """The terms of a parsed term library file, checked: a mapping with
    ``schema_version: 1`` and ``terms`` (name → term fields, lists of patterns as
    lists of text)."""
    if not isinstance(data, dict):
        raise TermLibraryError("the top level must be a mapping (schema_version, terms)")
    if str(data.get("schema_version")) != str(TERM_LIBRARY_SCHEMA_VERSION):
        raise TermLibraryError(
            f"schema_version must be {TERM_LIBRARY_SCHEMA_VERSION}, "
            f"not {data.get('schema_version')!r}"
        )
    terms = data.get("terms")
    if not isinstance(terms, dict) or not terms:
        raise TermLibraryError("'terms' must be a non-empty mapping of term names to fields")
    checked: dict[str, dict[str, Any]] = {}
    for name, fields in terms.items():
        if not isinstance(fields, dict) or not fields:
            raise TermLibraryError(f"term {name!r} must be a mapping of rule fields")
        unknown = sorted(set(fields) - set(TERM_FIELDS))
        if unknown:
            raise TermLibraryError(
                f"term {name!r}: {', '.join(unknown)} cannot be set by a term "
                f"(a term sets only {', '.join(TERM_FIELDS)})"
            )
        for field in _LIST_FIELDS & set(fields):
            _check_list(fields[field], f"term {name!r}: {field}")
        checked[str(name)] = dict(fields)
    return checked


def expand_uses(raw: Mapping[str, Any], terms: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """``raw`` (one rule as read from a playbook file) with the term it ``uses`` filled
    in and its ``more_*`` fields added; a rule without ``uses`` or ``more_*`` is returned
    unchanged.

    :raises TermLibraryError: an unknown term, or a ``more_*`` field that is not a list
        of patterns.
    """
    rule = dict(raw)
    name = rule.pop("uses", None)
    expanded: dict[str, Any] = {}
    if name is not None:
        if not isinstance(name, str) or name not in terms:
            known = ", ".join(sorted(terms))
            raise TermLibraryError(f"uses: unknown term {name!r}; the term library has {known}")
        expanded = {field: _copy(value) for field, value in terms[name].items()}
    for more, field in MORE_FIELDS.items():
        if more not in rule:
            continue
        extra = _check_list(rule.pop(more), more)
        base = rule.get(field, expanded.get(field, []))
        expanded[field] = [*base, *(pattern for pattern in extra if pattern not in base)]
        rule.pop(field, None)
    expanded.update(rule)
    return expanded


def _check_list(value: Any, label: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TermLibraryError(f"{label} must be a list of patterns (text)")
    return value


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
