"""Skill ``spa_extract_reps_warranties``: the representations and warranties of a clause.

Each warranty (an enumerated item, or a sentence that warrants when the clause has no
list) is labelled with its subject (title to shares, tax, litigation...) and with the
qualifiers that narrow it: knowledge ("so far as the Seller is aware", "据卖方所知"),
materiality ("in all material respects", "重大方面") and disclosure carve-outs ("save
as Disclosed", "除披露函披露外"). Qualifiers written in the lead-in or after the list
apply to every warranty and are reported separately.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from contract_review.skills.generic.clause_input import ClauseTextInput
from contract_review.text.sentences import sentences

from .enumeration import split_enumeration
from .subjects import Subject, classify_subject


class Warranty(BaseModel):
    """One representation or warranty."""

    label: str = Field(description="The enumeration marker, e.g. '(a)'; empty when unnumbered.")
    text: str
    subject: Subject
    knowledge_qualifier: str = Field(default="", description="The knowledge wording, if any.")
    materiality_qualifier: str = Field(default="", description="The materiality wording, if any.")
    disclosure_carve_out: str = Field(default="", description="The disclosure wording, if any.")

    @property
    def qualified(self) -> bool:
        """True when the warranty itself carries any qualifier."""
        return bool(
            self.knowledge_qualifier or self.materiality_qualifier or self.disclosure_carve_out
        )


class ExtractRepsWarrantiesInput(ClauseTextInput):
    """Input of ``spa_extract_reps_warranties``."""


class ExtractRepsWarrantiesOutput(BaseModel):
    """Output of ``spa_extract_reps_warranties``."""

    clause_id: str
    warrantor: str = Field(default="", description="Who gives the warranties, as written.")
    warranties: list[Warranty] = Field(default_factory=list)
    subjects: dict[str, int] = Field(default_factory=dict, description="Warranties per subject.")
    general_knowledge_qualifier: str = ""
    general_materiality_qualifier: str = ""
    general_disclosure_carve_out: str = Field(
        default="",
        description="A carve-out that qualifies every warranty (e.g. 'save as Disclosed').",
    )
    repeated_at_closing: bool = Field(
        default=False, description="The warranties are repeated at Closing/Completion."
    )
    notes: list[str] = Field(default_factory=list)


_KNOWLEDGE = re.compile(
    r"so\s+far\s+as\s+(?:the\s+)?[\w' ]{1,40}?\s+(?:is|are)\s+aware|"
    r"to\s+the\s+(?:best\s+of\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?)?(?:actual\s+)?knowledge(?:,?\s+information\s+and\s+belief)?(?:\s+of\s+(?:the\s+)?\w+)?|"
    r"(?:the\s+)?\w+['’]s\s+knowledge|"
    r"据\S{0,8}?所知|就\S{0,8}?所知|在\S{0,8}?知悉(?:的)?范围内|尽\S{0,4}?所知",
    re.IGNORECASE,
)
_MATERIALITY = re.compile(
    r"in\s+all\s+material\s+respects|in\s+any\s+material\s+respect|materially|material\s+adverse\s+(?:effect|change)|"
    r"(?:which|that)\s+(?:is|are|would\s+be)\s+material|material\s+to\s+the|"
    r"在所有重大方面|重大方面|重大不利|实质性",
    re.IGNORECASE,
)
_DISCLOSURE = re.compile(
    r"(?:except|save)\s+(?:as|to\s+the\s+extent)\s+(?:fairly\s+)?disclosed[^.;,]*|"
    r"other\s+than\s+as\s+disclosed[^.;,]*|subject\s+to\s+(?:the\s+)?(?:matters\s+)?disclosed[^.;,]*|"
    r"(?:except|save)\s+as\s+(?:set\s+out|specified)\s+in\s+the\s+disclosure[^.;,]*|"
    r"(?:qualified|subject)\s+(?:by|to)\s+the\s+disclosure\s+(?:letter|schedule)[^.;,]*|"
    r"除\S{0,20}?披露(?:的事项|事项|的)?(?:外|以外)|已在披露函中披露|披露函所披露(?:的事项)?除外",
    re.IGNORECASE,
)
_WARRANTOR = re.compile(
    r"\b(?i:the\s+|each\s+)?(?P<party>[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*){0,2})\s+(?:hereby\s+)?"
    r"(?:represents?|warrants?|undertakes?)\b|"
    r"(?P<zh>卖方|转让方|出让方|目标公司|创始人|原股东|现有股东|买方|受让方|投资方|投资人|公司)\s*(?:特此|在此)?\s*(?:向\S{1,8}?)?(?:作出)?(?:如下)?(?:声明|陈述|保证)"
)
_WARRANTS = re.compile(r"represent|warrant|undertak|声明|陈述|保证", re.IGNORECASE)
_REPEATED = re.compile(
    r"repeated|deemed\s+to\s+be\s+(?:given|made)\s+(?:again\s+)?(?:at|on)|"
    r"(?:true|accurate)\s+(?:and\s+\w+\s+)?(?:at|on|as\s+at)\s+(?:the\s+)?(?:date\s+of\s+)?(?:Completion|Closing)|"
    r"(?:于|在)交割日(?:仍然|亦|均)?(?:真实|准确|有效)|交割日.{0,6}重复作出",
    re.IGNORECASE,
)


def _first(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(0).strip() if match else ""


def _warranty(label: str, text: str) -> Warranty:
    return Warranty(
        label=label,
        text=text,
        subject=classify_subject(text),
        knowledge_qualifier=_first(_KNOWLEDGE, text),
        materiality_qualifier=_first(_MATERIALITY, text),
        disclosure_carve_out=_first(_DISCLOSURE, text),
    )


def _warrantor(text: str) -> str:
    match = _WARRANTOR.search(text)
    if match is None:
        return ""
    return (match.group("party") or match.group("zh") or "").strip()


def extract_reps_warranties(input_data: ExtractRepsWarrantiesInput) -> ExtractRepsWarrantiesOutput:
    """Handler of ``spa_extract_reps_warranties``."""
    text = input_data.resolve_text()
    if not text:
        return ExtractRepsWarrantiesOutput(
            clause_id=input_data.clause_id,
            notes=[f"no text found for clause {input_data.clause_id}"],
        )
    notes: list[str] = []
    enumeration = split_enumeration(text)
    if enumeration.items:
        warranties = [_warranty(item.label, item.text) for item in enumeration.items]
        general = f"{enumeration.lead_in}\n{enumeration.tail}"
    else:
        notes.append("the clause has no enumerated warranties; warranting sentences were used")
        warranties = [
            _warranty("", s)
            for s in sentences(text, semicolons=True, line_breaks=True)
            if _WARRANTS.search(s)
        ]
        general = ""
    subjects: dict[str, int] = {}
    for warranty in warranties:
        subjects[warranty.subject.value] = subjects.get(warranty.subject.value, 0) + 1
    if not warranties:
        notes.append("no representation or warranty found")
    return ExtractRepsWarrantiesOutput(
        clause_id=input_data.clause_id,
        warrantor=_warrantor(text),
        warranties=warranties,
        subjects=subjects,
        general_knowledge_qualifier=_first(_KNOWLEDGE, general),
        general_materiality_qualifier=_first(_MATERIALITY, general),
        general_disclosure_carve_out=_first(_DISCLOSURE, general),
        repeated_at_closing=bool(_REPEATED.search(text)),
        notes=notes,
    )
