"""Playbook rules for the SHA/SPA domain: patterns and thresholds that drive a review
when no LLM is configured."""

from __future__ import annotations

from contract_review.domain import PlaybookRule, RiskLevel

PLAYBOOK_RULES: tuple[PlaybookRule, ...] = (
    PlaybookRule(
        rule_id="sha_spa_no_long_stop_date",
        clause_id="3",
        description="The conditions precedent have no long-stop date.",
        patterns=(
            r"long[- ]?stop\s+date",
            r"longstop",
            r"outside\s+date",
            r"end\s+date",
            r"最后截止日",
            r"最终截止日",
            r"截止日期",
        ),
        when="absent",
        risk_level=RiskLevel.MEDIUM,
        rationale=(
            "Without a long-stop date the parties stay bound indefinitely while conditions "
            "remain unsatisfied."
        ),
        suggested_redline=(
            "Add a long-stop date after which either party may terminate if the conditions "
            "have not been satisfied or waived."
        ),
    ),
    PlaybookRule(
        rule_id="sha_spa_knowledge_qualified_warranties",
        clause_id="4",
        description="Warranties are qualified by the Seller's knowledge.",
        patterns=(
            r"so\s+far\s+as\s+the\s+\w+\s+(?:is|are)\s+aware",
            r"to\s+the\s+(?:best\s+of\s+(?:the|its|their)\s+)?knowledge",
            r"据\S{0,8}所知",
            r"尽\S{0,4}所知",
        ),
        risk_level=RiskLevel.MEDIUM,
        rationale=(
            "A knowledge qualifier moves the risk of unknown problems to the Buyer; it should "
            "be limited to named individuals after due and careful enquiry."
        ),
        suggested_redline=(
            "Limit knowledge qualifiers to specified warranties and define knowledge as that "
            "of named individuals having made due and careful enquiry."
        ),
    ),
    PlaybookRule(
        rule_id="sha_spa_indemnity_cap_absent",
        clause_id="7",
        description="The indemnity clause sets no cap on liability.",
        patterns=(
            r"aggregate\s+liability",
            r"total\s+liability",
            r"shall\s+not\s+exceed",
            r"\bcap\b",
            r"上限",
            r"不(?:应|得)?超过",
        ),
        when="absent",
        risk_level=RiskLevel.HIGH,
        rationale=(
            "An uncapped indemnity exposes the Seller beyond the price received; buyers and "
            "sellers normally agree a cap as a percentage of the price."
        ),
        suggested_redline=(
            "Add: the aggregate liability of the Seller for all claims shall not exceed an "
            "agreed percentage of the Purchase Price, save in the case of fraud."
        ),
    ),
    PlaybookRule(
        rule_id="sha_spa_claim_period_long",
        clause_id="7",
        description="General warranty claims may be brought for more than 24 months.",
        patterns=(
            r"within\s+(\d+)\s+months",
            r"(\d+)\s*个月(?:内|之内|以内)",
        ),
        threshold=24,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="Market practice is 12 to 24 months for general warranty claims.",
        suggested_redline="Limit general warranty claims to those notified within 24 months after Completion.",
    ),
    PlaybookRule(
        rule_id="sha_spa_non_compete_too_long",
        clause_id="8",
        description="The non-compete lasts longer than three years.",
        patterns=(
            r"period\s+of\s+(\d+)\s+years",
            r"(\d+)\s+years\s+(?:after|following|from)",
            r"(\d+)\s*年(?:内|之内|以内)",
        ),
        threshold=3,
        comparison="gt",
        risk_level=RiskLevel.MEDIUM,
        rationale="Restrictive covenants longer than needed to protect goodwill risk being unenforceable.",
        suggested_redline="Limit the non-compete to no more than three years after Completion.",
    ),
    PlaybookRule(
        rule_id="sha_spa_no_reserved_matters",
        clause_id="9",
        description="The governance clause gives investors no consent rights over reserved matters.",
        patterns=(
            r"reserved\s+matters",
            r"unanimous",
            r"\bveto\b",
            r"prior\s+written\s+consent\s+of\s+the\s+investor",
            r"保留事项",
            r"一票否决",
            r"一致同意",
        ),
        when="absent",
        risk_level=RiskLevel.HIGH,
        rationale=(
            "Without reserved matters a minority investor cannot block fundamental changes "
            "to the company."
        ),
        suggested_redline="Add a schedule of reserved matters requiring the investor's prior written consent.",
    ),
    PlaybookRule(
        rule_id="sha_spa_drag_along_low_threshold",
        clause_id="10",
        description="Drag-along can be triggered by holders of less than half of the shares.",
        patterns=(
            r"drag[- ]along[^.]{0,160}?(\d+(?:\.\d+)?)\s*%",
            r"领售[^。]{0,80}?(\d+(?:\.\d+)?)\s*%",
        ),
        threshold=50,
        comparison="lt",
        risk_level=RiskLevel.HIGH,
        rationale="A low drag-along threshold lets a minority force the sale of everyone's shares.",
        suggested_redline="Set the drag-along threshold at no less than a qualified majority of the shares.",
    ),
    PlaybookRule(
        rule_id="sha_spa_no_forum",
        clause_id="11",
        description="The dispute clause names neither arbitration nor courts.",
        patterns=(r"arbitrat", r"\bcourts?\b", r"仲裁", r"法院"),
        when="absent",
        risk_level=RiskLevel.MEDIUM,
        rationale="Without a chosen forum, disputes may be fought in several jurisdictions at once.",
        suggested_redline="Provide for arbitration under the rules of a recognised institution.",
    ),
)
