"""Contract type inference (:mod:`contract_review.documents.contract_type`).

* Small contracts written here, English and Chinese: the title, the recitals and the
  parties' roles decide the type, and the evidence quotes the words that did.
* On the CUAD dev contracts (shared data; skipped when absent) the file names say
  what each agreement is ("..._Supply Agreement.txt"): the inference, which never sees
  the file name, agrees with it for at least 80% of the contracts whose name maps to
  one type.
* Properties: any text gives a valid result with a confidence in [0, 1].
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.contract_type import (
    CONTRACT_TYPES,
    OTHER,
    ContractType,
    infer_contract_type,
)
from contract_review.documents.loading import parse_text

SUPPLY = """MANUFACTURING AND SUPPLY AGREEMENT

This Manufacturing and Supply Agreement is made between Northwind Ltd (the "Supplier")
and Contoso Inc (the "Buyer").

WHEREAS the Buyer wishes to purchase the Products from the Supplier.

1. Orders. The Buyer shall place purchase orders with the Supplier.
"""

DISTRIBUTION = """EXCLUSIVE DISTRIBUTOR AGREEMENT

This Agreement appoints Fabrikam GmbH as the exclusive Distributor of the Products of
Tailspin Toys in Germany. The Distributor shall resell the Products to its customers.
"""

LICENCE_ZH = """软件许可合同

许可方：甲公司
被许可方：乙公司

第一条 许可方授予被许可方在中国境内使用本软件的非独占许可。
"""

LEASE_ZH = """房屋租赁合同

出租人：张三
承租人：李四

第一条 出租人将位于北京市的房屋出租给承租人使用。
"""

#: File-name words of the CUAD dev contracts and the type they name (first match wins).
CUAD_NAMES: tuple[tuple[str, str], ...] = (
    ("franchise", "franchise"),
    ("sponsorship", "endorsement"),
    ("endorsement", "endorsement"),
    ("promotion", "endorsement"),
    ("hosting", "hosting"),
    ("distribut", "distribution"),
    ("reseller", "distribution"),
    ("joint venture", "joint_venture"),
    ("collaboration", "joint_venture"),
    ("cooperation", "joint_venture"),
    ("strategic alliance", "joint_venture"),
    ("license", "licence"),
    ("intellectual property", "licence"),
    ("supply", "supply"),
    ("manufactur", "supply"),
    ("maintenance", "services"),
    ("service", "services"),
    ("outsourcing", "services"),
)


@pytest.mark.parametrize(
    ("text", "expected", "word"),
    [
        (SUPPLY, "supply", "SUPPLY AGREEMENT"),
        (DISTRIBUTION, "distribution", "DISTRIBUTOR AGREEMENT"),
        (LICENCE_ZH, "licence", "许可合同"),
        (LEASE_ZH, "lease", "租赁合同"),
    ],
)
def test_title_recitals_and_roles_decide(text: str, expected: str, word: str) -> None:
    inferred = infer_contract_type(text)
    assert inferred.type_id == expected
    assert 0.5 <= inferred.confidence <= 1.0
    assert any(word in found for found in inferred.evidence)
    spec = next(spec for spec in CONTRACT_TYPES if spec.type_id == expected)
    assert (inferred.name_en, inferred.name_zh) == (spec.name_en, spec.name_zh)


def test_a_document_and_its_text_agree() -> None:
    document = parse_text(SUPPLY, name="supply.txt")
    assert infer_contract_type(document) == infer_contract_type(SUPPLY)


def test_roles_alone_decide_with_less_confidence() -> None:
    text = (
        'THIS AGREEMENT is made between A (the "Franchisor") and B (the "Franchisee"). '
        "The Franchisee shall pay the Franchisor a monthly fee."
    )
    inferred = infer_contract_type(text)
    assert inferred.type_id == "franchise"
    titled = infer_contract_type("FRANCHISE AGREEMENT\n\n" + text)
    assert titled.type_id == "franchise"
    assert titled.confidence > inferred.confidence


def test_a_role_word_in_lower_case_is_not_a_role() -> None:
    inferred = infer_contract_type("The parties agree that each employee of a supplier may attend.")
    assert inferred.type_id == OTHER
    assert inferred.confidence == 0.0
    assert inferred.evidence == []


def test_nothing_named_is_other() -> None:
    inferred = infer_contract_type("AGREEMENT\n\nThe parties agree as follows.")
    assert (inferred.type_id, inferred.confidence, inferred.name_zh) == (OTHER, 0.0, "其他合同")


@given(st.text(max_size=3000))
def test_any_text_gives_a_valid_result(text: str) -> None:
    inferred = infer_contract_type(text)
    assert isinstance(inferred, ContractType)
    assert 0.0 <= inferred.confidence <= 1.0
    known = {spec.type_id for spec in CONTRACT_TYPES} | {OTHER}
    assert inferred.type_id in known
    assert (inferred.confidence == 0.0) == (inferred.type_id == OTHER)


def test_cuad_file_names_agree_with_the_inference(shared_data: Path) -> None:
    folder = shared_data / "cuad" / "contracts"
    if not folder.is_dir():
        pytest.skip("the shared data folder has no cuad/contracts/ folder")
    agree = named = 0
    for path in sorted(folder.glob("*.txt")):
        lowered = path.name.lower()
        expected = next((type_id for word, type_id in CUAD_NAMES if word in lowered), None)
        if expected is None:
            continue
        named += 1
        text = path.read_text(encoding="utf-8")
        agree += infer_contract_type(parse_text(text, name="contract.txt")).type_id == expected
    assert named >= 70
    assert agree / named >= 0.8, f"{agree}/{named}"
