"""A playbook's term reader: party words marked for the party we act for, a two-label
model equal to its logistic regression, weights found beside the playbook, and rules
firing where the reader reads their subject's term burdening us — not for the other
side, not without a party, not where a rule already read the clause by its wording, and
a numeric rule only past its limit."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml
from pydantic import ValidationError
from sklearn.linear_model import LogisticRegression

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem, RiskLevel
from contract_review.errors import InputError
from contract_review.playbooks.clause_assessment import assess_document_rules
from contract_review.playbooks.detected_terms import MIN_LOWER_SUBJECT, DetectedTerm, read_term
from contract_review.playbooks.party_sides import PartyWords, resolve_party
from contract_review.playbooks.playbook_loading import (
    PlaybookError,
    load_playbook,
    load_playbook_resource,
)
from contract_review.playbooks.playbook_models import TermReaderSpec
from contract_review.playbooks.term_detector import (
    NO_TERM,
    DetectorModel,
    TermDetector,
    new_vectorizer,
)
from contract_review.playbooks.term_reader import (
    ONE_SIDED,
    OTHER_PARTY,
    OUR_PARTY,
    TermReader,
    TermReading,
    fitted_model,
    mark_parties,
    term_reader_of,
)

CONTRACT = """\
SHARE PURCHASE AGREEMENT

This Agreement is made between Rowan Holdings Ltd (the "Seller") and Aspen Capital LLC (the "Buyer").

1. Conditions
1.1 Completion is conditional on the Conditions set out in Schedule 1.
1.2 The Seller alone may set aside any Condition at its absolute discretion at any time.
2. Limitations
2.1 The aggregate liability of the Seller for all Claims shall not exceed 2% of the Purchase Price.
2.2 No Claim may be brought unless notified within twenty-four months after Completion.
3. Governing law
3.1 This Agreement is governed by the laws of England and Wales.
"""

#: Training texts, already marked: a term burdening ``ourparty`` (1) against the same
#: subject fairly put or burdening the other side, and plain clauses (0).
EXAMPLES = [
    ("otherparty alone may set aside any Condition at its absolute discretion", 1, "waiver"),
    ("otherparty may set aside the Conditions in its sole discretion at any time", 1, "waiver"),
    ("otherparty in its discretion may set aside any Condition", 1, "waiver"),
    ("ourparty alone may set aside any Condition at its absolute discretion", 0, "waiver"),
    ("ourparty may set aside the Conditions in its sole discretion at any time", 0, "waiver"),
    ("the Conditions may be set aside only by both parties jointly in writing", 0, "waiver"),
    ("liability of otherparty for all Claims shall not exceed 2% of the Purchase Price", 1, "cap"),
    ("aggregate liability of otherparty shall not exceed 5% of the Purchase Price", 1, "cap"),
    ("the liability of otherparty shall not exceed 100% of the Purchase Price", 0, "cap"),
    ("the liability of ourparty shall not exceed 1% of the Purchase Price", 0, "cap"),
    ("No Claim may be brought unless notified within twenty-four months", 0, None),
    ("This Agreement is governed by the laws of England and Wales", 0, None),
    ("Completion is conditional on the Conditions set out in Schedule 1", 0, None),
    ("Notices shall be in writing and delivered by hand", 0, None),
]


def _fit(tmp_path: Path) -> tuple[DetectorModel, DetectorModel]:
    texts = [text for text, _, _ in EXAMPLES]
    vectorizer = new_vectorizer()
    features = vectorizer.fit_transform(texts)
    vocabulary = tuple(str(g) for g in vectorizer.get_feature_names_out())
    idf = vectorizer.idf_.astype(np.float32)
    binary = LogisticRegression(C=100, max_iter=5000, class_weight="balanced")
    binary.fit(features, [label for _, label, _ in EXAMPLES])
    one_sided = fitted_model((NO_TERM, ONE_SIDED), vocabulary, idf, binary.coef_, binary.intercept_)
    rows = [i for i, (_, _, subject) in enumerate(EXAMPLES) if subject]
    category = {"waiver": "conditions_waivable_by_one_side", "cap": "seller_cap_too_low"}
    subjects = LogisticRegression(C=100, max_iter=5000)
    subjects.fit(features[rows], [category[str(EXAMPLES[i][2])] for i in rows])
    model = fitted_model(subjects.classes_, vocabulary, idf, subjects.coef_, subjects.intercept_)
    one_sided.save(tmp_path / "one_sided.npz")
    model.save(tmp_path / "subjects.npz")
    return one_sided, model


PLAYBOOK = {
    "schema_version": 1,
    "playbook_id": "deals",
    "domain_id": "deals",
    "version": "1.0.0",
    "title": "Deals",
    "sides": [
        {"id": "buyer", "opposite": "seller"},
        {"id": "seller", "opposite": "buyer"},
    ],
    "term_reader": {
        "one_sided": "one_sided.npz",
        "subjects": "subjects.npz",
        "min_probability": 0.6,
    },
    "rules": [
        {
            "rule_id": "waiver",
            "clause_id": "cp",
            "category": "conditions_waivable_by_one_side",
            "description": "One side may waive the conditions alone.",
            "patterns": [r"\bwaive\b[^.]{0,40}\bsole\s+discretion"],
            "unless": [r"\bwith\s+the\s+consent\s+of\b"],
            "scope": "document",
            "burdens": "other_party",
            "risk_level": "high",
            "redline": {
                "kind": "append",
                "text": "Any Condition may be waived only by the parties jointly in writing.",
            },
        },
        {
            "rule_id": "cap",
            "clause_id": "cp",
            "category": "seller_cap_too_low",
            "description": "The seller's cap is a small share of the price.",
            "patterns": [r"\bshall\s+not\s+exceed\b"],
            "unit": "price_percent",
            "threshold": 30,
            "comparison": "lt",
            "scope": "document",
            "burdens": ["buyer"],
            "risk_level": "high",
            "requires": [r"\bcap\s+on\s+claims\b"],
            "unless": [r"\bTax\b"],
        },
    ],
}


@pytest.fixture
def playbook_dir(tmp_path: Path) -> Path:
    _fit(tmp_path)
    (tmp_path / "playbook.yaml").write_text(yaml.safe_dump(PLAYBOOK), encoding="utf-8")
    return tmp_path


ITEM = ChecklistItem(clause_id="cp", clause_name="Conditions", description="Conditions.")


def _review(playbook_dir: Path, party: str | None) -> dict[str, RiskLevel]:
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(CONTRACT, name="spa.txt")
    side = resolve_party(party, [document], sides=playbook.sides) if party else None
    findings = assess_document_rules(playbook, ITEM, [document], party=side)
    return {f"{f.finding_id}": f.risk_level for f in findings if f.status == "found"}


def test_party_words_become_ours_and_theirs() -> None:
    document = parse_text(CONTRACT, name="spa.txt")
    playbook = load_playbook_resource("contract_review_sha_spa")
    words = PartyWords([document], playbook.sides)
    buyer = resolve_party("buyer", [document], sides=playbook.sides)
    seller = resolve_party("seller", [document], sides=playbook.sides)
    text = "The Seller shall indemnify the Buyer; the Purchaser's rights survive."
    assert mark_parties(text, words, buyer) == (
        f"The  {OTHER_PARTY}  shall indemnify the  {OUR_PARTY} ; the  {OUR_PARTY} 's rights survive."
    )
    assert OUR_PARTY in mark_parties("The Seller shall", words, seller)


def test_binary_model_gives_the_regressions_probabilities() -> None:
    texts = [text for text, _, _ in EXAMPLES]
    vectorizer = new_vectorizer()
    features = vectorizer.fit_transform(texts)
    binary = LogisticRegression(C=100, max_iter=5000, class_weight="balanced")
    binary.fit(features, [label for _, label, _ in EXAMPLES])
    model = fitted_model(
        (NO_TERM, ONE_SIDED),
        vectorizer.get_feature_names_out(),
        vectorizer.idf_,
        binary.coef_,
        binary.intercept_,
    )
    read = [row[ONE_SIDED] for row in TermDetector(model).probabilities(texts)]
    assert np.allclose(read, binary.predict_proba(features)[:, 1], atol=1e-4)


def test_reader_reads_only_past_its_probability(tmp_path: Path) -> None:
    reader = TermReader(*_fit(tmp_path), min_probability=0.6)
    reading = reader.read("otherparty alone may set aside any Condition at its discretion")
    assert reading is not None and reading.category == "conditions_waivable_by_one_side"
    assert reading.one_sided >= 0.6
    assert reader.read("Notices shall be in writing and delivered by hand") is None
    assert reader.read("   ") is None


def test_a_one_sided_model_must_have_two_labels(tmp_path: Path) -> None:
    _, subjects = _fit(tmp_path)
    with pytest.raises(ValueError, match="labels"):
        TermReader(subjects, subjects, 0.6)


def test_reader_weights_are_found_beside_the_playbook(playbook_dir: Path) -> None:
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    assert playbook.origin == str(playbook_dir)
    assert term_reader_of(playbook) is not None
    plain = {key: value for key, value in PLAYBOOK.items() if key != "term_reader"}
    (playbook_dir / "plain.yaml").write_text(yaml.safe_dump(plain), encoding="utf-8")
    assert term_reader_of(load_playbook(playbook_dir / "plain.yaml")) is None


@pytest.mark.parametrize("name", ["../weights.npz", "weights.pkl", ""])
def test_reader_files_are_plain_npz_names(name: str) -> None:
    with pytest.raises(ValidationError):
        TermReaderSpec(one_sided=name, subjects="subjects.npz")


def test_the_reader_fires_the_rule_of_its_subject_for_the_burdened_party(
    playbook_dir: Path,
) -> None:
    """No pattern of the waiver rule matches 1.2 ("set aside ... absolute discretion");
    the reader reads it for the buyer, and the finding carries the rule's redline."""
    found = _review(playbook_dir, "buyer")
    assert found.get("waiver@1.2") == RiskLevel.HIGH
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(CONTRACT, name="spa.txt")
    buyer = resolve_party("buyer", [document], sides=playbook.sides)
    finding = next(
        f
        for f in assess_document_rules(playbook, ITEM, [document], party=buyer)
        if f.finding_id == "waiver@1.2"
    )
    assert "term reader" in finding.description
    assert finding.suggested_change is not None
    assert "jointly in writing" in finding.suggested_change.after


def test_the_reader_is_silent_for_the_party_the_term_favours(playbook_dir: Path) -> None:
    found = _review(playbook_dir, "seller")
    assert found.get("waiver@1.2") in (None, RiskLevel.LOW)


def test_the_reader_needs_a_party(playbook_dir: Path) -> None:
    assert "waiver@1.2" not in _review(playbook_dir, None)


def test_a_numeric_rule_read_by_the_reader_keeps_its_limit(playbook_dir: Path) -> None:
    """2.1 caps the seller at 2% of the price: past the 30% limit, so the cap rule fires
    (its ``requires`` cue is not there: the reader read the clause as a whole); at 40%
    it does not."""
    assert _review(playbook_dir, "buyer").get("cap@2.1") == RiskLevel.HIGH
    generous = CONTRACT.replace("2% of the Purchase Price", "40% of the Purchase Price")
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(generous, name="spa.txt")
    buyer = resolve_party("buyer", [document], sides=playbook.sides)
    ids = {f.finding_id for f in assess_document_rules(playbook, ITEM, [document], party=buyer)}
    assert "cap@2.1" not in ids


def test_no_reader_finding_where_a_rule_read_the_clause_by_its_wording(
    playbook_dir: Path,
) -> None:
    worded = CONTRACT.replace(
        "set aside any Condition at its absolute discretion",
        "waive any Condition in its sole discretion",
    )
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(worded, name="spa.txt")
    buyer = resolve_party("buyer", [document], sides=playbook.sides)
    findings = assess_document_rules(playbook, ITEM, [document], party=buyer)
    at_12 = [f for f in findings if f.clause_id == "1.2"]
    assert len(at_12) == 1 and "term reader" not in at_12[0].description


def test_the_packaged_sha_spa_reader_reads_playbook_subjects() -> None:
    """Every subject the SHA/SPA reader names is a category of a present document rule
    of its playbook (else it would read a subject no rule can report)."""
    playbook = load_playbook_resource("contract_review_sha_spa")
    reader = term_reader_of(playbook)
    assert reader is not None
    categories = {
        rule.category for rule in playbook.rules if rule.when == "present" and rule.category
    }
    assert set(reader.subjects.categories) - categories <= {"no_long_stop_date"}


def _ids(playbook_dir: Path, text: str, party: str) -> set[str]:
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(text, name="spa.txt")
    side = resolve_party(party, [document], sides=playbook.sides)
    return {f.finding_id for f in assess_document_rules(playbook, ITEM, [document], party=side)}


def test_a_present_rules_unless_still_marks_the_fair_version(playbook_dir: Path) -> None:
    fair = CONTRACT.replace(
        "at its absolute discretion at any time.",
        "at its absolute discretion at any time with the consent of the Buyer.",
    )
    assert "waiver@1.2" not in _ids(playbook_dir, fair, "buyer")


def test_a_numeric_rules_unless_does_not_excuse_what_the_reader_read(
    playbook_dir: Path,
) -> None:
    """The cap rule's ``unless`` (Tax) picks its number among others for its cue words;
    a 2% cap that also takes in the Tax claims is still a 2% cap."""
    taxed = CONTRACT.replace("for all Claims", "for all Claims, Tax claims included,")
    assert "cap@2.1" in _ids(playbook_dir, taxed, "buyer")


def test_a_playbook_naming_absent_reader_files_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "playbook.yaml").write_text(yaml.safe_dump(PLAYBOOK), encoding="utf-8")
    with pytest.raises(PlaybookError, match=r"term_reader names one_sided\.npz") as error:
        load_playbook(tmp_path / "playbook.yaml")
    assert "\n" not in str(error.value)


def test_unreadable_reader_weights_are_one_clear_error(playbook_dir: Path) -> None:
    (playbook_dir / "one_sided.npz").write_bytes(b"not a weights file")
    other = playbook_dir / "copy"
    other.mkdir()
    for name in ("one_sided.npz", "subjects.npz", "playbook.yaml"):
        (other / name).write_bytes((playbook_dir / name).read_bytes())
    with pytest.raises(InputError, match=r"term reader .* cannot be read"):
        term_reader_of(load_playbook(other / "playbook.yaml"))


class _SureReader(TermReader):
    """A reader that reads every text as one-sided, on fixed subjects in order."""

    def __init__(self, subjects: tuple[str, ...], shares: tuple[float, ...] = ()) -> None:
        self._fixed = subjects
        self._shares = shares or tuple(1 / len(subjects) for _ in subjects)

    def read(self, marked: str) -> TermReading | None:
        return TermReading(
            one_sided=0.9, subjects=tuple(zip(self._fixed, self._shares, strict=True))
        )

    def one_sided_part(self, parts: list[str]) -> int:
        return 0


def _read_waiver(
    playbook_dir: Path, party: str, text: str, reader: TermReader
) -> DetectedTerm | None:
    """The fixture playbook's waiver rule, read in ``text`` for ``party`` by ``reader``."""
    playbook = load_playbook(playbook_dir / "playbook.yaml")
    document = parse_text(CONTRACT, name="spa.txt")
    side = resolve_party(party, [document], sides=playbook.sides)
    words = PartyWords([document], playbook.sides)
    return read_term(
        next(r for r in playbook.rules if r.rule_id == "waiver"),
        text,
        mark=lambda t: mark_parties(t, words, side),
        reader=reader,
        playbook=playbook,
        party=side,
    )


def test_a_numeric_subject_is_answered_by_numbers_only(playbook_dir: Path) -> None:
    """Read for the seller, a cap clause's first subject (the seller's cap too low) burdens
    the buyer; the next subject may answer only by a rule that reads a number, so a fair
    cap is not reported as a waiver (or an 'unlimited liability') term."""
    text = "The aggregate liability of the Seller for all Claims shall not exceed 2% of the Price."

    def read(subjects: tuple[str, ...]) -> DetectedTerm | None:
        return _read_waiver(playbook_dir, "seller", text, _SureReader(subjects))

    assert read(("seller_cap_too_low", "conditions_waivable_by_one_side")) is None
    # read first as a waiver, the waiver rule answers
    assert read(("conditions_waivable_by_one_side", "seller_cap_too_low")) is not None


@pytest.mark.parametrize(("share", "answers"), [(0.3, True), (0.1, False)])
def test_a_less_likely_subject_answers_only_when_likely_enough(
    playbook_dir: Path, share: float, answers: bool
) -> None:
    """A subject after the likeliest (here one no rule of the playbook reads) answers only
    when the reader gives it at least MIN_LOWER_SUBJECT."""
    text = "The Seller may waive any of the Conditions at its sole discretion."
    reader = _SureReader(("no_such_subject", "conditions_waivable_by_one_side"), (0.6, share))
    found = _read_waiver(playbook_dir, "buyer", text, reader)
    assert (found is not None) is answers
    assert (share >= MIN_LOWER_SUBJECT) is answers


def test_a_proviso_after_the_part_read_still_marks_the_fair_version(
    playbook_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader reads the part before "provided that"; the proviso that qualifies it
    is the fair version of the term as much as words inside the part are."""
    monkeypatch.setattr(
        "contract_review.playbooks.clause_assessment.term_reader_of",
        lambda playbook: _SureReader(("conditions_waivable_by_one_side",)),
    )
    fair = CONTRACT.replace(
        "at its absolute discretion at any time.",
        "at its absolute discretion at any time, provided that it acts with the consent of "
        "the Buyer.",
    )
    assert "waiver@1.2" not in _ids(playbook_dir, fair, "buyer")
    unqualified = CONTRACT.replace(
        "at its absolute discretion at any time.",
        "at its absolute discretion at any time, provided that it gives notice to the Buyer.",
    )
    assert "waiver@1.2" in _ids(playbook_dir, unqualified, "buyer")


BOUND = CONTRACT.replace(
    "1.2 The Seller alone may set aside any Condition at its absolute discretion at any time.",
    "1.2 The Buyer shall accept the setting aside of any Condition that the Seller decides "
    "at its absolute discretion.",
)


@pytest.mark.parametrize(
    ("counter_verbs", "party", "level"),
    [
        ([r"\bshall\s+accept\b"], "buyer", RiskLevel.HIGH),
        ([r"\bshall\s+accept\b"], "seller", RiskLevel.LOW),
        # no verb says who acts: the reader, sure the clause burdens our party, is
        # taken at its word
        ([], "buyer", RiskLevel.HIGH),
    ],
)
def test_counter_verbs_name_the_party_an_other_party_term_binds(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    counter_verbs: list[str],
    party: str,
    level: RiskLevel,
) -> None:
    """Read by the reader, the waiver rule (burdens other_party) names the party the
    sentence is about, the Buyer, as the favoured one; its ``counter_verbs`` ("shall
    accept") name the Buyer as the party the term binds: the term burdens the buyer."""
    _fit(tmp_path)
    spec = {**PLAYBOOK, "rules": [dict(PLAYBOOK["rules"][0], counter_verbs=counter_verbs)]}  # type: ignore[index]
    (tmp_path / "playbook.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    monkeypatch.setattr(
        "contract_review.playbooks.clause_assessment.term_reader_of",
        lambda playbook: _SureReader(("conditions_waivable_by_one_side",)),
    )
    playbook = load_playbook(tmp_path / "playbook.yaml")
    document = parse_text(BOUND, name="spa.txt")
    side = resolve_party(party, [document], sides=playbook.sides)
    found = {
        f.finding_id: f
        for f in assess_document_rules(playbook, ITEM, [document], party=side)
        if f.status == "found"
    }
    assert found["waiver@1.2"].risk_level == level
    if counter_verbs:
        assert "It binds the Buyer." in found["waiver@1.2"].description


def test_a_rule_whose_reader_needs_are_absent_answers_for_no_reading(
    playbook_dir: Path,
) -> None:
    """The rule of the subject that would answer first, but whose ``reader_needs`` the
    clause lacks ("worldwide"), does not answer for the reader's reading, and no later
    rule of the subject answers in its place (its words would describe the clause no
    better); where the clause has them, the first rule answers."""
    data = yaml.safe_load((playbook_dir / "playbook.yaml").read_text(encoding="utf-8"))
    first = {
        **data["rules"][0],
        "rule_id": "waiver_worldwide",
        "description": "One side may waive, anywhere in the world.",
        "reader_needs": [r"\bworld"],
    }
    data["rules"].insert(0, first)
    (playbook_dir / "needs.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    playbook = load_playbook(playbook_dir / "needs.yaml")
    document = parse_text(CONTRACT, name="spa.txt")
    buyer = resolve_party("buyer", [document], sides=playbook.sides)
    words = PartyWords([document], playbook.sides)
    reader = _SureReader(("conditions_waivable_by_one_side",))

    def answers(rule_id: str, text: str) -> bool:
        rule = next(r for r in playbook.rules if r.rule_id == rule_id)
        return (
            read_term(
                rule,
                text,
                mark=lambda t: mark_parties(t, words, buyer),
                reader=reader,
                playbook=playbook,
                party=buyer,
            )
            is not None
        )

    plain = "The Seller may set aside any Condition at its absolute discretion."
    assert not answers("waiver_worldwide", plain)
    assert not answers("waiver", plain)
    worldwide = plain.replace("discretion.", "discretion anywhere in the world.")
    assert answers("waiver_worldwide", worldwide)
    assert not answers("waiver", worldwide)
