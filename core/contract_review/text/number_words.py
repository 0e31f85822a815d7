"""Numbers written in words: English number words ("twenty-eight", "one hundred and
twenty") and Chinese numerals as contracts write amounts (十五, 壹佰万, 一点五亿), read;
and a number written in English words, for a redline that keeps a number's style."""

from __future__ import annotations

from ..documents.chinese_numerals import CHINESE_NUMERAL_CHARS, chinese_to_int

_EN_SMALL: dict[str, int] = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_EN_TENS: dict[str, int] = {
    word: (index + 2) * 10
    for index, word in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    )
}
_EN_SCALES: dict[str, int] = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

#: Every English word :func:`english_number_value` understands (for building regexes).
ENGLISH_NUMBER_WORDS: tuple[str, ...] = (
    *_EN_SMALL,
    *_EN_TENS,
    "hundred",
    *_EN_SCALES,
)

#: Financial (大写) numerals and their everyday equivalents.
_FINANCIAL = str.maketrans(
    {
        "壹": "一",
        "贰": "二",
        "貳": "二",
        "叁": "三",
        "參": "三",
        "肆": "四",
        "伍": "五",
        "陆": "六",
        "陸": "六",
        "柒": "七",
        "捌": "八",
        "玖": "九",
        "拾": "十",
        "佰": "百",
        "仟": "千",
        "萬": "万",
        "億": "亿",
    }
)

#: Every character :func:`chinese_amount_value` understands (for building regexes).
CHINESE_AMOUNT_CHARS = CHINESE_NUMERAL_CHARS + "壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬億亿点"

_DECIMAL_DIGITS = {ch: str(i) for i, ch in enumerate("零一二三四五六七八九")} | {"〇": "0"}


def english_number_value(text: str) -> int | None:
    """The value of English number words: ``"twenty-eight"`` → 28,
    ``"one hundred and twenty"`` → 120, ``"two million"`` → 2000000; None otherwise."""
    words = [w for w in text.lower().replace("-", " ").split() if w != "and"]
    if not words:
        return None
    total = 0
    current = 0
    seen_number = False
    for word in words:
        if word in _EN_SMALL:
            current += _EN_SMALL[word]
        elif word in _EN_TENS:
            current += _EN_TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _EN_SCALES:
            total += max(current, 1) * _EN_SCALES[word]
            current = 0
        else:
            return None
        seen_number = True
    return total + current if seen_number else None


def chinese_amount_value(text: str) -> float | None:
    """The value of a Chinese numeral as amounts are written, with 亿, financial
    numerals and 点 decimals: ``"壹佰万"`` → 1000000, ``"一点五"`` → 1.5; None otherwise."""
    normal = text.translate(_FINANCIAL).strip()
    if not normal:
        return None
    whole, sep, decimals = normal.partition("点")
    try:
        value = float(_chinese_integer(whole)) if whole else 0.0
        if sep:
            if not decimals or any(ch not in _DECIMAL_DIGITS for ch in decimals):
                return None
            value += float("0." + "".join(_DECIMAL_DIGITS[ch] for ch in decimals))
    except ValueError:
        return None
    return value


def _chinese_integer(text: str) -> int:
    """Integer value of a Chinese numeral, with 亿 (10^8) above :func:`chinese_to_int`'s 万."""
    high, sep, low = text.partition("亿")
    if not sep:
        return chinese_to_int(text)
    if not high:
        raise ValueError(f"{text!r}: nothing before 亿")
    low = low.lstrip("零〇")
    return chinese_to_int(high) * 100_000_000 + (chinese_to_int(low) if low else 0)


#: The first of :data:`ENGLISH_NUMBER_WORDS` naming each value.
_WORD_OF: dict[int, str] = {}
for _word in ENGLISH_NUMBER_WORDS:
    _value = english_number_value(_word)
    if _value is not None:
        _WORD_OF.setdefault(_value, _word)


def english_number_words(n: int) -> str:
    """``n`` (0..999,999) in English words: 28 → ``twenty-eight``, 120 → ``one hundred
    and twenty``."""
    if not 0 <= n < 1_000_000:
        raise ValueError(f"{n} is outside 0..999999")
    if n < 20:
        return _WORD_OF[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _WORD_OF[tens * 10] + (f"-{_WORD_OF[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = f"{_WORD_OF[hundreds]} hundred"
        return head + (f" and {english_number_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{english_number_words(thousands)} thousand"
    return head + (f" {english_number_words(rest)}" if rest else "")


_IRREGULAR_ORDINALS = {
    "one": "first",
    "two": "second",
    "three": "third",
    "five": "fifth",
    "eight": "eighth",
    "nine": "ninth",
    "twelve": "twelfth",
}


def english_ordinal_words(n: int) -> str:
    """``n`` (0..999,999) as an English ordinal in words: 21 → ``twenty-first``, 40 →
    ``fortieth``."""
    words = english_number_words(n)
    head, sep, last = words.rpartition("-") if "-" in words else words.rpartition(" ")
    last = _IRREGULAR_ORDINALS.get(last) or (
        last[:-1] + "ieth" if last.endswith("y") else last + "th"
    )
    return head + sep + last


def ordinal_suffix(n: int) -> str:
    """The suffix of ``n`` written as an ordinal in digits: 'st', 'nd', 'rd' or 'th'."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
