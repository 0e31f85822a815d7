"""Markdown that keeps its layout whatever text it quotes.

Contract text is full of characters Markdown reads as markup: a line starting with
``#`` becomes a heading, ``1.`` a list, ``|`` splits a table cell, ``<b>`` is raw HTML,
``&amp;`` an entity. These helpers backslash-escape them (CommonMark lets any ASCII
punctuation be escaped), so the rendered page shows the text as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote

__all__ = [
    "Markdown",
    "block",
    "cell",
    "code_fence",
    "code_span",
    "inline",
    "link",
    "table",
    "tracked_changes",
]

# Characters that start inline markup anywhere on a line, and '&' when it would read as
# an entity.
_INLINE_RE = re.compile(r"[\\`*_\[\]<>|~#]|&(?=#?\w+;)")
# At the start of a line: a list bullet, a setext underline or thematic break ("- - -"
# too), an ordered-list number.
_LINE_START_RE = re.compile(
    r"^(?:([+-])(?=\s|$)|(=)+\s*$|(-)(?:[ \t]*-)*\s*$|(\d{1,9})([.)])(?=\s|$))"
)
_BACKTICKS_RE = re.compile(r"`+")


class Markdown(str):
    """Text already written as Markdown (a link...): :func:`cell` keeps it as is."""

    __slots__ = ()


def _escape(text: str) -> str:
    return _INLINE_RE.sub(lambda m: "\\" + m.group(0), text)


def _escape_line(line: str) -> str:
    """One line, stripped and escaped so it cannot open a block (heading, list...)."""
    return _guard_start(_escape(line.strip()))


def _guard_start(escaped: str) -> str:
    """Escaped text that starts a line, kept from opening a block (list, break...)."""
    match = _LINE_START_RE.match(escaped)
    if match is None:
        return escaped
    if match.group(4) is None:
        return "\\" + escaped
    return f"{match.group(4)}\\{escaped[match.end(4) :]}"


def inline(text: str, *, starts_line: bool = False) -> str:
    """``text`` on one line (line breaks become spaces), escaped: for headings, table
    cells and running text. With ``starts_line`` (a list item's text) it is also kept
    from opening a block: a leading ``1.`` or ``-`` is escaped."""
    joined = " ".join(text.splitlines())
    return _escape_line(joined) if starts_line else _escape(joined.strip())


def cell(text: str) -> str:
    """``text`` as one table cell: on one line, ``|`` escaped so it stays one cell
    (:class:`Markdown` is kept as written)."""
    if isinstance(text, Markdown):
        return str(text)
    return inline(text) or " "


def link(text: str, target: str) -> Markdown:
    """A link to the relative path ``target`` (percent-encoded, so it stays one path)."""
    return Markdown(f"[{inline(text)}]({quote(target)})")


def table(headings: Sequence[str], rows: Sequence[Sequence[str]], *, numeric: int = 0) -> str:
    """A GFM table; the last ``numeric`` columns are right-aligned. Cells are escaped."""
    aligns = ["---"] * (len(headings) - numeric) + ["---:"] * numeric
    lines = [
        "| " + " | ".join(cell(h) for h in headings) + " |",
        "| " + " | ".join(aligns) + " |",
    ]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def block(text: str, *, quote: bool = False) -> str:
    """``text`` as paragraphs, each of its lines kept on its own line (hard breaks);
    with ``quote``, as a blockquote. Leading indentation is dropped (Markdown would
    read it as a code block)."""
    prefix = "> " if quote else ""
    lines = [_escape_line(line) for line in text.splitlines()]
    out: list[str] = []
    for index, line in enumerate(lines):
        if not line:
            if out and out[-1].strip() != prefix.strip():
                out.append(prefix.rstrip())
            continue
        follows = index + 1 < len(lines) and bool(lines[index + 1])
        out.append(prefix + line + ("\\" if follows else ""))
    while out and out[-1] == prefix.rstrip():
        out.pop()
    return "\n".join(out)


def code_fence(text: str, info: str = "") -> str:
    """``text`` verbatim in a fenced code block, with a fence longer than any run of
    backticks in it."""
    longest = max((len(m) for m in _BACKTICKS_RE.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = text if text.endswith("\n") else text + "\n"
    return f"{fence}{info}\n{body}{fence}"


def code_span(text: str) -> str:
    """``text`` as inline code, with a delimiter longer than any backtick run in it."""
    text = " ".join(text.splitlines())
    longest = max((len(m) for m in _BACKTICKS_RE.findall(text)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


#: Markers of tracked changes: (opening, closing) by run kind. Emphasis markers need a
#: letter or digit at both ends of the text they mark (CommonMark's flanking rules);
#: other text is marked with the equivalent HTML elements, which Markdown passes on.
_MARKS = {"deleted": ("~~", "~~"), "inserted": ("**", "**")}
_TAGS = {"deleted": ("<del>", "</del>"), "inserted": ("<ins>", "</ins>")}


def _mark(kind: str, core: str) -> str:
    opening, closing = _MARKS[kind]
    if not (core[0].isalnum() and core[-1].isalnum()):
        opening, closing = _TAGS[kind]
    return f"{opening}{core}{closing}"


def _tracked_line(pieces: list[tuple[str, str]]) -> str:
    out = ""
    for kind, text in pieces:
        escaped = _escape(text)
        if kind == "kept":
            out += _guard_start(escaped.lstrip()) if not out.strip() else escaped
            continue
        core = escaped.strip()
        if not core:  # white space alone: only an HTML element can mark it
            opening, closing = _TAGS[kind]
            out += f"{opening}{escaped}{closing}"
            continue
        lead = escaped[: len(escaped) - len(escaped.lstrip())]
        trail = escaped[len(escaped.rstrip()) :]
        out += (lead if out.strip() else "") + _mark(kind, core) + trail
    return out.strip()


def tracked_changes(runs: Sequence[tuple[str, str]]) -> str:
    """``(kind, text)`` runs ('kept', 'deleted', 'inserted') as one Markdown paragraph
    of tracked changes: deleted text ``~~struck through~~``, inserted text ``**bold**``,
    each line of the text on its own line (hard breaks), the rest escaped."""
    lines: list[list[tuple[str, str]]] = [[]]
    for kind, text in runs:
        for index, part in enumerate(text.split("\n")):
            if index:
                lines.append([])
            if part:
                lines[-1].append((kind, part))
    rendered = [line for line in (_tracked_line(pieces) for pieces in lines) if line]
    return "\\\n".join(rendered)
