"""Ranking the sentences of the passages found against the question.

Each sentence (``contract_review.text.sentences.sentence_spans``) is scored by

* BM25 over the pool of candidate sentences (jieba terms and their sub-words), the
  question's terms weighted (:class:`~contract_review.ask.question_focus.QuestionFocus`);
* coverage: the share of the question's (IDF-weighted) terms it holds;
* the legal actor: a sentence whose rule binds the actor the question asks about counts
  more, one where another actor acts counts less (:func:`~.legal_roles.sentence_actor`);
* its form: a rule (不得, 应当, 可以, shall), an exception (除…外, unless), a period or
  an amount when the question asks how long or how much, a permission or prohibition
  (可以, 不得, may, shall not) when it asks whether someone may do something;
* the passage's place in the search results (its prior), which weighs heavily: the
  search ranks whole articles better than words shared with one sentence do.

A sentence sharing no term with the question is not ranked.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from ..retrieval.tokenizers import Tokenizer
from ..text.sentences import sentence_spans
from .evidence_models import Passage, RankedSentence
from .legal_roles import (
    grants_or_forbids,
    has_exception,
    has_quantity,
    has_rule,
    sentence_actor,
)
from .question_focus import QuestionFocus

__all__ = ["rank_sentences", "starts_item", "widened_span"]

_K1 = 1.2
#: Little length normalisation: a long sentence stating a rule with its exception is
#: no worse an answer than a short one.
_B = 0.3
#: Share of the score from BM25 (the rest from coverage).
_LEXICAL_SHARE = 0.6
#: How much a clause title's terms count beside the sentence's own.
_HEADING_WEIGHT = 0.5
_ACTOR_MATCH, _ACTOR_NONE, _ACTOR_OTHER = 1.2, 0.9, 0.65
_RULE, _EXCEPTION, _QUANTITY, _PERMISSION = 1.1, 1.05, 1.3, 1.15
#: The longest quote a lead-in and its items may make together.
_MAX_WIDENED = 300
#: How much of a sentence's score its passage's search rank decides
#: (:data:`~.law_answer.PRIOR_HALF_RANK`): the rest is kept whatever the rank.
_PRIOR_SHARE = 0.9
_ITEM_START = re.compile(r"\s*[(（][一二三四五六七八九十\d]{1,3}[)）]|\s*[a-z\d]{1,3}[.)]\s")


def _bag(text: str, tokenizer: Tokenizer) -> Counter[str]:
    return Counter(tokenizer.subwords(tokenizer.tokenize(text)))


def rank_sentences(
    focus: QuestionFocus, passages: Sequence[Passage], tokenizer: Tokenizer
) -> list[RankedSentence]:
    """The sentences of ``passages`` sharing a term with the question, best first."""
    pool: list[tuple[int, int, int, Counter[str]]] = []
    headings = [_bag(p.heading, tokenizer) if p.heading else Counter[str]() for p in passages]
    for index, passage in enumerate(passages):
        for start, end in sentence_spans(passage.text):
            pool.append((index, start, end, _bag(passage.text[start:end], tokenizer)))
    if not pool or not focus.terms:
        return []
    count = len(pool)
    average = sum(sum(bag.values()) for *_, bag in pool) / count or 1.0
    frequency = Counter(term for *_, bag in pool for term in bag if term in focus.terms)
    idf = {
        term: math.log(1 + (count - frequency[term] + 0.5) / (frequency[term] + 0.5))
        for term in focus.terms
    }
    total = sum(focus.terms[t] * idf[t] for t in focus.terms) or 1.0
    scored: list[tuple[float, float, int, int, int]] = []
    for index, start, end, bag in pool:
        length = sum(bag.values())
        lexical = 0.0
        held = 0.0
        for term, weight in focus.terms.items():
            found = bag.get(term, 0)
            if found:
                saturation = found * (_K1 + 1) / (found + _K1 * (1 - _B + _B * length / average))
                lexical += weight * idf[term] * saturation
                held += weight * idf[term]
            elif headings[index].get(term):
                lexical += _HEADING_WEIGHT * weight * idf[term]
                held += _HEADING_WEIGHT * weight * idf[term]
        if lexical > 0:
            scored.append((lexical, min(held / total, 1.0), index, start, end))
    if not scored:
        return []
    best_lexical = max(item[0] for item in scored)
    ranked = [
        _judged(focus, passages, lexical / best_lexical, coverage, index, start, end)
        for lexical, coverage, index, start, end in scored
    ]
    ranked.sort(key=lambda r: (-r.score, r.passage, r.start))
    return ranked


def _actor_factor(focus: QuestionFocus, text: str) -> tuple[float, bool | None]:
    """How the sentence's actor weighs, and whether it is the one asked about (None when
    the question or the sentence names none, or they name them in other languages)."""
    if focus.actor is None:
        return 1.0, None
    actor = sentence_actor(text)
    if actor is None or actor.isascii() != focus.actor.isascii():
        return (1.0 if focus.actor_inherited else _ACTOR_NONE), None
    if actor == focus.actor:
        return (1.0 if focus.actor_inherited else _ACTOR_MATCH), True
    return _ACTOR_OTHER, False


def _judged(
    focus: QuestionFocus,
    passages: Sequence[Passage],
    lexical: float,
    coverage: float,
    index: int,
    start: int,
    end: int,
) -> RankedSentence:
    passage = passages[index]
    text = passage.text[start:end]
    factor, actor_match = _actor_factor(focus, text)
    rule = has_rule(text)
    if rule:
        factor *= _RULE
    if has_exception(text):
        factor *= _EXCEPTION
    if focus.wants_quantity and has_quantity(text):
        factor *= _QUANTITY
    if focus.wants_permission and grants_or_forbids(text):
        factor *= _PERMISSION
    base = _LEXICAL_SHARE * lexical + (1 - _LEXICAL_SHARE) * coverage
    score = base * factor * (1 - _PRIOR_SHARE + _PRIOR_SHARE * passage.prior)
    return RankedSentence(
        passage=index,
        start=start,
        end=end,
        score=round(score, 6),
        coverage=round(coverage, 6),
        actor_match=actor_match,
        rule=rule,
    )


def starts_item(text: str, position: int) -> bool:
    """Whether a list item (（一）, (a), 1.) starts at ``position`` of ``text``."""
    return _ITEM_START.match(text, position) is not None


def widened_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` widened to include the lead-in of a list item: for an item line
    ("（一）在试用期间被证明不符合录用条件的；") after a line ending with a colon ("劳动者有下列
    情形之一的，用人单位可以解除劳动合同："), the span from the lead-in to the item, when
    that is at most :data:`_MAX_WIDENED` characters; else the span unchanged."""
    if not starts_item(text, start):
        return start, end
    for lead_start, lead_end in reversed(sentence_spans(text[:start])):
        if starts_item(text, lead_start):
            continue  # an earlier item of the same list
        if text[lead_start:lead_end].rstrip().endswith(("：", ":")) and (
            end - lead_start <= _MAX_WIDENED
        ):
            return lead_start, end
        break
    return start, end
