"""GetProvisionContext: an article turned into a citable evidence pack — the article
itself plus what a lawyer reads with it: its neighbours, the definitions its terms
rely on, the exceptions to it and the provisions it cites.

What goes in (see :class:`ProvisionContextInput` for the switches):

- ``target``: the article itself, always, whole, first.
- the target's own definition and exception sentences (本条所称月工资是指…; 但是，…),
  each as an entry with the target's ids and role ``definition`` / ``exception``,
  holding just that sentence.
- ``definition``: other articles of the law defining a term the target uses (本法所称X,
  X是指…, X是…的Y, 以下简称X), within the definition's scope (本章所称 only in that
  chapter).
- ``exception``: other articles of the law citing the target from an exception
  sentence (依照第X条…，但…除外; 除第X条规定的…外).
- ``reference``: articles the target cites — 本法第X条, 第X条第X款, 前条, ranges
  (第X条至第Y条), and 《XX法》第X条 / 民法典第X条 when the library holds that law;
  本章/本节 add the nearest articles of the target's chapter/section as weak references.
- ``neighbor``: the ``neighbor_range`` articles before and after the target.

An article related in several ways gets one entry, with the most specific role:
definition > exception > reference > neighbor > weak (本章/本节) reference.

**Length.** ``max_length`` caps the total characters of the entries' texts. Entries
are admitted most important first, and one that would pass the cap is dropped (a
shorter, less important one may still fit): target; its own definition sentences, then
its own exception sentences; definition articles (longer, more specific terms first);
exception articles; references (nearest first, other laws last); neighbours (nearest
first; on equal distance the earlier article); weak 本章/本节 references. So the first
dropped are the weak references, then the farthest neighbours, then nearer neighbours,
references, exceptions, definitions and the target's own sentences. The target is
never dropped or cut: when it alone passes the cap it is returned alone.
``truncated``/``dropped`` in the output tell how many entries the cap removed.

**Order.** The target; its own sentences in text order; then the related articles in
the law's order; articles of other laws last, grouped by law in the order first cited.

**Speed.** A law's definitions, citations and carve-outs are indexed once, on the
first request for it (:func:`.provision_index.provision_index`); later requests only
read that index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import InputError
from .law_library import LawLibrary, LawNotFoundError
from .law_models import Article, Law
from .provision_context_models import (
    MAX_NEIGHBOR_RANGE,
    ContextEntry,
    ContextRole,
    ProvisionContextInput,
    ProvisionContextOutput,
    parse_provision_context_input,
)
from .provision_index import LawProvisionIndex, provision_index
from .provision_relations import Sentence

__all__ = [
    "MAX_NEIGHBOR_RANGE",
    "WEAK_REFERENCE_LIMIT",
    "ContextEntry",
    "ContextRole",
    "ProvisionContextInput",
    "ProvisionContextOutput",
    "get_provision_context",
    "parse_provision_context_input",
]

#: How many articles of the target's chapter/section 本章/本节 adds (nearest first).
WEAK_REFERENCE_LIMIT = 5

# Internal relation kinds, most specific first; "weak" is a 本章/本节 reference.
_Kind = Literal["definition", "exception", "reference", "neighbor", "weak"]
_PRECEDENCE: dict[_Kind, int] = {
    "definition": 0,
    "exception": 1,
    "reference": 2,
    "neighbor": 3,
    "weak": 4,
}


@dataclass(slots=True)
class _Related:
    """A related article while the context is assembled."""

    law: Law
    position: int
    kind: _Kind
    #: How far from the target, in articles (other laws: after every same-law article).
    distance: int
    #: The length of the term it defines for the target (definitions rank by it).
    term_length: int = 0


def _target(library: LawLibrary, request: ProvisionContextInput) -> tuple[Law, Article]:
    """The law and article the request names, or a LawNotFoundError/InputError naming
    the input at fault."""
    try:
        law = library.law(request.law_id)
    except LawNotFoundError as exc:
        raise LawNotFoundError(f"law_id: {exc}") from None
    reference = request.article_id.strip()
    if "#" in reference and library.find_article(reference) is None:
        named = reference.rpartition("#")[0]
        if library.find_law(named) is not law:
            raise LawNotFoundError(
                f"article_id: {request.article_id!r} names the law {named!r}, "
                f"but law_id {request.law_id!r} is {law.law_id}"
            )
    try:
        found, article = library.article(reference, law)
    except LawNotFoundError as exc:
        raise LawNotFoundError(f"article_id: {exc}") from None
    except InputError as exc:
        raise InputError(f"article_id: {exc}") from None
    if found is not law:
        raise LawNotFoundError(
            f"article_id: {request.article_id!r} is an article of {found.law_id}, "
            f"not of law_id {request.law_id!r} ({law.law_id})"
        )
    return law, article


def _related(
    index: LawProvisionIndex, position: int, request: ProvisionContextInput
) -> list[_Related]:
    """Every article related to the target, each once with its most specific kind."""
    law = index.law
    found: dict[tuple[str, int], _Related] = {}

    def add(item: _Related) -> None:
        key = (item.law.law_id, item.position)
        known = found.get(key)
        if known is None or _PRECEDENCE[item.kind] < _PRECEDENCE[known.kind]:
            found[key] = item

    def near(other: int) -> int:
        return abs(other - position)

    if request.include_neighbors:
        low = max(0, position - request.neighbor_range)
        high = min(len(law.articles), position + request.neighbor_range + 1)
        for other in range(low, high):
            if other != position:
                add(_Related(law, other, "neighbor", near(other)))
    if request.include_references:
        links = index.links[position]
        for level in links.cited_levels:
            for other in index.group_members(position, level, WEAK_REFERENCE_LIMIT):
                add(_Related(law, other, "weak", near(other)))
        for rank, cited in enumerate(links.cited):
            same = cited.law is law
            distance = near(cited.position) if same else len(law.articles) + rank
            add(_Related(cited.law, cited.position, "reference", distance))
    if request.include_exceptions:
        for other in index.carve_outs(position):
            add(_Related(law, other, "exception", near(other)))
    if request.include_definitions:
        for other, term in index.definers(position):
            add(_Related(law, other, "definition", near(other), len(term)))
    return list(found.values())


def _own_sentences(
    index: LawProvisionIndex, position: int, request: ProvisionContextInput
) -> list[tuple[int, ContextRole, str]]:
    """The target's own definition and exception sentences as (offset, role, text),
    one per role and sentence; a sentence already shown inside a longer one of the
    same role (an item line under its colon sentence) or with the same text is left
    out."""
    links = index.links[position]
    sentences: list[tuple[ContextRole, Sentence]] = []
    if request.include_definitions:
        sentences.extend(("definition", d.sentence) for d in links.definitions)
    if request.include_exceptions:
        sentences.extend(("exception", e.sentence) for e in links.exceptions)
    sentences.sort(key=lambda pair: (pair[1].start, -pair[1].end))
    own: list[tuple[int, ContextRole, str]] = []
    shown: list[tuple[ContextRole, Sentence]] = []
    for role, sentence in sentences:
        if any(
            role == other_role
            and (other.text == sentence.text or other.start <= sentence.start < other.end)
            for other_role, other in shown
        ):
            continue
        shown.append((role, sentence))
        own.append((sentence.start, role, sentence.text))
    return own


def _entry(law: Law, article: Article, role: ContextRole, text: str, home: Law) -> ContextEntry:
    return ContextEntry(
        article_id=article.article_id,
        article_no=article.article_no,
        role=role,
        text=text,
        law_id=None if law is home else law.law_id,
    )


# (admission rank, output key, entry): entries are admitted in admission-rank order
# and shown in output-key order.
_Candidate = tuple[tuple[int, ...], tuple[int, ...], ContextEntry]


def _candidates(
    index: LawProvisionIndex, position: int, request: ProvisionContextInput
) -> list[_Candidate]:
    """Every entry besides the target, ranked for admission (the target's own
    sentences, definitions first; then related articles by kind, longer defined term,
    distance, position) and keyed for output (own sentences in text order, then the
    target's law in its order, then other laws in the order first cited)."""
    law = index.law
    article = law.articles[position]
    candidates: list[_Candidate] = []
    own = _own_sentences(index, position, request)
    own.sort(key=lambda sentence: (sentence[1] != "definition", sentence[0]))
    for rank, (start, role, text) in enumerate(own):
        output_key = (0, start, 0 if role == "definition" else 1)
        candidates.append(((0, rank), output_key, _entry(law, article, role, text, law)))
    related = _related(index, position, request)
    first_cited: dict[str, int] = {}
    for item in related:
        first = first_cited.get(item.law.law_id, item.distance)
        first_cited[item.law.law_id] = min(first, item.distance)
    for item in related:
        admission = (_PRECEDENCE[item.kind] + 1, -item.term_length, item.distance, item.position)
        law_rank = -1 if item.law is law else first_cited[item.law.law_id]
        shown: ContextRole = "reference" if item.kind == "weak" else item.kind
        cited = item.law.articles[item.position]
        entry = _entry(item.law, cited, shown, cited.text, law)
        candidates.append((admission, (1, law_rank, item.position), entry))
    return candidates


def _fit(candidates: list[_Candidate], budget: int) -> tuple[list[ContextEntry], int]:
    """The entries that fit in ``budget`` characters, admitted most important first
    (one that does not fit is dropped, and the next ones are still tried), in output
    order; and how many were dropped."""
    kept: list[tuple[tuple[int, ...], ContextEntry]] = []
    dropped = 0
    for _, output_key, entry in sorted(candidates, key=lambda candidate: candidate[0]):
        if len(entry.text) <= budget:
            kept.append((output_key, entry))
            budget -= len(entry.text)
        else:
            dropped += 1
    kept.sort(key=lambda pair: pair[0])
    return [entry for _, entry in kept], dropped


def get_provision_context(
    library: LawLibrary, request: ProvisionContextInput
) -> ProvisionContextOutput:
    """The context of the article ``request`` names (see the module docs for what is
    included, the drop order under ``max_length`` and the output order).

    :raises LawNotFoundError: when the law or the article is not in ``library`` (the
        message names the input, ``law_id`` or ``article_id``).
    :raises InputError: when ``article_id`` is neither an id nor an article number.
    """
    law, article = _target(library, request)
    index = provision_index(library, law)
    position = index.position(article)
    candidates = _candidates(index, position, request)
    entries, dropped = _fit(candidates, request.max_length - len(article.text))
    return ProvisionContextOutput(
        law_id=law.law_id,
        law_title=law.title,
        context=[_entry(law, article, "target", article.text, law), *entries],
        truncated=dropped > 0,
        dropped=dropped,
    )
