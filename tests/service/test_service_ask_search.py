"""Ask, conversations, evaluation and unified search over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from contract_review.laws.law_index import build_law_index
from contract_review.service.app import create_app
from contract_review.testing.law_builders import make_law

LABOUR_LAW = "中华人民共和国劳动合同法"
ARTICLE_21 = f"{LABOUR_LAW}#第二十一条"
QUESTION = "试用期内用人单位可以随意解除劳动合同吗"


@pytest.fixture(scope="module")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    law = make_law(
        LABOUR_LAW,
        [
            ("第十九条", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。"),
            (
                "第二十一条",
                "在试用期中，除劳动者有本法第三十九条和第四十条第一项、第二项规定的情形外，"
                "用人单位不得解除劳动合同。用人单位在试用期解除劳动合同的，应当向劳动者说明理由。",
            ),
            ("第三十七条", "劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。"),
            ("第三十九条", "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。"),
            ("第四十条", "劳动者患病或者非因工负伤，在规定的医疗期满后不能从事原工作的。"),
        ],
        title=LABOUR_LAW,
        law_level="法律",
    )
    target = tmp_path_factory.mktemp("laws") / "law-index"
    build_law_index([law], embedder=None, show_progress=False).save(target)
    return target


@pytest.fixture
def law_client(make_settings: Any, small_index: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(make_settings(), law_index=small_index), base_url="http://localhost"
    ) as test_client:
        yield test_client


def test_ask_cites_the_article_that_holds_the_answer(law_client: TestClient) -> None:
    response = law_client.post("/ask", json={"query": QUESTION})
    assert response.status_code == 200
    data = response.json()["data"]
    assert data["mode"] == "extractive"
    first = data["citations"][0]
    assert first["id"] == ARTICLE_21
    assert first["label"] == "劳动合同法 第二十一条"
    assert "用人单位不得解除劳动合同" in first["quote"]
    assert "第二十一条" in data["answer"]


def test_conversations_keep_the_questions_and_answers(law_client: TestClient) -> None:
    created = law_client.post("/conversations", json={"metadata": {"language": "zh"}})
    assert created.status_code == 201
    conversation_id = created.json()["data"]["id"]
    law_client.post("/ask", json={"query": QUESTION, "conversation_id": conversation_id})
    follow_up = law_client.post(
        "/ask", json={"query": "那试用期最长多久？", "conversation_id": conversation_id}
    )
    assert follow_up.status_code == 200

    conversation = law_client.get(f"/conversations/{conversation_id}").json()["data"]
    roles = [m["role"] for m in conversation["messages"]]
    assert roles == ["user", "assistant", "user", "assistant"]
    assert conversation["messages"][0]["content"] == QUESTION
    assert conversation["metadata"] == {"language": "zh"}
    listed = law_client.get("/conversations").json()["data"]
    assert [(c["id"], c["message_count"]) for c in listed] == [(conversation_id, 4)]

    cleared = law_client.delete(f"/conversations/{conversation_id}/messages").json()["data"]
    assert cleared["messages"] == []
    assert law_client.delete(f"/conversations/{conversation_id}").status_code == 200
    gone = law_client.get(f"/conversations/{conversation_id}")
    assert gone.status_code == 404
    assert gone.json()["error"]["code"] == "E_NOT_FOUND"
    unknown = law_client.post("/ask", json={"query": QUESTION, "conversation_id": "conv-none"})
    assert unknown.status_code == 404
    message = unknown.json()["error"]["message"]
    assert "conv-none" in message and "the server's store" in message
    assert "sqlite3" not in message, "the server's folders are not shown to clients"


def test_ask_without_a_law_index_says_how_to_configure_one(client: TestClient) -> None:
    response = client.post("/ask", json={"query": QUESTION})
    assert response.status_code == 501
    assert response.json()["error"]["code"] == "E_NOT_SUPPORTED"
    assert "--law-index" in response.json()["error"]["suggestion"]
    blank = client.post("/ask", json={"query": "   "})
    assert blank.status_code == 400
    assert "query" in blank.json()["error"]["message"]


def _unified(client: TestClient, body: dict[str, Any], **headers: str) -> Any:
    return client.post("/api/search/unified", json=body, headers=headers)


def test_unified_search_in_each_mode(law_client: TestClient) -> None:
    nl = _unified(law_client, {"mode": "nl", "nl_query": {"text": QUESTION}})
    assert nl.status_code == 200
    body = nl.json()
    assert body["success"] is True and body["request_id"]
    texts = body["results"]["texts"]
    assert ARTICLE_21 in [t["entity_id"] for t in texts]
    assert body["meta"]["plan"] and body["meta"]["metrics"]["calls"] >= 1

    exact = _unified(
        law_client,
        {
            "mode": "exact",
            "exact_query": {
                "concept": "劳动合同法第二十一条",
                "graph": {"relation_types": ["excepts"], "direction": "out", "depth": 1},
            },
        },
    ).json()
    edges = exact["results"]["subgraph"]["edges"]
    assert {(e["source_id"], e["relation_type"]) for e in edges} == {(ARTICLE_21, "excepts")}
    assert f"{LABOUR_LAW}#第三十九条" in {e["target_id"] for e in edges}

    hybrid = _unified(
        law_client,
        {
            "mode": "hybrid",
            "nl_query": {"text": "试用期 解除劳动合同"},
            "exact_query": {"filters": [{"field": "law_level", "op": "eq", "value": "法律"}]},
            "options": {"limit": 2},
        },
    ).json()
    assert 1 <= len(hybrid["results"]["entities"]) <= 2


def test_dry_run_returns_a_plan_and_no_results_without_an_index(client: TestClient) -> None:
    response = _unified(
        client,
        {"mode": "nl", "nl_query": {"text": QUESTION}, "options": {"dry_run": True}},
        **{"X-Client-Profile": "precision"},
    )
    assert response.status_code == 200
    body = response.json()
    assert body.get("results") is None
    assert len(body["meta"]["plan"]) >= 1
    assert body["meta"]["profile"] == "precision"
    without_dry_run = _unified(client, {"mode": "nl", "nl_query": {"text": QUESTION}})
    assert without_dry_run.status_code == 501
    assert without_dry_run.json()["error"]["code"] == "E_NOT_SUPPORTED"


def test_unified_search_errors_use_the_error_body(law_client: TestClient) -> None:
    bad = _unified(law_client, {"mode": "fuzzy"})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "E_SCHEMA_INVALID"
    assert "body.mode" in bad.json()["error"]["message"]
    assert "劳动合同法第二十一条" in bad.json()["error"]["suggestion"]  # an example request

    too_many = _unified(
        law_client,
        {"mode": "exact", "exact_query": {"concept": "劳动合同法"}, "options": {"limit": 5000}},
    )
    assert too_many.status_code == 422
    assert too_many.json()["error"]["code"] == "E_CAPABILITY_LIMIT"
    assert too_many.json()["meta"]["plan"]


def test_evaluate_grades_answers_and_reviews(law_client: TestClient) -> None:
    good = law_client.post(
        "/evaluate",
        json={
            "target": "answer",
            "question": QUESTION,
            "answer": "不可以。根据《劳动合同法》第二十一条，在试用期中，除劳动者有本法第三十九条和"
            "第四十条第一项、第二项规定的情形外，用人单位不得解除劳动合同；用人单位在试用期解除"
            "劳动合同的，应当向劳动者说明理由。建议用人单位解除前核实是否具备法定情形并书面说明理由。",
            "citations": [ARTICLE_21],
        },
    ).json()["data"]["answer"]
    vague = law_client.post(
        "/evaluate", json={"target": "answer", "question": QUESTION, "answer": "可能可以吧"}
    ).json()["data"]["answer"]
    assert good["grade"] in {"A", "B"}
    assert vague["grade"] == "F"
    assert good["overall_score"] > vague["overall_score"]

    missing = law_client.post("/evaluate", json={"target": "review", "review_id": "rv-none"})
    assert missing.status_code == 404
    neither = law_client.post("/evaluate", json={"target": "review"})
    assert neither.status_code == 400


def test_the_four_law_tools_answer_over_http(law_client: TestClient) -> None:
    found = law_client.post("/laws/search", json={"query": "试用期 解除劳动合同", "top_k": 3})
    assert found.status_code == 200
    assert ARTICLE_21 in [hit["article_id"] for hit in found.json()["data"]["results"]]

    context = law_client.post(
        "/laws/context", json={"law_id": "劳动合同法", "article_id": "第二十一条"}
    )
    assert context.status_code == 200, context.text
    assert "用人单位不得解除劳动合同" in str(context.json()["data"])

    law = law_client.post("/laws/get", json={"law_id": "劳动合同法"})
    assert law.status_code == 200, law.text
    assert LABOUR_LAW in str(law.json()["data"])

    schema = law_client.get("/laws/schema")
    assert schema.status_code == 200
    assert "law_level" in str(schema.json()["data"])

    unknown = law_client.post("/laws/get", json={"law_id": "不存在的法"})
    assert unknown.status_code == 404
    assert "不存在的法" in unknown.json()["error"]["message"]
