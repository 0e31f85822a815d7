"""The example contracts and the held-out contracts parse into the section trees their
manifests name.

``tests/review/fixtures/examples_expected.json`` lists, for every example under
``examples/``, the one-sided terms it holds; ``unseen_expected.json`` does the same for
the held-out contracts in ``tests/review/fixtures/unseen/`` and also lists balanced
clauses that must not be flagged. The review engine's tests pin their results against
these manifests, so here we check the manifests themselves: every clause id is the id
of exactly one section of the parsed document, only the agreed category ids are used,
and the documents have the shape the brief asks for.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, RootModel

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.playbooks.rule_models import KNOWN_CATEGORIES

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXAMPLES_MANIFEST = FIXTURES / "examples_expected.json"
UNSEEN_MANIFEST = FIXTURES / "unseen_expected.json"
UNSEEN_DIR = FIXTURES / "unseen"
HELDOUT_MANIFEST = FIXTURES / "heldout_expected.json"
FRESH_MANIFEST = FIXTURES / "fresh_expected.json"
BLIND_MANIFEST = FIXTURES / "blind_expected.json"
FIFTH_MANIFEST = FIXTURES / "fifth_expected.json"
SIXTH_MANIFEST = FIXTURES / "sixth_expected.json"
SEVENTH_MANIFEST = FIXTURES / "seventh_expected.json"
EIGHTH_MANIFEST = FIXTURES / "eighth_expected.json"
NINTH_MANIFEST = FIXTURES / "ninth_expected.json"
TENTH_MANIFEST = FIXTURES / "tenth_expected.json"
ELEVENTH_MANIFEST = FIXTURES / "eleventh_expected.json"
TWELFTH_MANIFEST = FIXTURES / "twelfth_expected.json"
THIRTEENTH_MANIFEST = FIXTURES / "thirteenth_expected.json"
FOURTEENTH_MANIFEST = FIXTURES / "fourteenth_expected.json"

#: Example documents that are references for a review, not contracts under review.
REFERENCE_EXAMPLES = frozenset(
    {
        "examples/fidic/general_conditions.txt",
        "examples/fidic/employers_requirements.txt",
        "examples/spa/disclosure_letter.txt",
    }
)

Category = Literal[KNOWN_CATEGORIES]
EnglishParty = Literal["contractor", "employer", "buyer", "seller", "supplier", "customer"]
ChineseParty = Literal["甲方", "乙方"]
SPA_ONLY_CATEGORIES = frozenset(
    {
        "indemnity_no_cap",
        "indemnity_no_basket",
        "warranty_survival_long_or_unlimited",
        "reserved_matters_missing_or_simple_majority",
    }
)


class ExpectedTerm(BaseModel):
    """A one-sided term the review must flag."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    category: Category
    clause_id: str
    burdens: EnglishParty | ChineseParty


class BalancedClause(BaseModel):
    """A clause that must not be flagged in ``category``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    category: Category
    clause_id: str


class ExpectedDocument(BaseModel):
    """One manifest entry: the review domain, the terms to flag and the clauses not to."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    domain: Literal["fidic", "sha_spa", "generic"]
    terms: list[ExpectedTerm]
    balanced: list[BalancedClause] = []


class Manifest(RootModel[dict[str, ExpectedDocument]]):
    """A manifest file: repository-relative path -> expected document."""


@cache
def load_manifest(path: Path) -> Manifest:
    return Manifest.model_validate_json(path.read_text(encoding="utf-8"))


@cache
def parsed(relative: str) -> Document:
    path = REPO_ROOT / relative
    return parse_text(path.read_text(encoding="utf-8"), name=path.name)


def relative(paths: Iterable[Path]) -> set[str]:
    return {path.relative_to(REPO_ROOT).as_posix() for path in paths}


def section_ids(document: Document) -> list[str]:
    return [section.id for section in document.sections()]


EXAMPLE_ENTRIES = sorted(load_manifest(EXAMPLES_MANIFEST).root.items())
UNSEEN_ENTRIES = sorted(load_manifest(UNSEEN_MANIFEST).root.items())
HELDOUT_ENTRIES = sorted(load_manifest(HELDOUT_MANIFEST).root.items())
FRESH_ENTRIES = sorted(load_manifest(FRESH_MANIFEST).root.items())
BLIND_ENTRIES = sorted(load_manifest(BLIND_MANIFEST).root.items())
FIFTH_ENTRIES = sorted(load_manifest(FIFTH_MANIFEST).root.items())
SIXTH_ENTRIES = sorted(load_manifest(SIXTH_MANIFEST).root.items())
SEVENTH_ENTRIES = sorted(load_manifest(SEVENTH_MANIFEST).root.items())
EIGHTH_ENTRIES = sorted(load_manifest(EIGHTH_MANIFEST).root.items())
NINTH_ENTRIES = sorted(load_manifest(NINTH_MANIFEST).root.items())
TENTH_ENTRIES = sorted(load_manifest(TENTH_MANIFEST).root.items())
ELEVENTH_ENTRIES = sorted(load_manifest(ELEVENTH_MANIFEST).root.items())
TWELFTH_ENTRIES = sorted(load_manifest(TWELFTH_MANIFEST).root.items())
THIRTEENTH_ENTRIES = sorted(load_manifest(THIRTEENTH_MANIFEST).root.items())
FOURTEENTH_ENTRIES = sorted(load_manifest(FOURTEENTH_MANIFEST).root.items())
HELD_OUT_ENTRIES = (
    UNSEEN_ENTRIES
    + HELDOUT_ENTRIES
    + FRESH_ENTRIES
    + BLIND_ENTRIES
    + FIFTH_ENTRIES
    + SIXTH_ENTRIES
    + SEVENTH_ENTRIES
    + EIGHTH_ENTRIES
    + NINTH_ENTRIES
    + TENTH_ENTRIES
    + ELEVENTH_ENTRIES
    + TWELFTH_ENTRIES
    + THIRTEENTH_ENTRIES
    + FOURTEENTH_ENTRIES
)
ALL_ENTRIES = EXAMPLE_ENTRIES + HELD_OUT_ENTRIES
ALL_DOCUMENTS = sorted({path for path, _ in ALL_ENTRIES} | REFERENCE_EXAMPLES)


def test_manifests_are_valid_json_with_only_the_agreed_keys() -> None:
    for path in (
        EXAMPLES_MANIFEST,
        UNSEEN_MANIFEST,
        HELDOUT_MANIFEST,
        FRESH_MANIFEST,
        BLIND_MANIFEST,
        FIFTH_MANIFEST,
        SIXTH_MANIFEST,
        SEVENTH_MANIFEST,
        EIGHTH_MANIFEST,
        NINTH_MANIFEST,
        TENTH_MANIFEST,
        ELEVENTH_MANIFEST,
        TWELFTH_MANIFEST,
        THIRTEENTH_MANIFEST,
        FOURTEENTH_MANIFEST,
    ):
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert raw, f"{path.name} is empty"
        # Strict validation (unknown category, party, domain or key) happens on load.
        assert set(load_manifest(path).root) == set(raw)


def test_examples_manifest_covers_every_example_contract() -> None:
    on_disk = relative((REPO_ROOT / "examples").rglob("*.txt"))
    assert on_disk >= REFERENCE_EXAMPLES
    assert set(load_manifest(EXAMPLES_MANIFEST).root) == on_disk - REFERENCE_EXAMPLES


def test_unseen_manifest_covers_every_held_out_contract() -> None:
    on_disk = relative(UNSEEN_DIR.glob("*.txt"))
    assert set(load_manifest(UNSEEN_MANIFEST).root) == on_disk


@pytest.mark.parametrize(("path", "expected"), ALL_ENTRIES, ids=[p for p, _ in ALL_ENTRIES])
def test_every_named_clause_is_exactly_one_section(path: str, expected: ExpectedDocument) -> None:
    document = parsed(path)
    ids = section_ids(document)
    named = [term.clause_id for term in expected.terms]
    named += [clause.clause_id for clause in expected.balanced]
    for clause_id in named:
        assert ids.count(clause_id) == 1, f"{path}: {clause_id!r} is not one section id: {ids}"
        section = document.find(clause_id)
        assert section is not None
        assert section.text or section.children, f"{path}: section {clause_id} has no text"


@pytest.mark.parametrize(("path", "expected"), ALL_ENTRIES, ids=[p for p, _ in ALL_ENTRIES])
def test_burdened_party_is_named_in_the_document_language(
    path: str, expected: ExpectedDocument
) -> None:
    document = parsed(path)
    chinese = document.language == "zh"
    for term in expected.terms:
        assert (term.burdens in ("甲方", "乙方")) == chinese, f"{path}: {term}"
        if term.burdens in ("甲方", "乙方"):
            assert term.burdens in document.source


@pytest.mark.parametrize(("path", "expected"), ALL_ENTRIES, ids=[p for p, _ in ALL_ENTRIES])
def test_spa_categories_only_in_spa_documents(path: str, expected: ExpectedDocument) -> None:
    spa_terms = {term.category for term in expected.terms} & SPA_ONLY_CATEGORIES
    assert not spa_terms or expected.domain == "sha_spa", f"{path}: {spa_terms}"


@pytest.mark.parametrize(
    ("path", "expected"), HELD_OUT_ENTRIES, ids=[p for p, _ in HELD_OUT_ENTRIES]
)
def test_held_out_contract_mixes_one_sided_and_balanced_clauses(
    path: str, expected: ExpectedDocument
) -> None:
    assert 3 <= len(expected.terms) <= 6, path
    assert expected.balanced, f"{path} lists no balanced clause"
    flagged = {(term.category, term.clause_id) for term in expected.terms}
    balanced = {(clause.category, clause.clause_id) for clause in expected.balanced}
    assert not flagged & balanced, f"{path}: both flagged and balanced: {flagged & balanced}"
    assert len(flagged) == len(expected.terms), f"{path}: a term is listed twice"


def test_held_out_set_has_the_agreed_mix_of_languages() -> None:
    languages = [parsed(path).language for path, _ in UNSEEN_ENTRIES]
    assert len(languages) >= 8
    assert languages.count("zh") >= 3
    assert languages.count("en") >= 4


def test_fidic_example_documents_hold_every_checklist_sub_clause() -> None:
    checklist = pytest.importorskip("contract_review_fidic.checklist")
    wanted = [item.clause_id for item in checklist.CHECKLIST]
    for path in (
        "examples/fidic/particular_conditions.txt",
        "examples/fidic/general_conditions.txt",
    ):
        ids = section_ids(parsed(path))
        assert [clause_id for clause_id in wanted if clause_id not in ids] == [], path


def test_spa_example_holds_every_checklist_article() -> None:
    checklist = pytest.importorskip("contract_review_sha_spa.checklist")
    ids = section_ids(parsed("examples/spa/share_purchase_agreement.txt"))
    assert [item.clause_id for item in checklist.CHECKLIST if item.clause_id not in ids] == []


def test_disclosure_letter_discloses_against_article_4_warranties() -> None:
    spa = parsed("examples/spa/share_purchase_agreement.txt")
    warranties = {section.id for section in spa.sections() if section.id.startswith("4.")}
    letter = parsed("examples/spa/disclosure_letter.txt")
    specific = letter.find("2")
    assert specific is not None and specific.children
    for disclosure in specific.children:
        cited = disclosure.text.split(" ", 2)[:2]
        assert cited[0] == "Warranty", disclosure.id
        assert cited[1] in warranties, f"{disclosure.id} cites {cited[1]}"


def test_employers_requirements_give_purposes_and_ground_data() -> None:
    requirements = parsed("examples/fidic/employers_requirements.txt")
    titles = {section.id: section.title for section in requirements.sections()}
    assert titles["1.1"] == "Purpose of the Works"
    assert titles["3.2"] == "Ground Investigation"
    assert "borehole" in (requirements.section_text("3.3") or "")


@given(
    path=st.sampled_from(ALL_DOCUMENTS),
    newline=st.sampled_from(["\n", "\r\n"]),
    trailing_blank_lines=st.integers(min_value=0, max_value=3),
)
def test_section_ids_survive_line_ending_changes(
    path: str, newline: str, trailing_blank_lines: int
) -> None:
    """A checkout with Windows line endings or trailing blank lines parses the same."""
    original = parsed(path)
    text = original.source.replace("\n", newline) + newline * trailing_blank_lines
    again = parse_text(text, name=Path(path).name)
    assert section_ids(again) == section_ids(original)
    assert again.language == original.language
