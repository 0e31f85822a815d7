"""The part of a hit's text that matched: the sentence holding most query terms."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SENTENCE_END = re.compile(r"(?<=[。；;！？!?\n])|(?<=\.)\s+")


def best_snippet(text: str, terms: Sequence[str], max_chars: int = 160) -> str:
    """The sentence of ``text`` containing the most distinct ``terms`` (longer terms
    count more), extended with the following sentences up to ``max_chars``; the
    opening of ``text`` when no term occurs. The result, with the ``…`` marking a cut,
    is at most ``max_chars`` characters long."""
    text = text.strip()
    if len(text) <= max_chars:
        return text
    sentences = [s for s in _SENTENCE_END.split(text) if s and s.strip()]
    if not sentences:
        return text[: max(max_chars - 1, 0)].rstrip() + "…"
    wanted = {t.lower() for t in terms if t.strip()}
    best, best_score = 0, 0.0
    for i, sentence in enumerate(sentences):
        lowered = sentence.lower()
        score = sum(len(term) for term in wanted if term in lowered)
        if score > best_score:
            best, best_score = i, score
    prefix = "…" if best > 0 else ""
    budget = max_chars - len(prefix)
    snippet = sentences[best].strip()
    for following in sentences[best + 1 :]:
        separator = "" if snippet.endswith(("。", "；", "！", "？")) else " "
        piece = following.strip()
        if len(snippet) + len(separator) + len(piece) > budget:
            break
        snippet += separator + piece
    if len(snippet) > budget:
        snippet = snippet[: max(budget - 1, 0)].rstrip() + "…"
    return prefix + snippet
