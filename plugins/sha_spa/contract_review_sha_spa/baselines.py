"""Baseline texts for the SHA/SPA domain: a balanced market position on each key
topic, written by this project in plain language."""

from __future__ import annotations

BASELINE_TEXTS: dict[str, str] = {
    "2": (
        "The Seller sells and the Buyer buys the Sale Shares with full title and free from "
        "encumbrances, with all rights attached at Completion. The price is a fixed amount, "
        "adjusted only through the agreed mechanism (locked-box leakage or completion "
        "accounts), and is paid in cash at Completion, save for any agreed escrow or "
        "retention held to secure claims."
    ),
    "3": (
        "Completion depends only on conditions outside the parties' control: the mandatory "
        "regulatory clearances and any consents the Company's key contracts require. Each "
        "party uses reasonable endeavours to satisfy the conditions it is responsible for "
        "and keeps the other informed. A condition may be waived only by the party it "
        "protects. If the conditions are not met by the long-stop date, either party may "
        "end the agreement without liability."
    ),
    "4": (
        "The Seller gives warranties on title and capacity, the accounts, tax, litigation, "
        "compliance, employees, intellectual property and material contracts, true at "
        "signing and repeated at Completion. The warranties are qualified only by matters "
        "fairly disclosed in the disclosure letter, with enough detail for the Buyer to "
        "assess them. Knowledge qualifiers refer to named individuals after due enquiry."
    ),
    "5": (
        "Between signing and Completion the Seller runs the business in the ordinary "
        "course and does not, without the Buyer's consent (not to be unreasonably withheld "
        "or delayed), pay dividends, change the capital, take on material debt, or enter "
        "into or end material contracts. The Buyer has reasonable access to information."
    ),
    "6": (
        "Completion takes place on an agreed number of business days after the last "
        "condition is satisfied. The Seller delivers the share transfer documents, board "
        "resolutions and resignations; the Buyer pays the price. If a party fails to "
        "deliver, the other may defer Completion, complete as far as practicable, or "
        "terminate."
    ),
    "7": (
        "The Seller's total liability for warranty claims is capped at an agreed percentage "
        "of the price (title and capacity claims up to the full price). Individual claims "
        "below a de minimis amount are ignored, and claims are recoverable only once they "
        "exceed an aggregate threshold, after which the whole amount is recoverable. Claims "
        "must be notified within eighteen to twenty-four months after Completion (tax claims "
        "within the statutory limitation period). Known risks are covered by specific "
        "indemnities. None of these limits applies to fraud."
    ),
    "8": (
        "For a limited period after Completion (typically up to three years) the Seller "
        "does not compete with the business in the territories where it operates, nor "
        "solicit its key employees or customers. Each party keeps the terms of the "
        "transaction and the other's information confidential, subject to the usual "
        "exceptions for disclosure required by law or to advisers."
    ),
    "9": (
        "Each significant shareholder may appoint directors in proportion to its holding, "
        "and a board quorum requires a director appointed by each such shareholder (with "
        "an adjourned meeting able to proceed without them). A list of reserved matters, "
        "such as changes to the articles and capital, new business lines, large "
        "acquisitions and related-party transactions, needs the investors' consent. "
        "Investors receive regular financial information. Deadlock is escalated and then "
        "resolved by an agreed mechanism."
    ),
    "10": (
        "Shares may not be transferred without first being offered to the other "
        "shareholders. If a majority holder sells, minority holders may join on the same "
        "terms (tag-along), and holders of a qualified majority may require the others to "
        "sell on the same terms (drag-along). The investors have a route to liquidity within "
        "an agreed period through an IPO or trade sale, with a put option or redemption at an "
        "agreed price if that does not happen."
    ),
    "11": (
        "The agreement is governed by an agreed law, and disputes are finally resolved by "
        "arbitration under the rules of a recognised institution, at a neutral seat, in an "
        "agreed language, with three arbitrators. The dispute clauses of all transaction "
        "documents are the same, so disputes can be heard together."
    ),
}
