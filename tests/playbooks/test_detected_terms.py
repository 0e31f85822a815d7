"""Rules that also read a term through the term detector (``detector_min``): they fire
on a section the detector reads as their term whatever its wording, quote the part of a
sentence most read as the term, keep a numeric rule's limit and their own exceptions,
and stay silent where a rule of the category has read the clause by its wording."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from pydantic import ValidationError

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem, RiskLevel
from contract_review.playbooks import detected_terms
from contract_review.playbooks.clause_assessment import assess_document_rules
from contract_review.playbooks.deal_price import DealPrice
from contract_review.playbooks.detected_terms import detected_term
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_models import PlaybookRule

TFC = "termination_for_convenience_one_side"


class FakeDetector:
    """Reads ``category`` in every text holding ``cue`` (more surely the more cues)."""

    def __init__(self, category: str, cue: str, probability: float = 0.9) -> None:
        self.category = category
        self.cue = cue
        self.probability = probability

    def probabilities(self, texts: Sequence[str]) -> list[dict[str, float]]:
        rows = []
        for text in texts:
            share = min(1.0, self.probability * text.count(self.cue)) if self.cue in text else 0.0
            rows.append({self.category: share, "none": 1.0 - share})
        return rows

    def term_of(self, text: str) -> tuple[str, float] | None:
        share = self.probabilities([text])[0][self.category]
        return (self.category, share) if share > 0.5 else None


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDetector]:
    detector = FakeDetector(TFC, "whenever")
    monkeypatch.setattr(detected_terms, "term_detector", lambda: detector)
    yield detector


def _rule(**fields: object) -> PlaybookRule:
    base: dict[str, object] = {
        "rule_id": "tfc",
        "clause_id": "tfc",
        "category": TFC,
        "description": "Only one party may end the contract without cause.",
        "patterns": (r"for\s+convenience",),
        "scope": "document",
        "detector_min": 0.7,
        "burdens": "other_party",
        "risk_level": RiskLevel.HIGH,
    }
    return PlaybookRule.model_validate(base | fields)


CONTRACT = """\
SERVICES AGREEMENT

This Agreement is made between Alder Works Ltd (the "Supplier") and Birch Retail plc (the "Customer").

1. Services
1.1 The Supplier shall provide the Services with reasonable skill and care.
2. Ending the Agreement
2.1 The Customer may bring this Agreement to an end whenever it wishes by notice; the Supplier shall be paid for work done.
3. Payment
3.1 The Customer shall pay each invoice within 30 days.
"""


def _findings(rule: PlaybookRule, text: str = CONTRACT) -> list[tuple[str, str]]:
    playbook = Playbook(playbook_id="t", domain_id="t", version="1.0.0", title="t", rules=(rule,))
    document = parse_text(text, name="services.txt")
    item = ChecklistItem(clause_id="tfc", clause_name="Termination")
    return [(f.clause_id, f.description) for f in assess_document_rules(playbook, item, [document])]


def test_the_detector_finds_the_term_the_patterns_miss(fake: FakeDetector) -> None:
    [(clause, description)] = _findings(_rule())
    assert clause == "2.1"
    assert "whenever it wishes" in description
    assert "Read by the term detector, 90% sure" in description


def test_the_quoted_part_is_the_one_read_as_the_term(fake: FakeDetector) -> None:
    hit = detected_term(_rule(), CONTRACT[CONTRACT.index("2.1") :].splitlines()[0])
    assert hit is not None
    [part] = hit.hits
    assert part.matched.startswith("2.1 The Customer may bring")
    assert part.matched.endswith("by notice")  # not the Supplier's half after the ';'


def test_no_opt_in_another_term_or_too_unsure_gives_nothing(fake: FakeDetector) -> None:
    assert _findings(_rule(detector_min=None)) == []
    assert _findings(_rule(category="uncapped_penalty")) == []
    fake.probability = 0.6
    assert _findings(_rule()) == []


def test_the_rules_exceptions_are_read_in_the_quoted_part(fake: FakeDetector) -> None:
    assert _findings(_rule(unless=(r"\bby\s+notice\b",))) == []
    # "paid for work done" is in the Supplier's part of the sentence, not the quoted one.
    assert len(_findings(_rule(unless=(r"paid\s+for\s+work",)))) == 1
    # A section exception counts for the party its part names: the Supplier's payment
    # does not excuse the Customer's right; the Customer's own words do.
    assert len(_findings(_rule(unless_in_section=(r"paid\s+for\s+work",)))) == 1
    assert _findings(_rule(unless_in_section=(r"bring\s+this\s+Agreement",))) == []


def test_a_clause_read_by_the_rules_wording_is_left_to_the_rule(fake: FakeDetector) -> None:
    read = CONTRACT.replace("whenever it wishes", "for convenience whenever it wishes")
    # The patterns read 2.1 and a section exception excuses it: the detector does not
    # overrule the rule.
    assert _findings(_rule(unless_in_section=(r"bring\s+this\s+Agreement",)), read) == []
    # Without the exception the rule's own finding stands, once.
    [(clause, description)] = _findings(_rule(), read)
    assert clause == "2.1" and "term detector" not in description


def test_a_numeric_rule_needs_a_number_beyond_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    detector = FakeDetector("long_payment_period", "invoice")
    monkeypatch.setattr(detected_terms, "term_detector", lambda: detector)
    rule = _rule(
        rule_id="pay",
        category="long_payment_period",
        patterns=(r"\bpay\b",),
        requires=(r"never\s+matches\s+here",),
        threshold=60,
        comparison="gt",
        unit="day",
    )
    assert _findings(rule) == []  # "within 30 days" keeps the limit
    [(clause, description)] = _findings(rule, CONTRACT.replace("30 days", "120 days"))
    assert clause == "3.1" and "120 days" in description


def test_detector_min_is_refused_where_it_cannot_apply() -> None:
    with pytest.raises(ValidationError, match="detector_min"):
        _rule(when="absent")
    with pytest.raises(ValidationError, match="detector_min"):
        _rule(detector_min=0.4)


def test_every_rule_read_by_meaning_also_reads_through_the_detector() -> None:
    from contract_review.playbooks import load_playbook_resource

    for package in ("contract_review_fidic", "contract_review_generic"):
        pytest.importorskip(package)
        rules = [r for r in load_playbook_resource(package).rules if r.topic]
        assert rules and all(r.detector_min == 0.7 for r in rules), package


def _cap_at_price(unit: str) -> PlaybookRule:
    """A rule for a cap of at least the whole price, in ``unit``."""
    return _rule(
        rule_id="cap_at_price",
        category="cap",
        patterns=(r"\bshall\s+not\s+(?:in\s+any\s+event\s+)?exceed\b",),
        threshold=100,
        comparison="ge",
        unit=unit,
    )


def test_a_limit_too_high_is_read_only_where_no_number_stays_within_it() -> None:
    """The reader's numbers are read without the rule's exceptions, so a section that caps
    general claims at 30% and all claims at the price is no "cap at the whole price"."""
    rule = _cap_at_price("percent")
    both = (
        "The liability of the Seller for the Business Warranties shall not exceed 30% of the "
        "Consideration, and its liability for all Claims shall not in any event exceed 100% "
        "of the Consideration."
    )
    only = "The liability of the Seller for all Claims shall not exceed 100% of the Consideration."
    assert detected_terms._numbers(rule, both, general_limit=True) == []
    assert [
        h.value.value for h in detected_terms._numbers(rule, only, general_limit=True) if h.value
    ] == [100]
    # the term detector reads every number past the limit
    assert len(detected_terms._numbers(rule, both)) == 1


def test_the_reader_reads_an_amount_as_its_share_of_the_price() -> None:
    rule = _cap_at_price("price_percent")
    text = "The liability of the Seller for all Claims shall not exceed USD 40,000,000."
    price = DealPrice(amount=40_000_000, currency="USD", term="Purchase Price")
    assert detected_terms._numbers(rule, text) == []  # no price: an amount is no share
    [hit] = detected_terms._numbers(rule, text, price)
    assert hit.value is not None and hit.value.value == 100
