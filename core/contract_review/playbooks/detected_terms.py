"""Where a rule's one-sided term is read by the term detector instead of its patterns.

A rule with ``detector_min`` fires on a section whose most likely reading by the term
detector (:mod:`contract_review.playbooks.term_detector`) is the rule's category with at
least that probability. The finding quotes the part of a sentence (between semicolons
and provisos) the detector reads most as the term. A numeric rule keeps its limit: it
fires only where a number of the section breaks the limit (read by its cue words, or by
any word where they are not there), and that reading is the hit (so the finding states
the number and the redline sets it to the limit).

A playbook with a term reader (:mod:`.term_reader`) has its rules fire, the same way,
where the reader reads a section as holding a term that burdens the party we act for,
on the rule's subject (:func:`read_term`): one rule per section, the first of the
playbook's rules of the most likely subject that can burden our party and finds its term
there (a numeric rule, a number past its limit; another, a part its ``unless`` does not
excuse), else of the next likely subject (the
reader knows the term burdens us; "the cap" may be the buyer's too-low cap or the
seller's too-high one, and only one of them can burden the party we act for). Where the
most likely subject is one its rules read by numbers (a cap, a claim period), the next
ones are answered only by numeric rules: a fair 10% cap read for the seller is no
"liability stated to be unlimited". A less likely subject answers only when the reader
gives it at least :data:`MIN_LOWER_SUBJECT`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..text.sentences import sentence_spans
from .deal_price import DealPrice
from .party_sides import PartySide, burden_of
from .playbook_models import Playbook
from .rule_matching import (
    PROVISO_TEXT,
    RuleHit,
    any_match,
    excused,
    find_hits,
    in_force,
    rule_pattern,
    sentence_parts,
)
from .rule_models import Comparison, PlaybookRule
from .term_detector import TermDetector, term_detector
from .term_reader import TermReader

__all__ = ["DetectedTerm", "detected_term", "read_sections", "read_term"]

#: A subject other than the reader's likeliest answers for a section only when the reader
#: gives it at least this probability. On the 47th and 48th M&A sets, which the reader
#: was not fitted on, 0.2 took the balanced clauses flagged from 6 to 2 and no term
#: (half the likeliest subject's probability instead: 6 to 4).
MIN_LOWER_SUBJECT = 0.2

#: Every word (a run of Chinese characters counts as one): where a numeric rule reads its
#: sentence's numbers from when its cue words are not there.
_ANY_WORD = r"\w+"


@dataclass(frozen=True)
class DetectedTerm:
    """The term the detector read in a section: the hits to report and its probability."""

    hits: list[RuleHit]
    probability: float


def detected_term(
    rule: PlaybookRule, text: str, detector: TermDetector | None = None
) -> DetectedTerm | None:
    """The rule's term as the detector reads it in ``text`` (a section's own text), or
    None: the rule does not opt in, the detector reads another term (or a balanced
    clause, or none) or is less sure than ``rule.detector_min``, or a numeric rule reads
    no number that breaks its limit."""
    if rule.detector_min is None or not rule.category or not text.strip():
        return None
    detector = detector or term_detector()
    reading = detector.term_of(text)
    if reading is None or reading[0] != rule.category or reading[1] < rule.detector_min:
        return None
    if rule.is_numeric:
        numbers = _numbers(rule, text)
        return DetectedTerm(numbers, reading[1]) if numbers else None
    part = _best_part(rule.category, text, detector)
    return None if part is None else DetectedTerm([part], reading[1])


def read_term(
    rule: PlaybookRule,
    text: str,
    *,
    mark: Callable[[str], str],
    reader: TermReader,
    playbook: Playbook,
    party: PartySide,
    price: DealPrice | None = None,
) -> DetectedTerm | None:
    """``rule``'s term as the playbook's reader reads it in a section's ``text``
    (``mark`` marks a text's party words, see :func:`~.term_reader.mark_parties`), or
    None: the reader is not sure enough that the section holds a term burdening
    ``party``, reads another subject, or another rule of the subject answers for it
    (see the module docstring). ``price`` is the contract's, so that a rule in
    ``price_percent`` reads an amount as its share of the price."""
    if not rule.category or rule.scope != "document" or rule.when != "present":
        return None
    reading = reader.read(mark(text))
    if reading is None or rule.category not in {category for category, _ in reading.subjects}:
        return None
    part = _one_sided_part(text, reader, mark)
    # the reader reads whom the clause burdens itself: who controls the board does not
    # turn a minority protection round for it (see clause_assessment._finding)
    reading_party = party.model_copy(update={"controls_board": None})
    numbers_only = fair_at_top = False
    for rank, (category, probability) in enumerate(reading.subjects):
        if rank > 0 and probability < MIN_LOWER_SUBJECT:
            break  # the reader hardly thinks the clause is about it
        subject_rules = [
            candidate
            for candidate in playbook.rules
            if candidate.category == category
            and candidate.scope == "document"
            and candidate.when == "present"
        ]
        if rank == 0 and subject_rules and all(r.is_numeric for r in subject_rules):
            # a subject read by numbers ("the cap") mirrors into one read by numbers too
            # ("the cap too high"): no rule that reads no number answers for it
            numbers_only = True
        for candidate in subject_rules:
            if burden_of(candidate, None, reading_party, playbook.sides) == "theirs" or (
                numbers_only and rank > 0 and not candidate.is_numeric
            ):
                continue
            if candidate.reader_needs and not any_match(candidate.reader_needs, text):
                # the clause lacks what the rule that would answer says of it: no rule of
                # this subject answers (a later one would describe it no better); a less
                # likely subject still may
                break
            if candidate.is_numeric:
                hits = _numbers(candidate, text, price, general_limit=True)
            elif part is not None and excused(candidate, text, _led(part, candidate)):
                # its unless marks the fair version: another rule of the subject may
                # answer, but the clause is the fair version of its likeliest subject,
                # so no less likely subject does
                hits = []
                fair_at_top = fair_at_top or rank == 0
            else:
                hits = [] if part is None else [part[0]]
            if hits:
                return DetectedTerm(hits, reading.one_sided) if candidate is rule else None
        if fair_at_top:
            return None
    return None


def _one_sided_part(
    text: str, reader: TermReader, mark: Callable[[str], str]
) -> tuple[RuleHit, int] | None:
    """The part of a sentence of ``text`` (between semicolons and provisos) the reader
    reads most as one-sided, as a hit whose exceptions are read in it and in the
    provisos that follow it ("…at the same price, provided that the price is not less
    than the Fair Value" is the fair version of the term), with where its sentence
    starts (see :func:`_led`)."""
    masked = in_force(text)
    placed = [
        (part, sentence[0])
        for sentence in sentence_spans(masked)
        for part in sentence_parts(masked, sentence)
    ]
    if not placed:
        return None
    spans = [part for part, _ in placed]
    best = reader.one_sided_part([mark(text[start:end]) for start, end in spans])
    start, end = spans[best]
    reach = end
    for next_start, next_end in spans[best + 1 :]:
        if not _PROVISO.match(masked, reach, next_start):
            break
        reach = next_end
    hit = RuleHit(
        start=start, end=end, matched=text[start:end], sentence_start=start, sentence_end=reach
    )
    return hit, placed[best][1]


def _led(part: tuple[RuleHit, int], rule: PlaybookRule) -> RuleHit:
    """``part`` with its sentence from where the sentence starts, for a rule whose term
    has no party to read ("the following actions need the approval of both the Operator
    and the Investor: … (c) incur indebtedness …": the lead-in is the fair version of a
    reserved matter); a rule that reads its party keeps to the part, so the other
    party's half of the sentence does not excuse the term."""
    hit, lead = part
    if rule.burdens[0] in ("named_party", "other_party"):
        return hit
    return hit.model_copy(update={"sentence_start": lead})


# What stands between a part and the proviso that qualifies it.
_PROVISO = re.compile(rf"[\s,;]*{PROVISO_TEXT}\s*$", re.IGNORECASE)


def read_sections(texts: Sequence[str], detector: TermDetector | None = None) -> None:
    """Have the detector read ``texts`` in one batch: it keeps each reading, so
    :func:`detected_term` on each of them then costs no scoring call of its own."""
    (detector or term_detector()).probabilities([text for text in texts if text.strip()])


# The comparison a number within a "too high" limit meets.
_WITHIN: dict[str, Comparison] = {"gt": "le", "ge": "lt"}


def _numbers(
    rule: PlaybookRule, text: str, price: DealPrice | None = None, *, general_limit: bool = False
) -> list[RuleHit]:
    """A numeric rule's numbers that break its limit: read by its cue words without their
    guards (topic, requires, unless), else by any word of the section ("the valuation
    must reach the Engineer within seven days" has no cue word of a claim notice; the
    detector has already read the section as the term) — unless every pattern names its
    number (``(?P<value>...)``: "below 70% of the Series A Price"), when no other
    percentage of the section (an option pool's 5%) is that number. An ``unless`` that
    excuses only its own phrase (``unless_scope: phrase``, a carve-out: "in the case of
    a Tax Claim, the seventh anniversary") still excuses its number. One hit per
    number. With ``general_limit`` (the term reader, which reads a clause's general
    term) a limit too high needs every number of the section past it."""
    guards: dict[str, object] = {"topic": (), "requires": ()}
    if rule.unless_scope != "phrase":
        guards["unless"] = ()
    plain = rule.model_copy(update=guards)
    hits = find_hits(plain, text, price=price)
    if not hits and not all("value" in rule_pattern(p).groupindex for p in rule.patterns):
        plain = plain.model_copy(update={"patterns": (_ANY_WORD,)})
        hits = find_hits(plain, text, price=price)
    if hits and general_limit and rule.comparison in _WITHIN:
        # (the term reader's) a limit too high is the section's general limit only when
        # no number of the section stays within it: "30% of the Consideration for the
        # Business Warranties …, and in any event the Consideration" caps general claims
        # at 30%; the whole price is another case's limit (read so by the rule's own
        # unless, which the numbers here are read without)
        within = plain.model_copy(update={"comparison": _WITHIN[rule.comparison]})
        if find_hits(within, text, price=price):
            return []
    seen: set[int] = set()
    unique: list[RuleHit] = []
    for hit in hits:
        number = hit.value.start if hit.value is not None else hit.start
        if number not in seen:
            seen.add(number)
            unique.append(hit)
    return unique


def _best_part(category: str, text: str, detector: TermDetector) -> RuleHit | None:
    """The part of a sentence of ``text`` (between semicolons and provisos) the detector
    reads most as ``category``, as a hit: the rule's exceptions are then read in that
    part, not in the other party's half of the sentence."""
    masked = in_force(text)
    spans = [
        part for sentence in sentence_spans(masked) for part in sentence_parts(masked, sentence)
    ]
    if not spans:
        return None
    scores = detector.probabilities([text[start:end] for start, end in spans])
    start, end = max(zip(spans, scores, strict=True), key=lambda pair: pair[1][category])[0]
    return RuleHit(
        start=start,
        end=end,
        matched=text[start:end],
        sentence_start=start,
        sentence_end=end,
    )
