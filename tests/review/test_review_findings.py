"""Findings and their evidence: quotes match the source by offsets, invalid findings are
rejected with a clear message, and a finding survives a JSON round trip."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem, Priority, RiskLevel
from contract_review.laws.article_numbers import ArticleNumber
from contract_review.laws.law_models import Article, Law
from contract_review.review.diffs import suggested_change
from contract_review.review.findings import (
    Evidence,
    Finding,
    FindingStatus,
    SkillResultSummary,
    SuggestedChange,
)
from contract_review.skills.generic.reference_search_models import MatchedSection
from contract_review.skills.registration import SkillResult

ENGLISH = """\
CONTRACT AGREEMENT

1. Definitions
1.1 "Contractor" means ABC Construction Ltd.
20. Claims
20.1 Contractor's Claims
The Contractor shall give notice within 28 days, failing which the Employer is discharged.
"""

CHINESE = """\
采购合同

第一条 定义
本合同中，买方指甲公司。
第四条 付款
买方应在收到发票后三十日内付款。
"""

EMPLOYERS_REQUIREMENTS = """\
EMPLOYER'S REQUIREMENTS

5. Notices
5.1 Claims notices
Every notice of claim shall be sent to the Engineer within 28 days.
"""


@pytest.fixture
def english() -> Document:
    return parse_text(ENGLISH, name="contract.txt")


@pytest.fixture
def chinese() -> Document:
    return parse_text(CHINESE, name="采购合同.txt")


def _law() -> tuple[Law, Article]:
    article = Article(
        article_id="中华人民共和国民法典#第五百八十五条",
        article_no="第五百八十五条",
        number=ArticleNumber(585, 0),
        text="当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。",
    )
    return Law(
        law_id="中华人民共和国民法典", title="中华人民共和国民法典", articles=[article]
    ), article


@pytest.mark.parametrize(("fixture", "clause_id"), [("english", "20.1"), ("chinese", "第四条")])
def test_from_section_quotes_the_source_by_offsets(
    request: pytest.FixtureRequest, fixture: str, clause_id: str
) -> None:
    document: Document = request.getfixturevalue(fixture)
    section = document.find(clause_id)
    assert section is not None
    evidence = Evidence.from_section(document, section)
    assert (evidence.kind, evidence.id, evidence.source) == ("clause", clause_id, document.name)
    assert evidence.start is not None and evidence.end is not None
    assert evidence.text == document.source[evidence.start : evidence.end]
    assert section.text.strip() in evidence.text
    assert evidence.score is None


def test_from_match_quotes_the_reference_section() -> None:
    reference = parse_text(EMPLOYERS_REQUIREMENTS, name="er.txt", role="reference")
    hit = MatchedSection(section_id="5.1", text="Claims notices\n...", relevance_score=0.82)
    evidence = Evidence.from_match(reference, hit)
    assert (evidence.kind, evidence.id, evidence.source, evidence.score) == (
        "reference",
        "5.1",
        "er.txt",
        0.82,
    )
    assert evidence.start is not None and evidence.end is not None
    assert evidence.text == reference.source[evidence.start : evidence.end]


def test_from_match_keeps_the_hit_text_when_the_section_is_unknown() -> None:
    reference = parse_text(EMPLOYERS_REQUIREMENTS, name="er.txt", role="reference")
    hit = MatchedSection(section_id="9.9", text="Somewhere else", relevance_score=0.4)
    evidence = Evidence.from_match(reference, hit)
    assert (evidence.text, evidence.start, evidence.end) == ("Somewhere else", None, None)


def test_from_article_has_no_offsets() -> None:
    law, article = _law()
    evidence = Evidence.from_article(law, article, score=3.5)
    assert (evidence.kind, evidence.source, evidence.id) == ("law", law.title, article.article_id)
    assert (evidence.text, evidence.start, evidence.end) == (article.text, None, None)


def test_missing_finding_names_the_checklist_clause() -> None:
    item = ChecklistItem(
        clause_id="第九条",
        clause_name="争议解决",
        clause_name_en="Dispute resolution",
        priority=Priority.HIGH,
        description="争议解决方式与仲裁机构。",
    )
    finding = Finding.missing(item)
    assert finding.status is FindingStatus.MISSING
    assert (finding.clause_id, finding.checklist_item_id) == ("第九条", "第九条")
    assert finding.risk_level is RiskLevel.HIGH
    assert finding.evidence == [] and finding.suggested_change is None
    assert "Dispute resolution" in finding.title and finding.rationale == item.description


def test_missing_finding_of_a_critical_item_is_at_least_high() -> None:
    item = ChecklistItem(clause_id="20.1", clause_name="Claims", priority=Priority.CRITICAL)
    assert Finding.missing(item).risk_level.value in {"high", "critical"}
    assert Finding.missing(item, risk_level=RiskLevel.LOW).risk_level is RiskLevel.LOW


def test_risk_level_critical_is_accepted() -> None:
    assert _finding(risk_level="critical").risk_level.value == "critical"


def _finding(**changes: object) -> Finding:
    data: dict[str, object] = {
        "finding_id": "f-1",
        "clause_id": "20.1",
        "title": "Time bar on claims",
        "risk_level": "high",
        "description": "A 28-day time bar discharges the Employer.",
    }
    data.update(changes)
    return Finding.model_validate(data)


def test_bad_risk_level_is_rejected() -> None:
    with pytest.raises(ValidationError, match="risk_level"):
        _finding(risk_level="severe")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"start": 10, "end": 4, "text": ""}, "start offset 10 is after end offset 4"),
        ({"start": 3, "end": None, "text": "abc"}, "both start and end"),
        ({"start": 0, "end": 2, "text": "abc"}, "quote the source exactly"),
        ({"start": -1, "end": 2, "text": "abc"}, "greater than or equal to 0"),
        ({"score": 0.9}, "no relevance score"),
    ],
)
def test_inconsistent_evidence_is_rejected(fields: dict[str, object], message: str) -> None:
    data: dict[str, object] = {"kind": "clause", "source": "c.txt", "id": "1.1", "text": "abc"}
    data.update(fields)
    with pytest.raises(ValidationError, match=message):
        Evidence.model_validate(data)


def test_missing_finding_cannot_quote_the_clause(english: Document) -> None:
    section = english.find("20.1")
    assert section is not None
    with pytest.raises(ValidationError, match="is missing but quotes clause text"):
        _finding(status="missing", evidence=[Evidence.from_section(english, section)])


def test_unknown_fields_are_rejected() -> None:
    with pytest.raises(ValidationError, match="severity"):
        _finding(severity="high")


def test_finding_json_round_trip(english: Document) -> None:
    section = english.find("20.1")
    assert section is not None
    law, article = _law()
    before = section.text
    finding = _finding(
        checklist_item_id="20.1",
        rationale="Time bars are enforced strictly.",
        evidence=[
            Evidence.from_section(english, section),
            Evidence(kind="reference", source="er.txt", id="5.1", text="notice", score=0.7),
            Evidence.from_article(law, article),
        ],
        suggested_change=suggested_change(before, before.replace("28 days", "56 days")),
        skill_results=[
            SkillResultSummary.from_result(
                SkillResult(skill_id="get_clause_context", success=True, elapsed_ms=3.0),
                summary="Clause 20.1 found.",
            ),
            SkillResultSummary.from_result(
                SkillResult(
                    skill_id="search_reference_doc", success=False, error="no ER", elapsed_ms=1.0
                )
            ),
        ],
    )
    assert finding.skill_results[1].summary == "no ER"
    assert isinstance(finding.suggested_change, SuggestedChange)
    assert Finding.model_validate_json(finding.model_dump_json()) == finding


def test_every_field_is_described() -> None:
    for model in (Evidence, SuggestedChange, SkillResultSummary, Finding):
        undocumented = [name for name, f in model.model_fields.items() if not f.description]
        assert undocumented == [], f"{model.__name__}: {undocumented}"
