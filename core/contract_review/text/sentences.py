"""Where the sentences of a text are: the one sentence splitter of the project.

A sentence ends at 。！？!? (with closing quotes), at a full stop followed by space and a
capital, digit or quote, at a full stop ending the text, at a full stop or semicolon
before a list item ("; (ii) ...", "；（三）..."), and at a line break, except a line
break that only wraps a long line: text copied from a PDF or a filing breaks its lines
anywhere ("... the last Business Day of the third month\\nfollowing the month of
issue"), and those lines join into one sentence. A full stop inside a number, an
abbreviation followed by a small letter ("20.1", "e.g. the") or a title before a name
("Mr. Kwan", "No. 5") ends nothing.

Three options, for texts read differently:

* ``semicolons`` — a semicolon (; ；) ends a sentence too: a law's or a clause's
  parts read one by one ("…的，处三年以下有期徒刑；情节严重的，…");
* ``line_breaks`` — every line break ends a sentence, however long the line: law text,
  where each item line (（一）…) stands alone, and texts compared line by line;
* ``quotes`` — nothing inside quotation marks ends a sentence: an amending instruction
  quotes whole sentences (Delete "… Works. …" and substitute "…").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

__all__ = ["WRAPPED_LINE_CHARS", "sentence_at", "sentence_spans", "sentences"]

#: A line at least this long (a CJK character counting two) that stops without closing
#: its sentence is taken to wrap onto the next; a shorter one (a heading, a list entry)
#: ends where it stops.
WRAPPED_LINE_CHARS = 60

# Abbreviations a name or a number follows ("Mr. Kwan", "No. 5"): their full stop ends
# nothing.
_ABBREVIATION = "".join(
    rf"(?<!\b{word})" for word in ("Mr", "Mrs", "Ms", "Dr", "Prof", "Messrs", "No", "Nos", "Art")
)
_END = (
    r"[。！？!?]+[”\"’）)]*|" + _ABBREVIATION + r"\.[”\"’]?(?=\s+[\"“A-Z0-9\u4e00-\u9fff])"
    r"|\.[”\"’]?\s*$"
    r"|[.;；](?=\s*[(（](?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,2}|[一二三四五六七八九十]{1,3})[)）]\s*)"
)
_LINE_BREAK = r"|\n(?:[^\S\n]*\n)*"
_SEMICOLON = r"|[;；]+[”\"’）)]*"
_SENTENCE_END = re.compile(_END + _LINE_BREAK)
_SENTENCE_OR_PART_END = re.compile(_END + _SEMICOLON + _LINE_BREAK)
# A line that ends its sentence or opens a new one: it stops at a full stop, colon or
# semicolon, or the next line starts a list item, a numbered clause or a bullet.
_CLOSED = re.compile(r"[.:;。：；！？!?][”\"’）)]?\s*$")
_OPENS = re.compile(
    r"\s*(?:[(（](?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3}|[一二三四五六七八九十]{1,3})[)）]"
    r"|\d{1,3}(?:\.\d{1,3})*[.)]?\s|[A-Z]{2,}\b|[•·\-–—*]|第[一二三四五六七八九十百\d]+[条章款节]"
    r"|[一二三四五六七八九十]{1,3}、|(?:Clause|Section|Article|Sub-Clause|Schedule)\s)"
)
_WIDE = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
#: Opening quotation marks and the mark that closes each.
_QUOTE_PAIRS = {'"': '"', "“": "”", "‘": "’", "「": "」", "『": "』", "＂": "＂"}
_QUOTE_MARK = re.compile("[" + re.escape("".join({*_QUOTE_PAIRS, *_QUOTE_PAIRS.values()})) + "]")


def sentence_spans(
    text: str, *, semicolons: bool = False, line_breaks: bool = False, quotes: bool = False
) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text``, in order, without surrounding white
    space (the options are the module's)."""
    return list(_sentence_spans(text, semicolons, line_breaks, quotes))


def sentences(
    text: str, *, semicolons: bool = False, line_breaks: bool = False, quotes: bool = False
) -> list[str]:
    """The sentences of ``text``, stripped, in order (the options are the module's)."""
    spans = _sentence_spans(text, semicolons, line_breaks, quotes)
    return [text[start:end] for start, end in spans]


def sentence_at(
    text: str,
    offset: int,
    *,
    semicolons: bool = False,
    line_breaks: bool = False,
    quotes: bool = False,
) -> tuple[int, int]:
    """The span of the sentence holding ``offset``; between two sentences, the next one
    from ``offset`` on; after the last, ``(offset, offset)``."""
    spans = _sentence_spans(text, semicolons, line_breaks, quotes)
    index = bisect_right(spans, offset, key=lambda span: span[1])
    if index == len(spans):
        return offset, offset
    start, end = spans[index]
    return min(start, offset), end


@lru_cache(maxsize=4096)
def _sentence_spans(
    text: str, semicolons: bool, line_breaks: bool, quotes: bool
) -> tuple[tuple[int, int], ...]:
    spans: list[tuple[int, int]] = []
    quoted = _quoted(text) if quotes else []
    pattern = _SENTENCE_OR_PART_END if semicolons else _SENTENCE_END
    start = 0
    for match in pattern.finditer(text):
        newline = match.group().startswith("\n")
        if quoted and not newline and _inside(quoted, match.start()):
            continue
        if newline and not line_breaks and _wraps(text, match.start(), match.end()):
            continue
        _append_span(spans, text, start, match.end())
        start = match.end()
    _append_span(spans, text, start, len(text))
    return tuple(spans)


def _quoted(text: str) -> list[tuple[int, int]]:
    """The ``(open, close)`` offsets of each quotation; one left open runs to the end."""
    found: list[tuple[int, int]] = []
    opened, closer = -1, ""
    for mark in _QUOTE_MARK.finditer(text):
        char = mark.group()
        if opened < 0:
            if char in _QUOTE_PAIRS:
                opened, closer = mark.start(), _QUOTE_PAIRS[char]
        elif char == closer:
            found.append((opened, mark.start()))
            opened = -1
    if opened >= 0:
        found.append((opened, len(text)))
    return found


def _inside(quoted: list[tuple[int, int]], offset: int) -> bool:
    """True when ``offset`` lies between a quotation's opening and closing marks."""
    index = bisect_right(quoted, offset, key=lambda span: span[0]) - 1
    return index >= 0 and offset < quoted[index][1]


def _wraps(text: str, newline: int, after: int) -> bool:
    """True when the line break at ``newline`` only wraps a long line: a single break,
    after a line that stops mid-sentence, before a line that does not open a new item."""
    if text.count("\n", newline, after) > 1:
        return False
    line = text[text.rfind("\n", 0, newline) + 1 : newline]
    if not line.strip() or _CLOSED.search(line) or _OPENS.match(text, after):
        return False
    return len(line) + len(_WIDE.findall(line)) >= WRAPPED_LINE_CHARS


def _append_span(spans: list[tuple[int, int]], text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        lead = start + len(piece) - len(piece.lstrip())
        spans.append((lead, lead + len(stripped)))
