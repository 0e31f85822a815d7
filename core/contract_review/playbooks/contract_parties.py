"""The parties a contract names, and the words it uses for each.

Read from the opening of the document (before the first numbered clause, or its first
:data:`HEAD_CHARS` characters):

* ``Meridian Build Co. (the "Contractor")``, ``ACME, INC., a Delaware corporation
  ("Company")``, ``... (hereinafter referred to as the "Supplier")``, ``Acme Pty Ltd (ACN
  612 345 678) of 9 Harbour Road (the "Distributor")``, in the paragraph that names the
  parties ("BETWEEN" on a line of its own counts);
* ``Buyer: Alder Peak Ltd`` / ``Party A: ...`` lines;
* ``甲方（买方）：华东新能源发展有限公司``, ``发包人：...``,
  ``XX有限公司（以下简称“甲方”）``.

A party is its name (when written) and its labels: the defined words the contract
refers to it by ("Contractor"; "甲方" and "买方").
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from ..documents.model import Document, SectionKind
from .side_labels import KNOWN_SIDES, side_of_label

__all__ = ["HEAD_CHARS", "MIN_OPENING", "ContractParty", "find_parties"]

#: How much of the opening is read for the parties, at most.
HEAD_CHARS = 3000
#: A first numbered clause closer to the start than this may itself name the parties.
MIN_OPENING = 200
_NUMBERED = (SectionKind.CLAUSE, SectionKind.ARTICLE)

# A word of a party's name (a name stays on one line): capitalised, or a lower-case company suffix ("plc").
_NAME_WORD = r"(?:[A-Z0-9][\w&'’.\-]*|(?:plc|ltd|llc|inc|limited|gmbh)\b\.?)"
_NAME = (
    rf"(?:{_NAME_WORD}(?:[^\S\n]+(?:of|and|for|de|du|la|&)[^\S\n]+|[^\S\n]+|,[^\S\n]+(?=(?i:Inc|Ltd|LLC|L\.?P|Co|"
    rf"S\.A|GmbH|Limited|Corporation|Corp|PLC|N\.V|B\.V|AG)\b))){{0,8}}{_NAME_WORD}"
)
# A short aside in brackets: a registration number "(ACN 612 345 678)", a region "(MO)".
_ASIDE = r"\([^()\n\"“”]{1,40}\)"
_EN_DEFINED = re.compile(
    rf"(?P<name>{_NAME})\s*(?:{_ASIDE}\s*)?(?:,?\s+(?:an?|the|whose|which|having|incorporated|"
    rf"organi[sz]ed|established|registered|located|with|of)\b(?:[^()\n\"“”]|{_ASIDE}){{0,300}}?)?"
    r"\s*\(\s*(?:hereinafter\s+"
    r"(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?[\"“](?P<label>[A-Z][^\"”\n]{0,40})[\"”]"
    r"\s*\)"
)
# Defined words in the parties' paragraph that name no party ("the Effective Date").
_NOT_A_PARTY = re.compile(
    r"\b(?:Date|Agreement|Contract|Effective|Commencement|Term|Schedule|Part(?:y|ies)|Premises|"
    r"Property|Site|Project|Services|Products|Goods|Equipment|Works)\b",
    re.I,
)
# A party's own numbered paragraph in a Chinese list of the parties, under a line such
# as "本协议由以下各方签订：": "（1）宏川集团有限公司，一家……（“控股股东”）；" — its name up to
# the first comma, its label the last quoted word in brackets on the line.
_ZH_NUMBERED_PARTY = re.compile(
    r"^[^\S\n]*(?:[（(](?:\d{1,2}|[一二三四五六七八九十]{1,2})[）)]|\d{1,2}[.、．])[^\S\n]*"
    r"(?P<name>[^\s，,：:；;。（(“”\"]{2,40})[^\n]*[（(][^（()）\n]{0,12}?[“\"]"
    r"(?P<label>[^”\"\n（()）]{1,10})[”\"][）)][^\S\n]*[；;，,。]?[^\S\n]*(?:及|和|以及)?[^\S\n]*$",
    re.MULTILINE,
)
# The line above such a list: "本协议由下列各方于……签署：", "协议各方：".
_ZH_PARTIES_LINE = re.compile(r"(?:以下|下列)各方|(?:协议|合同)?(?:各方|当事人|签约方)[:：]")
# A joining word the name pattern takes in before a party's name ("BETWEEN Acme Ltd").
_NAME_LEAD = re.compile(r"^(?:between|and|among|amongst|by|with)\s+", re.I)
# The sentence that names the parties: "... between X (the "Employer") and Y ...".
# A party's own paragraph in a numbered list of the parties: "(1) ", "2. ".
_NUMBERED_PARTY = re.compile(r"\s*(?:\(\d{1,2}\)|\d{1,2}\.)[^\S\n]+")
# "PARTIES" or "BETWEEN" as a heading line of its own, above the numbered parties.
_PARTIES_HEADING = re.compile(r"^[^\S\n]*(?:THE\s+)?(?:PARTIES|BETWEEN)[^\S\n]*:?[^\S\n]*$", re.M)
_PARTIES_SENTENCE = re.compile(r"\b(?:between|among|amongst|made\s+by|entered\s+into\s+by)\b", re.I)
_EN_LABELS = sorted(
    {label for side in KNOWN_SIDES for label in side.labels if label.isascii()},
    key=len,
    reverse=True,
)
_EN_LINE = re.compile(
    rf"^[^\S\n]*(?:the\s+)?(?P<label>{'|'.join(map(re.escape, _EN_LABELS))})[^\S\n]*"
    r"(?:\((?P<role>[A-Za-z ]{1,30})\))?[^\S\n]*[:：][^\S\n]*(?P<name>[^\n]{2,120}?)[^\S\n]*$",
    re.MULTILINE,
)
_ZH_LABELS = sorted(
    {label for side in KNOWN_SIDES for label in side.labels if not label.isascii()} | {"丙方"},
    key=len,
    reverse=True,
)
_ZH_LINE = re.compile(
    rf"^[^\S\n]*(?P<label>{'|'.join(map(re.escape, _ZH_LABELS))}|[\u4e00-\u9fff]{{1,6}}?[方人])"
    # one of several on a side: "转让方一：陈建国", "转让方二：……"
    r"(?:[一二三四五六七八九十]|\d{1,2})?[^\S\n]*"
    r"(?:[（(](?P<role>[^）)\n]{1,12})[）)])?[^\S\n]*[:：][^\S\n]*(?P<name>[^\n，,；;（(]{2,60})",
    re.MULTILINE,
)
_ZH_DEFINED = re.compile(
    r"(?P<name>[^\s，,：:；;。“”\"（(]{2,40})\s*[（(]\s*(?:以下|下文)?(?:简称|称)(?:为)?\s*[:：]?\s*"
    r"[“\"]?(?P<label>[^”\"）)\n]{1,10}?)[”\"]?\s*[）)]"
)


# Lines that name who acts for a party, not a party: "法定代表人：周建华".
_REPRESENTATIVE = re.compile(r"(?:代表人|联系人|负责人|执行事务合伙人|代理人|授权代表)$")

# "以下简称甲方" in a role: the alias is the word after it.
_ALIAS_PREFIX = re.compile(r"^(?:以下|下文)?(?:简称|称)(?:为)?[:：]?\s*")


class ContractParty(BaseModel):
    """A party the contract names."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(default="", description="Its name as written ('Meridian Build Co.').")
    labels: tuple[str, ...] = Field(
        description="The words the contract refers to it by ('Contractor'; '甲方', '买方')."
    )
    document: str = Field(default="", description="The document that names it.")

    def is_called(self, word: str) -> bool:
        """True when ``word`` is one of its labels (without case)."""
        return _fold(word) in {_fold(label) for label in self.labels}


def _fold(text: str) -> str:
    return " ".join(text.casefold().removeprefix("the ").split())


def _head(document: Document) -> str:
    """The opening: up to the first numbered clause; when that clause starts the
    document (it may itself name the parties), up to its end. At most ``HEAD_CHARS``."""
    first = next((s for s in document.sections() if s.kind in _NUMBERED), None)
    if first is None:
        end = HEAD_CHARS
    elif first.start >= MIN_OPENING:
        end = first.start
    else:
        end = first.end
    return document.source[: min(end, HEAD_CHARS)]


def _party_word(label: str) -> bool:
    """True for a word that can name a party: a known side word ('Buyer', '甲方'), or a
    Chinese role ending in 方/人 ('担保方', '保证人')."""
    return (
        side_of_label(label) is not None or re.fullmatch(r"[^\s\d]{1,5}[方人]", label) is not None
    )


def find_parties(document: Document) -> list[ContractParty]:
    """The parties ``document`` names in its opening, in the order it names them; a
    party named twice (a line and a definition) is one party."""
    return list(_parties_in(_head(document), document.name))


@lru_cache(maxsize=64)
def _parties_in(head: str, document_name: str) -> tuple[ContractParty, ...]:
    """The parties an opening names (cached: every clause of a review asks again)."""
    found: list[tuple[int, str, tuple[str, ...]]] = []
    for match in _EN_DEFINED.finditer(head):
        label = match.group("label")
        block_start = head.rfind("\n\n", 0, match.start()) + 1
        in_parties_sentence = _PARTIES_SENTENCE.search(head, block_start, match.start()) or (
            # "BETWEEN" on its own, then one numbered paragraph per party: "(2) HOKUYO
            # LOGISTICS CO., LTD., a company ... (the "Minority Partner"); and"
            _NUMBERED_PARTY.match(head, block_start)
            and (
                _PARTIES_SENTENCE.search(head, 0, block_start)
                or _PARTIES_HEADING.search(head, 0, block_start)
            )
        )
        if side_of_label(label) is not None or (
            in_parties_sentence and not _NOT_A_PARTY.search(label)
        ):
            name = _NAME_LEAD.sub("", match.group("name")).strip(" ,")
            found.append((match.start(), name, (label,)))
    for pattern in (_EN_LINE, _ZH_LINE):
        for match in pattern.finditer(head):
            if _REPRESENTATIVE.search(match.group("label")):
                continue
            role = _ALIAS_PREFIX.sub("", match.group("role") or "").strip("“”\"'")
            labels = (match.group("label"), *([role] if role and _party_word(role) else []))
            found.append((match.start(), match.group("name").strip(" ,.;。"), labels))
    listed = _ZH_PARTIES_LINE.search(head)
    for match in _ZH_NUMBERED_PARTY.finditer(head, listed.end() if listed else len(head)):
        found.append((match.start(), match.group("name"), (match.group("label"),)))
    for match in _ZH_DEFINED.finditer(head):
        name, label = match.group("name"), match.group("label")
        if not _party_word(label):
            continue
        if _party_word(name):  # 发包人（以下简称甲方）: two words for one party
            found.append((match.start(), "", (name, label)))
        else:
            found.append((match.start(), name, (label,)))
    parties: list[ContractParty] = []
    for _, name, labels in sorted(found, key=lambda item: item[0]):
        same = next(
            (
                index
                for index, party in enumerate(parties)
                if (name and _fold(name) == _fold(party.name))
                or any(party.is_called(label) for label in labels)
            ),
            None,
        )
        clean = tuple(label.strip() for label in labels if label.strip())
        if same is None:
            parties.append(ContractParty(name=name, labels=clean, document=document_name))
            continue
        party = parties[same]
        parties[same] = ContractParty(
            name=party.name or name,
            labels=tuple(dict.fromkeys((*party.labels, *clean))),
            document=document_name,
        )
    return tuple(parties)
