"""The check that tells a contract without numbering from a file that is no contract:
words of at least two kinds (parties, obligations, agreement), English or Chinese."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.contract_language import (
    contract_language_kinds,
    has_contract_language,
)


@pytest.mark.parametrize(
    "text",
    [
        "The Buyer shall pay the price within 30 days.",
        "The undersigned hereby agree that the Schedule 13G is filed on behalf of each of them.",
        "This letter agreement confirms that you agree to keep our information confidential.",
        "甲方应于每月五日前向乙方支付租金。",
        "双方约定，本协议自签署之日起生效。",
        "PARTIES HERETO COVENANT AS FOLLOWS",
    ],
)
def test_contract_wording_is_recognised(text: str) -> None:
    assert has_contract_language(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello world test file",
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
        "Shall I compare thee to a summer's day?\nThou art more lovely and more temperate.",
        "Preheat the oven. You must stir the flour and the butter until smooth.",
        "床前明月光，疑是地上霜。举头望明月，低头思故乡。",
        "你应该多喝水，早点休息。",
        "I agree",
    ],
)
def test_text_without_contract_wording_is_not_a_contract(text: str) -> None:
    assert not has_contract_language(text)


def test_kinds_are_named() -> None:
    assert contract_language_kinds("The Seller shall deliver under this contract.") == {
        "parties",
        "obligations",
        "agreement",
    }
    assert contract_language_kinds("shalll partys agreementss") == set()  # whole words


@given(st.text(max_size=200), st.text(max_size=200))
def test_more_text_never_loses_a_kind(first: str, second: str) -> None:
    assert contract_language_kinds(first) <= contract_language_kinds(first + "\n" + second)
