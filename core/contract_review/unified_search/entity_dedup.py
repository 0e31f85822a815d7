"""``options.dedup_fields`` (seed 003 "去重"): results that agree on every one of the
fields count once — the first in order is kept. The default, ``["id"]``, keeps each
entity once (a neighbour reached along several edges, an article several hits name);
``["law_id"]`` keeps one article per law. An entity without one of the fields is
never a duplicate."""

from __future__ import annotations

from collections.abc import Sequence

from .entity_filters import attribute_value
from .response_models import Entity

__all__ = ["deduplicated"]


def _key(entity: Entity, fields: Sequence[str]) -> tuple[str, ...] | None:
    values = [attribute_value(entity, field) for field in fields]
    if any(value is None for value in values):
        return None
    return tuple(repr(value) for value in values)


def deduplicated(entities: Sequence[Entity], fields: Sequence[str]) -> tuple[list[Entity], int]:
    """``entities`` with the later of any two agreeing on ``fields`` left out, in their
    order, and how many were left out."""
    seen: set[tuple[str, ...]] = set()
    kept: list[Entity] = []
    for entity in entities:
        key = _key(entity, fields)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        kept.append(entity)
    return kept, len(entities) - len(kept)
