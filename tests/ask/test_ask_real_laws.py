"""The acceptance check on the real laws (skipped without the shared data): the law index
is built as ``contract-review law index --bm25-only`` builds it, and the dismissal
question is answered from 劳动合同法 第二十一条 with a quote from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.ask import AskRequest, ConversationStore, ask
from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.laws.law_sources import load_laws
from contract_review.storage import SqliteStorage

LABOUR = "中华人民共和国劳动合同法"


@pytest.fixture(scope="module")
def real_index(shared_laws: Path) -> LawIndex:
    """The shared laws read and indexed as ``contract-review law index --bm25-only`` does
    (vectors would add the embedding of every article, which the answer does not need)."""
    laws = load_laws(shared_laws)
    return build_law_index(laws, embedder=None, sources=[shared_laws.name], show_progress=False)


def quoted_from(index: LawIndex, article_id: str, quote: str) -> bool:
    found = index.library.find_article(article_id)
    return found is not None and quote in found[1].text


def test_dismissal_in_the_probation_period_cites_article_21(real_index: LawIndex) -> None:
    answer = ask(AskRequest(query="试用期内用人单位可以随意解除劳动合同吗"), law_index=real_index)
    first = answer.citations[0]
    assert first.id == f"{LABOUR}#第二十一条"
    assert first.label == "劳动合同法 第二十一条"
    assert "用人单位不得解除劳动合同" in first.quote
    assert answer.answer.startswith("根据《劳动合同法》第二十一条：「")
    for citation in answer.citations:
        assert quoted_from(real_index, citation.id, citation.quote), citation


@pytest.mark.parametrize(
    ("question", "article", "words"),
    [
        ("定金的数额有限制吗", "中华人民共和国民法典#第五百八十六条", "百分之二十"),
        ("劳动者辞职需要提前多少天通知", f"{LABOUR}#第三十七条", "提前三十日"),
        (
            "网购的商品可以无理由退货吗",
            "中华人民共和国消费者权益保护法#第二十五条",
            "七日内退货",
        ),
    ],
)
def test_more_questions_on_the_real_laws(
    real_index: LawIndex, question: str, article: str, words: str
) -> None:
    answer = ask(AskRequest(query=question), law_index=real_index)
    assert answer.citations[0].id == article
    assert words in answer.citations[0].quote
    for citation in answer.citations:
        assert quoted_from(real_index, citation.id, citation.quote), citation


def test_a_follow_up_on_the_real_laws(real_index: LawIndex, tmp_path: Path) -> None:
    with SqliteStorage(tmp_path / "store.sqlite3") as storage:
        conversation = ConversationStore(storage).create()
        for question in ("试用期内用人单位可以随意解除劳动合同吗", "那试用期最长多久？"):
            answer = ask(
                AskRequest(query=question, conversation_id=conversation.id),
                law_index=real_index,
                storage=storage,
            )
        assert answer.citations[0].id == f"{LABOUR}#第十九条"
        assert "试用期不得超过六个月" in answer.citations[0].quote
        assert len(ConversationStore(storage).get(conversation.id).messages) == 4
