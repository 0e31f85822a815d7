"""The law that governs the contract under review, read from its text.

:func:`read_governing_law` looks for an express choice of law, in English or Chinese,
wherever the contract states it (its governing-law clause, the contract data, or only
inside the dispute clause):

* "This Agreement is governed by and construed in accordance with the laws of England
  and Wales", "the laws of the State of New York (…) govern all matters", "governed by
  English law", "Governing law: the laws of the Republic of Calderra", "The law
  governing the Contract is the law of …";
* 本合同适用中华人民共和国法律, 受香港特别行政区法律管辖, 适用法律为新加坡法律,
  本合同以中华人民共和国法律为准据法.

A Chinese-language contract that chooses no law is taken to be governed by PRC law; an
English one that chooses none gets "not stated". Words that only look like a choice are
not one: a company "incorporated under the laws of" a place, "comply with the laws of
any jurisdiction", "applicable law", a conflict-of-laws proviso ("… the application of
the laws of any other jurisdiction"), the seat of an arbitration or the courts chosen
(a seat in Hong Kong is not a choice of Hong Kong law), and a recital that cites a PRC
statute (双方根据《中华人民共和国民法典》……订立本合同).

Every pattern is linear in its input: bounded repetitions, no nested quantifiers.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..documents.chinese_script import simplified
from ..documents.model import Document, Section
from ..text.sentences import sentence_spans

__all__ = ["GoverningLaw", "LawBasis", "read_governing_law"]

#: How the governing law was found: chosen in the contract, taken to be PRC law for a
#: Chinese-language contract that chooses none, or not stated at all.
LawBasis = Literal["express", "implied_chinese_language", "not_stated"]

_PRC_EN = "People's Republic of China"
_PRC_ZH = "中华人民共和国"


class GoverningLaw(BaseModel):
    """The law that governs a contract, and where the contract says so."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(
        default="",
        description="The jurisdiction, normalised ('England and Wales', 'State of New York', "
        "\"People's Republic of China\", '中华人民共和国', '香港特别行政区'); '' when not stated.",
    )
    written: str = Field(
        default="", description="The jurisdiction as the contract writes it ('English', 'PRC')."
    )
    is_prc: bool = Field(
        default=False, description="True when the law of the PRC (mainland China) governs."
    )
    basis: LawBasis = "not_stated"
    document: str = Field(default="", description="The document the choice is read from.")
    clause_id: str = Field(default="", description="The clause that states the choice, if any.")
    quote: str = Field(
        default="", description="The sentence that states the choice, exactly as written."
    )
    start: int | None = Field(default=None, ge=0, description="Offset of the quote in the source.")
    end: int | None = Field(default=None, ge=0, description="End offset (exclusive) of the quote.")

    @model_validator(mode="after")
    def _consistent(self) -> GoverningLaw:
        if self.basis == "express" and (not self.name or self.start is None or self.end is None):
            raise ValueError("an express choice of law names its jurisdiction and quote offsets")
        if self.basis == "not_stated" and (self.name or self.is_prc):
            raise ValueError("a law not stated has no name and is not PRC law")
        return self

    def label(self, language: str) -> str:
        """The report's words for it: 'England and Wales (clause 25.1)',
        '中华人民共和国法律（第三十条）', 'not stated in the contract'."""
        zh = language == "zh"
        if self.basis == "not_stated":
            return "合同未约定" if zh else "not stated in the contract"
        if zh:
            name = _PRC_ZH if self.is_prc else self.name
            if not _CJK_NAME.search(name):  # the contract's own words for a foreign law
                name = f"“{name}”"
            law = name if name.endswith("法律") else f"{name}法律"
            if self.basis == "implied_chinese_language":
                return f"{law}（合同未约定适用法律，按中文合同推定）"
            return f"{law}（{_zh_clause(self.clause_id)}）" if self.clause_id else law
        if self.basis == "implied_chinese_language":
            return f"{_PRC_EN} (no choice of law stated; presumed for a Chinese-language contract)"
        name = _PRC_EN if self.is_prc else self.name
        if _CJK_NAME.search(name):  # a law named in Chinese, in an English report
            name = f"“{name}”"
        return f"{name} (clause {self.clause_id})" if self.clause_id else name


_CJK_NAME = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _zh_clause(clause_id: str) -> str:
    return clause_id if clause_id.startswith("第") else f"第{clause_id}条"


# ----------------------------------------------------------------- English wordings

# "laws of <jurisdiction>": the jurisdiction runs to a comma, full stop, bracket...
_LAWS_OF = re.compile(
    r"\b(?:(?:internal|substantive|domestic)\s+)?laws?"
    r"(?:\s+and\s+(?:decisions|regulations|statutes))?\s+of\s+(?P<j>[^\n,.;:()\[\]{}]{1,80})",
    re.IGNORECASE,
)
# ...and ends before the words that follow it in the clause ("and" goes on only to a
# capitalised name: "England and Wales", not "Singapore and referred to arbitration").
_J_END = re.compile(
    r"\s+(?:without|excluding|exclusive(?:ly)?|applicable|as\s+(?:in\s+force|amended|applied)"
    r"|and\s+(?!(?-i:[A-Z][a-z]))|in\s+(?:force|effect|all)|which|that"
    r"|regardless|irrespective|except|save|but|including|notwithstanding|from\s+time|other\s+than"
    r"|govern\w{0,4}|shall|will|is|are|apply|applies|for|with\s+respect|applying)\b",
    re.IGNORECASE,
)
# Before "laws of": the word that makes it a choice (in the same clause of the sentence).
_CHOOSING = re.compile(
    r"\b(?:govern(?:ed|s|ing)?|constru(?:ed|e)|interpret(?:ed)?|enforced|applied"
    r"|(?:agreement|contract|deed)[^.;\n]{0,30}?\bsubject\s+to"
    r"|(?:applicable|proper)\s+law\s*[:：\-–])",
    re.IGNORECASE,
)
# Between that word and "laws of": words that make it about something else.
_NOT_CHOOSING = re.compile(
    r"\b(?:compl(?:y|ies|iance|ied)|observ\w{0,5}|obey\w{0,3}|incorporat\w{0,5}|organi[sz]\w{0,5}"
    r"|formed|existing|registered|licen[cs]ed|violat\w{0,5}|contraven\w{0,5}|breach\w{0,3}"
    r"|requir\w{0,5}|permitted|prohibit\w{0,5}|conflicts?\s+of\s+laws?|choice\s+of\s+laws?"
    r"|application\s+of)\b",
    re.IGNORECASE,
)
# After "laws of <jurisdiction>": "… shall govern" (the law named before its verb).
_GOVERN_AFTER = re.compile(
    r"[^.;\n]{0,120}?\s(?:shall\s+|will\s+|must\s+|to\s+)?govern\b", re.IGNORECASE
)
# The word before "law(s) of" that may stand there in a choice of law ("the copyright
# laws of the United States" or "the federal laws of Canada" are no choice).
_BEFORE_LAWS = frozenset({"the", "by", "with", "to", "under", "of", "is", "be", "exclusively"})
_LAST_WORD = re.compile(r"([A-Za-z]{1,20})\W{0,3}$")
# "governed by English law", "construed in accordance with Hong Kong SAR law".
_ADJECTIVE_LAW = re.compile(
    r"(?i:\b(?:governed|construed|interpreted|enforced|subject)\b)[^.;\n]{0,80}?"
    r"(?i:\b(?:by|with|under|to)\s+)(?:the\s+)?"
    r"(?P<j>[A-Z][\w'’&-]{0,20}(?:\s+[A-Z][\w'’&-]{0,20}){0,3})\s+(?i:laws?)\b"
)
# "Governing law: English law".
_LABEL_LAW = re.compile(
    r"(?i:\b(?:governing|applicable|proper)\s+law\s*[:：\-–]\s*(?:the\s+)?)"
    r"(?P<j>[A-Z][\w'’&-]{0,20}(?:\s+[A-Z][\w'’&-]{0,20}){0,3})\s+(?i:laws?)\b",
)

#: First words of a "jurisdiction" that names none ("the laws of any jurisdiction").
_NO_PLACE = frozenset(
    {
        "a", "an", "any", "all", "another", "other", "such", "each", "every", "that", "this",
        "these", "those", "which", "its", "their", "his", "her", "whose", "said", "applicable",
        "relevant", "jurisdiction", "jurisdictions", "country", "countries", "place", "some",
        "conflict", "conflicts", "nature", "contract", "agreement",
    }
)  # fmt: skip
#: Words that end an adjective-law phrase that is not a jurisdiction ("Case law").
_NOT_ADJECTIVE = frozenset(
    {
        "applicable", "governing", "relevant", "local", "federal", "this", "such", "case",
        "common", "statutory", "civil", "commercial", "contract", "contracts", "trade",
        "companies", "arbitration", "procedure", "obligations", "general", "model", "any",
        "all", "the", "proper", "english-language", "national", "international", "public",
        "private", "mandatory", "competition", "tax", "employment", "data", "privacy",
        "internal", "substantive", "domestic",
    }
)  # fmt: skip
_ADJECTIVES = {
    "english": "England and Wales",
    "scots": "Scotland",
    "scottish": "Scotland",
    "irish": "Ireland",
    "german": "Germany",
    "swiss": "Switzerland",
    "french": "France",
    "dutch": "the Netherlands",
    "singapore": "Singapore",
    "singaporean": "Singapore",
    "japanese": "Japan",
    "swedish": "Sweden",
    "italian": "Italy",
    "spanish": "Spain",
    "belgian": "Belgium",
    "austrian": "Austria",
    "australian": "Australia",
    "indian": "India",
    "korean": "Republic of Korea",
}
_ENGLAND = re.compile(r"england(?:\s*(?:and|&)\s*wales)?|english", re.IGNORECASE)
_HONG_KONG = re.compile(r"hong\s{0,3}kong|hksar", re.IGNORECASE)
_MACAO = re.compile(r"maca[ou]", re.IGNORECASE)
_TAIWAN = re.compile(r"taiwan|^republic\s+of\s+china\b", re.IGNORECASE)
_PRC = re.compile(
    r"(?:the\s+)?(?:people['’]?s\s+republic\s+of\s+china|p\.?\s?r\.?\s?c\.?|(?:mainland\s+)?china"
    r"|chinese(?:\s+mainland)?|mainland)(?:\s+\(?(?:mainland|prc)\)?)?",
    re.IGNORECASE,
)


def _known_jurisdiction(written: str) -> bool:
    """True for the jurisdictions named by an adjective or a short form ("English", "PRC")."""
    bare = " ".join(written.split())
    return bool(
        _HONG_KONG.search(bare)
        or _MACAO.search(bare)
        or _PRC.fullmatch(bare)
        or _ENGLAND.fullmatch(bare)
        or bare.lower() in _ADJECTIVES
    )


def _english_name(written: str) -> tuple[str, bool] | None:
    """The normalised jurisdiction and whether it is the PRC, or None for words that
    name no jurisdiction."""
    words = " ".join(written.split()).strip(" '\"“”‘’-–")
    bare = re.sub(r"^the\s+", "", words, flags=re.IGNORECASE)
    first = bare.split(" ", 1)[0].lower() if bare else ""
    if len(bare) < 2 or not bare[0].isalpha() or first in _NO_PLACE:
        return None
    if _HONG_KONG.search(bare):
        return "Hong Kong SAR", False
    if _MACAO.search(bare):
        return "Macao SAR", False
    if _TAIWAN.search(bare):
        return bare, False
    if _PRC.fullmatch(bare):
        return _PRC_EN, True
    if _ENGLAND.fullmatch(bare):
        return "England and Wales", False
    if re.fullmatch(r"scotland", bare, re.IGNORECASE):
        return "Scotland", False
    adjective = _ADJECTIVES.get(bare.lower())
    if adjective:
        return adjective, False
    if bare.isupper():  # "THE STATE OF NEW YORK" -> "State of New York"
        bare = " ".join(w if w in ("of", "and") else w.capitalize() for w in bare.lower().split())
    return bare, False


def _english_choices(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, jurisdiction as written)`` of each English choice of law."""
    found: list[tuple[int, int, str]] = []
    for match in _LAWS_OF.finditer(text):
        jurisdiction = match.group("j")
        cut = _J_END.search(jurisdiction)
        if cut is not None:
            jurisdiction = jurisdiction[: cut.start()]
        jurisdiction = jurisdiction.rstrip()
        if not jurisdiction or not _laws_of_chooses(
            text, match.start(), match.start("j"), len(jurisdiction)
        ):
            continue
        found.append((match.start(), match.start("j") + len(jurisdiction), jurisdiction))
    for pattern in (_ADJECTIVE_LAW, _LABEL_LAW):
        for match in pattern.finditer(text):
            jurisdiction = match.group("j")
            if jurisdiction.split()[-1].lower() in _NOT_ADJECTIVE:
                continue
            law_word = match.group().rsplit(None, 1)[-1]
            if law_word.istitle() and not _known_jurisdiction(jurisdiction):
                continue  # "the Stark Law", "the Companies Law": a statute, not a law chosen
            found.append((match.start("j"), match.end(), jurisdiction))
    return found


def _laws_of_chooses(text: str, start: int, j_start: int, j_length: int) -> bool:
    """True when the "laws of" at ``start`` is a choice of the law that governs."""
    before = _LAST_WORD.search(text, max(0, start - 24), start)
    if before is not None and before.group(1).lower() not in _BEFORE_LAWS:
        return False
    clause_start = max(
        text.rfind(mark, max(0, start - 300), start) for mark in (". ", ";", "\n", "。", "；")
    )
    prefix = text[max(clause_start + 1, start - 300) : start]
    verbs = list(_CHOOSING.finditer(prefix))
    if verbs:
        return _NOT_CHOOSING.search(prefix, verbs[-1].end()) is None
    if _NOT_CHOOSING.search(text, max(0, start - 60), start) is not None:
        return False
    after = j_start + j_length
    return _GOVERN_AFTER.match(text, after, min(len(text), after + 130)) is not None


# ----------------------------------------------------------------- Chinese wordings

# A jurisdiction in Chinese: 2-20 ideographs, none of them 法 (so "适用法律" names none).
_ZH_J = r"(?P<j>(?:(?!法)[\u4e00-\u9fff]){2,20}?)(?P<p>（[^）\n]{0,40}）|\([^)\n]{0,40}\))?"
# 法律 / 法, not 法律法规, 法规, 民法典, 法院, 法条...
_ZH_LAW = r"(?:法律(?![规法])|法(?![律规典》院条则]))"
_ZH_CHOICES = [
    # 本合同适用中华人民共和国法律 / 适用于香港特别行政区的法律
    re.compile(r"适用(?:于)?" + _ZH_J + r"(?:的)?" + _ZH_LAW),
    # 受中华人民共和国法律管辖 / 约束
    re.compile(r"受" + _ZH_J + r"(?:的)?法律(?:的)?(?:管辖|约束|规范)"),
    # 适用法律为……法律 / 准据法：……法律
    re.compile(
        r"(?:适用|管辖|准据)(?:的)?法(?:律)?(?:为|是|[:：])\s{0,3}" + _ZH_J + r"(?:的)?" + _ZH_LAW
    ),
    # 以中华人民共和国法律为准据法
    re.compile(r"以" + _ZH_J + r"(?:的)?法律为(?:准据法|适用法律|管辖法律)"),
    # 依照中华人民共和国法律解释
    re.compile(r"(?:依照|按照|依据)" + _ZH_J + r"(?:的)?法律(?:进行)?解释"),
]
#: Words that make a "jurisdiction" none: 适用本合同的法律, 遵守适用的……法律, 相关法律.
_ZH_NOT_PLACE = re.compile(
    r"^[的于]|本|合同|协议|相关|有关|现行|其他|任何|当地|上述|该|其|所在|双方|甲方|乙方|规定"
    r"|国家|条款|争议|此|各方|一方|除|外"
)
_ZH_PRC = re.compile(r"中华人民共和国(?:大陆|内地)?|中国(?:大陆|内地)?|我国|内地|大陆")


def _chinese_name(written: str) -> tuple[str, bool] | None:
    if _ZH_NOT_PLACE.search(written):
        return None
    if "香港" in written:
        return "香港特别行政区", False
    if "澳门" in written:
        return "澳门特别行政区", False
    if "台湾" in written:
        return "台湾地区", False
    if _ZH_PRC.fullmatch(written):
        return _PRC_ZH, True
    return written, False


def _chinese_choices(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for pattern in _ZH_CHOICES:
        found.extend((m.start(), m.end(), m.group("j")) for m in pattern.finditer(text))
    return found


# ----------------------------------------------------------------- the reading

_LAW_HEADING = re.compile(r"\blaws?\b|governing|适用法律|法律适用|准据法|管辖", re.IGNORECASE)


class _Choice(BaseModel):
    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    written: str
    name: str
    is_prc: bool


def _choices(text: str) -> list[_Choice]:
    choices: list[_Choice] = []
    for reader, namer in ((_english_choices, _english_name), (_chinese_choices, _chinese_name)):
        for start, end, written in reader(text):
            named = namer(written)
            if named is not None:
                choices.append(
                    _Choice(start=start, end=end, written=written, name=named[0], is_prc=named[1])
                )
    return choices


def _section_at(document: Document, offset: int) -> Section | None:
    """The deepest section whose span holds ``offset``."""
    best: Section | None = None
    for section in document.sections():
        if section.start <= offset < section.end and (best is None or section.level >= best.level):
            best = section
    return best


def _sentence_at(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence holding ``text[start:end]`` (within its line)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for a, b in sentence_spans(text[line_start:line_end]):
        if line_start + a <= start < line_start + b:
            return line_start + a, max(line_start + b, min(end, line_end))
    return start, end


def read_governing_law(document: Document | None) -> GoverningLaw:
    """The law that governs ``document`` (the contract under review): its express
    choice (the one in a clause about the law first, else the first in the text); else
    PRC law for a Chinese-language contract; else not stated."""
    if document is None:
        return GoverningLaw()
    text = document.source
    ranked: list[tuple[int, int, _Choice, Section | None]] = []
    # traditional Chinese (a Hong Kong contract) read as simplified: same offsets
    for choice in _choices(simplified(text)):
        section = _section_at(document, choice.start)
        titled = section is not None and _LAW_HEADING.search(section.title) is not None
        ranked.append((0 if titled else 1, choice.start, choice, section))
    if ranked:
        _, _, choice, section = min(ranked, key=lambda row: (row[0], row[1]))
        start, end = _sentence_at(text, choice.start, choice.end)
        return GoverningLaw(
            name=choice.name,
            written=choice.written,
            is_prc=choice.is_prc,
            basis="express",
            document=document.name,
            clause_id=section.id if section is not None else "",
            quote=text[start:end],
            start=start,
            end=end,
        )
    if document.language == "zh":
        return GoverningLaw(
            name=_PRC_ZH, is_prc=True, basis="implied_chinese_language", document=document.name
        )
    return GoverningLaw(document=document.name)
