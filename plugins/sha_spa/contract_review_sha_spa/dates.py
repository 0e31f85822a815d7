"""Calendar dates as agreements write them: "31 December 2025", "December 31, 2025",
"2025-12-31", "2025年12月31日", "二〇二五年十二月三十一日"."""

from __future__ import annotations

import re
from datetime import date

from pydantic import BaseModel, Field

from contract_review.documents.chinese_numerals import CHINESE_NUMERAL_CHARS, chinese_to_int

_MONTHS = {
    name: index
    for index, name in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_MONTH = "|".join(_MONTHS)
_ZH_NUM = rf"(?:\d{{1,4}}|[{CHINESE_NUMERAL_CHARS}]{{1,4}})"
_PATTERNS = (
    re.compile(
        rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?P<m>{_MONTH}),?\s+(?P<y>\d{{4}})\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?P<m>{_MONTH})\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b",
        re.IGNORECASE,
    ),
    re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"),
    re.compile(rf"(?P<y>{_ZH_NUM})\s*年\s*(?P<m>{_ZH_NUM})\s*月\s*(?P<d>{_ZH_NUM})\s*[日号]"),
)


class DateMention(BaseModel):
    """A date found in a text."""

    value: date
    text: str = Field(description="The date as written.")
    start: int = Field(ge=0)
    end: int = Field(ge=0)


def _number(raw: str) -> int:
    if raw.isdigit():
        return int(raw)
    if raw.lower() in _MONTHS:
        return _MONTHS[raw.lower()]
    return chinese_to_int(raw)


def find_dates(text: str) -> list[DateMention]:
    """Every valid date written in ``text``, in text order."""
    found: list[DateMention] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            try:
                value = date(
                    _number(match.group("y")), _number(match.group("m")), _number(match.group("d"))
                )
            except ValueError:
                continue
            found.append(
                DateMention(value=value, text=match.group(0), start=match.start(), end=match.end())
            )
    found.sort(key=lambda mention: mention.start)
    return found
