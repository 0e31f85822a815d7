"""The side we act for (``--party``), and whom a term burdens.

:func:`resolve_party` reads what the user typed — a side id (``contractor``,
``buyer``...), a word for a side (``Employer``, ``承包人``, ``甲方``) or a party's name
as the contract writes it (``Meridian Build Co.``) — against the parties the contract
names (:func:`~.contract_parties.find_parties`), and returns a :class:`PartySide`: the
side and every word the documents use for that party.

:class:`PartyWords` finds which party a sentence is about (the subject of a right or
duty: "the Employer may terminate...", "甲方可以解除...") and :func:`burden_of` says
whether a rule's term burdens our side, the other side, or we cannot tell.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..documents.model import Document
from ..errors import InputError
from ..text.sentences import sentence_at
from .board_seats import controls_board
from .contract_parties import ContractParty, find_parties
from .playbook_models import SideSpec
from .rule_matching import RuleHit
from .rule_models import PlaybookRule
from .side_labels import (
    KNOWN_SIDES,
    POSITIONAL_SIDES,
    kindred,
    merged_sides,
    side_labels,
    side_of_label,
)

__all__ = [
    "KNOWN_SIDES",
    "Burden",
    "PartySide",
    "PartyWords",
    "burden_of",
    "named_burden",
    "resolve_party",
]

#: How far back (characters) a sentence that names no party looks for the party it is about.
SUBJECT_LOOKBACK = 600
#: How far (characters) either side of a hit its subject is looked for in its sentence.
SUBJECT_WINDOW = 2_000
# Sentences whose party words one PartyWords keeps (then it starts afresh).
_SENTENCES_KEPT = 64

#: Whom a fired rule's term burdens, seen from the party we act for.
Burden = Literal["ours", "theirs", "unknown"]

# What follows a party acting in a sentence: "(’s ...) shall / may / hereby ...", "有权".
_ACTS = re.compile(
    r"(?:['’]s\b[^.,;]{0,20}?)?\s*(?:,[^,]{0,30},\s*)?(?:shall|may|will|must|hereby|agrees?|"
    r"undertakes?|warrants?|covenants?|accepts?|assumes?|is\s+entitled|has\s+the\s+right|"
    r"reserves|can|bears?)\b"
    r"|\s*(?:应当|应|须|必须|可以|可|有权|同意|保证|承诺|将|不得|无权|负责|承担|享有)"
)


def _fold(text: str) -> str:
    return " ".join(text.casefold().removeprefix("the ").split())


def _loose(text: str) -> str:
    """A name without case, punctuation or white space, for comparing party names."""
    return re.sub(r"[\W_]+", "", text.casefold())


class PartySide(BaseModel):
    """The party we act for, as the documents name it."""

    model_config = ConfigDict(frozen=True)

    side: str = Field(description="The side id: 'contractor', 'buyer', 'party_a'...")
    name: str = Field(default="", description="The party's name in the contract, when found.")
    labels: tuple[str, ...] = Field(
        description="Every word the documents (and core's table) use for this party."
    )
    matched_by: Literal["side", "label", "name"] = Field(
        description="What the user's value matched: a side id or word, a label the "
        "contract defines, or a party's name."
    )
    controls_board: bool | None = Field(
        default=None,
        description="Whether this party appoints more directors than any other (None: "
        "the contract does not say). Decides whom a minority protection's weakening "
        "burdens (rules with ``protects_minority``).",
    )

    def is_called(self, word: str) -> bool:
        """True when ``word`` names this party (without case)."""
        return _fold(word) in {_fold(label) for label in self.labels}

    @property
    def display(self) -> str:
        """``'contractor (Meridian Build Co.)'``, for the report."""
        return f"{self.side} ({self.name})" if self.name else self.side


def _parties(documents: Sequence[Document]) -> list[ContractParty]:
    ordered = sorted(documents, key=lambda doc: doc.role != "primary")
    return [party for document in ordered for party in find_parties(document)]


def _best_side(labels: Iterable[str], sides: Sequence[SideSpec]) -> str | None:
    """The most telling side the labels name: a role (buyer) over a position (party_a)."""
    found = [side for side in (side_of_label(label, sides) for label in labels) if side]
    roles = [side for side in found if side not in POSITIONAL_SIDES]
    best = roles or found
    return best[0] if best else None


def resolve_party(
    value: str, documents: Sequence[Document], *, sides: Iterable[SideSpec] = ()
) -> PartySide:
    """The side ``value`` names in ``documents``.

    :param value: A side id, a word for a side (English or Chinese), a label the
        contract defines, or a party's name (or a distinctive part of it).
    :param sides: The playbook's sides (their extra words count too).
    :raises InputError: when ``value`` matches nothing, listing what it could match.
    """
    party = _resolved(value, documents, sides)
    seats = controls_board(
        (document.source for document in documents if document.role == "primary"),
        party.is_called,
    )
    return party.model_copy(update={"controls_board": seats}) if seats is not None else party


def _resolved(value: str, documents: Sequence[Document], sides: Iterable[SideSpec]) -> PartySide:
    """:func:`resolve_party` without reading the board seats."""
    known = merged_sides(sides)
    wanted = value.strip()
    if not wanted:
        raise InputError("--party is empty; give a side (e.g. contractor) or a party's name")
    parties = _parties(documents)
    side = side_of_label(wanted, known)
    labelled = next((p for p in parties if p.is_called(wanted)), None)
    if side is not None:
        party = labelled or _party_of_side(side, parties, known)
        return _party_side(side, party, known, "side")
    if labelled is not None:
        label_side = _best_side(labelled.labels, known) or _side_across(labelled, parties, known)
        return _party_side(label_side or _identifier(wanted), labelled, known, "label")
    named = _by_name(wanted, parties)
    if named is not None:
        label_side = _best_side(named.labels, known) or _side_across(named, parties, known)
        fallback = _identifier(named.labels[0]) if named.labels else "party"
        return _party_side(label_side or fallback, named, known, "name")
    raise InputError(_unknown_party_message(value, parties, known))


def _side_across(
    party: ContractParty, parties: Sequence[ContractParty], sides: Sequence[SideSpec]
) -> str | None:
    """The side of a party the contract calls by a word no table has, read across the
    table: where every other party is of one side (all 转让方 facing a 收购方), the
    opposite of that side. None when the others are of several sides or of none."""
    others = [p for p in parties if p is not party]
    found = {_best_side(p.labels, sides) for p in others}
    if len(found) != 1 or None in found:
        return None
    (other,) = found
    if other in POSITIONAL_SIDES:
        return None
    return next((s.opposite for s in sides if s.id == other and s.opposite), None)


def _party_of_side(
    side: str, parties: Sequence[ContractParty], sides: Sequence[SideSpec]
) -> ContractParty | None:
    """The party the contract calls by a word for ``side``; else the one party it calls
    by a word for a kindred side (a 'supplier' in a contract between Buyer and Seller)."""

    def sides_of(party: ContractParty) -> set[str]:
        return {s for s in (side_of_label(w, sides) for w in party.labels) if s}

    exact = next((p for p in parties if side in sides_of(p)), None)
    if exact is not None:
        return exact
    related = [p for p in parties if sides_of(p) & kindred(side)]
    if related:
        return related[0] if len(related) == 1 else None
    # Two parties, the other side's named and ours by a word no table has ("the Company"
    # facing "the Contractor"): ours is the one that is not the other side.
    opposite = {s.opposite for s in sides if s.id == side and s.opposite}
    across = frozenset().union(*(kindred(o) for o in opposite))
    others = [p for p in parties if not sides_of(p) & across]
    return others[0] if len(parties) == 2 and len(others) == 1 else None


def _by_name(wanted: str, parties: Sequence[ContractParty]) -> ContractParty | None:
    key = _loose(wanted)
    if len(key) < 3:
        return None
    matches = [p for p in parties if p.name and (key in _loose(p.name) or _loose(p.name) in key)]
    return matches[0] if len(matches) == 1 else None


def _identifier(label: str) -> str:
    ident = re.sub(r"[^a-z0-9]+", "_", label.casefold()).strip("_")
    return ident if ident and ident[0].isalpha() else f"party_{ident or 'x'}"


def _party_side(
    side: str,
    party: ContractParty | None,
    sides: Sequence[SideSpec],
    matched_by: Literal["side", "label", "name"],
) -> PartySide:
    words = list(side_labels(side, sides))
    name = ""
    if party is not None:
        name = party.name
        words.extend(party.labels)
        for label in party.labels:
            label_side = side_of_label(label, sides)
            if label_side is not None:
                words.extend(side_labels(label_side, sides)[1:])
        if name:
            words.append(name)
    return PartySide(
        side=side,
        name=name,
        labels=tuple(dict.fromkeys(w for w in words if w)),
        matched_by=matched_by,
    )


def _unknown_party_message(
    value: str, parties: Sequence[ContractParty], sides: Sequence[SideSpec]
) -> str:
    ids = ", ".join(side.id for side in sides)
    named = (
        "; ".join(f"{p.name or '(no name)'} ({', '.join(p.labels)})" for p in parties)
        or "none found in the documents"
    )
    return (
        f"--party {value!r} matches no side and no party of the contract. Give a side "
        f"({ids}), a word the contract uses for a party, or a party's name. "
        f"Parties the contract names: {named}."
    )


@lru_cache(maxsize=64)
def _words_pattern(ordered: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for party words (longest first), compiled once per set of words."""
    alternatives = [
        rf"(?<![A-Za-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w) for w in ordered
    ]
    return re.compile("|".join(alternatives)) if alternatives else None


class PartyWords:
    """The words for parties in a set of documents, to find whom a sentence is about."""

    def __init__(self, documents: Sequence[Document], sides: Iterable[SideSpec] = ()) -> None:
        self.sides = merged_sides(sides)
        self.parties = _parties(documents)
        words = {label for side in self.sides for label in side.labels}
        words |= {label for party in self.parties for label in party.labels}
        self._pattern = _words_pattern(tuple(sorted(words, key=len, reverse=True)))
        self._words_in: dict[
            tuple[str, int, int], tuple[list[int], list[int], list[re.Match[str]]]
        ] = {}

    def subject(self, text: str, hit: RuleHit, verbs: Sequence[str] = ()) -> str | None:
        """The party word the hit is about.

        The pattern's ``party`` group, if any. Else, in the hit's sentence: the first
        party word one of ``verbs`` follows (a rule's ``party_verbs``: "the Seller shall
        pay"), else the last party word before the match that a verb of obligation or
        right follows ("the Employer may", "甲方有权"), else the last one before the
        match, else the first one after it. A sentence that names no party ("违约金不设
        上限") is about the party the sentence before names (within
        :data:`SUBJECT_LOOKBACK` characters). None when no party is named. Of a sentence
        longer than :data:`SUBJECT_WINDOW` characters either side of the hit, only that
        much is read (so a sentence of thousands of hits is not read once per hit).
        """
        if hit.party:
            return hit.party
        if self._pattern is None:
            return None
        # a sentence longer than the window is read within it, around the hit
        first = max(hit.sentence_start, hit.start - SUBJECT_WINDOW)
        last = min(hit.sentence_end, hit.end + SUBJECT_WINDOW)
        starts, ends, in_sentence = self._sentence_words(text, hit.sentence_start, hit.sentence_end)
        found = in_sentence[bisect.bisect_left(starts, first) : bisect.bisect_right(ends, last)]
        lookback = max(0, hit.sentence_start - SUBJECT_LOOKBACK)
        earlier = list(self._pattern.finditer(text, lookback, hit.sentence_start))
        by_verb = self._followed_by(text, found, verbs, last)
        latest = (
            None if by_verb else self._followed_by(text, earlier[::-1], verbs, hit.sentence_start)
        )
        if latest is not None:  # the first such party of the nearest sentence that has one
            start = _sentence_start(text, latest.start())
            same = [m for m in earlier if m.start() >= start]
            by_verb = self._followed_by(text, same, verbs, hit.sentence_start)
        if by_verb is not None:
            return by_verb.group()
        if found:
            before = [m for m in found if m.start() < hit.start and not _is_object(text, m)]
            acting = [m for m in before if _acts(text, m, hit.end)]
            return (acting or before or [found[0]])[-1].group()
        if not earlier:
            return None
        # The last sentence before that names a party: its paying/acting party, else its first.
        start = _sentence_start(text, earlier[-1].start())
        same = [m for m in earlier if m.start() >= start]
        acting = [m for m in same if _acts(text, m, hit.sentence_start)]
        return (acting[-1] if acting else same[0]).group()

    def acting(self, text: str, verbs: Sequence[str]) -> str | None:
        """The first party word of ``text`` (not in object position) that one of
        ``verbs`` follows ("the Investor shall not ... carry on", 乙方不得转让), or None."""
        if self._pattern is None or not verbs:
            return None
        found = list(self._pattern.finditer(text))
        match = self._followed_by(text, found, verbs, len(text))
        return None if match is None else match.group()

    def _sentence_words(
        self, text: str, start: int, end: int
    ) -> tuple[list[int], list[int], list[re.Match[str]]]:
        """The party words of ``text[start:end]`` (where each starts and ends, and the
        matches), read once per sentence: every hit of a sentence looks them up."""
        key = (text, start, end)
        cached = self._words_in.get(key)
        if cached is None:
            assert self._pattern is not None
            matches = list(self._pattern.finditer(text, start, end))
            cached = ([m.start() for m in matches], [m.end() for m in matches], matches)
            if len(self._words_in) >= _SENTENCES_KEPT:
                self._words_in.clear()
            self._words_in[key] = cached
        return cached

    def _followed_by(
        self, text: str, found: Sequence[re.Match[str]], verbs: Sequence[str], limit: int
    ) -> re.Match[str] | None:
        """The first party word, not in object position, that one of ``verbs`` follows
        within a few words and before the next such party word: in "accepted by the
        Lessor, the Customer shall pay" the Customer pays; in "乙方因违约给甲方造成损失
        的，应赔偿" 乙方 does. A possessive counts ("referred to the Customer's Officer,
        who shall determine")."""
        assert self._pattern is not None
        for match in found:
            if _is_object(text, match) and not _POSSESSIVE.match(text, match.end()):
                continue
            end = min(match.end() + 40, limit)
            following = next(
                (
                    m
                    for m in self._pattern.finditer(text, match.end(), end)
                    if not _is_object(text, m)
                ),
                None,
            )
            after = text[match.end() : following.start() if following else end]
            if any(
                re.match(rf"(?:['’]s\b)?[^.;。；]{{0,25}}?(?:{verb})", after, re.I)
                for verb in verbs
            ):
                return match
        return None

    def replace(self, text: str, replacement: Callable[[re.Match[str]], str]) -> str:
        """``text`` with every party word replaced by ``replacement(match)``."""
        return text if self._pattern is None else self._pattern.sub(replacement, text)

    def named(self, text: str) -> set[str]:
        """The parties (:meth:`party_key`) that ``text`` names."""
        if self._pattern is None:
            return set()
        return {self.party_key(m.group()) for m in self._pattern.finditer(text)}

    def party_key(self, word: str) -> str:
        """Which party ``word`` stands for: a party the contract names, else a side."""
        for index, party in enumerate(self.parties):
            if party.is_called(word):
                return f"party:{index}"
        side = side_of_label(word, self.sides)
        return f"side:{side}" if side else f"word:{_fold(word)}"


# A party word in object position ("to the Buyer", "向乙方支付") is not the subject.
_OBJECT_BEFORE = re.compile(
    r"(?:\b(?:to|for|from|with|against|upon|on|of|by|towards)\s+(?:the\s+)?|[向给对与为被])$", re.I
)


_POSSESSIVE = re.compile(r"['’]s\b")


def _sentence_start(text: str, offset: int) -> int:
    """Where the sentence (or part, a semicolon or line break ending one) holding
    ``offset`` starts."""
    return sentence_at(text, offset, semicolons=True, line_breaks=True)[0]


def _is_object(text: str, match: re.Match[str]) -> bool:
    return _OBJECT_BEFORE.search(text[max(0, match.start() - 12) : match.start()]) is not None


def _acts(text: str, match: re.Match[str], limit: int) -> bool:
    """True when a verb of obligation or right follows the party word ``match``."""
    return _ACTS.match(text, match.end(), min(match.end() + 40, limit)) is not None


def burden_of(
    rule: PlaybookRule, subject: str | None, party: PartySide | None, sides: Sequence[SideSpec]
) -> Burden:
    """Whether the term ``rule`` found burdens ``party``'s side ("ours"), the other
    side ("theirs"), or we cannot tell ("unknown": no party, 'either', no subject)."""
    if party is None:
        return "unknown"
    if rule.protects_minority and party.controls_board is not None:
        # the contract says who controls the board: weakening a minority protection
        # burdens the side that does not
        return "theirs" if party.controls_board else "ours"
    if rule.burdens == ("either",):
        return "unknown"
    if rule.burdens[0] in ("named_party", "other_party"):
        if subject is None:
            return "unknown"
        return named_burden(party, subject, burdened=rule.burdens[0] == "named_party")
    known = merged_sides(sides)
    if any(_is_side(party, side, known) for side in rule.burdens):
        return "ours"
    opposites = {s.opposite for s in known if s.id in rule.burdens and s.opposite}
    if any(_is_side(party, side, known) for side in opposites):
        return "theirs"
    return "unknown"


def named_burden(party: PartySide, named: str, *, burdened: bool) -> Burden:
    """Whom a term burdens when the party it names is ``named`` and the term burdens
    (``burdened``) or favours that party: ours when it burdens us or favours another."""
    return "ours" if party.is_called(named) == burdened else "theirs"


def _is_side(party: PartySide, side: str, sides: Sequence[SideSpec]) -> bool:
    """True when ``party`` is ``side``: the same id, or the contract calls it by a word
    for that side (a party_a whose contract says 甲方（买方） is a buyer)."""
    return party.side == side or any(party.is_called(w) for w in side_labels(side, sides)[1:])
