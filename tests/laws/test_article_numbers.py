"""Article numbers: Chinese and Arabic forms, 之X suffixes, round trips and ordering."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.laws.article_numbers import (
    ARTICLE_NO_PATTERN,
    ArticleNumber,
    format_article_no,
    parse_article_no,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("第一条", (1, 0)),
        ("第十条", (10, 0)),
        ("第二十一条", (21, 0)),
        ("第一百零三条", (103, 0)),
        ("第一百一十条", (110, 0)),
        ("第一千二百六十条", (1260, 0)),
        ("第一百三十三条之一", (133, 1)),
        ("第十七条之二", (17, 2)),
        ("第12条", (12, 0)),
        ("第12条之1", (12, 1)),
        (" 第五条 ", (5, 0)),
    ],
)
def test_parse(text: str, expected: tuple[int, int]) -> None:
    assert parse_article_no(text) == expected


@pytest.mark.parametrize(
    "garbage",
    ["", "第条", "第十", "十条", "第三人", "第一款", "第x条", "第0条", "第十条之", "第十条abc"],
)
def test_garbage_is_a_value_error_naming_the_text(garbage: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(garbage))):
        parse_article_no(garbage)


def test_format() -> None:
    assert format_article_no(ArticleNumber(133, 1)) == "第一百三十三条之一"
    assert format_article_no(1260) == "第一千二百六十条"
    assert format_article_no((12, 0)) == "第十二条"
    with pytest.raises(ValueError):
        format_article_no(0)


numbers = st.builds(ArticleNumber, st.integers(1, 2000), st.sampled_from([0, 0, 1, 2]))


@given(numbers)
def test_round_trip(number: ArticleNumber) -> None:
    text = format_article_no(number)
    assert parse_article_no(text) == number
    assert format_article_no(parse_article_no(text)) == text


@given(numbers, numbers)
def test_order_follows_the_law(a: ArticleNumber, b: ArticleNumber) -> None:
    """Parsed texts order like the articles: 之X right after its base, before the next."""
    key_a = parse_article_no(format_article_no(a))
    key_b = parse_article_no(format_article_no(b))
    assert (key_a < key_b) == (a.n < b.n or (a.n == b.n and a.sub < b.sub))
    if a.n < b.n:
        assert key_a < key_b


def test_sub_articles_sit_between_their_neighbours() -> None:
    keys = [parse_article_no(t) for t in ("第一百三十四条", "第一百三十三条之一", "第一百三十三条")]
    assert sorted(keys) == [(133, 0), (133, 1), (134, 0)]


def test_the_pattern_finds_what_the_parser_reads() -> None:
    """ARTICLE_NO_PATTERN can be embedded more than once in one expression."""
    pair = re.compile(rf"({ARTICLE_NO_PATTERN})至({ARTICLE_NO_PATTERN})")
    match = pair.search("依照第一百三十三条之一至第12条的规定")
    assert match is not None
    assert [parse_article_no(match[1]), parse_article_no(match[2])] == [(133, 1), (12, 0)]
