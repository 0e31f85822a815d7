"""The offline assessor: a domain's playbook applied to one checklist item.

:func:`assess_clause` takes the item's located passages (``ClauseLocation``, from the
``locate_clauses`` hook) and returns one :class:`~contract_review.review.findings.Finding`
per rule and passage that fires:

* a ``present`` or numeric rule is tried on each passage (scope ``clause``), or on every
  section of the primary document (scope ``document``; the finding names the section
  where the term is, and still answers the checklist item);
* an ``absent`` rule fires once when none of the item's passages has the term;
* ``unless_in_section`` is checked in each passage (a located clause or a section),
  ``unless_anywhere`` across the rule's scope; either excepts the hits of the party its
  sentence is about (every hit when that sentence names no party);
* a ``one_sided`` rule ignores a right denied ("may not terminate", 不得解除) and is
  dropped when its matches name two different parties (the right is mutual);
* a document-scope rule with ``detector_min`` also fires on a section where the term
  detector reads its term (:mod:`.detected_terms`), whatever the wording; with a party
  and a playbook that has a term reader (:mod:`.term_reader`), a document-scope rule
  also fires where the reader reads a term of its subject burdening our party;
* a rule with ``fact`` fires on a fact a skill read in the clause (``facts``) that
  breaks its limit, when its patterns find nothing there (:mod:`.fact_rules`); a
  numeric finding names the facts of its clause in its unit.

Each finding quotes the passage exactly (offsets into its document's source), says what
was found against our standard, and carries the rule's redline as a suggested change.
With a party, a term that burdens the other side is reported at low risk as one that
favours us; a term that burdens our side keeps its level.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..documents.case_folding import fold
from ..documents.definitions import definition_spans
from ..documents.model import Document, DocumentRole
from ..domain import ChecklistItem, RiskLevel
from ..review.clause_location import ClauseLocation
from ..review.diffs import suggested_change
from ..review.findings import Evidence, Finding
from ..review.redline_checks import redline_problem
from ..review.report_words import (
    clause_ref,
    full_stop,
    party_ref,
    report_language,
    rule_text,
    say,
)
from ..review.skill_facts import SkillFact
from ..text.sentences import sentence_spans
from .deal_price import DealPrice, deal_price
from .detected_terms import DetectedTerm, detected_term, read_sections, read_term
from .drafting_slots import (
    DraftingSlots,
    drafting_slots,
    other_party,
    party_phrase,
    positional_label,
)
from .fact_rules import breaching_facts, facts_note, quoted_in
from .finding_selection import one_per_category, unique_ids
from .party_sides import Burden, PartySide, PartyWords, burden_of, named_burden
from .pattern_words import may_match
from .playbook_models import Playbook
from .redlines import redlined_text, struck_sentences
from .rule_matching import (
    RuleHit,
    any_match,
    excused,
    find_hits,
    in_force,
    part_span,
    rule_pattern,
)
from .rule_models import UNIT_WORDS_ZH, PlaybookRule
from .side_labels import merged_sides, side_labels
from .term_reader import mark_parties, term_reader_of

__all__ = ["EXCERPT_CHARS", "assess_clause", "assess_document_rules"]

# Words just before a match that deny the right it names.
_DENIED = re.compile(
    r"(?:\b(?:may|shall|can|will|must)\s+not|\bcannot"
    r"|\bnot\s+(?:be\s+)?(?:entitled|permitted|allowed)\s+to"
    r"|\b(?:no|not\s+have\s+(?:a|any))\s+(?:\w+\s+){0,2}?right\s+to)\s+(?:\w+\s+){0,2}$"
    r"|(?:不得|无权|不能|不可)[^。，；]{0,12}$",
    re.IGNORECASE,
)

#: Characters of the matched sentence quoted in a finding's description.
EXCERPT_CHARS = 240


class _Passage(BaseModel):
    """A span of one document that a rule reads."""

    model_config = ConfigDict(frozen=True)

    document: str
    clause_id: str
    start: int
    text: str
    definition: bool = False  # one definition of a definitions section

    def evidence(self) -> Evidence:
        return Evidence(
            kind="clause",
            source=self.document,
            id=self.clause_id,
            text=self.text,
            start=self.start,
            end=self.start + len(self.text),
        )


class _Context:
    """What every rule of one call needs: the playbook, party and party words."""

    def __init__(
        self,
        playbook: Playbook,
        item: ChecklistItem,
        documents: Sequence[Document],
        party: PartySide | None,
        facts: Sequence[SkillFact] = (),
        language: str = "en",
    ) -> None:
        self.playbook = playbook
        self.language = report_language(language)
        self.facts = facts
        self.item = item
        self.documents = documents
        self.party = party
        self.words = PartyWords(documents, playbook.sides)
        self.by_name = {document.name: document for document in documents}
        self._sections: dict[bool, list[_Passage]] = {}
        self._slots: DraftingSlots | None = None
        self._price: DealPrice | None = None
        self._price_read = False
        self.reader = term_reader_of(playbook) if party is not None else None
        self._worded: dict[tuple[str, int], bool] = {}
        self._marked: dict[str, str] = {}

    def mark(self, text: str) -> str:
        """``text`` with its party words marked for the term reader (needs a party),
        marked once per text: every rule of the item reads the same sections."""
        assert self.party is not None
        if text not in self._marked:
            self._marked[text] = mark_parties(text, self.words, self.party)
        return self._marked[text]

    def worded(self, passage: _Passage) -> bool:
        """True when a present document rule of the playbook (any subject) that reads
        ``passage`` (a single definition only if it reads definitions) matches it by its
        patterns: the reader then adds nothing of its own there."""
        key = (passage.document, passage.start)
        if key not in self._worded:
            self._worded[key] = any(
                find_hits(rule, passage.text, price=self.price())
                for rule in self.playbook.rules
                if rule.when == "present"
                and rule.scope == "document"
                and (rule.reads_definitions or not passage.definition)
            )
        return self._worded[key]

    def price(self) -> DealPrice | None:
        """The price the primary document states (read once), for ``price_percent``."""
        if not self._price_read:
            primary = self.primary()
            self._price = deal_price(primary.source) if primary is not None else None
            self._price_read = True
        return self._price

    def slots(
        self, rule: PlaybookRule, subject: str | None, *, burdened: str | None = None
    ) -> DraftingSlots | None:
        """The drafting slots of the primary document, with the party ``rule``'s term
        burdens (``burdened`` where already known) and the other party (see
        :mod:`.drafting_slots`)."""
        primary = self.primary()
        if primary is None:
            return None
        if self._slots is None:
            self._slots = drafting_slots(primary)
        slots = self._slots
        parties = self.words.parties
        kind = rule.burdens[0] if rule.burdens else "either"
        if not burdened and subject is not None and kind == "named_party":
            burdened = subject
        elif not burdened and subject is not None and kind == "other_party":
            burdened = other_party(parties, subject)
        elif not burdened and kind not in ("either", "named_party", "other_party"):
            words = side_labels(kind, merged_sides(self.playbook.sides))[1:]
            burdened = next(
                (
                    label
                    for party in parties
                    for label in party.labels
                    if any(party.is_called(w) for w in words)
                ),
                next((w for w in words if w[:1].isupper() or not w.isascii()), ""),
            )
            if slots.chinese:
                burdened = next(
                    (
                        label
                        for party in parties
                        if party.is_called(burdened)
                        for label in party.labels
                        if not label.isascii()
                    ),
                    burdened if not burdened.isascii() else "",
                )
        if not burdened and slots.chinese and kind not in ("either", "named_party", "other_party"):
            burdened = positional_label(primary.source, kind)
        if not burdened:
            return slots
        other = other_party(parties, burdened)
        return slots.for_parties(
            party_phrase(burdened, chinese=slots.chinese),
            party_phrase(other, chinese=slots.chinese),
        )

    def subject(self, rule: PlaybookRule, passage: _Passage, hit: RuleHit) -> str | None:
        """The party the hit is about, read in its document (so a sentence that names
        no party can look at the sentences before the passage)."""
        document = self.by_name.get(passage.document)
        if document is None:
            return self.words.subject(passage.text, hit, rule.party_verbs)
        shift = passage.start
        placed = hit.model_copy(
            update={
                "start": hit.start + shift,
                "end": hit.end + shift,
                "sentence_start": hit.sentence_start + shift,
                "sentence_end": hit.sentence_end + shift,
            }
        )
        return self.words.subject(document.source, placed, rule.party_verbs)

    def sections(self, *, definitions: bool = False) -> list[_Passage]:
        """The primary document's sections as passages (:func:`_sections`), built once
        per call of the assessor, not once per document rule."""
        primary = self.primary()
        if primary is None:
            return []
        if definitions not in self._sections:
            self._sections[definitions] = _sections(primary, definitions=definitions)
        return self._sections[definitions]

    def primary(self) -> Document | None:
        primary = DocumentRole.PRIMARY.value
        return next((d for d in self.documents if d.role == primary), None) or next(
            iter(self.documents), None
        )


def assess_clause(
    playbook: Playbook,
    item: ChecklistItem,
    locations: Sequence[ClauseLocation],
    documents: Sequence[Document],
    *,
    party: PartySide | None = None,
    facts: Sequence[SkillFact] = (),
    language: str = "en",
) -> list[Finding]:
    """The findings of ``playbook``'s rules for ``item`` on its located passages.

    :param locations: Where the item is (best first); ``[]`` gives no findings — the
        engine reports the item as missing.
    :param documents: The documents under review; locations name them by ``name``.
    :param party: The side we act for (:func:`~.party_sides.resolve_party`); None ranks
        every one-sided term at its rule's level.
    :param facts: What the item's skills read (tested by rules with ``fact``).
    :param language: The report's language ('en', 'zh'): what the findings say is
        written in it (a rule's ``*_zh`` texts for Chinese); the redlines follow the
        clause's own language whatever it is.
    """
    by_name = {document.name: document for document in documents}
    passages = [
        _Passage(
            document=loc.document, clause_id=loc.clause_id, start=loc.start, text=loc.text(doc)
        )
        for loc in locations
        if (doc := by_name.get(loc.document)) is not None
    ]
    if not passages:
        return []
    ctx = _Context(playbook, item, documents, party, facts, language)
    findings: list[Finding] = []
    for rule in playbook.rules_for(item.clause_id):
        if rule.when == "absent":
            findings.extend(_absent(ctx, rule, passages))
        elif rule.scope == "document":
            findings.extend(_document_rule(ctx, rule) + _document_detected(ctx, rule))
        else:
            findings.extend(_present(ctx, rule, passages) or _by_fact(ctx, rule, passages))
    return unique_ids(one_per_category(findings, playbook))


def assess_document_rules(
    playbook: Playbook,
    item: ChecklistItem,
    documents: Sequence[Document],
    *,
    party: PartySide | None = None,
    language: str = "en",
) -> list[Finding]:
    """The findings of ``item``'s document-scope rules alone (present and numeric).

    For an item the locator did not find: a one-sided term can sit anywhere (a
    penalty in the delivery clause, an uncapped liability in the indemnity), so these
    rules need no location. :func:`assess_clause` runs them too when the item is
    located; call one or the other for an item, not both.
    """
    ctx = _Context(playbook, item, documents, party, language=language)
    rules = [
        rule
        for rule in playbook.rules_for(item.clause_id)
        if rule.scope == "document" and rule.when == "present"
    ]
    findings = [
        finding
        for rule in rules
        for finding in _document_rule(ctx, rule) + _document_detected(ctx, rule)
    ]
    return unique_ids(one_per_category(findings, playbook))


def _document_rule(ctx: _Context, rule: PlaybookRule) -> list[Finding]:
    """A present/numeric rule tried on every section of the primary document."""
    primary = ctx.primary()
    if primary is None:
        return []
    whole = _Passage(document=primary.name, clause_id="", start=0, text=primary.source)
    anywhere = _exceptions(ctx, rule, rule.unless_anywhere, whole)
    if any(party is None for party in anywhere):
        return []
    return _present(ctx, rule, _read_by(rule, ctx.sections()), anywhere)


def _read_by(rule: PlaybookRule, passages: list[_Passage]) -> list[_Passage]:
    """``passages`` without the single definitions, unless ``rule`` reads them."""
    return passages if rule.reads_definitions else [p for p in passages if not p.definition]


def _document_detected(ctx: _Context, rule: PlaybookRule) -> list[Finding]:
    """The findings of a document rule with ``detector_min`` where the term detector
    reads its term in a section of the primary document (definitions included), and
    where the playbook's term reader reads its subject's term burdening our party."""
    if not rule.category:
        return []
    findings: list[Finding] = []
    if rule.detector_min is not None:
        passages = ctx.sections(definitions=True)
        read_sections([passage.text for passage in passages])
        findings += [
            finding
            for passage in passages
            if (finding := _detected(ctx, rule, passage)) is not None
        ]
    if ctx.reader is not None and ctx.party is not None:
        # the reader reads each definition on its own for every subject: it learnt
        # definitions one by one, the terms hidden in them among the rest
        findings += [
            finding
            for passage in ctx.sections()
            if (finding := _read(ctx, rule, passage)) is not None
        ]
    return findings


def _read(ctx: _Context, rule: PlaybookRule, passage: _Passage) -> Finding | None:
    """The rule's finding where the playbook's term reader reads its subject's term
    burdening our party in ``passage``, and no present rule of the playbook (any
    subject) read the section by its wording. The rule's exceptions apply as the
    reader's (see :func:`_with_detected`)."""
    assert ctx.reader is not None and ctx.party is not None
    detected = read_term(
        rule,
        passage.text,
        mark=ctx.mark,
        reader=ctx.reader,
        playbook=ctx.playbook,
        party=ctx.party,
        price=ctx.price(),
    )
    if detected is None or ctx.worded(passage):
        return None
    return _with_detected(ctx, rule, passage, detected, "read_by_reader", by_term_reader=True)


def _detected(ctx: _Context, rule: PlaybookRule, passage: _Passage) -> Finding | None:
    """The rule's finding where the term detector reads its term in ``passage`` and no
    rule of its category read the clause by its wording (such a rule has judged it, with
    its reading of the parties). The rule's exceptions still apply to the part of a
    sentence the detector quotes (``unless``, ``unless_in_section``, a right denied or
    held by both parties); its cue words, ``requires`` and topic gate do not: the
    detector read the clause as a whole."""
    detected = detected_term(rule, passage.text)
    if detected is None or _read_by_wording(ctx, rule, passage):
        return None
    return _with_detected(ctx, rule, passage, detected, "read_by_detector")


def _with_detected(
    ctx: _Context,
    rule: PlaybookRule,
    passage: _Passage,
    detected: DetectedTerm,
    reader: str,
    *,
    by_term_reader: bool = False,
) -> Finding | None:
    # ``reader``: the phrase (report_words.PHRASES) naming the model that read the term
    """The rule's finding on what a model read in ``passage``, unless the rule's
    exceptions set its hits aside: ``unless_in_section``, a right both parties hold,
    the sentence's ``unless`` and a right denied ("may not terminate"). For the term
    reader (``by_term_reader``), which has read the clause as burdening our party, a
    right denied is no exception ("the Investor shall not be entitled to any other
    information" is the term), and a numeric rule's ``unless``, written to pick its
    number out among others, picks among the numbers the reader found but does not set
    them all aside (it keeps the first: a cap that also takes in the Tax claims is still
    a cap); a present rule's ``unless`` still marks the fair version of its term ("at
    fair market value as determined by an independent valuer")."""
    exceptions = _exceptions(ctx, rule, rule.unless_in_section, passage)
    read_denied = not by_term_reader and rule.one_sided
    hits = [
        hit
        for hit in detected.hits
        if not (exceptions and _excepted(ctx, rule, passage, hit, exceptions))
        and not (read_denied and _denied(passage.text, hit))
    ]
    plain = [hit for hit in hits if not excused(rule, passage.text, hit)]
    # the reader's numbers: those the unless leaves, else the first (a cap that takes in
    # the Tax claims is still the cap; the tax period written after the general one is
    # left alone)
    hits = (plain or hits[:1]) if by_term_reader and rule.is_numeric else plain
    if not hits or (rule.one_sided and _mutual(ctx, rule, _ungated(rule, [(passage, hits)]))):
        return None
    # the reader quotes the part it reads most as one-sided, which in a clause that binds
    # one side and frees the other ("the Investor shall not compete …; nothing restricts
    # the Sponsor") may be the free side's: whom the term binds is read in the whole
    # clause by the rule's counter verbs, else its party verbs, where they say it
    acting = counter = None
    if by_term_reader and rule.burdens[0] in ("named_party", "other_party"):
        # the part quoted says it first where a verb there names the party ("受让方可豁免
        # 任何一项；但第（5）项条件，转让方有权单方豁免" — the proviso is the term)
        quoted = passage.text[hits[0].start : hits[0].end]
        counter = ctx.words.acting(quoted, rule.counter_verbs) or ctx.words.acting(
            passage.text, rule.counter_verbs
        )
        if counter is None:
            acting = ctx.words.acting(quoted, rule.party_verbs) or ctx.words.acting(
                passage.text, rule.party_verbs
            )
        if counter is None and acting is None and ctx.party is not None:
            # no verb says who acts ("the holders of a majority of the Series A Shares
            # may require all other Shareholders to transfer"): the reader, sure the
            # clause burdens our party, is taken at its word
            ours = _our_word(ctx, passage.text)
            if rule.burdens[0] == "other_party":
                counter = ours
            else:
                acting = ours
    finding = _finding(
        ctx, rule, passage, hits, subject=acting, counter=counter, by_term_reader=by_term_reader
    )
    note = say(reader, ctx.language, sure=f"{detected.probability:.0%}")
    return finding.model_copy(update={"description": finding.description + note})


def _our_word(ctx: _Context, text: str) -> str:
    """The word the clause (else the contract) uses for the party we act for."""
    assert ctx.party is not None
    labels = [label for label in ctx.party.labels if label != ctx.party.side.replace("_", " ")]
    for label in labels:
        if label in text:
            return label
    return ctx.party.name or (labels[0] if labels else ctx.party.side)


def _read_by_wording(ctx: _Context, rule: PlaybookRule, passage: _Passage) -> bool:
    """True when a present rule of ``rule``'s category (any checklist item's) matches
    ``passage`` by its patterns and sentence guards (``requires``, ``unless``, topic),
    whether or not a section exception or the other party's equal right then set the
    match aside."""
    return any(
        find_hits(other, passage.text, price=ctx.price())
        for other in ctx.playbook.rules
        if other.category == rule.category and other.when == "present"
    )


def _sections(document: Document, *, definitions: bool = False) -> list[_Passage]:
    """Every section's own text (heading and sub-clauses apart), as passages. A
    definitions section is read whole where ``definitions`` (the term detector reads it
    so: "'Certified Volume' means the volume as measured by the Forest Manager, whose
    figure is final and conclusive"), else one passage per definition under the
    section's id, for the rules that read definitions (``reads_definitions``): a drafter
    hides a term in one definition ("'Disclosed' means … all information in the Data
    Room, whether or not fairly disclosed"), and the rest of a long list of definitions
    would drown it."""
    passages: list[_Passage] = []
    for section in document.sections():
        if not section.text.strip():
            continue
        text = document.source[section.text_start : section.text_end]
        split = section.is_definitions and not definitions
        # a definitions section without a definition found has nothing to read as a term
        for start, end in definition_spans(text) if split else [(0, len(text))]:
            passages.append(
                _Passage(
                    document=document.name,
                    clause_id=section.id,
                    start=section.text_start + start,
                    text=text[start:end],
                    definition=split,
                )
            )
    return passages


def _present(
    ctx: _Context,
    rule: PlaybookRule,
    passages: list[_Passage],
    anywhere: Sequence[str | None] = (),
) -> list[Finding]:
    fired: list[tuple[_Passage, list[RuleHit]]] = []
    for passage in passages:
        exceptions = list(anywhere) + _exceptions(ctx, rule, rule.unless_in_section, passage)
        if rule.scope == "clause":
            exceptions += _exceptions(ctx, rule, rule.unless_anywhere, passage)
        if any(party is None for party in exceptions):
            continue
        hits = find_hits(rule, passage.text, price=ctx.price())
        if rule.one_sided:  # a right denied ("may not terminate") is not the term
            hits = [hit for hit in hits if not _denied(passage.text, hit)]
        if exceptions:
            hits = [hit for hit in hits if not _excepted(ctx, rule, passage, hit, exceptions)]
        if hits:
            fired.append((passage, hits))
    if rule.one_sided and fired and _mutual(ctx, rule, _ungated(rule, fired)):
        return []
    return [
        _finding(ctx, rule, passage, hits, counter=_counter(ctx, rule, passage, hits[0]))
        for passage, hits in fired
    ]


def _counter(ctx: _Context, rule: PlaybookRule, passage: _Passage, hit: RuleHit) -> str | None:
    """The party the rule's ``counter_verbs`` name in the hit's sentence (the party a
    drag-along makes sell: "they may require all other shareholders, including the
    Investor, to transfer their shares"), read before its ``party_verbs`` as for the
    term reader; None where the rule has none, they name no party, or the pattern names
    the party itself (its ``party`` group)."""
    if not rule.counter_verbs or rule.burdens[0] not in ("named_party", "other_party") or hit.party:
        return None
    return ctx.words.acting(passage.text[hit.sentence_start : hit.sentence_end], rule.counter_verbs)


def _exceptions(
    ctx: _Context, rule: PlaybookRule, patterns: Sequence[str], passage: _Passage
) -> list[str | None]:
    """Whose each exception in ``passage`` is (``unless_in_section`` or ``unless_anywhere``
    matches): the party key of the party the part of its sentence (between semicolons) is
    about, or None when that part names no party (then it excepts every hit)."""
    if not patterns:
        return []
    text = in_force(passage.text)
    folded = fold(text)
    sentences = sentence_spans(text)
    parties: list[str | None] = []
    for pattern in patterns:
        if not may_match(pattern, folded):
            continue
        for match in rule_pattern(pattern).finditer(text):
            start, end = next(((a, b) for a, b in sentences if match.start() < b), (0, len(text)))
            start, end = part_span(text, (start, end), match.start(), match.end())
            if not ctx.words.named(text[start:end]):
                return [None]
            placed = RuleHit(
                start=match.start(),
                end=match.end(),
                matched=match.group(),
                sentence_start=min(start, match.start()),
                sentence_end=end,
            )
            subject = ctx.subject(rule, passage, placed)
            if subject is None:
                return [None]
            parties.append(ctx.words.party_key(subject))
    return parties


def _excepted(
    ctx: _Context,
    rule: PlaybookRule,
    passage: _Passage,
    hit: RuleHit,
    exceptions: Sequence[str | None],
) -> bool:
    """True when one of ``exceptions`` is about the hit's party (or the hit names none):
    in "（一）甲方逾期交货的…总额不超过5%。（二）乙方逾期付款的，每日千分之五" the cap is
    甲方's, not 乙方's."""
    subject = ctx.subject(rule, passage, hit)
    return subject is None or ctx.words.party_key(subject) in exceptions


def _ungated(
    rule: PlaybookRule, fired: list[tuple[_Passage, list[RuleHit]]]
) -> list[tuple[_Passage, list[RuleHit]]]:
    """The hits of a rule read by meaning in the passages where it fired, without its
    topic gate: whether the other party has the same right does not depend on how the
    classifier reads that party's sentence."""
    if not rule.topic:
        return fired
    plain = rule.model_copy(update={"topic": ()})
    return [(passage, find_hits(plain, passage.text)) for passage, _ in fired]


def _denied(text: str, hit: RuleHit) -> bool:
    """True when the words just before the hit deny the right it names."""
    return _DENIED.search(text[max(0, hit.start - 40) : hit.start]) is not None


def _mutual(ctx: _Context, rule: PlaybookRule, fired: list[tuple[_Passage, list[RuleHit]]]) -> bool:
    """True when the hits name two different parties: each side has the right. A right
    denied ("the Customer may not terminate", 乙方不得解除) is no right of that party."""
    parties = {
        ctx.words.party_key(subject)
        for passage, hits in fired
        for hit in hits
        if not _denied(passage.text, hit)
        and (subject := ctx.subject(rule, passage, hit)) is not None
    }
    return len(parties) > 1


def _absent(ctx: _Context, rule: PlaybookRule, passages: list[_Passage]) -> list[Finding]:
    texts = [in_force(p.text) for p in passages]
    if rule.scope == "document" and (primary := ctx.primary()) is not None:
        texts.append(in_force(primary.source))
    if any(any_match(rule.patterns, text) for text in texts):
        return []
    first = passages[0]
    ids = list(dict.fromkeys(p.clause_id for p in passages))
    description = say(
        "nothing_provides",
        ctx.language,
        description=_described(ctx, rule),
        clauses=clause_ref(ids, ctx.language),
    )
    return [
        _build(
            ctx,
            rule,
            first,
            description=description,
            evidence=[p.evidence() for p in passages],
            after=redlined_text(rule, first.text, (), slots=ctx.slots(rule, None)),
            burden=burden_of(rule, None, ctx.party, ctx.playbook.sides),
        )
    ]


def _by_fact(ctx: _Context, rule: PlaybookRule, passages: list[_Passage]) -> list[Finding]:
    """The finding of a rule with ``fact`` on a fact of the clause that breaks its
    limit (its patterns found nothing), quoting the passage that holds the words the
    skill read; a fact read in another clause is judged there, not here."""
    if rule.fact is None:
        return []
    texts = [passage.text for passage in passages]
    sources = [document.source for document in ctx.documents]
    for fact in breaching_facts(rule, ctx.facts):
        index = quoted_in(fact, texts, sources)
        if index is None:
            continue
        passage = passages[index]
        description = say(
            "skill_read",
            ctx.language,
            description=_described(ctx, rule),
            clause=_clause(passage.clause_id, ctx.language),
            skill=fact.skill_id,
            words=fact.words,
            standard=rule.fact.standard_words(ctx.language),
        )
        return [
            _build(
                ctx,
                rule,
                passage,
                description=description,
                evidence=[passage.evidence()],
                after=None,
                burden=burden_of(rule, None, ctx.party, ctx.playbook.sides),
            )
        ]
    return []


def _described(ctx: _Context, rule: PlaybookRule) -> str:
    """The rule's description in the report language, as a sentence."""
    return full_stop(rule_text(rule, "description", ctx.language), ctx.language)


def _clause(clause_id: str, language: str) -> str:
    """A clause id inside a frame that names the clause itself ("Clause 4.1 says …"
    in English, 第十二条 / 第4.1条 in Chinese)."""
    return clause_ref(clause_id, language) if language == "zh" else clause_id


def _finding(
    ctx: _Context,
    rule: PlaybookRule,
    passage: _Passage,
    hits: list[RuleHit],
    *,
    subject: str | None = None,
    counter: str | None = None,
    by_term_reader: bool = False,
) -> Finding:
    """The rule's finding on ``hits`` in ``passage``; ``subject`` is the party the term
    is about where already read, else it is read at the first hit; ``counter`` is the
    party on the other side from the subject, read by the rule's ``counter_verbs``
    (the party a named_party term favours, the party an other_party term binds), which
    then decides whom the term burdens. The term reader (``by_term_reader``) has read
    the clause as burdening our party, so who controls the board does not turn its
    reading of a minority protection round (a quorum that needs the minority's director
    even at an adjourned meeting burdens the majority)."""
    hit = hits[0]
    language = ctx.language
    subject = None if counter is not None else subject or ctx.subject(rule, passage, hit)
    clause = _clause(passage.clause_id, language)
    if hit.value is not None:
        value = hit.value
        shown = _value_words(value.value, rule, language)
        found = f"“{value.text}”"
        if value.text.strip() != shown:
            found += f"（{shown}）" if language == "zh" else f" ({shown})"
        description = say(
            "clause_says",
            language,
            description=_described(ctx, rule),
            clause=clause,
            found=found,
            standard=rule.standard_words(language),
        ) + facts_note(rule, ctx.facts, value.value, language)
    else:
        sentence = " ".join(hit.sentence(passage.text).split())
        if len(sentence) > EXCERPT_CHARS:
            sentence = sentence[: EXCERPT_CHARS - 1].rstrip() + "…"
        description = say(
            "clause_quote",
            language,
            description=_described(ctx, rule),
            clause=clause,
            sentence=sentence,
        )
    if len(hits) > 1:
        description += say("places", language, count=len(hits))
    burdened: str | None = None
    if counter is not None:
        binds = rule.burdens == ("other_party",)
        description += say(
            "it_binds" if binds else "it_favours", language, party=party_ref(counter, language)
        )
        burdened = counter if binds else other_party(ctx.words.parties, counter)
        burden = (
            "unknown" if ctx.party is None else named_burden(ctx.party, counter, burdened=binds)
        )
    else:
        if subject is not None and rule.burdens == ("named_party",):
            description += say("it_burdens", language, party=party_ref(subject, language))
        elif subject is not None and rule.burdens == ("other_party",):
            description += say("favours_over_other", language, party=party_ref(subject, language))
        party = ctx.party
        if by_term_reader and party is not None:
            party = party.model_copy(update={"controls_board": None})
        burden = burden_of(rule, subject, party, ctx.playbook.sides)
    return _build(
        ctx,
        rule,
        passage,
        description=description,
        evidence=[passage.evidence()],
        after=redlined_text(
            rule, passage.text, hits, slots=ctx.slots(rule, subject, burdened=burdened)
        ),
        burden=burden,
    )


def _value_words(value: float, rule: PlaybookRule, language: str = "en") -> str:
    """``value`` in the rule's unit: '84 day(s)', '15%', '0.52% of the price', '90'
    (84日, 价款的0.52% in a Chinese report)."""
    if rule.unit == "percent":
        return f"{value:g}%"
    if rule.unit == "price_percent":
        if language == "zh":
            return f"价款的{round(value, 2):g}%"
        return f"{round(value, 2):g}% of the price"
    if language == "zh":
        return f"{value:g}{UNIT_WORDS_ZH.get(rule.unit or '', '')}"
    return f"{value:g} {rule.unit}(s)" if rule.unit else f"{value:g}"


def _build(
    ctx: _Context,
    rule: PlaybookRule,
    passage: _Passage,
    *,
    description: str,
    evidence: list[Evidence],
    after: str | None,
    burden: Burden,
) -> Finding:
    level = rule.risk_level
    language = ctx.language
    favours_us = False
    if burden == "theirs" and ctx.party is not None:
        level, favours_us = RiskLevel.LOW, True
        description += say(
            "burdens_other_side", language, party=party_ref(ctx.party.display, language)
        )
    elif burden == "ours" and ctx.party is not None:
        description += say(
            "burdens_your_side", language, party=party_ref(ctx.party.display, language)
        )
    position = rule_text(rule, "standard_position", language)
    # The articles a rule cites (law_refs) are not written here: the review quotes them
    # as law evidence, and only where PRC law governs (review.law_evidence).
    change, in_words = None, ""
    problem = _redline_problem(rule, passage.text, after, ctx.price(), language)
    if problem == say(_STILL_THERE, language) and after is not None:
        # the new text still carries the term in another sentence: strike that one too
        again = struck_sentences(after, find_hits(rule, after, price=ctx.price()))
        if again is not None and _redline_problem(rule, passage.text, again, ctx.price()) is None:
            after, problem = again, None
    if favours_us:
        # we do not propose to give away a term in our favour
        in_words = say("no_change_favours_you", language)
    elif after is not None and problem is None:
        change = suggested_change(passage.text, after, label=f"clause {passage.clause_id}")
    else:
        in_words = rule_text(rule, "suggested_redline", language) or position
        if problem is not None:
            in_words = say("no_redline", language, words=in_words, problem=problem).strip()
    return Finding(
        finding_id=f"{rule.rule_id}@{passage.clause_id}",
        clause_id=passage.clause_id,
        checklist_item_id=ctx.item.clause_id,
        title=rule_text(rule, "description", language).rstrip(" .。"),
        risk_level=level,
        description=description,
        rationale=rule_text(rule, "rationale", language),
        standard_position=position,
        evidence=evidence,
        suggested_change=change,
        change_in_words=in_words,
    )


_STILL_THERE = "problem_still_there"


def _redline_problem(
    rule: PlaybookRule,
    before: str,
    after: str | None,
    price: DealPrice | None = None,
    language: str = "en",
) -> str | None:
    """Why the redline ``before → after`` cannot be shown (None when it can): it fails
    :func:`~contract_review.review.redline_checks.redline_problem`, or the rule would
    still find its term in it (the words that triggered the finding must be gone
    wherever the clause holds them; an added sentence is checked by the first test
    alone)."""
    if after is None:
        return None
    problem = redline_problem(before, after, language)
    if problem is not None:
        return problem
    appended = after.startswith(before.rstrip())
    if (
        rule.when == "present"
        and not appended
        and rule.patterns
        and find_hits(rule, after, price=price)
    ):
        return say(_STILL_THERE, language)
    return None
