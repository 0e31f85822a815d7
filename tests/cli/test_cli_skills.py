"""``contract-review skills``: the table, --domain, --json and --tools."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from contract_review.skills.registration import INTERNAL_FIELDS


def _keys_anywhere(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from _keys_anywhere(value)
    elif isinstance(node, list):
        for item in node:
            yield from _keys_anywhere(item)


def test_table_lists_every_skill(run_cli: Any) -> None:
    result = run_cli(["skills"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for text in ("leasing_rent_review", "leasing_break_option", "preview", "remote", "financial"):
        assert text in result.stdout
    assert "Check the rent-review clause against the cap." in result.stdout


def test_table_for_a_domain(run_cli: Any) -> None:
    result = run_cli(["skills", "--domain", "leasing"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Skills for domain 'leasing'" in result.stdout
    assert "leasing_rent_review" in result.stdout


def test_json_lists_skill_summaries(run_cli: Any) -> None:
    result = run_cli(["skills", "--json"])
    assert result.exit_code == 0
    summaries = {s["skill_id"]: s for s in json.loads(result.stdout)}
    assert summaries["leasing_rent_review"] == {
        "skill_id": "leasing_rent_review",
        "name": "Rent review",
        "domain": "leasing",
        "status": "active",
        "backend": "local",
        "category": "financial",
        "plugin": "leasing_plugin",
        "description": "Check the rent-review clause against the cap.",
    }
    assert summaries["leasing_break_option"]["status"] == "preview"


def test_json_for_a_domain_includes_generic_skills_only_besides_its_own(run_cli: Any) -> None:
    data = json.loads(run_cli(["skills", "--domain", "leasing", "--json"]).stdout)
    assert {s["domain"] for s in data} <= {"leasing", "*"}
    assert {"leasing_rent_review", "leasing_break_option"} <= {s["skill_id"] for s in data}


def test_unknown_domain_exits_2_naming_installed_domains(run_cli: Any) -> None:
    result = run_cli(["skills", "--domain", "nope"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: unknown domain 'nope'")
    assert "leasing" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_domain_with_tools_exits_2(run_cli: Any) -> None:
    result = run_cli(["skills", "--domain", "nope", "--tools"])
    assert result.exit_code == 2
    assert "leasing" in result.stderr


def test_tools_needs_a_domain(run_cli: Any) -> None:
    result = run_cli(["skills", "--tools"])
    assert result.exit_code == 2
    assert "--tools needs --domain" in result.stderr


def test_tools_are_function_definitions_without_internal_fields(run_cli: Any) -> None:
    result = run_cli(["skills", "--domain", "leasing", "--tools"])
    assert result.exit_code == 0, result.output
    tools = json.loads(result.stdout)
    names = [tool["function"]["name"] for tool in tools]
    assert "leasing_rent_review" in names
    assert "leasing_break_option" not in names  # preview: only with --all
    for tool in tools:
        assert tool["type"] == "function"
        assert set(tool["function"]) == {"name", "description", "parameters"}
        hidden = set(_keys_anywhere(tool["function"]["parameters"])) & INTERNAL_FIELDS
        assert not hidden, f"{tool['function']['name']} exposes {hidden}"
    rent = next(t for t in tools if t["function"]["name"] == "leasing_rent_review")
    assert set(rent["function"]["parameters"]["properties"]) == {"clause_id", "cap_percent"}


def test_tools_all_adds_preview_skills(run_cli: Any) -> None:
    tools = json.loads(run_cli(["skills", "--domain", "leasing", "--tools", "--all"]).stdout)
    by_name = {tool["function"]["name"]: tool for tool in tools}
    assert "leasing_break_option" in by_name
    assert "state" not in json.dumps(by_name["leasing_break_option"]["function"]["parameters"])


def test_no_skills_installed(run_cli_bare: Any) -> None:
    result = run_cli_bare(["skills", "--json"])
    assert result.exit_code == 0
    assert all(s["domain"] == "*" for s in json.loads(result.stdout))


def test_skills_run_reads_the_document_at_the_clause(run_cli: Any, tmp_path: Any) -> None:
    contract = tmp_path / "lease.txt"
    contract.write_text(
        "LEASE\n\n1. Rent\nThe Tenant shall pay rent of USD 12,000 per month, reviewed "
        "every 3 years by no more than 5%.\n\n2. Term\nThe term is ten years.\n",
        encoding="utf-8",
    )
    result = run_cli(
        ["skills", "run", "extract_financial_terms", "--document", str(contract), "--clause", "1"]
    )
    assert result.exit_code == 0, result.output
    ran = json.loads(result.stdout)
    assert ran["success"] is True and ran["data"]["clause_found"] is True
    values = {term["text"] for term in ran["data"]["terms"]}
    assert any("12,000" in text for text in values) and any("5%" in text for text in values)

    wrong = run_cli(
        ["skills", "run", "get_clause_context", "--document", str(contract), "--input", "[1]"]
    )
    assert wrong.exit_code != 0 and "--input must be a JSON object" in wrong.stderr
    unknown = run_cli(["skills", "run", "no_such_skill", "--document", str(contract)])
    assert unknown.exit_code != 0 and "unknown skill 'no_such_skill'" in unknown.stderr
    missing = run_cli(["skills", "run", "get_clause_context", "--document", "nowhere.txt"])
    assert missing.exit_code != 0 and "nowhere.txt" in missing.stderr
