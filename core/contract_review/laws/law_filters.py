"""The law search's ``meta_filter`` (seed 001): which laws a search may return.

Each field lists the values to keep (any of them); ``date_range`` keeps the laws whose
effective date (施行日期) lies in it, both ends included. A field left out does not
filter. A field the filter does not know is an error naming it and the known ones.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import InputError, describe_validation_error
from ..retrieval.search_models import FieldFilter

__all__ = ["FILTER_FIELDS", "DateRange", "MetaFilter", "parse_meta_filter"]


class DateRange(BaseModel):
    """A closed range of dates; either end may be left open."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: datetime.date | None = Field(default=None, description="First day kept (YYYY-MM-DD).")
    end: datetime.date | None = Field(default=None, description="Last day kept (YYYY-MM-DD).")

    @model_validator(mode="after")
    def _ordered(self) -> DateRange:
        if self.start is not None and self.end is not None and self.start > self.end:
            raise ValueError(f"start {self.start} is after end {self.end}")
        return self


class MetaFilter(BaseModel):
    """Law-level conditions applied before ranking."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    issuing_authority: list[str] | None = Field(
        default=None, description="发布机关: keep laws adopted by one of these bodies."
    )
    status: list[str] | None = Field(
        default=None, description="效力状态: 现行有效, 已废止 or 已修订."
    )
    law_level: list[str] | None = Field(
        default=None,
        description="法律层级: 法律, 行政法规, 司法解释, 部门规章, 地方性法规 or 其他.",
    )
    tags: list[str] | None = Field(
        default=None, description="主题标签 / 业务领域: keep laws tagged with one of these."
    )
    law_id: list[str] | None = Field(
        default=None,
        description="法规 ID (law id): keep these laws only, as the library names them.",
    )
    date_range: DateRange | None = Field(
        default=None, description="施行日期: keep laws that took effect within this range."
    )

    def field_filters(self) -> list[FieldFilter]:
        """The conditions as hybrid-index filters over the article metadata."""
        filters: list[FieldFilter] = []
        for name in ("issuing_authority", "status", "law_level", "tags", "law_id"):
            values = getattr(self, name)
            if values is not None:
                if not values:
                    raise InputError(f"meta_filter.{name} is an empty list; it would keep nothing")
                filters.append(FieldFilter(field=name, op="in", values=list(values)))
        if self.date_range is not None:
            if self.date_range.start is not None:
                filters.append(
                    FieldFilter(
                        field="effective_date", op="gte", values=[self.date_range.start.isoformat()]
                    )
                )
            if self.date_range.end is not None:
                filters.append(
                    FieldFilter(
                        field="effective_date", op="lte", values=[self.date_range.end.isoformat()]
                    )
                )
        return filters


#: The fields a meta_filter may name.
FILTER_FIELDS: tuple[str, ...] = tuple(MetaFilter.model_fields)


def parse_meta_filter(value: Any, *, what: str = "meta_filter") -> MetaFilter:
    """``value`` (a mapping) as a :class:`MetaFilter`.

    :raises InputError: naming ``what`` and each unknown field or bad value.
    """
    if isinstance(value, MetaFilter):
        return value
    if not isinstance(value, dict):
        raise InputError(f"{what} must be a JSON object with fields {', '.join(FILTER_FIELDS)}")
    unknown = [key for key in value if key not in MetaFilter.model_fields]
    if unknown:
        raise InputError(
            f"{what} has no field {', '.join(repr(k) for k in unknown)}; "
            f"the fields are: {', '.join(FILTER_FIELDS)}"
        )
    try:
        return MetaFilter.model_validate(value)
    except ValidationError as exc:
        raise InputError(f"invalid {what}: {describe_validation_error(exc)}") from None
