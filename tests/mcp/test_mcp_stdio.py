"""``contract-review mcp`` over stdio, driven by the MCP SDK's own client: the tools
listed from the registry with schemas from the pydantic models, the law tools on a
small real law index, a review with the same findings as the CLI's, skills on a clause,
the stored reports as resources, and errors as tool errors with the CLI's message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio.to_thread
import pytest

from contract_review.registry import load_registry
from contract_review.skills.registration import SkillStatus

from .conftest import LABOUR, ZH_EXAMPLE, invoke_cli, stdio_session

pytestmark = pytest.mark.timeout(300)

#: A clause of the Chinese example with an uncapped penalty (the review flags it).
PENALTY_CLAUSE = "第十二条"


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    data: dict[str, Any] = result.structured_content
    assert json.loads(result.content[0].text) == data
    return data


def error_text(result: Any) -> str:
    assert result.is_error
    text: str = result.content[0].text
    return text


async def test_the_tools_are_the_registry_s_with_schemas_from_its_models(
    server_env: dict[str, str], small_law_index: Path
) -> None:
    registry = load_registry()
    active = {
        registered.item.skill_id
        for registered in registry.skills.values()
        if registered.item.status is SkillStatus.ACTIVE
    }
    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(listed) == active | {"review", "ask"}
    assert {"hybrid_search", "get_provision_context", "get_law", "meta_schema"} <= set(listed)
    for tool in listed.values():
        schema = tool.input_schema
        assert schema["type"] == "object"
        # what the engine fills is never an argument
        assert not {"document_structure", "reference_structure", "law_index"} & set(
            schema.get("properties", {})
        )
        assert tool.output_schema is not None
    assert {"query", "top_k"} <= set(listed["hybrid_search"].input_schema["properties"])
    review = listed["review"].input_schema
    assert review["required"] == ["domain"]
    assert {"path", "text", "party", "report_language"} <= set(review["properties"])
    skill = listed["extract_financial_terms"].input_schema
    assert {"document_path", "document_text", "clause_id", "keywords"} <= set(skill["properties"])
    assert "clause_id" in skill["required"]


async def test_hybrid_search_finds_the_labour_contract_law(
    server_env: dict[str, str], small_law_index: Path
) -> None:
    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        found = structured(
            await session.call_tool("hybrid_search", {"query": "试用期 解除 劳动合同", "top_k": 5})
        )
        article = structured(
            await session.call_tool(
                "get_provision_context",
                {"law_id": "劳动合同法", "article_id": found["results"][0]["article_no"]},
            )
        )
        schema = structured(await session.call_tool("meta_schema", {}))
        unknown = await session.call_tool("hybrid_search", {"query": "试用期", "topk": 3})
    results = found["results"]
    assert results and results[0]["law_title"] == LABOUR
    assert results[0]["article_no"] == "第二十一条"  # 在试用期中，……用人单位不得解除劳动合同
    assert "试用期" in results[0]["snippet"]
    assert article["law_title"] == LABOUR
    assert article["context"][0]["text"]
    assert schema["fields"]
    assert error_text(unknown).startswith(
        "Error: unknown argument 'topk' for the tool hybrid_search"
    )


@pytest.mark.requires_domain("generic")
async def test_review_returns_the_cli_s_findings_and_stores_the_report(
    server_env: dict[str, str], small_law_index: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cli-out"
    cli = await anyio.to_thread.run_sync(
        invoke_cli, ["review", str(ZH_EXAMPLE), "--domain", "generic", "--out", str(out)]
    )
    assert cli.exit_code == 0, cli.output
    cli_report = json.loads((out / "report.json").read_text(encoding="utf-8"))

    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        reviewed = structured(
            await session.call_tool("review", {"path": str(ZH_EXAMPLE), "domain": "generic"})
        )
        listed = [str(resource.uri) for resource in (await session.list_resources()).resources]
        report_json = await session.read_resource(reviewed["report_json"])
        report_md = await session.read_resource(reviewed["report_markdown"])
        from_text = structured(
            await session.call_tool(
                "review",
                {
                    "text": ZH_EXAMPLE.read_text(encoding="utf-8"),
                    "name": "services.txt",
                    "domain": "generic",
                    "out_dir": str(tmp_path / "mcp-out"),
                },
            )
        )

    findings = reviewed["findings"]
    assert findings
    assert len(findings) == len(cli_report["findings"])
    assert [f["finding_id"] for f in findings] == [f["finding_id"] for f in cli_report["findings"]]
    assert reviewed["summary"] == cli_report["summary"]
    assert reviewed["status"] == "complete"
    review_id = reviewed["review_id"]
    assert reviewed["report_json"] == f"review://{review_id}/report.json"
    assert {reviewed["report_json"], reviewed["report_markdown"]} <= set(listed)
    stored = json.loads(report_json.contents[0].text)
    assert stored["review_id"] == review_id
    assert len(stored["findings"]) == len(findings)
    assert "第十二条" in report_md.contents[0].text
    assert len(from_text["findings"]) == len(findings)
    assert sorted(Path(p).name for p in from_text["written"]) == [
        "report.html",
        "report.json",
        "report.md",
    ]


@pytest.mark.requires_domain("generic")
async def test_a_bad_input_is_a_tool_error_with_the_cli_s_message(
    server_env: dict[str, str], small_law_index: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "missing.txt"
    cli = await anyio.to_thread.run_sync(
        invoke_cli, ["review", str(missing), "--domain", "generic", "--out", str(tmp_path / "o")]
    )
    assert cli.exit_code == 2
    cli_line = cli.stderr.strip()
    assert cli_line == f"Error: file not found: {missing}"
    cli_domain = (
        await anyio.to_thread.run_sync(
            invoke_cli,
            ["review", str(ZH_EXAMPLE), "--domain", "nosuch", "--out", str(tmp_path / "o")],
        )
    ).stderr.strip()

    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        not_found = await session.call_tool("review", {"path": str(missing), "domain": "generic"})
        unknown_domain = await session.call_tool(
            "review", {"path": str(ZH_EXAMPLE), "domain": "nosuch"}
        )
        no_domain = await session.call_tool("review", {"path": str(ZH_EXAMPLE)})
        skill_missing = await session.call_tool(
            "extract_financial_terms", {"document_path": str(missing), "clause_id": "1"}
        )
        no_resource = await session.call_tool("no_such_tool", {})
    assert error_text(not_found) == cli_line
    assert error_text(unknown_domain) == cli_domain
    assert cli_domain.startswith("Error: ")
    assert error_text(no_domain) == "Error: domain: Field required"
    assert error_text(skill_missing) == cli_line
    assert error_text(no_resource).startswith("Error: no tool 'no_such_tool'")
    for result in (not_found, unknown_domain, no_domain, skill_missing):
        assert "Traceback" not in error_text(result)
        assert "\n" not in error_text(result)


@pytest.mark.requires_domain("generic")
async def test_skills_run_on_a_clause_of_a_given_document(
    server_env: dict[str, str], small_law_index: Path
) -> None:
    registry = load_registry()
    generic = [
        registered.item.skill_id
        for registered in registry.skills.values()
        if registered.item.status is SkillStatus.ACTIVE
        and registered.item.applies_to("generic")
        and registered.item.skill_id
        not in {"hybrid_search", "get_provision_context", "get_law", "meta_schema"}
    ]
    text = ZH_EXAMPLE.read_text(encoding="utf-8")
    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        outputs = {
            skill_id: structured(
                await session.call_tool(
                    skill_id,
                    {"document_path": str(ZH_EXAMPLE), "clause_id": PENALTY_CLAUSE}
                    if skill_id != "search_reference_doc"
                    else {
                        "document_text": text,
                        "query": "违约金 不设上限",
                        "top_k": 3,
                        "min_score": 0.0,
                    },
                )
            )
            for skill_id in generic
        }
        from_text = structured(
            await session.call_tool(
                "extract_financial_terms",
                {"document_text": text, "document_name": "zh.txt", "clause_id": PENALTY_CLAUSE},
            )
        )
    assert "extract_financial_terms" in outputs and "search_reference_doc" in outputs
    terms = outputs["extract_financial_terms"]
    assert terms["clause_id"] == PENALTY_CLAUSE
    assert from_text == terms
    deviation = outputs["assess_deviation"]
    assert deviation["clause_id"] == PENALTY_CLAUSE
    sections = outputs["search_reference_doc"]["matched_sections"]
    assert sections and sections[0]["section_id"]


async def test_ask_answers_from_the_law_index_with_citations(
    server_env: dict[str, str], small_law_index: Path
) -> None:
    async with stdio_session(server_env, "--law-index", str(small_law_index)) as session:
        answer = structured(
            await session.call_tool("ask", {"question": "试用期内用人单位可以随意解除劳动合同吗"})
        )
    assert answer["citations"]
    assert answer["citations"][0]["source"] == LABOUR
    assert answer["mode"] == "extractive"


async def test_without_a_law_index_the_law_tools_say_how_to_build_one(
    server_env: dict[str, str],
) -> None:
    async with stdio_session(server_env) as session:
        result = await session.call_tool("hybrid_search", {"query": "试用期"})
    assert error_text(result).startswith("Error: no law index: start the server with --law-index")
