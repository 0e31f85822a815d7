"""Suggested redlines as a unified diff and as an HTML redline.

* :func:`unified_diff` — a text diff for review.json / review.md. Multi-line texts are
  compared line by line, like ``diff -u``; a single paragraph is compared sentence by
  sentence (a sentence ends after ``. ; ! ?`` and white space, or after ``。；！？``), so
  changing one sentence of a long clause shows as one ``-``/``+`` pair.
* :func:`html_redline` — inline ``<del>``/``<ins>`` marks, word by word for English
  (numbers such as ``1,000,000.00`` count as one word) and character by character for
  Chinese, white space kept. Texts are first matched sentence by sentence, then words
  within the sentences that changed, so a rewritten sentence does not borrow stray
  words from its neighbours. The output is HTML-escaped and needs no external CSS or
  JavaScript; embed :data:`REDLINE_CSS` to colour it.
* :func:`suggested_change` — a :class:`~contract_review.review.findings.SuggestedChange`
  with its unified diff.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Iterator, Sequence

from ..text.sentences import sentence_spans
from .findings import SuggestedChange

__all__ = [
    "MAX_TOKEN_PAIRS",
    "NO_NEWLINE_MARKER",
    "REDLINE_CSS",
    "html_redline",
    "redline_edits",
    "redline_parts",
    "split_segments",
    "suggested_change",
    "text_edits",
    "unified_diff",
]

#: CSS for :func:`html_redline`'s classes; the HTML report embeds it in a ``<style>``.
REDLINE_CSS = """\
.redline { white-space: pre-wrap; }
.redline del.redline-del { color: #b31d28; background: #ffeef0; text-decoration: line-through; }
.redline ins.redline-ins { color: #22863a; background: #e6ffed; text-decoration: underline; }
"""

#: Above this many token pairs (old x new words of one changed passage, after trimming
#: its common start and end) the passage is marked as one deletion and one insertion:
#: word matching of two long, unrelated paragraphs takes seconds.
MAX_TOKEN_PAIRS = 1_000_000

#: A changed passage (a sentence or run of sentences) that keeps less than this share
#: of its characters (white space aside) is shown as rewritten: its changed middle
#: deleted and the new text inserted, instead of words of the new sentence threaded
#: between stray words of the old one.
REWRITE_BELOW = 0.3

#: What ``diff`` prints after a last line that has no line break.
NO_NEWLINE_MARKER = "\\ No newline at end of file"

_LINE_RE = re.compile(r"[^\n]*\n|[^\n]+")

# CJK ideographs, kana, hangul, CJK and full-width punctuation: one token per character.
_CJK = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003134f"
)
_TOKEN_RE = re.compile(
    rf"[{_CJK}]"  # one CJK character
    r"|\s+"  # a run of white space
    r"|\d+(?:[.,]\d+)*"  # a number: 28, 20.1, 1,000,000.00
    rf"|(?:(?![{_CJK}])[^\W_])+(?:['’](?:(?![{_CJK}])[^\W_])+)*"  # a word: Contractor's
    r"|.",  # any other character (punctuation, symbols)
    re.DOTALL,
)


def split_segments(text: str) -> list[str]:
    """Split ``text`` into lines and, within each line, sentences (a semicolon ends one
    too: :func:`~contract_review.text.sentences.sentence_spans`).

    Nothing is dropped: ``"".join(split_segments(text)) == text``. A segment keeps the
    line break or white space that ends it.
    """
    segments: list[str] = []
    for line in _lines(text):
        start = 0
        for next_start, _ in sentence_spans(line, semicolons=True)[1:]:
            segments.append(line[start:next_start])
            start = next_start
        segments.append(line[start:])
    return segments


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its ``\\n``; only ``\\n`` breaks a line."""
    return _LINE_RE.findall(text)


def _diff_lines(before: str, after: str) -> tuple[list[str], list[str], bool]:
    """The units compared by :func:`unified_diff` and whether they are whole lines."""
    if "\n" in before or "\n" in after:
        return _lines(before), _lines(after), True
    return split_segments(before), split_segments(after), False


def unified_diff(before: str, after: str, *, label: str = "clause", context_lines: int = 3) -> str:
    """``before`` → ``after`` as a unified diff; ``""`` when they are the same.

    Multi-line texts are diffed line by line, exactly as ``diff -u`` would (a last line
    without a line break is followed by ``\\ No newline at end of file``), so ``patch``
    applies the result. A single paragraph is diffed sentence by sentence, one sentence
    per diff line; its sentences join back without separators (each keeps the space
    that follows it).

    :param label: Names the texts in the header: ``--- {label} (current)`` and
        ``+++ {label} (suggested)``.
    :param context_lines: Unchanged lines shown around each change.
    """
    if before == after:
        return ""
    old, new, whole_lines = _diff_lines(before, after)
    out: list[str] = []
    for index, line in enumerate(
        difflib.unified_diff(
            old,
            new,
            fromfile=f"{label} (current)",
            tofile=f"{label} (suggested)",
            n=context_lines,
            lineterm="",
        )
    ):
        is_text = index >= 2 and line[:1] in " -+"  # not the ---/+++ header or an @@ line
        if is_text and line.endswith("\n"):
            out.append(line[:-1])
        elif is_text and whole_lines:
            out.extend((line, NO_NEWLINE_MARKER))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _tokens(text: str) -> list[str]:
    return _TOKEN_RE.findall(text)


def _opcodes(a: Sequence[str], b: Sequence[str]) -> Sequence[tuple[str, int, int, int, int]]:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()


def _changes(before: str, after: str) -> Iterator[tuple[str, str, str]]:
    """``(equal, deleted, inserted)`` runs, sentence-matched first, then token-matched."""
    old, new = split_segments(before), split_segments(after)
    for tag, i1, i2, j1, j2 in _opcodes(old, new):
        if tag == "equal":
            yield "".join(old[i1:i2]), "", ""
            continue
        a, b = _tokens("".join(old[i1:i2])), _tokens("".join(new[j1:j2]))
        yield from _merge_whitespace(_token_changes(a, b))


def _common_ends(a: Sequence[str], b: Sequence[str]) -> tuple[int, int]:
    """How many tokens ``a`` and ``b`` share at their start, and then at their end."""
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return prefix, suffix


def _visible(tokens: Sequence[str]) -> int:
    """How many characters ``tokens`` hold, white space aside."""
    return sum(len(token) for token in tokens if not token.isspace())


def _token_changes(a: list[str], b: list[str]) -> Iterator[tuple[str, str, str]]:
    """Word/character-level runs of one changed passage. The common start and end are
    trimmed first; a middle too long to match (see :data:`MAX_TOKEN_PAIRS`) is shown as
    one deletion and one insertion."""
    prefix, suffix = _common_ends(a, b)
    middle_a, middle_b = a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
    yield "".join(a[:prefix]), "", ""
    opcodes = (
        _opcodes(middle_a, middle_b) if len(middle_a) * len(middle_b) <= MAX_TOKEN_PAIRS else ()
    )
    kept = _visible(a[:prefix]) + _visible(a[len(a) - suffix :])
    kept += sum(_visible(middle_a[k1:k2]) for op, k1, k2, _, _ in opcodes if op == "equal")
    if not opcodes or kept / max(_visible(a), _visible(b), 1) < REWRITE_BELOW:
        yield "", "".join(middle_a), "".join(middle_b)
    else:
        for op, k1, k2, l1, l2 in opcodes:
            if op == "equal":
                yield "".join(middle_a[k1:k2]), "", ""
            else:
                yield "", "".join(middle_a[k1:k2]), "".join(middle_b[l1:l2])
    yield "".join(a[len(a) - suffix :]), "", ""


def text_edits(before: str, after: str) -> list[tuple[int, int, str]]:
    """The changes that turn ``before`` into ``after``, as ``(start, end, new)`` edits of
    ``before`` (character offsets), word by word (character by character for Chinese):
    applying them all, from the last, gives ``after``. A middle too long to match (see
    :data:`MAX_TOKEN_PAIRS`) is one edit."""
    a, b = _tokens(before), _tokens(after)
    prefix, suffix = _common_ends(a, b)
    middle_a, middle_b = a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
    offsets = [0]
    for token in a:
        offsets.append(offsets[-1] + len(token))
    if not middle_a and not middle_b:
        return []
    if len(middle_a) * len(middle_b) > MAX_TOKEN_PAIRS:
        return [(offsets[prefix], offsets[len(a) - suffix], "".join(middle_b))]
    edits: list[tuple[int, int, str]] = []
    for op, k1, k2, l1, l2 in _opcodes(middle_a, middle_b):
        if op != "equal":
            start, end = offsets[prefix + k1], offsets[prefix + k2]
            edits.append((start, end, "".join(middle_b[l1:l2])))
    return edits


def _merge_whitespace(runs: Iterator[tuple[str, str, str]]) -> Iterator[tuple[str, str, str]]:
    """Fold white space that sits alone between two changes into them, so ``the
    Contractor`` → ``an Employer`` reads as one change, not two."""
    pending: tuple[str, str, str] | None = None  # the last change, not yet yielded
    gap = ""  # white space seen since it
    for equal, deleted, inserted in runs:
        if not (equal or deleted or inserted):
            continue
        if equal and pending is not None and not equal.strip():
            gap += equal
            continue
        if not equal and pending is not None:
            pending = (
                "",
                pending[1] + gap + deleted,
                pending[2] + gap + inserted,
            )
            gap = ""
            continue
        if pending is not None:
            yield pending
            if gap:
                yield gap, "", ""
            pending, gap = None, ""
        if equal:
            yield equal, "", ""
        else:
            pending = ("", deleted, inserted)
    if pending is not None:
        yield pending
    if gap:
        yield gap, "", ""


def redline_parts(before: str, after: str) -> list[tuple[str, str, str]]:
    """The runs :func:`html_redline` shows, as ``(kept, deleted, inserted)`` triples in
    order (each with one part set): kept and deleted parts join to ``before``, kept and
    inserted parts to ``after``."""
    parts: list[tuple[str, str, str]] = []
    for equal, deleted, inserted in _changes(before, after):
        if equal:
            parts.append((equal, "", ""))
        if deleted:
            parts.append(("", deleted, ""))
        if inserted:
            parts.append(("", "", inserted))
    return parts


def redline_edits(before: str, after: str) -> list[tuple[int, int, str]]:
    """The changes :func:`html_redline` shows, as ``(start, end, new)`` edits of
    ``before`` (character offsets, in order): a Word redline written from them shows
    the same deletions and insertions. Applying them all, from the last, gives ``after``."""
    edits: list[tuple[int, int, str]] = []
    offset = 0
    for equal, deleted, inserted in _changes(before, after):
        offset += len(equal)
        if deleted or inserted:
            edits.append((offset, offset + len(deleted), inserted))
            offset += len(deleted)
    return edits


def html_redline(before: str, after: str) -> str:
    """``before`` → ``after`` as inline HTML: ``<del class="redline-del">`` for removed
    words, ``<ins class="redline-ins">`` for added ones, the rest as is.

    Everything is HTML-escaped; the result is wrapped in ``<span class="redline">``
    (white space is kept by :data:`REDLINE_CSS`). Removing the ``<ins>`` elements and
    then every tag, and unescaping, gives ``before``; removing the ``<del>`` elements
    instead gives ``after``.
    """
    parts: list[str] = []
    for equal, deleted, inserted in _changes(before, after):
        if equal:
            parts.append(html.escape(equal))
        if deleted:
            parts.append(f'<del class="redline-del">{html.escape(deleted)}</del>')
        if inserted:
            parts.append(f'<ins class="redline-ins">{html.escape(inserted)}</ins>')
    return f'<span class="redline">{"".join(parts)}</span>'


def suggested_change(before: str, after: str, *, label: str = "clause") -> SuggestedChange:
    """A :class:`SuggestedChange` from ``before`` to ``after`` with its unified diff."""
    return SuggestedChange(
        before=before, after=after, diff=unified_diff(before, after, label=label)
    )
