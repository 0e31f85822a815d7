"""Telling Chinese documents from English ones."""

from __future__ import annotations

import re

__all__ = ["ZH_SHARE_THRESHOLD", "detect_language", "is_cjk_char"]

#: A document is Chinese when at least this share of its letters are CJK ideographs.
#: One ideograph carries about as much as a short English word, so a bilingual text
#: (same content in both languages) stays below it and reads as English.
ZH_SHARE_THRESHOLD = 0.3

# Runs of the characters is_cjk_char accepts, and of ASCII letters: counted in C.
_CJK_RUNS = re.compile("[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff]+")
_LATIN_RUNS = re.compile("[A-Za-z]+")


def is_cjk_char(ch: str) -> bool:
    """True for a CJK ideograph (basic block or extension A, or a compatibility ideograph)."""
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"


def detect_language(text: str) -> str:
    """``'zh'`` when CJK ideographs make up at least ``ZH_SHARE_THRESHOLD`` of the
    letters of ``text``, else ``'en'`` (also for text without letters)."""
    cjk = sum(map(len, _CJK_RUNS.findall(text)))
    latin = sum(map(len, _LATIN_RUNS.findall(text)))
    total = cjk + latin
    return "zh" if total and cjk / total >= ZH_SHARE_THRESHOLD else "en"
