"""The four law tools as generic skills: registered for every domain, with tool
definitions that hide the index location, run through the dispatcher against the
configured law index, and clear errors when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.builtin.law_skills import LAW_SKILLS
from contract_review.laws.law_index import build_law_index
from contract_review.registry import load_registry
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review.testing.law_builders import make_law

LAW_ID = "中华人民共和国样例法"
SKILL_IDS = ["hybrid_search", "get_provision_context", "get_law", "meta_schema"]


@pytest.fixture
def law_index_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    law = make_law(
        LAW_ID,
        [
            ("第一条", "本法所称定金，是指当事人为担保债务履行而给付的金钱。"),
            ("第二条", "当事人可以约定定金。但是，定金不得超过主合同标的额的百分之二十。"),
            ("第三条", "依照本法第二条约定的定金，自实际交付时成立。"),
        ],
        path=["第一章 总则"],
        law_level="法律",
        effective_date="2021-01-01",
    )
    directory = tmp_path / "laws"
    build_law_index([law], embedder=HashingEmbedder(), show_progress=False).save(directory)
    monkeypatch.setenv("CONTRACT_REVIEW_LAW_INDEX", str(directory))
    return directory


@pytest.fixture(scope="module")
def dispatcher() -> SkillDispatcher:
    return SkillDispatcher(load_registry(load_entrypoints=False))


def test_the_four_tools_are_generic_skills_with_clean_tool_definitions(
    dispatcher: SkillDispatcher,
) -> None:
    assert [skill.skill_id for skill in LAW_SKILLS] == SKILL_IDS
    for skill_id in SKILL_IDS:
        registered = dispatcher.registry.skills[skill_id]
        assert registered.item.domain == "*"
        assert registered.plugin == "contract_review.builtin.law_skills"
    definitions = {d.function.name: d for d in dispatcher.tool_definitions()}
    search = definitions["hybrid_search"].function.parameters
    assert "law_index" not in search["properties"]
    assert {"query", "top_k", "use_bm25", "use_vector", "meta_filter"} <= set(search["properties"])
    assert definitions["meta_schema"].function.parameters.get("properties", {}) == {}
    context = definitions["get_provision_context"].function.parameters["properties"]
    assert {"law_id", "article_id", "include_neighbors", "max_length"} <= set(context)


def test_skills_run_on_the_configured_index(
    law_index_dir: Path, dispatcher: SkillDispatcher
) -> None:
    found = dispatcher.call_sync("hybrid_search", {"query": "定金 交付 成立", "top_k": 2})
    assert found.success, found.error
    assert found.data is not None
    assert found.data["results"][0]["article_id"] == f"{LAW_ID}#第三条"

    context = dispatcher.call_sync(
        "get_provision_context", {"law_id": "样例法", "article_id": "第三条"}
    )
    assert context.success, context.error
    assert context.data is not None
    roles = {(e["article_no"], e["role"]) for e in context.data["context"]}
    assert ("第三条", "target") in roles and ("第二条", "reference") in roles

    law = dispatcher.call_sync("get_law", {"law_id": "样例法", "fields": ["meta"]})
    assert law.success, law.error
    assert law.data is not None and law.data["meta"]["law_level"] == "法律"

    schema = dispatcher.call_sync("meta_schema", {})
    assert schema.success, schema.error
    assert schema.data is not None
    levels = next(f for f in schema.data["fields"] if f["name"] == "law_level")
    assert levels["values"] == ["法律"]


def test_an_explicit_index_wins_over_the_setting(
    law_index_dir: Path,
    dispatcher: SkillDispatcher,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_LAW_INDEX", str(tmp_path / "elsewhere"))
    missing = dispatcher.call_sync("meta_schema", {})
    assert not missing.success
    assert missing.error is not None
    assert "no law index at" in missing.error and "contract-review law index" in missing.error
    # the engine fills internal fields; a direct call may name the index
    given = dispatcher.call_sync("meta_schema", {"law_index": str(law_index_dir)})
    assert given.success, given.error
    assert given.data is not None
    assert {field["name"] for field in given.data["fields"]} >= {"law_level", "date_range"}


def test_bad_tool_input_is_reported_not_raised(
    law_index_dir: Path, dispatcher: SkillDispatcher
) -> None:
    bad = dispatcher.call_sync(
        "hybrid_search", {"query": "定金", "meta_filter": {"level": ["法律"]}}
    )
    assert not bad.success
    assert bad.error is not None and "level" in bad.error
    unknown = dispatcher.call_sync(
        "get_provision_context", {"law_id": "不存在法", "article_id": "第一条"}
    )
    assert not unknown.success
    assert unknown.error is not None and "不存在法" in unknown.error
