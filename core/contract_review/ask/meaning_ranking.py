"""Ranking sentences by meaning, for a question that shares no word with the passages
found — one asked in English about Chinese laws, or in other words than the law's.

The question and the sentences of the best passages are embedded with the law index's
own embedder (a multilingual one by default), and each sentence scores its cosine
similarity to the question, weighed by the same legal signals as the word ranking
(actor, rule, exception). Coverage is zero: an answer resting on meaning alone is given
a low confidence.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import EmbeddingError
from ..text.sentences import sentence_spans
from .evidence_models import Passage, RankedSentence
from .legal_roles import has_exception, has_rule, sentence_actor
from .question_focus import QuestionFocus

if TYPE_CHECKING:
    from ..retrieval.embedder_types import Embedder

__all__ = ["MEANING_PASSAGES", "rank_by_meaning"]

logger = logging.getLogger(__name__)

#: How many of the best passages have their sentences embedded.
MEANING_PASSAGES = 8
#: A sentence less similar than this to the question is not ranked.
MIN_SIMILARITY = 0.2


def rank_by_meaning(
    focus: QuestionFocus, passages: Sequence[Passage], embedder: Embedder
) -> list[RankedSentence]:
    """The sentences of the first :data:`MEANING_PASSAGES` passages, best first; empty
    when the embedder fails (logged)."""
    spans = [
        (index, start, end)
        for index, passage in enumerate(passages[:MEANING_PASSAGES])
        for start, end in sentence_spans(passage.text)
    ]
    if not spans:
        return []
    texts = [passages[index].text[start:end] for index, start, end in spans]
    try:
        question = embedder.embed([focus.question], kind="query")
        sentences = embedder.embed(texts, kind="document")
    except EmbeddingError as exc:
        logger.warning("sentences not ranked by meaning: %s", exc)
        return []
    similarities = np.asarray(sentences, dtype=np.float32) @ np.asarray(
        question, dtype=np.float32
    ).reshape(-1)
    ranked: list[RankedSentence] = []
    for (index, start, end), text, similarity in zip(spans, texts, similarities, strict=True):
        value = float(similarity)
        if value < MIN_SIMILARITY:
            continue
        actor_match: bool | None = None
        factor = 1.0
        if focus.actor is not None:
            actor = sentence_actor(text)
            if actor is not None and actor.isascii() == focus.actor.isascii():
                actor_match = actor == focus.actor
                factor *= 1.1 if actor_match else 0.8
        rule = has_rule(text)
        factor *= (1.05 if rule else 1.0) * (1.03 if has_exception(text) else 1.0)
        ranked.append(
            RankedSentence(
                passage=index,
                start=start,
                end=end,
                score=round(value * factor * (0.75 + 0.25 * passages[index].prior), 6),
                coverage=0.0,
                actor_match=actor_match,
                rule=rule,
            )
        )
    ranked.sort(key=lambda r: (-r.score, r.passage, r.start))
    return ranked
