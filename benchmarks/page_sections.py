"""Replacing one benchmark's section of docs/benchmarks.md, leaving the rest as it is."""

from __future__ import annotations

from pathlib import Path

__all__ = ["write_section"]


def write_section(section: str, out: Path, *, start: str, end: str) -> None:
    """Put ``section`` (which begins with ``start`` and ends with ``end``) into ``out``:
    replace the section between those markers, or append it."""
    text = out.read_text(encoding="utf-8") if out.is_file() else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        after = rest.split(end, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    out.write_text(text, encoding="utf-8")
