"""Playbook rules for the FIDIC domain: patterns and thresholds that drive a review
when no LLM is configured. Written from the Contractor's side of the table."""

from __future__ import annotations

from contract_review.domain import PlaybookRule, RiskLevel

PLAYBOOK_RULES: tuple[PlaybookRule, ...] = (
    PlaybookRule(
        rule_id="fidic_claim_notice_shorter_than_28_days",
        clause_id="20.1",
        description="The claim notice period is shorter than the FIDIC-standard 28 days.",
        patterns=(
            r"(?:within|not\s+later\s+than|no\s+later\s+than)\s+(\d+)\s+(?:calendar\s+)?days",
            r"(\d+)\s*(?:个)?(?:日历)?(?:天|日)(?:之)?内",
        ),
        threshold=28,
        comparison="lt",
        risk_level=RiskLevel.HIGH,
        rationale=(
            "A claim notice missed by even a day can forfeit the Contractor's entitlement to "
            "time and money; a period under 28 days leaves too little time to recognise the "
            "event and prepare a notice."
        ),
        suggested_redline=(
            "Restore the notice period to not later than 28 days after the Contractor became "
            "aware, or should have become aware, of the event or circumstance."
        ),
    ),
    PlaybookRule(
        rule_id="fidic_liability_cap_absent",
        clause_id="17.6",
        description="No cap on the Contractor's total liability is stated.",
        patterns=(
            r"total\s+liability",
            r"shall\s+not\s+exceed",
            r"limit(?:ation)?\s+of\s+liability",
            r"责任(?:总额|上限|限额)",
            r"不(?:应|得)?超过",
        ),
        when="absent",
        risk_level=RiskLevel.HIGH,
        rationale=(
            "Without a cap the Contractor's exposure is unlimited, which is uninsurable and "
            "out of proportion to the Contract Price."
        ),
        suggested_redline=(
            "Add: the total liability of the Contractor to the Employer under or in connection "
            "with the Contract shall not exceed the Contract Price, save for fraud, deliberate "
            "default or reckless misconduct."
        ),
    ),
    PlaybookRule(
        rule_id="fidic_advance_payment_without_guarantee",
        clause_id="14.2",
        description="The advance payment clause does not mention an advance payment guarantee.",
        patterns=(
            r"advance\s+payment\s+(?:guarantee|security|bond)",
            r"预付款(?:保函|担保|银行保函)",
        ),
        when="absent",
        risk_level=RiskLevel.HIGH,
        rationale=(
            "The standard mechanism ties the advance to a guarantee that reduces as the "
            "advance is repaid; if it is missing, the conditions for release and reduction "
            "of security are unclear for both parties."
        ),
        suggested_redline=(
            "State that the advance is paid after the Contractor submits an advance payment "
            "guarantee in the amount of the advance, reducing as the advance is repaid."
        ),
    ),
    PlaybookRule(
        rule_id="fidic_interim_payment_period_long",
        clause_id="14.7",
        description="The Employer's period to pay an interim payment exceeds 56 days.",
        patterns=(
            r"within\s+(\d+)\s+(?:calendar\s+)?days",
            r"(\d+)\s*(?:个)?(?:日历)?(?:天|日)(?:之)?内",
        ),
        threshold=56,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="Longer payment periods than the form's 56 days strain the Contractor's cash flow.",
        suggested_redline="Reduce the payment period to 56 days after receipt of the Statement.",
    ),
    PlaybookRule(
        rule_id="fidic_unforeseeable_risk_on_contractor",
        clause_id="4.12",
        description="The Contractor takes the whole risk of unforeseeable conditions.",
        patterns=(
            r"total\s+responsibility\s+for\s+having\s+foreseen",
            r"(?:no|not\s+be\s+entitled\s+to\s+any)\s+(?:extension\s+of\s+time|additional\s+payment)",
            r"(?:sole|entire)\s+risk",
            r"(?:风险|费用)由承包商(?:自行)?承担",
            r"承包商(?:应)?(?:自行)?承担(?:全部|所有)(?:风险|责任)",
        ),
        risk_level=RiskLevel.HIGH,
        rationale=(
            "Shifting unforeseeable ground risk entirely to the Contractor removes its "
            "entitlement to time and Cost and prices an unknowable risk into the lump sum."
        ),
        suggested_redline=(
            "Keep the Contractor's entitlement to an extension of time and Cost for physical "
            "conditions an experienced contractor could not reasonably have foreseen."
        ),
    ),
    PlaybookRule(
        rule_id="fidic_no_dispute_board",
        clause_id="20.2",
        description="Disputes do not go to a dispute (adjudication/avoidance) board.",
        patterns=(
            r"dispute\s+(?:adjudication|avoidance)",
            r"dispute\s+board",
            r"\bDAA?B\b",
            r"争(?:议|端)(?:裁决|避免|评审)",
        ),
        when="absent",
        risk_level=RiskLevel.MEDIUM,
        rationale=(
            "Without a dispute board the Contractor loses a fast, binding interim decision "
            "and every dispute goes straight to arbitration."
        ),
        suggested_redline="Provide for a standing dispute avoidance/adjudication board.",
    ),
)
