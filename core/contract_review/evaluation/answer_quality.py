"""Grading an answer to a legal question (Chinese or English) on the five dimensions of
:mod:`.quality_models`, saying what was observed and what to improve, for a lawyer.

* relevance — the share of the question's keywords (jieba words for Chinese, stemmed
  words for English) the answer takes up, and whether it reads as a legal answer;
* completeness — articles and clauses cited (第二十一条, ``劳动合同法#第二十一条``,
  "Article 21", "Sub-Clause 20.1", and the ``citations`` given), conditions and
  exceptions, figures, and enough length to carry the reasoning;
* clarity — hedging (可能, 大概, 也许, maybe, probably...), sentence length, structure;
* technical_depth — legal terms, statute references, figures;
* actionability — advice (应当, 建议, should, recommend...) and steps.

The signals are read by :mod:`.legal_text_signals` (which :mod:`.finding_quality` uses
too).
The scores are heuristics: they rank answers by the marks of a careful legal answer;
they do not check that the law is stated correctly.
"""

from __future__ import annotations

from collections.abc import Sequence

from .legal_text_signals import (
    TextSignals,
    citation_keys,
    covered,
    keywords,
    read_signals,
    sentence_length_score,
    unit_name,
)
from .quality_models import DimensionScore, EvaluationResult, QualityDimension, dimension_score

__all__ = ["evaluate_answer"]

_Q = QualityDimension


class _Notes:
    """Strengths, weaknesses and suggestions collected while scoring."""

    def __init__(self) -> None:
        self.strengths: list[str] = []
        self.weaknesses: list[str] = []
        self.suggestions: list[str] = []

    def weak(self, weakness: str, suggestion: str) -> None:
        self.weaknesses.append(weakness)
        self.suggestions.append(suggestion)


def _relevance(question: str, answer: str, s: TextSignals, notes: _Notes) -> DimensionScore:
    legal = bool(s.legal_terms or s.articles or s.laws)
    terms = keywords(question)
    if not terms:
        coverage, details = (
            0.5,
            ["No question (or no keywords in it): coverage judged neutral (0.5)"],
        )
    else:
        hit = covered(terms, answer)
        missed = [t for t in terms if t not in hit]
        coverage = min(1.0, len(hit) / len(terms) / 0.75)
        details = [
            f"Question keywords covered: {len(hit)} of {len(terms)}"
            + (f"; not covered: {', '.join(missed[:8])}" if missed else "")
        ]
        if coverage >= 0.99:
            notes.strengths.append("Answers the question asked: takes up its key terms.")
        elif len(hit) / len(terms) < 0.5:
            notes.weak(
                f"Leaves key terms of the question unaddressed: {', '.join(missed[:6])}.",
                "Address each point of the question explicitly.",
            )
    details.append(
        f"Reads as a legal answer (legal terms or law cited): {'yes' if legal else 'no'}"
    )
    if not legal:
        notes.weak(
            "Does not read as a legal answer: no legal terms, no law cited.",
            "Answer in legal terms and name the rule that decides the question.",
        )
    return dimension_score(_Q.RELEVANCE, 0.8 * coverage + 0.2 * legal, details)


def _completeness(
    s: TextSignals, articles: frozenset[str], laws: frozenset[str], notes: _Notes
) -> DimensionScore:
    cited = {0: 0.0, 1: 0.8}.get(len(articles), 1.0) + (0.2 if laws else 0.0)
    cited = min(1.0, cited if articles else (0.5 if laws else 0.0))
    conditions = {0: 0.0, 1: 0.7}.get(len(s.conditions), 1.0)
    figures = {0: 0.0, 1: 0.7}.get(len(s.quantities), 1.0)
    length = min(1.0, s.units / 100)
    zh = s.language == "zh"
    details = [
        f"Articles or clauses cited: {len(articles)}"
        + (f" ({', '.join(sorted(articles)[:6])})" if articles else "")
        + (f"; laws named: {', '.join(sorted(laws)[:4])}" if laws else "; no law named"),
        f"Conditions or exceptions stated: {', '.join(s.conditions[:6]) or 'none'}",
        f"Figures (periods, amounts, rates): {', '.join(s.quantities[:6]) or 'none'}",
        f"Length: {unit_name(s, s.units)}",
    ]
    if not articles:
        example = (
            "《中华人民共和国劳动合同法》第二十一条"
            if zh
            else "Article 21 of the Labour Contract Law"
        )
        notes.weak(
            "Names a law but cites no article." if laws else "Cites no law article or clause.",
            f"Cite the article the answer rests on (e.g. {example}).",
        )
    if not s.conditions:
        notes.weak(
            "States no conditions or exceptions to the rule.",
            "Say when the rule applies and when it does not (conditions, exceptions).",
        )
    if length < 0.5:
        notes.weak(
            f"Too short to carry its conclusion ({unit_name(s, s.units)}).",
            "Give the rule, how it applies to the facts, and the conclusion.",
        )
    if articles and s.conditions:
        notes.strengths.append(
            f"Grounded in the law: cites {len(articles)} article(s) and states the conditions."
        )
    score = 0.35 * cited + 0.25 * conditions + 0.2 * figures + 0.2 * length
    return dimension_score(_Q.COMPLETENESS, score, details)


def _clarity(s: TextSignals, notes: _Notes) -> DimensionScore:
    hedge_share = min(1.0, len(s.hedges) / max(1, s.sentences))
    hedging = 1.0 - 0.8 * hedge_share
    sentences, average = sentence_length_score(s)
    structured = s.paragraphs >= 2 or s.steps >= 2
    structure = 0.5 if s.units < 20 else (1.0 if structured or s.units < 150 else 0.5)
    details = [
        f"Hedging words: {', '.join(dict.fromkeys(s.hedges)) or 'none'}"
        + (f" ({len(s.hedges)} in {s.sentences} sentence(s))" if s.hedges else ""),
        f"Average sentence length: {unit_name(s, average)}",
        f"Structure: {s.paragraphs} paragraph(s), {s.steps} numbered point(s) or steps",
    ]
    if hedging < 0.7:
        notes.weak(
            f"Hedges ({', '.join(dict.fromkeys(s.hedges))}): a client cannot rely on it.",
            "State the conclusion firmly; put the uncertainty into explicit conditions.",
        )
    if sentences < 0.7:
        notes.weak(
            f"Long sentences (about {unit_name(s, average)} on average).",
            "Split long sentences: one rule or one step per sentence.",
        )
    if structure < 1.0 and s.units >= 20:
        notes.weak(
            "A long answer without paragraphs or numbered points.",
            "Use paragraphs or numbered points: rule, application, advice.",
        )
    score = 0.45 * hedging + 0.3 * sentences + 0.25 * structure
    if score >= 0.85:
        notes.strengths.append("Clear: firm statements, readable sentences, visible structure.")
    return dimension_score(_Q.CLARITY, score, details)


def _technical_depth(
    s: TextSignals, articles: frozenset[str], laws: frozenset[str], notes: _Notes
) -> DimensionScore:
    terms = min(1.0, len(s.legal_terms) / 5)
    statutes = min(1.0, (len(articles) + 0.5 * bool(laws)) / 2)
    figures = min(1.0, len(s.quantities) / 2)
    details = [
        f"Legal terms: {len(s.legal_terms)}"
        + (f" ({', '.join(s.legal_terms[:8])})" if s.legal_terms else ""),
        f"Statute references: {len(articles)} article(s), {len(laws)} law(s) named",
        f"Figures: {len(s.quantities)}",
    ]
    score = 0.5 * terms + 0.35 * statutes + 0.15 * figures
    if score >= 0.8:
        notes.strengths.append(
            f"Technically precise: {len(s.legal_terms)} legal terms, statutes cited."
        )
    elif len(s.legal_terms) < 2:
        notes.weak(
            "Uses few legal terms: the answer stays general.",
            "Use the statute's own terms (e.g. 用人单位, 解除, liability, indemnity).",
        )
    return dimension_score(_Q.TECHNICAL_DEPTH, score, details)


def _actionability(s: TextSignals, notes: _Notes) -> DimensionScore:
    action = min(1.0, len(s.actions) / 3)
    steps = {0: 0.0, 1: 0.5}.get(s.steps, 1.0)
    details = [
        f"Action words: {', '.join(s.actions[:8]) or 'none'}",
        f"Steps or numbered points: {s.steps}",
    ]
    score = 0.6 * action + 0.4 * steps
    if score < 0.5:
        notes.weak(
            f"Gives little advice on what to do (action words: {', '.join(s.actions) or 'none'}).",
            "End with what the client should do next (deadlines, evidence, forum).",
        )
    elif s.steps < 2:
        notes.suggestions.append("Put the advice into ordered steps.")
    if score >= 0.8:
        notes.strengths.append("Actionable: tells the client what to do, step by step.")
    return dimension_score(_Q.ACTIONABILITY, score, details)


def evaluate_answer(
    *, question: str, answer: str, citations: Sequence[str] = ()
) -> EvaluationResult:
    """Grade ``answer`` to the legal ``question`` (Chinese, English or mixed).

    :param question: The question asked; may be empty (relevance is then judged neutrally).
    :param answer: The answer to grade; an empty one is graded F.
    :param citations: Article ids the answer relies on (``中华人民共和国劳动合同法#第二十一条``,
        "Article 21"); they count with the citations written in the answer.
    :returns: Five dimension scores, the overall score and grade, and notes for a lawyer.
    """
    if not answer.strip():
        empty = "The answer is empty: there is nothing to grade."
        scores = [dimension_score(d, 0.0, ["The answer is empty"]) for d in QualityDimension]
        return EvaluationResult.of(
            scores, weaknesses=[empty], suggestions=["Write an answer to the question."]
        )
    signals = read_signals(answer)
    articles, laws = set(signals.articles), set(signals.laws)
    for citation in citations:
        if citation.strip():
            more_articles, more_laws = citation_keys(citation)
            articles |= more_articles if (more_articles or more_laws) else {citation.strip()}
            laws |= more_laws
    notes = _Notes()
    cited_articles, cited_laws = frozenset(articles), frozenset(laws)
    scores = [
        _relevance(question, answer, signals, notes),
        _completeness(signals, cited_articles, cited_laws, notes),
        _clarity(signals, notes),
        _technical_depth(signals, cited_articles, cited_laws, notes),
        _actionability(signals, notes),
    ]
    return EvaluationResult.of(
        scores,
        strengths=notes.strengths,
        weaknesses=notes.weaknesses,
        suggestions=notes.suggestions,
    )
