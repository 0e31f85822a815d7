"""Suggested redlines: the unified diff applies back, the HTML redline keeps both texts,
marks English by word and Chinese by character, and escapes everything."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.review import diffs
from contract_review.review.diffs import (
    NO_NEWLINE_MARKER,
    REDLINE_CSS,
    html_redline,
    split_segments,
    suggested_change,
    unified_diff,
)

_PIECES = [
    "Contractor",
    "Employer",
    "shall",
    "notify",
    "within",
    "28",
    "14",
    "days",
    "1,000,000.00",
    "20.1",
    "买方",
    "应",
    "在",
    "三",
    "十",
    "四",
    "日",
    "内",
    "付款",
    " ",
    "  ",
    "\n",
    ".",
    ";",
    ",",
    "。",
    "；",
    "，",
    "<",
    ">",
    "&",
    '"',
]
texts = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


@st.composite
def text_pairs(draw: st.DrawFn) -> tuple[str, str]:
    """Two unrelated texts, or a text and an edited copy of it (the usual redline)."""
    before = draw(texts)
    if draw(st.booleans()):
        return before, draw(texts)
    cut = draw(st.integers(0, len(before)))
    end = draw(st.integers(cut, len(before)))
    return before, before[:cut] + draw(texts) + before[end:]


_HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$")


def _apply(before: str, diff: str, *, whole_lines: bool) -> str:
    """Apply ``diff`` to ``before`` the way ``patch`` would; checks every old line."""
    if not diff:
        return before
    lines = diff.split("\n")
    assert lines[-1] == ""
    lines = lines[2:-1]  # drop the ---/+++ header and the final empty string
    old = re.findall(r"[^\n]*\n|[^\n]+", before) if whole_lines else split_segments(before)
    out: list[str] = []
    position = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _HUNK_RE.match(line)
        if match:
            start, length = int(match[1]), int(match[2] or "1")
            hunk_start = start if length == 0 else start - 1
            out.extend(old[position:hunk_start])
            position = hunk_start
            index += 1
            continue
        text = line[1:]
        if whole_lines and not (index + 1 < len(lines) and lines[index + 1] == NO_NEWLINE_MARKER):
            text += "\n"
        if line[0] in " -":
            assert old[position] == text
            position += 1
        if line[0] in " +":
            out.append(text)
        index += 2 if index + 1 < len(lines) and lines[index + 1] == NO_NEWLINE_MARKER else 1
    out.extend(old[position:])
    return "".join(out)


def _without(tag: str, redline: str) -> str:
    kept = re.sub(rf"<{tag}\b[^>]*>.*?</{tag}>", "", redline, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "", kept))


def _marked(tag: str, redline: str) -> list[str]:
    return [
        html.unescape(m) for m in re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", redline, re.DOTALL)
    ]


@given(texts)
def test_segments_join_back(text: str) -> None:
    assert "".join(split_segments(text)) == text


@given(text_pairs(), st.sampled_from([0, 1, 3]))
def test_unified_diff_applies_back(pair: tuple[str, str], context: int) -> None:
    before, after = pair
    diff = unified_diff(before, after, label="4.1", context_lines=context)
    whole_lines = "\n" in before or "\n" in after
    assert _apply(before, diff, whole_lines=whole_lines) == after


def test_unified_diff_shows_one_changed_sentence_as_one_pair() -> None:
    before = (
        "The Contractor shall give notice within 28 days. Failing which the Employer is "
        "discharged from all liability. This applies to all claims."
    )
    after = before.replace("28 days", "42 days")
    diff = unified_diff(before, after, label="20.1")
    assert diff.startswith("--- 20.1 (current)\n+++ 20.1 (suggested)\n@@")
    changed = [line for line in diff.splitlines()[2:] if line[:1] in "-+"]
    assert changed == [
        "-The Contractor shall give notice within 28 days. ",
        "+The Contractor shall give notice within 42 days. ",
    ]


def test_unified_diff_splits_chinese_sentences() -> None:
    before = "买方应在收到发票后三十日内付款。逾期付款的，应支付违约金；违约金按日计算。"
    after = before.replace("三十日", "十四日")
    changed = [line for line in unified_diff(before, after).splitlines()[2:] if line[:1] in "-+"]
    assert changed == ["-买方应在收到发票后三十日内付款。", "+买方应在收到发票后十四日内付款。"]


def test_unified_diff_of_multi_line_text_is_line_based() -> None:
    diff = unified_diff("a\nb\nc\n", "a\nB\nc\n")
    assert diff == "--- clause (current)\n+++ clause (suggested)\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"


def test_unified_diff_of_same_text_is_empty() -> None:
    assert unified_diff("Same.", "Same.") == ""


@given(text_pairs())
def test_html_redline_keeps_both_texts(pair: tuple[str, str]) -> None:
    before, after = pair
    redline = html_redline(before, after)
    assert _without("ins", redline) == before
    assert _without("del", redline) == after


def test_html_redline_escapes_text() -> None:
    redline = html_redline("Pay <b>now</b> & later", "Pay <b>now</b> <script>x()</script> & later")
    assert "<script>" not in redline and "<b>" not in redline
    assert "Pay &lt;b&gt;now&lt;/b&gt;" in redline and "&amp; later" in redline
    assert [marked.strip() for marked in _marked("ins", redline)] == ["<script>x()</script>"]
    assert "&lt;script&gt;x()&lt;/script&gt;" in redline


def test_html_redline_marks_chinese_by_character() -> None:
    redline = html_redline("买方应在三十日内付款", "买方应在十四日内付款")
    assert _marked("del", redline) == ["三"]
    assert _marked("ins", redline) == ["四"]
    for unchanged in "买方应在十日内付款":
        assert all(unchanged not in marked for marked in _marked("del", redline))
    for unchanged in "买方应在日内付款":
        assert all(unchanged not in marked for marked in _marked("ins", redline))


def test_html_redline_marks_english_by_word() -> None:
    redline = html_redline(
        "The Contractor shall notify within 28 days.",
        "The Subcontractor shall notify within 14 days.",
    )
    assert _marked("del", redline) == ["Contractor", "28"]
    assert _marked("ins", redline) == ["Subcontractor", "14"]


def test_html_redline_keeps_numbers_whole_and_joins_adjacent_words() -> None:
    redline = html_redline(
        "a cap of USD 1,000,000.00 for the Contractor", "a cap of USD 2,000,000.00 for an Employer"
    )
    assert _marked("del", redline) == ["1,000,000.00", "the Contractor"]
    assert _marked("ins", redline) == ["2,000,000.00", "an Employer"]


def test_html_redline_is_self_contained() -> None:
    redline = html_redline("a", "b")
    assert redline.startswith('<span class="redline">')
    assert 'class="redline-del"' in redline and 'class="redline-ins"' in redline
    for css_class in (".redline", "redline-del", "redline-ins", "pre-wrap"):
        assert css_class in REDLINE_CSS


def test_suggested_change_carries_its_diff() -> None:
    change = suggested_change("within 28 days.", "within 14 days.", label="20.1")
    assert (change.before, change.after) == ("within 28 days.", "within 14 days.")
    assert change.diff == unified_diff(change.before, change.after, label="20.1")
    assert "-within 28 days." in change.diff


def test_html_redline_marks_a_long_rewrite_as_one_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diffs, "MAX_TOKEN_PAIRS", 4)
    before, after = "Pay within 28 days of the invoice", "Pay promptly upon the invoice"
    redline = html_redline(before, after)
    assert _marked("del", redline) == ["within 28 days of"]
    assert _marked("ins", redline) == ["promptly upon"]
    assert (_without("ins", redline), _without("del", redline)) == (before, after)
