"""Terms in our own words for each general drafting class the playbooks learned from the
second held-out set (English and Chinese), with a balanced counterpart where one can be
confused with the term. Placed in the small contract of :mod:`.term_samples`."""

from __future__ import annotations

from .term_samples import Case

EN = ("Supplier", "Customer")
ZH = ("甲方", "乙方")
CE = ("Contractor", "Employer")

#: class name -> one-sided terms (flagged high at their clause).
# fmt: off
ONE_SIDED_CLASSES: dict[str, list[Case]] = {
    "termination: 'at any time', 'bring to an end', 'at its convenience', 'whenever it wishes'": [
        ("generic", "termination_for_convenience_one_side", ("Licensee", "Licensor"), "12.", "Termination",
         "The Licensor may bring this Agreement to an end whenever it wishes by giving the Licensee one month's notice."),
        ("generic", "termination_for_convenience_one_side", CE, "12.", "Termination",
         "The Employer may end the Contract at any time on written notice to the Contractor."),
        ("generic", "termination_for_convenience_one_side", CE, "12.", "Termination",
         "The Employer may terminate the Contract at its convenience by giving 30 days' notice."),
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "The Customer may terminate any Statement of Work upon ten (10) Business Days' written notice."),
    ],
    "termination: Chinese right by business need or advance notice": [
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "发包人可根据项目安排提前二十日书面通知承包人解除本合同。"),
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "甲方有权视情况解除本合同，乙方不得提出异议。"),
    ],
    "guards per part of a sentence between semicolons": [
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "甲方可以随时书面通知乙方解除本协议；乙方在协议期限届满前不得解除本协议。"),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "甲方应在收到发票后一百五十日内付款；在此期间乙方不得主张逾期付款违约金。"),
    ],
    "payment counted to a later month's end, 'from', 'after', 'end of month'": [
        ("generic", "long_payment_period", EN, "4.", "Payment",
         "Invoices are payable on the last business day of the third month after the month in which they are received."),
        ("generic", "long_payment_period", EN, "4.", "Payment",
         "Payment shall be made ninety (90) days end of month following receipt of invoice."),
        ("generic", "long_payment_period", EN, "4.", "Payment",
         "Payment terms: 90 days from date of invoice."),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "甲方在收到发票后的第四个月末支付货款。"),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "付款期限为收到发票之日起六个月。"),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "货到验收合格后90天付款。"),
    ],
    "liability not subject to any limit, uncapped, without a ceiling": [
        ("generic", "uncapped_liability", EN, "9.", "Liability",
         "The Supplier's liability under this Agreement is not subject to any monetary limit."),
        ("generic", "uncapped_liability", EN, "9.", "Liability",
         "The Supplier's liability for breach of this Agreement is uncapped."),
        ("generic", "uncapped_liability", ("Licensee", "Licensor"), "9.", "Liability",
         "No limitation of liability shall apply to the Licensee."),
        ("generic", "uncapped_liability", ZH, "第二条", "责任",
         "乙方对甲方的赔偿责任没有上限。"),
        ("generic", "uncapped_liability", ZH, "第二条", "责任",
         "乙方应赔偿甲方的全部损失，包括间接损失和第三方索赔，且不受任何金额的限制。"),
    ],
    "a limitation disapplied for one party": [
        ("generic", "one_sided_liability", EN, "9.", "Liability",
         "Nothing in this Clause 9 limits the liability of the Supplier in any way."),
        ("generic", "one_sided_liability", EN, "9.", "Liability",
         "The exclusions in this clause shall not apply to any loss suffered by the Customer."),
        ("generic", "one_sided_liability", ZH, "第二条", "责任限制",
         "上述责任限制不适用于乙方对甲方承担的赔偿责任。"),
    ],
    "one party excludes all liability, in other words": [
        ("generic", "one_sided_liability", ("Agent", "Company"), "9.", "Liability",
         "The Company excludes all liability to the Agent for any loss, however arising."),
        ("generic", "one_sided_liability", ("Tenant", "Landlord"), "9.", "Liability",
         "The Landlord accepts no responsibility for any damage resulting from a failure of the lifts."),
        ("generic", "one_sided_liability", ZH, "第二条", "责任",
         "甲方对乙方的任何损失概不负责。"),
        ("generic", "one_sided_liability", ZH, "第二条", "责任",
         "甲方不对乙方的任何间接损失或利润损失承担责任。"),
        ("generic", "one_sided_liability", ZH, "第二条", "赔偿",
         "乙方应赔偿甲方的一切损失，无论该损失是否由甲方的过错造成。"),
    ],
    "disputes: a final decision 'not subject to review'": [
        ("generic", "dispute_decided_by_one_party", ("Supplier", "Company"), "15.", "Disputes",
         "Any dispute shall be referred to the Company's finance director, whose decision shall be final and shall not be subject to review by any court or arbitrator."),
    ],
    "pre-existing IP: 'free from any retained right', 'owned or acquired before signing'": [
        ("generic", "preexisting_ip_assignment", ("Consultant", "Client"), "10.", "Intellectual Property",
         "The Consultant assigns to the Client all its Background IP used in the Services, free from any retained right of the Consultant to use it."),
        ("generic", "preexisting_ip_assignment", ZH, "第二条", "知识产权",
         "乙方在本合同签订之前已经开发或者取得的软件，其著作权一并转让给甲方。"),
    ],
    "notices: report, passive 'must be raised', objections and applications in Chinese": [
        ("generic", "short_notice_time_bar", ("Buyer", "Seller"), "5.", "Inspection",
         "The Buyer must report any shortage to the Seller within two (2) Business Days of delivery; thereafter the goods shall be conclusively deemed accepted."),
        ("generic", "short_notice_time_bar", EN, "5.", "Complaints",
         "Complaints about the Services must be raised within 72 hours, after which the Customer is deemed to have accepted them."),
        ("generic", "short_notice_time_bar", ZH, "第二条", "异议",
         "甲方对结算单有异议的，应在收到结算单后五日内以书面形式提出，逾期未提出的，视为甲方认可结算结果。"),
        ("generic", "short_notice_time_bar", ZH, "第二条", "工期",
         "承包人应在延误事件发生后五日内提交书面顺延申请，未在该期限内提交的，视为工期不顺延。"),
    ],
    "ground risk: 'sole responsibility', 'whether foreseeable or not', Chinese word order": [
        ("generic", "ground_risk_on_contractor", CE, "7.", "Site",
         "Adverse physical conditions at the Site are the sole responsibility of the Contractor, whether foreseeable or not."),
        ("generic", "ground_risk_on_contractor", ZH, "第二条", "现场条件",
         "承包人应自行承担场地范围内全部地下障碍物、地质和水文条件的风险，不论该等条件在签约时能否预见。"),
        ("generic", "ground_risk_on_contractor", ZH, "第二条", "现场条件",
         "地质条件与勘察报告不符的，由承包人自行负责，发包人不予补偿。"),
        ("fidic", "ground_risk_on_contractor", CE, "4.12", "Unforeseeable Physical Conditions",
         "Ground conditions on the Site are the sole responsibility of the Contractor, whether foreseeable or not."),
    ],
    "fitness: Chinese 'any production use', 'whether or not listed'": [
        ("generic", "fitness_for_any_purpose", ZH, "第二条", "质量保证",
         "乙方保证设备适用于甲方今后可能开发的任何生产用途，无论该等用途是否在技术协议中列明。"),
    ],
    "penalties: not subject to any cap, may exceed the price, per week of delay": [
        ("generic", "uncapped_penalty", EN, "5.", "Service Credits",
         "Service credits are liquidated damages and are not subject to any cap, so that they may exceed the Charges."),
        ("generic", "uncapped_penalty", EN, "5.", "Delay",
         "If the Supplier misses a Milestone Date it shall pay the Customer 2% of the Charges for each week of delay until the Milestone is achieved."),
        ("generic", "uncapped_penalty", ZH, "第二条", "违约责任",
         "乙方未按期交货的，每逾期一日，应向甲方支付合同总价千分之五的款项作为补偿。"),
        ("generic", "uncapped_penalty", ZH, "第二条", "违约责任",
         "违约金的计算不受合同总价的限制。"),
    ],
    "further wordings: 'in any circumstances', 不受此限, 'without any cap', 一切需求": [
        ("generic", "one_sided_liability", ("Supplier", "Client"), "9.", "Liability",
         "The Client shall not in any circumstances be liable to the Supplier for any loss whatsoever."),
        ("generic", "one_sided_liability", ZH, "第二条", "责任",
         "因任何原因导致乙方遭受损失的，甲方均不承担赔偿责任。"),
        ("generic", "one_sided_liability", ZH, "第二条", "责任限制",
         "甲方的赔偿责任以本合同总价的5%为限，乙方的赔偿责任不受此限。"),
        ("generic", "uncapped_liability", ("Vendor", "Purchaser"), "9.", "Liability",
         "The Vendor shall compensate the Purchaser for all losses, without any cap or limitation."),
        ("generic", "uncapped_liability", ZH, "第二条", "责任",
         "乙方应全额赔偿甲方损失，不受本合同第十条约定的赔偿限额限制。"),
        ("generic", "fitness_for_any_purpose", ZH, "第二条", "质量保证",
         "乙方承诺软件能够满足甲方现在和将来的一切业务需求。"),
        ("generic", "ground_risk_on_contractor", ZH, "第二条", "现场条件",
         "承包人应自行勘察地下管线和地质条件，由此引起的全部费用已包含在合同价款中，发包人不再另行支付。"),
        ("generic", "preexisting_ip_assignment", ("Contractor", "Company"), "10.", "Intellectual Property",
         "Rights in all materials, including materials created by the Contractor before the commencement of this Agreement, shall become the exclusive property of the Company."),
    ],
    "further time bars and payment periods": [
        ("generic", "short_notice_time_bar", ("Buyer", "Seller"), "5.", "Claims",
         "Any claim about the quality of the Goods shall be made by the Buyer within three days after arrival, and thereafter the Seller shall have no liability."),
        ("generic", "short_notice_time_bar", ZH, "第二条", "图纸",
         "乙方发现图纸错误的，应在收到图纸后三日内书面通知甲方，否则由此产生的一切后果由乙方承担。"),
        ("generic", "short_notice_time_bar", ZH, "第二条", "验收",
         "甲方应在交货后3日内完成验收，逾期未验收的，视为验收合格。"),
        ("generic", "short_notice_time_bar", ("Seller", "Buyer"), "5.", "Inspection",
         "The Buyer may reject defective Goods within 48 hours of delivery, failing which the Goods are deemed accepted."),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "每笔货款的账期为120天。"),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "付款方式：货到票到90天付款。"),
    ],
    "further termination wordings": [
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "甲方有权提前解除本合同，无需承担违约责任。"),
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "The Customer may, on giving not less than 30 days' notice, terminate this Agreement."),
    ],
}

#: class name -> balanced terms of the same shape (never flagged high).
BALANCED_CLASSES: dict[str, list[Case]] = {
    "termination: mutual, negated, or for cause": [
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "Neither party may terminate this Agreement for convenience during the first year."),
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "The Customer and the Supplier may each terminate this Agreement at any time on 60 days' notice."),
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "The Customer may terminate this Agreement by notice at any time if the Supplier becomes insolvent."),
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "甲方、乙方均可提前六十日书面通知对方解除本合同；合同期限届满前十二个月内，任何一方不得解除。"),
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "如乙方连续两个月未达到服务标准，甲方有权提前十日书面通知乙方解除本合同。"),
    ],
    "payment: 30 days, month following, late-payment and retention": [
        ("generic", "long_payment_period", EN, "4.", "Payment",
         "The Customer shall pay each invoice by the end of the month following the month in which it was received."),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "甲方应在收到合格发票后三十日内付款；逾期付款超过九十日的，乙方有权解除合同。"),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "质保金在竣工验收合格后24个月内无息支付给乙方。"),
    ],
    "liability: mutual caps and lawful carve-outs": [
        ("generic", "one_sided_liability", EN, "9.", "Liability",
         "The limitation in clause 9.1 shall not apply to liability for fraud."),
        ("generic", "one_sided_liability", EN, "9.", "Liability",
         "The Customer's liability shall not exceed the Charges, and the Supplier's liability shall not exceed 150% of the Charges."),
        ("generic", "uncapped_liability", EN, "9.", "Liability",
         "Each party's aggregate liability shall not exceed the fees paid, save that this limit shall not apply to liability for fraud or death or personal injury."),
        ("generic", "one_sided_liability", ZH, "第二条", "责任",
         "双方的赔偿责任均以合同总价为限，但本条限制不适用于任何一方的故意或重大过失。"),
        ("generic", "uncapped_liability", ZH, "第二条", "责任",
         "任何一方的累计赔偿责任不超过合同总价。"),
    ],
    "fitness: purposes stated in the specification": [
        ("generic", "fitness_for_any_purpose", EN, "6.", "Warranty",
         "The Supplier warrants that the Goods will be fit for any purpose expressly stated in the Specification."),
        ("generic", "fitness_for_any_purpose", ZH, "第二条", "质量保证",
         "乙方保证设备满足合同附件约定的全部用途和技术指标。"),
    ],
    "penalties: late payment interest": [
        ("generic", "uncapped_penalty", ZH, "第二条", "违约责任",
         "甲方未按期付款的，每逾期一日，按应付金额的万分之三向乙方支付违约金。"),
    ],
    "notices: 28 days, replies, reports": [
        ("generic", "short_notice_time_bar", ZH, "第二条", "报告",
         "乙方应在每月5日前向甲方报送上月工作报告。"),
        ("generic", "short_notice_time_bar", ZH, "第二条", "答复",
         "甲方应在收到乙方书面申请后七日内答复，逾期未答复的，视为同意。"),
    ],
    "look-alikes: conditional rights, other objects, durations, insurance, orders": [
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "The Customer may terminate this Agreement in its sole discretion if: (a) the Supplier is acquired by a competitor; or (b) the Supplier ceases business."),
        ("generic", "termination_for_convenience_one_side", ("Employee", "Company"), "12.", "Benefits",
         "The Company may withdraw or terminate the bonus plan at any time."),
        ("generic", "termination_for_convenience_one_side", EN, "12.", "Termination",
         "Either party may, on giving not less than 30 days' notice, terminate this Agreement."),
        ("generic", "termination_for_convenience_one_side", ZH, "第二条", "解除",
         "乙方严重违约的，甲方有权提前解除本合同。"),
        ("generic", "long_payment_period", EN, "4.", "Survival",
         "On expiry the following survive: clause 3; clause 7 (for a period of two (2) years from expiry, as to payments then outstanding); Sections 9 and 10."),
        ("generic", "long_payment_period", ZH, "第二条", "付款",
         "甲方应每季度支付3个月的服务费。"),
        ("generic", "uncapped_liability", EN, "9.", "Insurance",
         "The Supplier's liability shall not be limited by the amount of any insurance it maintains."),
        ("generic", "uncapped_liability", EN, "9.", "Assignment",
         "The Supplier may assign its right to payment, but it shall remain fully liable for the performance of all its obligations."),
        ("generic", "short_notice_time_bar", ("Seller", "Buyer"), "5.", "Orders",
         "The Seller shall accept or reject each order within two working days; an order not rejected within that period is deemed accepted."),
        ("generic", "short_notice_time_bar", ("Distributor", "Vendor"), "5.", "Exclusivity",
         "The Vendor may end exclusivity by written notice given within fourteen days of a missed purchase target. The Distributor shall not be liable for any loss caused by the missed target."),
        ("generic", "short_notice_time_bar", ZH, "第二条", "验收",
         "甲方应在交货后30日内完成验收，逾期未验收的，视为验收合格。"),
    ],
    "ground conditions: relief for the unforeseeable": [
        ("generic", "ground_risk_on_contractor", ZH, "第二条", "现场条件",
         "如遇不可预见的地质条件，承包人有权要求顺延工期并补偿费用。"),
    ],
}
# fmt: on


def flattened(classes: dict[str, list[Case]]) -> list[tuple[str, Case]]:
    """``(class name, case)`` for every case, in order."""
    return [(name, case) for name, cases in classes.items() for case in cases]
