"""Who controls the board: the directors each party may appoint, as the contract says.

A shareholders' agreement (or the governance part of a share purchase) gives each side
its seats: "The Buyer may appoint and remove three directors … the Seller may appoint
two", "甲方有权委派三名董事，乙方有权委派两名董事". The side with more seats controls the
board, and the minority protections (a quorum that needs each side's director, reserved
matters, related-party abstention) are the other side's: a term that weakens them
burdens the minority, not a majority buyer that wrote them away.

Every pattern here is linear in its input: bounded gaps, no nested repetition.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..documents.chinese_numerals import chinese_to_int
from ..text.number_words import english_number_value

__all__ = ["board_seats", "controls_board"]

_EN_SEATS = re.compile(
    r"\b(?:[Tt]he\s+)?(?P<party>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}?)\s+"
    r"(?:shall\s+be\s+entitled\s+to|is\s+entitled\s+to|shall\s+have\s+the\s+right\s+to|"
    r"has\s+the\s+right\s+to|may)\s+(?:from\s+time\s+to\s+time\s+)?"
    r"(?:nominate|appoint)(?:\s+(?:and|or)\s+(?:remove|replace|dismiss))?"
    r"(?:\s+(?:(?:up\s+to|not\s+more\s+than)\s+)?(?P<n>\d{1,2}|[a-z]+)(?:\s+\(\d{1,2}\))?)\s+"
    r"(?:\w+\s+)?(?:directors?|Directors?|members?\s+of\s+the\s+Board)\b"
)
_ZH_SEATS = re.compile(
    r"(?P<party>甲方|乙方|丙方|丁方|投资方|投资人|创始人|创始股东|转让方|受让方|收购方|"
    r"原股东|控股股东|中方|外方)(?:有权|可以|可)?(?:委派|提名|推荐|任命|选派)"
    r"(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,2})\s*(?:名|位|个|人)?(?:董事)"
)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    english = english_number_value(word)
    if english is not None:
        return english
    try:
        return chinese_to_int(word.replace("两", "二"))
    except ValueError:
        return None


def board_seats(text: str) -> dict[str, int]:
    """The directors each party word may appoint in ``text`` (the most a sentence gives
    it), e.g. ``{"Buyer": 3, "Seller": 2}``."""
    seats: dict[str, int] = {}
    for pattern in (_EN_SEATS, _ZH_SEATS):
        for match in pattern.finditer(text):
            count = _number(match.group("n"))
            if count is None or not 0 < count < 50:
                continue
            party = match.group("party")
            seats[party] = max(seats.get(party, 0), count)
    return seats


def controls_board(texts: Iterable[str], is_ours: Callable[[str], bool]) -> bool | None:
    """True when the party ``is_ours`` recognises (a callable taking a party word)
    appoints more directors than any other party in ``texts``, False when another
    appoints more, None when the contract does not say (or the seats tie)."""
    ours = theirs = 0
    for text in texts:
        for party, count in board_seats(text).items():
            if is_ours(party):
                ours = max(ours, count)
            else:
                theirs = max(theirs, count)
    if not ours or not theirs or ours == theirs:
        return None
    return ours > theirs
