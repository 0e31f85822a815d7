"""Telling Chinese documents from English ones."""

from __future__ import annotations

__all__ = ["ZH_SHARE_THRESHOLD", "detect_language", "is_cjk_char"]

#: A document is Chinese when at least this share of its letters are CJK ideographs.
#: One ideograph carries about as much as a short English word, so a bilingual text
#: (same content in both languages) stays below it and reads as English.
ZH_SHARE_THRESHOLD = 0.3


def is_cjk_char(ch: str) -> bool:
    """True for a CJK ideograph (basic block or extension A, or a compatibility ideograph)."""
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"


def detect_language(text: str) -> str:
    """``'zh'`` when CJK ideographs make up at least ``ZH_SHARE_THRESHOLD`` of the
    letters of ``text``, else ``'en'`` (also for text without letters)."""
    cjk = 0
    latin = 0
    for ch in text:
        if is_cjk_char(ch):
            cjk += 1
        elif ch.isascii() and ch.isalpha():
            latin += 1
    total = cjk + latin
    return "zh" if total and cjk / total >= ZH_SHARE_THRESHOLD else "en"
