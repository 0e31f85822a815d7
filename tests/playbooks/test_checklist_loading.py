"""Checklist files: YAML and TOML, the shipped data files, and an error naming the file,
the item and the field for every bad input."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from contract_review.domain import ChecklistItem, Priority
from contract_review.errors import InputError
from contract_review.playbooks import (
    ChecklistError,
    load_checklist,
    load_checklist_resource,
    parse_checklist,
)

YAML_CHECKLIST = """\
# A comment, as plugin authors write them.
checklist:
  - clause_id: 14.10
    clause_name: 租金调整
    clause_name_en: Rent Review
    priority: high
    required_skills: [get_clause_context, compare_with_baseline]
    description: >-
      Check whether the rent is reviewed upwards only
      and how often.
    keywords:
      - rent review
      - 租金调整
  - clause_id: break_clause
    clause_name: Break clause
"""

TOML_CHECKLIST = """\
[[checklist]]
clause_id = "14.10"
clause_name = "租金调整"
clause_name_en = "Rent Review"
priority = "high"
required_skills = ["get_clause_context", "compare_with_baseline"]
description = "Check whether the rent is reviewed upwards only and how often."
keywords = ["rent review", "租金调整"]

[[checklist]]
clause_id = "break_clause"
clause_name = "Break clause"
"""

EXPECTED = (
    ChecklistItem(
        clause_id="14.10",
        clause_name="租金调整",
        clause_name_en="Rent Review",
        priority=Priority.HIGH,
        required_skills=("get_clause_context", "compare_with_baseline"),
        description="Check whether the rent is reviewed upwards only and how often.",
        keywords=("rent review", "租金调整"),
    ),
    ChecklistItem(clause_id="break_clause", clause_name="Break clause"),
)


def _write(tmp_path: Path, text: str, name: str = "checklist.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_yaml_checklist_loads_with_numbers_kept_as_text(tmp_path: Path) -> None:
    assert load_checklist(_write(tmp_path, YAML_CHECKLIST)) == EXPECTED


def test_a_toml_checklist_loads_the_same(tmp_path: Path) -> None:
    assert load_checklist(_write(tmp_path, TOML_CHECKLIST, "checklist.toml")) == EXPECTED


def test_an_unknown_key_names_the_file_the_item_and_the_key(tmp_path: Path) -> None:
    path = _write(tmp_path, YAML_CHECKLIST.replace("priority: high", "colour: red"))
    with pytest.raises(ChecklistError) as caught:
        load_checklist(path)
    message = str(caught.value)
    assert str(path) in message
    assert "item '14.10'" in message
    assert "colour" in message and "Extra inputs are not permitted" in message


def test_a_wrong_type_names_the_item_and_the_field(tmp_path: Path) -> None:
    text = YAML_CHECKLIST.replace("    clause_name: Break clause", "    clause_name: [a, b]")
    path = _write(tmp_path, text)
    with pytest.raises(ChecklistError) as caught:
        load_checklist(path)
    message = str(caught.value)
    assert str(path) in message
    assert "item 'break_clause': clause_name:" in message


def test_a_bad_priority_names_the_item_and_the_field(tmp_path: Path) -> None:
    path = _write(tmp_path, YAML_CHECKLIST.replace("priority: high", "priority: urgent"))
    with pytest.raises(ChecklistError, match=r"item '14\.10': priority:"):
        load_checklist(path)


def test_an_item_without_a_clause_id_is_named_by_its_position(tmp_path: Path) -> None:
    path = _write(tmp_path, YAML_CHECKLIST.replace("clause_id: break_clause", "keywords: []"))
    with pytest.raises(ChecklistError, match=r"checklist\[1\]: clause_id: Field required"):
        load_checklist(path)


def test_a_duplicate_clause_id_names_the_item(tmp_path: Path) -> None:
    path = _write(tmp_path, YAML_CHECKLIST.replace("clause_id: break_clause", "clause_id: 14.10"))
    with pytest.raises(ChecklistError) as caught:
        load_checklist(path)
    message = str(caught.value)
    assert str(path) in message
    assert "item '14.10' (checklist[1]): clause_id given twice" in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(ChecklistError, match=r"checklist file .*nowhere\.yaml not found"):
        load_checklist(path)


def test_a_missing_resource_names_the_package_and_file() -> None:
    with pytest.raises(ChecklistError, match=r"contract_review/no_such\.yaml not found"):
        load_checklist_resource("contract_review", "no_such.yaml")
    with pytest.raises(ChecklistError, match=r"no_such_package/checklist\.yaml not found"):
        load_checklist_resource("no_such_package")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "is empty"),
        ("- clause_id: x\n", "the top level must be a mapping"),
        ("items: []\n", "unknown top-level key 'items'"),
        ("checklist: {clause_id: x}\n", "checklist must be a list of items"),
        ("checklist: [just text]\n", r"checklist\[0\]: an item must be a mapping"),
        ("checklist: [\n", "is not valid YAML"),
    ],
)
def test_a_malformed_file_is_one_clear_error(text: str, problem: str) -> None:
    with pytest.raises(ChecklistError, match=rf"checklist pkg/checklist\.yaml.*{problem}"):
        parse_checklist(text, source="pkg/checklist.yaml")


def test_an_unknown_file_type_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ChecklistError, match=r"unknown file type '\.json'"):
        load_checklist(_write(tmp_path, "{}", "checklist.json"))


def test_checklist_errors_are_input_errors() -> None:
    assert issubclass(ChecklistError, InputError)


@pytest.mark.parametrize("domain_id", ["fidic", "sha_spa", "generic"])
def test_each_plugin_ships_its_checklist_as_data(domain_id: str) -> None:
    package = f"contract_review_{domain_id}"
    module = pytest.importorskip(f"{package}.checklist")
    loaded = load_checklist_resource(package)
    assert loaded == module.CHECKLIST == module.DOMAIN_SPEC.checklist
    assert resources.files(package).joinpath("checklist.yaml").is_file()
