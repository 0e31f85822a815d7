"""The case folding that lets a substring test skip an ignore-case regex: it never says
"not there" where ``re.IGNORECASE`` finds a match."""

from __future__ import annotations

import re
import string
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.case_folding import (
    REGEX_ASCII_TWINS,
    fold,
    folds_exactly,
    may_contain,
    which_may_contain,
)
from contract_review.documents.locate import (
    TEXT_HIT_CAP,
    TEXT_WEIGHT,
    TITLE_WEIGHT,
    _keyword_pattern,
    find_by_keywords,
)
from contract_review.documents.model import Document, Section, SectionKind

_TRICKY = "İıKſΣσςßẞﬁÅåǅǄǆ\u0307"
_ALPHABET = st.sampled_from(list("abiklsKSILinst -_\n" + _TRICKY + "é中文"))
_WORD = st.text(alphabet=st.sampled_from(list("abiklsKSILnst-中文")), min_size=1, max_size=4)


def test_the_twins_are_every_non_ascii_character_re_matches_with_an_ascii_one() -> None:
    every = "".join(chr(c) for c in range(128, 0x110000) if not 0xD800 <= c < 0xE000)
    found: dict[str, str] = {}
    for char in string.printable:
        for twin in re.compile(re.escape(char), re.IGNORECASE).findall(every):
            assert char.isalpha(), f"{twin!r} matches {char!r}"
            assert found.setdefault(twin, char.lower()) == char.lower()
    assert found == REGEX_ASCII_TWINS


@given(st.text(alphabet=_ALPHABET, max_size=40), _WORD)
def test_a_word_re_finds_is_in_the_folded_text(text: str, word: str) -> None:
    if re.search(re.escape(word), text, re.IGNORECASE):
        assert may_contain(fold(text), word)


@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_a_word_taken_from_the_text_is_always_found(text: str) -> None:
    for word in text.split():
        if word.isascii():
            assert may_contain(fold(text), word)


def test_letters_without_case_match_only_themselves() -> None:
    """What lets a Chinese word be tested on the folded text: no other character
    matches a letter of category Lo when case is ignored, and lower() keeps it."""
    every = "".join(chr(c) for c in range(128, 0x110000) if not 0xD800 <= c < 0xE000)
    caseless = [char for char in every if unicodedata.category(char) == "Lo"]
    assert len(caseless) > 100_000 and all(char.lower() == char for char in caseless)
    in_class = re.compile("[" + "".join(map(re.escape, caseless)) + "]", re.IGNORECASE)
    assert len(in_class.findall(every)) == len(caseless)
    assert all(folds_exactly(char) for char in "违约金ab") and not folds_exactly("é")


def test_chinese_words_are_tested_and_words_with_case_are_always_maybe() -> None:
    assert not may_contain(fold("nothing here"), "保证")
    assert may_contain(fold("质量保证期"), "保证")
    assert may_contain(fold("nothing here"), "café")


def _unfiltered(document: Document, keywords: list[str], limit: int) -> list[tuple[str, float]]:
    """find_by_keywords as it was before the prefilter: every section, every regex."""
    patterns = [_keyword_pattern(k) for k in keywords if k.strip()]
    if not patterns or limit <= 0:
        return []
    scored: list[tuple[str, float]] = []
    for section in document.sections():
        score = 0.0
        for pattern in patterns:
            if pattern.search(section.title):
                score += TITLE_WEIGHT
            score += TEXT_WEIGHT * min(TEXT_HIT_CAP, len(pattern.findall(section.text)))
        if score > 0:
            scored.append((section.id, score))
    scored.sort(key=lambda pair: -pair[1])
    return scored[:limit]


_KEYWORD = st.lists(_WORD, min_size=1, max_size=3).map(" ".join)


@given(
    st.lists(
        st.tuples(st.text(alphabet=_ALPHABET, max_size=12), st.text(alphabet=_ALPHABET)),
        max_size=6,
    ),
    st.lists(_KEYWORD, max_size=4),
    st.integers(min_value=0, max_value=6),
)
def test_find_by_keywords_ranks_as_without_the_prefilter(
    sections: list[tuple[str, str]], keywords: list[str], limit: int
) -> None:
    document = Document(
        name="t.txt",
        source="",
        root=Section(
            id="",
            kind=SectionKind.DOCUMENT,
            children=[
                Section(id=str(i + 1), kind=SectionKind.CLAUSE, title=title, text=text)
                for i, (title, text) in enumerate(sections)
            ],
        ),
    )
    ranked = [(s.id, score) for s, score in find_by_keywords(document, keywords, limit=limit)]
    assert ranked == _unfiltered(document, keywords, limit)


@given(st.lists(st.text(alphabet=_ALPHABET, max_size=20), max_size=5), _WORD)
def test_which_may_contain_keeps_every_text_re_matches(texts: list[str], word: str) -> None:
    kept = which_may_contain([fold(text) for text in texts], word)
    for i, text in enumerate(texts):
        if re.search(re.escape(word), text, re.IGNORECASE):
            assert i in kept
