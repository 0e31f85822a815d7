"""Sentences of a clause: a line break that only wraps a long line joins the lines; one
after a closed sentence, before a list item or after a short line (a heading) ends it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.text.sentences import WRAPPED_LINE_CHARS, sentence_spans


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
