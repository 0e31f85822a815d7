"""The SHA/SPA playbook's deal terms, one at a time: each one-sided clause (English and
Chinese) is found at its own sub-clause, high for the party it burdens and low, with no
redline, for the party it favours; the balanced clause on the same subject is not
flagged."""

from __future__ import annotations

import pytest

from contract_review.documents.loading import parse_text
from contract_review.domain import RiskLevel
from contract_review.playbooks.clause_assessment import assess_document_rules
from contract_review.playbooks.finding_selection import rule_id_of
from contract_review.playbooks.party_sides import resolve_party
from contract_review.review.findings import Finding
from contract_review_sha_spa.checklist import DOMAIN_SPEC

PLAYBOOK = DOMAIN_SPEC.playbook


EN_PARTIES = (
    'This Agreement is made between Harbour Holdings Ltd (the "Seller") and '
    'Northgate Capital Ltd (the "Buyer").\n\n'
)
ZH_PARTIES = "转让方：华海控股有限公司（“转让方”）\n受让方：北门资本有限公司（“受让方”）\n\n"


def _findings(text: str, item: str, party: str | None = None) -> list[Finding]:
    chinese = any("\u4e00" <= char <= "\u9fff" for char in text)
    source = (ZH_PARTIES if chinese else EN_PARTIES) + text
    document = parse_text(source, name="deal.txt")
    checklist_item = DOMAIN_SPEC.checklist_item(item)
    assert checklist_item is not None
    side = None if party is None else resolve_party(party, [document], sides=PLAYBOOK.sides)
    return assess_document_rules(PLAYBOOK, checklist_item, [document], party=side)


#: (rule, checklist item, the party it burdens, its clause id, a one-sided clause).
ONE_SIDED: list[tuple[str, str, str, str, str]] = [
    (
        "sha_spa_cap_takes_in_title_and_tax",
        "7",
        "buyer",
        "10.1",
        "3. Price\n3.1 The Consideration is SGD 48,600,000.\n10. Limitations\n10.1 The aggregate "
        "liability of the Seller in respect of all Claims, including Claims under clause 9.5 and "
        "clause 9.6 and under the Tax Covenant, shall not exceed an amount equal to ten per "
        "cent. of the Consideration.\n",
    ),
    (
        "sha_spa_cap_takes_in_title_and_tax",
        "7",
        "受让方",
        "10.4",
        "第三条 转让价款\n3.1 转让价款为人民币42,000万元。\n第十条 赔偿\n10.4 转让方在本协议项下的全部"
        "赔偿责任，包括违反本协议第8.4款（股权权属）、第8.13款（税务）的陈述与保证及本协议第10.6款"
        "约定的特别赔偿事项所产生的责任，累计不超过转让价款总额的10%。\n",
    ),
    (
        "sha_spa_leakage_only_what_seller_receives",
        "2",
        "buyer",
        "4.2",
        "4. Locked Box\n4.2 The Seller shall pay to the Buyer an amount equal to any Leakage, "
        "provided that the Seller shall be liable only in respect of Leakage actually received "
        "by the Seller itself, and shall have no liability in respect of any payment made to "
        "any other Connected Person.\n",
    ),
    (
        "sha_spa_buyer_barred_from_set_off",
        "2",
        "受让方",
        "4.3",
        "第四条 价款支付\n4.3 受让方应于交割日后十二个月内支付尾款；但受让方不得以其依据本协议对转让方"
        "享有的任何赔偿请求、违约金请求或其他债权为由，主张抵销、扣减或暂缓支付尾款。\n",
    ),
    (
        "sha_spa_redemption_without_return",
        "10",
        "投资方",
        "7.2",
        "投资方：北门资本有限公司（“投资方”）\n第七条 回购\n7.2 回购义务由目标公司承担，目标公司应在"
        "投资方发出回购通知后依法履行减资程序，并可在减资程序完成后三年内分三期支付回购价款。\n",
    ),
    (
        "sha_spa_consent_deemed_given_quickly",
        "9",
        "投资方",
        "8.4",
        "投资方：北门资本有限公司（“投资方”）\n第八条 公司治理\n8.4 投资方提名的董事应在收到董事会"
        "会议通知后三个工作日内，就第8.3款所列重大事项书面表示同意或者否决，逾期未作出书面表示的，"
        "视为该董事同意该等事项。\n",
    ),
    (
        "sha_spa_full_ratchet",
        "10",
        "founder",
        "10.2",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n10. Anti-dilution\n'
        "10.2 No New Securities shall be issued below the Issue Price except with the consent "
        "of the Investor, provided that if any New Securities are so issued, the Company shall "
        "issue to the Investor, at par, such number of additional Shares as will result in it "
        "holding the number of Shares it would have held had its Subscription Amount been "
        "paid at that lower price.\n",
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "投资方",
        "10.2",
        "投资方：北门资本有限公司（“投资方”）\n第十条 反稀释\n10.2 目标公司以低于本次增资价格增资的，"
        "由创始人向投资方补偿相应股权；但经目标公司董事会批准的员工股权激励、与战略合作方之间的增资"
        "以及为引入地方政府产业基金而进行的增资，不适用本款规定。\n",
    ),
    (
        "sha_spa_fundamental_matters_by_supermajority_without_investor",
        "9",
        "投资方",
        "6.3",
        "投资方：北门资本有限公司（“投资方”）\n第六条 股东会\n6.3 下列事项应经目标公司股东会审议，"
        "并经代表三分之二以上表决权的股东同意方可通过：（1）修改公司章程；（2）增加或减少注册资本；"
        "（3）公司合并、分立、解散、清算。\n",
    ),
    (
        "sha_spa_drag_along_without_any_floor",
        "10",
        "founder",
        "13.1",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n13. Drag-along\n'
        "13.1 If the Investor wishes to transfer all its Shares to a bona fide purchaser on "
        "arm's length terms, it may require all the other holders of Shares to transfer all "
        "their Shares to the purchaser on the same terms.\n",
    ),
    (
        "sha_spa_retention_released_despite_claims",
        "2",
        "buyer",
        "5.2",
        "5. Retention\n5.2 On the first anniversary of Completion the Escrow Agent shall release "
        "the Retention Amount to the Sellers, save only that there shall be retained such part "
        "of it as equals the amount of any Claim which has by that date been agreed in writing "
        "by the Sellers or determined by a final judgment or arbitral award.\n",
    ),
    (
        "sha_spa_liquidation_preference_multiple",
        "10",
        "founder",
        "14.1",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n14. Liquidation\n'
        "14.1 On a return of capital on a liquidation or otherwise, the surplus assets of the "
        "Company shall be applied first in paying to the holders of Series A Shares an amount "
        "per share equal to 1.5 times the Series A Price, together with any arrears of declared "
        "but unpaid dividends.\n",
    ),
    (
        "sha_spa_buyer_claims_despite_knowledge",
        "7",
        "seller",
        "8.06",
        "8. Indemnification\n8.06 The representations and warranties of Seller shall not be "
        "affected or deemed waived by reason of any investigation made by or on behalf of "
        "Buyer, or by reason of the fact that Buyer knew or should have known that any such "
        "representation or warranty is or might be inaccurate.\n",
    ),
    (
        "sha_spa_price_paid_before_completion",
        "2",
        "受让方",
        "3.3",
        "第三条 转让价款\n3.3 在先决条件全部满足之日起五个工作日内，受让方应将全部转让价款的百分之九十"
        "（90%）支付至转让方指定的银行账户，转让方应于收到该等款项后开始办理标的股权的变更登记手续。\n",
    ),
    (
        "sha_spa_founder_cap_disapplied_for_ordinary_warranties",
        "10",
        "founder",
        "6.3",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n6. Limitations\n'
        "6.3 The aggregate liability of each Founder for all Warranty Claims shall not exceed "
        "his annual salary, provided that the limit in this clause 6.3 shall not apply to any "
        "claim in respect of the Warranties in Part B (Intellectual Property) of Schedule 2, "
        "for which each Founder shall be jointly and severally liable.\n",
    ),
    # the party dragged is read by the rule's counter verbs ("including the Investor, to
    # transfer"), not taken from the parenthesis before ("held by the Investor")
    (
        "sha_spa_drag_along_without_any_floor",
        "10",
        "investor",
        "9.4",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n9. Drag-along\n'
        "9.4 If the holders of a majority of the Ordinary Shares (excluding shares held by the "
        "Investor) wish to accept an offer from a bona fide third party for the entire issued "
        "share capital of the Company, they may require all other shareholders, including the "
        "Investor, to transfer their shares to that purchaser on the terms the selling majority "
        "shall have agreed.\n",
    ),
    (
        "sha_spa_mac_takes_in_market_events",
        "3",
        "seller",
        "1.01",
        '1. Definitions\n1.01 In this Agreement:\n"Closing Date" means the date of the Closing.\n'
        '"Material Adverse Effect" means any event, change or effect that is materially adverse '
        "to the business, assets or financial condition of the Business, whether or not arising "
        "from general economic or political conditions, conditions generally affecting the "
        "industries in which the Business operates, changes in Law or GAAP, or the announcement "
        "of the transactions.\n",
    ),
    (
        "sha_spa_general_disclosure",
        "4",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 除非另有约定，下列词语具有如下含义：\n“已披露事项”指（1）转让方出具的披露函"
        "中列明的事项；（2）数据室中所载的全部文件与信息；以及（3）可通过公开渠道查询获得的与目标"
        "公司有关的全部信息。\n“交割日”指完成股权变更登记之日。\n",
    ),
    (
        "sha_spa_chair_casting_vote",
        "9",
        "乙方",
        "6.4",
        "第六条 董事会\n6.4 董事会表决出现赞成票与反对票相等的情形时，董事长有权多投一票。\n",
    ),
    (
        "sha_spa_tag_along_only_on_change_of_control",
        "10",
        "investor",
        "11.1",
        "11. Tag-along\n11.1 If the Sponsor proposes to transfer Shares, the transferee shall "
        "offer to buy from each other Shareholder the same proportion of its Shares at the same "
        "price per Share, provided that this Clause 11 shall not apply to any transfer of Shares "
        "representing in aggregate less than 50 per cent of the Shares.\n",
    ),
    (
        "sha_spa_financing_or_diligence_condition",
        "3",
        "seller",
        "4.1",
        "4. Conditions\n4.1 Completion is conditional on (a) the Buyer having obtained debt "
        "financing for the Consideration on terms satisfactory to it and (b) merger clearance.\n",
    ),
    (
        "sha_spa_financing_or_diligence_condition",
        "3",
        "转让方",
        "4.1",
        "第四条 先决条件\n4.1 本次交易以下列条件全部满足为先决条件：（一）尽职调查结果令受让方满意；"
        "（二）取得市场监管部门的批准。\n",
    ),
    (
        "sha_spa_hell_or_high_water",
        "3",
        "buyer",
        "5.3",
        "5. Clearances\n5.3 The Buyer shall take any and all steps necessary to obtain merger "
        "clearance, including agreeing to divest any business or assets of the Buyer's group.\n",
    ),
    (
        "sha_spa_loss_reduced_by_recoverable_insurance",
        "7",
        "buyer",
        "10.6",
        "10. Limitations\n10.6 The Seller shall not be liable for any Loss to the extent it is "
        "recoverable under any insurance policy of the Company, whether or not a claim is made "
        "under that policy.\n",
    ),
    (
        "sha_spa_dragged_minority_gives_warranties",
        "10",
        "investor",
        "12.4",
        "12. Drag-along\n12.4 The Dragged Shareholders shall give the same representations, "
        "warranties and indemnities as are given by the Dragging Shareholders, jointly and "
        "severally with them.\n",
    ),
    (
        "sha_spa_adjustment_threshold_for_one_side",
        "2",
        "buyer",
        "4.4",
        "4. Adjustment\n4.4 The difference shall be paid by the Seller to the Buyer or by the "
        "Buyer to the Seller, provided that no amount shall be payable by the Seller under "
        "clause 4.4 unless the shortfall exceeds $250,000, whereas any amount payable by the "
        "Buyer shall be paid in full.\n",
    ),
    (
        "sha_spa_improvements_of_one_party_taken",
        "8",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 “改进”指在本协议有效期内对许可技术所作的任何改进，不论由目标公司还是由"
        "受让方的关联方完成，亦无论是否使用目标公司的资源。\n",
    ),
    (
        "sha_spa_reserved_matters_carved_out",
        "9",
        "investor",
        "1.1",
        '1. Definitions\n1.1 "Investor Consent Matters" means the matters in Schedule 3, save '
        "that no matter shall constitute an Investor Consent Matter to the extent that it is "
        "provided for in the Budget approved by the Board.\n",
    ),
    (
        "sha_spa_full_ratchet",
        "10",
        "founder",
        "7.2",
        "7. Anti-dilution\n7.2 On a Dilutive Issue the Conversion Price shall be adjusted on a "
        "broad-based weighted average basis, provided that during the first year the Conversion "
        "Price shall be reduced to the price at which the new shares are issued.\n",
    ),
    (
        "sha_spa_conditions_waived_at_one_side_discretion",
        "3",
        "受让方",
        "4.3",
        "第四条 先决条件\n4.3 第4.1条所列条件于最后期限仍未满足的，转让方有权通知受让方视为该等条件"
        "已被豁免，受让方应继续完成交割。\n",
    ),
    (
        "sha_spa_investor_locked_in",
        "10",
        "投资方",
        "9.1",
        "第九条 股权转让\n9.1 投资方转让其所持公司股权，须事先取得创始人的书面同意，且不得向竞争对手"
        "转让。\n",
    ),
    (
        "sha_spa_forced_sale_below_value",
        "10",
        "受让方",
        "12.3",
        "第十二条 控制权变更\n12.3 受让方发生控制权变更的，转让方有权按照受让方所持股权的账面净资产与"
        "其实缴出资额两者中较低者的价格收购受让方持有的全部股权。\n",
    ),
    (
        "sha_spa_completion_accounts_decided_by_one_side",
        "2",
        "seller",
        "4.2",
        "4. Completion Accounts\n4.2 The Completion Statement shall be prepared by the Buyer "
        "within 60 days after Completion and, once delivered, shall be final and binding on "
        "the parties for all purposes.\n",
    ),
    (
        "sha_spa_expert_is_one_sides_auditor",
        "2",
        "seller",
        "4.3",
        "4. Completion Accounts\n4.3 Any item that the parties do not agree shall be submitted "
        "for decision to the Buyer's auditors, whose decision shall be final.\n",
    ),
    (
        "sha_spa_business_run_freely_before_completion",
        "5",
        "buyer",
        "6.1",
        "6. Pre-Completion\n6.1 Pending Completion the Seller may carry on the business of the "
        "Company as it sees fit, including incurring borrowings and disposing of assets.\n",
    ),
    (
        "sha_spa_business_run_freely_before_completion",
        "5",
        "受让方",
        "6.1",
        "第六条 过渡期\n6.1 过渡期内，转让方可根据经营需要自行决定目标公司的对外借款、担保及资产处置"
        "事项，无需取得受让方的同意。\n",
    ),
    (
        "sha_spa_price_adjusted_one_way",
        "2",
        "seller",
        "3.5",
        "3. Price adjustment\n3.5 If the Completion Net Assets are less than the Target Net "
        "Assets, the Consideration shall be reduced by the shortfall; if they exceed the Target "
        "Net Assets, there shall be no adjustment to the Consideration.\n",
    ),
    (
        "sha_spa_escrow_held_too_long",
        "2",
        "seller",
        "2.4",
        "2. Consideration\n2.4 At Closing the Buyer shall pay $4,000,000 of the Purchase Price "
        "into the escrow account, to be held by the Escrow Agent for thirty-six months after the "
        "Closing Date as security for claims under Article 9.\n",
    ),
    (
        "sha_spa_double_materiality_scrape",
        "7",
        "seller",
        "9.8",
        "9. Indemnification\n9.8 For the purposes of this Article 9, whether there has been any "
        "breach of a representation and the Losses resulting from it shall be determined as if "
        "no representation were qualified by any materiality or Material Adverse Effect "
        "qualifier, read without regard to any materiality in it.\n",
    ),
    (
        "sha_spa_change_of_control_hair_trigger",
        "1",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 本协议中，“受让方控制权变更”指受让方的任一股东转让或质押其持有的受让方"
        "股权达到受让方注册资本的百分之五以上，或受让方进行任何增资。\n",
    ),
    (
        "sha_spa_claim_period_short",
        "7",
        "buyer",
        "10.2",
        "10. Limitations\n10.2 The Seller shall not be liable for a Claim unless notice of it is "
        "given on or before the date falling eight months after Completion (or, for a claim "
        "under the Tax Covenant, the sixth anniversary of Completion).\n",
    ),
    (
        "sha_spa_seller_cap_too_low",
        "7",
        "受让方",
        "9.3",
        "第二条 转让价款\n2.1 转让价款为人民币40,000万元。\n第九条 赔偿\n9.3 转让方在本协议项下的"
        "全部赔偿责任（包括违反股权权属保证的责任）合计不超过人民币1,000万元。\n",
    ),
    (
        "sha_spa_price_paid_before_completion",
        "2",
        "受让方",
        "3.1",
        "第三条 价款支付\n3.1 受让方应于本协议生效后三个工作日内向转让方支付转让价款的30%；"
        "该笔价款的支付不以第五条所列交割条件的成就为前提，亦不设置共管账户。\n",
    ),
    (
        "sha_spa_knowledge_without_enquiry",
        "4",
        "受让方",
        "7.5",
        "第七条 陈述与保证\n7.5 转让方保证附件三所列事项真实、准确；但转让方仅对其实际知道的事项承担"
        "责任，受让方不得以转让方理应知道为由提出索赔。\n",
    ),
    (
        "sha_spa_redemption_without_return",
        "10",
        "投资方",
        "6.3",
        "第六条 回购\n6.3 回购价款为投资款加年化8%的收益；但创始人的回购义务以其所持公司股权的"
        "变现所得为限，且回购期限可顺延至创始人出售该等股权之日。\n",
    ),
    (
        "sha_spa_quorum_without_minority_director",
        "9",
        "投资方",
        "5.4",
        "第五条 董事会\n5.4 董事会会议因出席人数不足而延期的，再次召集的董事会会议不受前款法定人数"
        "的限制，出席董事过半数同意即可通过任何决议。\n",
    ),
    (
        "sha_spa_bad_leaver_too_wide",
        "10",
        "founder",
        "1.1",
        '1. Definitions\n1.1 In this Agreement: "Cause" means, for a Founder, fraud, gross '
        "misconduct, or the failure of the Company to meet the revenue budget in the Business "
        'Plan for any financial year; and "Bad Leaver" means a Founder dismissed for Cause.\n',
    ),
    (
        "sha_spa_mac_carve_outs_swallow_it",
        "3",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 “重大不利变化”指对目标公司的业务、资产或财务状况产生重大不利影响的事件，"
        "但不包括：行业政策变化；目标公司的任何产品质量纠纷或行政处罚；关键技术人员离职。\n",
    ),
    (
        "sha_spa_break_fee_payable_by_one_side",
        "3",
        "seller",
        "8.03",
        "8. Termination\n8.03 If this Agreement is terminated for any reason other than under "
        "Section 8.01(c), including by either party under Section 8.01(d) because the conditions "
        "have not been satisfied, Seller shall pay to Buyer, within five Business Days after "
        "termination, a fee of $1,500,000.\n",
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "投资方",
        "9.2",
        "第九条 反稀释\n9.2 如目标公司以低于本轮价格的价格增加注册资本，投资方有权按照广义加权平均的方式调整投资价格；但本款不适用于以下情形：员工股权激励，以及"
        "经目标公司董事会批准的其他任何增资。\n",
    ),
    (
        "sha_spa_conditions_waived_at_one_side_discretion",
        "3",
        "受让方",
        "4.2",
        "第四条 先决条件\n4.2 第4.1条所列条件是否满足由转让方根据其合理判断予以确认，转让方有权以书面通知受让方的方式豁免其中任何一项条件。\n",
    ),
    (
        "sha_spa_qualified_listing_defined_too_wide",
        "10",
        "投资方",
        "1.1",
        "创始人：李明（“创始人”）\n投资方：北门资本有限公司（“投资方”）\n\n第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“增资款”指投资方支付的全部款项。\n\n（2）“合格上市”指公司股票在任一证券交易所首次公开发行并上市，或在全国中小企业股份转让系统挂牌公开转让，不设发行市值或发行价格的最低要求。\n\n第八条 回购\n8.1 公司未能于2030年底前实现合格上市的，投资方有权要求创始人回购其股权。\n",
    ),
    (
        "sha_spa_consent_deemed_given_quickly",
        "9",
        "投资方",
        "7.4",
        "创始人：李明（“创始人”）\n投资方：北门资本有限公司（“投资方”）\n\n第七条 公司治理\n7.4 下列重大事项须经投资方书面同意：修改章程、增加注册资本、对外担保。公司应在上述事项提交股东会审议前书面通知投资方；投资方应在收到通知之日起三个工作日内书面回复，逾期未回复的，视为投资方同意该事项。\n",
    ),
    (
        "sha_spa_dividends_at_one_shareholders_discretion",
        "9",
        "乙方",
        "10.3",
        "甲方：宁波港联物流集团有限公司（“甲方”）\n乙方：杭州数联科技有限公司（“乙方”）\n\n第十条 利润分配\n10.3 合资公司是否分配利润以及分配比例由甲方根据合资公司的经营和投资需求决定。\n",
    ),
    (
        "sha_spa_founder_cap_disapplied_for_ordinary_warranties",
        "10",
        "founder",
        "4.3",
        'Between Verdant Ltd (the "Company"), Ann Lee (the "Founder") and Kestrel Fund L.P. (the "Investor").\n\n4. Limitations\n4.3 The aggregate liability of each Founder for all claims under the Warranties shall not exceed one times his or her annual salary, provided that this limitation shall not apply to any claim under clauses 5.4 (Intellectual property) and 5.5 (Accounts), for which each Founder shall be liable up to the total amount subscribed by the Investors.\n',
    ),
    (
        "sha_spa_fair_value_with_minority_discount",
        "10",
        "乙方",
        "1.1",
        "甲方：宁波港联物流集团有限公司（“甲方”）\n乙方：杭州数联科技有限公司（“乙方”）\n\n第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“合资公司”指双方设立的公司。\n\n（2）“公允价值”指以合资公司最近一期经审计的账面净资产为基础确定的股权价值，计算时不考虑合资公司的商誉、无形资产及控制权溢价。\n\n第十二条 购买选择权\n12.1 乙方违约的，甲方有权按公允价值购买乙方所持全部股权。\n",
    ),
    (
        "sha_spa_chair_casting_vote",
        "9",
        "乙方",
        "7.4",
        "甲方：宁波港联物流集团有限公司（“甲方”）\n乙方：杭州数联科技有限公司（“乙方”）\n\n第七条 董事会\n7.4 如连续两次董事会会议均未能获得全体董事一致同意，则董事长有权在第三次董事会会议上就该事项投决定票。\n",
    ),
    (
        "sha_spa_restriction_on_one_side_only",
        "8",
        "乙方",
        "11.1",
        "甲方：宁波港联物流集团有限公司（“甲方”）\n乙方：杭州数联科技有限公司（“乙方”）\n\n第十一条 股权转让\n11.1 自合资公司成立之日起五年内，乙方不得转让其所持合资公司股权；但甲方向其关联方转让，或经批准向其他国有企业转让其所持股权的，不受此限。\n",
    ),
    (
        "sha_spa_mac_carve_outs_swallow_it",
        "3",
        "buyer",
        "5.4",
        '5. Conditions\n5.4 "Material Adverse Change" means any event which has a material adverse effect on the Company, provided that no event shall constitute a Material Adverse Change to the extent it arises from the loss, suspension or non-renewal of any customer contract.\n',
    ),
    (
        "sha_spa_price_paid_before_completion",
        "2",
        "受让方",
        "3.2",
        "第三条 价款支付\n3.2 受让方应于本协议签署之日起五个工作日内，向转让方指定账户支付转让价款总额的60%；该款项直接支付至转让方账户，无需设立共管账户，亦不以任何先决条件的满足为前提。\n",
    ),
    (
        "sha_spa_registration_cut_back_first",
        "10",
        "investor",
        "7.04",
        'Between Lumina Ltd. (the "Company"), Ann Lee (the "Founder") and Granite Fund L.P. '
        '(the "Investor").\n\n7. Registration Rights\n7.04 Holders of Registrable Securities may '
        "request a registration; provided, however, that if the managing underwriter so advises, "
        "the Registrable Securities may be excluded from the offering in their entirety, and the "
        "shares held by the Founder shall be included in the offering in priority to any "
        "Registrable Securities.\n",
    ),
    (
        "sha_spa_anti_dilution_only_on_deep_discount",
        "10",
        "投资方",
        "8.2",
        "创始人：李明（“创始人”）\n投资方：北门资本有限公司（“投资方”）\n\n第八条 反稀释\n8.2 仅在新增注册资本的每一元单价低于本次增资单价的百分之七十（70%）时，投资方方有权要求调整，调整按照广义加权平均方式计算。\n",
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "investor",
        "1.1",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund L.P. (the "Investor").\n\n1. Definitions\n1.1 In this Agreement:\n\n"Board" means the board of directors of the Company;\n\n"Excluded Issues" means (a) the issue of Ordinary Shares under the ESOP; (b) any issue of Shares in connection with a strategic partnership, venture debt facility or other transaction, or otherwise on such terms and to such persons, as the Board may approve.\n\n2. Pre-emption\n2.1 Save for Excluded Issues, new Shares shall first be offered to the Investor.\n',
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "乙方",
        "7.2",
        "甲方：江苏恒岳新材料集团股份有限公司（“甲方”）\n乙方：苏州澄芯环保科技有限公司（“乙方”）\n\n第七条 增资\n7.2 公司增加注册资本的，各方按实缴出资比例享有优先认缴权；但经董事会决定引进战略投资者或为实施员工持股计划而增加注册资本的，各方均不享有优先认缴权。\n",
    ),
    (
        "sha_spa_no_deemed_liquidation",
        "10",
        "投资方",
        "1.1",
        "创始人：李明（“创始人”）\n投资方：北门资本有限公司（“投资方”）\n\n第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“公司”指目标公司。\n\n（2）“清算事件”指目标公司依法解散或被宣告破产的情形。为免疑义，目标公司合并、被收购或控制权发生变更的，均不构成清算事件。\n\n第八条 清算\n8.4 如发生清算事件，应优先向投资方支付增资款。\n",
    ),
    (
        "sha_spa_set_off_unagreed_claims",
        "2",
        "seller",
        "6.4",
        "6. Deferred Consideration\n6.4 The Buyer may withhold from, and set off against, any Deferred Consideration payment any amount which the Buyer in good faith claims is or may become due to it from the Seller, whether or not the relevant claim has been agreed or finally determined.\n",
    ),
    (
        "sha_spa_set_off_unagreed_claims",
        "2",
        "转让方",
        "3.4",
        "第三条 价款支付\n3.4 第三期转让价款于交割日后十二个月内支付；但受让方认为转让方可能存在违反本协议的情形的，受让方有权暂停支付第三期价款的全部或任何部分。\n",
    ),
    (
        "sha_spa_loss_definition_too_wide",
        "7",
        "转让方",
        "1.1",
        "第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“交割日”指完成工商变更登记之日。\n\n（2）“损失”指受让方或目标公司遭受的一切损失、损害和费用，包括但不限于间接损失、可得利益损失、商誉损失。\n\n第九条 赔偿\n9.1 转让方应赔偿受让方的损失。\n",
    ),
    (
        "sha_spa_loss_definition_too_narrow",
        "7",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“交割日”指完成工商变更登记之日。\n\n（2）“损失”指一方实际遭受的直接经济损失，不包括任何间接损失，亦不包括政府部门作出的罚款、滞纳金及追缴税款。\n\n第九条 赔偿\n9.1 转让方应赔偿受让方的损失。\n",
    ),
    (
        "sha_spa_leakage_defined_too_wide",
        "2",
        "seller",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n\n"Business Day" means a day on which banks are open in London;\n\n"Leakage" means any payment made to, or for the benefit of, the Seller or any director of the Company, including any salary, bonus or pension contribution, in each case whether or not paid in the ordinary course.\n\n4. Locked Box\n4.1 The Seller shall repay any Leakage.\n',
    ),
    (
        "sha_spa_buyer_assumes_pre_completion_liabilities",
        "2",
        "buyer",
        "1.01",
        '1. Definitions\n1.01 In this Agreement:\n\n"Assumed Liabilities" means (a) all Liabilities under the Assigned Contracts to be performed after the Closing; and (b) all other Liabilities relating to the Business, whether arising or accruing before, on or after the Closing Date, other than the Excluded Liabilities.\n\n2. Sale\n2.01 The Buyer shall assume the Assumed Liabilities.\n',
    ),
    (
        "sha_spa_mac_carve_outs_swallow_it",
        "3",
        "buyer",
        "1.2",
        '1. Definitions\n1.2 "Material Adverse Effect" means any change that has a material adverse effect on the Company; provided that none of the following shall be taken into account: (a) general economic conditions; (b) any loss of any customer of the Company, in each case whether or not such matter has a disproportionate effect on the Company.\n',
    ),
    (
        "sha_spa_mac_too_narrow",
        "3",
        "收购方",
        "1.1",
        "转让方：华海控股有限公司（“转让方”）\n收购方：北门资本有限公司（“收购方”）\n\n第一条 定义\n1.1 “重大不利变化”指导致集团公司合并净资产较基准日减少百分之五十以上的任何事件、变化或情况。\n",
    ),
    (
        "sha_spa_chair_casting_vote",
        "9",
        "乙方",
        "13.2",
        "甲方：江苏恒岳新材料集团股份有限公司（“甲方”）\n乙方：苏州澄芯环保科技有限公司（“乙方”）\n\n第十三条 僵局\n13.2 董事会连续两次会议均未能就重大事项形成有效决议的，董事长有权就该事项作出决定，该决定视为董事会决议。\n",
    ),
    (
        "sha_spa_restriction_on_one_side_only",
        "8",
        "乙方",
        "20.1",
        "甲方：江苏恒岳新材料集团股份有限公司（“甲方”）\n乙方：苏州澄芯环保科技有限公司（“乙方”）\n\n第二十条 竞业限制\n20.1 乙方及其关联方不得从事与公司业务相同或相类似的业务；甲方及其关联方现有及未来开展的电池材料业务不受本条限制。\n",
    ),
    (
        "sha_spa_related_party_dealings_of_one_side_excluded",
        "9",
        "乙方",
        "1.1",
        "甲方：江苏恒岳新材料集团股份有限公司（“甲方”）\n乙方：苏州澄芯环保科技有限公司（“乙方”）\n\n第一条 定义\n1.1 除非另有说明，本协议中：\n\n（1）“公司”指合资公司。\n\n（2）“关联交易”指公司与任一股东或其关联方之间的交易；但不包括公司与甲方及其关联方之间依据《原料供应框架协议》发生的任何交易。\n\n第十条 关联交易\n10.1 关联交易须经全体董事一致同意。\n",
    ),
    (
        "sha_spa_investor_locked_in",
        "10",
        "investor",
        "8.01",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund L.P. (the "Investor").\n\n8. Transfers\n8.01 The Investor shall not sell or transfer any Shares to any Person, including any Affiliate of the Investor, without first offering such shares to the Company and then to the Founder; and no transfer shall be made to a competitor of the Company.\n',
    ),
    (
        "sha_spa_liquidation_preference_multiple",
        "10",
        "founder",
        "6.1",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund L.P. (the "Investor").\n\n6. Liquidation\n6.1 On a liquidation, dissolution or winding up of the Company, or on a sale of all or substantially all the assets or more than 50% of the Shares of the Company, the assets or proceeds available for distribution to the shareholders shall be applied first in paying to the holders of the Series A Shares, in priority to any payment to the holders of Ordinary Shares, an amount per share equal to two times the Issue Price.\n',
    ),
    (
        "sha_spa_performance_compensation_capped_low",
        "2",
        "收购方",
        "9.2",
        "转让方：华海控股有限公司（“转让方”）\n收购方：北门资本有限公司（“收购方”）\n\n第三条 转让价款\n3.1 标的股权的转让价款为人民币"
        "陆亿元（“转让价款”）。\n\n第九条 业绩承诺\n9.2 如目标公司累计实际净利润低于累计承诺净利润，转让方应以现金方式向收购方进行"
        "补偿；转让方在本条项下的累计补偿金额最高不超过人民币叁仟万元。\n",
    ),
    (
        "sha_spa_performance_compensation_only_on_large_shortfall",
        "2",
        "投资方",
        "7.3",
        "创始人：李明（“创始人”）\n投资方：北门资本有限公司（“投资方”）\n\n第七条 业绩承诺\n7.3 若目标公司任一年度实际净利润"
        "低于当年度承诺净利润的百分之六十时，创始人应以现金方式向投资方进行补偿。\n",
    ),
    (
        "sha_spa_performance_compensation_only_on_large_shortfall",
        "2",
        "investor",
        "6.2",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund '
        'L.P. (the "Investor").\n\n6. Profit Guarantee\n6.2 If the audited net profit for any '
        "year is less than 70% of the Guaranteed Net Profit for that year, the Founder shall "
        "pay the Investor the shortfall in cash.\n",
    ),
    (
        "sha_spa_earn_out_deemed_achieved",
        "2",
        "收购方",
        "5.5",
        "转让方：华海控股有限公司（“转让方”）\n收购方：北门资本有限公司（“收购方”）\n\n第五条 业绩承诺\n5.5 收购方对目标公司的"
        "年度预算或产品定价作出任何调整的，视为目标公司已完成业绩承诺期内全部承诺净利润，收购方应当立即支付全部剩余业绩对价。\n",
    ),
    (
        "sha_spa_earn_out_metric_inflated",
        "2",
        "收购方",
        "1.6",
        "转让方：华海控股有限公司（“转让方”）\n收购方：北门资本有限公司（“收购方”）\n\n第一条 定义\n1.6 “净利润”指目标公司经审计的"
        "合并报表归属于母公司所有者的净利润（扣除非经常性损益前）。\n",
    ),
    (
        "sha_spa_liquidation_preference_multiple",
        "10",
        "founder",
        "7.1",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund '
        'L.P. (the "Investor").\n\n7. Liquidation\n7.1 On a Liquidation or an Exit, the proceeds '
        "shall be applied first in paying to the holders of the Series A Shares an amount per "
        "share equal to twice the Series A Price.\n",
    ),
    (
        "sha_spa_fair_value_with_minority_discount",
        "10",
        "seller",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n\n"Business Day" means a day on which banks are '
        'open in Singapore.\n\n"Fair Value" means the value of the Sale Shares as determined by '
        "an independent firm of accountants, applying a discount of not less than 30% to reflect "
        "the minority interest and lack of marketability of the Sale Shares.\n\n2. Sale\n2.1 The "
        "Seller shall sell the Shares.\n",
    ),
    (
        "sha_spa_price_paid_forfeited_on_default",
        "11",
        "受让方",
        "10.1",
        "第十条 违约责任\n10.1 受让方逾期支付转让价款超过15日的，转让方有权解除本协议，转让方已收取的转让价款不予退还。\n",
    ),
    (
        "sha_spa_specific_indemnity_capped_low",
        "7",
        "buyer",
        "11.1",
        "2. Price\n2.1 The Consideration is £42,000,000.\n\n11. Indemnities\n11.1 The Seller "
        "shall indemnify the Buyer against all Losses arising from the Quillon Claim, provided "
        "that the Seller's total liability under this clause 11.1 shall not exceed £50,000.\n",
    ),
    (
        "sha_spa_veto_over_day_to_day_business",
        "9",
        "founder",
        "6.3",
        'Between Tidewater Pte. Ltd. (the "Company"), Ann Lee (the "Founder") and Kestrel Fund '
        'L.P. (the "Investor").\n\n6. Consent Matters\n6.3 The Company shall not, without the '
        "prior written consent of the Investor: (a) amend its articles; (b) hire, dismiss or vary "
        "the remuneration of any employee; (c) enter into any contract with a value exceeding "
        "S$50,000.\n",
    ),
    (
        "sha_spa_veto_over_day_to_day_business",
        "9",
        "创始人",
        "9.4",
        "甲方：星海科技有限公司（“公司”）\n乙方：周子航（“创始人”）\n丙方：北辰创业投资合伙企业（“投资方”）\n\n"
        "第九条 治理\n9.4 目标公司下列事项须经投资方书面同意方可实施：（1）修改公司章程；（2）任何单笔金额超过"
        "人民币50万元的采购或销售合同；（3）员工招聘计划及年度调薪方案。\n",
    ),
    (
        "sha_spa_seller_cap_too_low",
        "7",
        "buyer",
        "10.2",
        "2. Price\n2.1 The Consideration is £42,000,000.\n\n10. Limitations\n10.2 The total "
        "liability of the Seller for all Claims, all claims under the Tax Covenant and all other "
        "claims, including claims for breach of the Fundamental Warranties, shall not exceed "
        "£420,000 in aggregate.\n",
    ),
    (
        "sha_spa_claim_period_long",
        "7",
        "seller",
        "8.01",
        "8. Survival\n8.01 The representations and warranties (other than the Fundamental "
        "Representations) shall survive the Closing until the date that is six years from the "
        "Closing Date.\n",
    ),
    (
        "sha_spa_sellers_jointly_and_severally_liable",
        "7",
        "seller",
        "11.8",
        "11. Limitations\n11.8 The obligations and liabilities of the Sellers under this "
        "agreement (including in respect of the Warranties) shall be joint and several.\n",
    ),
    (
        "sha_spa_sellers_jointly_and_severally_liable",
        "7",
        "转让方",
        "7.4",
        "第七条 补偿\n7.4 转让方之间就业绩补偿及减值补偿义务承担连带责任。\n",
    ),
    (
        "sha_spa_recourse_against_company_only",
        "7",
        "investor",
        "4.3",
        'Between Tidewater Pte. Ltd. (the "Company") and Kestrel Fund L.P. (the "Investor").'
        "\n\n4. Warranties\n4.3 The Investor's sole recourse for any breach of the Warranties "
        "shall be against the Company, and the Founders shall have no personal liability in "
        "respect of the Warranties.\n",
    ),
    (
        "sha_spa_specific_indemnity_subject_to_limits",
        "7",
        "buyer",
        "11.2",
        "11. Indemnities\n11.2 The Seller shall indemnify the Buyer against Losses arising "
        "from the proceedings brought by Hollis Ranch Partners against the Company; provided "
        "that this clause 11.2 shall be subject to the limitations in clause 10.\n",
    ),
    (
        "sha_spa_deferred_consideration_at_lenders_mercy",
        "2",
        "seller",
        "3.4",
        "3. Consideration\n3.4 Each instalment of the Deferred Consideration shall become "
        "payable only to the extent that its payment is permitted under the senior facilities "
        "agreement entered into by the Buyer with its banks.\n",
    ),
    (
        "sha_spa_mac_in_buyers_opinion",
        "3",
        "seller",
        "3.3",
        '3. Conditions\n3.3 "Material Adverse Change" means any event which in the reasonable '
        "opinion of the Buyer has had or could have an adverse effect on the business or "
        "prospects of the Company.\n",
    ),
    (
        "sha_spa_veto_overridden_by_vote",
        "9",
        "投资方",
        "4.4",
        "甲方：星海科技有限公司（“公司”）\n乙方：北辰创业投资合伙企业（“投资方”）\n\n"
        "第四条 治理\n4.4 如一票否决事项已经持有公司三分之二以上表决权的股东表决同意，则该事项无须再取得投资方的同意。\n",
    ),
    (
        "sha_spa_damages_sole_remedy_capped_low",
        "11",
        "受让方",
        "11.3",
        "第十一条 违约责任\n11.3 转让方逾期办理变更登记的，每逾期一日应按已付款项的万分之一支付违约金，累计不超过"
        "转让价款的1%；该等违约金为受让方的唯一救济，受让方不得因此解除本协议或另行主张赔偿。\n",
    ),
    (
        "sha_spa_tag_along_only_on_change_of_control",
        "10",
        "investor",
        "7.3",
        'Between Tidewater Pte. Ltd. (the "Company") and Kestrel Fund L.P. (the "Investor").'
        "\n\n7. Transfers\n7.3 The Investor may exercise its tag-along right only if the "
        "transfer would reduce the Founders' holding to less than 51 per cent of the shares.\n",
    ),
    (
        "sha_spa_seller_cap_at_price",
        "7",
        "seller",
        "9.2",
        "9. Limitations\n9.2 The aggregate liability of the Seller in respect of all Claims "
        "shall not exceed an amount equal to the Consideration.\n",
    ),
    (
        "sha_spa_drag_along_at_any_price",
        "10",
        "投资方",
        "10.3",
        "丙方：华海控股有限公司（“丙方”）\n投资方：北门资本有限公司（“投资方”）\n\n"
        "第十条 领售权\n10.3 如丙方同意将其持有的目标公司全部股权出售给第三方，投资方应按照丙方与"
        "该第三方约定的同等价格和条件出售其持有的全部股权，无论该等价格是否低于投资方的增资价格。\n",
    ),
    (
        "sha_spa_drag_along_at_any_price",
        "10",
        "founder",
        "8.4",
        "8. Drag-along\n8.4 If, after the third anniversary of Closing, the Series C Investor "
        "Majority approves a sale of all the shares to a bona fide third party, the Series C "
        "Investor Majority may require all other shareholders, including the Founders, to sell "
        "their shares to that purchaser at any price it accepts.\n",
    ),
    (
        "sha_spa_buyer_may_walk_away",
        "3",
        "转让方",
        "4.4",
        "第四条 交割\n4.4 在交割日之前，受让方有权基于任何理由随时书面通知转让方解除本协议，且无须承担任何责任。\n",
    ),
    (
        "sha_spa_buyer_may_walk_away",
        "3",
        "seller",
        "4.4",
        "4. Termination\n4.4 The Buyer may terminate this Agreement at any time before Completion "
        "for any reason by notice to the Seller, without liability.\n",
    ),
    (
        "sha_spa_conditions_waived_at_one_side_discretion",
        "3",
        "buyer",
        "3.2",
        "3. Conditions\n3.1 Completion is conditional on the Conditions.\n3.2 The Seller may, "
        "in its sole and absolute discretion, waive any or all of the Conditions by notice "
        "to the Buyer.\n",
    ),
    (
        "sha_spa_break_fee_payable_by_one_side",
        "3",
        "buyer",
        "3.5",
        "3. Conditions\n3.5 If this Agreement terminates before Completion for any reason, "
        "the Buyer shall pay to the Seller a break fee of USD 2,000,000 within five "
        "Business Days.\n",
    ),
    (
        "sha_spa_general_disclosure",
        "4",
        "buyer",
        "5.2",
        "5. Warranties\n5.2 The Warranties are qualified by all information contained in "
        "the Data Room, whether or not fairly disclosed in the Disclosure Letter.\n",
    ),
    (
        "sha_spa_general_disclosure",
        "4",
        "受让方",
        "第五条",
        "第五条 陈述与保证\n数据室中的全部文件均视为已向受让方充分披露，转让方就该等事项不承担保证责任。\n",
    ),
    (
        "sha_spa_buyer_knowledge_bars_claims",
        "4",
        "buyer",
        "5.4",
        "5. Warranties\n5.4 The Seller shall have no liability for any Claim to the extent "
        "that the Buyer had actual, constructive or imputed knowledge of the matter "
        "giving rise to it.\n",
    ),
    (
        "sha_spa_knowledge_without_enquiry",
        "4",
        "buyer",
        "5.6",
        "5. Warranties\n5.6 Where a Warranty is qualified by the Seller's awareness, it "
        "refers to the actual knowledge of Mr Lee without any enquiry.\n",
    ),
    (
        "sha_spa_seller_cap_too_low",
        "7",
        "buyer",
        "9.2",
        "9. Limitations\n9.2 The aggregate liability of the Seller for all Claims shall not "
        "exceed an amount equal to 1% of the Purchase Price.\n",
    ),
    (
        "sha_spa_seller_cap_too_low",
        "7",
        "受让方",
        "第九条",
        "第九条 责任限制\n转让方的赔偿责任总额不超过股权转让款的2%。\n",
    ),
    (
        "sha_spa_claim_period_short",
        "7",
        "buyer",
        "9.3",
        "9. Limitations\n9.3 The Seller shall not be liable for any Claim unless notice of "
        "it is given to the Seller within three (3) months after Completion.\n",
    ),
    (
        "sha_spa_de_minimis_high",
        "7",
        "buyer",
        "9.4",
        "9. Limitations\n9.4 The Seller shall not be liable for any individual Claim of less "
        "than 1% of the Purchase Price.\n",
    ),
    (
        "sha_spa_chair_casting_vote",
        "9",
        "investor",
        "6.3",
        "6. Board\n6.3 The Chairman, who shall be appointed by the Founder, shall have a "
        "second or casting vote.\n",
    ),
    (
        "sha_spa_pre_emption_disapplied",
        "9",
        "investor",
        "7.1",
        "7. New Issues\n7.1 The pre-emption rights in the Articles shall not apply to any "
        "issue of shares approved by the Board.\n",
    ),
    (
        "sha_spa_drag_along_at_any_price",
        "10",
        "investor",
        "8.2",
        "8. Drag-along\n8.2 If the Majority Shareholder wishes to sell its shares, it may "
        "require the other shareholders to sell theirs on the same terms at any price it "
        "agrees with the purchaser.\n",
    ),
    (
        "sha_spa_drag_along_at_any_price",
        "10",
        "投资方",
        "第八条",
        "第八条 领售权\n创始人有权要求投资方按照创始人与第三方约定的条件一并出售其股权，不论出售价格高低。\n",
    ),
    (
        "sha_spa_redemption_at_high_return",
        "10",
        "创始人",
        "第十条",
        "第十条 回购\n如公司未能在2028年12月31日前上市，投资方有权要求创始人按投资款加计年化15%复利回购其全部股权。\n",
    ),
    (
        "sha_spa_full_ratchet",
        "10",
        "founder",
        "9.1",
        "9. Anti-dilution\n9.1 If the Company issues shares at a price below the Issue "
        "Price, the Investor's conversion price shall be adjusted on a full ratchet basis.\n",
    ),
    (
        "sha_spa_liquidation_preference_multiple",
        "10",
        "founder",
        "10.1",
        "10. Liquidation\n10.1 On a Liquidation Event the Investor shall receive, in "
        "priority to all other shareholders, a liquidation preference of 2x the "
        "Subscription Price.\n",
    ),
    (
        "sha_spa_one_party_home_courts",
        "11",
        "受让方",
        "第十五条",
        "第十五条 争议解决\n因本协议引起的争议，应提交转让方所在地有管辖权的人民法院诉讼解决。\n",
    ),
    (
        "sha_spa_one_sided_forum_choice",
        "11",
        "buyer",
        "20.2",
        "20. Jurisdiction\n20.2 The courts of Singapore have exclusive jurisdiction, save "
        "that the Seller may bring proceedings in any other court of competent "
        "jurisdiction.\n",
    ),
    (
        "sha_spa_interim_profits_to_seller_losses_to_buyer",
        "2",
        "受让方",
        "第六条",
        "第六条 过渡期\n过渡期内目标公司产生的盈利由转让方享有；过渡期内产生的亏损由受让方承担。\n",
    ),
    (
        "sha_spa_mac_too_narrow",
        "3",
        "buyer",
        "1.2",
        "1. Definitions\n1.2 Material Adverse Change means any event which results in a reduction in "
        "the consolidated EBITDA of the Company of not less than thirty-five percent (35%).\n",
    ),
    (
        "sha_spa_liquidated_damages_high",
        "11",
        "受让方",
        "第十一条",
        "第十一条 违约责任\n受让方逾期付款超过15日的，转让方有权要求受让方支付相当于转让价款30%的违约金。\n",
    ),
    (
        "sha_spa_restrictive_covenant_worldwide",
        "8",
        "seller",
        "12.1",
        "12. Restrictions\n12.1 The Seller shall not for three years carry on or be engaged in any "
        "logistics business anywhere in the world.\n",
    ),
    (
        "sha_spa_w_and_i_exclusions_uncovered",
        "7",
        "buyer",
        "11.6",
        "11. W&I\n11.6 No Seller shall have any liability in respect of any matter which is "
        "excluded from cover under the W&I Policy.\n",
    ),
    (
        "sha_spa_interim_losses_to_seller_profits_to_buyer",
        "2",
        "seller",
        "6.2",
        "6. Interim Period\n6.2 All profits of the Company during the Interim Period shall "
        "accrue to the Buyer, and any losses of the Company during the Interim Period shall be "
        "borne by the Seller, whether or not caused by the Seller.\n",
    ),
    (
        "sha_spa_interim_losses_to_seller_profits_to_buyer",
        "2",
        "转让方",
        "6.2",
        "第六条 过渡期\n6.2 目标公司在过渡期内产生的收益由交割后的目标公司全体股东按持股比例享有；"
        "过渡期内产生的亏损，无论原因为何，均由转让方以现金向受让方全额补足。\n",
    ),
    (
        "sha_spa_forced_sale_below_value",
        "10",
        "minority partner",
        "9.1",
        'Between Straits Holdings Ltd (the "Majority Partner") and Hokuyo Co. Ltd (the '
        '"Minority Partner").\n\n9. Call Option\n9.1 The Majority Partner may by notice '
        "require the Minority Partner to sell to it all of its Shares at a price equal to 80 per "
        "cent of the net asset value of the Company attributable to those Shares.\n",
    ),
    (
        "sha_spa_liquidated_damages_high",
        "11",
        "转让方",
        "11.1",
        "第十一条 违约责任\n11.1 转让方违反本协议任何约定的，应向受让方支付相当于转让价款总额30%的违约金；"
        "受让方逾期付款的，每日按逾期金额的万分之一支付违约金。\n",
    ),
    (
        "sha_spa_non_compete_too_long",
        "8",
        "转让方",
        "9.1",
        "第九条 竞业限制\n9.1 转让方承诺，自不再持有目标公司股权之日后五年内，不得在中国境内从事与目标公司"
        "业务相同或存在竞争关系的业务。\n9.2 本条自交割日起生效。\n",
    ),
    (
        "sha_spa_information_rights_cut_down",
        "9",
        "investor",
        "7.4",
        'Between Aurelis Ltd (the "Company") and Kestrel Fund L.P. (the "Investor").\n\n'
        "7. Information\n7.4 The Company shall deliver its audited accounts to the Investor "
        "within 270 days after the year end and shall have no other obligation to provide "
        "financial or operational information to the Investor.\n",
    ),
    (
        "sha_spa_related_party_vote_without_abstention",
        "9",
        "投资方",
        "6.1",
        "控股股东：宏川集团有限公司（“控股股东”）\n投资方：星桥资本有限公司（“投资方”）\n\n第六条 关联交易\n"
        "6.1 集团任何成员与控股股东或其关联方之间的交易，经董事会批准后即可进行，控股股东委任的董事无须回避表决。\n",
    ),
    (
        "sha_spa_related_party_vote_without_abstention",
        "9",
        "investor",
        "7.3",
        'Between Harbour Holdings Ltd (the "Majority Shareholder") and Northgate Capital Ltd '
        '(the "Investor").\n\n7. Board\n7.3 Any contract between the Company and the Majority '
        "Shareholder or any of its affiliates may be approved by the Board, and the directors "
        "appointed by the Majority Shareholder need not abstain from voting on it.\n",
    ),
    (
        "sha_spa_forced_sale_below_value",
        "10",
        "investor",
        "10.1",
        'Between Corvane Holdings LLC (the "Operator") and Saltmarsh Partners L.P. (the '
        '"Investor").\n\n10. Call Option\n10.1 If the Investor commits a material breach, the '
        "Operator shall have the option, exercisable by written notice to the Investor, to "
        "purchase all (but not less than all) of the Shares held by the Investor at a price "
        "equal to 80% of the book value of such Shares.\n",
    ),
    (
        "sha_spa_forced_sale_below_value",
        "10",
        "乙方",
        "8.1",
        "甲方：鸿基集团有限公司\n乙方：云岫科技有限公司\n\n第八条 认购选择权\n8.1 乙方违反本协议的，甲方有权向乙方发出"
        "通知，要求乙方按合资公司最近一期经审计财务报表所载的每股资产净值，向甲方出售其持有的全部股份。\n",
    ),
    (
        "sha_spa_punitive_dilution",
        "10",
        "investor",
        "7.3",
        'Between Corvane Holdings LLC (the "Operator") and Saltmarsh Partners L.P. (the '
        '"Investor").\n\n7. Funding\n7.3 If a Stockholder fails to contribute its share of any '
        "capital call when due, the Company shall issue Shares to the other Stockholder in "
        "respect of the amount it contributes at a price per Share equal to 50% of the book "
        "value per Share.\n",
    ),
    (
        "sha_spa_punitive_dilution",
        "10",
        "乙方",
        "3.2",
        "甲方：鸿基集团有限公司\n乙方：云岫科技有限公司\n\n第三条 增资\n3.2 任何股东未能在董事会通知的期限内缴足其"
        "应缴款项的，其他股东有权代为认购该等新股，代为认购的新股的认购价为每股面值1港元。\n",
    ),
    (
        "sha_spa_liability_limited_to_refund",
        "7",
        "受让方",
        "11.2",
        "第十一条 违约责任\n11.2 转让方违反本协议约定的，其违约责任以返还受让方已支付的转让价款为限（不计利息），"
        "受让方不得要求转让方支付违约金或赔偿其他损失。\n",
    ),
    (
        "sha_spa_liability_limited_to_refund",
        "7",
        "buyer",
        "9.6",
        "9. Remedies\n9.6 The Seller's liability for any breach of this Agreement shall be "
        "limited to the refund of the Purchase Price paid to it.\n",
    ),
    (
        "sha_spa_liquidation_preference_percent",
        "10",
        "创始人",
        "第十九条",
        "投资方：启明投资合伙企业（有限合伙）（“投资方”）\n创始人：陈思远（“创始人”）\n\n第十九条 优先清算权\n"
        "公司发生清算的，公司财产在清偿公司债务后，应首先向投资方支付相当于投资款200%的金额；剩余财产由全体股东按"
        "持股比例分配。\n",
    ),
    (
        "sha_spa_liquidated_damages_high",
        "11",
        "创始人",
        "第二十五条",
        "投资方：启明投资合伙企业（有限合伙）（“投资方”）\n创始人：陈思远（“创始人”）\n\n第二十五条 违约责任\n"
        "公司或创始人违反本协议任何约定的，公司和创始人应连带向投资方支付相当于投资款30%的违约金。\n",
    ),
    (
        "sha_spa_investor_locked_in",
        "10",
        "乙方",
        "7.1",
        "甲方：鸿基集团有限公司\n乙方：云岫科技有限公司\n\n第七条 股份转让\n7.1 自本协议签署日起十年内，未经甲方"
        "事先书面同意，乙方不得转让其持有的任何合资公司股份；甲方则可随时向任何人士转让其持有的全部或部分股份。\n",
    ),
    (
        "sha_spa_full_ratchet",
        "10",
        "founder",
        "5.4",
        'Between Lumora Inc. (the "Company"), Dr Ada Lin (the "Founder") and Kestrel Fund '
        'L.P. (the "Investor").\n\n5. Anti-dilution\n5.4 If the Company issues new securities '
        "for a consideration per share less than the Conversion Price, the Conversion Price "
        "shall be reduced to the price per share at which those new securities are issued.\n",
    ),
    (
        "sha_spa_pre_emption_disapplied",
        "9",
        "investor",
        "7.3",
        'Between Tidewater Pte. Ltd. (the "Company") and Kestrel Fund L.P. (the "Investor").'
        "\n\n7. New Securities\n7.3 Clause 7.1 shall not apply to any issue which the Board "
        "resolves is a strategic issue, and in such case the Investor shall have no right to "
        "participate in the issue.\n",
    ),
    (
        "sha_spa_quorum_without_minority_director",
        "9",
        "investor",
        "4.5",
        'Between Tidewater Pte. Ltd. (the "Company") and Kestrel Fund L.P. (the "Investor").'
        "\n\n4. Board\n4.5 The quorum shall be two Directors, one of whom shall be a Founder "
        "Director. If a quorum is not present, the meeting shall stand adjourned to the next "
        "Business Day, at which any two Directors present shall constitute a quorum.\n",
    ),
    (
        "sha_spa_quorum_without_minority_director",
        "9",
        "investor",
        "4.4",
        'Between Tidewater Pte. Ltd. (the "Company") and Kestrel Fund L.P. (the "Investor").'
        "\n\n4. Board\n4.4 The quorum for a Board meeting shall be two Directors appointed by "
        "the Company, whether or not any Investor Director is present.\n",
    ),
    (
        "sha_spa_quorum_without_minority_director",
        "9",
        "投资方",
        "4.4",
        "甲方：星海科技有限公司（“公司”）\n乙方：北辰创业投资合伙企业（“投资方”）\n\n"
        "第四条 董事会\n4.4 董事会会议的法定人数为两名由公司委任的董事，无论投资方委任的董事是否出席。\n",
    ),
    (
        "sha_spa_break_fee_payable_by_one_side",
        "3",
        "buyer",
        "4.7",
        "4. Conditions\n4.7 If Completion does not take place by the Long Stop Date for any "
        "reason other than a wilful breach of this Agreement by the Seller, the Buyer shall pay "
        "to the Seller, within five Business Days after demand, a fee of HK$59,000,000.\n",
    ),
    (
        "sha_spa_claim_period_long",
        "7",
        "seller",
        "10.4",
        "10. Limitations\n10.4 The Seller shall not be liable for any claim under the Warranties "
        "unless notice of it is given on or before the seventh anniversary of Completion, or, in "
        "the case of a claim under the Tax Covenant, on or before the eighth anniversary.\n",
    ),
    (
        "sha_spa_liquidation_preference_multiple",
        "10",
        "founder",
        "2.2",
        'Between Quill Inc. (the "Company"), Ada Lin (the "Founder") and Kestrel Fund L.P. '
        '(the "Investor").\n\n2. Preferences\n2.2 In the event of any liquidation or Deemed '
        "Liquidation Event, the holders of Series B Preferred Stock shall first receive an "
        "amount per share equal to two times the Series B Original Issue Price.\n",
    ),
    (
        "sha_spa_closing_extended_by_one_side",
        "3",
        "buyer",
        "10.1",
        "10. Closing\n10.1 Closing shall take place on October 30, 2025, provided that the Seller "
        "may, in its sole discretion and by notice to the Buyer, extend the Closing Date by up "
        "to 120 days, and the Buyer shall have no right to terminate during any extension.\n",
    ),
    (
        "sha_spa_earn_out_metric_loaded_by_buyer",
        "2",
        "seller",
        "5.2",
        '5. Earn-out\n5.2 "EBITDA" means the earnings of the Group before interest, tax, '
        "depreciation and amortisation, but after deducting all management fees payable to the "
        "Buyer and such central costs of the Buyer's group as the Buyer may allocate.\n",
    ),
    (
        "sha_spa_earn_out_forfeited_on_leaving",
        "2",
        "seller",
        "5.6",
        "5. Earn-out\n5.6 No Earn-Out Consideration shall be payable to a Seller for any year "
        "ending after that Seller becomes a Leaver, that is, ceases for any reason whatsoever "
        "(including death or dismissal without cause) to be an employee of the Group.\n",
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "投资方",
        "7.2",
        "投资方：启明投资合伙企业（有限合伙）（“投资方”）\n公司：诚明科技有限公司（“公司”）\n\n第七条 反稀释\n"
        "7.2 公司以低于本次增资价格增加注册资本的（“豁免发行”除外），投资方有权调整其投资价格；“豁免发行”指员工股权"
        "激励计划项下的发行，以及经公司董事会过半数董事同意的任何其他增资。\n",
    ),
    (
        "sha_spa_general_disclosure",
        "4",
        "buyer",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n\n"Board" means the board of directors of the '
        'Company;\n\n"Business Day" means a day on which banks are open in London;\n\n'
        '"Completion" means completion of the sale under clause 6;\n\n"Disclosed" means '
        "fairly disclosed in the Disclosure Letter, together with all information contained in "
        "the Data Room, whether or not fairly disclosed;\n\n7. Warranties\n7.2 The Warranties "
        "are qualified by the matters Disclosed.\n",
    ),
    (
        "sha_spa_leakage_claim_period_short",
        "7",
        "buyer",
        "5.4",
        "5. Locked Box\n5.4 The Buyer shall notify the Seller of any Leakage as soon as "
        "practicable after becoming aware of it, provided that the Seller shall have no "
        "liability for any Leakage unless the Buyer has given written notice of the claim on "
        "or before the date falling three months after the Completion Date.\n",
    ),
    (
        "sha_spa_price_paid_before_completion",
        "2",
        "buyer",
        "2.3",
        "2. Price\n2.3 The Buyer shall pay the Purchase Price in full to the Seller's account "
        "within five Business Days after signing and in any event before Completion.\n",
    ),
    (
        "sha_spa_price_paid_before_completion",
        "2",
        "受让方",
        "第三条",
        "第三条 价款支付\n受让方应于工商变更登记前向转让方支付全部股权转让款。\n",
    ),
    (
        "sha_spa_escrow_at_buyer_discretion",
        "2",
        "seller",
        "2.4",
        "2. Price\n2.4 USD 9,000,000 of the price shall be held in the Escrow Account and "
        "released to the Seller only as the Buyer may decide in its sole discretion.\n",
    ),
    (
        "sha_spa_escrow_at_buyer_discretion",
        "2",
        "转让方",
        "第四条",
        "第四条 共管\n共管账户中的款项何时释放及释放金额由受让方自行决定。\n",
    ),
    (
        "sha_spa_permitted_leakage_too_wide",
        "2",
        "buyer",
        "2.6",
        "2. Locked Box\n2.6 Permitted Leakage means any payments made by the Company to the "
        "Seller or its Affiliates in the ordinary course of business.\n",
    ),
    (
        "sha_spa_redemption_without_return",
        "10",
        "investor",
        "8.1",
        "8. Redemption\n8.1 On a Redemption Event the Company may redeem the Investor's "
        "shares at its sole discretion at a redemption price equal to the Subscription Price.\n",
    ),
    (
        "sha_spa_redemption_without_return",
        "10",
        "investor",
        "第八条",
        "第八条 回购\n发生回购事件的，公司应按投资方实际支付的增资款回购其股权，不计任何利息或收益。\n",
    ),
    (
        "sha_spa_drag_along_at_any_price",
        "10",
        "founder",
        "14.2",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n14. Drag-along\n'
        "14.2 If Shareholders holding a majority of the Shares wish to accept an offer for all "
        "the Shares, they may require all other Shareholders to transfer their Shares on the "
        "same terms at a price not less than the Issue Price; provided that after the fourth "
        "anniversary of Completion the Investor alone may exercise this right and no minimum "
        "price shall apply.\n",
    ),
    (
        "sha_spa_buyer_barred_from_set_off",
        "2",
        "buyer",
        "4.5",
        "4. Consideration\n4.5 The Buyer shall pay the Deferred Consideration on the second "
        "anniversary of Completion without any deduction, set-off or counterclaim, including "
        "for any Warranty Claim notified to the Seller but not yet settled.\n",
    ),
    (
        "sha_spa_warranties_survive_without_limit",
        "7",
        "seller",
        "9.1",
        "9. Survival\n9.1 The representations and warranties of the Seller, including the "
        "Fundamental Representations, shall survive Closing until thirty days after the "
        "expiration of the applicable statute of limitations.\n",
    ),
    (
        "sha_spa_liquidation_preference_percent",
        "10",
        "创始人",
        "12.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第十二条 清算\n12.1 公司清算时，剩余财产应首先向投资方分配相当于其增资款百分之二百的金额，"
        "余额由创始人及其他股东按持股比例分配。\n",
    ),
    (
        "sha_spa_liquidation_preference_percent",
        "10",
        "创始人",
        "1.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第一条 定义\n1.1 本协议中：\n“优先清算金额”指投资方增资款的180%，加上已宣布未分配的股利。\n"
        "“交割日”指工商变更登记完成之日。\n",
    ),
    (
        "sha_spa_liquidation_preference_participating",
        "10",
        "创始人",
        "12.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第十二条 清算\n12.1 公司清算时，剩余财产应首先向投资方支付其增资款；投资方足额获得上述款项"
        "后，剩余财产由包括投资方在内的全体股东按照持股比例进行分配。\n",
    ),
    (
        "sha_spa_liquidation_preference_participating",
        "10",
        "founder",
        "11.1",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n11. Liquidation\n'
        "11.1 On a Liquidation Event the proceeds shall first be paid to the Investor up to its "
        "Subscription Amount; thereafter the remaining proceeds shall be distributed among all "
        "the Shareholders, including the Investor, pro rata to their Shares.\n",
    ),
    (
        "sha_spa_founder_personal_unlimited_liability",
        "10",
        "创始人",
        "8.3",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第八条 回购\n8.3 回购价款由公司支付，公司未能足额支付的，创始人以其全部个人财产（含其配偶"
        "共同财产）承担支付义务。\n",
    ),
    (
        "sha_spa_redemption_at_compound_return",
        "10",
        "创始人",
        "8.2",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第八条 回购\n8.2 回购价格为投资方增资款加上按照年利率9%（复利）计算的收益。\n",
    ),
    (
        "sha_spa_redemption_on_any_breach",
        "10",
        "创始人",
        "1.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第一条 定义\n1.1 本协议中：\n“回购事件”指下列任一情形：（1）公司未能于2030年12月31日前完成"
        "合格上市；（2）创始人违反本协议的任何约定，不论该违约是否重大；（3）公司实际控制人变更。\n"
        "“交割日”指工商变更登记完成之日。\n",
    ),
    (
        "sha_spa_change_of_control_hair_trigger",
        "1",
        "乙方",
        "1.1",
        "甲方：东港能源集团有限公司（“甲方”）\n乙方：寒川科技有限公司（“乙方”）\n\n第一条 定义\n1.1 本协议中："
        "\n“乙方重大变化”指（1）乙方实际控制人变更；（2）乙方任何股东转让其持有的乙方5%以上股权。\n"
        "“合资公司”指双方依本协议设立的公司。\n",
    ),
    (
        "sha_spa_non_compete_too_long",
        "8",
        "乙方",
        "11.1",
        "甲方：东港能源集团有限公司（“甲方”）\n乙方：寒川科技有限公司（“乙方”）\n\n第十一条 不竞争\n11.1 "
        "乙方不再持有合资公司股权之日起六年内，乙方不得在华东地区投资或运营任何冷能利用项目。\n",
    ),
    (
        "sha_spa_tax_claims_in_short_period",
        "7",
        "buyer",
        "10.3",
        "10. Limitations\n10.3 The Seller shall not be liable for any Claim (including a Tax "
        "Claim) unless notice of it is given to the Seller within 12 months after Completion.\n",
    ),
    (
        "sha_spa_qualified_listing_defined_too_narrow",
        "10",
        "创始人",
        "1.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第一条 定义\n1.1 本协议中：\n“合格上市”指公司股票在上海证券交易所主板首次公开发行并上市；公司在深圳"
        "证券交易所创业板上市或在境外证券交易所上市的，均不构成合格上市。\n“交割日”指工商变更登记完成之日。\n",
    ),
    (
        "sha_spa_qualified_listing_defined_too_narrow",
        "10",
        "founder",
        "1.1",
        'Hydra Ltd (the "Founder") and Basin Capital LP (the "Investor").\n1. Definitions\n'
        '1.1 In this Agreement:\n"Qualified IPO" means an initial public offering on a '
        "recognised stock exchange at an offering price per Share of not less than three times "
        'the Series A Issue Price.\n"Shares" means the shares of the Company.\n',
    ),
    (
        "sha_spa_redemption_on_any_breach",
        "10",
        "创始人",
        "8.1",
        "甲方：云杉医疗有限公司（“公司”）\n乙方：沈一鸣（“创始人”）\n丙方：南岭成长基金（“投资方”）\n\n"
        "第八条 回购\n8.1 发生下列任一情形的，投资方有权要求创始人回购其持有的公司股权：（1）公司未能于"
        "2030年12月31日前实现合格上市；（2）创始人违反本协议任何约定。\n",
    ),
    (
        "sha_spa_permitted_leakage_too_wide",
        "2",
        "buyer",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n"Permitted Leakage" means (a) salaries paid in '
        "the ordinary course; and (b) management fees paid to the Seller, without limit as to "
        'amount.\n"Locked Box Date" means 31 March 2025.\n',
    ),
    (
        "sha_spa_closing_extended_by_one_side",
        "3",
        "受让方",
        "4.4",
        "第四条 交割\n4.4 交割应于最终期限前完成；但转让方有权在最终期限届满前以书面通知方式单方将最终期限"
        "延长两次，每次不超过六十日。\n",
    ),
    (
        "sha_spa_chair_casting_vote",
        "9",
        "乙方",
        "7.2",
        "第七条 董事会\n7.2 董事会就任何事项无法形成决议的，由董事长就该事项作出最终决定，该决定视为董事会的"
        "有效决议。\n",
    ),
    (
        "sha_spa_retention_released_despite_claims",
        "2",
        "buyer",
        "3.4",
        "3. Consideration\n3.4 The Retention shall be released to the Seller twelve months after "
        "Completion, and any part of it referable to a Claim notified but not yet agreed on that "
        "date shall nevertheless be released on that date.\n",
    ),
    # a definition worded "仅指", which leaves out what the seller ought to have known
    (
        "sha_spa_knowledge_without_enquiry",
        "4",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 除非另有约定，下列词语具有如下含义：\n\n（一）“交割日”指工商变更登记完成之日。\n\n"
        "（二）“转让方所知”或类似表述，仅指转让方一本人实际知悉的事实，不包括其应当知悉或经合理询问即可"
        "知悉的事实。\n\n（三）“工作日”指法定节假日以外的任何一日。\n",
    ),
    (
        "sha_spa_related_party_dealings_of_one_side_excluded",
        "9",
        "乙方",
        "1.1",
        "第一条 定义\n1.1 下列词语具有如下含义：\n（一）“关联交易”指合资公司与任一方或其关联方之间的交易；"
        "但合资公司与甲方及其关联方之间发生的装卸、仓储及物业服务交易，不属于本协议所称的关联交易。\n"
        "（二）“工作日”指法定节假日以外的任何一日。\n（三）“董事会”指合资公司董事会。\n",
    ),
    (
        "sha_spa_indemnity_unlimited",
        "7",
        "seller",
        "8.4",
        "8. Indemnification\n8.4 Seller shall indemnify the Buyer Indemnitees against all Losses "
        "arising out of any Hazardous Materials at the Facility, whether or not disclosed, and such "
        "indemnity shall not be subject to Sections 8.1, 8.5 or 8.6.\n",
    ),
    (
        "sha_spa_mac_carve_outs_swallow_it",
        "3",
        "buyer",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n\n"Material Adverse Change" means any event that '
        "results in a reduction of the EBITDA of the Company by more than 15 per cent., but "
        "excluding any event arising from (a) the loss, suspension or reduction of orders by any "
        "customer; or (b) any change in general economic conditions.\n\n"
        '"Business Day" means a day on which banks are open in Singapore.\n',
    ),
    (
        "sha_spa_mac_too_narrow",
        "3",
        "buyer",
        "1.1",
        '1. Definitions\n1.1 In this Agreement:\n\n"Material Adverse Change" means any event that '
        "results in a reduction of the consolidated EBITDA of the Company by more than 35 per "
        'cent.\n\n"Business Day" means a day on which banks are open in Singapore.\n',
    ),
    (
        "sha_spa_dividend_policy_overridden_by_the_board",
        "9",
        "investor",
        "10.2",
        "第十条 利润分配\n10.2 公司每年分配的利润不低于上一会计年度可分配利润的40%；但董事会可根据公司的"
        "资本性支出计划，决定当年不分配利润或降低分配比例，该等决定按照一般事项表决程序作出。\n",
    ),
    (
        "sha_spa_mac_carve_outs_without_disproportion_test",
        "3",
        "受让方",
        "1.1",
        "第一条 定义\n1.1 下列词语具有如下含义：\n\n（一）“重大不利变化”指对目标公司的资产、业务或财务状况造成"
        "重大不利影响的任何事件，但不包括因动物疫病、原料价格上涨或环保政策调整所导致的任何影响。\n\n"
        "（二）“工作日”指法定节假日以外的任何一日。\n",
    ),
    (
        "sha_spa_indemnity_excludes_what_the_buyer_finds",
        "7",
        "buyer",
        "11.2",
        "11. Environmental Indemnity\n11.2 The Seller shall not be liable under clause 11.1 in "
        "respect of any Hazardous Substances discovered as a result of any investigation, sampling "
        "or survey of the Property carried out by or on behalf of the Buyer.\n",
    ),
    (
        "sha_spa_bring_down_in_all_respects",
        "3",
        "seller",
        "8.2",
        "8. Conditions to Closing\n8.2 Each of the representations and warranties of Seller shall "
        "be true and correct in all respects as of the Closing Date, in each case disregarding all "
        "qualifications as to materiality.\n",
    ),
    (
        "sha_spa_retention_released_despite_claims",
        "2",
        "buyer",
        "7.2",
        "7. Retention\n7.2 On the date falling twelve months after Completion the Retention Account "
        "shall be released to the Seller in full, and no part of it shall be withheld in respect of "
        "any Claim notified by the Buyer that has not by then been agreed.\n",
    ),
    (
        "sha_spa_information_rights_cut_down",
        "9",
        "投资方",
        "7.4",
        "第七条 投资方权利\n7.4 投资方要求查阅公司会计账簿的，应提前三十日书面申请，每一会计年度以一次为限；"
        "公司认为查阅可能涉及商业秘密的，有权拒绝提供。\n",
    ),
    (
        "sha_spa_buyer_knowledge_bars_claims",
        "4",
        "受让方",
        "7.1",
        "第七条 陈述与保证\n7.1 转让方保证本条所述内容均真实、准确，但受让方在尽职调查过程中已经知悉或者通过"
        "合理调查应当知悉的事项除外，转让方对该等事项不承担任何责任。\n",
    ),
    (
        "sha_spa_exempted_issues_too_wide",
        "10",
        "投资方",
        "9.2",
        "第九条 反稀释\n9.2 公司以低于本次增资价格增资的，投资方有权获得补偿；但公司为实施员工股权激励，以及"
        "经创始人同意的其他情形而增加注册资本的，不适用本条约定。\n",
    ),
    (
        "sha_spa_founder_personal_unlimited_liability",
        "10",
        "founder",
        "14.2",
        "14. Redemption\n14.2 The Company shall redeem the Preferred Shares at the Redemption Price; "
        "provided that, to the extent the Company is unable lawfully to redeem them, the Founders "
        "shall jointly and severally purchase those shares from the Investors at the Redemption "
        "Price.\n",
    ),
    (
        "sha_spa_indemnity_unlimited",
        "7",
        "seller",
        "9.3",
        "9. Indemnification\n9.3 Seller shall indemnify Buyer against all Losses arising out of any "
        "use of Open Source Software, and such Losses shall not be subject to the Basket or the "
        "Cap.\n",
    ),
    (
        "sha_spa_mutual_restriction_with_one_sides_exception",
        "8",
        "乙方",
        "12.1",
        "第十二条 股权转让\n12.1 双方自成立日起五年内均不得转让其持有的合资公司股权，但甲方向其关联方转让"
        "其持有的合资公司股权的除外。\n",
    ),
    # the buyer may waive any condition, but the seller alone some of them: the proviso
    # names who holds the right
    (
        "sha_spa_conditions_waived_at_one_side_discretion",
        "3",
        "受让方",
        "4.3",
        "第四条 先决条件\n4.3 上述先决条件系为受让方的利益而设置，受让方可书面豁免其中任何一项；但第4.1条第"
        "（5）项及第（6）项所列条件，转让方有权单方书面豁免，该等豁免对受让方具有约束力，受让方不得以该等条件未"
        "满足为由拒绝交割。\n",
    ),
    (
        "sha_spa_pre_completion_liabilities_left_in_the_target",
        "7",
        "受让方",
        "9.1",
        "第九条 环境责任\n9.1 对于交割日前已经存在的任何土壤、地下水污染所产生的调查、修复费用及罚款，均由"
        "标的公司自行承担，转让方不承担任何责任。\n",
    ),
    (
        "sha_spa_one_sides_own_ip_swept_into_the_company",
        "8",
        "乙方",
        "1.1",
        "第一条 定义\n1.1 下列词语具有如下含义：\n\n（一）“合资公司知识产权”指乙方及其关联方于本协议签署前"
        "已拥有或于合资期限内开发的全部配方、工艺及商标。\n\n（二）“工作日”指法定节假日以外的任何一日。\n",
    ),
    (
        "sha_spa_performance_measured_by_one_sides_auditor",
        "10",
        "创始人",
        "1.1",
        "第一条 定义\n1.1 下列词语具有如下含义：\n\n（一）“净利润”指经投资方指定的会计师事务所审计的、标的"
        "公司合并报表口径下的净利润。\n\n（二）“工作日”指法定节假日以外的任何一日。\n",
    ),
    (
        "sha_spa_liquidation_preference_participating",
        "10",
        "创始人",
        "10.1",
        "第十条 优先清算权\n10.1 公司清算时，剩余财产应首先向投资方支付相当于投资款的金额（“优先清算"
        "金额”）；但投资方在获得优先清算金额后，仍有权按照其持股比例与其他股东共同参与剩余财产的分配。\n",
    ),
    (
        "sha_spa_buyer_knowledge_bars_claims",
        "4",
        "buyer",
        "9.3",
        "9. Warranties\n9.3 Each of the Warranties is separate and shall not be limited by "
        "reference to any other Warranty, provided that the Seller shall not be liable for any "
        "Claim to the extent that the Buyer or any of its advisers had actual, constructive or "
        "imputed knowledge of the matter giving rise to it.\n",
    ),
    (
        "sha_spa_dividend_policy_overridden_by_the_board",
        "9",
        "investor",
        "11.2",
        "第十一条 利润分配\n11.2 公司每年应向股东分配不低于当年可分配利润30%的利润；但甲方认为公司存在技术"
        "改造资金需求的，公司当年可以不进行利润分配。\n",
    ),
]

#: (checklist item, a balanced clause on a subject above).
BALANCED: list[tuple[str, str]] = [
    (
        "7",
        "3. Price\n3.1 The Consideration is GBP 40,000,000.\n10. Limitations\n10.1 The aggregate "
        "liability of the Seller shall not exceed (a) for Claims for breach of the Fundamental "
        "Warranties, the Consideration; and (b) for all other Claims, 25 per cent of the "
        "Consideration.\n",
    ),
    (
        "3",
        "4. Conditions\n4.1 Completion is conditional on merger clearance and on no order of a "
        "court prohibiting the sale; the Buyer's obligations are not conditional on financing.\n",
    ),
    (
        "7",
        "10. Limitations\n10.6 A claim shall be reduced by any amount actually recovered by the "
        "Buyer under any insurance policy, net of the costs of recovery.\n",
    ),
    (
        "10",
        "12. Drag-along\n12.4 The Dragged Shareholders shall give warranties as to title and "
        "capacity only, severally and limited to the proceeds each receives.\n",
    ),
    (
        "2",
        "9. Set-off\n9.9 The Buyer may set off against any deferred payment any amount finally "
        "determined by a court to be owed to it by the Seller.\n",
    ),
    (
        "10",
        "第九条 股权转让\n9.1 投资方可向其关联方自由转让其所持公司股权，但不得向公司的竞争对手转让。\n",
    ),
    (
        "2",
        "4. Completion Accounts\n4.3 Any item in dispute shall be referred to an independent "
        "firm of accountants agreed by the parties, acting as expert, whose decision binds both.\n",
    ),
    (
        "5",
        "6. Pre-Completion\n6.1 Pending Completion the Seller shall carry on the business in the "
        "ordinary course and shall not, without the Buyer's consent (not to be unreasonably "
        "withheld), incur borrowings or dispose of material assets.\n",
    ),
    (
        "2",
        "3. Price adjustment\n3.5 If the Completion Net Assets are less than the Target Net "
        "Assets, the Consideration shall be reduced by the shortfall, and if they exceed it, "
        "increased by the excess.\n",
    ),
    (
        "8",
        "8. Restrictive covenants\n8.1 For four years after the Closing Date, the Seller shall "
        "not carry on a business competing with the Business in the United States.\n",
    ),
    (
        "4",
        "第九条 特别赔偿\n9.2 对于交割日前的事实导致目标公司在交割日后补缴的税款及罚款，无论是否已"
        "在披露函中披露，转让方均应在受让方书面通知后十个工作日内向目标公司全额补偿。\n",
    ),
    (
        "7",
        "9. Indemnification\n9.6 Once a breach of a representation has been established, the "
        "amount of Losses shall be calculated without regard to any materiality qualifier in it.\n",
    ),
    (
        "2",
        "2. Consideration\n2.4 At Closing the Buyer shall pay $2,000,000 of the Purchase Price "
        "into escrow, to be held for eighteen months after the Closing Date and then released to "
        "the Seller save for claims notified.\n",
    ),
    (
        "9",
        "第七条 过渡期\n7.1 过渡期内，未经受让方事先书面同意，目标公司不得对外提供担保。受让方应在收到目标公司书面请求后五个工作日内答复，逾期未答复的视为同意。\n",
    ),
    (
        "9",
        "第十条 利润分配\n10.3 合资公司每年按股东会决议分配不低于可分配利润的30%，股东会决议须经代表三分之二以上表决权的股东通过。\n",
    ),
    (
        "8",
        "第十条 竞业禁止\n10.1 自交割日起3年内，转让方不得在中国境内从事与目标公司相竞争的业务；但转让方及其关联方以财务投资为目的持有上市公司不超过5%股份的，不受本条限制。\n",
    ),
    (
        "3",
        '1. Definitions\n1.2 "Material Adverse Effect" means any change that has a material adverse effect on the Business, except that changes in general economic conditions shall not be taken into account, except to the extent that such change has a disproportionate effect on the Business.\n',
    ),
    (
        "2",
        "3. Retention\n3.4 If the Buyer has notified the Seller of a Claim before the release date, an amount equal to the amount claimed shall remain in the Escrow Account until the Claim has been agreed or finally determined, and shall then be released in accordance with that agreement or determination.\n",
    ),
    (
        "7",
        "第九条 赔偿\n9.1 转让方违反其陈述与保证的，应赔偿受让方的损失，赔偿总额以转让价款的30%为限。\n9.2 单项索赔金额低于人民币20万元"
        "的，转让方无需承担赔偿责任；符合前述条件的索赔累计金额超过人民币180万元的，转让方应就全部累计金额承担赔偿责任。\n",
    ),
    (
        "7",
        "10. Limitations\n10.1 The Sellers shall not be liable for any Warranty Claim unless "
        "the amount of that claim exceeds £50,000, and unless the aggregate amount of all "
        "Warranty Claims exceeding that sum exceeds £465,000, in which case the Sellers shall "
        "be liable for the whole amount. The aggregate liability of the Sellers for all "
        "Warranty Claims shall not exceed 30% of the Consideration.\n",
    ),
    (
        "2",
        "第三条 增资款\n3.1 投资方认购新增注册资本的增资款为人民币壹亿元（“增资款”）。\n\n第九条 业绩承诺\n9.2 当年应补偿金额＝（当年"
        "承诺净利润－当年实际净利润）÷当年承诺净利润×增资款。如实际净利润低于当年承诺净利润的百分之九十五的，创始股东应予补偿，"
        "累计补偿金额以增资款为限。\n",
    ),
    (
        "2",
        "第一条 定义\n1.6 “净利润”指目标公司经审计的合并报表归属于母公司所有者的净利润，以扣除非经常性损益前后孰低者为准。\n",
    ),
    (
        "10",
        '1. Definitions\n1.1 In this Agreement:\n\n"Fair Value" means the value of the Sale '
        "Shares as a pro rata part of the value of the whole Company, determined by an "
        "independent valuer without any discount for a minority holding.\n\n2. Sale\n2.1 The "
        "Seller shall sell the Shares.\n",
    ),
    (
        "7",
        "2. Price\n2.1 The Consideration is £48,600,000.\n\n10. Indemnities\n10.1 The Seller "
        "shall indemnify the Buyer against all Losses arising from the Redcar Contamination, "
        "provided that the Seller's aggregate liability under this clause 10.1 shall not exceed "
        "£3,500,000.\n",
    ),
    (
        "7",
        "10. Limitations\n10.5 The aggregate liability of the Seller in respect of claims under "
        "the Tax Covenant shall not exceed the Consideration.\n",
    ),
    (
        "7",
        "11. Limitations\n11.8 The liability of the Sellers shall be several and not joint, "
        "each Seller being liable in proportion to its share of the Consideration.\n",
    ),
    (
        "7",
        "11. Indemnities\n11.1 The Seller shall indemnify the Buyer against Losses arising "
        "from the pending proceedings brought by Hollis Ranch against the Company, and the "
        "limitations in clause 10 shall not apply to this indemnity.\n",
    ),
    (
        "3",
        '3. Conditions\n3.3 "Material Adverse Change" means a fall of more than 15% in the '
        "consolidated EBITDA of the Company, as determined by an independent firm of "
        "accountants agreed between the parties.\n",
    ),
    (
        "2",
        "3. Consideration\n3.4 The Deferred Consideration shall be paid on the first "
        "anniversary of Completion and is secured by a guarantee from the Buyer's parent.\n",
    ),
    (
        "9",
        "5. Board\n5.4 The quorum for a Board meeting shall be three Directors, including one "
        "Investor Director. If a quorum is not present, the meeting shall stand adjourned to the "
        "same time seven days later, at which any three Directors present shall form a quorum, "
        "provided that no Reserved Matter may be decided at such adjourned meeting.\n",
    ),
    (
        "10",
        "8. Liquidation\n8.3 A merger after which the shareholders of the Company continue to "
        "hold a majority of the voting rights shall not be deemed a liquidation; a sale of the "
        "Company or of substantially all its assets is a Deemed Liquidation Event.\n",
    ),
    (
        "10",
        "第八条 清算\n8.3 合并后公司原股东仍持有多数表决权的，不视为清算事件；出售公司全部或实质性全部资产的，"
        "视为清算事件。\n",
    ),
    (
        "3",
        "4. Termination\n4.4 Either party may terminate this Agreement before Completion if the "
        "other commits a material breach not remedied within ten Business Days.\n",
    ),
    ("3", "3. Conditions\n3.2 The Buyer may waive condition (c) by notice to the Seller.\n"),
    (
        "3",
        "3. Conditions\n3.5 If the Buyer fails to complete in breach of clause 6, the Buyer "
        "shall pay to the Seller a break fee of USD 2,000,000.\n",
    ),
    (
        "4",
        "5. Warranties\n5.2 The Warranties are qualified by the matters fairly disclosed in "
        "the Disclosure Letter, with sufficient detail to identify their nature and scope.\n",
    ),
    (
        "4",
        "5. Warranties\n5.4 The Buyer's rights in respect of the Warranties shall not be "
        "affected by any investigation made by or on behalf of the Buyer.\n",
    ),
    (
        "4",
        "5. Warranties\n5.6 The Seller's awareness means the actual knowledge of Mr Lee, "
        "having made due and careful enquiry of the managers of the Company.\n",
    ),
    (
        "7",
        "9. Limitations\n9.2 The aggregate liability of the Seller for all Claims shall not "
        "exceed an amount equal to 50% of the Purchase Price.\n",
    ),
    (
        "7",
        "9. Limitations\n9.3 The Seller shall not be liable for any Claim unless notice of "
        "it is given within eighteen (18) months after Completion.\n",
    ),
    (
        "7",
        "9. Limitations\n9.5 The Buyer shall notify the Seller of any Claim within twenty "
        "(20) Business Days after becoming aware of it.\n",
    ),
    (
        "9",
        "6. Board\n6.3 The chair shall not have a second or casting vote; a deadlock is "
        "referred to the shareholders.\n",
    ),
    (
        "9",
        "7. New Issues\n7.1 The pre-emption rights shall not apply to the issue of shares "
        "under the employee option plan.\n",
    ),
    (
        "10",
        "8. Drag-along\n8.2 The Majority Shareholder may require the others to sell on the "
        "same terms, at a price not less than fair market value.\n",
    ),
    ("10", "10. Liquidation\n10.1 The Investor has a 1x non-participating preference.\n"),
    ("11", "第十五条 争议解决\n因本协议引起的争议，提交香港国际仲裁中心仲裁。\n"),
    (
        "2",
        "第六条 过渡期\n过渡期内目标公司产生的盈利和亏损均由受让方享有和承担，并体现在交割审计中。\n",
    ),
    (
        "3",
        "1. Definitions\n1.2 Material Adverse Change means any event which results in a reduction in "
        "the consolidated EBITDA of the Company of not less than ten percent (10%).\n",
    ),
    ("11", "第十一条 违约责任\n任何一方违约的，应按转让价款的5%向守约方支付违约金。\n"),
    (
        "7",
        "6. Leakage\n6.4 The Seller shall pay to the Buyer an amount equal to any Leakage, "
        "provided that the Buyer notifies the Seller of the claim within six months after "
        "Completion.\n",
    ),
    (
        "7",
        "8. Limitations\n8.3 The Sellers shall not be liable for any claim under the Warranties "
        "(other than the Tax Warranties) unless notice of it is given within 18 months after "
        "Completion, or for any claim under the Tax Warranties unless notice is given within "
        "five years after Completion, and any such claim shall be deemed withdrawn unless "
        "proceedings are commenced within nine months after the notice.\n",
    ),
    (
        "9",
        "第七条 优先认购权\n7.1 公司增加注册资本的，投资方有权按其持股比例以同等价格优先认购；投资方应在收到书面通知"
        "之日起20日内答复，逾期未答复的视为放弃该次优先认购权。\n",
    ),
    (
        "10",
        "12. Tag-along\n12.3 If any shareholder proposes a transfer which would result in a person "
        "acquiring more than 50 per cent of the shares in issue, the buyer must offer to buy the "
        "shares of every other shareholder on the same terms.\n",
    ),
    (
        "3",
        "3. Completion Accounts\n3.5 If the Seller disputes the draft Completion Accounts, it "
        "shall notify the Buyer within 30 Business Days. Either party may refer the disputed "
        "items to an independent firm of accountants. The accountants shall act as experts and "
        "not as arbitrators, and their determination shall be final and binding.\n",
    ),
    (
        "9",
        "4. Board\n4.3 If a quorum is not present, the meeting shall be adjourned for five "
        "Business Days; if at the adjourned meeting a quorum is again not present, the "
        "directors present shall constitute a quorum solely for the purpose of transacting "
        "the business specified in the original agenda.\n",
    ),
    (
        "9",
        "7. Board\n7.3 Any contract between the Company and a shareholder or its affiliates "
        "requires the approval of the Investor Director, and any interested director shall "
        "abstain from voting on it.\n",
    ),
    (
        "2",
        "第六条 过渡期\n6.2 过渡期内目标公司产生的收益和亏损均由转让方享有和承担，并在交割审计中相应调整转让价款。\n",
    ),
    (
        "2",
        "2. Price\n2.3 The Buyer shall pay the Purchase Price at Completion against delivery "
        "of the transfer forms.\n",
    ),
    (
        "2",
        "2. Price\n2.4 USD 3,000,000 of the price shall be held in escrow for eighteen months "
        "and released on the joint instructions of the parties, save for claims notified.\n",
    ),
    (
        "2",
        "2. Locked Box\n2.6 Permitted Leakage means the items listed in Schedule 4, each up "
        "to the amount stated there and not exceeding USD 200,000 in total.\n",
    ),
    (
        "10",
        "8. Redemption\n8.1 On a Redemption Event the Company shall redeem the Investor's "
        "shares at the Subscription Price plus a simple return of 8% a year.\n",
    ),
    # the existing shareholders' waiver of pre-emption for this round is a condition in the
    # investor's favour
    (
        "9",
        "第四条 先决条件\n4.1 投资方缴付增资款的义务以下列条件全部满足为前提：（1）目标公司股东会已审议"
        "通过本次增资；（2）原股东已签署放弃优先认缴权的书面文件。\n",
    ),
    # a specific warranty's longer period is no long general claim period
    (
        "7",
        "8. Survival\n8.1 The representations and warranties shall survive the Closing until the "
        "date that is 18 months after the Closing Date; provided that the representations in "
        "Section 4.8 shall survive until the third anniversary of the Closing Date.\n",
    ),
    # a retention kept back for claims notified, not only for those agreed or decided
    (
        "2",
        "5. Retention\n5.2 On the first anniversary of Completion the Escrow Agent shall release "
        "the Retention Amount to the Sellers, save that there shall be retained such part of it "
        "as equals the amount of any Claim which has by that date been agreed or determined or "
        "which has been notified and remains outstanding.\n",
    ),
    # a drag-along with a price floor
    (
        "10",
        "13. Drag-along\n13.1 If the Investor wishes to accept a bona fide offer for all the "
        "Shares, it may require all the other holders of Shares to transfer all their Shares "
        "on the same terms, provided that the price per Share is not less than its fair market "
        "value.\n",
    ),
    # a tag-along: the 不得 binds the founder, not the investor named before the comma
    (
        "10",
        "第十一条 共同出售权\n11.3 合格上市前，创始人拟向第三方转让其持有的目标公司股权的，投资方有权以相同的"
        "价格和条件一同出售其股权；受让方拒绝购买投资方股权的，创始人不得向该受让方转让其股权。\n",
    ),
    # a basket that does not apply to fundamental warranties or fraud (the market carve-out)
    (
        "7",
        "10. Limitations\n10.3 The Seller shall not be liable for any Claim unless the aggregate "
        'of all Claims exceeds USD 250,000 (the "Basket"), being 1% of the Purchase Price; '
        "provided that the Basket shall not apply to any Claim for breach of the Fundamental "
        "Warranties or in the case of fraud.\n",
    ),
    # a 1x non-participating preference: the greater of the preference and the pro rata share
    (
        "10",
        "11. Liquidation\n11.1 On a Liquidation Event each Investor shall receive the greater of "
        "its Subscription Amount and the amount it would receive pro rata as an ordinary "
        "shareholder; thereafter the remaining proceeds shall be distributed among the holders "
        "of Ordinary Shares.\n",
    ),
    # deferred consideration paid without set-off save for agreed or decided claims
    (
        "2",
        "4. Consideration\n4.5 The Buyer shall pay the Deferred Consideration without any "
        "set-off, save for any amount agreed by the Seller or finally determined to be due to "
        "the Buyer.\n",
    ),
    # tax claims with their own, longer period
    (
        "7",
        "10. Limitations\n10.3 No Claim (other than a Tax Claim) may be brought unless notified "
        "within 18 months after Completion, and no Tax Claim unless notified within seven years "
        "after Completion.\n",
    ),
    # a qualified listing that leaves out only a quotation on the NEEQ
    (
        "10",
        "第一条 定义\n1.1 本协议中：\n“合格上市”指公司股票在境内外证券交易所首次公开发行并上市；公司股票在全国"
        "中小企业股份转让系统挂牌的，不构成合格上市。\n“交割日”指工商变更登记完成之日。\n",
    ),
    # a drag-along whose price floor is written "不得低于"
    (
        "10",
        "第十二条 领售权\n12.1 控股股东拟出售其全部股权的，有权要求其他股东按相同价格和条件出售其股权；但该"
        "交易对应的目标公司整体估值不得低于本次增资投后估值的二倍。\n",
    ),
    # the board may depart from the dividend policy only with each side's director
    (
        "9",
        "第十条 利润分配\n10.2 公司每年分配的利润不低于上一会计年度可分配利润的40%；但董事会经甲方和乙方"
        "提名的董事各至少一名同意，可决定当年降低分配比例。\n",
    ),
    # a MAC whose carve-outs are the market's, the target's customer losses counting
    (
        "3",
        '1. Definitions\n1.1 In this Agreement:\n\n"Material Adverse Change" means any event that '
        "results in a reduction of the EBITDA of the Company by more than 10 per cent., but "
        "excluding any event arising from any change in general economic conditions, save to the "
        "extent it affects the Company disproportionately.\n\n"
        '"Business Day" means a day on which banks are open in Singapore.\n',
    ),
    # the same exception for each side
    (
        "8",
        "第十二条 股权转让\n12.1 双方自成立日起五年内均不得转让其持有的合资公司股权，但任何一方向其关联方"
        "转让的除外。\n",
    ),
    # an environmental indemnity that leaves out only investigations not required by law
    (
        "7",
        "11. Environmental Indemnity\n11.2 The Seller shall not be liable in respect of any matter "
        "discovered as a result of any investigation carried out by the Buyer, other than an "
        "investigation required by law or by an Environmental Authority.\n",
    ),
    # a plain 1x preference, or the as-converted amount if greater
    (
        "10",
        "第十三条 清算优先权\n13.1 公司发生清算时，剩余财产应优先向投资方支付相当于其增资款的金额；投资方按"
        "持股比例参与分配所得金额更高的，按持股比例参与分配。\n",
    ),
    # the sellers waive their pre-emption on the sale of the shares sold: the deal itself
    (
        "9",
        "2. Sale and Purchase\n2.3 Each Seller waives any right of pre-emption or other "
        "restriction on transfer in respect of the Shares conferred on it under the articles of "
        "association of the Company or otherwise.\n",
    ),
    # this round's pre-emption already waived, as a condition
    (
        "9",
        "第四条 先决条件\n4.1 公司股东会已审议通过本次增资及修改后的公司章程；原股东已书面放弃优先认购权；"
        "未发生重大不利变化。\n",
    ),
    # the profit audited by a firm both sides agree
    (
        "10",
        "第一条 定义\n1.1 下列词语具有如下含义：\n\n（一）“净利润”指经双方共同认可的会计师事务所审计的、标的"
        "公司合并报表口径下扣除非经常性损益前后孰低的净利润。\n\n（二）“工作日”指法定节假日以外的任何一日。\n",
    ),
]


@pytest.mark.parametrize(
    ("rule", "item", "party", "clause_id", "text"),
    ONE_SIDED,
    ids=[f"{case[0]}-{case[3]}" for case in ONE_SIDED],
)
def test_a_one_sided_term_is_flagged_at_its_sub_clause(
    rule: str, item: str, party: str, clause_id: str, text: str
) -> None:
    findings = [f for f in _findings(text, item, party) if rule_id_of(f) == rule]
    assert findings, f"{rule} did not fire"
    [finding] = findings
    assert finding.clause_id == clause_id
    assert finding.risk_level.at_least(RiskLevel.HIGH)
    assert "burdens your side" in finding.description or "burdens" not in finding.description


@pytest.mark.parametrize(("item", "text"), BALANCED, ids=[case[1][:30] for case in BALANCED])
def test_a_balanced_clause_is_not_flagged(item: str, text: str) -> None:
    """No rule's wording fires on a fair clause, whoever we act for. (Without ``--party``
    the term reader is off: how often it reads a fair clause as one-sided is measured
    leaving each labelled set out, ``tools/train_term_reader.py --leave-one-out``.)"""
    severe = [f for f in _findings(text, item) if f.risk_level.at_least(RiskLevel.HIGH)]
    assert severe == [], [rule_id_of(f) for f in severe]


@pytest.mark.parametrize(
    ("rule", "theirs"),
    [
        ("sha_spa_seller_cap_too_low", "seller"),
        ("sha_spa_general_disclosure", "seller"),
    ],
)
def test_the_party_a_term_favours_gets_it_low_and_without_a_redline(rule: str, theirs: str) -> None:
    case = next(c for c in ONE_SIDED if c[0] == rule and c[2] == "buyer")
    [finding] = [f for f in _findings(case[4], case[1], theirs) if rule_id_of(f) == rule]
    assert finding.risk_level is RiskLevel.LOW
    assert finding.suggested_change is None
