"""Markdown that keeps its layout whatever text it quotes.

Contract text is full of characters Markdown reads as markup: a line starting with
``#`` becomes a heading, ``1.`` a list, ``|`` splits a table cell, ``<b>`` is raw HTML,
``&amp;`` an entity. These helpers backslash-escape them (CommonMark lets any ASCII
punctuation be escaped), so the rendered page shows the text as written.
"""

from __future__ import annotations

import re
from urllib.parse import quote

__all__ = ["Markdown", "block", "cell", "code_fence", "code_span", "inline", "link"]

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
    escaped = _escape(line.strip())
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
