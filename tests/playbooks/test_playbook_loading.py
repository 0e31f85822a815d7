"""Playbook files: YAML and TOML, the shipped data files, and an error naming the file,
the rule or field and the problem for every bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from contract_review.domain import ChecklistItem, DomainSpec, PlaybookRule
from contract_review.errors import InputError
from contract_review.playbooks.playbook_loading import (
    PlaybookError,
    check_playbook,
    dump_playbook,
    load_playbook,
    load_playbook_resource,
    parse_playbook,
)
from contract_review.playbooks.playbook_models import Playbook
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID

from .playbook_review import domain_spec

YAML_PLAYBOOK = """\
schema_version: 1
playbook_id: leases
domain_id: leases
version: "1.2.0"
title: Leases playbook
sides: [lessor, lessee]
rules:
  - rule_id: rent_review_upwards_only
    clause_id: "14.10"
    category: rent_review
    description: Rent reviews go upwards only.
    patterns: ['upwards\\s+only', '只增不减']
    burdens: lessee
    risk_level: high
    redline: {kind: replace_match, text: upwards or downwards}
  - rule_id: break_notice_long
    clause_id: "9"
    description: The break notice exceeds six months.
    patterns: ['break']
    threshold: 6
    comparison: gt
    unit: month
"""

TOML_PLAYBOOK = """\
schema_version = 1
playbook_id = "leases"
domain_id = "leases"
version = "1.2.0"
title = "Leases playbook"
sides = ["lessor", "lessee"]

[[rules]]
rule_id = "rent_review_upwards_only"
clause_id = "14.10"
category = "rent_review"
description = "Rent reviews go upwards only."
patterns = ['upwards\\s+only', "只增不减"]
burdens = "lessee"
risk_level = "high"

[rules.redline]
kind = "replace_match"
text = "upwards or downwards"

[[rules]]
rule_id = "break_notice_long"
clause_id = "9"
description = "The break notice exceeds six months."
patterns = ["break"]
threshold = 6
comparison = "gt"
unit = "month"
"""

LEASES = DomainSpec(
    domain_id="leases",
    name="Leases",
    checklist=(
        ChecklistItem(clause_id="9", clause_name="Break"),
        ChecklistItem(clause_id="14.10", clause_name="Rent review"),
    ),
)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_and_toml_give_the_same_playbook(tmp_path: Path) -> None:
    from_yaml = load_playbook(_write(tmp_path, "p.yaml", YAML_PLAYBOOK), domain=LEASES)
    from_toml = load_playbook(_write(tmp_path, "p.toml", TOML_PLAYBOOK), domain=LEASES)
    assert from_yaml == from_toml
    assert from_yaml.label == "leases 1.2.0"
    assert from_yaml.rules[0].clause_id == "14.10"  # a YAML number stays text, not 14.1
    assert from_yaml.rules[0].burdens == ("lessee",)
    assert from_yaml.rules[1].threshold == 6.0


@pytest.mark.parametrize("domain_id", [THROWAWAY_DOMAIN_ID, "fidic", "generic", "sha_spa"])
@pytest.mark.parametrize("fmt", ["yaml", "toml"])
def test_shipped_playbooks_round_trip(tmp_path: Path, domain_id: str, fmt: str) -> None:
    playbook = domain_spec(domain_id).playbook
    path = _write(tmp_path, f"playbook.{fmt}", dump_playbook(playbook, fmt))  # type: ignore[arg-type]
    assert load_playbook(path, domain=domain_spec(domain_id)) == playbook


@pytest.mark.parametrize(
    ("domain_id", "version"), [("fidic", "1.2.0"), ("generic", "1.2.0"), ("sha_spa", "1.0.0")]
)
def test_shipped_playbook_is_package_data_of_its_plugin(domain_id: str, version: str) -> None:
    spec = domain_spec(domain_id)
    loaded = load_playbook_resource(f"contract_review_{domain_id}")
    assert loaded == spec.playbook
    assert spec.playbook_rules == loaded.rules
    assert (loaded.domain_id, loaded.version) == (domain_id, version)
    check_playbook(loaded, spec)  # every rule names a checklist item
    for rule in loaded.rules:
        assert rule.description and rule.rationale and rule.standard_position, rule.rule_id


# ------------------------------------------------------------------ errors


def _replace(old: str, new: str) -> str:
    assert old in YAML_PLAYBOOK
    return YAML_PLAYBOOK.replace(old, new)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("p.yaml", "rules: [\n  - rule_id: x\n", "is not valid YAML"),
        ("p.toml", "playbook_id = \n", "is not valid TOML"),
        ("p.yaml", "", "is empty"),
        ("p.yaml", "- a\n- b\n", "top level must be a mapping"),
        ("p.json", "{}", "unknown file type '.json'"),
        (
            "p.yaml",
            _replace("    category: rent_review\n", "    colour: red\n"),
            "rule 'rent_review_upwards_only': colour: Extra inputs are not permitted",
        ),
        (
            "p.yaml",
            _replace("['break']", "['(break']"),
            "rule 'break_notice_long': patterns: Value error, pattern '(break' is not a valid regular expression",
        ),
        (
            "p.yaml",
            _replace("    comparison: gt\n", ""),
            "rule 'break_notice_long': rule: Value error, threshold and comparison must be given together",
        ),
        (
            "p.yaml",
            _replace("schema_version: 1", "schema_version: 2"),
            "schema_version: Value error, schema_version 2 is not supported",
        ),
        (
            "p.yaml",
            _replace("rule_id: break_notice_long", "rule_id: rent_review_upwards_only"),
            "duplicate rule ids: rent_review_upwards_only",
        ),
        (
            "p.yaml",
            _replace("burdens: lessee", "burdens: tenant"),
            "rules name sides the playbook does not list in 'sides': rent_review_upwards_only ('tenant')",
        ),
        (
            "p.yaml",
            _replace('version: "1.2.0"', "version: one"),
            "version: String should match pattern",
        ),
        (
            "p.yaml",
            _replace("    unit: month\n", "    unit: fortnight\n"),
            "rule 'break_notice_long': unit:",
        ),
        (
            "p.yaml",
            _replace("{kind: replace_match, text: upwards or downwards}", "{kind: append}"),
            "redline: Value error, an 'append' redline needs 'text'",
        ),
        (
            "p.yaml",
            _replace("    burdens: lessee\n", "    burdens: [either, lessee]\n"),
            "'either' cannot be combined with other sides",
        ),
        (
            "p.yaml",
            _replace("  - rule_id: rent_review_upwards_only\n", "  - rule_id: Rent Review\n"),
            "rule 'Rent Review': rule_id: String should match pattern",
        ),
    ],
)
def test_bad_playbook_files_are_named_with_the_problem(
    tmp_path: Path, name: str, text: str, expected: str
) -> None:
    path = _write(tmp_path, name, text)
    with pytest.raises(PlaybookError) as raised:
        load_playbook(path)
    assert isinstance(raised.value, InputError)
    message = str(raised.value)
    assert str(path) in message
    assert expected in message, message


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(PlaybookError, match=r"playbook file .*nope\.yaml not found"):
        load_playbook(tmp_path / "nope.yaml")
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    with pytest.raises(PlaybookError, match="is not a file"):
        load_playbook(folder)


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_bytes(b"title: \xff\xfe\x00bad")
    with pytest.raises(PlaybookError, match="is not UTF-8 text"):
        load_playbook(path)


def test_rules_checked_against_the_domain(tmp_path: Path) -> None:
    path = _write(tmp_path, "p.yaml", _replace('clause_id: "9"', 'clause_id: "99"'))
    assert load_playbook(path).rules[1].clause_id == "99"  # fine without a domain
    with pytest.raises(PlaybookError) as raised:
        load_playbook(path, domain=LEASES)
    message = str(raised.value)
    assert "rule 'break_notice_long' names clause '99'" in message
    assert "not on the leases checklist (9, 14.10)" in message and str(path) in message
    other = _write(
        tmp_path, "q.yaml", YAML_PLAYBOOK.replace("domain_id: leases", "domain_id: fidic")
    )
    with pytest.raises(PlaybookError, match="is for domain 'fidic', not 'leases'"):
        load_playbook(other, domain=LEASES)


def test_parse_playbook_names_its_source() -> None:
    with pytest.raises(PlaybookError, match="playbook inline-text: rules must be a list"):
        parse_playbook(
            "playbook_id: x\ndomain_id: x\nversion: 1.0.0\ntitle: t\nrules: 3\n",
            source="inline-text",
            fmt="yaml",
        )


# ------------------------------------------------------------ the domain's playbook


def _rule(rule_id: str = "r", clause_id: str = "9") -> PlaybookRule:
    return PlaybookRule(rule_id=rule_id, clause_id=clause_id, description="d", patterns=("x",))


def test_domain_with_bare_rules_gets_a_version_zero_playbook() -> None:
    spec = DomainSpec(
        domain_id="leases", name="Leases", checklist=LEASES.checklist, playbook_rules=(_rule(),)
    )
    assert spec.playbook.label == "leases 0.0.0"
    assert spec.playbook.rules == spec.playbook_rules
    assert DomainSpec(domain_id="leases", name="Leases").playbook.rules == ()


def test_domain_with_a_playbook_exposes_its_rules(tmp_path: Path) -> None:
    playbook = load_playbook(_write(tmp_path, "p.yaml", YAML_PLAYBOOK))
    spec = LEASES.model_copy(update={"playbook": playbook, "playbook_rules": playbook.rules})
    rebuilt = DomainSpec(
        domain_id="leases", name="Leases", checklist=LEASES.checklist, playbook=playbook
    )
    assert rebuilt.playbook_rules == playbook.rules
    assert DomainSpec.model_validate(rebuilt.model_dump()) == rebuilt == spec


def test_domain_rejects_a_playbook_that_does_not_fit() -> None:
    playbook = Playbook.from_rules("leases", "t", (_rule(),))
    with pytest.raises(ValidationError, match=r"differ from playbook\.rules"):
        DomainSpec(
            domain_id="leases",
            name="Leases",
            checklist=LEASES.checklist,
            playbook=playbook,
            playbook_rules=(_rule("other"),),
        )
    with pytest.raises(ValidationError, match="is for domain 'leases', not 'shops'"):
        DomainSpec(domain_id="shops", name="Shops", checklist=LEASES.checklist, playbook=playbook)
    with pytest.raises(ValidationError, match="not in the checklist: r"):
        DomainSpec(
            domain_id="leases",
            name="Leases",
            checklist=LEASES.checklist,
            playbook=Playbook.from_rules("leases", "t", (_rule(clause_id="77"),)),
        )


def test_a_playbook_can_have_every_rule_read_definitions() -> None:
    rules = [
        {"rule_id": "a", "clause_id": "1", "description": "A", "patterns": ["x"]},
        {
            "rule_id": "b",
            "clause_id": "1",
            "description": "B",
            "patterns": ["y"],
            "reads_definitions": False,
        },
    ]
    head = {"playbook_id": "p", "domain_id": "p", "version": "1.0.0", "title": "P"}
    every = Playbook.model_validate({**head, "rules": rules, "rules_read_definitions": True})
    assert [rule.reads_definitions for rule in every.rules] == [True, False]
    assert [
        r.reads_definitions for r in Playbook.model_validate({**head, "rules": rules}).rules
    ] == [
        False,
        False,
    ]
    built = Playbook(
        **head, rules=tuple(PlaybookRule(**rule) for rule in rules), rules_read_definitions=True
    )
    assert [rule.reads_definitions for rule in built.rules] == [True, False]
