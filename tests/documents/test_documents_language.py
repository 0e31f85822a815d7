"""Language detection counts letters as the character test does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.language import ZH_SHARE_THRESHOLD, detect_language, is_cjk_char


def _by_character(text: str) -> str:
    cjk = sum(1 for ch in text if is_cjk_char(ch))
    latin = sum(1 for ch in text if not is_cjk_char(ch) and ch.isascii() and ch.isalpha())
    total = cjk + latin
    return "zh" if total and cjk / total >= ZH_SHARE_THRESHOLD else "en"


_CHARS = st.sampled_from(list("abZ 1.é\n合同甲乙㐀豈\u9fff\u4e00\u4dbf\ufaffΣ"))


@given(st.text(alphabet=_CHARS, max_size=60))
def test_detect_language_counts_as_the_character_test(text: str) -> None:
    assert detect_language(text) == _by_character(text)


@given(st.text(max_size=60))
def test_detect_language_on_any_text(text: str) -> None:
    assert detect_language(text) == _by_character(text)


def test_examples() -> None:
    assert detect_language("本合同由甲方和乙方签订。") == "zh"
    assert detect_language("This Agreement is made between the parties.") == "en"
    assert detect_language("") == "en"
