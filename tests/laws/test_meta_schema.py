"""MetaSchema: the meta_filter fields, their meanings and the values the loaded laws
have, on hand-built laws and the real laws folder."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest

from contract_review.laws import Law, LawMetadata, load_law_folder
from contract_review.laws.law_filters import MetaFilter, parse_meta_filter
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.meta_schema import ENUM_VALUES, MetaSchemaOutput, meta_schema


def law(law_id: str, **metadata: Any) -> Law:
    return Law(law_id=law_id, title=law_id, metadata=LawMetadata(**metadata))


LAWS = [
    law(
        "乙法",
        issuing_authority="全国人民代表大会常务委员会",
        law_level="行政法规",
        status="已修订",
        effective_date=datetime.date(2015, 4, 24),
        tags=["金融", "保险", "金融"],
    ),
    law(
        "甲法",
        issuing_authority="全国人民代表大会",
        law_level="法律",
        effective_date=datetime.date(2021, 1, 1),
        tags=["合同"],
    ),
    law(
        "丙规定",
        issuing_authority="全国人民代表大会常务委员会",
        law_level="其他",
        effective_date=datetime.date(1999, 10, 1),
        tags=["合同", "金融"],
    ),
    law("丁解释", law_level="司法解释", status="已废止"),
]


def fields_of(output: MetaSchemaOutput) -> dict[str, dict[str, Any]]:
    return {field["name"]: field for field in output.model_dump(mode="json")["fields"]}


def test_one_entry_per_filter_field_in_the_filters_order() -> None:
    output = meta_schema(LawLibrary(LAWS))
    assert [field.name for field in output.fields] == list(MetaFilter.model_fields)


def test_every_filter_field_has_schema_support() -> None:
    """A field added to MetaFilter must get a value extractor here (or be a date range)."""
    for name, info in MetaFilter.model_fields.items():
        if name == "date_range":
            continue
        assert info.annotation == list[str] | None, name
        assert name in ENUM_VALUES, f"MetaFilter.{name} has no MetaSchema value extractor"
    assert set(ENUM_VALUES) | {"date_range"} == set(MetaFilter.model_fields)


def test_the_seed_shape_and_descriptions_from_the_filter() -> None:
    data = meta_schema(LawLibrary(LAWS)).model_dump(mode="json")
    assert set(data) == {"fields"}
    for field in data["fields"]:
        assert {"name", "description", "type", "values"} <= set(field)
        assert field["description"] == MetaFilter.model_fields[field["name"]].description
    by_name = {field["name"]: field for field in data["fields"]}
    assert by_name["issuing_authority"]["description"].startswith("发布机关")
    assert by_name["status"]["description"].startswith("效力状态")


def test_enum_values_present_and_their_order() -> None:
    fields = fields_of(meta_schema(LawLibrary(LAWS)))
    # hierarchy order, only the levels present
    assert fields["law_level"]["values"] == ["法律", "行政法规", "司法解释", "其他"]
    assert fields["status"]["values"] == ["现行有效", "已废止", "已修订"]
    assert fields["status"]["counts"] == {"现行有效": 2, "已废止": 1, "已修订": 1}
    # most laws first; 丁解释 has no authority and is not counted
    assert fields["issuing_authority"]["values"] == [
        "全国人民代表大会常务委员会",
        "全国人民代表大会",
    ]
    assert fields["issuing_authority"]["counts"] == {
        "全国人民代表大会常务委员会": 2,
        "全国人民代表大会": 1,
    }
    # a law tagged twice with a tag counts once; ties in code-point order
    assert fields["tags"]["counts"] == {"合同": 2, "金融": 2, "保险": 1}
    assert fields["tags"]["values"] == ["合同", "金融", "保险"]
    assert fields["law_id"]["values"] == sorted(["乙法", "甲法", "丙规定", "丁解释"])
    assert all(field["type"] == "enum" for name, field in fields.items() if name != "date_range")


def test_the_date_range_runs_from_the_earliest_to_the_latest_effective_date() -> None:
    date_range = fields_of(meta_schema(LawLibrary(LAWS)))["date_range"]
    assert date_range["type"] == "date_range"
    assert date_range["values"] == ["1999-10-01", "2021-01-01"]
    undated = fields_of(meta_schema(LawLibrary([law("丁解释")])))["date_range"]
    assert undated["values"] == []


def test_an_empty_library_lists_the_fields_without_values() -> None:
    fields = fields_of(meta_schema(LawLibrary([])))
    assert list(fields) == list(MetaFilter.model_fields)
    assert all(field["values"] == [] for field in fields.values())


def test_the_values_listed_are_accepted_by_the_filter() -> None:
    fields = fields_of(meta_schema(LawLibrary(LAWS)))
    enum_filter = {
        name: field["values"] for name, field in fields.items() if field["type"] == "enum"
    }
    start, end = fields["date_range"]["values"]
    parsed = parse_meta_filter({**enum_filter, "date_range": {"start": start, "end": end}})
    assert parsed.law_level == ["法律", "行政法规", "司法解释", "其他"]
    assert parsed.date_range is not None and parsed.date_range.start == datetime.date(1999, 10, 1)


def test_the_real_laws(shared_laws: Path) -> None:
    library = LawLibrary(load_law_folder(shared_laws))
    fields = fields_of(meta_schema(library))
    assert {"法律", "司法解释"} <= set(fields["law_level"]["values"])
    assert fields["law_level"]["values"].index("法律") < fields["law_level"]["values"].index(
        "司法解释"
    )
    assert "现行有效" in fields["status"]["values"]
    assert "最高人民法院" in fields["issuing_authority"]["values"]
    assert "中华人民共和国民法典" in fields["law_id"]["values"]
    assert len(fields["law_id"]["values"]) == len(library)
    assert sum(fields["law_level"]["counts"].values()) == len(library)
    earliest, latest = (datetime.date.fromisoformat(v) for v in fields["date_range"]["values"])
    dates = [law.metadata.effective_date for law in library if law.metadata.effective_date]
    assert (earliest, latest) == (min(dates), max(dates))


@pytest.mark.parametrize("name", list(ENUM_VALUES))
def test_each_enum_field_reads_the_laws(name: str) -> None:
    values = fields_of(meta_schema(LawLibrary(LAWS)))[name]["values"]
    expected = {value for item in LAWS for value in ENUM_VALUES[name](item)}
    assert set(values) == expected
