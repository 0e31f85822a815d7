"""--party: sides, words and names resolved against the contract; whom a term burdens."""

from __future__ import annotations

import pytest

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.errors import InputError
from contract_review.playbooks.contract_parties import find_parties
from contract_review.playbooks.party_sides import PartySide, PartyWords, burden_of, resolve_party
from contract_review.playbooks.playbook_models import SideSpec
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import PlaybookRule

EPC = parse_text(
    'EPC CONTRACT\n\nThis Contract is made between Harbourline Energy Ltd (the "Employer") '
    'and Meridian Build Co. (the "Contractor").\n\n1. General\n1.1 Text.\n',
    name="epc.txt",
)
PURCHASE_ZH = parse_text(
    "设备采购合同\n\n甲方（买方）：华东新能源发展有限公司\n乙方（卖方）：恒远电气设备股份有限公司\n\n"
    "第一条 定义\n本合同所称“设备”，是指变压器。\n",
    name="purchase.txt",
)
SERVICES_ZH = parse_text(
    "技术服务合同\n\n北京某某科技有限公司（以下简称“甲方”）\n上海某某信息技术有限公司（以下简称“乙方”）\n\n"
    "第一条 服务内容\n乙方应提供服务。\n",
    name="services.txt",
)
CUAD_STYLE = parse_text(
    "DISTRIBUTION AGREEMENT\nThis Agreement is entered into as of May 1, 2020 by and between "
    'ACME, INC., a Delaware corporation ("Company"), and Foo Bar LLC, a California limited '
    'liability company (the "Distributor").\n1. Appointment\nText.\n',
    name="cuad.txt",
)
ACQUISITION_ZH = parse_text(
    "股权收购协议\n\n承接方：上海华瑞医药商业集团有限公司\n转让方一：陈国栋\n转让方二：宁波康泰投资合伙企业（有限合伙）\n\n"
    "第一条 定义\n本协议所称“标的股权”，是指目标公司100%股权。\n",
    name="acquisition.txt",
)
LINES = parse_text(
    "SUPPLY AGREEMENT\nSupplier: Northwind Components GmbH\nCustomer: Contoso Retail Ltd\n\n"
    "1. Supply\nText.\n",
    name="lines.txt",
)


def test_parties_are_read_from_the_opening() -> None:
    assert [(p.name, p.labels) for p in find_parties(EPC)] == [
        ("Harbourline Energy Ltd", ("Employer",)),
        ("Meridian Build Co.", ("Contractor",)),
    ]
    assert [(p.name, p.labels) for p in find_parties(PURCHASE_ZH)] == [
        ("华东新能源发展有限公司", ("甲方", "买方")),
        ("恒远电气设备股份有限公司", ("乙方", "卖方")),
    ]
    assert [p.labels for p in find_parties(SERVICES_ZH)] == [("甲方",), ("乙方",)]
    assert [(p.name, p.labels) for p in find_parties(CUAD_STYLE)] == [
        ("ACME, INC.", ("Company",)),
        ("Foo Bar LLC", ("Distributor",)),
    ]
    assert [(p.name, p.labels) for p in find_parties(LINES)] == [
        ("Northwind Components GmbH", ("Supplier",)),
        ("Contoso Retail Ltd", ("Customer",)),
    ]


NUMBERED_PARTIES = parse_text(
    "JOINT VENTURE AGREEMENT\n\nTHIS AGREEMENT is made on 22 January 2025\n\nBETWEEN\n\n"
    "(1) STRAITS COLD CHAIN HOLDINGS PTE. LTD., a company incorporated in Singapore (UEN "
    '201533418K) whose registered office is at 2 Tuas South Avenue 4 (the "Majority Partner");'
    "\n\n(2) HOKUYO LOGISTICS CO., LTD., a company incorporated in Japan whose head office is "
    'at 3-7-1 Shibaura, Tokyo (the "Minority Partner").\n\nRECITALS\n\n(A) The joint '
    'venture company (the "Venture Business") stores medicines.\n\n1. Definitions\n1.1 Text.\n',
    name="jv.txt",
)


def test_numbered_parties_below_a_between_line_keep_their_own_labels() -> None:
    """ "BETWEEN" on its own, then one numbered paragraph per party with a label no
    side table knows ("Minority Partner"); a recital's defined word is no party."""
    assert [(p.name, p.labels) for p in find_parties(NUMBERED_PARTIES)] == [
        ("STRAITS COLD CHAIN HOLDINGS PTE. LTD.", ("Majority Partner",)),
        ("HOKUYO LOGISTICS CO., LTD.", ("Minority Partner",)),
    ]
    side = resolve_party("minority partner", [NUMBERED_PARTIES])
    assert side.name == "HOKUYO LOGISTICS CO., LTD."


ZH_NUMBERED_PARTIES = parse_text(
    "股东协议\n\n本协议由以下各方于2025年7月3日在香港签订：\n\n"
    "（1）宏川集团有限公司，一家依据香港法律注册成立的有限公司，注册办事处位于香港湾仔港湾道18号"
    "（“控股股东”）；\n\n（2）星桥资本有限公司，一家依据香港法律注册成立的有限公司（“投资方”）；及"
    "\n\n鉴于：\n\n（甲）公司从事医疗器械的研发（“主营业务”）。\n\n第一条 定义\n1.1 文本。\n",
    name="sha.txt",
)
SEVERAL_ON_A_SIDE = parse_text(
    "股权转让协议\n\n本协议由以下各方签署：\n\n转让方一：陈建国\n身份证号码：330206196805121811\n\n"
    "转让方二：宁波恒泰投资合伙企业（有限合伙）\n执行事务合伙人：陈建国\n\n"
    "受让方：江苏华栋新材料股份有限公司\n法定代表人：顾振华\n\n第一条 定义\n1.1 文本。\n",
    name="transfer.txt",
)


def test_chinese_numbered_parties_below_a_parties_line_keep_their_own_labels() -> None:
    """ "本协议由以下各方……签订：" then "（1）名称，……（“控股股东”）；": the label in
    quotes is the party's, whatever side table knows it; a recital's is not."""
    assert [(p.name, p.labels) for p in find_parties(ZH_NUMBERED_PARTIES)] == [
        ("宏川集团有限公司", ("控股股东",)),
        ("星桥资本有限公司", ("投资方",)),
    ]


def test_numbered_parties_on_one_side_and_their_representatives() -> None:
    """ "转让方一" and "转让方二" are the 转让方; a legal representative or managing
    partner named under a party is no party of its own."""
    assert [(p.name, p.labels) for p in find_parties(SEVERAL_ON_A_SIDE)] == [
        ("陈建国", ("转让方",)),
        ("江苏华栋新材料股份有限公司", ("受让方",)),
    ]


@pytest.mark.parametrize(
    ("value", "document", "side", "name", "matched_by"),
    [
        ("contractor", EPC, "contractor", "Meridian Build Co.", "side"),
        ("Employer", EPC, "employer", "Harbourline Energy Ltd", "side"),
        ("承包人", EPC, "contractor", "Meridian Build Co.", "side"),
        ("Meridian Build Co.", EPC, "contractor", "Meridian Build Co.", "name"),
        ("meridian", EPC, "contractor", "Meridian Build Co.", "name"),
        ("甲方", PURCHASE_ZH, "party_a", "华东新能源发展有限公司", "side"),
        ("seller", PURCHASE_ZH, "seller", "恒远电气设备股份有限公司", "side"),
        ("恒远电气", PURCHASE_ZH, "seller", "恒远电气设备股份有限公司", "name"),
        ("Distributor", CUAD_STYLE, "distributor", "Foo Bar LLC", "side"),
        # "Company" is no side; facing the Distributor, it is the supplier
        ("Company", CUAD_STYLE, "supplier", "ACME, INC.", "label"),
        # a side the contract does not use: the party on the same side of the table
        ("buyer", EPC, "buyer", "Harbourline Energy Ltd", "side"),
        ("lessee", PURCHASE_ZH, "lessee", "华东新能源发展有限公司", "side"),
        ("founder", EPC, "founder", "", "side"),  # no kindred party: no name
        ("收购方", ACQUISITION_ZH, "buyer", "上海华瑞医药商业集团有限公司", "side"),
        # a word no table has, facing parties of one side: the opposite side
        ("承接方", ACQUISITION_ZH, "buyer", "上海华瑞医药商业集团有限公司", "label"),
    ],
)
def test_resolve_party(
    value: str, document: Document, side: str, name: str, matched_by: str
) -> None:
    party = resolve_party(value, [document])
    assert (party.side, party.name, party.matched_by) == (side, name, matched_by)
    if name:
        assert party.is_called(name)


def test_a_party_is_known_by_every_word_the_contract_uses() -> None:
    party = resolve_party("甲方", [PURCHASE_ZH])
    for word in ("甲方", "买方", "Buyer", "Party A", "华东新能源发展有限公司"):
        assert party.is_called(word)
    assert not party.is_called("乙方")
    assert party.display == "party_a (华东新能源发展有限公司)"


def test_playbook_sides_add_words() -> None:
    sides = (SideSpec(id="employer", labels=("Engineer",)),)
    assert resolve_party("Engineer", [EPC], sides=sides).side == "employer"


@pytest.mark.parametrize("value", ["landowner", "Zenith Corp", "x"])
def test_unknown_party_lists_what_it_could_match(value: str) -> None:
    with pytest.raises(InputError) as raised:
        resolve_party(value, [EPC])
    message = str(raised.value)
    assert repr(value) in message
    assert "contractor" in message and "buyer" in message  # the sides
    assert "Meridian Build Co. (Contractor)" in message  # the parties


def test_empty_party_is_an_input_error() -> None:
    with pytest.raises(InputError, match="--party is empty"):
        resolve_party("  ", [EPC])


def _rule(burdens: str | tuple[str, ...]) -> PlaybookRule:
    return PlaybookRule(
        rule_id="r", clause_id="c", description="d", patterns=("terminate",), burdens=burdens
    )


@pytest.mark.parametrize(
    ("burdens", "subject", "party_value", "expected"),
    [
        ("contractor", None, "contractor", "ours"),
        ("contractor", None, "employer", "theirs"),
        ("contractor", None, "buyer", "theirs"),  # the buyer's kin in an EPC contract: Employer
        ("contractor", None, "founder", "unknown"),
        (("supplier", "seller"), None, "乙方", "ours"),  # 乙方（卖方）
        (("supplier", "seller"), None, "甲方", "theirs"),
        ("either", "Employer", "contractor", "unknown"),
        ("named_party", "Employer", "employer", "ours"),
        ("named_party", "Employer", "contractor", "theirs"),
        ("other_party", "Employer", "contractor", "ours"),
        ("other_party", None, "contractor", "unknown"),
    ],
)
def test_burden_of(
    burdens: str | tuple[str, ...], subject: str | None, party_value: str, expected: str
) -> None:
    document = PURCHASE_ZH if party_value in ("甲方", "乙方") else EPC
    party: PartySide = resolve_party(party_value, [document])
    assert burden_of(_rule(burdens), subject, party, ()) == expected
    assert burden_of(_rule(burdens), subject, None, ()) == "unknown"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("If the Contractor fails to pay, the Employer may terminate at any time.", "Employer"),
        ("The Customer may, at any time, terminate upon notice to the Supplier.", "Customer"),
        ("甲方可以提前三十日书面通知乙方解除本合同，即 terminate。", "甲方"),
        ("Upon notice the Supplier shall terminate.", "Supplier"),
        ("No party word here; terminate.", None),
    ],
)
def test_subject_of_a_hit(text: str, subject: str | None) -> None:
    words = PartyWords([EPC])
    [hit] = find_hits(_rule("either"), text)
    assert words.subject(text, hit) == subject


def test_a_sentence_without_a_party_is_about_the_party_before_it() -> None:
    text = "乙方逾期的，每逾期一日，应向甲方支付违约金。违约金不设上限，terminate。"
    words = PartyWords([PURCHASE_ZH])
    [hit] = find_hits(_rule("either"), text)
    assert words.subject(text, hit) == "乙方"


@pytest.mark.parametrize(
    ("text", "acting"),
    [
        # the party a restriction binds, not the one the clause frees
        (
            "For three years the Investor shall not carry on any competing business. Nothing "
            "in this Agreement shall restrict the Sponsor from carrying on any business.",
            "Investor",
        ),
        ("未经甲方事先书面同意，乙方不得转让其股份；甲方则可随时转让其股份。", "乙方"),
        ("Nothing shall restrict the Buyer, to whom the Seller owes nothing.", None),
    ],
)
def test_the_party_a_clause_binds_is_read_by_its_verbs(text: str, acting: str | None) -> None:
    opening = 'Between A Ltd (the "Sponsor") and B Ltd (the "Investor").\n'
    words = PartyWords([parse_text(opening, name="jv.txt"), PURCHASE_ZH])
    assert words.acting(text, (r"\bshall\s+not\b", "不得")) == acting
