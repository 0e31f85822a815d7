"""assess_clause: findings per rule and passage, exact quotes, redlines, absent rules,
document scope, mutual rights, and ranking from a party's side."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem, RiskLevel
from contract_review.playbooks.clause_assessment import assess_clause, assess_document_rules
from contract_review.playbooks.finding_selection import rule_id_of
from contract_review.playbooks.party_sides import resolve_party
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_models import PlaybookRule, Redline
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.findings import FindingStatus
from contract_review.testing import strategies as crst
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID

from .playbook_review import domain_spec
from .term_samples import BALANCED, ONE_SIDED

CONTRACT = """\
SUPPLY AGREEMENT

This Agreement is made between Alder Works Ltd (the "Supplier") and Birch Retail plc (the "Customer").

1. Claims
1.1 The Supplier shall give notice of any claim within 7 days, failing which the claim is barred.
1.2 The Customer shall respond within 5 days.
2. Liability
2.1 The Supplier shall be liable for all losses.
3. Termination
3.1 The Customer may terminate this Agreement at any time for convenience.
3.2 The Supplier may terminate this Agreement at any time for convenience.
4. Payment
4.1 The Customer shall pay within 90 days.
"""

ITEM = ChecklistItem(clause_id="claims", clause_name="Claims")
CAP_ITEM = ChecklistItem(clause_id="cap", clause_name="Cap")
TFC_ITEM = ChecklistItem(clause_id="tfc", clause_name="Termination")
PAY_ITEM = ChecklistItem(clause_id="pay", clause_name="Payment")

PLAYBOOK = Playbook(
    playbook_id="test",
    domain_id="test",
    version="1.0.0",
    title="Test playbook",
    sides=("supplier", "customer"),
    rules=(
        PlaybookRule(
            rule_id="short_notice",
            clause_id="claims",
            category="short_notice_time_bar",
            description="Notice is due in under 28 days.",
            standard_position="Notice within 28 days.",
            patterns=(r"\bnotice\b",),
            threshold=28,
            comparison="lt",
            unit="day",
            burdens="named_party",
            risk_level=RiskLevel.HIGH,
            rationale="Short time bars forfeit valid claims.",
            redline=Redline(kind="replace_value"),
            law_refs=("中华人民共和国民法典#第四百九十七条",),
        ),
        PlaybookRule(
            rule_id="no_cap",
            clause_id="cap",
            category="uncapped_liability",
            description="No cap on liability.",
            patterns=(r"shall\s+not\s+exceed",),
            when="absent",
            risk_level=RiskLevel.HIGH,
            redline=Redline(kind="append", text="Liability shall not exceed the fees."),
        ),
        PlaybookRule(
            rule_id="tfc_one_side",
            clause_id="tfc",
            category="termination_for_convenience_one_side",
            description="One party may terminate for convenience.",
            patterns=(r"terminate\b.{0,60}?for\s+convenience",),
            scope="document",
            one_sided=True,
            burdens="other_party",
            risk_level=RiskLevel.HIGH,
        ),
        PlaybookRule(
            rule_id="long_payment",
            clause_id="pay",
            category="long_payment_period",
            description="Payment is due in more than 60 days.",
            patterns=(r"\bpay\b",),
            scope="document",
            threshold=60,
            comparison="gt",
            unit="day",
            burdens="other_party",
            risk_level=RiskLevel.HIGH,
        ),
    ),
)


def _document(text: str = CONTRACT) -> Document:
    return parse_text(text, name="supply.txt")


def _location(document: Document, section_id: str) -> ClauseLocation:
    section = document.find(section_id)
    assert section is not None
    return ClauseLocation.of_section(document, section)


def test_a_chinese_report_of_an_english_clause_words_the_finding_in_chinese() -> None:
    """The report's language frames the finding and picks the rule's ``*_zh`` texts;
    the redline keeps the clause's language."""
    rule = PLAYBOOK.rules[0].model_copy(
        update={
            "description_zh": "索赔通知期限短于28日。",
            "standard_position_zh": "在28日内发出通知。",
            "rationale_zh": "过短的期限会使有效索赔失权。",
        }
    )
    playbook = PLAYBOOK.model_copy(update={"rules": (rule, *PLAYBOOK.rules[1:])})
    document = _document()
    [finding] = assess_clause(playbook, ITEM, [_location(document, "1")], [document], language="zh")
    assert finding.title == "索赔通知期限短于28日"
    assert finding.description.startswith("索赔通知期限短于28日。第1条约定为“7 days”（7日）；")
    assert "我方标准为不少于28日。" in finding.description
    assert "该条款加重“Supplier”的负担。" in finding.description
    assert (finding.rationale, finding.standard_position) == (
        "过短的期限会使有效索赔失权。",
        "在28日内发出通知。",
    )
    assert finding.suggested_change is not None
    assert "within 28 days" in finding.suggested_change.after  # the clause's own language
    # a rule not yet translated falls back to English inside the Chinese frame
    [untranslated] = assess_clause(
        PLAYBOOK, ITEM, [_location(document, "1")], [document], language="zh"
    )
    assert untranslated.description.startswith("Notice is due in under 28 days.第1条约定为")


def test_a_numeric_finding_says_what_was_found_quotes_and_redlines() -> None:
    document = _document()
    [finding] = assess_clause(PLAYBOOK, ITEM, [_location(document, "1")], [document])
    assert finding.finding_id == "short_notice@1"
    assert (finding.clause_id, finding.checklist_item_id) == ("1", "claims")
    assert finding.status is FindingStatus.FOUND and finding.risk_level is RiskLevel.HIGH
    assert finding.title == "Notice is due in under 28 days"
    assert "“7 days”" in finding.description and "at least 28 day(s)" in finding.description
    assert finding.rationale == "Short time bars forfeit valid claims."
    assert finding.standard_position == "Notice within 28 days."  # a field of its own
    assert "民法典" not in finding.rationale  # law_refs are quoted as evidence, not written
    [evidence] = finding.evidence
    assert evidence.kind == "clause" and evidence.id == "1"
    assert evidence.start is not None and evidence.end is not None
    assert document.source[evidence.start : evidence.end] == evidence.text
    change = finding.suggested_change
    assert change is not None and change.before == evidence.text
    assert "within 28 days, failing which" in change.after and change.diff


def test_no_locations_no_findings() -> None:
    assert assess_clause(PLAYBOOK, ITEM, [], [_document()]) == []


def test_absent_rule_fires_once_across_all_passages() -> None:
    document = _document()
    locations = [_location(document, "2"), _location(document, "4")]
    [finding] = assess_clause(PLAYBOOK, CAP_ITEM, locations, [document])
    assert finding.finding_id == "no_cap@2"
    assert [e.id for e in finding.evidence] == ["2", "4"]
    assert finding.suggested_change is not None
    assert finding.suggested_change.after.endswith("Liability shall not exceed the fees.")
    capped = _document(CONTRACT.replace("for all losses", "for losses that shall not exceed 1"))
    assert assess_clause(PLAYBOOK, CAP_ITEM, [_location(capped, "2")], [capped]) == []


def test_document_scope_finds_the_term_where_it_is() -> None:
    document = _document()
    [finding] = assess_clause(PLAYBOOK, PAY_ITEM, [_location(document, "1")], [document])
    assert (finding.clause_id, finding.checklist_item_id) == ("4.1", "pay")
    assert finding.evidence[0].text == "The Customer shall pay within 90 days."
    assert assess_document_rules(PLAYBOOK, PAY_ITEM, [document]) == [finding]


def test_a_right_both_parties_have_is_not_one_sided() -> None:
    document = _document()
    location = [_location(document, "3")]
    assert assess_clause(PLAYBOOK, TFC_ITEM, location, [document]) == []
    one_side = _document(
        CONTRACT.replace(
            "3.2 The Supplier may terminate this Agreement at any time for convenience.\n", ""
        )
    )
    [finding] = assess_clause(PLAYBOOK, TFC_ITEM, [_location(one_side, "3")], [one_side])
    assert finding.clause_id == "3.1" and finding.risk_level is RiskLevel.HIGH


def test_a_right_denied_is_not_the_other_partys_right() -> None:
    denied = _document(
        CONTRACT.replace(
            "3.2 The Supplier may terminate this Agreement at any time for convenience.",
            "3.2 The Supplier may not terminate this Agreement at any time for convenience.",
        )
    )
    [finding] = assess_clause(PLAYBOOK, TFC_ITEM, [_location(denied, "3")], [denied])
    assert finding.clause_id == "3.1"


PENALTY_ITEM = ChecklistItem(clause_id="penalty", clause_name="Penalties")
PENALTY_RULE = PlaybookRule(
    rule_id="penalty_uncapped",
    clause_id="penalty",
    category="uncapped_penalty",
    description="A daily penalty has no maximum.",
    patterns=("每逾期一日",),
    unless_in_section=("总额不超过",),
    party_verbs=("逾期",),
    scope="document",
    burdens="other_party",
    risk_level=RiskLevel.HIGH,
)
PENALTIES = """\
买卖合同

甲方：北京甲木科技有限公司
乙方：上海乙林工程有限公司

第一条 违约责任
（一）甲方逾期交货的，每逾期一日，按货款的千分之一向乙方支付违约金，但违约金总额不超过货款的百分之五。
（二）乙方逾期付款的，每逾期一日，按未付金额的千分之五向甲方支付违约金。
"""


def test_a_cap_in_the_clause_caps_only_the_party_it_names() -> None:
    playbook = PLAYBOOK.model_copy(update={"rules": (PENALTY_RULE,)})
    document = parse_text(PENALTIES, name="sale.txt")
    [finding] = assess_document_rules(playbook, PENALTY_ITEM, [document])
    assert finding.clause_id == "第一条" and "乙方逾期付款" in finding.description
    both = PENALTIES + "双方的违约金总额不超过合同价款的百分之十。\n"
    document = parse_text(both, name="sale.txt")
    assert assess_document_rules(playbook, PENALTY_ITEM, [document]) == []


DELAY_RULE = PlaybookRule(
    rule_id="delay_uncapped",
    clause_id="penalty",
    category="uncapped_penalty",
    description="Delay damages accrue per day with no maximum.",
    patterns=(r"for\s+each\s+day",),
    unless_anywhere=(r"damages(?:[^.]){0,120}?capped\s+at",),
    party_verbs=(r"(?:shall|must)\s+pay",),
    scope="document",
    burdens="other_party",
    risk_level=RiskLevel.HIGH,
)
DELAY = """\
WORKS CONTRACT

This Contract is made between Alder Works Ltd (the "Contractor") and Birch Holdings plc (the "Employer").

8. Delay
8.7 For each day of delay the Contractor owes the Employer USD 9,000 as delay damages. {cap}
"""


def test_a_cap_in_a_part_naming_no_party_caps_every_party() -> None:
    """The cap sits before the semicolon, which names no party; what follows it (the
    Employer's remedy) does not make the cap the Employer's."""
    playbook = PLAYBOOK.model_copy(update={"rules": (DELAY_RULE,)})
    capped = "Delay damages are capped at 10% of the Contract Price; they are the Employer's only remedy for delay."
    document = parse_text(DELAY.format(cap=capped), name="works.txt")
    assert assess_document_rules(playbook, PENALTY_ITEM, [document]) == []
    document = parse_text(
        DELAY.format(cap="They are the Employer's only remedy."), name="works.txt"
    )
    [finding] = assess_document_rules(playbook, PENALTY_ITEM, [document])
    assert finding.clause_id == "8.7"


def test_party_ranks_the_findings() -> None:
    document = _document()
    location = [_location(document, "4")]
    supplier = resolve_party("Alder", [document])  # the Supplier, by its name
    assert supplier.side == "supplier"
    customer = resolve_party("customer", [document])
    [ours] = assess_clause(PLAYBOOK, PAY_ITEM, location, [document], party=supplier)
    assert ours.risk_level is RiskLevel.HIGH and "burdens your side" in ours.description
    [theirs] = assess_clause(PLAYBOOK, PAY_ITEM, location, [document], party=customer)
    assert theirs.risk_level is RiskLevel.LOW and "favours you" in theirs.description


def test_a_term_in_our_favour_gets_no_redline() -> None:
    """The rule's redline would shorten the payment period: proposed to the party it
    burdens, never to the party it favours."""
    document = _document()
    location = [_location(document, "4")]
    [pay] = [rule for rule in PLAYBOOK.rules if rule.rule_id == "long_payment"]
    redlined = pay.model_copy(update={"redline": Redline(kind="replace_value")})
    playbook = PLAYBOOK.model_copy(update={"rules": (redlined,)})
    supplier = resolve_party("Alder", [document])
    customer = resolve_party("customer", [document])
    [ours] = assess_clause(playbook, PAY_ITEM, location, [document], party=supplier)
    assert ours.suggested_change is not None and "60" in ours.suggested_change.after
    [theirs] = assess_clause(playbook, PAY_ITEM, location, [document], party=customer)
    assert theirs.suggested_change is None
    assert theirs.change_in_words == "No change proposed: the term favours you."
    [either] = assess_clause(PLAYBOOK, CAP_ITEM, location, [document], party=customer)
    assert either.risk_level is RiskLevel.HIGH  # burdens 'either': not ranked


def test_same_clause_number_in_two_documents_gets_distinct_ids() -> None:
    first, second = _document(), parse_text(CONTRACT, name="copy.txt", role="reference")
    locations = [_location(first, "1"), _location(second, "1")]
    findings = assess_clause(PLAYBOOK, ITEM, locations, [first, second])
    assert [f.finding_id for f in findings] == ["short_notice@1", "short_notice@1@copy.txt"]


def test_one_finding_per_category_and_clause() -> None:
    spec = domain_spec("sha_spa")
    document = parse_text(
        "SPA\n\n7. Indemnities\n7.1 The liability of the Seller shall not be limited in amount.\n",
        name="spa.txt",
    )
    item = spec.checklist_item("7")
    assert item is not None
    findings = assess_clause(spec.playbook, item, [_location(document, "7")], [document])
    ids = [rule_id_of(f) for f in findings]
    assert "sha_spa_indemnity_unlimited" in ids
    assert "sha_spa_indemnity_cap_absent" not in ids  # the explicit term says more


_SENTENCES = [case[5] for case in ONE_SIDED + BALANCED]


@st.composite
def _contracts(draw: st.DrawFn) -> Document:
    clauses = draw(st.lists(st.sampled_from(_SENTENCES), min_size=1, max_size=6))
    lines = ["CONTRACT", "", 'Made between A Ltd (the "Supplier") and B plc (the "Customer").', ""]
    for number, sentence in enumerate(clauses, start=1):
        lines += [f"{number}. Clause {number}", sentence, ""]
    return parse_text("\n".join(lines), name="generated.txt")


def _domains(*shipped: str) -> list[object]:
    """The throwaway domain, and each shipped domain (skipped when not installed)."""
    return [
        THROWAWAY_DOMAIN_ID,
        *(pytest.param(d, marks=pytest.mark.requires_domain(d)) for d in shipped),
    ]


@pytest.mark.parametrize("domain", _domains("fidic", "generic", "sha_spa"))
@settings(max_examples=25, deadline=None)
@given(document=_contracts())
def test_evidence_always_quotes_the_document_exactly(document: Document, domain: str) -> None:
    spec = domain_spec(domain)
    sections = list(document.sections())
    for index, item in enumerate(spec.checklist):
        location = ClauseLocation.of_section(document, sections[index % len(sections)])
        for finding in assess_clause(spec.playbook, item, [location], [document]):
            for evidence in finding.evidence:
                assert evidence.start is not None and evidence.end is not None
                assert document.source[evidence.start : evidence.end] == evidence.text
            if finding.suggested_change is not None:
                assert finding.suggested_change.before == finding.evidence[0].text


@pytest.mark.parametrize("domain", _domains("generic"))
@settings(max_examples=15, deadline=None)
@given(document=crst.documents("en") | crst.documents("zh"), data=st.data())
def test_any_span_of_any_document_is_quoted_exactly(
    document: Document, data: st.DataObject, domain: str
) -> None:
    spec = domain_spec(domain)
    start = data.draw(st.integers(0, len(document.source)))
    end = data.draw(st.integers(start, len(document.source)))
    location = ClauseLocation(
        document=document.name, role=document.role, clause_id="x", start=start, end=end
    )
    for item in spec.checklist:
        for finding in assess_clause(spec.playbook, item, [location], [document]):
            for evidence in finding.evidence:
                assert evidence.start is not None and evidence.end is not None
                assert document.source[evidence.start : evidence.end] == evidence.text
