"""Reading a disclosure letter: each numbered passage, the agreement's clauses it names,
whether it is a general disclosure, and whether it reveals something adverse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.disclosure_letter import read_disclosures
from contract_review.documents.loading import parse_text

AGREEMENT = parse_text(
    "SPA\n\n7. Warranties\n7.1 The Seller gives the Warranties.\n7.6 The Company is not "
    "party to any litigation.\n7.8 The pension scheme is properly funded.\n",
    name="spa.txt",
)
LETTER = parse_text(
    "DISCLOSURE LETTER\n\n1. This is the Disclosure Letter referred to in the Agreement.\n\n"
    "2. General disclosures\n2.1 The entire contents of the Data Room are disclosed.\n\n"
    "3. Specific disclosures\n3.1 Disclosure against Warranty 7.6 (Litigation): the Company "
    "is defendant in a claim for GBP 1,850,000 brought on 2 May 2024.\n"
    "3.2 Disclosure against Warranty 7.8 (Pensions): the scheme is a defined contribution "
    "arrangement and contributions are up to date.\n",
    name="letter.txt",
    role="disclosure_letter",
)
ZH_AGREEMENT = parse_text(
    "协议\n\n第七条 陈述与保证\n7.6 目标公司不存在任何诉讼。\n", name="协议.txt"
)
ZH_LETTER = parse_text(
    "披露函\n\n3. 数据室中的全部文件均视为已向受让方充分披露。\n\n"
    "6. 针对协议第7.6条（诉讼与仲裁）：某公司于2025年1月提起诉讼，要求赔偿人民币380万元。\n",
    name="披露函.txt",
    role="disclosure_letter",
)


def test_each_passage_names_its_warranty_and_says_if_it_is_adverse() -> None:
    found = {d.passage_id: d for d in read_disclosures(LETTER, AGREEMENT)}
    assert set(found) == {"2.1", "3.1", "3.2"}  # the introduction names nothing
    assert found["2.1"].general and not found["2.1"].clause_ids
    assert found["3.1"].clause_ids == ("7.6",) and found["3.1"].adverse
    assert found["3.2"].clause_ids == ("7.8",) and not found["3.2"].adverse
    assert LETTER.source[found["3.1"].start : found["3.1"].end] == found["3.1"].text


def test_a_chinese_letter_is_read_the_same_way() -> None:
    found = {d.passage_id: d for d in read_disclosures(ZH_LETTER, ZH_AGREEMENT)}
    assert found["3"].general
    assert found["6"].clause_ids == ("7.6",) and found["6"].adverse


def test_a_lapse_is_adverse_only_for_what_the_company_needs() -> None:
    letter = parse_text(
        "3.1 Warranty 7.6 (Litigation). Options granted in 2021 lapsed unexercised.\n"
        "3.2 Warranty 7.8 (Pensions). The scheme's insurance policy lapsed in May 2024.\n",
        name="l.txt",
        role="disclosure_letter",
    )
    found = {d.passage_id: d.adverse for d in read_disclosures(letter, AGREEMENT)}
    assert found == {"3.1": False, "3.2": True}


def test_numbers_the_agreement_does_not_have_are_not_clauses() -> None:
    letter = parse_text(
        "1.1 Index of the Data Room, items 1.1 to 1.14 and Warranty 9.9.\n", name="l.txt"
    )
    [general] = read_disclosures(letter, AGREEMENT)
    assert general.clause_ids == () and general.general


def test_a_heading_line_names_the_warranty_of_the_passages_under_it() -> None:
    """ "Disclosure against Warranty 7.6 (Litigation)" on its own line, then numbered
    passages that do not name the warranty again; the next heading ends its reach."""
    letter = parse_text(
        "3. PART B: SPECIFIC DISCLOSURES\n\n"
        "Disclosure against Warranty 7.6 (Litigation)\n\n"
        "3.1 The Company is defendant in a claim for GBP 2,150,000 issued in the High Court.\n\n"
        "3.2 A former employee has sent a letter before claim alleging hearing loss.\n\n"
        "Disclosure against Warranty 7.8 (Pensions)\n\n"
        "3.3 Its largest customer gave notice that it will not renew its supply agreement.\n\n"
        "4. PART C: DOCUMENTS\n\n"
        "4.1 The documents listed in the index are attached to this letter as Annexure 2.\n",
        name="l.txt",
        role="disclosure_letter",
    )
    found = {d.passage_id: d for d in read_disclosures(letter, AGREEMENT)}
    assert set(found) == {"3.1", "3.2", "3.3"}
    assert found["3.1"].clause_ids == found["3.2"].clause_ids == ("7.6",)
    assert found["3.3"].clause_ids == ("7.8",) and found["3.3"].adverse
    assert all(d.adverse for d in found.values())


def test_a_one_line_disclosure_without_a_full_stop_is_no_heading() -> None:
    letter = parse_text(
        "3.1 Warranty 7.6 (Litigation): a claim by Northgate Ltd for GBP 2,150,000\n\n"
        "3.2 Warranty 7.8 (Pensions): contributions are up to date\n",
        name="l.txt",
        role="disclosure_letter",
    )
    found = {d.passage_id: d for d in read_disclosures(letter, AGREEMENT)}
    assert found["3.1"].clause_ids == ("7.6",) and found["3.1"].adverse


@settings(max_examples=50, deadline=None)
@given(st.text(max_size=400).filter(lambda text: text.strip()))
def test_passages_lie_inside_the_letter(text: str) -> None:
    letter = parse_text(text, name="l.txt", role="disclosure_letter")
    for disclosure in read_disclosures(letter, AGREEMENT):
        assert letter.source[disclosure.start : disclosure.end] == disclosure.text
        assert disclosure.text.strip() == disclosure.text


def _adverse(letter_text: str) -> dict[str, bool]:
    """Whether each passage of a letter written as ``letter_text`` reads as adverse."""
    letter = parse_text(letter_text, name="l.txt", role="disclosure_letter")
    return {d.passage_id: d.adverse for d in read_disclosures(letter, AGREEMENT)}


@pytest.mark.parametrize(
    ("letter", "adverse"),
    [
        # a regulator's warning, findings, an unanswered consent
        (
            "3.1 Warranty 7.6 (Compliance). On 6 June 2024 the Commission issued a warning to "
            "the Company and directed it to complete an impact assessment.\n"
            "3.2 Warranty 7.8 (Licences). The inspector recorded two major findings; the "
            "renewal of the certificate is pending.\n"
            "3.3 Warranty 7.6 (Properties). An application for the landlord's consent was made "
            "on 30 July 2025 and the landlord has not yet responded.\n"
            "3.4 Warranty 7.8 (Pensions). Contributions were paid on time in every month.\n",
            {"3.1": True, "3.2": True, "3.3": True, "3.4": False},
        ),
        # a right lapsed or awaiting approval, a supplier re-selecting (Chinese)
        (
            "3.1 针对第7.6条：目标公司的土地经营权流转合同已于2024年10月31日期满，续期事宜尚需经"
            "村民代表大会表决通过。\n"
            "3.2 针对第7.8条：二期厂房尚未完成竣工环境保护验收。\n"
            "3.3 针对第7.6条：目标公司的商标注册申请处于正常审查阶段，尚未收到驳回通知。\n"
            "3.4 针对第7.8条：该品牌厂商已书面通知目标公司，其将于2026年度重新遴选区域配送商。\n"
            "3.5 针对第7.8条：目标公司未与季节性工人签订书面劳动合同，亦未为其缴纳社会保险。\n"
            "3.6 针对第7.8条：目标公司已为全部员工足额缴纳社会保险。\n",
            {"3.1": True, "3.2": True, "3.3": False, "3.4": True, "3.5": True, "3.6": False},
        ),
        # a contract the counterparty will not extend
        (
            "3.3 Warranty 7.8 (Contracts): the Port informed the Company that the framework "
            "agreement will be re-tendered on expiry and that the Port does not intend to "
            "extend it.\n3.4 Warranty 7.6 (Contracts): the supply agreement was extended on "
            "1 May 2025 for three years on the same terms.\n3.5 Warranty 7.8 (Customers): a "
            "customer notified the Company that it will move its orders to a framework panel and "
            "expects to place no further orders with the Company.\n",
            {"3.3": True, "3.4": False, "3.5": True},
        ),
        # an incident: a disease found in the herd, a leak
        (
            "3.1 针对第7.6条：目标公司在年度布鲁氏菌病监测中检出血清学阳性牛只126头，已全部扑杀。\n"
            "3.2 针对第7.8条：目标公司的牧场土地租赁合同已于2025年1月续签五年。\n"
            "3.3 Warranty 7.6 (Environment): a diesel leak from the yard tank reached the drain "
            "in May 2025.\n",
            {"3.1": True, "3.2": False, "3.3": True},
        ),
        # an allegation; a customer cutting its volumes
        (
            "3.1 Warranty 7.6 (Environment): in October 2024 the water company wrote to the "
            "Company alleging that the trade effluent exceeded its consent.\n"
            "3.2 针对第7.8条：第二大客户已书面通知目标公司，自2025年第三季度起其委托加工量将下调约百分之四十。\n"
            "3.3 针对第7.8条：目标公司与第二大客户的框架协议已续签三年。\n",
            {"3.1": True, "3.2": True, "3.3": False},
        ),
    ],
)
def test_what_takes_a_warrantys_protection_away_is_adverse(
    letter: str, adverse: dict[str, bool]
) -> None:
    assert _adverse(letter) == adverse
