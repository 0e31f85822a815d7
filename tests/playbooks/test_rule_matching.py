"""Where rules hit: numeric rules against generated numbers in English and Chinese
wording, the text in force, sentence guards, units and capture groups."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.playbooks import rule_matching
from contract_review.playbooks.period_wording import parse_number
from contract_review.playbooks.rule_matching import compare, find_hits, in_force
from contract_review.playbooks.rule_models import Comparison, PlaybookRule
from contract_review.text.number_words import english_number_words
from contract_review.text.sentences import sentence_spans

COMPARISONS: tuple[Comparison, ...] = ("lt", "le", "gt", "ge")


def _notice_rule(threshold: float, comparison: Comparison) -> PlaybookRule:
    return PlaybookRule(
        rule_id="notice",
        clause_id="20.1",
        description="Notice period",
        patterns=(r"\bnotice\b", "通知"),
        threshold=threshold,
        comparison=comparison,
        unit="day",
    )


def _wordings(n: int) -> list[str]:
    return [
        f"The Contractor shall give notice within {n} days after the event.",
        f"The Contractor shall give notice not later than {english_number_words(n)} ({n}) days after the event.",
        f"Within {english_number_words(n)} days after becoming aware, the Supplier shall give notice.",
        f"承包人应在知道索赔事件后{n}天内发出索赔通知。",
        f"承包人应在知道索赔事件后{int_to_chinese(n)}日内发出通知。",
        f"买方应于收到货物之日起{n}个日历日内书面通知卖方。",
    ]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=400),
    threshold=st.integers(min_value=1, max_value=120),
    comparison=st.sampled_from(COMPARISONS),
    wording=st.integers(min_value=0, max_value=5),
)
def test_numeric_rule_fires_iff_the_comparison_holds(
    n: int, threshold: int, comparison: Comparison, wording: int
) -> None:
    text = _wordings(n)[wording]
    hits = find_hits(_notice_rule(threshold, comparison), text)
    assert bool(hits) is compare(n, comparison, threshold), text
    for hit in hits:
        assert hit.value is not None and hit.value.value == n
        assert text[hit.value.start : hit.value.end] == hit.value.text


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Notice shall be given within two weeks.", 14),
        ("Notice shall be given within 10 working days.", 14),
        ("Notice shall be given within one (1) month.", 30),
        ("应在三个月内书面通知。", 90),
        ("应在10个工作日内书面通知。", 14),
        ("notice: 1.5 years", 540),
        ("Notice must reach the Agency within seventy-two hours after it is sent.", 3),
        ("于收到发票之月后的第四个自然月的最后一个工作日前通知。", 120),
        ("notice by the last day of the second calendar month following the invoice", 60),
    ],
)
def test_periods_are_converted_to_the_rule_unit(text: str, days: float) -> None:
    hits = find_hits(_notice_rule(10_000, "lt"), text)
    assert [round(hit.value.value, 6) for hit in hits if hit.value] == [days]


def test_the_number_nearest_the_match_in_its_sentence_is_read() -> None:
    text = (
        "The Employer shall pay within 90 days after receiving the Statement. "
        "Notice of a claim shall be given within 14 days. Retention is released after 12 months."
    )
    hits = find_hits(_notice_rule(28, "lt"), text)
    assert [(hit.matched, hit.value.value if hit.value else None) for hit in hits] == [
        ("Notice", 14)
    ]


def test_capture_groups_and_named_groups() -> None:
    unnamed = PlaybookRule(
        rule_id="net",
        clause_id="p",
        description="d",
        patterns=(r"net\s+(\d+)",),
        threshold=60,
        comparison="gt",
        unit="day",
    )
    assert [h.value.value for h in find_hits(unnamed, "Terms: net 90.") if h.value] == [90]
    named = PlaybookRule(
        rule_id="named",
        clause_id="p",
        description="d",
        patterns=(r"(?P<party>Buyer|Seller) pays in (?P<value>\w+) days",),
        threshold=60,
        comparison="gt",
    )
    [hit] = find_hits(named, "The Buyer pays in ninety days.")
    assert hit.party == "Buyer" and hit.value is not None and hit.value.value == 90


def test_boilerplate_that_states_no_term_is_not_read() -> None:
    """ "including, but not limited to" lists examples and "in full force and effect" says
    a contract is valid: neither caps, uncaps nor pays anything in full."""
    text = (
        "The Supplier shall indemnify the Customer against any and all losses, including, "
        "but not limited to, legal fees. This Agreement remains in full force and effect. "
        "Each party is liable in full, including without limitation for lost profits."
    )
    masked = in_force(text)
    assert len(masked) == len(text)
    assert "limited to" not in masked and "full force" not in masked
    assert "without limitation" not in masked and "liable in full" in masked
    rule = PlaybookRule(
        rule_id="cap",
        clause_id="9",
        description="d",
        patterns=(r"limited\s+to", r"in\s+full\b", r"without\s+limitation"),
    )
    [hit] = find_hits(rule, text)
    assert hit.matched == "in full"
    # an express absence of a limit is still read
    kept = "Its liability is without limitation as to amount."
    assert in_force(kept) == kept


def test_words_removed_by_an_amendment_are_not_read() -> None:
    text = 'In Sub-Clause 14.7, replace "fifty-six (56) days" with "ninety (90) days".'
    masked = in_force(text)
    assert len(masked) == len(text)
    assert "fifty-six" not in masked and "ninety (90) days" in masked
    chinese = "将“28天”修改为“14天”。"
    assert "28天" not in in_force(chinese) and "14天" in in_force(chinese)
    rule = PlaybookRule(
        rule_id="pay",
        clause_id="14.7",
        description="d",
        patterns=(r"\breplace\b",),
        threshold=56,
        comparison="gt",
        unit="day",
    )
    [hit] = find_hits(rule, text)
    assert hit.value is not None and hit.value.text == "ninety (90) days"


def test_guards_look_at_the_sentence_of_the_match() -> None:
    rule = PlaybookRule(
        rule_id="tfc",
        clause_id="t",
        description="d",
        patterns=(r"terminate\b.{0,40}convenience",),
        unless=(r"either\s+party",),
        requires=(r"\bmay\b",),
    )
    text = (
        "Either party may terminate for convenience on 90 days' notice. "
        "The Customer may terminate for convenience at any time. "
        "The Supplier shall terminate for convenience never."
    )
    hits = find_hits(rule, text)
    assert [text[h.sentence_start : h.sentence_end] for h in hits] == [
        "The Customer may terminate for convenience at any time."
    ]


def test_sentences_of_mixed_text() -> None:
    text = "第一句。第二句！The price is USD 1.5 million. Next one\nline two"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "第一句。",
        "第二句！",
        "The price is USD 1.5 million.",
        "Next one",
        "line two",
    ]


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("1,000", 1000),
        ("28.5", 28.5),
        ("twenty-eight", 28),
        ("二十八", 28),
        ("壹佰", 100),
        ("x", None),
    ],
)
def test_parse_number(raw: str, value: float | None) -> None:
    assert parse_number(raw) == value


@pytest.mark.parametrize(
    ("scope", "fires"), [("sentence", False), ("part", False), ("phrase", True)]
)
def test_phrase_scope_reads_unless_only_between_chinese_commas(scope: str, fires: bool) -> None:
    rule = PlaybookRule(
        rule_id="payment",
        clause_id="14.7",
        description="Long payment period",
        patterns=("支付",),
        unless=("质量保证金",),
        unless_scope=scope,  # type: ignore[arg-type]
        threshold=60,
        comparison="gt",
        unit="day",
    )
    text = (
        "结算款在审核完成后一百八十日内支付至结算价款的百分之九十七，余款百分之三作为质量保证金。"
    )
    assert bool(find_hits(rule, text)) is fires


@pytest.mark.parametrize(
    ("joint", "fires"),
    [
        ("even if it results from", True),
        ("including where it arises from", True),
        ("whether or not caused by", True),
        ("except for loss caused by", False),
        ("save to the extent caused by", False),
    ],
)
def test_a_concession_is_no_exception(joint: str, fires: bool) -> None:
    """'even if ... the Provider's negligence' makes the exclusion harsher; 'except for'
    the same words makes an exception to it."""
    rule = PlaybookRule(
        rule_id="exclusion",
        clause_id="17.6",
        description="One-sided exclusion",
        patterns=(r"shall\s+have\s+no\s+liability",),
        unless=(r"negligence\s+of\s+the\s+Provider",),
    )
    text = f"The Provider shall have no liability for any loss, {joint} the negligence of the Provider."
    assert bool(find_hits(rule, text)) is fires


def test_a_chinese_concession_ends_at_its_comma() -> None:
    rule = PlaybookRule(
        rule_id="bears_all",
        clause_id="17.6",
        description="One side bears all",
        patterns=("承担",),
        unless=(r"不对[^。，；]{0,30}?承担责任",),
    )
    text = (
        "无论基于违约或其他原因，甲方的责任总额均不超过加工费，且甲方不对乙方的间接损失承担责任。"
    )
    assert find_hits(rule, text) == []


@pytest.mark.parametrize(
    ("second", "fires"),
    [
        ("These amounts apply without any overall limit.", True),
        ("Such sums apply without any overall limit.", True),
        ("The index applies without any overall limit.", False),
    ],
)
def test_a_sentence_pointing_back_is_guarded_with_the_one_before(second: str, fires: bool) -> None:
    """'These amounts ...' is about what the sentence before it names, so ``requires``
    reads both; a sentence that does not point back is read alone."""
    rule = PlaybookRule(
        rule_id="penalty",
        clause_id="9.2",
        description="Penalty without limit",
        patterns=(r"without\s+any\s+overall\s+limit",),
        requires=(r"liquidated\s+damages",),
    )
    text = f"The Contractor shall pay liquidated damages of EUR 650 a day. {second}"
    assert bool(find_hits(rule, text)) is fires


@pytest.mark.parametrize(
    ("joint", "fires"),
    [
        ("without the need to show any default by the Owner", True),
        ("without any default by the Owner", True),
        ("if there is a default by the Owner", False),
        ("after a default by the Owner", False),
    ],
)
def test_an_exception_denied_by_without_is_no_exception(joint: str, fires: bool) -> None:
    """'without the need to show any default' is what the right does without; 'if there
    is a default' makes the right one for cause."""
    rule = PlaybookRule(
        rule_id="tfc",
        clause_id="2.2",
        description="Termination without cause",
        patterns=(r"may\s+end\s+this\s+Agreement",),
        unless=(r"\bdefault\b",),
    )
    text = f"The Manager may end this Agreement at any time, {joint}, on sixty days' notice."
    assert bool(find_hits(rule, text)) is fires


def _claim_period_rule() -> PlaybookRule:
    return PlaybookRule(
        rule_id="claims",
        clause_id="10",
        description="Claim period",
        patterns=(r"\bclaims?\b", "索赔"),
        unless=(r"\btax\b|\btitle\b", "税|权属"),
        threshold=12,
        comparison="lt",
        unit="month",
    )


@pytest.mark.parametrize(
    ("wording", "fires"),
    [
        # another case with its own period, in a parenthesis: not an exception to this one
        (
            "within nine months after Completion (or, for a claim under the Tax Covenant, seven years)",
            True,
        ),
        ("within nine months after Completion (or, in the case of a Title claim, six years)", True),
        # an exception to this period
        ("within nine months after Completion (other than a Tax claim)", False),
        # the thing named beside the warranties, or after "including", is covered too
        ("under the Warranties or the Tax Covenant within nine months after Completion", True),
        ("within nine months after Completion, including any Tax claim", True),
        ("within nine months after Completion, excluding any Tax claim", False),
    ],
)
def test_what_excuses_another_case_or_is_covered_is_no_exception(wording: str, fires: bool) -> None:
    text = f"The Buyer may bring a claim {wording}."
    assert bool(find_hits(_claim_period_rule(), text)) is fires


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("除违反权属保证外，受让方应自交割日起六个月内提出索赔。", False),
        ("受让方应于交割日起六个月内索赔，受让方不得以权属瑕疵为由延长该期限。", True),
    ],
)
def test_a_ground_refused_is_no_exception(text: str, fires: bool) -> None:
    assert bool(find_hits(_claim_period_rule(), text)) is fires


@pytest.mark.parametrize(
    ("pattern", "exception", "term", "excused"),
    [
        # an escrow not set up is no escrow
        (
            r"支付[^。]{0,20}?价款",
            "共管",
            "受让方应于签署后三日内支付全部价款，亦不设置共管账户。",
            "受让方应于签署后三日内支付全部价款至共管账户。",
        ),
        # the enquiry that knowledge leaves out is no enquiry
        (
            r"实际知悉",
            r"合理(?:调查|询问)",
            "“所知”仅指转让方实际知悉的事实，不包括其应当知悉或经合理询问即可知悉的事实。",
            "“所知”指转让方实际知悉或经合理询问即可知悉的事实。",
        ),
    ],
    ids=["escrow-not-set-up", "enquiry-left-out"],
)
def test_an_exception_denied_or_left_out_is_no_exception(
    pattern: str, exception: str, term: str, excused: str
) -> None:
    rule = PlaybookRule(
        rule_id="term",
        clause_id="2",
        description="A term",
        patterns=(pattern,),
        unless=(exception,),
    )
    assert find_hits(rule, term)
    assert not find_hits(rule, excused)


class _FixedTopics:
    """A stand-in classifier that reads every sentence the same way."""

    def __init__(self, probabilities: dict[str, float]) -> None:
        self._probabilities = probabilities

    def probabilities(self, sentences: list[str]) -> list[dict[str, float]]:
        return [self._probabilities for _ in sentences]


@pytest.mark.parametrize(
    ("probabilities", "fires"),
    [
        ({"tfc": 0.6, "none": 0.4}, True),
        ({"tfc": 0.39, "time_bar": 0.57, "none": 0.04}, True),
        ({"tfc": 0.35, "none": 0.65}, False),
        ({"tfc": 0.2, "time_bar": 0.8}, False),
        ({"tfc": 0.47, "none": 0.46, "time_bar": 0.07}, False),
    ],
)
def test_a_topic_read_first_or_a_close_second_counts(
    monkeypatch: pytest.MonkeyPatch, probabilities: dict[str, float], fires: bool
) -> None:
    """A rule with a topic fires where the classifier gives its topic at least
    ``topic_min``, or at least TOPIC_RUNNER_UP and TOPIC_MARGIN more than 'none'."""
    monkeypatch.setattr(rule_matching, "term_topics", lambda: _FixedTopics(probabilities))
    rule = PlaybookRule(
        rule_id="tfc",
        clause_id="2",
        description="Termination without cause",
        patterns=(r"withdraw\s+the\s+Booking",),
        topic=("tfc",),
    )
    text = "The Venue may withdraw the Booking for any reason or for none."
    assert bool(find_hits(rule, text)) is fires


@pytest.mark.requires_domain("generic")
def test_a_definition_excuses_no_one() -> None:
    """ "'Net Sales' shall mean gross sales less returns, not to exceed 5%" defines a word;
    it is no limitation of one party's liability (the rule read by meaning skips it)."""
    from contract_review.playbooks.playbook_loading import load_playbook_resource

    playbook = load_playbook_resource("contract_review_generic")
    rule = next(r for r in playbook.rules if r.rule_id == "generic_one_side_excused_by_meaning")
    rule = rule.model_copy(update={"topic": ()})  # the wording alone
    definition = (
        'For purposes of this Agreement, "Net Sales" shall mean gross sales less any and all '
        "returns and claims, which shall not exceed five percent of gross sales."
    )
    assert find_hits(rule, definition) == []
    without_it = rule.model_copy(update={"unless": rule.unless[1:]})
    assert find_hits(without_it, definition)


def _generic_rule(rule_id: str) -> PlaybookRule:
    from contract_review.playbooks.playbook_loading import load_playbook_resource

    playbook = load_playbook_resource("contract_review_generic")
    rule = next(r for r in playbook.rules if r.rule_id == rule_id)
    return rule.model_copy(update={"topic": ()})  # the wording alone


@pytest.mark.requires_domain("generic")
@pytest.mark.parametrize(
    ("rule_id", "text", "fires"),
    [
        # an indemnity, a cap and a covenant performed "in full" leave nothing unlimited
        (
            "generic_liability_unlimited_by_meaning",
            "The Agent shall indemnify and hold the Principal harmless from any losses, costs "
            "and expenses (including legal fees) without limitation arising from the Agent's "
            "breach.",
            False,
        ),
        (
            "generic_liability_unlimited_by_meaning",
            "The Vendor's sole liability for any claim under this Agreement, in contract, tort or "
            "otherwise, shall be limited to the fees paid in the six months before the claim.",
            False,
        ),
        (
            "generic_liability_unlimited_by_meaning",
            "The Borrower shall perform in full every covenant of this Agreement; its liability "
            "for any late payment is stated in clause 9.",
            False,
        ),
        (
            "generic_liability_unlimited_by_meaning",
            "The Agent shall be liable in full for every loss arising from its breach.",
            True,
        ),
        (
            "generic_liability_unlimited_by_meaning",
            "The Agent's liability under this indemnity is unlimited.",
            True,
        ),
        # an indemnity limits nothing; a limit on a charge is no limit of liability
        (
            "generic_one_side_excused_by_meaning",
            "The Licensee shall indemnify the Licensor against any and all claims, losses and "
            "damages in any way arising from the Licensee's use of the Software.",
            False,
        ),
        (
            "generic_one_side_excused_by_meaning",
            "The Operator may order extra work without notice provided that the extra charge in "
            "any event does not exceed the amount in Schedule 2.",
            False,
        ),
        (
            "generic_one_side_excused_by_meaning",
            "The Licensor shall not be liable for any loss of profit or any indirect damages.",
            True,
        ),
        # a right that arises on a failure is not a right to end the contract without cause
        (
            "generic_tfc_one_side_by_meaning",
            "If the opening date has not occurred by 1 June, the Sponsor may at its sole "
            "discretion terminate this Agreement.",
            False,
        ),
        (
            "generic_tfc_one_side_by_meaning",
            "If for any reason the Franchisee fails to open the outlet within six months, the "
            "Franchisor may terminate this Agreement at any time.",
            False,
        ),
        (
            "generic_tfc_one_side_by_meaning",
            "The Client may terminate this Agreement at any time at its sole discretion, whether "
            "or not the Consultant has failed to perform.",
            True,
        ),
        # what follows a termination is not a right to terminate without cause
        (
            "generic_termination_for_convenience_one_side",
            "Termination of this Agreement for any reason whatsoever shall not relieve the "
            "Distributor of its duty to pay sums already due.",
            False,
        ),
        (
            "generic_termination_for_convenience_one_side",
            "If the Hosting Services are terminated for any reason, at the Provider's sole "
            "option, the Client may renew them by paying the current fee.",
            False,
        ),
        (
            "generic_termination_for_convenience_one_side",
            "If the parties are unable to agree a new price within 30 days, the Carrier may in "
            "its sole discretion terminate this Agreement.",
            False,
        ),
        (
            "generic_termination_for_convenience_one_side",
            "The Customer may terminate this Agreement at any time for convenience on 30 days' "
            "written notice.",
            True,
        ),
        (
            "generic_termination_for_convenience_present",
            "Should this Agreement be terminated by either party for any reason, clauses 8 and 9 "
            "will continue to apply.",
            False,
        ),
        (
            "generic_termination_for_convenience_present",
            "Either party may terminate this Agreement for convenience on 60 days' notice.",
            True,
        ),
        # a non-exclusive grant, or a use confined to a purpose, is no exclusivity
        (
            "generic_exclusivity_present",
            "12. NON-EXCLUSIVE NATURE OF AGREEMENT. Nothing here prevents either party from "
            "dealing with others.",
            False,
        ),
        (
            "generic_exclusivity_present",
            "The Licensee may use the Material exclusively on behalf of its own business.",
            False,
        ),
        (
            "generic_exclusivity_present",
            "The Supplier appoints the Distributor as its exclusive distributor in France.",
            True,
        ),
        # an exclusivity denied, or a lead in enforcing rights, is no exclusivity; a
        # promise not to appoint another exclusive distributor is
        (
            "generic_exclusivity_present",
            "The Franchisee has no right to any exclusive territory.",
            False,
        ),
        ("generic_exclusivity_present", "The appointment is not exclusive.", False),
        (
            "generic_exclusivity_present",
            "The Principal grants the Distributor non- exclusive rights to sell the Products.",
            False,
        ),
        (
            "generic_exclusivity_present",
            "The Licensor shall have the exclusive right, but not the obligation, to "
            "prosecute and settle any infringement action.",
            False,
        ),
        (
            "generic_exclusivity_present",
            "The Supplier shall not appoint any other exclusive distributor in France.",
            True,
        ),
        (
            "generic_exclusivity_present",
            "The Customer shall purchase its requirements exclusively from the Supplier.",
            True,
        ),
    ],
)
def test_generic_rules_read_what_the_words_do(rule_id: str, text: str, fires: bool) -> None:
    assert bool(find_hits(_generic_rule(rule_id), text)) is fires


def test_a_sentence_full_of_other_case_parentheses_is_read_whole() -> None:
    """Past MAX_OTHER_CASES "(or, for …)" parentheses a sentence's unless is read whole,
    once, not once per match and parenthesis."""
    text = "A claim within nine months (or, for a Tax claim, seven years) " * 200 + "."
    hits = find_hits(_claim_period_rule(), text)
    assert hits == []  # read whole: the Tax exception excuses the sentence


@pytest.mark.parametrize(
    ("text", "scope", "fires"),
    [
        # the floor the proviso takes away does not excuse the proviso
        (
            "They may require the others to sell at a price not less than the Issue Price; "
            "provided that after the third anniversary no minimum price shall apply.",
            "proviso",
            True,
        ),
        (
            "They may require the others to sell at a price not less than the Issue Price; "
            "provided that after the third anniversary no minimum price shall apply.",
            "sentence",
            False,
        ),
        # a match before the proviso reads the whole sentence, the proviso's floor too
        (
            "They may require the others to sell with no minimum price, provided that the "
            "price is not less than the fair market value.",
            "proviso",
            False,
        ),
        ("领售价格不低于投资价格，但三年后领售不设最低价格。", "proviso", True),
    ],
)
def test_proviso_scope_reads_a_match_inside_a_proviso_from_the_proviso_on(
    text: str, scope: str, fires: bool
) -> None:
    rule = PlaybookRule(
        rule_id="drag_any_price",
        clause_id="10",
        description="Drag-along at any price",
        patterns=(r"\bno\s+minimum\s+price\b", "不设最低价格"),
        unless=(r"\bnot\s+less\s+than\b", "不低于"),
        unless_scope=scope,  # type: ignore[arg-type]
    )
    assert bool(find_hits(rule, text)) is fires
