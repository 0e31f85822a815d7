"""What a law's title and its header lines (the dated adoption/amendment lines of a
LawRefBook file) say about it: level, issuing authority and dates."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence

from .law_models import LawLevel, LawMetadata

__all__ = ["infer_law_level", "infer_metadata", "parse_header_date", "parse_header_dates"]

_DATE_LINE = re.compile(r"^\s*(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日\s*(?P<rest>.*)$")
_LOCAL = re.compile(r"^[\u4e00-\u9fff]{2,9}?(?:省|自治区|自治州|自治县|市|县)")
_AMENDMENT_WORDS = ("修正", "修订", "修改", "通过")


def infer_law_level(title: str) -> LawLevel:
    """The level a title implies.

    - 最高人民法院/最高人民检察院 … (解释, 规定, 批复, 决定) → 司法解释;
    - 中华人民共和国…法 / …法典 → 法律;
    - …条例 (a local one if the title opens with a province or city) → 行政法规 or 地方性法规;
    - anything else → 其他.
    """
    title = title.strip()
    if title.startswith(("最高人民法院", "最高人民检察院")):
        return "司法解释"
    if title.startswith("中华人民共和国") and title.endswith(("法", "法典")):
        return "法律"
    if title.endswith("条例"):
        if not title.startswith("中华人民共和国") and _LOCAL.match(title):
            return "地方性法规"
        return "行政法规"
    return "其他"


def parse_header_date(line: str) -> tuple[datetime.date, str] | None:
    """The date a header line opens with (``2012年12月28日 …通过``) and the rest of the
    line, or None when the line does not open with a date.

    :raises ValueError: when it opens with a date that is not on the calendar
        (``2012年13月28日``, ``2012年2月30日``); the message quotes the line.
    """
    match = _DATE_LINE.match(line)
    if match is None:
        return None
    written = f"{match['y']}年{match['m']}月{match['d']}日"
    try:
        day = datetime.date(int(match["y"]), int(match["m"]), int(match["d"]))
    except ValueError as exc:
        raise ValueError(
            f"the header line {line.strip()!r} opens with {written}, "
            f"which is not a calendar date ({exc}); correct the date"
        ) from None
    return day, match["rest"].strip()


def parse_header_dates(lines: Sequence[str]) -> list[tuple[datetime.date, str]]:
    """The ``(date, rest of line)`` of every header line that opens with a date like
    ``2012年12月28日``; lines without a leading date are skipped.

    :raises ValueError: for a line that opens with a date not on the calendar (see
        :func:`parse_header_date`).
    """
    return [parsed for line in lines if (parsed := parse_header_date(line)) is not None]


def _authority(adoption: str) -> str | None:
    if "最高人民法院" in adoption:
        return "最高人民法院"
    if "最高人民检察院" in adoption:
        return "最高人民检察院"
    if "全国人民代表大会常务委员会" in adoption:
        return "全国人民代表大会常务委员会"
    if "全国人民代表大会" in adoption:
        return "全国人民代表大会"
    if "国务院" in adoption:
        return "国务院"
    return None


def infer_metadata(title: str, header_lines: Sequence[str]) -> LawMetadata:
    """The metadata a title and its header lines imply.

    - the first dated line is the adoption; its body (…全国人民代表大会常务委员会…会议通过)
      gives the issuing authority;
    - ``revised_date``: the latest later-dated line that amends (修正, 修订, 修改, or a
      later 通过), None when there is none;
    - ``effective_date``: the date of a 施行 line if there is one, else the latest date;
    - ``status``: 现行有效 (the files hold texts in force).

    :raises ValueError: when a header line opens with a date that is not on the calendar.
    """
    dates = parse_header_dates(header_lines)
    authority: str | None = None
    revised: datetime.date | None = None
    effective: datetime.date | None = None
    if dates:
        adopted, adoption_text = dates[0]
        authority = _authority(adoption_text)
        later = [
            day
            for day, rest in dates[1:]
            if day > adopted and "施行" not in rest and any(w in rest for w in _AMENDMENT_WORDS)
        ]
        revised = max(later, default=None)
        in_force = [day for day, rest in dates if "施行" in rest]
        effective = max(in_force) if in_force else max(day for day, _ in dates)
    return LawMetadata(
        issuing_authority=authority,
        law_level=infer_law_level(title),
        status="现行有效",
        effective_date=effective,
        revised_date=revised,
    )
