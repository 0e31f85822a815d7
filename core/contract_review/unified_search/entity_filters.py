"""Filters on entity attributes: which attributes each entity type has and which
operators each kind of attribute takes, checking a request's filters against them, and
applying them.

Attributes by kind: *text* (eq, ne, in, contains), *list* (tags, path: eq/ne/in test
the elements, contains a part of one), *date* and *number* (eq, ne, in, gte, lte, gt,
lt, between; dates written YYYY-MM-DD). An entity without the attribute never passes.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import Any, Literal, get_args

from ..laws.article_numbers import format_article_no, parse_article_no
from .request_models import Filter, FilterOp
from .response_models import AttrValue, Entity, EntityType
from .search_errors import UnifiedSearchError

__all__ = [
    "ENTITY_FIELDS",
    "FILTER_OPS",
    "FieldKind",
    "attribute_value",
    "check_attribute_names",
    "check_filters",
    "field_kind",
    "filtered",
    "matches",
    "target_types",
]

FieldKind = Literal["text", "list", "date", "number"]

_COMMON: dict[str, FieldKind] = {"id": "text", "type": "text", "name": "text"}
_LAW_META: dict[str, FieldKind] = {
    "law_id": "text",
    "law_level": "text",
    "status": "text",
    "issuing_authority": "text",
    "effective_date": "date",
    "revised_date": "date",
    "tags": "list",
}
#: The attributes of each entity type and their kinds.
ENTITY_FIELDS: dict[EntityType, dict[str, FieldKind]] = {
    "law": {
        **_COMMON,
        **_LAW_META,
        "title": "text",
        "short_title": "text",
        "version_date": "date",
        "article_count": "number",
    },
    "article": {
        **_COMMON,
        **_LAW_META,
        "law_title": "text",
        "article_no": "text",
        "number": "number",
        "path": "list",
        "text": "text",
    },
    "term": {
        **_COMMON,
        "law_id": "text",
        "law_title": "text",
        "scope": "text",
        "definition": "text",
        "defined_in": "list",
    },
}
#: The operators each kind of attribute takes.
FILTER_OPS: dict[FieldKind, tuple[FilterOp, ...]] = {
    "text": ("eq", "ne", "in", "contains"),
    "list": ("eq", "ne", "in", "contains"),
    "date": ("eq", "ne", "in", "gte", "lte", "gt", "lt", "between"),
    "number": ("eq", "ne", "in", "gte", "lte", "gt", "lt", "between"),
}
_ALL_TYPES: tuple[EntityType, ...] = get_args(EntityType)


def field_kind(field: str, types: Iterable[EntityType]) -> FieldKind | None:
    """The kind of attribute ``field`` among ``types`` (None when none has it; id, type
    and name are always known)."""
    if field in _COMMON:
        return _COMMON[field]
    for entity_type in types:
        kind = ENTITY_FIELDS[entity_type].get(field)
        if kind is not None:
            return kind
    return None


def target_types(
    filters: Sequence[Filter], default: Sequence[EntityType] = _ALL_TYPES
) -> list[EntityType]:
    """The entity types ``filters`` can keep: those a ``type`` filter names, else
    ``default``.

    :raises UnifiedSearchError: ``E_SCHEMA_INVALID`` for a type filter naming no entity
        type.
    """
    types = list(default)
    for position, flt in enumerate(filters):
        if flt.field != "type":
            continue
        _check_value(position, flt, "text")
        if flt.op in ("eq", "in"):
            named = _values(flt)
            types = [t for t in types if t in named]
    return types


def _where(position: int) -> str:
    return f"exact_query.filters[{position}]"


def _values(flt: Filter) -> list[Any]:
    return list(flt.value) if isinstance(flt.value, list) else [flt.value]


def _check_value(position: int, flt: Filter, kind: FieldKind) -> None:
    for value in _values(flt):
        if value is None and flt.op in ("eq", "ne"):
            continue
        if kind == "date":
            try:
                datetime.date.fromisoformat(str(value))
            except ValueError:
                raise UnifiedSearchError(
                    "E_SCHEMA_INVALID",
                    f"{_where(position)}.value: {value!r} is not a date; {flt.field} takes "
                    "dates written YYYY-MM-DD",
                    step="validate",
                    suggestion=f"e.g. {{'field': '{flt.field}', 'op': 'gte', "
                    "'value': '2020-01-01'}",
                ) from None
        elif kind == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise UnifiedSearchError(
                "E_SCHEMA_INVALID",
                f"{_where(position)}.value: {value!r} is not a number ({flt.field} is a number)",
                step="validate",
            )
        elif flt.field == "type" and value not in _ALL_TYPES:
            raise UnifiedSearchError(
                "E_SCHEMA_INVALID",
                f"{_where(position)}.value: {value!r} is no entity type; the types are "
                f"{', '.join(_ALL_TYPES)}",
                step="validate",
            )


def check_filters(filters: Sequence[Filter], types: Sequence[EntityType]) -> None:
    """Check that every filter names an attribute the entities of ``types`` have, with
    an operator its kind takes and a value of that kind.

    :raises UnifiedSearchError: ``E_NOT_SUPPORTED`` for an attribute or operator the
        graph cannot answer (with the attributes or operators it can), and
        ``E_SCHEMA_INVALID`` for a value of the wrong kind.
    """
    for position, flt in enumerate(filters):
        kind = field_kind(flt.field, types)
        if kind is None:
            owners = [t for t in _ALL_TYPES if flt.field in ENTITY_FIELDS[t]]
            known = sorted({name for t in types for name in ENTITY_FIELDS[t]})
            held = f" (only {', '.join(owners)} entities have it)" if owners else ""
            raise UnifiedSearchError(
                "E_NOT_SUPPORTED",
                f"{_where(position)}.field: the {'/'.join(types) or 'selected'} entities have "
                f"no attribute {flt.field!r}{held}",
                step="filter",
                suggestion=f"filter on one of: {', '.join(known)}; for counts or other "
                "aggregates, fetch the subgraph and aggregate on the client",
            )
        if flt.op not in FILTER_OPS[kind]:
            raise UnifiedSearchError(
                "E_NOT_SUPPORTED",
                f"{_where(position)}.op: {flt.field!r} is a {kind} attribute and does not "
                f"take {flt.op!r}",
                step="filter",
                suggestion=f"use one of: {', '.join(FILTER_OPS[kind])}",
            )
        _check_value(position, flt, kind)


def check_attribute_names(names: Sequence[str], types: Sequence[EntityType], where: str) -> None:
    """Check that every name in ``names`` (given in ``where``) is an attribute of the
    entities of ``types``.

    :raises UnifiedSearchError: ``E_NOT_SUPPORTED`` naming the attribute and the
        attributes there are.
    """
    for position, name in enumerate(names):
        if field_kind(name, types) is None:
            known = sorted({field for t in types for field in ENTITY_FIELDS[t]})
            raise UnifiedSearchError(
                "E_NOT_SUPPORTED",
                f"{where}[{position}]: the {'/'.join(types) or 'selected'} entities have no "
                f"attribute {name!r}",
                step="validate",
                suggestion=f"use one of: {', '.join(known)}",
            )


def attribute_value(entity: Entity, field: str) -> AttrValue:
    """``entity``'s value of ``field`` (id, type, name or an attribute; None when it has
    none)."""
    if field in _COMMON:
        value: AttrValue = getattr(entity, field)
        return value
    return (entity.attrs or {}).get(field)


def _normal(field: str, value: Any) -> Any:
    """An ``article_no`` value in its standard form (21, 第21条 → 第二十一条)."""
    if field != "article_no" or isinstance(value, bool):
        return value
    try:
        if isinstance(value, int):
            return format_article_no(value)
        if isinstance(value, str):
            text = value.strip()
            return format_article_no(parse_article_no(f"第{text}条" if text.isdigit() else text))
    except ValueError:
        pass
    return value


def _same(actual: AttrValue, value: Any, kind: FieldKind) -> bool:
    if value is None or kind == "number":
        return bool(actual == value)
    return actual == str(value)


def _ordered(op: FilterOp, left: Any, right: list[Any]) -> bool:
    if op == "between":
        return bool(right[0] <= left <= right[1])
    if op == "gte":
        return bool(left >= right[0])
    if op == "lte":
        return bool(left <= right[0])
    if op == "gt":
        return bool(left > right[0])
    return bool(left < right[0])


def _compare(op: FilterOp, actual: AttrValue, values: list[Any], kind: FieldKind) -> bool:
    if isinstance(actual, list):
        elements = [str(element) for element in actual]
        wanted = [str(value) for value in values]
        if op == "contains":
            return any(wanted[0] in element for element in elements)
        hit = any(value in elements for value in wanted)
        return not hit if op == "ne" else hit
    if op == "eq":
        return _same(actual, values[0], kind)
    if op == "ne":
        return not _same(actual, values[0], kind)
    if actual is None:
        return False
    if op == "in":
        return any(_same(actual, value, kind) for value in values)
    if op == "contains":
        return str(values[0]) in str(actual)
    if kind == "number":
        return _ordered(op, actual, values)
    return _ordered(op, str(actual), [str(value) for value in values])


def matches(entity: Entity, flt: Filter) -> bool:
    """Whether ``entity`` passes ``flt`` (an entity without the attribute never does)."""
    if flt.field in _COMMON:
        actual: AttrValue = getattr(entity, flt.field)
        kind: FieldKind = "text"
    else:
        attrs = entity.attrs or {}
        known = ENTITY_FIELDS[entity.type].get(flt.field)
        if known is None or flt.field not in attrs:
            return False
        actual, kind = attrs[flt.field], known
    values = [_normal(flt.field, value) for value in _values(flt)]
    return _compare(flt.op, actual, values, kind)


def filtered(entities: Iterable[Entity], filters: Sequence[Filter]) -> list[Entity]:
    """The entities passing every filter, in their order."""
    return [entity for entity in entities if all(matches(entity, flt) for flt in filters)]
