"""A quick, safe substring test before a case-insensitive regular expression.

Scanning a long text with a ``re.IGNORECASE`` pattern is slow (the engine has no fast
literal search when case is ignored); ``str.lower()`` and ``in`` are two orders of
magnitude faster. :func:`fold` lowers a text so that every stretch an ignore-case
pattern matches with an ASCII word becomes that word in lower case: when
``ascii_word.lower()`` is not in ``fold(text)``, no ignore-case match of the word (or of
a pattern that must match it) is in ``text``, and the regex need not run. The test can
say "maybe" where the regex then finds nothing, never "no" where it would find a match.

Python's ``re`` also matches four non-ASCII letters with ASCII ones when case is
ignored (:data:`REGEX_ASCII_TWINS`); :func:`fold` writes them as those letters. Letters
without case (Chinese characters: Unicode category ``Lo``) match only themselves and
:func:`fold` leaves them as they are, so a word of them is tested the same way
(:func:`folds_exactly`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["REGEX_ASCII_TWINS", "fold", "folds_exactly", "may_contain", "which_may_contain"]

#: Non-ASCII characters ``re.IGNORECASE`` matches with an ASCII letter, and that letter
#: (checked against the ``re`` module by the tests): dotted capital I, dotless i,
#: Kelvin sign, long s.
REGEX_ASCII_TWINS: dict[str, str] = {"\u0130": "i", "\u0131": "i", "\u212a": "k", "\u017f": "s"}


def fold(text: str) -> str:
    """``text`` in lower case, with :data:`REGEX_ASCII_TWINS` written as their ASCII
    letters (the result may be longer than ``text``; it is for ``in`` tests only)."""
    if not text.isascii():
        for twin, letter in REGEX_ASCII_TWINS.items():
            if twin in text:
                text = text.replace(twin, letter)
    return text.lower()


def folds_exactly(word: str) -> bool:
    """True when every ignore-case match of ``word`` is ``word.lower()`` in a folded
    text: each character is ASCII or a letter without case (a Chinese character)."""
    return word.isascii() or all(
        char.isascii() or unicodedata.category(char) == "Lo" for char in word
    )


def may_contain(folded: str, word: str) -> bool:
    """False only when ``re.search(re.escape(word), text, re.IGNORECASE)`` finds nothing
    in the text ``folded`` was made from (``folded = fold(text)``). A word with another
    non-ASCII letter (one with case) may always be there."""
    return not folds_exactly(word) or word.lower() in folded


def which_may_contain(folded: Sequence[str], word: str) -> list[int]:
    """The indexes of the texts in ``folded`` (each made by :func:`fold`) that
    :func:`may_contain` ``word``."""
    if not folds_exactly(word):
        return list(range(len(folded)))
    needle = word.lower()
    return [i for i, text in enumerate(folded) if needle in text]
