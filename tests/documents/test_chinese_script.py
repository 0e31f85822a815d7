"""Traditional Chinese read as simplified for matching, offsets kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.chinese_script import simplified


def test_traditional_reads_as_simplified() -> None:
    assert (
        simplified("乙方須購買保險，不得轉讓本合約；彌償") == "乙方须购买保险，不得转让本合同；赔偿"
    )
    assert simplified("The Contractor shall pay.") == "The Contractor shall pay."


@given(st.text())
def test_the_length_never_changes(text: str) -> None:
    assert len(simplified(text)) == len(text)
