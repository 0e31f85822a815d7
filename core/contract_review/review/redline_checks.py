"""Checks a proposed redline must pass before the report shows it.

A redline a lawyer reads must change something, must read as a drafter would write
it, and must not turn an amendment into nonsense. :func:`redline_problem` says what is
wrong with ``before → after`` (``None`` when nothing is):

* ``after`` is the same as ``before`` (apart from white space);
* ``after`` repeats a phrase that ``before`` did not repeat ("as defined in the
  Employer's Requirements in the Employer's Requirements"): a run of two to eight words
  (four to sixteen Chinese characters) said twice in a row. (A phrase the new wording
  shares with the rest of the clause — "under or in connection with this Agreement" —
  is drafting, not repetition.)
* ``after`` holds an amendment instruction that changes nothing (``replace "fifty-six
  (56) days" with "fifty-six (56) days"``, 将“X”修改为“X”) that ``before`` did not.

Every pattern here is linear in its input: words are cut with one regular expression
and compared as tuples.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.sentences import sentences
from .report_words import say

__all__ = [
    "ADJACENT_MAX_WORDS",
    "ADJACENT_MIN_WORDS",
    "instruction_new_wording",
    "noop_instructions",
    "redline_problem",
    "repeated_phrase",
]

#: A phrase of this many words (up to ADJACENT_MAX_WORDS) said twice in a row is a
#: repetition.
ADJACENT_MIN_WORDS = 2
ADJACENT_MAX_WORDS = 8
#: Chinese characters count as words; a phrase of Chinese needs twice as many.
_CJK_FACTOR = 2

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WORD_RE = re.compile(rf"[{_CJK}]|[^\W_]+(?:['’][^\W_]+)*")
_HAS_CJK = re.compile(rf"[{_CJK}]")
# An instruction that replaces quoted words with quoted words: replace "A" with "B",
# "A" is replaced by "B", 将“A”修改为“B”.
_INSTRUCTION = (
    re.compile(
        r"\b(?:replace|substitute)\s+(?:the\s+(?:words?|figures?|number)\s+)?"
        r"[\"“‘]([^\"”’\n]{1,400})[\"”’]\s+(?:with|by)\s+[\"“‘]([^\"”’\n]{1,400})[\"”’]",
        re.IGNORECASE,
    ),
    re.compile(
        r"[\"“‘]([^\"”’\n]{1,400})[\"”’]\s*(?:,\s*)?(?:is|are|shall\s+be)\s+(?:replaced|substituted)"
        r"\s+(?:with|by)\s+[\"“‘]([^\"”’\n]{1,400})[\"”’]",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:将|把)\s*[\"“‘]([^\"”’\n]{1,200})[\"”’]\s*(?:修改|替换|变更|改)为\s*"
        r"[\"“‘]([^\"”’\n]{1,200})[\"”’]"
    ),
)

# An instruction that deletes a clause outright, as a sentence of its own.
_DELETION = re.compile(
    r"(?m)^[^\S\n]*(?:(?:Sub-)?Clause|Article|Section)\s+[\d.]{1,12}(?:\s+\([a-z]{1,3}\))?\s+"
    r"(?:is|shall\s+be)\s+deleted(?:\s+in\s+(?:its|their)\s+entirety)?\s*[.;]"
    r"|(?:删除|删去)第[^。\n]{1,12}条[。；]?|第[^。\n]{1,12}条(?:予以)?删除[。；]?",
    re.IGNORECASE,
)


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text)]


def _min_words(text: str, words: int) -> int:
    return words * _CJK_FACTOR if _HAS_CJK.search(text) else words


def _adjacent_repeats(words: Sequence[str], n: int) -> set[tuple[str, ...]]:
    """Phrases of ``n`` words said twice in a row."""
    return {
        tuple(words[i : i + n])
        for i in range(len(words) - 2 * n + 1)
        if words[i : i + n] == words[i + n : i + 2 * n]
    }


def _sentence_words(text: str) -> list[list[str]]:
    """The words of each sentence of ``text`` (a repetition is within one sentence: "…
    in the Works. The works and …" repeats nothing)."""
    return [_words(piece) for piece in sentences(text, semicolons=True, line_breaks=True)]


def repeated_phrase(before: str, after: str) -> str | None:
    """The phrase ``after`` repeats that ``before`` did not, or None."""
    short = _min_words(after, ADJACENT_MIN_WORDS)
    long = _min_words(after, ADJACENT_MAX_WORDS)
    old = _sentence_words(before)
    for n in range(short, long + 1):
        seen = set().union(*(_adjacent_repeats(words, n) for words in old))
        fresh = set().union(*(_adjacent_repeats(words, n) for words in _sentence_words(after)))
        fresh -= seen
        if fresh:
            return _joined(min(fresh), after)
    return None


def _joined(words: Sequence[str], text: str) -> str:
    return ("" if _HAS_CJK.search(text) else " ").join(words)


def noop_instructions(text: str) -> list[str]:
    """The amendment instructions of ``text`` that replace words with the same words."""
    found: list[str] = []
    for pattern in _INSTRUCTION:
        for match in pattern.finditer(text):
            if " ".join(match.group(1).split()) == " ".join(match.group(2).split()):
                found.append(match.group(0))
    return found


def instruction_new_wording(text: str) -> list[tuple[int, int, int, int]]:
    """Each amendment instruction of ``text`` whose effect a redline undoes by striking
    it: ``(start, end)`` of the instruction and ``(start, end)`` of what it brings in —
    the new words of one that replaces quoted words with quoted words, or the whole of
    one that deletes a clause ("Sub-Clause 17.6 is deleted.", 删除第十七条)."""
    found: list[tuple[int, int, int, int]] = []
    for pattern in _INSTRUCTION:
        for match in pattern.finditer(text):
            found.append((match.start(), match.end(), match.start(2), match.end(2)))
    for match in _DELETION.finditer(text):
        found.append((match.start(), match.end(), match.start(), match.end()))
    return found


def redline_problem(before: str, after: str, language: str = "en") -> str | None:
    """What is wrong with the redline ``before → after``, in words of the report
    ``language``; None when nothing."""
    if " ".join(before.split()) == " ".join(after.split()):
        return say("problem_nothing", language)
    repeated = repeated_phrase(before, after)
    if repeated is not None:
        return say("problem_repeat", language, words=repeated)
    fresh = [i for i in noop_instructions(after) if i not in noop_instructions(before)]
    if fresh:
        return say("problem_noop", language, words=f"“{fresh[0][:120]}”")
    return None
