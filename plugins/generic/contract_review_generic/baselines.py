"""Baseline texts for the generic domain: a balanced position on each topic, written
by this project in plain language."""

from __future__ import annotations

BASELINE_TEXTS: dict[str, str] = {
    "cap_on_liability": (
        "Each party's total liability under the contract is capped at the fees paid or "
        "payable in the twelve months before the claim arose. Neither party is liable for "
        "indirect or consequential loss, or for loss of profit, revenue or data."
    ),
    "uncapped_liability": (
        "The cap and the exclusion of indirect loss do not apply to liability that cannot be "
        "limited by law, to fraud, to death or personal injury caused by negligence, or to "
        "wilful misconduct; any other uncapped liability is limited to third-party claims "
        "under the indemnities."
    ),
    "termination_for_convenience": (
        "Either party may end the contract for convenience on at least thirty days' written notice. "
        "The customer then pays for work performed and committed costs up to the date of "
        "termination; no other compensation is due."
    ),
    "change_of_control": (
        "A party that undergoes a change of control notifies the other promptly. The other "
        "party may terminate within sixty days after the notice only if the new controller "
        "is its competitor."
    ),
    "anti_assignment": (
        "Neither party assigns or transfers the contract without the other's prior written "
        "consent, not to be unreasonably withheld, except to an affiliate or to a successor "
        "to all or substantially all of its business that takes on all its obligations."
    ),
    "non_compete": (
        "Any restriction on competing is limited to the products covered by the contract, "
        "the territories where the parties actually do business and the term of the "
        "contract plus no more than twelve months."
    ),
    "exclusivity": (
        "Any exclusivity is limited to named products and territories, lasts no longer than "
        "the contract, and falls away if the other party fails to meet agreed performance "
        "targets."
    ),
    "governing_law": (
        "The contract and any dispute arising from it are governed by the law of one named "
        "jurisdiction, chosen to match the forum for disputes."
    ),
    "ip_ownership_assignment": (
        "Each party keeps the intellectual property it owned before the contract. Deliverables "
        "made specifically for the customer and paid for belong to the customer on payment; "
        "the supplier keeps its tools and know-how and grants the customer a licence to use "
        "them as part of the deliverables."
    ),
    "insurance": (
        "Each party keeps, with reputable insurers, general and product liability insurance "
        "and professional indemnity insurance in amounts suited to the risks of the contract, "
        "and shows evidence of cover on request."
    ),
    "audit_rights": (
        "A party may, once a year and on thirty days' notice, have an independent accountant "
        "inspect the other's records relevant to the fees during business hours at its own "
        "cost, unless an underpayment of more than five percent is found."
    ),
    "liquidated_damages": (
        "Delay damages are a genuine pre-estimate of loss at an agreed daily rate, capped at "
        "ten percent of the contract price, and are the sole remedy for the delay they cover."
    ),
    "warranty_duration": (
        "The supplier warrants that products are free from defects in materials and "
        "workmanship for twelve months after delivery, and will repair, replace or refund "
        "defective products notified within that period."
    ),
    "renewal_term": (
        "After the initial term the contract renews for successive one-year terms unless "
        "either party gives notice of non-renewal."
    ),
    "notice_period_to_terminate_renewal": (
        "Either party may stop an automatic renewal by written notice given at least sixty "
        "and no more than ninety days before the end of the current term."
    ),
    "minimum_commitment": (
        "Any minimum purchase commitment is measured annually, is reduced for periods when "
        "the supplier cannot supply, and a shortfall only ends exclusivity rather than "
        "creating a payment obligation."
    ),
    "indemnification": (
        "Each party indemnifies the other against third-party claims arising from its breach, "
        "negligence or infringement of intellectual property, provided the indemnified party "
        "gives prompt notice, lets the indemnifier control the defence and cooperates."
    ),
    "confidentiality": (
        "Each party keeps the other's confidential information secret, uses it only for the "
        "contract and discloses it only to staff and advisers who need it, for the term and "
        "three years after. Information that is public, already known, independently "
        "developed or required by law to be disclosed is excluded."
    ),
    "dispute_resolution": (
        "The parties first try to settle a dispute by negotiation between senior managers "
        "for thirty days. Unresolved disputes go to arbitration under the rules of a "
        "recognised institution at a named seat, and either party may seek urgent "
        "injunctive relief from a court."
    ),
    "payment_terms": (
        "The customer pays undisputed invoices within thirty days of receipt in the agreed "
        "currency. Late payments carry interest at a modest agreed rate; disputed amounts "
        "are notified promptly and resolved in good faith."
    ),
    "claims_notice": (
        "A party that wants more time or money gives notice within twenty-eight days after "
        "it became aware, or should have become aware, of the event, and details its claim "
        "within a further reasonable period; a late notice limits the claim only to the "
        "extent the other party was prejudiced by the delay."
    ),
    "fitness_for_purpose": (
        "The supplier warrants that the deliverables will be fit for the purposes expressly "
        "stated in the specification; any wider warranty of fitness is excluded, and the "
        "customer remains responsible for the purposes it did not make known in writing."
    ),
    "ground_conditions": (
        "The contractor prices the site conditions it could reasonably have foreseen from "
        "the site data provided; physical conditions that an experienced contractor could "
        "not have foreseen entitle it to an extension of time and its additional cost."
    ),
}
