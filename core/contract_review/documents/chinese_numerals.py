"""Chinese numerals as laws and contracts write them: 十四, 四百六十三, 一千二百六十."""

from __future__ import annotations

__all__ = ["CHINESE_NUMERAL_CHARS", "chinese_to_int", "int_to_chinese"]

_DIGITS: dict[str, int] = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_UNITS: dict[str, int] = {"十": 10, "百": 100, "千": 1000}
_MYRIAD = "万"

#: Every character :func:`chinese_to_int` accepts.
CHINESE_NUMERAL_CHARS = "".join(_DIGITS) + "".join(_UNITS) + _MYRIAD

_WRITE_DIGITS = "零一二三四五六七八九"
_MAX = 99_999


def chinese_to_int(text: str) -> int:
    """The value of a Chinese numeral: ``"十四"`` → 14, ``"一千二百六十"`` → 1260.

    Accepts 零/〇, 一..九, 两, 十, 百, 千 and 万, in the standard form ("一百零五") and as
    digit strings without units ("二〇二四" → 2024).

    :raises ValueError: when ``text`` is empty or not a well-formed Chinese numeral.
    """
    if not text or any(ch not in CHINESE_NUMERAL_CHARS for ch in text):
        raise ValueError(f"{text!r} is not a Chinese numeral")
    if not any(ch in _UNITS or ch == _MYRIAD for ch in text):
        if len(text) > 1 and "两" in text:
            raise ValueError(f"{text!r} is not a Chinese numeral")
        return int("".join(str(_DIGITS[ch]) for ch in text))
    if text.count(_MYRIAD) > 1:
        raise ValueError(f"{text!r} is not a Chinese numeral")
    high, sep, low = text.partition(_MYRIAD)
    if sep:
        if not high:
            raise ValueError(f"{text!r} is not a Chinese numeral: nothing before 万")
        return _below_myriad(high, text) * 10_000 + (_below_myriad(low, text) if low else 0)
    return _below_myriad(text, text)


def _below_myriad(part: str, whole: str) -> int:
    """Value of a numeral below 10000 written with units (or a single digit)."""
    total = 0
    digit: int | None = None
    last_unit = 10_000
    for ch in part:
        if ch in _DIGITS:
            if digit is not None and digit != 0:
                raise ValueError(f"{whole!r} is not a Chinese numeral: two digits in a row")
            digit = _DIGITS[ch]
            continue
        unit = _UNITS[ch]
        if unit >= last_unit:
            raise ValueError(f"{whole!r} is not a Chinese numeral: units out of order")
        if digit is None:
            if unit != 10 or total:
                raise ValueError(f"{whole!r} is not a Chinese numeral: {ch} without a digit")
            digit = 1  # a leading 十 means 一十
        elif digit == 0:
            raise ValueError(f"{whole!r} is not a Chinese numeral: 零 before a unit")
        total += digit * unit
        last_unit = unit
        digit = None
    return total + (digit or 0)


def int_to_chinese(n: int) -> str:
    """The standard Chinese numeral for ``n`` (1..99999): 14 → ``"十四"``, 1001 → ``"一千零一"``.

    :raises ValueError: when ``n`` is outside 1..99999.
    """
    if not 1 <= n <= _MAX:
        raise ValueError(f"{n} is outside 1..{_MAX}")
    high, low = divmod(n, 10_000)
    if not high:
        return _write_below_myriad(low, leading=True)
    text = _write_below_myriad(high, leading=True) + _MYRIAD
    if low:
        if low < 1000:
            text += "零"
        text += _write_below_myriad(low, leading=False)
    return text


def _write_below_myriad(n: int, *, leading: bool) -> str:
    parts: list[str] = []
    pending_zero = False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d = n // value % 10
        if d == 0:
            pending_zero = pending_zero or bool(parts)
            continue
        if pending_zero:
            parts.append("零")
            pending_zero = False
        if value == 10 and d == 1 and leading and not parts:
            parts.append("十")
        else:
            parts.append(_WRITE_DIGITS[d] + unit)
    return "".join(parts)
