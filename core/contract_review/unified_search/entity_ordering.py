"""``options.order_by``: checking the field and ordering entities by it.

``score`` (the text search's, when there is one), ``id``, ``name``, ``type`` and every
text, date and number attribute may be ordered on; a leading ``-`` orders descending.
Entities without a value come last either way; ties keep their previous order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, get_args

from .entity_filters import ENTITY_FIELDS
from .response_models import Entity, EntityType
from .search_errors import UnifiedSearchError

__all__ = ["order_entities", "orderable_fields", "parse_order_by"]

_SPECIAL = ("score", "id", "name", "type")


def orderable_fields(types: Sequence[EntityType] = get_args(EntityType)) -> list[str]:
    """The fields entities of ``types`` can be ordered by."""
    fields = dict.fromkeys(_SPECIAL)
    for entity_type in types:
        fields.update(
            dict.fromkeys(
                name for name, kind in ENTITY_FIELDS[entity_type].items() if kind != "list"
            )
        )
    return list(fields)


def parse_order_by(
    order_by: str | None, types: Sequence[EntityType] = get_args(EntityType)
) -> tuple[str, bool] | None:
    """``order_by`` as (field, descending), None when not given.

    :raises UnifiedSearchError: ``E_SCHEMA_INVALID`` naming an unknown field, and
        ``E_NOT_SUPPORTED`` for a list attribute (tags, path), which has no order.
    """
    if order_by is None or not order_by.strip():
        return None
    text = order_by.strip()
    descending = text.startswith("-")
    field = text.lstrip("-+").strip()
    allowed = orderable_fields(types)
    if field in allowed:
        return field, descending
    if any(field in ENTITY_FIELDS[entity_type] for entity_type in types):
        raise UnifiedSearchError(
            "E_NOT_SUPPORTED",
            f"options.order_by: {field!r} holds a list of values and cannot be ordered on",
            step="paginate",
            suggestion=f"order by one of: {', '.join(allowed)}",
        )
    raise UnifiedSearchError(
        "E_SCHEMA_INVALID",
        f"options.order_by: unknown field {field!r}",
        step="validate",
        suggestion=f"order by one of: {', '.join(allowed)} (a leading '-' for descending)",
    )


def _value(entity: Entity, field: str, scores: Mapping[str, float]) -> Any:
    if field == "score":
        return scores.get(entity.id)
    if field in _SPECIAL:
        return getattr(entity, field)
    return (entity.attrs or {}).get(field)


def order_entities(
    entities: Sequence[Entity],
    order: tuple[str, bool] | None,
    *,
    scores: Mapping[str, float] | None = None,
) -> list[Entity]:
    """``entities`` ordered by ``order`` (from :func:`parse_order_by`); unchanged when
    ``order`` is None."""
    if order is None:
        return list(entities)
    field, descending = order
    known = scores or {}
    valued = [(entity, _value(entity, field, known)) for entity in entities]
    present = [pair for pair in valued if pair[1] is not None]
    missing = [entity for entity, value in valued if value is None]
    present.sort(key=lambda pair: pair[1], reverse=descending)
    return [entity for entity, _ in present] + missing
