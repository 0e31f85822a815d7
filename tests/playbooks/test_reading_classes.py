"""The general readers behind the playbooks: guards per part of a sentence, periods
counted to a later month's end and other time-limit wordings, parties named with asides
or under a BETWEEN heading, and whom a sentence is about when several parties appear."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.playbooks.contract_parties import find_parties
from contract_review.playbooks.party_sides import PartyWords, resolve_party
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import PlaybookRule
from contract_review.text.number_words import english_number_words

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _right_rule(scope: str) -> PlaybookRule:
    return PlaybookRule.model_validate(
        {
            "rule_id": "right",
            "clause_id": "c",
            "description": "d",
            "patterns": [r"may\s+terminate", "可以解除"],
            "unless": [r"\bnot\b", "不得"],
            "unless_scope": scope,
        }
    )


def _days_rule(threshold: float = 60) -> PlaybookRule:
    return PlaybookRule(
        rule_id="pay",
        clause_id="c",
        description="d",
        patterns=(r"\bpa(?:y|id|yable|yment)\b", "支付|付款"),
        threshold=threshold,
        comparison="gt",
        unit="day",
        deadline=True,
    )


@pytest.mark.parametrize(
    ("text", "sentence_hits", "part_hits"),
    [
        ("The Buyer may terminate at once; the Seller may not terminate at all.", 0, 1),
        ("甲方可以解除本合同；乙方不得解除本合同。", 0, 1),
        ("The Buyer may terminate at once, but not before delivery.", 0, 0),
        ("甲方不得在交货前以任何方式可以解除本合同。", 0, 0),
    ],
)
def test_unless_reads_the_sentence_or_only_the_part_of_the_match(
    text: str, sentence_hits: int, part_hits: int
) -> None:
    assert len(find_hits(_right_rule("sentence"), text)) == sentence_hits
    assert len(find_hits(_right_rule("part"), text)) == part_hits


_PARTS = st.sampled_from(
    [
        "the Buyer may terminate",
        "the Seller may not terminate",
        "甲方可以解除本合同",
        "乙方不得解除",
        "delivery is due in May",
    ]
)


@settings(max_examples=80, deadline=None)
@given(parts=st.lists(_PARTS, min_size=1, max_size=5), mark=st.sampled_from(["; ", "；"]))
def test_a_part_scope_guard_never_fires_less_than_a_sentence_guard(
    parts: list[str], mark: str
) -> None:
    text = mark.join(parts) + "."
    by_sentence = {hit.start for hit in find_hits(_right_rule("sentence"), text)}
    by_part = {hit.start for hit in find_hits(_right_rule("part"), text)}
    assert by_sentence <= by_part


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=1, max_value=6), digits=st.booleans())
def test_a_period_to_the_end_of_a_later_month_counts_its_months(n: int, digits: bool) -> None:
    ordinal = f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
    word = ordinal if digits else ORDINALS[n - 1]
    text = f"Each invoice is payable on the last day of the {word} month following its receipt."
    hits = find_hits(_days_rule(threshold=0), text)
    assert [hit.value.value for hit in hits if hit.value] == [n * 30]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Payment shall be made ninety (90) days end of month following receipt of invoice.", 90),
        ("Payment terms: 75 days.", 75),
        ("甲方在收到发票后的第四个月末支付货款。", 120),
        ("付款期限为收到发票之日起六个月。", 180),
        ("货到验收合格后90天付款。", 90),
        ("甲方应在收到发票后半年内付款。", 180),
        ("The Customer shall pay within five fortnights of receipt.", 70),
    ],
)
def test_time_limits_written_in_other_ways_are_read(text: str, days: int) -> None:
    [hit] = find_hits(_days_rule(), text)
    assert hit.value is not None and hit.value.value == days


@pytest.mark.parametrize(
    "text",
    [
        "The Customer shall pay monthly; the initial term of this Agreement is 24 months.",
        "The fee is payable in the first twelve months of the term.",
        "质保金在竣工验收合格后按年度支付，质保期为二十四个月。",
    ],
)
def test_a_duration_is_not_a_payment_deadline(text: str) -> None:
    assert find_hits(_days_rule(), text) == []


def test_parties_named_with_asides_and_under_a_between_heading() -> None:
    document = parse_text(
        "SUPPLY AGREEMENT\n\nTHIS AGREEMENT is made on 3 March 2025\n\nBETWEEN\n"
        "OAKRIDGE FOODS LIMITED (company number 01234567), whose registered office is at 1 "
        'Mill Lane, Leeds (LS1) (the "Company"); and\n'
        "Pinecrest Packaging Pty Ltd (ACN 998 877 665) of 4 Dock Road, Perth "
        '(the "Manufacturer"), each commencing on the date below (the "Effective Date").\n\n'
        "1. Supply\nText.\n",
        name="supply.txt",
    )
    assert [(p.name, p.labels) for p in find_parties(document)] == [
        ("OAKRIDGE FOODS LIMITED", ("Company",)),
        ("Pinecrest Packaging Pty Ltd", ("Manufacturer",)),
    ]
    # the Company is no side core knows; facing the Manufacturer (a supplier) it is the customer
    assert resolve_party("customer", [document]).name == "OAKRIDGE FOODS LIMITED"
    assert resolve_party("supplier", [document]).name == "Pinecrest Packaging Pty Ltd"


LEASE = parse_text(
    'LEASE\n\nThis Lease is made between Alder Ltd (the "Lessor") and Birch plc (the '
    '"Customer").\n\n1. Terms\nText.\n',
    name="lease.txt",
)
ZH_LEASE = parse_text(
    "租赁合同\n\n甲方：北京甲木科技有限公司\n乙方：上海乙林工程有限公司\n\n第一条 总则\n正文。\n",
    name="zh.txt",
)
_PAYER = (
    r"(?:shall|must|will)\s+(?:\w+\s+){0,2}?pay|fails?\s+to",
    r"(?:应|须)[^。，；]{0,12}?支付|未(?:能|按)",
)
_DECIDER = (r"[''’]s\s+(?:\w+\s+){0,2}?(?:Officer|Director|Manager)|,?\s*who\s+shall\s+determine",)


@pytest.mark.parametrize(
    ("document", "text", "verbs", "subject"),
    [
        (
            LEASE,
            "Until the goods are accepted by the Lessor, the Customer shall pay a fee, "
            "without limit.",
            _PAYER,
            "Customer",
        ),
        (
            ZH_LEASE,
            "乙方未能按期交付的，每逾期一日，应向甲方支付违约金。违约金按日累计，不影响甲方要求乙方继续履行，without limit。",
            _PAYER,
            "乙方",
        ),
        (
            LEASE,
            "The question goes to the Customer's Chief Officer, who shall determine it after "
            "hearing the Lessor's account manager. That answer is final, without limit.",
            _DECIDER,
            "Customer",
        ),
    ],
)
def test_the_party_a_term_is_about(
    document: Document, text: str, verbs: tuple[str, ...], subject: str
) -> None:
    rule = PlaybookRule(rule_id="r", clause_id="c", description="d", patterns=(r"without\s+limit",))
    words = PartyWords([document])
    [hit] = find_hits(rule, text)
    assert words.subject(text, hit, verbs) == subject


@pytest.mark.parametrize("n", [2, 3, 5])
def test_number_words_and_digits_read_alike_to_a_month_end(n: int) -> None:
    text = f"Payment is due {english_number_words(n * 30)} days end of month."
    [hit] = find_hits(_days_rule(threshold=30), text)
    assert hit.value is not None and hit.value.value == n * 30
