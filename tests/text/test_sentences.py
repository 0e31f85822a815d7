"""The one sentence splitter: a line break that only wraps a long line joins the lines;
one after a closed sentence, before a list item or after a short line (a heading) ends
it; the options end a sentence at semicolons and every line break, or at nothing inside
quotation marks."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.text.sentences import (
    WRAPPED_LINE_CHARS,
    _sentence_spans,
    sentence_at,
    sentence_spans,
    sentences,
)


def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text)]


WRAPPED = (
    "The Principal is not obliged to pay any amount certified before the last Business Day\n"
    "following the month of issue, and shall pay it on or before that day. The Contractor\n"
    "accepts this period."
)


def test_a_wrapped_line_joins_the_next() -> None:
    assert [s.replace("\n", " ") for s in _sentences(WRAPPED)] == [
        "The Principal is not obliged to pay any amount certified before the last Business "
        "Day following the month of issue, and shall pay it on or before that day.",
        "The Contractor accepts this period.",
    ]


def test_a_chinese_wrapped_line_joins_the_next() -> None:
    text = "甲方应于收到发票之月后的第四个自然月的最后一个工作日前付清服务费，在此期间\n乙方不得暂停服务。"
    assert len(_sentences(text)) == 1


def test_line_breaks_that_end_sentences() -> None:
    text = (
        "Payment\n"
        "The Customer shall pay each invoice within thirty days after the date of receipt:\n"
        "(a) by bank transfer to the account the Supplier names in its invoice from time to\n"
        "time; and\n"
        "(b) in euros.\n"
        "\n"
        "Late payment carries interest at the statutory rate applicable to business debts\n"
        "1.2 Interest accrues daily."
    )
    assert [s.replace("\n", " ") for s in _sentences(text)] == [
        "Payment",
        "The Customer shall pay each invoice within thirty days after the date of receipt:",
        "(a) by bank transfer to the account the Supplier names in its invoice from time to "
        "time; and",
        "(b) in euros.",
        "Late payment carries interest at the statutory rate applicable to business debts",
        "1.2 Interest accrues daily.",
    ]


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["the", "Supplier", "shall", "deliver", "goods", "within", "ten", "days"]),
        min_size=1,
        max_size=40,
    ),
    width=st.integers(min_value=20, max_value=120),
)
def test_wrapping_never_splits_a_sentence_of_long_lines(words: list[str], width: int) -> None:
    """One sentence hard-wrapped at any width: its lines are one sentence when every line
    but the last is long enough to be a wrapped line; the text is covered exactly."""
    sentence = " ".join(words) + "."
    lines: list[str] = []
    for word in sentence.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    text = "\n".join(lines)
    spans = sentence_spans(text)
    assert all(text[a:b] == text[a:b].strip() and text[a:b] for a, b in spans)
    if all(len(line) >= WRAPPED_LINE_CHARS for line in lines[:-1]):
        assert spans == [(0, len(text))]
    else:
        assert len(spans) >= 1


# ---------------------------------------------------------------------- the options


def test_full_stops_in_numbers_and_before_small_letters_end_nothing() -> None:
    assert sentences("See Clause 4.1 and 20.1. Then pay, e.g. by transfer.") == [
        "See Clause 4.1 and 20.1.",
        "Then pay, e.g. by transfer.",
    ]


def test_a_title_before_a_name_or_number_ends_nothing() -> None:
    text = (
        "Knowledge means the matters known to Mr. Kwan, Ms. Lau and Dr. Wong, listed at "
        "No. 5 of Art. 3 of the Schedule. The Buyer relies on it."
    )
    assert len(sentences(text)) == 2


def test_semicolons_end_parts() -> None:
    text = "See Clause 4.1 and 20.1. Then pay; or refuse.\n第一句。第二句；第三句"
    assert sentences(text, semicolons=True, line_breaks=True) == [
        "See Clause 4.1 and 20.1.",
        "Then pay;",
        "or refuse.",
        "第一句。",
        "第二句；",
        "第三句",
    ]
    assert sentences(text) == [
        "See Clause 4.1 and 20.1.",
        "Then pay; or refuse.",
        "第一句。",
        "第二句；第三句",
    ]


def test_line_breaks_end_even_a_wrapped_line() -> None:
    assert len(sentences(WRAPPED, line_breaks=True)) == 4
    assert sentences(
        "甲应当履行。乙可以拒绝\n（一）第一项；\n（二）第二项。", line_breaks=True
    ) == [
        "甲应当履行。",
        "乙可以拒绝",
        "（一）第一项；",
        "（二）第二项。",
    ]


def test_quotes_keep_their_sentences() -> None:
    text = 'Delete "The Works. The Plant." and substitute "The Works."; then renumber. Done.'
    assert sentences(text, quotes=True) == [
        'Delete "The Works. The Plant." and substitute "The Works."; then renumber.',
        "Done.",
    ]
    assert sentences("将“甲。乙。”改为“丙。”。其余不变。", quotes=True) == [
        "将“甲。乙。”改为“丙。”。",
        "其余不变。",
    ]
    assert len(sentences(text)) > 2


def test_a_quote_left_open_runs_to_the_end() -> None:
    assert sentences('Insert "A. B. C', quotes=True) == ['Insert "A. B. C']


def test_sentence_at() -> None:
    text = "First one.  Second one."
    assert sentence_at(text, 3) == (0, 10)
    assert sentence_at(text, 11) == (11, 23)  # between the two: the next from there
    assert sentence_at(text, 23) == (23, 23)


_TEXTS = st.text(alphabet='ab A1.;；。！?!\n "“”（一）(a)：', max_size=80)
_OPTIONS = st.fixed_dictionaries(
    {"semicolons": st.booleans(), "line_breaks": st.booleans(), "quotes": st.booleans()}
)


@settings(max_examples=300, deadline=None)
@given(text=_TEXTS, options=_OPTIONS)
def test_spans_are_ordered_stripped_slices(text: str, options: dict[str, bool]) -> None:
    spans = sentence_spans(text, **options)
    assert sentences(text, **options) == [text[a:b] for a, b in spans]
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert text[start:end] == text[start:end].strip()
        previous_end = end
    # Nothing but white space falls between the sentences.
    covered = "".join(text[a:b] for a, b in spans)
    assert "".join(covered.split()) == "".join(text.split())


@settings(max_examples=100, deadline=None)
@given(text=_TEXTS, options=_OPTIONS)
def test_each_option_only_splits_more_or_less(text: str, options: dict[str, bool]) -> None:
    """``semicolons`` and ``line_breaks`` only add ends; ``quotes`` only takes them away."""
    base = {**options, "semicolons": False, "line_breaks": False, "quotes": False}
    ends = {end for _, end in sentence_spans(text, **base)}
    for option in ("semicolons", "line_breaks"):
        assert ends <= {end for _, end in sentence_spans(text, **{**base, option: True})}
    assert {end for _, end in sentence_spans(text, **{**base, "quotes": True})} <= ends | {
        len(text.rstrip())
    }


@settings(max_examples=12, deadline=None)
@given(
    piece=st.sampled_from(
        ["a. ", ". ", ".\n", "\n\n", " \n", "“", '"', "(a)", ";", "；（一）", "A" * 70 + "\n", "!"]
    ),
    options=_OPTIONS,
)
def test_the_splitter_is_linear_on_hostile_text(piece: str, options: dict[str, bool]) -> None:
    """200,000 characters of one piece repeated split in well under the limit (a pattern
    that backtracks, or a scan per sentence end, would take minutes)."""
    text = piece * (200_000 // len(piece))
    _sentence_spans.cache_clear()
    began = time.perf_counter()
    sentence_spans(text, **options)
    assert time.perf_counter() - began < 5.0
