"""Baseline texts for the FIDIC domain: the market-standard position on each key
clause, written by this project in plain language.

These are summaries of the balanced position a contractor's reviewer expects, not
the FIDIC wording (which is copyrighted and is not reproduced here).
"""

from __future__ import annotations

BASELINE_TEXTS: dict[str, str] = {
    "1.5": (
        "The documents forming the Contract explain one another. If they conflict, they "
        "rank in this order: the Contract Agreement, the Particular Conditions, the "
        "General Conditions, the Employer's Requirements, the Schedules, the Contractor's "
        "Proposal. A party that finds an ambiguity tells the other, and the Employer's "
        "representative gives an instruction to resolve it; an instruction that changes "
        "the Works is a Variation."
    ),
    "4.1": (
        "The Contractor designs, builds and completes the Works as the Contract describes "
        "them, and once completed the Works are fit for the purposes stated in the "
        "Employer's Requirements. The Contractor provides the staff, plant, goods and "
        "services the Works need. Work that the Employer's Requirements do not describe "
        "and that is not needed for those stated purposes is a Variation."
    ),
    "4.12": (
        "The Contractor has inspected the Site and the information the Employer made "
        "available. If the Contractor meets physical conditions that an experienced "
        "contractor could not reasonably have foreseen at the tender date, it gives notice "
        "promptly, keeps working, and is entitled to an extension of time and its extra "
        "Cost for the consequences."
    ),
    "8.2": (
        "The Contractor completes the Works, and each Section, within the Time for "
        "Completion counted from the Commencement Date, including passing the Tests on "
        "Completion. The Time for Completion is extended when the Contractor is delayed by "
        "an event for which the Contract gives an extension of time."
    ),
    "14.1": (
        "The Contract Price is the agreed lump sum, adjusted only as the Contract provides "
        "(Variations, changes in laws after the base date, and any agreed cost indexation). "
        "The Contractor pays the taxes and duties of its own business; quantities in any "
        "schedule are estimates for information and do not change the lump sum."
    ),
    "14.2": (
        "The Employer pays an interest-free advance of the agreed percentage of the "
        "Contract Price once the Contractor has delivered the performance security and an "
        "advance payment guarantee for the same amount. The guarantee reduces as the "
        "advance is repaid, and the advance is repaid by deducting an agreed percentage "
        "from each interim payment until it is fully recovered before completion."
    ),
    "14.7": (
        "The Employer pays each interim amount within 56 days after receiving the "
        "Contractor's Statement with its supporting documents, and pays the final amount "
        "within 56 days after receiving the final statement and discharge. Late payment "
        "carries financing charges at an agreed rate above the reference rate, without "
        "need for notice."
    ),
    "17.6": (
        "Neither party is liable to the other for loss of use, profit or contract, or for "
        "indirect or consequential loss, except under the indemnities. The Contractor's "
        "total liability to the Employer is capped at the amount stated in the Particular "
        "Conditions, or at the Contract Price if none is stated. The exclusion and the cap "
        "do not apply to fraud, deliberate default or reckless misconduct."
    ),
    "18.1": (
        "The party named as the insuring party takes out and keeps the insurances the "
        "Contract requires (the Works, Contractor's equipment, third-party liability and "
        "injury to personnel) with reputable insurers, for at least the stated amounts and "
        "with deductibles no higher than stated, in joint names where the Contract says so, "
        "and gives the other party evidence of cover. If it fails to insure, the other "
        "party may insure and recover the premiums."
    ),
    "20.1": (
        "A Contractor who considers it is entitled to more time or money gives notice "
        "describing the event as soon as practicable and no later than 28 days after it "
        "became, or should have become, aware of it, and then sends a fully detailed claim "
        "within 42 days. The Employer responds within 42 days after receiving the claim. "
        "Only a notice not given within the 28 days loses the entitlement; the Contractor "
        "keeps contemporary records throughout."
    ),
    "20.2": (
        "Disputes go first to a dispute adjudication board appointed jointly by the parties "
        "by the date the Contract states. The board decides within 84 days after a "
        "referral, and its decision binds the parties at once. A party unhappy with a "
        "decision gives notice of dissatisfaction within 28 days, after which the parties "
        "try amicable settlement before international arbitration; a decision with no "
        "timely notice of dissatisfaction becomes final and binding."
    ),
}
