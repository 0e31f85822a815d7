"""The disclosure letter read against the warranties: an adverse specific disclosure is
a high finding at its warranty, quoting the disclosure as reference evidence and
proposing a specific indemnity; general disclosures are one finding at the clause that
sets the disclosure standard; nothing is found for the warrantor, for a neutral
disclosure, or for a matter the agreement already indemnifies."""

from __future__ import annotations

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem, RiskLevel
from contract_review.playbooks.disclosure_findings import disclosure_findings
from contract_review.playbooks.party_sides import resolve_party
from contract_review.review.clause_location import ClauseLocation

AGREEMENT_TEXT = (
    'This Agreement is made between Harbour Ltd (the "Seller") and Northgate Ltd (the '
    '"Buyer").\n\n7. Warranties\n7.1 The Warranties are qualified by the matters fairly '
    "disclosed in the Disclosure Letter.\n7.6 The Company is not party to any litigation.\n"
    "7.8 The pension scheme is properly funded.\n\n9. Indemnities\n9.1 The Seller shall "
    "indemnify the Buyer against all Losses arising from the matter described in paragraph "
    "{indemnified} of the Disclosure Letter.\n"
)
LETTER_TEXT = (
    "DISCLOSURE LETTER\n\n2.1 The entire contents of the Data Room are disclosed.\n\n"
    "3.1 Disclosure against Warranty 7.6 (Litigation): the Company is defendant in a claim "
    "for GBP 1,850,000.\n3.2 Disclosure against Warranty 7.8 (Pensions): the scheme is a "
    "defined contribution arrangement.\n"
)
ITEM = ChecklistItem(clause_id="4", clause_name="Warranties")


def _review(party: str | None = None, indemnified: str = "9.9") -> list:
    agreement = parse_text(AGREEMENT_TEXT.format(indemnified=indemnified), name="spa.txt")
    letter = parse_text(LETTER_TEXT, name="letter.txt", role="disclosure_letter")
    article = agreement.find("7")
    assert article is not None
    location = ClauseLocation(
        document="spa.txt", role="primary", clause_id="7", start=article.start, end=article.end
    )
    side = resolve_party(party, [agreement]) if party else None
    return disclosure_findings(ITEM, [location], [agreement, letter], party=side)


def test_an_adverse_disclosure_is_a_finding_at_its_warranty_with_a_remedy() -> None:
    findings = {f.clause_id: f for f in _review("buyer")}
    assert set(findings) == {"7.6", "7.1"}  # 7.8's disclosure is neutral
    specific = findings["7.6"]
    assert specific.risk_level is RiskLevel.HIGH
    [reference] = [e for e in specific.evidence if e.kind == "reference"]
    assert "GBP 1,850,000" in reference.text and reference.id == "3.1"
    assert specific.suggested_change is not None
    assert "The Seller shall indemnify the Buyer" in specific.suggested_change.after
    assert "paragraph 3.1 of the Disclosure Letter" in specific.suggested_change.after
    general = findings["7.1"]
    assert any("Data Room" in e.text for e in general.evidence if e.kind == "reference")
    assert general.suggested_change is not None


def test_nothing_is_found_for_the_warrantor() -> None:
    assert _review("seller") == []


def test_a_matter_already_indemnified_needs_no_finding() -> None:
    assert {f.clause_id for f in _review("buyer", indemnified="3.1")} == {"7.1"}
