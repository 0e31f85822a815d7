"""The disclosure letter read against the warranties: what it takes away from the buyer.

For a checklist item located at the agreement's warranties, every adverse specific
disclosure (:mod:`contract_review.documents.disclosure_letter`) made against one of its
warranty clauses becomes a finding at that clause: the disclosure passage is its
``reference`` evidence, and the remedy — a specific indemnity for the matter disclosed,
whatever the disclosure — is drafted as an added sentence. General disclosures (the
data room, public registers, due diligence reports) are one finding at the clause that
sets the disclosure standard (the first located clause naming the disclosure letter, in
the article of the warranties the letter names),
with a sentence that keeps them from qualifying the warranties.

A disclosure protects the warrantor: reviewed for the seller's side these are no
findings. The warrantor and beneficiary are named as the agreement names them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..documents.disclosure_letter import Disclosure, read_disclosures
from ..documents.model import Document, DocumentRole, Section
from ..domain import ChecklistItem, RiskLevel
from ..review.clause_location import ClauseLocation
from ..review.diffs import suggested_change
from ..review.findings import Evidence, Finding
from ..review.report_words import clause_ref, party_ref
from .party_sides import PartySide

__all__ = ["DISCLOSURE_ROLES", "MAX_DISCLOSURES", "WARRANTOR_SIDES", "disclosure_findings"]

#: Document roles (or their kinds) that are disclosure letters.
DISCLOSURE_ROLES = frozenset({"disclosure", "disclosure_letter"})
#: Disclosures read per review at most (a letter is a few dozen; each is looked for in
#: the agreement's indemnities).
MAX_DISCLOSURES = 300
#: Sides that give warranties: a disclosure favours them.
WARRANTOR_SIDES = frozenset({"seller", "founder"})

_WARRANTOR_WORDS = ("Sellers", "Seller", "Vendors", "Vendor", "Warrantors", "Warrantor",
                    "Founders", "Transferor", "转让方", "出让方", "卖方", "原股东", "创始人")  # fmt: skip
_BENEFICIARY_WORDS = ("Buyer", "Purchaser", "Acquirer", "Investor", "Subscriber",
                      "受让方", "收购方", "投资方", "买方")  # fmt: skip
# A clause that sets the disclosure standard (the warranties are qualified by the letter,
# or what counts as disclosed), then one that merely names the letter.
_STANDARD_CLAUSE = re.compile(
    r"(?:qualified|limited|subject)\s+(?:by|to)\b[^.;]{0,80}?(?:Disclosure\s+Letter|Disclosed)"
    r"|fairly\s+disclosed|\bdeemed\s+(?:to\s+(?:have\s+been|be)\s+)?disclosed"
    r"|受[^。；]{0,20}?披露函[^。；]{0,20}?(?:限制|限定)|视为(?:已经?)?(?:向[^。；，]{1,12})?(?:充分|完整)?(?:地)?披露",
    re.I,
)
_NAMES_LETTER = re.compile(r"Disclosure\s+Letter|披露函", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_INDEMNITY = re.compile(r"\bindemnif|赔偿|补偿", re.IGNORECASE)


def disclosure_findings(
    item: ChecklistItem,
    locations: Sequence[ClauseLocation],
    documents: Sequence[Document],
    *,
    party: PartySide | None = None,
    language: str = "en",
) -> list[Finding]:
    """The findings the disclosure letters make against ``item``'s located warranty
    clauses (none reviewed for the warrantor, or without a letter), written in the
    report ``language``; the redlines follow the clause's language."""
    if party is not None and party.side in WARRANTOR_SIDES:
        return []
    primary = next((d for d in documents if d.role == DocumentRole.PRIMARY.value), None)
    letters = [d for d in documents if d.role in DISCLOSURE_ROLES]
    if primary is None or not letters:
        return []
    articles = _located_articles(primary, locations)
    if not articles:
        return []
    disclosures = [d for letter in letters for d in read_disclosures(letter, primary)]
    disclosures = disclosures[:MAX_DISCLOSURES]
    by_name = {letter.name: letter for letter in letters}
    findings: list[Finding] = []
    against: dict[str, list[Disclosure]] = {}
    warranty_articles: set[str | None] = set()  # the articles adverse disclosures name
    for disclosure in disclosures:
        if disclosure.general or not disclosure.adverse:
            continue
        named = [
            (clause_id, _article_of(primary, clause_id)) for clause_id in disclosure.clause_ids
        ]
        warranty_articles.update(article for _, article in named)
        if _indemnified(primary, disclosure):
            continue
        for clause_id, article in named:
            if article in articles:
                against.setdefault(clause_id, []).append(disclosure)
    names = _names(primary)
    for clause_id, made in against.items():
        section = primary.find(clause_id)
        if section is not None:
            findings.append(_specific(item, primary, section, made, by_name, names, language))
    general = [d for d in disclosures if d.general]
    standard, sets_standard = _standard_clause(primary, locations)
    if (
        general
        and standard is not None
        # a clause that only names the letter counts in the warranties' own article
        and (
            sets_standard
            or not warranty_articles
            or _top(primary, standard).id in warranty_articles
        )
    ):
        findings.append(_general(item, primary, standard, general, by_name, names, language))
    return findings


def _indemnified(primary: Document, disclosure: Disclosure) -> bool:
    """Whether the agreement already indemnifies the matter: a sentence of it names the
    disclosure's paragraph and an indemnity ("against all Losses arising from the
    product recall described in paragraph 2.6 of the Disclosure Letter")."""
    if not disclosure.passage_id:
        return False
    number = re.escape(disclosure.passage_id.rstrip("."))
    cited = re.compile(
        rf"(?:paragraph|para\.?|item)\s+{number}\b[^.;]{{0,40}}?Disclosure\s+Letter"
        rf"|披露函第?\s*{number}\s*(?:项|段|条|款)",
        re.IGNORECASE,
    )
    for match in cited.finditer(primary.source):
        start = max(0, match.start() - 300)
        sentence = primary.source[start : match.end() + 100]
        if _INDEMNITY.search(sentence):
            return True
    return False


def _located_articles(primary: Document, locations: Sequence[ClauseLocation]) -> set[str]:
    """The top-level clauses of the primary document that the located passages are in."""
    articles: set[str] = set()
    for location in locations:
        if location.document != primary.name:
            continue
        for section in primary.sections():
            if section.start <= location.start < max(section.end, section.start + 1):
                articles.add(_top(primary, section).id)
    return articles


def _top(primary: Document, section: Section) -> Section:
    for top in primary.root.children:
        if any(node is section for node in top.walk()):
            return top
    return section


def _article_of(primary: Document, clause_id: str) -> str | None:
    section = primary.find(clause_id)
    return _top(primary, section).id if section is not None else None


def _standard_clause(
    primary: Document, locations: Sequence[ClauseLocation]
) -> tuple[Section | None, bool]:
    """The located clause that sets the disclosure standard, else the first naming the
    disclosure letter (None when no located clause does), and whether it sets it."""
    located = [
        section
        for location in locations
        if location.document == primary.name
        for section in [primary.find(location.clause_id)]
        if section is not None
    ]
    for pattern in (_STANDARD_CLAUSE, _NAMES_LETTER):
        for section in located:
            for node in section.walk():
                own = primary.source[node.text_start : node.text_end]
                if not node.children and pattern.search(own):
                    return node, pattern is _STANDARD_CLAUSE
    return None, False


def _names(primary: Document) -> tuple[str, str]:
    """How the agreement names the warrantor and the beneficiary of the warranties."""

    def most(words: tuple[str, ...], fallback: str) -> str:
        counts = {
            word: len(re.findall(rf"\b{re.escape(word)}\b", primary.source)) for word in words
        }
        best = max(counts, key=lambda word: counts[word])
        return best if counts[best] else fallback

    return most(_WARRANTOR_WORDS, "Seller"), most(_BENEFICIARY_WORDS, "Buyer")


def _reference(disclosure: Disclosure, letters: dict[str, Document]) -> Evidence:
    letter = letters[disclosure.letter]
    return Evidence(
        kind="reference",
        source=letter.name,
        id=disclosure.passage_id or "¶",
        text=disclosure.text,
        start=disclosure.start,
        end=disclosure.end,
    )


def _specific(
    item: ChecklistItem,
    primary: Document,
    section: Section,
    made: list[Disclosure],
    letters: dict[str, Document],
    names: tuple[str, str],
    language: str,
) -> Finding:
    clause = Evidence.from_section(primary, section)
    warrantor, beneficiary = names
    chinese = _CJK.search(clause.text) is not None  # the redline's language
    refs = ", ".join(d.passage_id for d in made if d.passage_id)
    excerpt = _excerpt(made[0].text)
    if language == "zh":
        where = f"披露函第{refs}项" if refs else "披露函"
        buyer, seller = party_ref(beneficiary, "zh"), party_ref(warrantor, "zh")
        title = "具体披露削弱了本条保证"
        description = (
            f"{where}针对{clause_ref(section.id, 'zh')}作出具体披露：“{excerpt}”。"
            f"经披露的事项不再构成违反保证，{buyer}无法就此索赔。"
        )
        rationale = f"已知的具体风险应通过特别赔偿、价格调整或交割条件处理，而不是由披露免除{seller}的责任。"
    else:
        where = f"paragraph {refs} of the Disclosure Letter" if refs else "the Disclosure Letter"
        buyer, seller = party_ref(beneficiary, "en"), party_ref(warrantor, "en")
        title = "A specific disclosure takes away the protection of this warranty"
        description = (
            f"{where[0].upper()}{where[1:]} discloses against clause {section.id}: "
            f"“{excerpt}”. Once disclosed, the matter is no breach of the "
            f"warranty and {buyer} has no claim for it."
        )
        rationale = (
            "A known, specific risk belongs in a specific indemnity, a price adjustment or a "
            f"condition, not in a disclosure that releases {seller}."
        )
    if chinese:
        letter = f"披露函第{refs}项" if refs else "披露函"
        added = (
            f"尽管{letter}已披露相关事项，{warrantor}仍应就该事项给{beneficiary}"
            "造成的全部损失承担赔偿责任。"
        )
    else:
        letter = f"paragraph {refs} of the Disclosure Letter" if refs else "the Disclosure Letter"
        added = (
            f"The {warrantor} shall indemnify the {beneficiary} against all Losses arising "
            f"from the matters disclosed in {letter}, notwithstanding their disclosure."
        )
    return _finding(
        f"disclosure_against_warranty@{section.id}",
        item,
        clause,
        [_reference(d, letters) for d in made],
        title=title,
        description=description,
        rationale=rationale,
        added=added,
    )


# The standard clause already keeps general disclosures out: only what is fairly
# disclosed, with enough detail to identify it, qualifies the warranties.
_FAIR_STANDARD = re.compile(
    r"\bfairly\s+disclosed\b[^.;]{0,200}?\b(?:sufficient|enough|adequate|reasonable)\s+"
    r"(?:detail|particulars)|\b(?:sufficient|enough)\s+detail\s+to\s+(?:enable|allow)\b"
    r"|(?:充分|具体|公平|准确)[^。；]{0,20}?披露[^。；]{0,80}?(?:足以|能够|使)[^。；]{0,40}?(?:识别|判断|了解)"
    r"[^。；]{0,20}?(?:性质|范围)",
    re.IGNORECASE,
)


def _general(
    item: ChecklistItem,
    primary: Document,
    section: Section,
    general: list[Disclosure],
    letters: dict[str, Document],
    names: tuple[str, str],
    language: str,
) -> Finding:
    clause = Evidence.from_section(primary, section)
    warrantor, beneficiary = names
    chinese = _CJK.search(clause.text) is not None  # the redline's language
    excerpt = _excerpt(general[0].text)
    added: str | None
    if language == "zh":
        title = "披露函对数据室等全部资料作出一般披露"
        description = (
            f"披露函将整个数据室、公开信息或尽职调查资料作为一般披露：“{excerpt}”。"
            f"{party_ref(beneficiary, 'zh')}无法知道哪一事项限制了哪一条保证。"
        )
        rationale = "只有在披露函中具体、公平披露且足以识别其性质和范围的事项，才应限制陈述与保证。"
    else:
        title = "The disclosure letter discloses whole sources (the data room, public registers) against every warranty"
        description = (
            f"The Disclosure Letter makes general disclosures: “{excerpt}”. "
            f"{_capital(party_ref(beneficiary, 'en'))} cannot tell which matter qualifies "
            "which warranty."
        )
        rationale = (
            "Only matters fairly disclosed, with enough detail to identify their nature and "
            f"scope, should qualify {_possessive(party_ref(warrantor, 'en'))} warranties."
        )
    if chinese:
        added = (
            "披露函中的一般披露（包括数据室资料、公开信息及尽职调查资料）不构成对陈述与保证的限制；"
            f"仅经具体、公平披露并足以使{beneficiary}识别其性质和范围的事项方可限制陈述与保证。"
        )
    else:
        added = (
            "The general disclosures in the Disclosure Letter, including the contents of the "
            "data room, do not qualify the Warranties; only matters fairly disclosed with "
            f"sufficient detail to enable the {beneficiary} to identify their nature and scope do."
        )
    if _FAIR_STANDARD.search(clause.text):
        # the agreement's own standard already keeps them out: a medium finding, no redline
        title, description, rationale = _already_fair(clause, general, beneficiary, language)
        added = None
    return _finding(
        f"general_disclosure@{section.id}",
        item,
        clause,
        [_reference(d, letters) for d in general],
        title=title,
        description=description,
        rationale=rationale,
        added=added,
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _possessive(party: str) -> str:
    """ "the Seller's"; “卖方”'s stays readable as “卖方”'s."""
    return f"{party}'" if party.endswith("s") and party.isascii() else f"{party}'s"


def _already_fair(
    clause: Evidence, general: list[Disclosure], beneficiary: str, language: str
) -> tuple[str, str, str]:
    """Title, description and rationale of the general disclosures where the agreement's
    own standard already keeps them from qualifying the warranties: the finding asks for
    them to be struck from the letter, with no change to a clause that already says what
    the change would add."""
    if language == "zh":
        return (
            "披露函作出一般披露，但本协议的披露标准已排除其效力",
            f"披露函将整个数据室、公开信息或尽职调查资料作为一般披露：“{_excerpt(general[0].text)}”。"
            f"{clause_ref(clause.id, 'zh')}已规定仅具体、公平披露的事项方可限制陈述与保证；建议要求删除披露函中的一般披露，以免争议。",
            "只有在披露函中具体、公平披露且足以识别其性质和范围的事项，才应限制陈述与保证。",
        )
    return (
        "The disclosure letter makes general disclosures, which the agreement's standard already excludes",
        f"The Disclosure Letter makes general disclosures: “{_excerpt(general[0].text)}”. "
        f"Clause {clause.id} already lets only matters fairly disclosed qualify the "
        f"warranties; ask for the general disclosures to be struck from the letter so "
        f"that {party_ref(beneficiary, 'en')} need not argue the point.",
        "Only matters fairly disclosed, with enough detail to identify their nature and "
        "scope, should qualify the warranties.",
    )


def _finding(
    finding_id: str,
    item: ChecklistItem,
    clause: Evidence,
    references: list[Evidence],
    *,
    title: str,
    description: str,
    rationale: str,
    added: str | None,
) -> Finding:
    """A high finding at ``clause``, quoting ``references``, whose redline adds ``added``;
    without ``added``, a medium finding with no redline."""
    change = None
    if added is not None:
        joiner = "" if _CJK.search(clause.text) else " "
        after = f"{clause.text.rstrip()}{joiner}{added}"
        change = suggested_change(clause.text, after, label=f"clause {clause.id}")
    return Finding(
        finding_id=finding_id,
        clause_id=clause.id,
        checklist_item_id=item.clause_id,
        title=title,
        risk_level=RiskLevel.HIGH if added is not None else RiskLevel.MEDIUM,
        description=description,
        rationale=rationale,
        evidence=[clause, *references],
        suggested_change=change,
    )


def _excerpt(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
