"""Playbook rules for the generic domain: patterns and thresholds that drive a review
when no LLM is configured."""

from __future__ import annotations

from contract_review.domain import PlaybookRule, RiskLevel

PLAYBOOK_RULES: tuple[PlaybookRule, ...] = (
    PlaybookRule(
        rule_id="generic_liability_cap_absent",
        clause_id="cap_on_liability",
        description="No cap on liability is stated.",
        patterns=(
            r"shall\s+not\s+exceed",
            r"limited\s+to",
            r"aggregate\s+liability",
            r"total\s+liability",
            r"\bcap\b",
            r"不(?:应|得)?超过",
            r"上限",
        ),
        when="absent",
        risk_level=RiskLevel.HIGH,
        rationale="Without a cap each party's exposure under the contract is unlimited.",
        suggested_redline=(
            "Cap each party's total liability at the fees paid or payable in the twelve months "
            "before the claim."
        ),
    ),
    PlaybookRule(
        rule_id="generic_uncapped_liability_present",
        clause_id="uncapped_liability",
        description="The contract makes some liability unlimited.",
        patterns=(
            r"unlimited\s+liability",
            r"without\s+limit(?:ation)?",
            r"shall\s+not\s+(?:apply|be\s+limited)",
            r"no\s+limitation",
            r"无限(?:连带)?责任",
            r"不受\S{0,10}限制",
        ),
        risk_level=RiskLevel.HIGH,
        rationale=(
            "Liabilities outside the cap can exceed the value of the contract; each carve-out "
            "should be justified and, where possible, separately capped."
        ),
        suggested_redline="Limit the carve-outs from the cap to fraud, wilful misconduct and personal injury.",
    ),
    PlaybookRule(
        rule_id="generic_governing_law_absent",
        clause_id="governing_law",
        description="No governing law is chosen.",
        patterns=(
            r"governed\s+by",
            r"governing\s+law",
            r"laws\s+of",
            r"construed\s+in\s+accordance",
            r"适用\S{0,10}法律",
            r"管辖法律",
        ),
        when="absent",
        risk_level=RiskLevel.MEDIUM,
        rationale="Without a chosen law, which law applies is itself open to dispute.",
        suggested_redline="Add: this contract is governed by the laws of [jurisdiction].",
    ),
    PlaybookRule(
        rule_id="generic_renewal_notice_over_90_days",
        clause_id="notice_period_to_terminate_renewal",
        description="Stopping an automatic renewal needs more than 90 days' notice.",
        patterns=(
            r"(?:at\s+least|not\s+less\s+than|no\s+less\s+than|minimum\s+of)\s+(\d+)\s+days",
            r"(\d+)\s+days['’]?\s+(?:prior\s+)?(?:written\s+)?notice",
            r"(?:期满|届满|到期)(?:之日)?前\s*(\d+)\s*(?:天|日)",
        ),
        threshold=90,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="A long non-renewal window is easy to miss and locks the party in for another term.",
        suggested_redline="Allow non-renewal notice up to 60 days before the end of the term.",
    ),
    PlaybookRule(
        rule_id="generic_termination_for_convenience_present",
        clause_id="termination_for_convenience",
        description="A party may terminate without cause.",
        patterns=(
            r"for\s+convenience",
            r"without\s+cause",
            r"for\s+any\s+reason\s+or\s+no\s+reason",
            r"for\s+any\s+reason",
            r"任意解除",
            r"无需(?:任何)?理由",
        ),
        risk_level=RiskLevel.MEDIUM,
        rationale=(
            "A right to walk away without cause undermines the other party's investment; check "
            "the notice period and the compensation on termination."
        ),
        suggested_redline="Make the right mutual, with at least 90 days' notice and payment for work done.",
    ),
    PlaybookRule(
        rule_id="generic_non_compete_over_two_years",
        clause_id="non_compete",
        description="The non-compete lasts more than two years.",
        patterns=(
            r"period\s+of\s+(\d+)\s+years",
            r"(\d+)\s+years\s+(?:after|following|from)",
            r"(\d+)\s*年(?:内|之内|以内)",
        ),
        threshold=2,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="Long restrictions are hard to justify and may be unenforceable.",
        suggested_redline="Limit the restriction to the term plus twelve months.",
    ),
    PlaybookRule(
        rule_id="generic_exclusivity_present",
        clause_id="exclusivity",
        description="The contract grants or requires exclusivity.",
        patterns=(r"\bexclusiv", r"sole\s+and\s+exclusive", r"独家", r"排他", r"独占"),
        risk_level=RiskLevel.MEDIUM,
        rationale="Exclusivity restricts whom the party may deal with; its scope and exit must be clear.",
        suggested_redline="Tie exclusivity to named products and territories and to minimum performance.",
    ),
    PlaybookRule(
        rule_id="generic_payment_period_over_60_days",
        clause_id="payment_terms",
        description="Invoices are payable more than 60 days after receipt.",
        patterns=(
            r"within\s+(\d+)\s+days",
            r"net\s+(\d+)",
            r"(\d+)\s*(?:个)?(?:工作)?(?:天|日)(?:之)?内",
        ),
        threshold=60,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="Long payment periods finance the customer at the supplier's cost.",
        suggested_redline="Payment within 30 days of receipt of a valid invoice.",
    ),
    PlaybookRule(
        rule_id="generic_liquidated_damages_over_20_percent",
        clause_id="liquidated_damages",
        description="Liquidated damages may exceed 20% of the contract price.",
        patterns=(
            r"liquidated\s+damages[^.]{0,160}?(\d+(?:\.\d+)?)\s*%",
            r"违约金[^。]{0,80}?(\d+(?:\.\d+)?)\s*%",
        ),
        threshold=20,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="High agreed damages risk being a penalty and exceed the likely loss.",
        suggested_redline="Cap liquidated damages at 10% of the contract price.",
    ),
    PlaybookRule(
        rule_id="generic_dispute_forum_absent",
        clause_id="dispute_resolution",
        description="The contract names no forum for disputes.",
        patterns=(r"arbitrat", r"\bcourts?\b", r"jurisdiction", r"仲裁", r"法院", r"管辖"),
        when="absent",
        risk_level=RiskLevel.MEDIUM,
        rationale="Without a chosen forum, disputes may be brought in several places at once.",
        suggested_redline="Add an arbitration clause (institution, seat, language) or exclusive courts.",
    ),
    PlaybookRule(
        rule_id="generic_assignment_without_consent",
        clause_id="anti_assignment",
        description="The contract may be assigned without the other party's consent.",
        patterns=(
            r"without\s+the\s+(?:prior\s+)?(?:written\s+)?consent",
            r"may\s+not\s+(?:be\s+)?assign",
            r"shall\s+not\s+(?:be\s+)?assign",
            r"未经\S{0,10}同意",
            r"不得转让",
        ),
        when="absent",
        risk_level=RiskLevel.LOW,
        rationale="Free assignment lets the counterparty be replaced by someone we did not choose.",
        suggested_redline="Require prior written consent for assignment, save to affiliates and successors.",
    ),
)
