"""The price a contract states, and limits judged as a share of it (``price_percent``):
an amount is divided by the price in the same currency, a percentage is read as it is,
and the redline writes the limit as a share of the price under the contract's own name
for it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.domain import ChecklistItem, RiskLevel
from contract_review.playbooks.clause_assessment import assess_document_rules
from contract_review.playbooks.deal_price import deal_price
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_models import PlaybookRule, Redline, limit_words


@pytest.mark.parametrize(
    ("text", "amount", "currency", "term"),
    [
        (
            "2.2 The Purchase Price is GBP 48,500,000, payable at Completion.",
            48_500_000,
            "GBP",
            "Purchase Price",
        ),
        (
            "The aggregate Subscription Price of USD 18,700,000 shall be paid",
            18_700_000,
            "USD",
            "aggregate Subscription Price",
        ),
        ("本次股权转让价款为人民币1.2亿元。", 120_000_000, "CNY", "股权转让价款"),
        (
            "3.1 The consideration for the Sale Shares is S$186,000,000 (the Consideration).",
            186_000_000,
            "SGD",
            "consideration",
        ),
        (
            "3.1 The consideration for the sale of the Business shall be £14,200,000, together "
            "with the value of the Stock.",
            14_200_000,
            "GBP",
            "consideration",
        ),
        ("投资方应支付的增资款合计人民币8,000万元", 80_000_000, "CNY", "增资款"),
        (
            '"Deferred Consideration" means the sum of S$6,000,000.\n3.1 The consideration for '
            'the Shares is S$48,600,000 (the "Consideration").',
            48_600_000,
            "SGD",
            "consideration",
        ),
    ],
)
def test_the_price_is_read_where_the_contract_states_it(
    text: str, amount: float, currency: str, term: str
) -> None:
    price = deal_price(text)
    assert price is not None
    assert (price.amount, price.currency, price.term) == (amount, currency, term)


@pytest.mark.parametrize(
    "text",
    [
        "The Purchase Price shall be adjusted by the Leakage Amount.",
        "Of the Purchase Price, a deposit of GBP 1,000,000 is paid on signing.",
        "In consideration of GBP 10 the parties agree as follows.",
        "No price is stated here.",
        '"Deferred Consideration" means the sum of S$6,000,000.',
        "The Initial Consideration is USD 4,000,000, payable at Closing.",
        "首期转让价款为人民币1,000万元。",
    ],
)
def test_a_mention_or_a_part_of_the_price_is_not_the_price(text: str) -> None:
    assert deal_price(text) is None


@given(st.text(max_size=300))
def test_any_text_gives_a_positive_price_or_none(text: str) -> None:
    price = deal_price(text)
    assert price is None or price.amount > 0


CAP_RULE = PlaybookRule(
    rule_id="cap_low",
    clause_id="limits",
    description="The cap is under 10% of the price.",
    patterns=(r"liability\b[^.]{0,80}?shall\s+not\s+exceed",),
    scope="document",
    threshold=10,
    comparison="lt",
    unit="price_percent",
    risk_level=RiskLevel.HIGH,
    redline=Redline(kind="replace_value", value=30),
)
PLAYBOOK = Playbook(
    playbook_id="test", domain_id="test", version="1.0.0", title="t", rules=(CAP_RULE,)
)
ITEM = ChecklistItem(clause_id="limits", clause_name="Limitations")
SPA = "SPA\n\n2. Price\n2.1 The Purchase Price is GBP 48,500,000.\n\n9. Limits\n9.3 The aggregate liability of the Seller shall not exceed {cap}.\n"


def _findings(cap: str, text: str = SPA) -> list[str]:
    document = parse_text(text.format(cap=cap), name="spa.txt")
    return [f.clause_id for f in assess_document_rules(PLAYBOOK, ITEM, [document])]


def test_an_amount_is_judged_as_its_share_of_the_price() -> None:
    assert _findings("GBP 250,000") == ["9.3"]  # 0.5% of the price
    assert _findings("GBP 20,000,000") == []  # 41%
    assert _findings("5% of the Purchase Price") == ["9.3"]
    assert _findings("50% of the Purchase Price") == []


def test_an_amount_without_a_price_in_its_currency_is_not_read() -> None:
    assert _findings("USD 250,000") == []
    no_price = SPA.replace("The Purchase Price is GBP 48,500,000.", "The price is agreed.")
    assert _findings("GBP 250,000", no_price) == []


def test_the_redline_writes_the_limit_as_a_share_of_the_price() -> None:
    document = parse_text(SPA.format(cap="GBP 250,000"), name="spa.txt")
    [finding] = assess_document_rules(PLAYBOOK, ITEM, [document])
    assert finding.suggested_change is not None
    assert "shall not exceed 30% of the Purchase Price" in finding.suggested_change.after
    assert "0.52% of the price" in finding.description
    assert limit_words("lt", 10, "price_percent") == "at least 10% of the price"


AT_PRICE = CAP_RULE.model_copy(
    update={"rule_id": "cap_at_price", "threshold": 100, "comparison": "ge"}
)


@pytest.mark.parametrize(
    ("cap", "after"),
    [
        ("an amount equal to the Consideration", "shall not exceed 30% of the Consideration."),
        ("the Purchase Price", "shall not exceed 30% of the Purchase Price."),
        ("the aggregate Consideration actually received", "30% of the Consideration actually"),
    ],
)
def test_a_limit_written_as_the_whole_price_is_read_as_100_percent(cap: str, after: str) -> None:
    playbook = PLAYBOOK.model_copy(update={"rules": (AT_PRICE,)})
    document = parse_text(SPA.format(cap=cap), name="spa.txt")
    [finding] = assess_document_rules(playbook, ITEM, [document])
    assert finding.clause_id == "9.3"
    assert finding.suggested_change is not None
    assert after in finding.suggested_change.after


def test_a_part_of_the_price_is_not_the_whole_price() -> None:
    playbook = PLAYBOOK.model_copy(update={"rules": (AT_PRICE,)})
    for cap in ("the portion of the Consideration received by that Seller", "GBP 250,000"):
        document = parse_text(SPA.format(cap=cap), name="spa.txt")
        assert assess_document_rules(playbook, ITEM, [document]) == []


def test_a_multiple_in_words_is_read_and_rewritten_in_words() -> None:
    from contract_review.playbooks.period_wording import parse_number
    from contract_review.playbooks.redlines import written_value
    from contract_review.playbooks.value_reading import ValueReading

    assert parse_number("twice") == 2.0
    assert parse_number("Thrice") == 3.0
    reading = ValueReading(value=2.0, text="twice", start=0, end=5)
    assert written_value(reading, None, 1) == "once"
    assert written_value(reading, None, 4) == "4 times"
