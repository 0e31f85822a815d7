"""The loaded laws, and finding a law or an article in them the way a user names it.

A law is named by its ``law_id`` (``中华人民共和国劳动合同法``, ``…@2012-12-28`` when
several versions are loaded), by its title, or by the title without the
``中华人民共和国`` prefix (``劳动合同法``). A title shared by several versions names the
latest one. An article is named by its ``article_id`` (``law_id#第X条``) or, within a
law, by its number in any accepted form (``第四十五条``, ``第45条``, ``45``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

from ..errors import InputError, NotFoundError
from .article_numbers import ArticleNumber, format_article_no, parse_article_no
from .law_models import Article, Law

__all__ = ["COUNTRY_PREFIX", "LawLibrary", "LawNotFoundError", "short_title"]

#: The prefix national laws carry in their full title.
COUNTRY_PREFIX = "中华人民共和国"


class LawNotFoundError(NotFoundError):
    """A law or an article was asked for that the library does not hold."""


def short_title(title: str) -> str:
    """The title without the ``中华人民共和国`` prefix: 中华人民共和国民法典 → 民法典."""
    stripped = title.removeprefix(COUNTRY_PREFIX)
    return stripped or title


def _article_number(text: str) -> ArticleNumber:
    text = text.strip()
    if text.isdigit():
        return ArticleNumber(int(text))
    return parse_article_no(text)


class LawLibrary:
    """An ordered, read-only collection of laws with name and article look-ups."""

    def __init__(self, laws: Sequence[Law]) -> None:
        self.laws: list[Law] = list(laws)
        self._by_id: dict[str, Law] = {}
        for law in self.laws:
            if law.law_id in self._by_id:
                raise InputError(f"the law id {law.law_id!r} is loaded twice")
            self._by_id[law.law_id] = law
        #: Every name a user may give (law_id, title, short title) → the laws it names.
        self._names: dict[str, list[Law]] = {}
        for law in self.laws:
            for name in {law.law_id, law.title, short_title(law.title)}:
                self._names.setdefault(name, []).append(law)
        self._articles: dict[str, tuple[Law, int]] = {}
        self._numbers: dict[str, dict[ArticleNumber, int]] = {}
        for law in self.laws:
            numbers: dict[ArticleNumber, int] = {}
            for position, article in enumerate(law.articles):
                self._articles[article.article_id] = (law, position)
                numbers[article.number] = position
            self._numbers[law.law_id] = numbers

    def __len__(self) -> int:
        return len(self.laws)

    def __iter__(self) -> Iterator[Law]:
        return iter(self.laws)

    @property
    def article_count(self) -> int:
        """How many articles the library holds."""
        return len(self._articles)

    # ------------------------------------------------------------------ laws

    def find_law(self, name: str) -> Law | None:
        """The law ``name`` names (see the module docs), or None."""
        name = name.strip().strip("《》")
        if name in self._by_id:
            return self._by_id[name]
        candidates = self._names.get(name) or self._names.get(short_title(name))
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0]
        return max(candidates, key=lambda law: (law.version_date is not None, law.version_date))

    def law(self, name: str) -> Law:
        """The law ``name`` names.

        :raises LawNotFoundError: naming ``name`` and the closest law titles.
        """
        found = self.find_law(name)
        if found is not None:
            return found
        close = difflib.get_close_matches(name.strip(), list(self._names), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise LawNotFoundError(
            f"no law named {name!r} is in the library ({len(self.laws)} laws){hint}"
        )

    # ------------------------------------------------------------------ articles

    def find_article(self, article_id: str) -> tuple[Law, Article] | None:
        """The law and article of ``article_id`` (``law_id#第X条``), or None."""
        found = self._articles.get(article_id.strip())
        if found is None:
            return None
        law, position = found
        return law, law.articles[position]

    def position(self, article: Article) -> int:
        """The index of ``article`` in its law's article list.

        :raises LawNotFoundError: when the article is not in the library.
        """
        found = self._articles.get(article.article_id)
        if found is None:
            raise LawNotFoundError(f"the article {article.article_id!r} is not in the library")
        return found[1]

    def article_in(self, law: Law, number: ArticleNumber) -> Article | None:
        """The article of ``law`` with this number, or None."""
        position = self._numbers.get(law.law_id, {}).get(number)
        return None if position is None else law.articles[position]

    def article(self, reference: str, law: Law | str | None = None) -> tuple[Law, Article]:
        """The article ``reference`` names: an ``article_id``, or a number (第四十五条,
        第45条, 45) within ``law`` (a :class:`Law` or a law name).

        :raises LawNotFoundError: when the law or the article is not there, or a bare
            number is given without a law.
        :raises InputError: when ``reference`` is neither an id nor an article number.
        """
        reference = reference.strip()
        found = self.find_article(reference)
        if found is not None:
            return found
        if "#" in reference:
            law_name, _, reference = reference.rpartition("#")
            law = law if law is not None else law_name
        if law is None:
            raise LawNotFoundError(
                f"{reference!r} is not an article id (law_id#第X条); give the law as well"
            )
        target = self.law(law) if isinstance(law, str) else law
        try:
            number = _article_number(reference)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        article = self.article_in(target, number)
        if article is None:
            first, last = target.articles[0].article_no, target.articles[-1].article_no
            raise LawNotFoundError(
                f"{target.law_id} has no {format_article_no(number)} "
                f"(its articles run from {first} to {last})"
            )
        return target, article
