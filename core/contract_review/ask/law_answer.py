"""Answering a legal question from the law library by quoting it.

HybridSearch finds the candidate articles (:data:`SEARCH_DEPTH` of them, more for a
large ``top_k``); their sentences are ranked against the question
(:mod:`~contract_review.ask.sentence_ranking`; by meaning when none shares a word with
the question, :mod:`~contract_review.ask.meaning_ranking`), and the answer quotes the
best ones (:mod:`~contract_review.ask.extractive_answer`)::

    根据《劳动合同法》第二十一条：「在试用期中，除劳动者有本法第三十九条和第四十条第一项、
    第二项规定的情形外，用人单位不得解除劳动合同。…」
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..laws.law_library import short_title
from ..laws.law_search import HybridSearchInput, hybrid_search
from .answer_models import AskAnswer
from .answer_wording import article_label, article_reference
from .evidence_models import AnswerEvidence, Passage
from .extractive_answer import extractive_answer
from .meaning_ranking import rank_by_meaning
from .question_focus import QuestionFocus
from .sentence_ranking import rank_sentences

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex

__all__ = ["SEARCH_DEPTH", "answer_from_laws", "follow_up_note", "law_evidence"]

#: How many articles the search brings for their sentences to be ranked.
SEARCH_DEPTH = 20


#: How far down the search results a passage's prior halves: the prior of the article at
#: rank r (0 first) is 1 / (1 + r / PRIOR_HALF_RANK). Measured on STARD dev (308 queries,
#: benchmarks/ask_bench.py): with 5 and the prior weighing fully in the sentence score,
#: ask's first citation is a judged article as often as search's top 1 (102 and 101
#: queries); the earlier linear prior that could change a score by 12% gave 84.
PRIOR_HALF_RANK = 5.0


def follow_up_note(focus: QuestionFocus) -> list[str]:
    """The note saying which earlier questions a follow-up was read with."""
    if not focus.earlier:
        return []
    earlier = " / ".join(focus.earlier)
    return [f"read as a follow-up of the earlier question: {earlier}"]


def law_evidence(index: LawIndex, focus: QuestionFocus, *, top_k: int) -> AnswerEvidence:
    """The articles found for ``focus`` and their sentences ranked.

    :raises InputError: when the search refuses the question.
    """
    depth = max(SEARCH_DEPTH, top_k * 4)
    hits = hybrid_search(index, HybridSearchInput(query=focus.search_text, top_k=depth)).results
    passages: list[Passage] = []
    for rank, hit in enumerate(hits):
        found = index.library.find_article(hit.article_id)
        if found is None:
            continue
        law, article = found
        passages.append(
            Passage(
                kind="article",
                id=article.article_id,
                source=law.title,
                label=article_label(law.title, article.article_no),
                reference=article_reference(law.title, article.article_no, focus.language),
                text=article.text,
                heading=" ".join([short_title(law.title), *article.path]),
                prior=1.0 / (1.0 + rank / PRIOR_HALF_RANK),
            )
        )
    notes = follow_up_note(focus)
    ranked = rank_sentences(focus, passages, index.search.tokenizer)
    by_meaning = False
    embedder = index.search.embedder
    if not ranked and passages and embedder is not None:
        ranked = rank_by_meaning(focus, passages, embedder)
        by_meaning = bool(ranked)
        if by_meaning:
            notes.append(
                "no sentence found shares a word with the question; sentences were ranked "
                "by meaning"
            )
    return AnswerEvidence(
        intent="law_question",
        focus=focus,
        passages=passages,
        ranked=ranked,
        by_meaning=by_meaning,
        notes=notes,
    )


def answer_from_laws(index: LawIndex, focus: QuestionFocus, *, top_k: int) -> AskAnswer:
    """The extractive answer to ``focus`` from the law library (no conversation id set).

    :raises InputError: when the search refuses the question.
    """
    return extractive_answer(law_evidence(index, focus, top_k=top_k), top_k)
