"""Grading review findings and reports: a finding with evidence, a risk level and a
redline beats one without; missing checklist items are judged on a recommendation;
a report is the mean of its findings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.domain import ChecklistItem, Priority, RiskLevel
from contract_review.evaluation.finding_quality import evaluate_finding, evaluate_report
from contract_review.evaluation.quality_models import QualityDimension, score_to_grade
from contract_review.review.diffs import suggested_change
from contract_review.review.findings import Evidence, Finding, SuggestedChange
from contract_review.testing.report_builders import make_report

D = QualityDimension

CLAUSE_TEXT = (
    "Sub-Clause 8.7 Delay Damages\nIf the Contractor fails to comply with Sub-Clause 8.2, "
    "the Contractor shall pay delay damages of 0.1% of the Contract Price for every day of "
    "delay, without any maximum amount."
)
LAW_TEXT = "约定的违约金超过造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。"
LAW_ID = "中华人民共和国民法典#第五百八十五条"


def _clause() -> Evidence:
    return Evidence(kind="clause", source="particular_conditions.txt", id="8.7", text=CLAUSE_TEXT)


def _law() -> Evidence:
    return Evidence(kind="law", source="中华人民共和国民法典", id=LAW_ID, text=LAW_TEXT, score=0.7)


def strong_finding(**changes: object) -> Finding:
    after = CLAUSE_TEXT.replace("without any maximum amount", "up to 10% of the Contract Price")
    fields: dict[str, object] = {
        "finding_id": "8.7-uncapped",
        "clause_id": "8.7",
        "checklist_item_id": "8.7",
        "title": "Delay damages have no maximum amount",
        "risk_level": RiskLevel.HIGH,
        "description": "Clause 8.7 makes the Contractor pay delay damages for every day of "
        "delay without any maximum amount.",
        "rationale": "Uncapped delay damages can exceed the Contractor's margin and are "
        "uninsurable. Our standard position: delay damages are capped at 10% of the "
        f"Contract Price. Law: {LAW_ID}.",
        "evidence": [_clause(), _law()],
        "suggested_change": suggested_change(CLAUSE_TEXT, after, label="8.7"),
    }
    fields.update(changes)
    return Finding.model_validate(fields)


def bare_finding() -> Finding:
    return Finding(
        finding_id="8.7-bare",
        clause_id="8.7",
        title="Possible issue",
        risk_level=RiskLevel.HIGH,
        description="This might be a problem, maybe.",
    )


def test_finding_with_evidence_risk_and_redline_beats_a_bare_one() -> None:
    strong = evaluate_finding(strong_finding())
    bare = evaluate_finding(bare_finding())
    assert strong.has_evidence and strong.has_risk_level and strong.has_actionable_change
    assert not bare.has_evidence and not bare.has_actionable_change
    assert strong.result.grade in ("A", "B")
    assert bare.result.grade == "F"
    assert strong.result.overall_score > bare.result.overall_score + 0.3
    for dimension in (D.COMPLETENESS, D.ACTIONABILITY, D.TECHNICAL_DEPTH):
        assert strong.result.score_of(dimension) > bare.result.score_of(dimension)
    weaknesses = " ".join(bare.result.weaknesses)
    assert "quotes no clause text" in weaknesses
    assert "hedges (might, maybe)" in weaknesses
    assert "not what to do" in weaknesses
    assert "high-risk finding without a redline" in weaknesses
    assert not strong.result.weaknesses


def test_each_part_adds_to_the_score() -> None:
    full = evaluate_finding(strong_finding()).result.overall_score
    no_redline = evaluate_finding(strong_finding(suggested_change=None)).result
    no_law = evaluate_finding(strong_finding(evidence=[_clause()])).result
    assert no_redline.overall_score < full
    assert no_law.overall_score < full
    assert any("without a redline" in w for w in no_redline.weaknesses)
    # The rationale still cites the article: the finding is told to quote it.
    assert any(LAW_ID in w and "without quoting" in w for w in no_law.weaknesses)
    assert any("law index" in s for s in no_law.suggestions)


def test_a_redline_that_changes_nothing_is_not_a_change() -> None:
    same = SuggestedChange(before=CLAUSE_TEXT, after=CLAUSE_TEXT, diff="")
    evaluation = evaluate_finding(
        strong_finding(suggested_change=same, rationale="Uncapped delay damages are uninsurable.")
    )
    assert not evaluation.has_actionable_change
    actionability = evaluation.result.dimension_scores[-1]
    assert actionability.score == 0.0
    assert "proposed, but changes nothing" in actionability.details[0]


def _item(description: str) -> ChecklistItem:
    return ChecklistItem(
        clause_id="17.6",
        clause_name="Limitation of Liability",
        priority=Priority.CRITICAL,
        description=description,
    )


def test_missing_clause_is_judged_on_its_recommendation() -> None:
    advised = evaluate_finding(
        Finding.missing(
            _item("The contract should cap each party's total liability at the Contract Price.")
        )
    )
    silent = evaluate_finding(Finding.missing(_item("A cap on each party's total liability.")))
    # No clause to quote is not held against a missing item.
    assert advised.result.score_of(D.RELEVANCE) == 1.0
    assert not any("quotes no clause" in w for w in advised.result.weaknesses)
    assert advised.has_actionable_change and advised.result.score_of(D.ACTIONABILITY) == 1.0
    assert not silent.has_actionable_change
    assert any("not what it should provide" in w for w in silent.result.weaknesses)
    assert advised.result.overall_score > silent.result.overall_score
    assert advised.result.grade in ("B", "C")


def test_report_is_the_mean_of_its_findings() -> None:
    evaluation = evaluate_report(make_report())
    assert [f.finding_id for f in evaluation.findings] == [
        f.finding_id for f in make_report().findings
    ]
    mean = sum(f.result.overall_score for f in evaluation.findings) / len(evaluation.findings)
    assert evaluation.overall_score == pytest.approx(mean, abs=1e-4)
    assert evaluation.grade == "D"
    weaknesses = " ".join(evaluation.weaknesses)
    assert "give no rationale (clauses 20.1, 8.7, 1.1)" in weaknesses
    assert "1 missing checklist item(s) do not say what the clause should provide" in weaknesses
    assert any("propose a redline" in s for s in evaluation.strengths)


def test_report_with_no_findings_is_f_and_says_so() -> None:
    evaluation = evaluate_report(make_report(findings=[]))
    assert evaluation.grade == "F" and evaluation.overall_score == 0.0
    assert evaluation.findings == []
    assert "no findings" in evaluation.weaknesses[0]


def test_an_unfinished_review_is_named() -> None:
    evaluation = evaluate_report(make_report(status="paused"))
    assert any("The review is paused" in w for w in evaluation.weaknesses)


# ---------------------------------------------------------------------- properties

_sentences = st.sampled_from(
    [
        "",
        "Delay damages have no maximum.",
        "This might be a problem.",
        "Our standard position: cap at 10%.",
        f"Law: {LAW_ID}.",
        "建议增加违约金上限。",
        "承包人应当在28日内发出索赔通知。",
    ]
)


@st.composite
def findings(draw: st.DrawFn) -> Finding:
    evidence = draw(st.lists(st.sampled_from([_clause(), _law()]), unique=True, max_size=2))
    change = draw(st.sampled_from([None, "same", "changed"]))
    redline = None
    if change == "same":
        redline = SuggestedChange(before=CLAUSE_TEXT, after=CLAUSE_TEXT, diff="")
    elif change == "changed":
        redline = suggested_change(CLAUSE_TEXT, CLAUSE_TEXT + " Capped at 10%.")
    return Finding(
        finding_id=draw(st.sampled_from(["a", "b", "c"])),
        clause_id="8.7",
        title=draw(_sentences.filter(bool)),
        risk_level=draw(st.sampled_from(list(RiskLevel))),
        description=" ".join(draw(st.lists(_sentences, max_size=3))),
        rationale=" ".join(draw(st.lists(_sentences, max_size=3))),
        evidence=evidence,
        suggested_change=redline,
    )


@settings(max_examples=50)
@given(finding=findings())
def test_finding_scores_are_bounded_consistent_and_deterministic(finding: Finding) -> None:
    evaluation = evaluate_finding(finding)
    result = evaluation.result
    assert 0.0 <= result.overall_score <= 1.0
    assert result.grade == score_to_grade(result.overall_score)
    assert [s.dimension for s in result.dimension_scores] == list(QualityDimension)
    assert evaluate_finding(finding) == evaluation
    assert evaluation.has_evidence == bool(finding.evidence)


@settings(max_examples=30)
@given(found=st.lists(findings(), min_size=1, max_size=4))
def test_report_grade_follows_the_mean(found: list[Finding]) -> None:
    evaluation = evaluate_report(make_report(findings=found))
    mean = sum(f.result.overall_score for f in evaluation.findings) / len(found)
    assert evaluation.overall_score == pytest.approx(mean, abs=1e-4)
    assert evaluation.grade == score_to_grade(evaluation.overall_score)
