"""Grading answers to legal questions: pinned grades for good and bad answers in Chinese
and English, the observations behind them, and properties of the scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.evaluation.answer_quality import evaluate_answer
from contract_review.evaluation.legal_text_signals import citation_keys, read_signals
from contract_review.evaluation.quality_models import (
    DIMENSION_WEIGHTS,
    EvaluationResult,
    QualityDimension,
    dimension_score,
    score_to_grade,
)

from .answers import (
    GOOD_EN,
    GOOD_ZH,
    PLAIN_ZH,
    QUESTION_EN,
    QUESTION_ZH,
    VAGUE_EN,
    VAGUE_ZH,
)

D = QualityDimension


def test_weights_and_grade_boundaries_follow_the_seed() -> None:
    assert dict(DIMENSION_WEIGHTS) == {
        D.RELEVANCE: 0.25,
        D.COMPLETENESS: 0.25,
        D.CLARITY: 0.20,
        D.TECHNICAL_DEPTH: 0.15,
        D.ACTIONABILITY: 0.15,
    }
    assert sum(DIMENSION_WEIGHTS.values()) == pytest.approx(1.0)
    cases = [(1.0, "A"), (0.9, "A"), (0.8999, "B"), (0.8, "B"), (0.7, "C"), (0.6, "D")]
    cases += [(0.5999, "F"), (0.0, "F")]
    for score, grade in cases:
        assert score_to_grade(score) == grade, score


def test_good_chinese_answer_citing_article_21_grades_a_or_b() -> None:
    result = evaluate_answer(question=QUESTION_ZH, answer=GOOD_ZH)
    assert result.grade in ("A", "B")
    assert [s.dimension for s in result.dimension_scores] == list(QualityDimension)
    completeness = result.dimension_scores[1]
    assert "article 21" in completeness.details[0]
    assert "中华人民共和国劳动合同法" in completeness.details[0]
    assert not result.weaknesses
    assert any("cites" in s for s in result.strengths)


def test_vague_chinese_one_liner_grades_f_and_says_why() -> None:
    result = evaluate_answer(question=QUESTION_ZH, answer=VAGUE_ZH)
    assert result.grade == "F"
    weaknesses = " ".join(result.weaknesses)
    assert "可能" in weaknesses and "吧" in weaknesses  # the hedges are named
    assert "Cites no law article" in weaknesses
    assert "试用期" in weaknesses  # the question's terms it leaves out
    assert any("第二十一条" in s for s in result.suggestions)  # a Chinese citation example


def test_good_english_answer_grades_a_or_b_and_vague_one_grades_f() -> None:
    good = evaluate_answer(question=QUESTION_EN, answer=GOOD_EN)
    vague = evaluate_answer(question=QUESTION_EN, answer=VAGUE_EN)
    assert good.grade in ("A", "B")
    assert vague.grade == "F"
    assert "maybe" in " ".join(vague.weaknesses)
    assert any("Article 21" in s for s in vague.suggestions)  # an English citation example
    # Keywords are shown as the question writes them, not as stems.
    relevance = vague.dimension_scores[0].details[0]
    assert "probation" in relevance and "probat," not in relevance


def test_a_fair_answer_sits_between_good_and_vague() -> None:
    good = evaluate_answer(question=QUESTION_ZH, answer=GOOD_ZH).overall_score
    plain = evaluate_answer(question=QUESTION_ZH, answer=PLAIN_ZH)
    vague = evaluate_answer(question=QUESTION_ZH, answer=VAGUE_ZH).overall_score
    assert vague < plain.overall_score < good
    assert plain.grade in ("C", "D")
    assert "Cites no law article or clause." in plain.weaknesses


def test_citations_given_count_as_citations() -> None:
    without = evaluate_answer(question=QUESTION_ZH, answer=PLAIN_ZH)
    cited = evaluate_answer(
        question=QUESTION_ZH,
        answer=PLAIN_ZH,
        citations=["中华人民共和国劳动合同法#第二十一条", "中华人民共和国劳动合同法#第三十九条"],
    )
    assert cited.score_of(D.COMPLETENESS) > without.score_of(D.COMPLETENESS)
    assert cited.score_of(D.TECHNICAL_DEPTH) > without.score_of(D.TECHNICAL_DEPTH)
    assert "Cites no law article or clause." not in cited.weaknesses


def test_empty_answer_is_f_without_an_exception() -> None:
    result = evaluate_answer(question=QUESTION_ZH, answer="  \n")
    assert result.grade == "F"
    assert result.overall_score == 0.0
    assert result.weaknesses == ["The answer is empty: there is nothing to grade."]


def test_empty_question_judges_relevance_neutrally() -> None:
    result = evaluate_answer(question="", answer=GOOD_ZH)
    relevance = result.dimension_scores[0]
    assert "neutral" in relevance.details[0]
    assert relevance.score == pytest.approx(0.6)  # 0.8 x 0.5 (neutral) + 0.2 (legal answer)
    assert result.grade in ("A", "B", "C")


def test_citation_forms_are_normalised() -> None:
    articles, laws = citation_keys("《劳动合同法》第二十一条、第21条和 Article 21；Sub-Clause 20.1")
    assert articles == {"article 21", "clause 20.1"}
    assert laws == {"劳动合同法"}
    articles, laws = citation_keys("中华人民共和国民法典#第五百八十五条")
    assert articles == {"article 585"}
    assert "中华人民共和国民法典" in laws


def test_signals_read_hedges_conditions_and_steps() -> None:
    zh = read_signals("一般来说，如果劳动者不同意，用人单位不得变更。\n1. 书面通知；\n2. 协商。")
    assert zh.language == "zh"
    assert "一般来说" in zh.hedges and "不可能" not in zh.hedges
    assert "如果" in zh.conditions
    assert zh.list_items == 2
    en = read_signals("The Contractor shall give notice within 28 days unless the Employer agrees.")
    assert en.language == "en"
    assert "unless" in en.conditions and "28 days" in en.quantities
    assert not en.hedges
    assert not read_signals("这不可能成立。").hedges


def test_result_rejects_inconsistent_grades() -> None:
    scores = [dimension_score(d, 0.5, []) for d in QualityDimension]
    result = EvaluationResult.of(scores)
    assert result.overall_score == 0.5 and result.grade == "F"
    with pytest.raises(ValueError, match="grade"):
        EvaluationResult(overall_score=0.5, grade="A", dimension_scores=scores)
    with pytest.raises(ValueError, match="one score per dimension"):
        EvaluationResult.of(scores[::-1])


# ---------------------------------------------------------------------- properties

_pieces = [
    *list("可能第二十一条用人单位解除劳动合同应当建议如果但是。，\n1. "),
    "maybe ",
    "Article 21 ",
    "should ",
    "unless ",
    "liability ",
    "30 days ",
    "the ",
]
_texts = st.lists(st.sampled_from(_pieces), max_size=40).map("".join) | st.text(max_size=40)
_citations = st.lists(
    st.sampled_from(
        [
            "中华人民共和国劳动合同法#第二十一条",
            "Article 39",
            "民法典#第五百八十五条",
            "《公司法》",
            "x",
        ]
    ),
    max_size=3,
)


@settings(max_examples=60)
@given(question=_texts, answer=_texts, citations=_citations)
def test_scores_are_bounded_and_grades_consistent(
    question: str, answer: str, citations: list[str]
) -> None:
    result = evaluate_answer(question=question, answer=answer, citations=citations)
    assert 0.0 <= result.overall_score <= 1.0
    assert result.grade == score_to_grade(result.overall_score)
    assert all(0.0 <= s.score <= 1.0 for s in result.dimension_scores)
    assert sum(s.weight for s in result.dimension_scores) == pytest.approx(1.0)
    weighted = sum(s.score * s.weight for s in result.dimension_scores)
    assert result.overall_score == pytest.approx(weighted, abs=1e-4)
    assert evaluate_answer(question=question, answer=answer, citations=citations) == result


@settings(max_examples=60)
@given(answer=_texts, citations=_citations, extra=_citations.filter(bool))
def test_adding_a_citation_never_lowers_completeness(
    answer: str, citations: list[str], extra: list[str]
) -> None:
    before = evaluate_answer(question=QUESTION_ZH, answer=answer, citations=citations)
    after = evaluate_answer(question=QUESTION_ZH, answer=answer, citations=citations + extra)
    assert after.score_of(D.COMPLETENESS) >= before.score_of(D.COMPLETENESS)
