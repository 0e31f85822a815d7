"""``ask`` over a small law library: the answer quotes the right article exactly, in the
question's language; follow-up questions in a conversation; errors."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from contract_review.ask import (
    AskAnswer,
    AskRequest,
    ConversationNotFoundError,
    ConversationStore,
    ask,
)
from contract_review.documents.language import detect_language
from contract_review.errors import InputError
from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.retrieval.embedder_types import EmbedderInfo, EmbeddingKind
from contract_review.storage import StorageBackend

from .ask_fixtures import ARTICLE_21, CIVIL, LABOUR, LAWS

DISMISSAL = "试用期内用人单位可以随意解除劳动合同吗"


def article_text(index: LawIndex, article_id: str) -> str:
    found = index.library.find_article(article_id)
    assert found is not None, article_id
    return found[1].text


def assert_quotes_exact(index: LawIndex, answer: AskAnswer) -> None:
    for citation in answer.citations:
        assert citation.kind == "article"
        assert citation.quote in article_text(index, citation.id), citation


def test_the_dismissal_question_cites_article_21(law_index: LawIndex) -> None:
    answer = ask(AskRequest(query=DISMISSAL), law_index=law_index)
    first = answer.citations[0]
    assert first.id == f"{LABOUR}#第二十一条"
    assert first.label == "劳动合同法 第二十一条"
    assert first.source == LABOUR
    assert "用人单位不得解除劳动合同" in first.quote and first.quote in ARTICLE_21
    assert answer.answer.startswith("根据《劳动合同法》第二十一条：「在试用期中，除劳动者有")
    assert (answer.intent, answer.mode, answer.conversation_id) == (
        "law_question",
        "extractive",
        None,
    )
    assert 0.4 < answer.confidence <= 0.95
    assert_quotes_exact(law_index, answer)


def test_the_actor_asked_about_outranks_shared_words(law_index: LawIndex) -> None:
    # 第三十七条 shares more words with the question, but there the employee acts
    answer = ask(AskRequest(query=DISMISSAL, top_k=10), law_index=law_index)
    ids = [c.id for c in answer.citations]
    assert ids.index(f"{LABOUR}#第二十一条") < ids.index(f"{LABOUR}#第三十七条")
    employee = ask(AskRequest(query="劳动者在试用期内可以解除劳动合同吗"), law_index=law_index)
    assert employee.citations[0].id == f"{LABOUR}#第三十七条"
    assert "劳动者在试用期内提前三日通知用人单位" in employee.citations[0].quote


@pytest.mark.parametrize(
    ("question", "article", "words"),
    [
        ("试用期最长多久", f"{LABOUR}#第十九条", "试用期不得超过六个月"),
        ("定金的数额有限制吗", f"{CIVIL}#第五百八十六条", "百分之二十"),
        ("租赁期限最长是多少年", f"{CIVIL}#第七百零五条", "二十年"),
        (
            "试用期间被证明不符合录用条件的，用人单位可以解除劳动合同吗",
            f"{LABOUR}#第三十九条",
            "用人单位可以解除劳动合同：\n（一）在试用期间被证明不符合录用条件的",
        ),
    ],
)
def test_questions_find_the_sentence_that_answers(
    law_index: LawIndex, question: str, article: str, words: str
) -> None:
    answer = ask(AskRequest(query=question), law_index=law_index)
    assert answer.citations[0].id == article
    assert words in answer.citations[0].quote
    assert_quotes_exact(law_index, answer)


def test_nothing_found_says_so(law_index: LawIndex) -> None:
    answer = ask(AskRequest(query="薛定谔方程描述什么"), law_index=law_index)
    assert answer.citations == [] and answer.confidence == 0.0
    assert answer.answer.startswith("法律库中没有找到")
    english = ask(AskRequest(query="What does the Schrodinger equation say?"), law_index=law_index)
    assert english.answer.startswith("No article in the law library")


def test_the_answer_is_in_the_question_language(law_index: LawIndex) -> None:
    answer = ask(AskRequest(query="How long may the 试用期 last?"), law_index=law_index)
    assert answer.answer.startswith('According to 劳动合同法 第十九条: "劳动合同期限三个月以上')
    assert "试用期不得超过六个月" in answer.citations[0].quote
    forced = ask(AskRequest(query=DISMISSAL, options={"language": "en"}), law_index=law_index)
    assert forced.answer.startswith("According to 劳动合同法 第二十一条")


WORDS = [
    "试用期",
    "用人单位",
    "劳动者",
    "解除",
    "劳动合同",
    "违约金",
    "定金",
    "租赁",
    "期限",
    "可以",
    "吗",
    "多久",
    "那",
    "呢",
    "employer",
    "terminate",
    "probation",
    "deposit",
    "the",
    "?",
]


@settings(max_examples=40, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(WORDS) | st.text(min_size=1, max_size=6), min_size=1, max_size=8
    ),
    top_k=st.integers(min_value=1, max_value=20),
    hashed=st.booleans(),
)
def test_every_quote_is_in_its_article_and_the_language_follows_the_question(
    law_index: LawIndex,
    hashed_law_index: LawIndex,
    parts: list[str],
    top_k: int,
    hashed: bool,
) -> None:
    question = "".join(parts)
    if not question.strip():
        return
    index = hashed_law_index if hashed else law_index
    answer = ask(AskRequest(query=question, top_k=top_k), law_index=index)
    assert len(answer.citations) <= top_k
    assert 0.0 <= answer.confidence <= 1.0
    assert_quotes_exact(index, answer)
    if answer.citations:
        assert answer.citations[0].quote in answer.answer
    chinese = detect_language(question.strip()) == "zh"
    opening = answer.answer.split("\n", 1)[0]
    if chinese:
        assert re.match(r"^(根据《|法律库中没有找到)", opening), answer.answer
    else:
        assert re.match(r"^(According to |No article in the law library)", opening), answer.answer


def test_a_follow_up_is_read_with_the_earlier_question(
    law_index: LawIndex, storage: StorageBackend
) -> None:
    conversations = ConversationStore(storage)
    conversation = conversations.create()
    first = ask(
        AskRequest(query=DISMISSAL, conversation_id=conversation.id),
        law_index=law_index,
        storage=storage,
    )
    assert first.conversation_id == conversation.id
    follow_up = ask(
        AskRequest(query="那违约金呢？", conversation_id=conversation.id),
        law_index=law_index,
        storage=storage,
    )
    # alone, the question is about the Civil Code's penalty; after a labour question,
    # it is about the Labour Contract Law's
    alone = ask(AskRequest(query="那违约金呢？"), law_index=law_index)
    assert alone.citations[0].id == f"{CIVIL}#第五百八十五条"
    assert follow_up.citations[0].id == f"{LABOUR}#第二十五条"
    assert any(DISMISSAL in note for note in follow_up.notes)

    saved = conversations.get(conversation.id)
    assert [m.role for m in saved.messages] == ["user", "assistant", "user", "assistant"]
    assert [m.content for m in saved.messages[::2]] == [DISMISSAL, "那违约金呢？"]
    assert saved.messages[3].content == follow_up.answer
    meta = saved.messages[3].metadata
    assert meta["citations"] == [c.model_dump(mode="json") for c in follow_up.citations]
    assert (meta["mode"], meta["intent"]) == ("extractive", "law_question")
    assert meta["confidence"] == follow_up.confidence


def test_a_follow_up_can_be_read_alone(law_index: LawIndex, storage: StorageBackend) -> None:
    conversation = ConversationStore(storage).create()
    ask(
        AskRequest(query=DISMISSAL, conversation_id=conversation.id),
        law_index=law_index,
        storage=storage,
    )
    answer = ask(
        AskRequest(
            query="那违约金呢？", conversation_id=conversation.id, options={"follow_up": False}
        ),
        law_index=law_index,
        storage=storage,
    )
    assert answer.citations[0].id == f"{CIVIL}#第五百八十五条"
    assert answer.notes == []


def test_input_errors(law_index: LawIndex, storage: StorageBackend) -> None:
    with pytest.raises(InputError) as no_index:
        ask(AskRequest(query=DISMISSAL), law_index=None)
    message = str(no_index.value)
    for hint in ("--law-index DIR", "CONTRACT_REVIEW_LAW_INDEX", "contract-review law index"):
        assert hint in message
    with pytest.raises(InputError, match="mode 'llm' needs an LLM"):
        ask(AskRequest(query=DISMISSAL, options={"mode": "llm"}), law_index=law_index)
    with pytest.raises(ConversationNotFoundError, match="conv-nowhere"):
        ask(
            AskRequest(query=DISMISSAL, conversation_id="conv-nowhere"),
            law_index=law_index,
            storage=storage,
        )
    with pytest.raises(InputError, match="conversation_id 'conv-1' was given but no store"):
        ask(AskRequest(query=DISMISSAL, conversation_id="conv-1"), law_index=law_index)
    with pytest.raises(InputError, match=r"invalid conversation id '\.\./x'"):
        ask(
            AskRequest(query=DISMISSAL, conversation_id="../x"),
            law_index=law_index,
            storage=storage,
        )


@pytest.mark.parametrize(
    "fields",
    [
        {"query": ""},
        {"query": "   "},
        {"query": DISMISSAL, "top_k": 0},
        {"query": DISMISSAL, "top_k": 21},
        {"query": DISMISSAL, "unknown": 1},
        {"query": DISMISSAL, "options": {"mode": "guess"}},
        {"query": DISMISSAL, "options": {"colour": "red"}},
    ],
)
def test_bad_requests_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        AskRequest.model_validate(fields)


class ConceptEmbedder:
    """Vectors over a few concepts named in Chinese or English, so an English question
    finds Chinese articles by meaning only."""

    CONCEPTS = (
        ("试用期", "probation"),
        ("违约金", "penalty"),
        ("定金", "deposit"),
        ("租赁", "lease"),
    )

    @property
    def info(self) -> EmbedderInfo:
        return EmbedderInfo(
            name="concepts",
            model="concepts-5",
            provider="local",
            dimension=5,
            search_method="concepts",
        )

    def embed(
        self, texts: Sequence[str], *, kind: EmbeddingKind = "document"
    ) -> npt.NDArray[np.float32]:
        matrix = np.zeros((len(texts), 5), dtype=np.float32)
        for row, text in enumerate(texts):
            lowered = text.lower()
            for column, names in enumerate(self.CONCEPTS):
                matrix[row, column] = sum(lowered.count(name) for name in names)
            matrix[row, 4] = 0.1
        normalised: npt.NDArray[np.float32] = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        return normalised


def test_a_question_sharing_no_word_is_answered_by_meaning_with_a_warning() -> None:
    index = build_law_index(LAWS, embedder=ConceptEmbedder(), show_progress=False)
    answer = ask(AskRequest(query="How large may a deposit be?"), law_index=index)
    assert answer.citations and answer.citations[0].id == f"{CIVIL}#第五百八十六条"
    assert "定金" in answer.citations[0].quote
    assert answer.answer.startswith("According to 民法典 第五百八十六条")
    assert "found by meaning" in answer.answer
    assert answer.confidence <= 0.25
    assert any("ranked by meaning" in note for note in answer.notes)
    assert_quotes_exact(index, answer)
