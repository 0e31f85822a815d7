"""Metadata filters: parsing the command line's ``field=v1,v2`` / ``field>=2020-01-01``
syntax, and turning filters into a boolean mask over an index's documents (computed
before ranking, so the top k are the best among the documents that pass).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, SearchIndexError
from .search_models import FieldFilter, FilterOp, MetadataScalar

BoolArray = npt.NDArray[np.bool_]

_FILTER = re.compile(r"^\s*(?P<field>[^=!<>\s]+)\s*(?P<op>>=|<=|!=|=|>|<)\s*(?P<value>.*?)\s*$")
_OPS: dict[str, FilterOp] = {"=": "in", "!=": "ne", ">=": "gte", ">": "gt", "<=": "lte", "<": "lt"}


def parse_filter(text: str) -> FieldFilter:
    """Read one filter as written on the command line.

    ``law=刑法,民法典`` keeps documents whose ``law`` is one of the values;
    ``status!=已废止`` drops one value; ``version_date>=2020-01-01`` (also ``>``, ``<=``,
    ``<``) compares.

    :raises InputError: naming the filter when it cannot be read.
    """
    match = _FILTER.match(text)
    if match is None or not match["value"]:
        raise InputError(
            f"cannot read the filter {text!r}: write field=value[,value...], field!=value, "
            "or field>=value (also >, <=, <)"
        )
    op = _OPS[match["op"]]
    raw = match["value"]
    if raw[0] in "=<>!":
        raise InputError(
            f"cannot read the filter {text!r}: the value starts with {raw[0]!r}; write "
            "field=value, field!=value, field>=value, field>value, field<=value or field<value"
        )
    values: list[MetadataScalar] = (
        [v.strip() for v in raw.split(",") if v.strip()] if op == "in" else [raw]
    )
    if not values:
        raise InputError(f"the filter {text!r} lists no value")
    return FieldFilter(field=match["field"], op=op, values=values)


def _key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return None


class MetadataColumns:
    """An index's metadata by field, with look-up structures built on first use."""

    def __init__(self, rows: Sequence[Mapping[str, Any]]) -> None:
        self._rows = rows
        self._fields: set[str] = set().union(*rows)
        self._postings: dict[str, dict[str, npt.NDArray[np.int64]]] = {}

    @property
    def size(self) -> int:
        """Number of documents."""
        return len(self._rows)

    @property
    def fields(self) -> list[str]:
        """Every field some document has."""
        return sorted(self._fields)

    def extend(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Documents were added (``rows`` is the same list the index appended to)."""
        self._fields.update(*rows)
        self._postings.clear()

    def _values(self, row: Mapping[str, Any], field: str) -> list[Any]:
        value = row.get(field)
        if isinstance(value, list):
            return value
        return [] if value is None and field not in row else [value]

    def _posting(self, field: str) -> dict[str, npt.NDArray[np.int64]]:
        posting = self._postings.get(field)
        if posting is None:
            lists: dict[str, list[int]] = {}
            for index, row in enumerate(self._rows):
                for value in self._values(row, field):
                    lists.setdefault(_key(value), []).append(index)
            posting = {k: np.asarray(v, dtype=np.int64) for k, v in lists.items()}
            self._postings[field] = posting
        return posting

    def mask(self, filters: Sequence[FieldFilter]) -> BoolArray | None:
        """The documents passing every filter, or None when there are no filters.

        :raises SearchIndexError: for a field no document has, naming the known fields.
        """
        if not filters:
            return None
        result = np.ones(self.size, dtype=bool)
        for condition in filters:
            result &= self._one(condition)
        return result

    def _one(self, condition: FieldFilter) -> BoolArray:
        if condition.field not in self._fields:
            known = ", ".join(self.fields) or "none"
            raise SearchIndexError(
                f"cannot filter on {condition.field!r}: no document in the index has that "
                f"field; the fields are: {known}"
            )
        if condition.op in ("in", "eq", "ne"):
            posting = self._posting(condition.field)
            mask = np.zeros(self.size, dtype=bool)
            for value in condition.values:
                hits = posting.get(_key(value))
                if hits is not None:
                    mask[hits] = True
            return ~mask if condition.op == "ne" else mask
        return self._compare(condition)

    def _compare(self, condition: FieldFilter) -> BoolArray:
        target = condition.values[0]
        number = _as_number(target)
        mask = np.zeros(self.size, dtype=bool)
        for index, row in enumerate(self._rows):
            for value in self._values(row, condition.field):
                if value is None:
                    continue
                left = _as_number(value) if number is not None else None
                if number is not None and left is not None:
                    passed = _compare(left, condition.op, number)
                else:
                    passed = _compare(_key(value), condition.op, _key(target))
                if passed:
                    mask[index] = True
                    break
        return mask


def _compare(left: Any, op: FilterOp, right: Any) -> bool:
    if op == "gte":
        return bool(left >= right)
    if op == "gt":
        return bool(left > right)
    if op == "lte":
        return bool(left <= right)
    return bool(left < right)
