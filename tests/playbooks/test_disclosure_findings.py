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


def _findings_of(agreement_text: str, letter_text: str, located: tuple[str, ...]) -> list:
    agreement = parse_text(agreement_text, name="spa.txt")
    letter = parse_text(letter_text, name="letter.txt", role="disclosure_letter")
    locations = []
    for clause_id in located:
        section = agreement.find(clause_id)
        assert section is not None
        locations.append(
            ClauseLocation(
                document="spa.txt",
                role="primary",
                clause_id=clause_id,
                start=section.start,
                end=section.end,
            )
        )
    side = resolve_party("buyer", [agreement])
    return disclosure_findings(ITEM, locations, [agreement, letter], party=side)


def test_general_disclosures_are_found_where_the_standard_is_set_outside_the_warranties() -> None:
    """The standard set in one article ("7.3 The Warranties are qualified by the
    Disclosure Letter") and the warranties listed in the next (8.5): the general
    disclosures are still a finding, at 7.3, quoting every general passage."""
    agreement = (
        'This Agreement is made between Harbour Ltd (the "Seller") and Northgate Ltd (the '
        '"Buyer").\n\n7. Warranties\n7.1 The Seller warrants to the Buyer that each statement '
        "in clause 8 is true.\n7.3 The Warranties are qualified by the facts and circumstances "
        "set out in the Disclosure Letter.\n\n8. The Warranties\n8.5 The Company is not "
        "engaged in any litigation.\n"
    )
    letter = (
        "DISCLOSURE LETTER\n\n2.1 The entire contents of the Data Room are deemed to be "
        "disclosed.\n\n2.2 All matters revealed by searches at Companies House are deemed "
        "to be disclosed.\n\n3.1 Disclosure against Warranty 8.5 (Litigation): the Company is "
        "defendant in a claim for GBP 1,850,000.\n"
    )
    findings = {f.clause_id: f for f in _findings_of(agreement, letter, ("7", "8"))}
    assert set(findings) == {"8.5", "7.3"}
    references = [e.id for e in findings["7.3"].evidence if e.kind == "reference"]
    assert references == ["2.1", "2.2"]


def test_a_chinese_deemed_disclosure_clause_sets_the_standard() -> None:
    """No clause names the 披露函, but 6.8 says what is deemed disclosed: the general
    disclosures are found there."""
    agreement = (
        "投资方：北门资本有限公司（“投资方”）\n公司：云岫科技有限公司（“公司”）\n\n第六条 陈述与保证\n"
        "6.5 公司不存在任何尚未了结的诉讼。\n6.8 公司在尽职调查过程中向投资方提供的全部文件，均视为已向投资方充分披露。\n"
    )
    letter = (
        "披露函\n\n1. 公司通过数据室向投资方提供的全部文件、资料及问答记录，均视为已向投资方充分披露。\n\n"
        "2. 针对增资协议第6.5条（诉讼）：公司作为被告涉及一宗买卖合同纠纷，原告主张人民币320万元。\n"
    )
    agreement_doc = parse_text(agreement, name="spa.txt")
    article = agreement_doc.find("第六条")
    assert article is not None
    letter_doc = parse_text(letter, name="letter.txt", role="disclosure_letter")
    location = ClauseLocation(
        document="spa.txt", role="primary", clause_id="第六条", start=article.start, end=article.end
    )
    side = resolve_party("投资方", [agreement_doc])
    findings = disclosure_findings(ITEM, [location], [agreement_doc, letter_doc], party=side)
    assert {f.clause_id for f in findings} == {"6.5", "6.8"}


def test_general_disclosures_the_agreement_already_excludes_are_medium_with_no_redline() -> None:
    """Where the standard clause itself lets only fair disclosure with sufficient detail
    qualify the warranties, adding that sentence again would change nothing: the finding
    asks for the general disclosures to be struck from the letter instead."""
    fair = AGREEMENT_TEXT.replace(
        "fairly disclosed in the Disclosure Letter.",
        "fairly disclosed in the Disclosure Letter, that is with sufficient detail to enable "
        "a reasonable buyer to identify the nature and scope of the matter.",
    )
    agreement = parse_text(fair.format(indemnified="9.9"), name="spa.txt")
    letter = parse_text(LETTER_TEXT, name="letter.txt", role="disclosure_letter")
    article = agreement.find("7")
    assert article is not None
    location = ClauseLocation(
        document="spa.txt", role="primary", clause_id="7", start=article.start, end=article.end
    )
    side = resolve_party("buyer", [agreement])
    findings = {
        f.clause_id: f
        for f in disclosure_findings(ITEM, [location], [agreement, letter], party=side)
    }
    general = findings["7.1"]
    assert general.risk_level is RiskLevel.MEDIUM
    assert general.suggested_change is None
    assert any("Data Room" in e.text for e in general.evidence if e.kind == "reference")
    assert "struck from the letter" in general.description
    assert findings["7.6"].risk_level is RiskLevel.HIGH  # the specific disclosure is unchanged
