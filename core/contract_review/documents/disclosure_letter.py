"""What a disclosure letter discloses, and against which warranties of the agreement.

A disclosure letter qualifies the warranties of a share or asset purchase: specific
disclosures name the warranty they are made against ("Disclosure against Warranty 7.6
(Litigation): …", "2.4 Warranty 4.6 (Material Contracts). …", "针对协议第7.6条（诉讼与仲裁）：…"),
general disclosures put whole sources on record (the data room, public registers, due
diligence reports). :func:`read_disclosures` cuts the letter into its numbered passages
and reads, for each,

* the agreement's clauses it names (numbers the agreement has as sections);
* whether it is general (it names no clause and discloses a whole source);
* whether it is adverse: it reveals a claim, a breach, a liability, a loss or an amount
  — what takes away a warranty's protection ("the Company is defendant in a claim for
  GBP 1.85m") — rather than a neutral fact ("the Accounts were audited by …"); the
  warranty's title named with it ("Warranty 7.6 (Litigation)") is not read for this.

Passages start at a numbered line (as the parser recognises headings) or after a blank
line, so a letter is read the same whether or not its numbering makes sections. A
heading line that names warranties ("Disclosure against Warranty 9.9 (Events since the
Accounts Date)") is no disclosure itself: the passages under it, up to the next heading,
are made against those warranties.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict, Field

from .headings import HeadingMatch, recognise_heading
from .model import Document

__all__ = ["MAX_LETTER_CHARS", "Disclosure", "read_disclosures"]

#: Characters of a letter read at most (a longer letter is read up to here).
MAX_LETTER_CHARS = 400_000
#: Characters at the start of a passage where the clause it is made against is named.
HEAD_CHARS = 160
#: A passage shorter than this is a heading, not a disclosure.
MIN_PASSAGE_CHARS = 25

_CLAUSE_REF = re.compile(
    r"\b(?:Warrant(?:y|ies)|paragraphs?|para\.?|clauses?|sections?|sub-clauses?)\s+"
    r"(\d{1,3}(?:\.\d{1,3}){1,3}|\d{1,3}\b)"
    r"|第\s*(\d{1,3}(?:\.\d{1,3}){0,3})\s*(?:条|款|项)?|(\d{1,3}(?:\.\d{1,3}){1,3})\s*(?:条|款|项)",
    re.IGNORECASE,
)
_GENERAL_SOURCE = re.compile(
    r"\bdata\s*room\b|\bVDR\b|\bpublic\s+(?:register|record|search)|\bCompanies\s+House\b"
    r"|\bdue\s+diligence\b|\bsite\s+visits?\b|\bmanagement\s+presentations?\b"
    r"|\bgenerally\s+disclosed\b|\bstatutory\s+books\b|\breplies\s+to\b"
    r"|数据室|资料室|公开(?:信息|渠道|查询|披露|资料)|公示系统|尽职调查|尽调|管理层(?:访谈|介绍)|一般披露",
    re.IGNORECASE,
)
_ADVERSE = re.compile(
    r"\bclaims?\b|\bproceedings\b|\blitigation\b|\blawsuit|\bsued\b|\bdefendant\b|\bdispute"
    r"|\bfine[ds]?\b|\bpenalt|\bbreach|\bnon-?complian|\binfring|\binvestigat|\benquiry\b"
    r"|\binquiry\b|\baudit\s+(?:by|of\s+the\s+Company\s+by)|\bcontaminat|\bdefect|\brecall"
    r"|\bterminat|\barrears|\bshortfall|\bunpaid\b|\boutstanding\b|\bexpired"
    r"|\b(?:licen[cs]e|permit|certificate|registration|consent|approval|insurance|policy"
    r"|accreditation|authori[sz]ation)s?\b[^.;]{0,60}?\blapsed"
    r"|\brevoked|\bwithdrawn\b|\breserv\w*\s+(?:its|their)\s+rights|\bwarning\s+letter"
    r"|\bnot\s+(?:been\s+)?(?:obtained|renewed|granted|paid|registered|complied)"
    r"|\bno\s+(?:\w+\s+){0,3}(?:has|have)\s+been\s+(?:obtained|granted|registered|made|filed|paid)"
    r"|\bnot\s+(?:to\s+)?(?:renew|extend)|\bnon-renewal\b|\bre-?tender"
    r"|\bno\s+intention\s+(?:of|to)\s+(?:renew|extend)|\bnot\s+intend\w*\s+to\s+(?:renew|extend|continue)"
    r"|\bno\s+further\s+(?:orders|business|purchases)|\b(?:will|intends?\s+to)\s+(?:cease|stop)\s+(?:purchas|order|buy|supply)"
    r"|\bfail(?:s|ed|ure|ing)?\b|\btender\b|\bloss\b|\bdeclin|\breduc|\bdamage|\bnotice\s+(?:of|to)|\bserved\b"
    r"|\bwithout\s+(?:a\s+|the\s+)?(?:permit|licen[cs]e|consent|approval)|\bprovision\s+of"
    r"|\b(?:GBP|USD|EUR|HKD|SGD|RMB|CNY|AUD)\s?\d|[$£€¥]\s?\d|\bS\$\s?\d"
    r"|诉讼|仲裁|纠纷|争议|起诉|罚款|处罚|违反|违规|违约|调查|稽查|检查|欠缴|未缴|未足额|补缴"
    r"|污染|瑕疵|召回|终止|解除|失效|过期|到期|期满|届满未|未取得|未办理|未获|尚在审核|审查中|索赔|赔偿|侵权|风险|万元|亿元"
    r"|尚需|尚待|尚未(?:完成|办理|取得|获得|缴纳|支付|续签|续期)|重新(?:招标|遴选)|不再(?:续签|续约|续期|合作|下单|采购|订购|供货)|不予续"
    r"|未(?:能)?(?:为[^。；，]{0,6}?|与[^。；，]{0,20}?|向[^。；，]{0,20}?)?(?:签订|签署|提供|缴纳|履行|登记|备案)"
    r"|\bcommenced\b|\bwarning\b|\bdirected\s+(?:it|the\s+Company|that)|\bdirections?\s+(?:to|from)"
    r"|\b(?:major|adverse|material|critical)\s+findings?\b|\bcorrective\b|\bunauthori[sz]ed\b"
    r"|\bsuspen(?:d|sion)|\bnot\s+yet\b"
    # an incident: a disease found, a leak, a limit exceeded
    r"|\boutbreak|\bculled\b|\bleak(?:s|ed|age)?\b|\bspill(?:s|ed|age)?\b"
    r"|事故|检出|阳性|扑杀|疫情|疫病|死亡|伤亡|泄漏|超标"
    # an allegation; volumes cut ("委托加工量将下调约百分之四十")
    r"|\balleg(?:e|es|ed|ing|ations?)\b|下调|(?:下降|减少|降低)(?:约|了)?(?:百分之|\d+(?:\.\d+)?\s*%)",
    re.IGNORECASE,
)
_PASSAGE_BREAK = re.compile(r"\n[^\S\n]*\n")
# A warranty's title named with it at a passage's start ("Warranty 7.6 (Litigation)",
# "第7.6条（诉讼与仲裁）"): the subject of the warranty, not news about it.
_TITLE = re.compile(r"[(（][^()（）\n]{1,40}[)）]")


class Disclosure(BaseModel):
    """One passage of a disclosure letter and what it is made against."""

    model_config = ConfigDict(frozen=True)

    letter: str = Field(description="The letter's document name.")
    passage_id: str = Field(description="The passage's number in the letter ('2.6'), or ''.")
    text: str
    start: int = Field(ge=0, description="Offset of the passage in the letter's source.")
    end: int = Field(ge=0)
    clause_ids: tuple[str, ...] = Field(
        default=(), description="The agreement's clauses the passage names, in order."
    )
    general: bool = Field(description="It names no clause and discloses a whole source.")
    adverse: bool = Field(description="It reveals a claim, breach, liability or amount.")


def read_disclosures(letter: Document, agreement: Document) -> list[Disclosure]:
    """The passages of ``letter`` that disclose something, with the clauses of
    ``agreement`` each names; introductory passages that name no clause and no source
    are left out."""
    source = letter.source[:MAX_LETTER_CHARS]
    found: list[Disclosure] = []
    carried: tuple[str, ...] = ()  # the clauses a heading line names, for the passages under it
    for start, end in _passages(source):
        text = source[start:end]
        first_line = text.split("\n", 1)[0]
        heading = recognise_heading(first_line)
        named = _named_clauses(text[:HEAD_CHARS], heading, agreement)
        if _is_heading_line(text):
            carried = named  # "Disclosure against Warranty 9.9 (Litigation)"; "3. PART C"
            if named or len(text) < MIN_PASSAGE_CHARS:
                continue
        elif len(text) < MIN_PASSAGE_CHARS:
            continue
        named = named or carried
        general = not named and _GENERAL_SOURCE.search(text) is not None
        if not named and not general:
            continue
        found.append(
            Disclosure(
                letter=letter.name,
                passage_id=heading.id if heading is not None else "",
                text=text,
                start=start,
                end=end,
                clause_ids=named,
                general=general,
                adverse=_ADVERSE.search(_without_titles(text)) is not None,
            )
        )
    return found


def _is_heading_line(text: str) -> bool:
    """True for a passage that is one short line not ending a sentence and disclosing
    nothing adverse: a heading
    ("Disclosure against Warranty 9.9 (Events since the Accounts Date)", "PART B:
    SPECIFIC DISCLOSURES", "针对第7.6条（诉讼）"), whose clauses (or none) the passages
    under it are made against until the next heading."""
    return (
        "\n" not in text
        and len(text) <= HEAD_CHARS
        and not text.endswith((".", "。", ";", "；"))
        and _ADVERSE.search(_without_titles(text)) is None  # "7.6: a claim for GBP 2m"
    )


def _without_titles(text: str) -> str:
    """``text`` without the titles in parentheses at its start (the first
    :data:`HEAD_CHARS` characters), so that only what is disclosed reads as adverse."""
    return _TITLE.sub(" ", text[:HEAD_CHARS]) + text[HEAD_CHARS:]


def _named_clauses(head: str, heading: HeadingMatch | None, agreement: Document) -> tuple[str, ...]:
    """The agreement's clause numbers named in ``head`` (the passage's start, whose
    first line is ``heading``), in order; numbers the agreement does not have as
    sections are not clauses of it (a date, an amount), nor is the passage's own
    number."""
    own = heading.id if heading is not None else None
    named: list[str] = []
    for match in _CLAUSE_REF.finditer(head):
        number = match.group(1) or match.group(2) or match.group(3)
        if heading is not None and match.start() < heading.rest_start and number == own:
            continue  # the passage's own number, not a clause it names
        if number not in named and agreement.find(number) is not None:
            named.append(number)
    return tuple(named)


def _passages(source: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each passage, trimmed: a numbered line or a blank line starts
    one."""
    starts = [0]
    position = 0
    for line in source.splitlines(keepends=True):
        if position and line.strip() and recognise_heading(line) is not None:
            starts.append(position)
        position += len(line)
    starts += [match.end() for match in _PASSAGE_BREAK.finditer(source)]
    cuts = sorted(set(starts))
    for start, end in zip(cuts, [*cuts[1:], len(source)], strict=True):
        piece = source[start:end]
        stripped = piece.strip()
        if stripped:
            lead = start + len(piece) - len(piece.lstrip())
            yield lead, lead + len(stripped)
