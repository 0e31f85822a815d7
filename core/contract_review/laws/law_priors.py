"""What a law library says about its own articles before any query: how central each
law is and how often each article is cited. Both rank articles (see
``docs/retrieval.md``): a question is more often answered by a code every other law
refers to (民法典, 刑法, 民事诉讼法) than by a local implementing rule with the same words,
and by an article other articles point to than by one nobody cites.

* ``law_authority`` — how many *other* laws (distinct titles) name the law in their text,
  by its title or its short title (民事诉讼法 for 中华人民共和国民事诉讼法);
* ``cited_by`` — how many articles cite the article (本法第X条, 《XX法》第X条, 前条, ranges),
  as :mod:`.provision_index` resolves them.

Both are counts; the index reads them as ``log(1 + count)``.
"""

from __future__ import annotations

import re
from collections import defaultdict

from pydantic import BaseModel, ConfigDict, Field

from .law_library import LawLibrary, short_title
from .provision_index import provision_index

__all__ = ["ArticlePriors", "article_citations", "article_priors", "law_authority"]

#: A name shorter than this is not looked for (it would match inside other words).
MIN_NAME_CHARS = 2


class ArticlePriors(BaseModel):
    """The query-independent evidence on one article."""

    model_config = ConfigDict(frozen=True)

    law_authority: int = Field(ge=0, description="Other laws naming the article's law.")
    cited_by: int = Field(ge=0, description="Articles citing this article.")


def law_authority(library: LawLibrary) -> dict[str, int]:
    """For each law (by ``law_id``), how many other law titles mention it in their text.

    Versions of one title count as one law, and a law's mentions of itself do not count.
    """
    names: dict[str, set[str]] = defaultdict(set)
    texts: dict[str, list[str]] = defaultdict(list)
    for law in library:
        for name in (law.title, short_title(law.title)):
            if len(name) >= MIN_NAME_CHARS:
                names[name].add(law.title)
        texts[law.title].extend(article.text for article in law.articles)
    citers: dict[str, set[str]] = defaultdict(set)
    # Every name ends in one of a few characters (法, 例, 定, 释 ...): only the places
    # where such a character stands are looked at, each against the name lengths ending
    # there.
    lengths: dict[str, set[int]] = defaultdict(set)
    for name in names:
        lengths[name[-1]].add(len(name))
    if not lengths:
        return {law.law_id: 0 for law in library}
    # Those places are found by one regular expression (in C), not a loop over characters.
    last_chars = re.compile("[" + "".join(re.escape(char) for char in lengths) + "]")
    for title, parts in texts.items():
        text = "\n".join(parts)
        for found in last_chars.finditer(text):
            end = found.end()
            for size in lengths[found.group()]:
                if size <= end:
                    for named in names.get(text[end - size : end], ()):
                        if named != title:
                            citers[named].add(title)
    return {law.law_id: len(citers.get(law.title, ())) for law in library}


def article_citations(library: LawLibrary) -> dict[str, int]:
    """For each article (by ``article_id``), how many articles of the library cite it."""
    counts: dict[str, int] = dict.fromkeys(
        (article.article_id for law in library for article in law.articles), 0
    )
    for law in library:
        for links in provision_index(library, law).links:
            for cited in links.cited:
                counts[cited.law.articles[cited.position].article_id] += 1
    return counts


def article_priors(library: LawLibrary) -> dict[str, ArticlePriors]:
    """:func:`law_authority` and :func:`article_citations` of every article, by id."""
    authority = law_authority(library)
    cited = article_citations(library)
    return {
        article.article_id: ArticlePriors(
            law_authority=authority[law.law_id], cited_by=cited[article.article_id]
        )
        for law in library
        for article in law.articles
    }
