"""``cross_reference_check``: which references in a clause point at a real section.

Recognised references: English ``Clause 4.1``, ``Sub-Clause 20.1``, ``Article 5``,
``Article IV``, ``Section 3.2``, ``Paragraph 2``, ``Schedule 1``/``Annex A``/``Appendix``/
``Exhibit`` (also lists: ``Clauses 4.1 and 4.2``) and Chinese ``第十四条``, ``第三章``,
``第二节``, ``本合同第5条``. A reference resolves when a section has that id or that
number (of a compatible kind). References to another instrument — ``《民法典》第五百条``,
``Article 5 of the Civil Code`` — are reported as external, neither resolved nor
dangling. References in the clause's own heading are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from ...documents.chinese_numerals import CHINESE_NUMERAL_CHARS
from ...documents.model import Document, Section, SectionKind
from ...documents.numbering import parse_clause_reference, roman_to_int
from ...text.clause_text import clause_text
from .clause_input import ClauseInput

ReferenceKind = Literal["clause", "article", "section", "paragraph", "chapter", "part", "annex"]

_NUMBER = r"\d+(?:\.\d+)*"
_EN_WORDS: dict[str, ReferenceKind] = {
    "sub-clause": "clause",
    "subclause": "clause",
    "clause": "clause",
    "article": "article",
    "section": "section",
    "paragraph": "paragraph",
    "schedule": "annex",
    "annex": "annex",
    "appendix": "annex",
    "exhibit": "annex",
}
_EN_REF_RE = re.compile(
    r"\b(?P<word>sub-?clauses?|clauses?|articles?|sections?|paragraphs?|schedules?|annex(?:es)?"
    r"|appendix|appendices|exhibits?)\s+"
    rf"(?P<first>{_NUMBER}|(?-i:[IVXLCDM]+)\b|[A-Z]\b)(?:\s*\((?P<sub>[a-z0-9]{{1,4}})\))?"
    rf"(?P<more>(?:\s*(?:,|and|or|to|&)\s*(?:{_NUMBER}))*)",
    re.IGNORECASE,
)
_EN_MORE_RE = re.compile(_NUMBER)
_EN_EXTERNAL_RE = re.compile(
    r"\s*(?:\([a-z0-9]{1,4}\)\s*)?of\s+(?:the\s+)?(?:[A-Z][\w'-]*\s+){0,8}(?:Act|Law|Code|Convention|"
    r"Regulations?|Rules|Ordinance|Directive|Treaty|Constitution)\b"
)
_ZH_NUM = rf"(?:\d+(?:\.\d+)*|[{CHINESE_NUMERAL_CHARS}]+)"
_ZH_REF_RE = re.compile(
    rf"(?P<prefix>本(?:合同|协议|条款|章程)\s*)?第\s*(?P<num>{_ZH_NUM})\s*(?P<unit>条|章|节|分编|编)"
)
_ZH_UNITS: dict[str, ReferenceKind] = {
    "条": "article",
    "章": "chapter",
    "节": "section",
    "编": "part",
    "分编": "part",
}
_COMPATIBLE_KINDS: dict[SectionKind, frozenset[SectionKind]] = {
    SectionKind.ARTICLE: frozenset({SectionKind.ARTICLE, SectionKind.CLAUSE}),
    SectionKind.CLAUSE: frozenset({SectionKind.ARTICLE, SectionKind.CLAUSE}),
    SectionKind.CHAPTER: frozenset({SectionKind.CHAPTER}),
    SectionKind.SUBCHAPTER: frozenset({SectionKind.SUBCHAPTER}),
    SectionKind.PART: frozenset({SectionKind.PART}),
}


class CrossReferenceInput(ClauseInput):
    """Input of ``cross_reference_check``."""


class CrossReference(BaseModel):
    """One reference found in the clause text."""

    text: str = Field(description="The reference as written.")
    target: str = Field(
        description="What is referred to, without leading words: '4.1', '第十四条', 'A'."
    )
    kind: ReferenceKind
    start: int = Field(ge=0, description="Offset of the reference in the clause text.")
    end: int = Field(ge=0)
    resolved: bool
    section_id: str | None = Field(default=None, description="The section it points at.")
    section_title: str = ""
    external: bool = Field(default=False, description="Points into another instrument.")


class CrossReferenceOutput(BaseModel):
    """Output of ``cross_reference_check``."""

    clause_id: str
    clause_found: bool
    references: list[CrossReference] = Field(default_factory=list)
    resolved_count: int = 0
    dangling: list[str] = Field(
        default_factory=list, description="References (as written) that point at no section."
    )


def cross_reference_check(data: CrossReferenceInput) -> CrossReferenceOutput:
    """Find the references in the clause and resolve each against the document."""
    document = data.document_structure
    section = data.find_section()
    if section is None:
        return CrossReferenceOutput(clause_id=data.clause_id, clause_found=False)
    located = clause_text(document, section)
    references = [
        ref for ref in find_references(located.text, document) if ref.start >= located.body_start
    ]
    return CrossReferenceOutput(
        clause_id=data.clause_id,
        clause_found=True,
        references=references,
        resolved_count=sum(ref.resolved for ref in references),
        dangling=_unique(ref.text for ref in references if not ref.resolved and not ref.external),
    )


def find_references(text: str, document: Document) -> list[CrossReference]:
    """Every section reference in ``text``, resolved against ``document``, in text order."""
    found = [*_english_references(text, document), *_chinese_references(text, document)]
    found.sort(key=lambda ref: ref.start)
    return found


def _english_references(text: str, document: Document) -> list[CrossReference]:
    references: list[CrossReference] = []
    for match in _EN_REF_RE.finditer(text):
        word = match.group("word").lower()
        singular = _singular(word)
        kind = _EN_WORDS[singular]
        external = bool(_EN_EXTERNAL_RE.match(text, match.end()))
        first = match.group("first")
        if kind != "annex" and not (first[0].isdigit() or _is_roman(first)):
            continue  # a lone letter names schedules and annexes, not clauses
        first_end = match.end("sub") + 1 if match.group("sub") else match.end("first")
        targets = [(first, match.start(), first_end, text[match.start() : first_end])]
        more = match.group("more")
        if more:
            offset = match.start("more")
            for extra in _EN_MORE_RE.finditer(more):
                start, end = offset + extra.start(), offset + extra.end()
                targets.append((extra.group(), start, end, extra.group()))
        for target, start, end, written in targets:
            if kind == "annex":
                resolved_section = _resolve_annex(document, singular, target)
            else:
                resolved_section = _resolve(document, f"{singular} {target}", target)
            references.append(
                _reference(written, target, kind, start, end, resolved_section, external)
            )
    return references


def _chinese_references(text: str, document: Document) -> list[CrossReference]:
    references: list[CrossReference] = []
    for match in _ZH_REF_RE.finditer(text):
        number, unit = match.group("num"), match.group("unit")
        before = text[: match.start()].rstrip()
        external = not match.group("prefix") and before.endswith(("》", "〉"))
        written = match.group()
        bare = f"第{number}{unit}"
        resolved_section = None if external else _resolve(document, bare, number)
        references.append(
            _reference(
                written,
                bare,
                _ZH_UNITS[unit],
                match.start(),
                match.end(),
                resolved_section,
                external,
            )
        )
    return references


def _reference(
    written: str,
    target: str,
    kind: ReferenceKind,
    start: int,
    end: int,
    section: Section | None,
    external: bool,
) -> CrossReference:
    resolved = section is not None and not external
    return CrossReference(
        text=written,
        target=target,
        kind=kind,
        start=start,
        end=end,
        resolved=resolved,
        section_id=section.id if resolved and section is not None else None,
        section_title=section.title if resolved and section is not None else "",
        external=external,
    )


def _resolve(document: Document, reference: str, bare: str) -> Section | None:
    """The section a reference names: same id, else same number of a compatible kind."""
    for candidate_id in (reference, bare):
        exact = next((s for s in document.sections() if s.id == candidate_id), None)
        if exact is not None:
            return exact
    parsed = parse_clause_reference(reference)
    if parsed is None:
        return None
    candidates = [s for s in document.sections() if s.number == parsed.number]
    if parsed.kind is not None:
        allowed = _COMPATIBLE_KINDS.get(parsed.kind, frozenset({parsed.kind}))
        candidates = [s for s in candidates if s.kind in allowed]
    if not candidates:
        return None
    leaf = [s for s in candidates if s.kind in (SectionKind.CLAUSE, SectionKind.ARTICLE)]
    return (leaf or candidates)[0]


def _resolve_annex(document: Document, word: str, target: str) -> Section | None:
    """A schedule / annex / appendix: a section whose id or title starts with "<Word> <n>"."""
    wanted = re.compile(rf"^\s*{re.escape(word)}\s+{re.escape(target)}\b", re.IGNORECASE)
    return next(
        (s for s in document.sections() if wanted.match(s.id) or wanted.match(s.title)), None
    )


def _is_roman(text: str) -> bool:
    try:
        roman_to_int(text)
    except ValueError:
        return False
    return text.isupper()


def _singular(word: str) -> str:
    word = word.replace("subclause", "sub-clause")
    if word == "appendices":
        return "appendix"
    if word.endswith("es") and word[:-2] in ("annex",):
        return word[:-2]
    return word[:-1] if word.endswith("s") and word[:-1] in _EN_WORDS else word


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen
