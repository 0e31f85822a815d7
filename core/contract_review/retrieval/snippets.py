"""The part of a hit's text that matched: the sentence holding most query terms (a
semicolon or a line break ends a sentence here: a law's parts are read one by one)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from ..text.sentences import sentences as text_sentences

#: Joins a text's sentences for searching them all at once.
_JOINT = "\x00"


def best_snippet(text: str, terms: Sequence[str], max_chars: int = 160) -> str:
    """The sentence of ``text`` containing the most distinct ``terms`` (longer terms
    count more), extended with the following sentences up to ``max_chars``; the
    opening of ``text`` when no term occurs. The result, with the ``…`` marking a cut,
    is at most ``max_chars`` characters long."""
    return SnippetFinder(terms, max_chars)(text)


class SnippetFinder:
    """:func:`best_snippet` for one query's ``terms`` over many texts (the terms are
    prepared once)."""

    def __init__(self, terms: Sequence[str], max_chars: int = 160) -> None:
        self.max_chars = max_chars
        self._wanted = {t.lower() for t in terms if t.strip()}
        self._joinable = not any(_JOINT in term for term in self._wanted)

    def __call__(self, text: str) -> str:
        """The snippet of ``text`` (see :func:`best_snippet`)."""
        max_chars = self.max_chars
        text = text.strip()
        if len(text) <= max_chars:
            return text
        sentences = text_sentences(text, semicolons=True, line_breaks=True)
        if not sentences:
            return text[: max(max_chars - 1, 0)].rstrip() + "…"
        best = self._best_sentence(sentences)
        prefix = "…" if best > 0 else ""
        budget = max_chars - len(prefix)
        snippet = sentences[best]
        for piece in sentences[best + 1 :]:
            separator = "" if snippet.endswith(("。", "；", "！", "？")) else " "
            if len(snippet) + len(separator) + len(piece) > budget:
                break
            snippet += separator + piece
        if len(snippet) > budget:
            snippet = snippet[: max(budget - 1, 0)].rstrip() + "…"
        return prefix + snippet

    def _best_sentence(self, sentences: list[str]) -> int:
        """The index of the first sentence with the highest score (0 when no term
        occurs)."""
        if not self._wanted:
            return 0
        lowered = [sentence.lower() for sentence in sentences]
        if self._joinable:
            # Each term is looked for once in all sentences joined, skipping to the next
            # sentence after each find (no term holds the joint, so none spans two).
            joined = _JOINT.join(lowered)
            starts = list(accumulate((len(s) + 1 for s in lowered[:-1]), initial=0))
            scores = [0] * len(sentences)
            for term in self._wanted:
                position = joined.find(term)
                while position >= 0:
                    i = bisect_right(starts, position) - 1
                    scores[i] += len(term)
                    if i + 1 == len(starts):
                        break
                    position = joined.find(term, starts[i + 1])
            best_score = max(scores)
            return scores.index(best_score) if best_score > 0 else 0
        best, best_score = 0, 0
        for i, sentence in enumerate(lowered):
            score = sum(len(term) for term in self._wanted if term in sentence)
            if score > best_score:
                best, best_score = i, score
        return best
