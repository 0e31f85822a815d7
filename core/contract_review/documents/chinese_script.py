"""Traditional Chinese read as simplified, for matching only.

Contracts from Hong Kong, Macao and Taiwan are written in traditional characters (保險,
轉讓, 合約, 違約金); every Chinese pattern, keyword and trained model of this project is
written in simplified ones. :func:`simplified` maps each traditional character to its
simplified form, one character for one, using OpenCC's character table (the
``opencc-python-reimplemented`` package, Apache-2.0), so a text keeps its length and
every offset into it still points into the source. Quotes and evidence always come
from the source as written; only matching reads the simplified text. Phrase-level
conversions (which change lengths) are not applied; a few Hong Kong legal words are read
as their mainland equivalents of the same length (合约 as 合同, 弥偿 as 赔偿, 保养期 as
保修期).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

__all__ = ["simplified"]


@cache
def _table() -> dict[int, int]:
    """Traditional code point -> simplified code point (one character each way)."""
    text = resources.files("opencc").joinpath("dictionary/TSCharacters.txt").read_text("utf-8")
    table: dict[int, int] = {}
    for line in text.splitlines():
        source, _, targets = line.partition("\t")
        target = targets.split(" ")[0] if targets else ""
        if len(source) == 1 and len(target) == 1 and source != target:
            table[ord(source)] = ord(target)
    return table


#: Hong Kong legal words (after the character fold) and their mainland equivalents, of
#: the same length.
_HK_WORDS: dict[str, str] = {"合约": "合同", "弥偿": "赔偿", "保养期": "保修期"}


def simplified(text: str) -> str:
    """``text`` with traditional Chinese characters in their simplified form and a few
    Hong Kong legal words in their mainland form (same length)."""
    if text.isascii():  # no Chinese to convert (and the test is free)
        return text
    folded = text.translate(_table())
    for word, mainland in _HK_WORDS.items():
        if word in folded:
            folded = folded.replace(word, mainland)
    return folded
