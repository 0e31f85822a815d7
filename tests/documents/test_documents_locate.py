"""Finding clauses by id, by number and by keywords."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.documents.loading import parse_file, parse_text
from contract_review.documents.locate import (
    TEXT_HIT_CAP,
    TITLE_WEIGHT,
    find_by_keywords,
    locate_checklist_item,
    locate_clause,
)
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem


@pytest.fixture
def fidic(fixtures_dir: Path) -> Document:
    return parse_file(fixtures_dir / "fidic_conditions.txt")


@pytest.fixture
def law() -> Document:
    text = (
        "# 示例法\n\n## 第十四章 保证\n\n第十四条 当事人应当遵循诚信原则。\n\n"
        "第十五条 保证人应当承担保证责任。\n\n第十五条之一 保证期间为六个月。\n"
    )
    return parse_text(text, name="law.md", format="markdown")


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("20.1", "20.1"),
        ("Clause 20.1", "20.1"),
        ("Sub-Clause 20.1", "20.1"),
        ("sub-clause 4.12", "4.12"),
        ("Clause 20", "20"),
        ("1.1.1.1", "1.1.1.1"),
    ],
)
def test_locate_by_id_and_number(fidic: Document, reference: str, expected: str) -> None:
    section = locate_clause(fidic, reference)
    assert section is not None and section.id == expected


def located(document: Document, reference: str) -> str | None:
    section = locate_clause(document, reference)
    return None if section is None else section.id


def test_locate_chinese_numbers(law: Document) -> None:
    assert located(law, "第十四条") == "第十四条"
    # "14" prefers the article over the chapter with the same number.
    assert located(law, "14") == "第十四条"
    assert located(law, "第十四章") == "第十四章"
    assert located(law, "第15条之1") == "第十五条之一"


def test_exact_id_prefers_clauses_over_parts() -> None:
    document = parse_text("Part 1 General\n1 Scope\nText.\n")
    section = locate_clause(document, "1")
    assert section is not None and section.kind.value == "clause"


def test_locate_falls_back_to_keywords(fidic: Document) -> None:
    section = locate_clause(fidic, "99.9", keywords=["Unforeseeable", "physical conditions"])
    assert section is not None and section.id == "4.12"


def test_topic_id_is_its_own_keyword(fidic: Document) -> None:
    section = locate_clause(fidic, "contractor's_claims")
    assert section is not None and section.id == "20.1"


def test_locate_nothing(fidic: Document) -> None:
    assert locate_clause(fidic, "99.9") is None
    assert locate_clause(fidic, "99.9", keywords=["zebra"]) is None
    assert locate_clause(fidic, "", keywords=()) is None


def test_keyword_scores_explained(fidic: Document) -> None:
    ranked = find_by_keywords(fidic, ["claims"], limit=10)
    scores = {section.id: score for section, score in ranked}
    # Title hits weigh TITLE_WEIGHT; "claims" also starts "Claims, Disputes...".
    assert scores["20"] == TITLE_WEIGHT
    assert scores["20.1"] >= TITLE_WEIGHT
    assert all(score > 0 for score in scores.values())
    assert ranked == sorted(ranked, key=lambda pair: -pair[1])


def test_keywords_are_case_insensitive_and_word_initial() -> None:
    document = parse_text("1 Law\nThe governing LAW is English law.\n2 Other\nAn outlaw clause.\n")
    ranked = find_by_keywords(document, ["law"])
    assert [s.id for s, _ in ranked] == ["1"]
    _, score = ranked[0]
    assert score == TITLE_WEIGHT + min(2, TEXT_HIT_CAP)


def test_chinese_keywords_match_substrings(law: Document) -> None:
    ranked = find_by_keywords(law, ["保证"], limit=3)
    # Title hit (3.0) > two text hits (2.0) > one text hit (1.0).
    assert [(s.id, score) for s, score in ranked] == [
        ("第十四章", TITLE_WEIGHT),
        ("第十五条", 2.0),
        ("第十五条之一", 1.0),
    ]
    assert find_by_keywords(law, ["保证"], limit=0) == []
    assert find_by_keywords(law, ["  "]) == []


SPA = """SHARE PURCHASE AGREEMENT

1. Definitions
In this Agreement "Completion" means completion of the sale.

2. Consideration
The price is USD 10,000,000.

3. Warranties
The Seller gives the Warranties in Schedule 4.

4. Conditions
Completion is conditional on merger clearance.
"""


def test_numbered_match_must_carry_a_keyword() -> None:
    document = parse_text(SPA, name="spa.txt")
    # The checklist calls the conditions precedent "3"; this agreement's 3 is warranties.
    found = locate_clause(document, "3", keywords=("conditions precedent", "condition"))
    assert found is not None and found.id == "4"
    # Plural and inflected titles still confirm the numbered section.
    assert locate_clause(document, "3", keywords=("warranty",)).id == "3"  # type: ignore[union-attr]
    # Without keywords the number alone decides.
    assert locate_clause(document, "3").id == "3"  # type: ignore[union-attr]


def test_numbered_match_is_last_resort_when_no_keyword_matches() -> None:
    document = parse_text(SPA, name="spa.txt")
    assert locate_clause(document, "2", keywords=("earn-out",)).id == "2"  # type: ignore[union-attr]


def test_locate_checklist_item_uses_id_and_keywords() -> None:
    document = parse_text(SPA, name="spa.txt")
    item = ChecklistItem(clause_id="3", clause_name="先决条件", keywords=("condition", "先决条件"))
    assert locate_checklist_item(document, item).id == "4"  # type: ignore[union-attr]
