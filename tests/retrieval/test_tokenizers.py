"""The BM25 tokenizer: jieba for Chinese (search and precise modes), words for
English, stopwords and question words, stemming, mixed text, and jieba's dictionary
cache in the configured cache directory (also with several processes starting at once)."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from contract_review.retrieval.tokenizers import (
    QUESTION_WORDS_ZH,
    Tokenizer,
    TokenizerConfig,
    unique_terms,
)


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    """Stopwords on (the index's own default keeps them in documents)."""
    return Tokenizer(TokenizerConfig(stopwords=True))


def _tokenize(text: str, **config: bool | str) -> list[str]:
    """Tokenize with stopwords on unless the test says otherwise (the index's default
    keeps them in documents and drops question words from queries; see the tests of
    ``tokenize_query``)."""
    config.setdefault("stopwords", True)
    return Tokenizer(TokenizerConfig.model_validate(config)).tokenize(text)


def test_documents_keep_their_words_and_queries_drop_question_words() -> None:
    tokenizer = Tokenizer()
    assert "吗" in tokenizer.tokenize("试用期内可以解除劳动合同吗")
    query = tokenizer.tokenize_query("试用期内用人单位可以随意解除劳动合同吗")
    assert query == ["试用期", "内", "用人单位", "随意", "解除", "劳动合同"]
    assert tokenizer.tokenize_query("the notice of the engineer") == ["notice", "engineer"]
    keep = Tokenizer(TokenizerConfig(query_stopwords=False))
    assert "吗" in keep.tokenize_query("可以解除劳动合同吗")


def test_subwords_are_jieba_search_mode_from_precise_words() -> None:
    import jieba

    tokenizer = Tokenizer()
    text = "承包商应当在试用期内通知工程师"
    words = tokenizer.tokenize(text)
    assert "承包" not in words and "承包商" in words
    assert tokenizer.subwords(words) == [w for w in jieba.lcut_for_search(text) if w.strip()]
    assert tokenizer.subwords(["contractor"]) == ["contractor"]


# ---------------------------------------------------------------------- Chinese


def test_chinese_words_are_cut_by_jieba(tokenizer: Tokenizer) -> None:
    tokens = tokenizer.tokenize("解除劳动合同")
    assert "劳动合同" in tokens
    assert "解除" in tokens
    # Not one token per clause (what bm25s's regex tokenizer would do) nor per character.
    assert "解除劳动合同" not in tokens
    assert "解" not in tokens


def test_search_mode_emits_the_words_inside_long_words() -> None:
    tokens = _tokenize("承包商应当通知工程师", chinese_mode="search")
    assert {"承包商", "承包", "包商", "工程师", "工程", "通知"} <= set(tokens)


def test_precise_mode_emits_no_sub_words() -> None:
    tokens = _tokenize("承包商应当通知工程师", chinese_mode="precise")
    assert "承包商" in tokens
    assert "工程师" in tokens
    assert "承包" not in tokens
    assert "包商" not in tokens
    assert "工程" not in tokens


def test_search_mode_yields_more_terms_than_precise_mode() -> None:
    text = "中华人民共和国劳动合同法"
    search = _tokenize(text, chinese_mode="search")
    precise = _tokenize(text, chinese_mode="precise")
    assert "中华人民共和国" in precise and "中华人民共和国" in search
    assert "共和国" in search and "共和国" not in precise
    assert set(precise) <= set(search)
    assert len(search) > len(precise)


# ---------------------------------------------------------------------- English


def test_english_words_are_lower_cased(tokenizer: Tokenizer) -> None:
    tokens = tokenizer.tokenize("The Contractor shall give Notices to the Engineer")
    assert tokens == ["contractor", "shall", "give", "notices", "engineer"]


def test_english_keeps_clause_numbers_and_inner_punctuation(tokenizer: Tokenizer) -> None:
    tokens = tokenizer.tokenize("Sub-Clause 20.1 applies; see e-mail.")
    assert "20.1" in tokens
    assert "sub-clause" in tokens
    assert "e-mail" in tokens
    assert ";" not in tokens and "." not in tokens


def test_english_is_stemmed_only_when_stem_english_is_on() -> None:
    plain = _tokenize("Notices delivered", stem_english=False)
    stemmed = _tokenize("Notices delivered", stem_english=True)
    assert plain == ["notices", "delivered"]
    assert stemmed == ["notic", "deliv"]


def test_stemming_makes_word_forms_match() -> None:
    stem = Tokenizer(TokenizerConfig(stem_english=True))
    assert stem.tokenize("notice") == stem.tokenize("notices")
    plain = Tokenizer()
    assert plain.tokenize("notice") != plain.tokenize("notices")


def test_stemming_leaves_chinese_and_numbers_alone() -> None:
    tokens = _tokenize("Notices 通知 28", stem_english=True)
    assert "notic" in tokens
    assert "notices" not in tokens
    assert "通知" in tokens
    assert "28" in tokens


# ---------------------------------------------------------------------- stopwords


def test_chinese_stopwords_and_question_words_are_dropped_by_default(
    tokenizer: Tokenizer,
) -> None:
    tokens = tokenizer.tokenize("试用期内可以解除劳动合同吗")
    assert "吗" not in tokens
    assert "可以" not in tokens
    assert "劳动合同" in tokens
    assert "如何" not in tokenizer.tokenize("如何解除劳动合同")


def test_stopwords_are_kept_when_off() -> None:
    tokens = _tokenize("试用期内可以解除劳动合同吗", stopwords=False)
    assert "吗" in tokens
    assert "可以" in tokens
    assert "如何" in _tokenize("如何解除劳动合同", stopwords=False)
    assert _tokenize("the notice of the engineer", stopwords=False) == [
        "the",
        "notice",
        "of",
        "the",
        "engineer",
    ]


def test_english_stopwords_are_dropped_by_default(tokenizer: Tokenizer) -> None:
    assert tokenizer.tokenize("the notice of the engineer") == ["notice", "engineer"]


@pytest.mark.parametrize("word", ["请问", "多久", "有没有"])
def test_question_words_follow_drop_question_words(word: str) -> None:
    # These are question words that are not in the ordinary Chinese stopword list.
    assert word in QUESTION_WORDS_ZH
    text = f"{word}工伤认定"
    assert word not in _tokenize(text, drop_question_words=True)
    assert word in _tokenize(text, drop_question_words=False)
    # With stopwords off, no question word is dropped either.
    assert word in _tokenize(text, stopwords=False, drop_question_words=True)


# ---------------------------------------------------------------------- mixed, edges


def test_mixed_chinese_and_english(tokenizer: Tokenizer) -> None:
    tokens = tokenizer.tokenize("承包商 shall notify the Engineer 在28天内")
    assert "承包商" in tokens
    assert {"shall", "notify", "engineer", "28"} <= set(tokens)
    assert "the" not in tokens
    assert "Engineer" not in tokens
    assert all(token.strip() == token and token for token in tokens)


@pytest.mark.parametrize(
    "english",
    ["Sub-Clause 20.1", "the Contractor's Notice", "e-mail within 28 days", "50% of the Price"],
)
def test_english_in_mixed_text_is_cut_as_in_english_text(
    tokenizer: Tokenizer, english: str
) -> None:
    # A Chinese query naming an English term must produce the English document's terms.
    alone = tokenizer.tokenize(english)
    mixed = tokenizer.tokenize(f"承包商{english}的通知")
    assert [t for t in mixed if t.isascii()] == alone
    assert "承包商" in mixed and "通知" in mixed


@pytest.mark.parametrize(
    "text", ["，。！？", "...---!!!", "（）《》【】“”", "  \n\t  ", "、；：——"]
)
def test_punctuation_only_text_gives_no_tokens(tokenizer: Tokenizer, text: str) -> None:
    assert tokenizer.tokenize(text) == []


def test_punctuation_is_dropped_around_words(tokenizer: Tokenizer) -> None:
    tokens = tokenizer.tokenize("《劳动合同法》第三十九条：解除。")
    assert tokens
    assert not {"《", "》", "：", "。"} & set(tokens)
    assert "合同法" in tokens


def test_empty_text_gives_no_tokens(tokenizer: Tokenizer) -> None:
    assert tokenizer.tokenize("") == []


def test_tokenize_many_is_tokenize_per_text(tokenizer: Tokenizer) -> None:
    texts = ["解除劳动合同", "", "The Engineer"]
    assert tokenizer.tokenize_many(texts) == [tokenizer.tokenize(t) for t in texts]


def test_config_is_frozen_and_validated() -> None:
    config = TokenizerConfig()
    with pytest.raises(ValidationError):
        config.stopwords = False  # type: ignore[misc]
    with pytest.raises(ValidationError):
        TokenizerConfig(chinese_mode="fast")


def test_unique_terms_keeps_first_occurrence_order() -> None:
    assert unique_terms(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]
    assert unique_terms([]) == []


@given(st.text(max_size=80))
def test_tokens_never_hold_whitespace_and_are_lower_case(text: str) -> None:
    for token in Tokenizer().tokenize(text):
        assert token
        assert not any(char.isspace() for char in token), repr(token)
        assert token == token.lower(), repr(token)


@given(
    st.lists(
        st.sampled_from(["劳动", "合同", "解除", "Notice", "Engineer", " ", "，", "28", "的"]),
        max_size=12,
    ).map("".join)
)
def test_tokens_of_legal_vocabulary_are_clean(text: str) -> None:
    tokens = Tokenizer().tokenize_query(text)
    assert all(token == token.lower() and token.strip() == token for token in tokens)
    assert "的" not in tokens
    assert "，" not in tokens


# ---------------------------------------------------------------------- jieba cache

_TOKENIZE_SCRIPT = """
import sys
from pathlib import Path
from contract_review.retrieval.tokenizers import Tokenizer
cache = Path(sys.argv[1]) if len(sys.argv) > 1 else None
print(" ".join(Tokenizer(cache_dir=cache).tokenize("解除劳动合同")))
"""


def _start(cache_env: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["CONTRACT_REVIEW_CACHE_DIR"] = str(cache_env)
    return subprocess.Popen(
        [sys.executable, "-c", _TOKENIZE_SCRIPT, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> str:
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    return stdout


def _assert_valid_cache(directory: Path) -> None:
    caches = list((directory / "jieba").glob("*.cache"))
    assert caches, f"no jieba cache in {directory / 'jieba'}"
    for cache in caches:
        with cache.open("rb") as handle:
            frequencies, total = marshal.load(handle)
        assert isinstance(frequencies, dict) and "劳动合同" in frequencies
        assert total > 0


def test_jieba_cache_is_written_under_the_settings_cache_dir(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    out = _finish(_start(cache))
    assert "劳动合同" in out.split()
    _assert_valid_cache(cache)


def test_jieba_cache_follows_the_tokenizers_cache_dir(tmp_path: Path) -> None:
    from_settings, given_dir = tmp_path / "settings", tmp_path / "given"
    out = _finish(_start(from_settings, str(given_dir)))
    assert "劳动合同" in out.split()
    _assert_valid_cache(given_dir)
    assert not (from_settings / "jieba").exists()


def test_several_processes_starting_at_once_share_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    processes = [_start(cache) for _ in range(2)]
    outputs = [_finish(process) for process in processes]
    assert all("劳动合同" in out.split() for out in outputs)
    _assert_valid_cache(cache)
    # A later process reads the cache the others wrote and tokenizes the same way.
    assert _finish(_start(cache)) == outputs[0]


def test_reading_the_cache_in_one_piece_gives_jiebas_dictionary(tmp_path: Path) -> None:
    import jieba

    from contract_review.retrieval.tokenizers import read_jieba_cache

    built = jieba.Tokenizer()
    built.tmp_dir = str(tmp_path)
    assert not read_jieba_cache(built)  # no cache yet
    built.initialize()  # builds the dictionary and writes the cache
    read = jieba.Tokenizer()
    read.tmp_dir = str(tmp_path)
    assert read_jieba_cache(read)
    assert read.initialized and read.total == built.total and read.FREQ == built.FREQ
    assert read.lcut("试用期内解除劳动合同") == built.lcut("试用期内解除劳动合同")
    (tmp_path / "jieba.cache").write_bytes(b"damaged")
    damaged = jieba.Tokenizer()
    damaged.tmp_dir = str(tmp_path)
    assert not read_jieba_cache(damaged)
    custom = jieba.Tokenizer(dictionary=str(tmp_path / "words.txt"))
    custom.tmp_dir = str(tmp_path)
    assert not read_jieba_cache(custom)  # only jieba's own dictionary


def test_query_stopwords_include_bm25s_english_stopwords() -> None:
    from bm25s.stopwords import STOPWORDS_EN as BM25S_STOPWORDS_EN

    from contract_review.retrieval.tokenizers import STOPWORDS_EN

    assert frozenset(BM25S_STOPWORDS_EN) == STOPWORDS_EN
