"""MetaSchema (seed 001, tool 4): the fields a law search's ``meta_filter`` accepts, what
each means, and the values the loaded laws actually have.

There is one entry per :class:`~.law_filters.MetaFilter` field, in its order, with the
field's own description (so the schema cannot drift from the filter):

* ``issuing_authority``, ``status``, ``law_level``, ``tags``, ``law_id`` — type
  ``enum``; ``values`` are those present in the library, ``counts`` how many laws have
  each. ``law_level`` is in the hierarchy order (法律, 行政法规, 司法解释, 部门规章,
  地方性法规, 其他) and ``status`` in the order 现行有效, 已废止, 已修订; the others list
  the most common value first, ties in code-point order (so ``law_id`` is in code-point
  order: each law counts once).
* ``date_range`` — type ``date_range``; ``values`` are the earliest and latest
  effective date (施行日期) present, ``YYYY-MM-DD``, or empty when no law has one.

A filter field without a value extractor here is a programming error (a test checks
every MetaFilter field is covered).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from .law_filters import DateRange, MetaFilter
from .law_library import LawLibrary
from .law_models import Law, LawLevel, LawStatus

__all__ = ["ENUM_VALUES", "FieldType", "MetaField", "MetaSchemaOutput", "meta_schema"]

#: ``enum``: pick values from ``values``; ``date_range``: ``{"start", "end"}`` dates.
FieldType = Literal["enum", "date_range"]


class MetaField(BaseModel):
    """One field a ``meta_filter`` may use."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="The meta_filter key.")
    description: str = Field(description="What the field means (Chinese and English).")
    type: FieldType = Field(
        description="enum: a list of values to keep; date_range: {start, end} (YYYY-MM-DD)."
    )
    values: list[str] = Field(
        description="enum: the values present in the library; date_range: the earliest "
        "and latest date present (empty when none)."
    )
    counts: dict[str, int] | None = Field(
        default=None, description="enum: how many laws have each value."
    )


class MetaSchemaOutput(BaseModel):
    """The MetaSchema answer (seed 001)."""

    model_config = ConfigDict(frozen=True)

    fields: list[MetaField]


def _tags(law: Law) -> list[str]:
    return list(dict.fromkeys(law.metadata.tags))


def _one(value: str | None) -> list[str]:
    return [] if value is None else [value]


#: For each enum filter field: the values one law has for it.
ENUM_VALUES: dict[str, Callable[[Law], list[str]]] = {
    "issuing_authority": lambda law: _one(law.metadata.issuing_authority),
    "status": lambda law: [law.metadata.status],
    "law_level": lambda law: [law.metadata.law_level],
    "tags": _tags,
    "law_id": lambda law: [law.law_id],
}

#: Enum fields listed in a fixed order rather than by frequency.
_FIXED_ORDER: dict[str, tuple[str, ...]] = {
    "law_level": get_args(LawLevel),
    "status": get_args(LawStatus),
}


def _field_type(name: str) -> FieldType:
    annotation = MetaFilter.model_fields[name].annotation
    if annotation == DateRange | None:
        return "date_range"
    if annotation == list[str] | None and name in ENUM_VALUES:
        return "enum"
    raise TypeError(
        f"MetaFilter.{name} ({annotation}) has no MetaSchema support; add it to "
        "contract_review.laws.meta_schema"
    )


def _ordered(name: str, counts: Counter[str]) -> list[str]:
    fixed = _FIXED_ORDER.get(name)
    if fixed is not None:
        rank = {value: i for i, value in enumerate(fixed)}
        return sorted(counts, key=lambda value: (rank.get(value, len(rank)), value))
    return sorted(counts, key=lambda value: (-counts[value], value))


def _enum_field(name: str, description: str, laws: Iterable[Law]) -> MetaField:
    counts: Counter[str] = Counter()
    for law in laws:
        counts.update(ENUM_VALUES[name](law))
    values = _ordered(name, counts)
    return MetaField(
        name=name,
        description=description,
        type="enum",
        values=values,
        counts={value: counts[value] for value in values},
    )


def _date_field(name: str, description: str, laws: Iterable[Law]) -> MetaField:
    dates = [law.metadata.effective_date for law in laws if law.metadata.effective_date]
    values = [min(dates).isoformat(), max(dates).isoformat()] if dates else []
    return MetaField(name=name, description=description, type="date_range", values=values)


def meta_schema(library: LawLibrary) -> MetaSchemaOutput:
    """MetaSchema: every ``meta_filter`` field with its meaning and the values the laws
    in ``library`` have (see the module docs for the order of the values)."""
    fields: list[MetaField] = []
    for name, info in MetaFilter.model_fields.items():
        description = info.description or name
        if _field_type(name) == "enum":
            fields.append(_enum_field(name, description, library))
        else:
            fields.append(_date_field(name, description, library))
    return MetaSchemaOutput(fields=fields)
