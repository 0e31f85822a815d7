"""A cap added to a clause that says there is none: the words saying so go.

A redline that adds a maximum at the end of a clause ("The total of all such damages ...
shall not exceed ten per cent") must not leave the clause saying, a sentence earlier,
that the damages accrue "without any maximum amount or limit": the clause would
contradict itself. Where the rule found such words, they are struck:

* a modifier ("without any maximum amount or limit", "with no cap") is cut out of its
  sentence, which otherwise stands;
* a Chinese clause fragment (“，不设上限”, “且无封顶”) is cut out with its comma;
* a sentence that only says there is no limit (it states no rate, sum or period:
  "Delay damages shall not be capped.") gives its place to the cap;

and the cap is added at the end unless it took such a sentence's place
(:func:`contract_review.playbooks.redlines.redlined_text` makes the edits). Every pattern
here is anchored at a match's position and bounded, so the work is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .rule_matching import RuleHit

__all__ = ["no_limit_edits"]

#: Matched words that are an adverbial modifier, removable from their sentence.
_MODIFIER = re.compile(r"(?:without|with\s+no)\b", re.IGNORECASE)
#: What may follow such a modifier and belongs to it ("... maximum amount or limit").
_MODIFIER_TAIL = re.compile(
    r"(?:\s+(?:amount|sum|level|figure))?"
    r"(?:\s+(?:or|and)\s+(?:any\s+)?(?:upper\s+|overall\s+|aggregate\s+|total\s+)?"
    r"(?:maximum|limit|cap|ceiling)(?:\s+(?:amount|sum|level))?)?"
    r"(?:\s+(?:of\s+)?(?:any\s+)?(?:kind|whatsoever))?",
    re.IGNORECASE,
)
#: Matched words that say a limit is absent or does not apply.
_NO_LIMIT = re.compile(
    r"maximum|limit|cap|ceiling|unlimited|uncapped|exceed|上限|封顶|限额|限制|约束|超过",
    re.IGNORECASE,
)
#: A sentence stating a rate, a sum or a period (it holds more than the absence of a cap).
_FIGURE = re.compile(
    r"\d|%|per\s*cent|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|"
    r"fifty|hundred)\b|[零一二三四五六七八九十百千万]|每日|每天|按日",
    re.IGNORECASE,
)
#: Delimiters of a Chinese clause fragment, and what may join a fragment to the last.
_ZH_DELIMITERS = "，,；;。"
_ZH_JOINERS = frozenset({"", "且", "并", "并且", "而且", "但", "但是", "均", "亦"})
_CJK = re.compile(r"[\u3400-\u9fff]")

Edit = tuple[int, int, str]


def no_limit_edits(
    text: str, hits: Sequence[RuleHit], cap: str
) -> tuple[list[tuple[int, int, str]], bool] | None:
    """The edits striking the words of ``hits`` that say there is no limit, and whether
    ``cap`` took the place of a sentence that only said so (else the caller adds it at
    the end); None when no hit is such words."""
    edits: list[Edit] = []
    placed = False
    for hit in sorted(hits, key=lambda h: h.start):
        if _NO_LIMIT.search(hit.matched) is None:
            continue
        edit = _modifier(text, hit) or _fragment(text, hit)
        if edit is not None:
            edits.append(edit)
        elif _FIGURE.search(hit.sentence(text)) is None:
            edits.append((hit.sentence_start, hit.sentence_end, "" if placed else cap))
            placed = True
    return (edits, placed) if edits else None


def _modifier(text: str, hit: RuleHit) -> Edit | None:
    """The modifier with what belongs to it and the space (or comma) before it."""
    if _MODIFIER.match(hit.matched) is None:
        return None
    tail = _MODIFIER_TAIL.match(text, hit.end)
    end = tail.end() if tail is not None else hit.end
    start = hit.start
    while start > hit.sentence_start and text[start - 1] in " \t":
        start -= 1
    if start > hit.sentence_start and text[start - 1] == "," and text[end : end + 1] == ",":
        start -= 1  # ", without any limit," -> ","
    return (start, end, "")


def _fragment(text: str, hit: RuleHit) -> Edit | None:
    """A Chinese fragment between commas that is only the matched words."""
    if _CJK.search(hit.matched) is None:
        return None
    before = max(text.rfind(d, hit.sentence_start, hit.start) for d in _ZH_DELIMITERS)
    after = [i for d in _ZH_DELIMITERS if (i := text.find(d, hit.end, hit.sentence_end + 1)) >= 0]
    if before < 0 or not after:
        return None
    end = min(after)
    if text[before + 1 : hit.start].strip() not in _ZH_JOINERS or text[hit.end : end].strip():
        return None
    return (before, end, "")
