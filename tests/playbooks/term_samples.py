"""One-sided and balanced terms written in our own words (English and Chinese), for the
playbook tests, and the small contract each is placed in."""

from __future__ import annotations

#: (domain, category, the two parties' words, clause number, clause title, text)
Case = tuple[str, str, tuple[str, str], str, str, str]

EN_HEAD = """TEST AGREEMENT

This Agreement is made between Alder Works Ltd (the "{a}") and Birch Holdings plc (the "{b}").

1. General
1.1 This Agreement records the terms agreed between the parties.

"""
ZH_HEAD = """测试合同

甲方：北京甲木科技有限公司
乙方：上海乙林工程有限公司

第一条 总则
双方根据平等自愿原则订立本合同。

"""

#: Terms one-sided against a party: flagged high or critical at their clause.
# fmt: off
ONE_SIDED: list[Case] = [
    ('fidic', 'short_notice_time_bar', ('Contractor', 'Employer'), '20.1', "Contractor's Claims",
     'The Contractor shall notify the Employer of any claim within seven (7) days of the event, failing which the claim shall be barred.'),
    ("generic", "short_notice_time_bar", ("Buyer", "Seller"), "5.", "Inspection",
     "Any claim by the Buyer in respect of defects must be notified in writing within 5 days of delivery, failing which the goods shall be deemed accepted."),
    ("generic", "short_notice_time_bar", ("Supplier", "Customer"), "8.", "Changes",
     "If the Supplier does not give notice within ten (10) Business Days after becoming aware of the circumstance, the Supplier shall have no entitlement to additional time or payment."),
    ("generic", "short_notice_time_bar", ("甲方", "乙方"), "第二条", "质量异议",
     "买方应在货物到达后三日内提出书面异议，否则视为货物质量合格。"),
    ("generic", "short_notice_time_bar", ("甲方", "乙方"), "第二条", "索赔",
     "承包人应在索赔事件发生后7日内向发包人发出索赔通知，逾期未通知的，视为放弃索赔。"),
    ("generic", "long_payment_period", ("Supplier", "Customer"), "4.", "Payment",
     "Invoices shall be paid within ninety (90) days of receipt."),
    ("generic", "long_payment_period", ("Supplier", "Customer"), "4.", "Fees",
     "Payment terms: net 120 days from the date of invoice."),
    ("generic", "long_payment_period", ("Supplier", "Customer"), "4.", "Charges",
     "The Customer will settle each invoice 75 days after the end of the month in which it is received."),
    ("generic", "long_payment_period", ("甲方", "乙方"), "第二条", "付款",
     "甲方应于收到乙方发票后120个工作日内付清全部款项。"),
    ("generic", "long_payment_period", ("甲方", "乙方"), "第二条", "价款",
     "货款在验收合格后九十天内结清。"),
    ("fidic", "long_payment_period", ("Contractor", "Employer"), "14.7", "Payment",
     "The Employer shall pay the amount certified in each Interim Payment Certificate within 84 days after receiving the Statement."),
    ('generic', 'uncapped_liability', ('Supplier', 'Customer'), '9.', 'Liability',
     "The Supplier's liability under this Agreement shall be unlimited."),
    ('generic', 'uncapped_liability', ('Supplier', 'Customer'), '9.', 'Liability',
     "There shall be no limit on the Contractor's liability under this Contract."),
    ("generic", "uncapped_liability", ("甲方", "乙方"), "第二条", "违约责任",
     "乙方的赔偿责任不设上限。"),
    ("generic", "uncapped_liability", ("甲方", "乙方"), "第二条", "违约责任",
     "乙方应对甲方承担无限赔偿责任。"),
    ("fidic", "uncapped_liability", ("Contractor", "Employer"), "17.6", "Limitation of Liability",
     "The Contractor shall be liable for all loss and damage caused by its breach of the Contract."),
    ("generic", "one_sided_liability", ("Distributor", "Company"), "9.", "Liability",
     "In no event shall the Company be liable to the Distributor for any damages whatsoever."),
    ("generic", "one_sided_liability", ("Contractor", "Owner"), "9.", "Responsibility",
     "The Owner shall not be responsible for any loss, damage or injury however caused."),
    ("generic", "one_sided_liability", ("Licensee", "Licensor"), "9.", "Liability",
     "The Licensor accepts no liability of any kind in connection with the Software."),
    ("generic", "one_sided_liability", ("甲方", "乙方"), "第二条", "责任",
     "甲方对乙方的任何损失不承担任何责任。"),
    ("generic", "one_sided_liability", ("甲方", "乙方"), "第二条", "风险",
     "因本合同产生的一切风险均由乙方承担。"),
    ("generic", "fitness_for_any_purpose", ("Supplier", "Customer"), "6.", "Warranty",
     "The Supplier warrants that the Products will be fit for any purpose for which the Customer may use them."),
    ("generic", "fitness_for_any_purpose", ("Supplier", "Client"), "6.", "Warranty",
     "The System shall be suitable for all purposes the Client may have from time to time."),
    ("generic", "fitness_for_any_purpose", ("甲方", "乙方"), "第二条", "质量保证",
     "乙方保证设备能够满足甲方的任何使用目的。"),
    ("generic", "fitness_for_any_purpose", ("甲方", "乙方"), "第二条", "质量保证",
     "卖方保证货物适用于买方的所有用途，无论该等用途是否在合同中载明。"),
    ('fidic', 'fitness_for_any_purpose', ('Contractor', 'Employer'), '4.1', "Contractor's General Obligations",
     'The Works shall be fit for such purposes as the Employer may from time to time require.'),
    ("fidic", "ground_risk_on_contractor", ("Contractor", "Employer"), "4.12", "Unforeseeable Physical Conditions",
     "The Contractor shall bear all risks arising from sub-surface conditions, whether or not foreseeable, and no extension of time shall be granted."),
    ('generic', 'ground_risk_on_contractor', ('Contractor', 'Employer'), '7.', 'Site',
     "Unforeseen ground conditions shall be at the Contractor's risk."),
    ("generic", "ground_risk_on_contractor", ("甲方", "乙方"), "第二条", "现场条件",
     "承包人应自行承担施工现场地质条件变化的全部风险，合同价款不予调整。"),
    ("generic", "dispute_decided_by_one_party", ("Contractor", "Owner"), "15.", "Disputes",
     "Any dispute shall be referred to the Owner, whose decision shall be final and binding on the parties."),
    ('generic', 'dispute_decided_by_one_party', ('Supplier', 'Company'), '15.', 'Disputes',
     "The Company's determination of any dispute under this Agreement shall be conclusive."),
    ("generic", "dispute_decided_by_one_party", ("甲方", "乙方"), "第二条", "争议",
     "双方发生争议的，以甲方的意见为准。"),
    ("fidic", "dispute_decided_by_one_party", ("Contractor", "Employer"), "20.2", "Disputes",
     "合同履行中的任何争议由发包人最终裁定。"),
    ("generic", "uncapped_penalty", ("Supplier", "Customer"), "5.", "Delivery",
     "The Supplier shall pay liquidated damages of 1% of the Contract Price for each day of delay."),
    ("generic", "uncapped_penalty", ("Supplier", "Customer"), "5.", "Delivery",
     "A penalty of USD 5,000 per day shall apply for late delivery, without limit."),
    ("generic", "uncapped_penalty", ("甲方", "乙方"), "第二条", "交货",
     "乙方逾期交货的，每日按合同总价的千分之三支付违约金。"),
    ("generic", "uncapped_penalty", ("甲方", "乙方"), "第二条", "付款",
     "乙方逾期支付货款的，每逾期一日，应按逾期未付金额的千分之五向甲方支付违约金，直至付清之日止。"),
    ("generic", "termination_for_convenience_one_side", ("Provider", "Customer"), "4.", "Term",
     "The Provider may at its sole discretion bring this Agreement to an end on 30 days' notice, and the Customer may not terminate this Agreement before the end of its term."),
    ("fidic", "uncapped_penalty", ("Contractor", "Employer"), "8.2", "Time for Completion",
     "Delay damages of 0.5% of the Contract Price shall be payable for every day of delay."),
    ("generic", "termination_for_convenience_one_side", ("Seller", "Buyer"), "12.", "Termination",
     "The Buyer may at any time terminate this Contract for its convenience by written notice."),
    ('generic', 'termination_for_convenience_one_side', ('Supplier', 'Company'), '12.', 'Termination',
     "The Company reserves the right to terminate this Agreement without cause upon 15 days' notice."),
    ("generic", "termination_for_convenience_one_side", ("Consultant", "Client"), "12.", "Termination",
     "Client may cancel this Agreement at any time for any reason."),
    ("generic", "termination_for_convenience_one_side", ("甲方", "乙方"), "第二条", "解除",
     "甲方有权随时解除本合同。"),
    ("generic", "termination_for_convenience_one_side", ("甲方", "乙方"), "第二条", "终止",
     "发包人可在任何时候以书面通知终止本合同，而无需说明理由。"),
    ("generic", "preexisting_ip_assignment", ("Consultant", "Client"), "10.", "Intellectual Property",
     "The Consultant hereby assigns to the Client all intellectual property rights in the Deliverables and in any materials owned by the Consultant prior to the Effective Date."),
    ("generic", "preexisting_ip_assignment", ("Supplier", "Customer"), "10.", "Intellectual Property",
     "All Background IP used in the Services shall vest in the Customer."),
    ("generic", "preexisting_ip_assignment", ("甲方", "乙方"), "第二条", "知识产权",
     "乙方在本合同签订之前已有的知识产权亦转让给甲方。"),
    ("sha_spa", "indemnity_no_cap", ("Buyer", "Sellers"), "7.", "Limitations",
     "There is no limit on the aggregate liability of the Sellers for Claims."),
    ("sha_spa", "indemnity_no_cap", ("甲方", "乙方"), "第二条", "赔偿",
     "转让方的赔偿责任不受任何金额限制。"),
    ("sha_spa", "indemnity_no_basket", ("Buyer", "Sellers"), "7.", "Limitations",
     "The Sellers shall be liable for every Claim regardless of its amount."),
    ("sha_spa", "indemnity_no_basket", ("甲方", "乙方"), "第二条", "赔偿",
     "任何索赔，无论金额大小，转让方均应全额赔偿。"),
    ("sha_spa", "warranty_survival_long_or_unlimited", ("Buyer", "Seller"), "7.", "Claims",
     "The Warranties shall continue in full force and effect indefinitely."),
    ("sha_spa", "warranty_survival_long_or_unlimited", ("Buyer", "Seller"), "7.", "Claims",
     "No Claim under the Warranties may be brought unless notified within 48 months after Completion."),
    ("sha_spa", "warranty_survival_long_or_unlimited", ("甲方", "乙方"), "第二条", "陈述与保证",
     "转让方的陈述与保证在交割后三年内持续有效。"),
    ("sha_spa", "reserved_matters_missing_or_simple_majority", ("Investor", "Founder"), "9.", "Board",
     "Resolutions of the Board, including on the issue of new shares and the approval of the budget, shall be passed by a majority of the directors present."),
    ("sha_spa", "reserved_matters_missing_or_simple_majority", ("甲方", "乙方"), "第二条", "股东会",
     "股东会对公司增资、修改章程等事项作出决议，经代表过半数表决权的股东通过。"),
    ("sha_spa", "reserved_matters_missing_or_simple_majority", ("Investor", "Founder"), "9.", "Governance",
     "The Investor shall have no veto right over any decision of the Company."),
    ("generic", "short_notice_time_bar", ("Contractor", "Employer"), "8.", "Claims",
     "The Contractor shall notify the Employer of any delay within 48 hours, failing which it shall have no right to an extension of time."),
    ("generic", "uncapped_liability", ("Contractor", "Employer"), "9.", "Liability",
     "The Contractor's liability shall not be subject to any limitation."),
    ("generic", "uncapped_liability", ("甲方", "乙方"), "第二条", "责任",
     "乙方承担的赔偿责任不受金额限制。"),
    ("generic", "one_sided_liability", ("Supplier", "Company"), "9.", "Liability",
     "The Company is not liable to the Supplier for any loss arising under this Agreement."),
    ("generic", "fitness_for_any_purpose", ("Supplier", "Customer"), "6.", "Warranty",
     "The Goods shall be suitable for any use the Customer may choose."),
    ("generic", "dispute_decided_by_one_party", ("甲方", "乙方"), "第二条", "其他",
     "本合同的最终解释权归甲方所有。"),
    ("generic", "dispute_decided_by_one_party", ("Seller", "Buyer"), "15.", "Disputes",
     "The Buyer shall have the final decision on any dispute under this Contract."),
    ("generic", "uncapped_penalty", ("甲方", "乙方"), "第二条", "违约责任",
     "每延迟一天交货，乙方应向甲方支付合同金额1%的违约金。"),
    ("generic", "termination_for_convenience_one_side", ("Contractor", "Owner"), "12.", "Termination",
     "The Owner may, in its absolute discretion, terminate the Contract by notice to the Contractor."),
    ("generic", "preexisting_ip_assignment", ("Consultant", "Client"), "10.", "Intellectual Property",
     "The Consultant assigns to the Client all know-how used in the Services, whenever created."),
    ("sha_spa", "indemnity_no_basket", ("Buyer", "Sellers"), "7.", "Limitations",
     "The Sellers shall be liable for all Claims irrespective of amount."),
    ("sha_spa", "reserved_matters_missing_or_simple_majority", ("Investor", "Founder"), "9.", "Shareholder Decisions",
     "Shareholder decisions, including any amendment to the articles of association, shall be taken by majority vote."),
]
# fmt: on

#: Balanced terms: never flagged high.
# fmt: off
BALANCED: list[Case] = [
    ('fidic', 'short_notice_time_bar', ('Contractor', 'Employer'), '20.1', "Contractor's Claims",
     'The Contractor shall give notice of a claim within 28 days after it became aware of the event, failing which it shall not be entitled to additional payment.'),
    ("generic", "short_notice_time_bar", ("甲方", "乙方"), "第二条", "质量异议",
     "买方应在收到货物后三十日内提出质量异议，逾期视为合格。"),
    ("generic", "long_payment_period", ("Supplier", "Customer"), "4.", "Payment",
     "The Customer shall pay each invoice within 30 days of receipt."),
    ("generic", "long_payment_period", ("甲方", "乙方"), "第二条", "付款",
     "甲方应在收到发票后30日内付款。"),
    ("fidic", "long_payment_period", ("Contractor", "Employer"), "14.7", "Payment",
     "The Employer shall pay each interim payment within 56 days after receiving the Statement."),
    ('generic', 'uncapped_liability', ('Supplier', 'Customer'), '9.', 'Limitation of Liability',
     "Each party's total liability under this Agreement is limited to the fees paid in the preceding 12 months."),
    ("generic", "uncapped_liability", ("甲方", "乙方"), "第二条", "责任限制",
     "双方在本合同项下的累计赔偿责任均不超过合同总价的100%。"),
    ("fidic", "uncapped_liability", ("Contractor", "Employer"), "17.6", "Limitation of Liability",
     "The total liability of either Party to the other shall not exceed the Contract Price, except in case of fraud or deliberate default."),
    ("generic", "one_sided_liability", ("Supplier", "Customer"), "9.", "Liability",
     "Neither party shall be liable to the other for any indirect or consequential loss."),
    ("generic", "one_sided_liability", ("甲方", "乙方"), "第二条", "责任",
     "任何一方均不对另一方的间接损失承担任何责任。"),
    ('fidic', 'fitness_for_any_purpose', ('Contractor', 'Employer'), '4.1', "Contractor's General Obligations",
     "The Works shall be fit for the purposes defined in the Employer's Requirements."),
    ("generic", "fitness_for_any_purpose", ("甲方", "乙方"), "第二条", "质量保证",
     "设备应符合合同约定的用途。"),
    ("fidic", "ground_risk_on_contractor", ("Contractor", "Employer"), "4.12", "Unforeseeable Physical Conditions",
     "If the Contractor encounters unforeseeable physical conditions, it shall be entitled to an extension of time and Cost."),
    ("generic", "dispute_decided_by_one_party", ("Supplier", "Customer"), "15.", "Disputes",
     "Any dispute shall be finally resolved by arbitration under the ICC Rules."),
    ("generic", "dispute_decided_by_one_party", ("甲方", "乙方"), "第二条", "争议",
     "争议提交上海仲裁委员会仲裁，仲裁裁决为终局裁决。"),
    ("fidic", "uncapped_penalty", ("Contractor", "Employer"), "8.2", "Time for Completion",
     "Delay damages of 0.1% of the Contract Price apply for each day of delay, up to a maximum of 10% of the Contract Price."),
    ("generic", "uncapped_penalty", ("甲方", "乙方"), "第二条", "违约责任",
     "乙方逾期交货的，每日按合同总价的千分之一支付违约金，违约金总额不超过合同总价的10%。"),
    ('generic', 'termination_for_convenience_one_side', ('Supplier', 'Customer'), '12.', 'Termination',
     "Either party may terminate this Agreement for convenience on 90 days' notice."),
    ('generic', 'termination_for_convenience_one_side', ('Supplier', 'Customer'), '12.', 'Termination',
     "The Customer may terminate this Agreement for convenience on 60 days' notice. The Supplier may terminate this Agreement for convenience on 60 days' notice."),
    ("generic", "termination_for_convenience_one_side", ("甲方", "乙方"), "第二条", "解除",
     "任何一方均可提前九十日书面通知对方解除本合同。"),
    ("generic", "termination_for_convenience_one_side", ("Supplier", "Customer"), "12.", "Termination",
     "The Customer may terminate this Agreement if the Supplier commits a material breach which is not remedied within 30 days."),
    ("generic", "preexisting_ip_assignment", ("Supplier", "Customer"), "10.", "Intellectual Property",
     "Each party retains ownership of its Background IP."),
    ("generic", "preexisting_ip_assignment", ("甲方", "乙方"), "第二条", "知识产权",
     "乙方原有的知识产权仍归乙方所有。"),
    ("sha_spa", "indemnity_no_cap", ("Buyer", "Seller"), "7.", "Limitations",
     "The aggregate liability of the Seller for all Claims shall not exceed 30% of the Purchase Price."),
    ("sha_spa", "warranty_survival_long_or_unlimited", ("Buyer", "Seller"), "7.", "Claims",
     "No Claim under the Warranties may be brought unless notified within 18 months after Completion."),
]
# fmt: on


def contract_text(parties: tuple[str, str], number: str, title: str, text: str) -> str:
    chinese = any("\u4e00" <= ch <= "\u9fff" for ch in text + title)
    if chinese:
        return f"{ZH_HEAD}{number} {title}\n{text}\n\n第三条 其他\n本合同一式两份。\n"
    head = EN_HEAD.format(a=parties[0], b=parties[1])
    major, _, minor = number.rstrip(".").partition(".")
    parent = f"Clause {major} Provisions\n" if minor else ""
    return (
        f"{head}{parent}{number} {title}\n{text}\n\n"
        "Clause 99 Miscellaneous\nThis Agreement is signed in two copies.\n"
    )


def clause_id(number: str) -> str:
    return number.rstrip(".")
