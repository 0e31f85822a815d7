"""Where the sentences of a clause's text are, for the playbook rules' sentence guards.

A sentence ends at 。！？!? (with closing quotes), at a full stop followed by space and a
capital, digit or quote, at a full stop ending the text, at a full stop or semicolon
before a list item ("; (ii) ...", "；（三）..."), and at a line break, except a line
break that only wraps a long line: text copied from a PDF or a filing breaks its lines
anywhere ("... the last Business Day of the third month\\nfollowing the month of
issue"), and those lines join into one sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["WRAPPED_LINE_CHARS", "sentence_spans"]

#: A line at least this long (a CJK character counting two) that stops without closing
#: its sentence is taken to wrap onto the next; a shorter one (a heading, a list entry)
#: ends where it stops.
WRAPPED_LINE_CHARS = 60

_SENTENCE_END = re.compile(
    r"[。！？!?]+[”\"’）)]*|\.[”\"’]?(?=\s+[\"“A-Z0-9\u4e00-\u9fff])|\.[”\"’]?\s*$"
    r"|[.;；](?=\s*[(（](?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,2}|[一二三四五六七八九十]{1,3})[)）]\s*)"
    r"|\n(?:[^\S\n]*\n)*"
)
# A line that ends its sentence or opens a new one: it stops at a full stop, colon or
# semicolon, or the next line starts a list item, a numbered clause or a bullet.
_CLOSED = re.compile(r"[.:;。：；！？!?][”\"’）)]?\s*$")
_OPENS = re.compile(
    r"\s*(?:[(（](?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3}|[一二三四五六七八九十]{1,3})[)）]"
    r"|\d{1,3}(?:\.\d{1,3})*[.)]?\s|[A-Z]{2,}\b|[•·\-–—*]|第[一二三四五六七八九十百\d]+[条章款节]"
    r"|[一二三四五六七八九十]{1,3}、|(?:Clause|Section|Article|Sub-Clause|Schedule)\s)"
)
_WIDE = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text``, without surrounding white space."""
    return list(_sentence_spans(text))


@lru_cache(maxsize=4096)
def _sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match.group().startswith("\n") and _wraps(text, match.start(), match.end()):
            continue
        _append_span(spans, text, start, match.end())
        start = match.end()
    _append_span(spans, text, start, len(text))
    return tuple(spans)


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
