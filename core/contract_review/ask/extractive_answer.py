"""Writing an answer by quoting: the best sentence of each of the best passages, quoted
exactly, with their citations, and a confidence read from how well they answer.

Sentences are chosen best first, one per passage, while they score at least
:data:`RELATIVE_THRESHOLD` of the best one, up to ``top_k``; the first
:data:`MAX_QUOTED` are quoted in the answer, the rest listed. A chosen sentence is
quoted together with the sentence right before or after it when that one answers nearly
as well
("…不得解除劳动合同。用人单位在试用期解除劳动合同的，应当向劳动者说明理由。"), and a list
item together with its lead-in ("…用人单位可以解除劳动合同：\\n（一）在试用期间…"), a
lead-in down to its best item.
"""

from __future__ import annotations

from .answer_models import AskAnswer, Citation
from .answer_wording import (
    by_meaning_warning,
    citation_line,
    findings_block,
    not_found,
    others_line,
)
from .evidence_models import AnswerEvidence, RankedSentence
from .sentence_ranking import starts_item, widened_span

__all__ = [
    "MAX_QUOTED",
    "RELATIVE_THRESHOLD",
    "chosen_sentences",
    "extractive_answer",
    "sentence_confidence",
]

#: A sentence is cited when it scores at least this share of the best one.
RELATIVE_THRESHOLD = 0.5
#: How many citations the answer quotes (the others are listed by name).
MAX_QUOTED = 3
#: The following sentence joins the quote when it scores this share of the chosen one.
_JOIN_THRESHOLD = 0.6
_MAX_JOINED = 300


def chosen_sentences(evidence: AnswerEvidence, top_k: int) -> list[RankedSentence]:
    """The sentences to cite: best first, one per passage (see the module docs)."""
    if not evidence.ranked:
        return []
    floor = evidence.ranked[0].score * RELATIVE_THRESHOLD
    chosen: list[RankedSentence] = []
    seen: set[int] = set()
    for sentence in evidence.ranked:
        if sentence.score < floor or len(chosen) >= top_k:
            break
        if sentence.passage not in seen:
            seen.add(sentence.passage)
            chosen.append(sentence)
    return chosen


def sentence_confidence(evidence: AnswerEvidence, sentence: RankedSentence) -> float:
    """How sure an answer resting on ``sentence`` is: mostly the share of the question's
    terms it holds, less when its rule binds another actor than the one asked about."""
    if sentence.actor_match is False:
        actor = 0.6
    elif (
        sentence.actor_match is None
        and evidence.focus.actor is not None
        and not evidence.focus.actor_inherited
    ):
        actor = 0.8
    else:
        actor = 1.0
    value = 0.15 + 0.75 * sentence.coverage * actor + (0.05 if sentence.rule else 0.0)
    return round(min(max(value, 0.0), 0.95), 2)


def _quote_span(evidence: AnswerEvidence, sentence: RankedSentence) -> tuple[int, int]:
    """The chosen sentence, joined with the sentence right before or after it when that
    one answers nearly as well, and widened to the lead-in of a list item."""
    text = evidence.passages[sentence.passage].text
    start, end = sentence.start, sentence.end
    for other in evidence.ranked:
        if other.passage != sentence.passage or other.score < sentence.score * _JOIN_THRESHOLD:
            continue
        after = other.start >= end and not text[end : other.start].strip()
        before = other.end <= start and not text[other.end : start].strip()
        if after and other.end - start <= _MAX_JOINED:
            end = other.end
            break
        if before and end - other.start <= _MAX_JOINED:
            start = other.start
            break
    if text[start:end].rstrip().endswith(("：", ":")):
        # a lead-in ("…用人单位可以解除劳动合同：") is quoted down to its best item
        for other in evidence.ranked:
            if (
                other.passage == sentence.passage
                and other.start >= end
                and starts_item(text, other.start)
                and other.end - start <= _MAX_JOINED
            ):
                return start, other.end
        return start, end
    return widened_span(text, start, end)


def citation_for(evidence: AnswerEvidence, sentence: RankedSentence) -> Citation:
    """The citation quoting ``sentence`` (joined and widened as the module docs say)."""
    passage = evidence.passages[sentence.passage]
    start, end = _quote_span(evidence, sentence)
    return Citation(
        kind=passage.kind,
        id=passage.id,
        source=passage.source,
        label=passage.label,
        quote=passage.text[start:end],
        score=round(sentence.score, 4),
    )


def extractive_answer(evidence: AnswerEvidence, top_k: int) -> AskAnswer:
    """The answer quoting the best sentences of ``evidence`` (see the module docs)."""
    language = evidence.focus.language
    chosen = chosen_sentences(evidence, top_k)
    if not chosen:
        return AskAnswer(
            answer=not_found(evidence.intent, language),
            confidence=0.0,
            intent=evidence.intent,
            mode="extractive",
            notes=list(evidence.notes),
        )
    citations = [citation_for(evidence, sentence) for sentence in chosen]
    lines = [
        citation_line(
            evidence.intent,
            evidence.passages[sentence.passage].reference,
            citation.quote,
            language,
            first=position == 0,
        )
        for position, (sentence, citation) in enumerate(
            zip(chosen[:MAX_QUOTED], citations, strict=False)
        )
    ]
    if len(citations) > MAX_QUOTED:
        lines.append(others_line([c.label for c in citations[MAX_QUOTED:]], language))
    if evidence.by_meaning:
        lines.append(by_meaning_warning(language))
    cited = {c.id for c in citations}
    findings = [note for note in evidence.findings if note.clause_id in cited]
    if findings:
        lines.append(findings_block(findings, language))
    return AskAnswer(
        answer="\n".join(lines),
        confidence=sentence_confidence(evidence, chosen[0]),
        citations=citations,
        intent=evidence.intent,
        mode="extractive",
        notes=list(evidence.notes),
    )
