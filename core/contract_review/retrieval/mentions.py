"""Documents a query names: the work they come from (劳动合同法, 《民法典》) and, with it,
their own number (劳动合同法第三十九条).

An index built with :class:`MentionConfig` knows each document's names (the values of
``name_fields`` in its metadata, a name or a list of names: 中华人民共和国劳动合同法 and
劳动合同法) and its number (``number_field``: 第三十九条).
A query is scanned for every known name; a name found inside a longer one found at the
same place does not count (合同法 inside 劳动合同法). Two signals follow, each 1 for the
documents named and 0 for the others:

* ``named`` — the document's work is named in the query (context: it does not bring
  documents into the candidates by itself);
* ``numbered`` — the document's work is named and so is its number (第三十九条, 第39条,
  第一百三十三条之一); a number belongs to the nearest work named before it, else to
  the first work named. Numbered documents join the candidates. A number with no work
  named is ignored (every law has a 第三十九条).

Queries naming nothing get no mention signal (all zeros): their ranking is unchanged.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from ..laws.article_numbers import ARTICLE_NO_PATTERN, ArticleNumber, parse_article_no
from .name_scan import NameScanner

__all__ = ["MENTION_SIGNALS", "MentionConfig", "MentionFinder", "Mentions"]

FloatArray = npt.NDArray[np.float32]

#: The signals a :class:`MentionFinder` gives, in order.
MENTION_SIGNALS = ("named", "numbered")

_NUMBER = re.compile(ARTICLE_NO_PATTERN)


class MentionConfig(BaseModel):
    """Where an index finds the names and numbers of its documents."""

    model_config = ConfigDict(frozen=True)

    name_fields: list[str] = Field(
        min_length=1,
        description="Metadata fields naming the document's work: a name or a list of names "
        "(a law's title, short title, common name); the first names the work in answers.",
    )
    number_field: str | None = Field(
        default=None, description="The metadata field with the document's number (第三十九条)."
    )
    min_name_chars: int = Field(
        default=2, ge=1, description="Shorter names are not looked for in queries."
    )


class Mentions(BaseModel):
    """What a query names: the works (by their key, the first name field's value) and
    the numbered documents (work key, number)."""

    model_config = ConfigDict(frozen=True)

    works: list[str] = Field(default_factory=list)
    articles: list[tuple[str, ArticleNumber]] = Field(default_factory=list)


def _number(value: Any) -> ArticleNumber | None:
    if not isinstance(value, str):
        return None
    return _parsed_number(value)


@functools.lru_cache(maxsize=8192)
def _parsed_number(value: str) -> ArticleNumber | None:
    """:func:`parse_article_no`, or None; kept for the few thousand numbers (第一条,
    第二条, ...) every law of a corpus repeats."""
    try:
        return parse_article_no(value)
    except ValueError:
        return None


def _names(values: list[Any]) -> list[str]:
    """The names among metadata values (strings, or lists of strings), in order."""
    names: list[str] = []
    for value in values:
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item.strip():
                names.append(item.strip())
    return names


class MentionFinder:
    """The names and numbers of an index's documents, and the documents a query names."""

    def __init__(self, config: MentionConfig, metadata: Sequence[dict[str, Any]]) -> None:
        self.config = config
        self.size = len(metadata)
        #: name → the work keys it names
        self._names: dict[str, set[str]] = defaultdict(set)
        #: work key → positions of its documents
        self._works: dict[str, list[int]] = defaultdict(list)
        #: (work key, number) → positions
        self._numbers: dict[tuple[str, ArticleNumber], list[int]] = defaultdict(list)
        for position, row in enumerate(metadata):
            names = _names([row.get(field) for field in config.name_fields])
            if not names:
                continue
            key = names[0]
            self._works[key].append(position)
            for name in names:
                if len(name) >= config.min_name_chars:
                    self._names[name].add(key)
            if config.number_field is not None:
                number = _number(row.get(config.number_field))
                if number is not None:
                    self._numbers[(key, number)].append(position)
        self._scanner = NameScanner(self._names)

    def find(self, query: str) -> Mentions:
        """The works and numbered documents ``query`` names."""
        kept = self._scanner.find(query)
        works: list[str] = []
        for _, _, name in kept:
            works.extend(sorted(k for k in self._names[name] if k not in works))
        articles: list[tuple[str, ArticleNumber]] = []
        if kept:
            for match in _NUMBER.finditer(query):
                number = _number(match.group())
                before = [name for start, _, name in kept if start < match.start()]
                name = before[-1] if before else kept[0][2]
                for key in sorted(self._names[name]):
                    found = (key, number)
                    if number is not None and found in self._numbers and found not in articles:
                        articles.append((key, number))
        return Mentions(works=works, articles=articles)

    def signals(self, query: str) -> dict[str, FloatArray]:
        """``named`` and ``numbered`` over every document; empty when the query names
        no work."""
        found = self.find(query)
        if not found.works:
            return {}
        named = np.zeros(self.size, dtype=np.float32)
        for key in found.works:
            named[self._works[key]] = 1.0
        numbered = np.zeros(self.size, dtype=np.float32)
        for article in found.articles:
            numbered[self._numbers[article]] = 1.0
        return {"named": named, "numbered": numbered}
