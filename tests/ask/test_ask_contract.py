"""``ask`` about a reviewed contract: clause citations quoting the saved documents, the
review's findings on the clauses cited, and errors for unknown reviews."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.ask import AskAnswer, AskRequest, ask
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.errors import InputError
from contract_review.storage import StorageBackend

from .ask_fixtures import REVIEW_ID, review_data

LEASE = """租赁合同

第一条 租赁物
出租人将位于北京市的房屋出租给承租人使用。
第二条 租金
承租人应当于每月五日前支付租金人民币一万元。
第三条 合同解除
承租人逾期支付租金超过三十日的，出租人有权解除本合同。出租人解除合同的，应当书面通知承租人。
"""


def saved_documents(storage: StorageBackend, review_id: str) -> list[Document]:
    record = storage.load("review", review_id)
    assert record is not None
    return [Document.model_validate(d) for d in record.data["documents"]]


def assert_quotes_exact(storage: StorageBackend, review_id: str, answer: AskAnswer) -> None:
    documents = {d.name: d for d in saved_documents(storage, review_id)}
    for citation in answer.citations:
        assert citation.kind == "clause"
        section = documents[citation.source].find(citation.id)
        assert section is not None, citation
        assert citation.quote in section.text, citation


@pytest.fixture
def reviewed(storage: StorageBackend) -> StorageBackend:
    storage.save("review", REVIEW_ID, review_data())
    return storage


def test_a_contract_question_cites_the_clause_and_its_findings(reviewed: StorageBackend) -> None:
    answer = ask(
        AskRequest(query="What delay damages does the Contractor pay?", review_id=REVIEW_ID),
        law_index=None,
        storage=reviewed,
    )
    first = answer.citations[0]
    assert (first.kind, first.id, first.label) == ("clause", "8.7", "Clause 8.7")
    assert first.source == "particular_conditions.txt"
    assert "0.1% of the Contract Price per day" in first.quote
    assert answer.answer.startswith(
        'Clause 8.7 (Delay Damages) of particular_conditions.txt provides: "If the Contractor'
    )
    assert "The review's findings on these clauses:" in answer.answer
    assert "Clause 8.7 — Delay damages have no cap (risk: high)" in answer.answer
    assert (answer.intent, answer.mode) == ("contract_question", "extractive")
    assert_quotes_exact(reviewed, REVIEW_ID, answer)


def test_a_notice_question_finds_the_claims_clause(reviewed: StorageBackend) -> None:
    answer = ask(
        AskRequest(
            query="Within how many days must the Contractor give notice of a claim?",
            review_id=REVIEW_ID,
        ),
        law_index=None,
        storage=reviewed,
    )
    assert answer.citations[0].id == "20.1"
    assert "within 28 days" in answer.citations[0].quote
    assert "Notice of claim is a strict time bar (risk: critical)" in answer.answer


def test_a_chinese_contract_is_answered_in_chinese(storage: StorageBackend) -> None:
    document = parse_text(LEASE, name="租赁合同.txt")
    storage.save(
        "review", "rv-lease", {"documents": [document.model_dump(mode="json")], "report": None}
    )
    answer = ask(
        AskRequest(query="承租人逾期支付租金，出租人可以解除合同吗？", review_id="rv-lease"),
        law_index=None,
        storage=storage,
    )
    first = answer.citations[0]
    assert (first.id, first.label, first.source) == ("第三条", "第三条", "租赁合同.txt")
    assert first.quote.startswith("承租人逾期支付租金超过三十日的，出租人有权解除本合同。")
    assert answer.answer.startswith("《租赁合同.txt》第三条（合同解除）约定：「承租人逾期支付租金")
    assert "审查意见" not in answer.answer
    assert_quotes_exact(storage, "rv-lease", answer)


def test_a_review_without_documents_answers_nothing(storage: StorageBackend) -> None:
    storage.save("review", "rv-empty", {"documents": [], "report": None})
    answer = ask(
        AskRequest(query="Who pays?", review_id="rv-empty"), law_index=None, storage=storage
    )
    assert answer.citations == [] and answer.confidence == 0.0
    assert answer.answer == "No clause of the reviewed documents answers this question."
    assert any("holds no document text" in note for note in answer.notes)


def test_unknown_and_bad_review_ids(storage: StorageBackend) -> None:
    with pytest.raises(InputError, match="no review 'rv-missing' in the store"):
        ask(AskRequest(query="Who pays?", review_id="rv-missing"), law_index=None, storage=storage)
    with pytest.raises(InputError, match="invalid review id 'a/b'"):
        ask(AskRequest(query="Who pays?", review_id="a/b"), law_index=None, storage=storage)
    with pytest.raises(InputError, match="review_id 'rv-1' was given but no store"):
        ask(AskRequest(query="Who pays?", review_id="rv-1"), law_index=None)


WORDS = [
    "Contractor",
    "Employer",
    "notice",
    "claim",
    "delay",
    "damages",
    "risk",
    "price",
    "days",
    "shall",
    "the",
    "承租人",
    "租金",
    "解除",
]


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    words=st.lists(
        st.sampled_from(WORDS) | st.text(min_size=1, max_size=5), min_size=1, max_size=6
    ),
    top_k=st.integers(min_value=1, max_value=20),
)
def test_every_clause_quote_is_in_its_clause(
    reviewed: StorageBackend, words: list[str], top_k: int
) -> None:
    question = " ".join(words)
    if not question.strip():
        return
    answer = ask(
        AskRequest(query=question, review_id=REVIEW_ID, top_k=top_k),
        law_index=None,
        storage=reviewed,
    )
    assert len(answer.citations) <= top_k
    assert_quotes_exact(reviewed, REVIEW_ID, answer)
