"""Finding known names in a text: every place a name of a set stands, the longest
name winning where names overlap (劳动合同法, not the 合同法 inside it).

Used for law names (:mod:`.mentions`) and defined terms (:mod:`.definitions`): a few
thousand names, short texts; each position is checked only against the lengths of the
names ending in its character.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

__all__ = ["NameScanner"]


class NameScanner:
    """The names of a fixed set found in texts."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(name for name in names if name)
        #: last character of a name → the lengths of the names ending in it
        self._lengths: dict[str, set[int]] = defaultdict(set)
        for name in self.names:
            self._lengths[name[-1]].add(len(name))

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """``(start, end, name)`` of each name in ``text``, in order; a name lying inside
        a longer one found is left out."""
        spans: list[tuple[int, int, str]] = []
        for end, char in enumerate(text, start=1):
            for size in self._lengths.get(char, ()):
                if size <= end and text[end - size : end] in self.names:
                    spans.append((end - size, end, text[end - size : end]))
        kept = [
            (start, end, name)
            for start, end, name in spans
            if not any(s <= start and end <= e and (e - s) > (end - start) for s, e, _ in spans)
        ]
        return sorted(kept)
