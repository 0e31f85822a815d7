"""Metadata filters: the command line's syntax and the boolean mask over documents."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.errors import InputError, SearchIndexError
from contract_review.retrieval.filters import MetadataColumns, parse_filter
from contract_review.retrieval.search_models import FieldFilter

# ---------------------------------------------------------------------- parse_filter


@pytest.mark.parametrize(
    ("text", "field", "op", "values"),
    [
        ("law=刑法", "law", "in", ["刑法"]),
        ("law=刑法,民法典", "law", "in", ["刑法", "民法典"]),
        ("law = 刑法 , 民法典 ,", "law", "in", ["刑法", "民法典"]),
        ("status!=已废止", "status", "ne", ["已废止"]),
        ("version_date>=2020-01-01", "version_date", "gte", ["2020-01-01"]),
        ("year>2019", "year", "gt", ["2019"]),
        ("year<=2021", "year", "lte", ["2021"]),
        ("  year < 2021  ", "year", "lt", ["2021"]),
        ("title=A, B", "title", "in", ["A", "B"]),
        ("note>=a,b", "note", "gte", ["a,b"]),  # comparisons take the value whole
    ],
)
def test_parse_filter_reads_each_operator(
    text: str, field: str, op: str, values: list[str]
) -> None:
    parsed = parse_filter(text)
    assert parsed == FieldFilter.model_validate({"field": field, "op": op, "values": values})


def test_describe_writes_the_filter_back() -> None:
    for text in ("law=刑法,民法典", "status!=已废止", "date>=2020-01-01", "n<3"):
        assert parse_filter(text).describe() == text


@pytest.mark.parametrize("text", ["law", "law=", "=刑法", "law>=", "", "   ", "law 刑法", "a b=c"])
def test_malformed_filters_are_input_errors_naming_the_text(text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_filter(text)
    assert repr(text) in str(caught.value)
    assert "field=value" in str(caught.value)


def test_a_filter_listing_only_commas_is_an_input_error() -> None:
    with pytest.raises(InputError, match=r"'law=,,' lists no value"):
        parse_filter("law=,,")


def test_comparisons_take_exactly_one_value() -> None:
    with pytest.raises(ValueError, match="exactly one value"):
        FieldFilter(field="n", op="gte", values=[1, 2])


# ---------------------------------------------------------------------- MetadataColumns

ROWS: list[dict[str, Any]] = [
    {"law": "刑法", "year": 2020, "tags": ["劳动", "合同"], "date": "2020-05-01", "n": 10},
    {"law": "民法典", "year": "2019", "tags": "担保", "date": "2019-12-31", "n": 9},
    {"law": "刑法", "year": 2021.0, "date": "2021-01-01", "n": "11"},
    {"law": "劳动合同法", "date": None, "n": None},
    {"other": True},
]


@pytest.fixture
def columns() -> MetadataColumns:
    return MetadataColumns(ROWS)


def _mask(columns: MetadataColumns, *texts: str) -> list[bool]:
    mask = columns.mask([parse_filter(text) for text in texts])
    assert mask is not None
    assert mask.dtype == np.bool_
    return [bool(value) for value in mask]


def test_no_filter_gives_no_mask(columns: MetadataColumns) -> None:
    assert columns.mask([]) is None
    assert columns.size == len(ROWS)


def test_in_list(columns: MetadataColumns) -> None:
    assert _mask(columns, "law=刑法") == [True, False, True, False, False]
    assert _mask(columns, "law=刑法,民法典") == [True, True, True, False, False]
    assert _mask(columns, "law=宪法") == [False] * 5


def test_not_equal_drops_only_that_value(columns: MetadataColumns) -> None:
    assert _mask(columns, "law!=刑法") == [False, True, False, True, True]


def test_ints_match_values_written_as_strings(columns: MetadataColumns) -> None:
    assert _mask(columns, "year=2020") == [True, False, False, False, False]
    # A string "2019" in the data and an integer filter value match too.
    mask = columns.mask([FieldFilter(field="year", values=[2019])])
    assert mask is not None and mask.tolist() == [False, True, False, False, False]
    # 2021.0 is the integer 2021.
    assert _mask(columns, "year=2021") == [False, False, True, False, False]


def test_list_valued_metadata_matches_any_element(columns: MetadataColumns) -> None:
    assert _mask(columns, "tags=合同") == [True, False, False, False, False]
    assert _mask(columns, "tags=劳动") == [True, False, False, False, False]
    assert _mask(columns, "tags=担保,合同") == [True, True, False, False, False]
    assert _mask(columns, "tags!=合同") == [False, True, True, True, True]


def test_date_ranges_compare_iso_strings(columns: MetadataColumns) -> None:
    assert _mask(columns, "date>=2020-01-01") == [True, False, True, False, False]
    assert _mask(columns, "date<2020-01-01") == [False, True, False, False, False]
    assert _mask(columns, "date>=2020-01-01", "date<2021-01-01") == [
        True,
        False,
        False,
        False,
        False,
    ]
    assert _mask(columns, "date<=2021-01-01") == [True, True, True, False, False]
    assert _mask(columns, "date>2021-01-01") == [False] * 5


def test_numbers_compare_numerically(columns: MetadataColumns) -> None:
    # As text "10" < "9"; as numbers 10 > 9. The string "11" counts as a number too.
    assert _mask(columns, "n>9") == [True, False, True, False, False]
    assert _mask(columns, "n>=9") == [True, True, True, False, False]
    assert _mask(columns, "n<10") == [False, True, False, False, False]
    assert _mask(columns, "year>2019") == [True, False, True, False, False]


def test_documents_without_the_field_never_pass_comparisons(columns: MetadataColumns) -> None:
    # Rows 3 (None) and 4 (no "date") fail both a comparison and its opposite.
    low = _mask(columns, "date<2100-01-01")
    high = _mask(columns, "date>=1900-01-01")
    assert low[3:] == [False, False]
    assert high[3:] == [False, False]
    assert _mask(columns, "n>=-1000")[3:] == [False, False]


def test_filters_combine_with_and(columns: MetadataColumns) -> None:
    assert _mask(columns, "law=刑法", "year>=2021") == [False, False, True, False, False]
    assert _mask(columns, "law=刑法", "law=民法典") == [False] * 5


def test_unknown_field_names_it_and_lists_the_known_fields(columns: MetadataColumns) -> None:
    with pytest.raises(SearchIndexError) as caught:
        columns.mask([parse_filter("nope=1")])
    message = str(caught.value)
    assert "'nope'" in message
    for field in ("date", "law", "n", "other", "tags", "year"):
        assert field in message


def test_unknown_field_is_an_error_for_comparisons_too(columns: MetadataColumns) -> None:
    with pytest.raises(SearchIndexError, match="'since'"):
        columns.mask([parse_filter("since>=2020-01-01")])


def test_empty_index_names_no_fields() -> None:
    with pytest.raises(SearchIndexError, match="the fields are: none"):
        MetadataColumns([]).mask([parse_filter("law=刑法")])


def test_extend_sees_new_documents_and_fields() -> None:
    rows: list[dict[str, Any]] = [{"law": "刑法"}]
    columns = MetadataColumns(rows)
    assert _mask(columns, "law=刑法") == [True]  # builds the posting list
    rows.append({"law": "刑法", "level": "法律"})
    columns.extend(rows[1:])
    assert columns.fields == ["law", "level"]
    assert _mask(columns, "law=刑法") == [True, True]
    assert _mask(columns, "level=法律") == [False, True]


# ---------------------------------------------------------------------- property

_VALUES = st.one_of(st.sampled_from(["a", "b", "刑法", "2020"]), st.integers(-3, 3))
_ROW = st.fixed_dictionaries(
    {}, optional={"f": st.one_of(_VALUES, st.lists(_VALUES, max_size=3)), "g": _VALUES}
)


@given(
    st.lists(_ROW, min_size=1, max_size=12).filter(lambda rows: any("f" in row for row in rows)),
    st.lists(st.sampled_from(["a", "b", "刑法", "2020", "0", "1", "-2", "3"]), min_size=1),
)
def test_in_mask_equals_a_brute_force_check(rows: list[dict[str, Any]], wanted: list[str]) -> None:
    mask = MetadataColumns(rows).mask([FieldFilter(field="f", op="in", values=list(wanted))])
    assert mask is not None

    def passes(row: dict[str, Any]) -> bool:
        if "f" not in row:
            return False
        values = row["f"] if isinstance(row["f"], list) else [row["f"]]
        return any(str(value) == text for value in values for text in wanted)

    assert mask.tolist() == [passes(row) for row in rows]
    one = FieldFilter(field="f", op="in", values=[wanted[0]])
    other = FieldFilter(field="f", op="ne", values=[wanted[0]])
    kept, dropped = MetadataColumns(rows).mask([one]), MetadataColumns(rows).mask([other])
    assert kept is not None and dropped is not None
    assert (kept ^ dropped).all()  # ne is exactly the complement of in


@pytest.mark.parametrize("typo", ["law==x", "year=>2020", "year=<2020", "law=!x"])
def test_a_doubled_operator_is_an_error_naming_the_filter(typo: str) -> None:
    with pytest.raises(InputError, match=re.escape(repr(typo))):
        parse_filter(typo)
