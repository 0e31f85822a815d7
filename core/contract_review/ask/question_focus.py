"""What a question is about: its weighted search terms, its legal actor, whether it asks
for a period or an amount, its language — and, for a short follow-up in a conversation
("那试用期多长?" after a question about dismissal in the probation period), the earlier
question it is read with.

A follow-up is a question that opens with a connective (那, 那么, 如果, 还有, what about,
and if ...), ends with 呢, or has at most two words of substance. It is searched
together with the earlier question; the earlier question's terms weigh less than its
own when sentences are ranked, and the legal actor it asks about is the follow-up's own,
else the earlier question's ("那违约金呢？" after a question about the employer still asks
about the employer), which then only lowers sentences where another actor acts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..documents.language import detect_language
from ..retrieval.tokenizers import Tokenizer
from .legal_roles import QUANTITY_CUES_ZH, asks_for_quantity, asks_permission, first_actor

__all__ = [
    "CUE_WEIGHT",
    "EARLIER_WEIGHT",
    "SUBWORD_WEIGHT",
    "AnswerLanguage",
    "QuestionFocus",
    "focus_question",
    "is_follow_up",
]

#: The language answers are written in.
AnswerLanguage = Literal["zh", "en"]

#: How much a sub-word (试用 inside 试用期) counts beside a whole word.
SUBWORD_WEIGHT = 0.5
#: How much a term only the earlier question has counts beside the follow-up's own.
EARLIER_WEIGHT = 0.35
#: How much a word asking for a period or an amount (最长, 上限) counts as a search term.
CUE_WEIGHT = 0.3
#: How many earlier questions a chain of follow-ups reaches back to.
MAX_EARLIER = 3

_FOLLOW_UP_OPENING = re.compile(
    r"^\s*(?:那么|那如果|那要是|那|如果|要是|假如|还有|另外|此外|而且|并且|"
    r"and\b|also\b|what about\b|how about\b|what if\b|and if\b|then\b)",
    re.IGNORECASE,
)
_FOLLOW_UP_ENDING = re.compile(r"呢\s*[?？]?\s*$")
_CJK = re.compile(r"[\u3400-\u9fff]")


class QuestionFocus(BaseModel):
    """A question as the answer is looked for."""

    model_config = ConfigDict(frozen=True)

    question: str
    search_text: str = Field(description="What is sent to the search (with an earlier question).")
    terms: dict[str, float] = Field(description="Term → weight for ranking sentences.")
    actor: str | None = Field(default=None, description="The legal actor the question asks about.")
    actor_inherited: bool = Field(
        default=False,
        description="The actor is the earlier question's: a sentence where another actor "
        "acts counts less, one where it acts counts no more.",
    )
    wants_quantity: bool = False
    wants_permission: bool = Field(
        default=False, description="Whether it asks whether someone may do something."
    )
    language: AnswerLanguage
    earlier: list[str] = Field(
        default_factory=list, description="The earlier questions a follow-up was read with."
    )


def _weighted_terms(text: str, tokenizer: Tokenizer, weight: float) -> dict[str, float]:
    words = tokenizer.tokenize_query(text)
    substantial = [w for w in words if not (len(w) == 1 and _CJK.match(w))]
    words = substantial or words
    terms: dict[str, float] = {}
    for word in tokenizer.subwords(words):
        terms.setdefault(word, weight * SUBWORD_WEIGHT)
    for word in words:
        terms[word] = weight * (CUE_WEIGHT if word in QUANTITY_CUES_ZH else 1.0)
    return terms


def is_follow_up(question: str, tokenizer: Tokenizer) -> bool:
    """Whether ``question`` reads as a follow-up of an earlier one (see the module docs)."""
    if _FOLLOW_UP_OPENING.match(question) or _FOLLOW_UP_ENDING.search(question):
        return True
    words = [w for w in tokenizer.tokenize_query(question) if not (len(w) == 1 and _CJK.match(w))]
    return len(words) <= 2


def _earlier_chain(earlier: Sequence[str], tokenizer: Tokenizer) -> list[str]:
    """The earlier questions a follow-up continues: back to the last one that was not
    itself a follow-up, at most :data:`MAX_EARLIER`, oldest first."""
    chain: list[str] = []
    for text in reversed(earlier):
        if not text.strip():
            continue
        chain.insert(0, text.strip())
        if len(chain) >= MAX_EARLIER or not is_follow_up(text, tokenizer):
            break
    return chain


def focus_question(
    question: str,
    *,
    tokenizer: Tokenizer,
    earlier: Sequence[str] = (),
    follow_up: bool = True,
    language: Literal["auto", "zh", "en"] = "auto",
) -> QuestionFocus:
    """Read ``question`` (see :class:`QuestionFocus`).

    :param earlier: The conversation's earlier user questions, oldest first.
    :param follow_up: Read a follow-up together with the earlier questions.
    :param language: The answer language; ``auto``: the question's.
    """
    question = question.strip()
    answer_language: AnswerLanguage = (
        ("zh" if detect_language(question) == "zh" else "en") if language == "auto" else language
    )
    terms = _weighted_terms(question, tokenizer, 1.0)
    chain = (
        _earlier_chain(earlier, tokenizer)
        if follow_up and earlier and is_follow_up(question, tokenizer)
        else []
    )
    for text in chain:
        for term, weight in _weighted_terms(text, tokenizer, EARLIER_WEIGHT).items():
            terms.setdefault(term, weight)
    own_actor = first_actor(question)
    earlier_actor = next((a for a in map(first_actor, reversed(chain)) if a), None)
    return QuestionFocus(
        question=question,
        search_text=" ".join([*chain, question]),
        terms=terms,
        actor=own_actor or earlier_actor,
        actor_inherited=own_actor is None and earlier_actor is not None,
        wants_quantity=asks_for_quantity(question),
        wants_permission=asks_permission(question),
        language=answer_language,
        earlier=chain,
    )
