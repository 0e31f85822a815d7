"""``ask`` with an LLM (a scripted one): what it cites is checked against the passages
offered, and the extractive answer is given, with a note, when it fails."""

from __future__ import annotations

import json
from typing import Any

from contract_review.ask import AskRequest, ConversationStore, ask
from contract_review.errors import LLMError
from contract_review.laws.law_index import LawIndex
from contract_review.storage import StorageBackend
from contract_review.testing.fake_llm import ScriptedLLM

from .ask_fixtures import ARTICLE_21, LABOUR, REVIEW_ID, review_data

DISMISSAL = "试用期内用人单位可以随意解除劳动合同吗"
ARTICLE_21_ID = f"{LABOUR}#第二十一条"


def reply(answer: str, *citations: tuple[str, str]) -> str:
    body: dict[str, Any] = {
        "answer": answer,
        "citations": [{"id": cid, "quote": quote} for cid, quote in citations],
    }
    return json.dumps(body, ensure_ascii=False)


def test_valid_citations_are_kept_and_invented_ones_dropped(law_index: LawIndex) -> None:
    llm = ScriptedLLM(
        [
            reply(
                "不可以。试用期内用人单位只有在法定情形下才能解除劳动合同。",
                (ARTICLE_21_ID, "「用人单位不得解除劳动合同」"),
                ("中华人民共和国劳动法#第一条", "为了保护劳动者的合法权益"),
                (f"{LABOUR}#第三十七条", "劳动者可以随时辞职"),
                (ARTICLE_21_ID, "用人单位不得解除劳动合同"),
            )
        ]
    )
    answer = ask(AskRequest(query=DISMISSAL), law_index=law_index, llm=llm)
    assert answer.mode == "llm"
    assert answer.answer == "不可以。试用期内用人单位只有在法定情形下才能解除劳动合同。"
    assert [(c.id, c.quote) for c in answer.citations] == [
        (ARTICLE_21_ID, "用人单位不得解除劳动合同")
    ]
    assert answer.citations[0].label == "劳动合同法 第二十一条"
    assert answer.citations[0].quote in ARTICLE_21
    assert any("中华人民共和国劳动法#第一条" in note for note in answer.notes)
    assert any(
        "劳动合同法 第三十七条" in note and "not in the text" in note for note in answer.notes
    )
    assert 0.0 < answer.confidence < 0.95

    (call,) = llm.calls
    assert call.response_format == "json_object"
    prompt = call.last_user_text
    assert DISMISSAL in prompt
    assert f"[{ARTICLE_21_ID}] 劳动合同法 第二十一条" in prompt
    assert "Chinese" in (call.messages[0].content or "")


def test_an_llm_failure_gives_the_extractive_answer_with_a_note(law_index: LawIndex) -> None:
    llm = ScriptedLLM([LLMError("the service is unavailable (HTTP 503)")])
    answer = ask(AskRequest(query=DISMISSAL), law_index=law_index, llm=llm)
    assert answer.mode == "extractive"
    assert answer.citations[0].id == ARTICLE_21_ID
    assert answer.answer.startswith("根据《劳动合同法》第二十一条")
    assert any("the LLM failed" in note and "HTTP 503" in note for note in answer.notes)


def test_unusable_json_gives_the_extractive_answer(law_index: LawIndex) -> None:
    llm = ScriptedLLM(["I think the answer is no.", "Still no JSON, sorry."])
    answer = ask(AskRequest(query=DISMISSAL), law_index=law_index, llm=llm)
    assert answer.mode == "extractive" and answer.citations[0].id == ARTICLE_21_ID
    assert any("the LLM failed" in note for note in answer.notes)
    assert llm.remaining == 0


def test_an_answer_citing_nothing_checkable_is_replaced(law_index: LawIndex) -> None:
    llm = ScriptedLLM(
        [reply("可以随意解除。", (ARTICLE_21_ID, "用人单位可以随时解除劳动合同"), ("made-up", "x"))]
    )
    answer = ask(AskRequest(query=DISMISSAL), law_index=law_index, llm=llm)
    assert answer.mode == "extractive"
    assert answer.answer.startswith("根据《劳动合同法》第二十一条")
    assert any("cited no passage that could be checked" in note for note in answer.notes)
    assert len([n for n in answer.notes if n.startswith("dropped")]) == 2


def test_extractive_mode_never_calls_the_llm(law_index: LawIndex) -> None:
    llm = ScriptedLLM()
    answer = ask(
        AskRequest(query=DISMISSAL, options={"mode": "extractive"}), law_index=law_index, llm=llm
    )
    assert answer.mode == "extractive" and llm.calls == []


def test_llm_mode_and_the_conversation_record(law_index: LawIndex, storage: StorageBackend) -> None:
    conversation = ConversationStore(storage).create()
    llm = ScriptedLLM(
        [reply("No, only in the cases the law lists.", (ARTICLE_21_ID, ARTICLE_21[:20]))]
    )
    answer = ask(
        AskRequest(
            query="Can the employer dismiss during the 试用期?",
            conversation_id=conversation.id,
            options={"mode": "llm"},
        ),
        law_index=law_index,
        storage=storage,
        llm=llm,
    )
    assert answer.mode == "llm" and answer.citations[0].quote == ARTICLE_21[:20]
    assert "English" in (llm.calls[0].messages[0].content or "")
    saved = ConversationStore(storage).get(conversation.id)
    assert saved.messages[-1].metadata["mode"] == "llm"
    assert saved.messages[-1].content == "No, only in the cases the law lists."


def test_an_llm_answer_about_a_review_cites_its_clauses(storage: StorageBackend) -> None:
    storage.save("review", REVIEW_ID, review_data())
    llm = ScriptedLLM(
        [
            reply(
                "Delay damages run at 0.1% of the Contract Price per day, with no cap.",
                ("8.7", "0.1% of the Contract Price per day"),
                ("9.9", "anything"),
            )
        ]
    )
    answer = ask(
        AskRequest(query="What delay damages does the contractor pay?", review_id=REVIEW_ID),
        law_index=None,
        storage=storage,
        llm=llm,
    )
    assert answer.mode == "llm" and answer.intent == "contract_question"
    (citation,) = answer.citations
    assert (citation.kind, citation.id, citation.label) == ("clause", "8.7", "Clause 8.7")
    assert citation.source == "particular_conditions.txt"
    assert any("'9.9'" in note for note in answer.notes)
