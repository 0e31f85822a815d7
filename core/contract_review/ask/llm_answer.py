"""Having an LLM write the answer from the passages found, and keeping only what it cites
that can be checked.

The model gets the question and the best passages, each under its id, and is asked for
``{"answer": "...", "citations": [{"id": "...", "quote": "..."}]}``. A citation is kept
only when its id was offered and its quote (stripped of surrounding quotation marks)
occurs exactly in that passage's text. When the model fails, answers with unusable
JSON or cites nothing that can be checked, :func:`llm_answer` returns None and a note
saying why; the caller then gives the extractive answer.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..errors import LLMError
from ..llm.client_types import ChatMessage, LLMClient
from ..llm.structured_output import chat_for_model, json_instruction
from .answer_models import AskAnswer, Citation
from .evidence_models import AnswerEvidence, Passage

__all__ = ["OFFERED_PASSAGES", "LLMAnswerReply", "LLMCitationReply", "llm_answer"]

#: The most passages offered to the model.
OFFERED_PASSAGES = 8
#: The longest passage text offered (quotes must still occur in the whole text).
PASSAGE_CHARS = 1500
_QUOTE_MARKS = "\"'“”‘’「」『』《》 \n\t"


class LLMCitationReply(BaseModel):
    """One citation as the model writes it."""

    id: str = Field(description="The id of a passage given, exactly as given.")
    quote: str = Field(description="Words copied exactly from that passage.")


class LLMAnswerReply(BaseModel):
    """The model's reply."""

    answer: str = Field(min_length=1, description="The answer, citing the passages it rests on.")
    citations: list[LLMCitationReply] = Field(default_factory=list)


def _offered(evidence: AnswerEvidence, top_k: int) -> dict[str, tuple[int, float]]:
    """Key → (passage index, score): the passages of the best sentences first, then the
    remaining passages in search order, up to :data:`OFFERED_PASSAGES`."""
    limit = min(max(top_k, 5), OFFERED_PASSAGES)
    order: dict[int, float] = {}
    for sentence in evidence.ranked:
        order.setdefault(sentence.passage, sentence.score)
    for index in range(len(evidence.passages)):
        order.setdefault(index, 0.0)
    chosen = list(order.items())[:limit]
    keys: dict[str, tuple[int, float]] = {}
    for index, score in chosen:
        passage = evidence.passages[index]
        key = passage.id if passage.id not in keys else f"{passage.source}#{passage.id}"
        keys[key] = (index, score)
    return keys


def _prompt(evidence: AnswerEvidence, offered: dict[str, tuple[int, float]]) -> list[ChatMessage]:
    focus = evidence.focus
    language = "Chinese (简体中文)" if focus.language == "zh" else "English"
    what = "Chinese law" if evidence.intent == "law_question" else "a reviewed contract"
    system = (
        f"You answer questions about {what} for a lawyer, using only the passages given. "
        f"Write the answer in {language}. Cite every passage the answer rests on: give its "
        "id exactly as shown and quote the words relied on by copying them exactly from "
        "that passage (no paraphrase, no ellipsis). If the passages do not answer the "
        "question, say so and cite nothing. " + json_instruction(LLMAnswerReply)
    )
    blocks = []
    for key, (index, _) in offered.items():
        passage = evidence.passages[index]
        blocks.append(f"[{key}] {passage.label} ({passage.source})\n{passage.text[:PASSAGE_CHARS]}")
    earlier = (
        "Earlier questions in this conversation: " + " / ".join(focus.earlier) + "\n"
        if focus.earlier
        else ""
    )
    user = f"{earlier}Question: {focus.question}\n\nPassages:\n\n" + "\n\n".join(blocks)
    return [ChatMessage.system(system), ChatMessage.user(user)]


def _checked(
    reply: LLMAnswerReply, evidence: AnswerEvidence, offered: dict[str, tuple[int, float]]
) -> tuple[list[Citation], list[str]]:
    citations: list[Citation] = []
    notes: list[str] = []
    seen: set[tuple[str, str]] = set()
    for cited in reply.citations:
        found = offered.get(cited.id.strip())
        if found is None:
            notes.append(f"dropped a citation of {cited.id!r}: no passage with that id was given")
            continue
        index, score = found
        passage: Passage = evidence.passages[index]
        quote = cited.quote.strip(_QUOTE_MARKS)
        if not quote or quote not in passage.text:
            notes.append(
                f"dropped a citation of {passage.label}: its quote is not in the text "
                f"({cited.quote[:40]!r})"
            )
            continue
        if (passage.id, quote) in seen:
            continue
        seen.add((passage.id, quote))
        citations.append(
            Citation(
                kind=passage.kind,
                id=passage.id,
                source=passage.source,
                label=passage.label,
                quote=quote,
                score=round(score, 4),
            )
        )
    return citations, notes


def llm_answer(
    llm: LLMClient, evidence: AnswerEvidence, *, top_k: int, base_confidence: float
) -> tuple[AskAnswer | None, list[str]]:
    """The model's answer from ``evidence``, with only the citations that check out.

    :param base_confidence: The extractive answer's confidence; the model's answer gets
        it (at least 0.3) times the share of its citations kept.
    :returns: The answer (None when the model failed or cited nothing that checks out)
        and the notes on what was dropped or went wrong.
    """
    if not evidence.passages:
        return None, ["no passage was found to give the LLM; the extractive answer is given"]
    offered = _offered(evidence, top_k)
    try:
        reply = chat_for_model(llm, _prompt(evidence, offered), LLMAnswerReply)
    except LLMError as exc:
        return None, [f"the LLM failed ({exc}); the extractive answer is given"]
    citations, notes = _checked(reply, evidence, offered)
    if not citations:
        notes.append(
            "the LLM's answer cited no passage that could be checked; the extractive "
            "answer is given"
        )
        return None, notes
    share = len(citations) / max(len(reply.citations), 1)
    confidence = round(min(max(base_confidence, 0.3) * share, 0.95), 2)
    answer = AskAnswer(
        answer=reply.answer.strip(),
        confidence=confidence,
        citations=citations[:top_k],
        intent=evidence.intent,
        mode="llm",
        notes=[*evidence.notes, *notes],
    )
    return answer, notes
