"""Reading the amendment instructions of Particular Conditions.

Particular Conditions amend the General Conditions sub-clause by sub-clause with
instructions such as "Delete this Sub-Clause and substitute: ...", 'Replace "28 days"
with "14 days"', "Add the following at the end of this Sub-Clause: ...", "删除本款，
替换为：……", '将"28天"替换为"14天"', "在本款末尾增加以下内容：……". This module turns the
text of one Particular Conditions sub-clause into a list of :class:`PcOperation`;
:mod:`contract_review_fidic.merge_gc_pc` applies them to the General Conditions text.
Text that carries no instruction is returned as free text (the Particular Conditions'
own wording of the clause).
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.chinese_numerals import chinese_to_int
from contract_review.text.sentences import sentences


class OperationKind(StrEnum):
    """What one instruction does to the General Conditions text."""

    DELETE_CLAUSE = "delete_clause"
    REPLACE_CLAUSE = "replace_clause"
    NEW_CLAUSE = "new_clause"
    DELETE_PART = "delete_part"
    REPLACE_PART = "replace_part"
    REPLACE_WORDS = "replace_words"
    DELETE_WORDS = "delete_words"
    INSERT_WORDS = "insert_words"
    ADD_TEXT = "add_text"


class PartKind(StrEnum):
    """A positional part of a clause an instruction targets."""

    PARAGRAPH = "paragraph"
    SENTENCE = "sentence"


class PcOperation(BaseModel):
    """One amendment instruction read from the Particular Conditions."""

    kind: OperationKind
    instruction: str = Field(description="The instruction as written.")
    old_text: str = Field(default="", description="Words to find (replace/delete/insert anchor).")
    new_text: str = Field(default="", description="Words or text to put in.")
    part: PartKind | None = Field(default=None, description="Targeted paragraph or sentence.")
    ordinal: int | None = Field(
        default=None, description="1-based position of the targeted part; -1 is the last."
    )
    insert_before: bool = Field(default=False, description="INSERT_WORDS: before the anchor.")


class PcInstructions(BaseModel):
    """The instructions of one Particular Conditions sub-clause, and any free text."""

    operations: list[PcOperation] = Field(default_factory=list)
    free_text: str = Field(default="", description="Text that is not an instruction.")


_ORDINALS_EN = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
    "final": -1,
}
_ORD_EN = "|".join(_ORDINALS_EN)
_ORD_ZH = r"[一二三四五六七八九十\d]+|最后一"
_END = r"(?:[:：]|\bfollowing\b[\s.]*$)"
_CLAUSE_EN = r"(?:sub-?\s?clause|clause)(?:\s+\d+(?:\.\d+)*)?"
_THIS_CLAUSE_ZH = r"(?:本款|该款|本条|本子条款|第\s*\d+(?:\.\d+)*\s*(?:款|条))"

_FLAGS = re.IGNORECASE

_NEW_CLAUSE = (
    re.compile(
        rf"^(?:add|insert)\s+(?:the\s+following\s+)?(?:a\s+)?new\s+sub-?\s?clause(?:\s+(?P<num>\d+(?:\.\d+)+))?[^:：]*?(?:{_END}|$)",
        _FLAGS,
    ),
    re.compile(
        r"^(?:增加|新增|增设|补充)(?:一款|新的一款|第\s*(?P<num>\d+(?:\.\d+)+)\s*(?:款|条))[^:：。]{0,40}(?:[:：]|$)"
    ),
)
_REPLACE_CLAUSE = (
    re.compile(
        rf"^(?:delete|omit)\s+(?:this|the)?\s*(?:whole\s+|entire\s+)?(?:text\s+of\s+(?:this\s+)?)?{_CLAUSE_EN}\b[^:：]*?\b(?:replace|substitut)[^:：]*?{_END}",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:replace|substitute)\s+(?:this|the)\s+(?:whole\s+|entire\s+)?(?:text\s+of\s+(?:this\s+)?)?{_CLAUSE_EN}\b[^:：]*?{_END}",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:the\s+(?:whole\s+|entire\s+)?text\s+of\s+)?(?:this\s+)?{_CLAUSE_EN}\s+(?:is|shall\s+be)\s+(?:deleted\s+(?:in\s+its\s+entirety\s+)?and\s+)?(?:replaced|substituted)\b[^:：]*?{_END}",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:删除|删去){_THIS_CLAUSE_ZH}(?:的)?(?:全部内容|全文|内容)?[，,]?\s*(?:并)?(?:替换为|代之以|修改为|改为|更改为|以下列内容替代)(?:以下内容|如下内容|下列内容|如下)?[:：]"
    ),
    re.compile(
        rf"^(?:将)?{_THIS_CLAUSE_ZH}(?:的)?(?:全部内容|内容|全文)?(?:修改|替换|变更|更改|改)为(?:以下内容|如下内容|下列内容|如下)?[:：]"
    ),
)
_REPLACE_PART = (
    re.compile(
        rf"^(?:in\s+this\s+sub-?\s?clause,?\s*)?(?:delete|omit|replace)\s+the\s+(?P<ord>{_ORD_EN})\s+(?P<part>paragraph|sentence)\b[^:：]*?\b(?:replace|substitut|with|by)[^:：]*?{_END}",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:删除|删去)(?:本款)?第(?P<ord>{_ORD_ZH})(?P<part>段|句)[，,]?\s*(?:并)?(?:替换为|代之以|修改为|改为|更改为)(?:以下内容|如下内容|如下)?[:：]"
    ),
    re.compile(
        rf"^(?:将)?(?:本款)?第(?P<ord>{_ORD_ZH})(?P<part>段|句)(?:修改|替换|更改|改)为(?:以下内容|如下内容|如下)?[:：]"
    ),
)
_ADD_TEXT = (
    re.compile(
        rf"^(?:at\s+the\s+end\s+of\s+(?:this\s+{_CLAUSE_EN}|the\s+(?P<ord>{_ORD_EN})\s+paragraph(?:\s+of\s+this\s+{_CLAUSE_EN})?)\s*,?\s*)?(?:add|insert)\b(?!\s+(?:a\s+)?new\s+sub-?\s?clause)[^:：\"“]*?{_END}",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:在(?:{_THIS_CLAUSE_ZH}(?:末尾|最后|结尾|之后|后)|(?:本款)?第(?P<ord>{_ORD_ZH})段(?:之后|后|末尾))[，,]?\s*)?(?:增加|增补|补充|添加|加入|新增)(?:以下内容|如下内容|下列内容|以下条款|如下|一段|一句)?[:：]"
    ),
)
_DELETE_CLAUSE = (
    re.compile(
        rf"^(?:delete|omit)\s+(?:this|the)?\s*(?:whole\s+|entire\s+)?{_CLAUSE_EN}(?:\s+in\s+(?:its\s+)?entirety)?\s*[.;]?$",
        _FLAGS,
    ),
    re.compile(
        rf"^(?:this\s+)?{_CLAUSE_EN}\s+(?:is|shall\s+be)\s+deleted(?:\s+in\s+(?:its\s+)?entirety)?\s*[.;]?$",
        _FLAGS,
    ),
    re.compile(
        r"^(?:not\s+used|not\s+applicable|intentionally\s+(?:left\s+)?blank)\s*[.;]?$", _FLAGS
    ),
    re.compile(rf"^(?:删除|删去){_THIS_CLAUSE_ZH}(?:的)?(?:全部内容|全文)?\s*[。.；;]?$"),
    re.compile(
        rf"^{_THIS_CLAUSE_ZH}(?:的)?(?:全部内容|内容|全文)?(?:删除|删去|不适用|不予适用)\s*[。.；;]?$"
    ),
    re.compile(r"^(?:不适用|此款不适用|空缺)\s*[。.；;]?$"),
)
_DELETE_PART = (
    re.compile(
        rf"^(?:delete|omit)\s+the\s+(?P<ord>{_ORD_EN})\s+(?P<part>paragraph|sentence)\b(?:\s+of\s+this\s+{_CLAUSE_EN})?\s*[.;]?$",
        _FLAGS,
    ),
    re.compile(rf"^(?:删除|删去)(?:本款)?第(?P<ord>{_ORD_ZH})(?P<part>段|句)\s*[。.；;]?$"),
)

_QUOTE_PAIRS = {'"': '"', "“": "”", "‘": "’", "「": "」", "『": "』", "＂": "＂"}
_QUOTED = re.compile(
    "|".join(f"{re.escape(o)}([^{re.escape(c)}]+){re.escape(c)}" for o, c in _QUOTE_PAIRS.items())
)
_REPLACE_VERB = re.compile(
    r"\b(?:replace|substitut\w*|amend\w*|chang\w*)\b|替换为|修改为|改为|更改为|变更为|替换成|改成|代替|替代|替换",
    _FLAGS,
)
_SUBSTITUTE_FOR = re.compile(r"\bsubstitut\w*\s+\S.*?\bfor\b", _FLAGS)
_ZH_WITH_NEW_FIRST = re.compile(r"以\s*[\"“‘「『＂].+?(?:替换|替代|代替)")
_INSERT_EN = re.compile(r"\b(?:insert|add)\b.*?\b(?P<pos>after|before)\b", _FLAGS)
_INSERT_ZH = re.compile(
    r"在\s*[\"“‘「『＂].+?(?P<pos>之后|后|之前|前)\s*(?:增加|插入|加入|添加|补充)"
)
_DELETE_VERB = re.compile(r"\b(?:delete|omit|strike\s+out|remove)\b|删除|删去|去掉", _FLAGS)
_INSTRUCTION_START = re.compile(
    r"^(?:delete|omit|replace|substitute|insert|add|at\s+the\s+end|not\s+used|not\s+applicable|"
    r"intentionally|(?:this\s+)?sub-?\s?clause|the\s+(?:whole\s+|entire\s+)?text\s+of|将|以|删除|删去|在|增加|新增|补充|本款|该款|不适用|此款|空缺)",
    _FLAGS,
)
_CONTEXT_PREFIX = re.compile(
    rf"^(?:in\s+(?:the\s+(?P<ord>{_ORD_EN})\s+(?P<part>paragraph|sentence)|this\s+{_CLAUSE_EN})"
    rf"(?:\s+of\s+this\s+{_CLAUSE_EN})?\s*,?\s*"
    rf"|(?:在)?(?:本款)?第(?P<zord>{_ORD_ZH})(?P<zpart>段|句)(?:中|内|里)?(?:的)?[，,]?\s*)",
    _FLAGS,
)


def _ordinal(raw: str | None) -> int | None:
    if raw is None:
        return None
    raw = raw.strip().lower()
    if raw in _ORDINALS_EN:
        return _ORDINALS_EN[raw]
    if raw == "最后一":
        return -1
    if raw.isdigit():
        return int(raw)
    try:
        return chinese_to_int(raw)
    except ValueError:
        return None


def _part(raw: str | None) -> PartKind | None:
    if raw is None:
        return None
    return PartKind.SENTENCE if raw.lower() in ("sentence", "句") else PartKind.PARAGRAPH


def quoted_strings(text: str) -> list[str]:
    """The strings between quotation marks in ``text``, in order (English and CJK quotes)."""
    return [next(g for g in match.groups() if g is not None) for match in _QUOTED.finditer(text)]


def _match_any(patterns: tuple[re.Pattern[str], ...], line: str) -> re.Match[str] | None:
    for pattern in patterns:
        match = pattern.search(line)
        if match:
            return match
    return None


def _block_operation(line: str) -> tuple[PcOperation, str] | None:
    """A block instruction at the start of ``line``, and the text after it."""
    for kind, patterns in (
        (OperationKind.NEW_CLAUSE, _NEW_CLAUSE),
        (OperationKind.REPLACE_CLAUSE, _REPLACE_CLAUSE),
        (OperationKind.REPLACE_PART, _REPLACE_PART),
        (OperationKind.ADD_TEXT, _ADD_TEXT),
    ):
        match = _match_any(patterns, line)
        if match is None:
            continue
        groups = match.groupdict()
        ordinal = _ordinal(groups.get("ord"))
        part = _part(groups.get("part"))
        if kind is OperationKind.ADD_TEXT and ordinal is not None:
            part = PartKind.PARAGRAPH
        operation = PcOperation(
            kind=kind, instruction=match.group(0).strip(), part=part, ordinal=ordinal
        )
        return operation, line[match.end() :].strip()
    return None


def _sentence_operations(sentence: str) -> list[PcOperation]:
    """Inline instructions in one sentence (quoted words, whole-clause or part deletion)."""
    stripped = sentence.strip()
    match = _match_any(_DELETE_CLAUSE, stripped)
    if match:
        return [PcOperation(kind=OperationKind.DELETE_CLAUSE, instruction=stripped)]
    match = _match_any(_DELETE_PART, stripped)
    if match:
        return [
            PcOperation(
                kind=OperationKind.DELETE_PART,
                instruction=stripped,
                part=_part(match.group("part")),
                ordinal=_ordinal(match.group("ord")),
            )
        ]
    quotes = quoted_strings(stripped)
    if not quotes:
        return []
    insert = _INSERT_EN.search(stripped) or _INSERT_ZH.search(stripped)
    if insert and len(quotes) >= 2:
        before = insert.group("pos").lower() in ("before", "之前", "前")
        chinese = insert.re is _INSERT_ZH
        anchor, new = (quotes[0], quotes[1]) if chinese else (quotes[1], quotes[0])
        return [
            PcOperation(
                kind=OperationKind.INSERT_WORDS,
                instruction=stripped,
                old_text=anchor,
                new_text=new,
                insert_before=before,
            )
        ]
    if _REPLACE_VERB.search(stripped) and len(quotes) >= 2:
        new_first = bool(_SUBSTITUTE_FOR.search(stripped) or _ZH_WITH_NEW_FIRST.search(stripped))
        old, new = (quotes[1], quotes[0]) if new_first else (quotes[0], quotes[1])
        return [
            PcOperation(
                kind=OperationKind.REPLACE_WORDS, instruction=stripped, old_text=old, new_text=new
            )
        ]
    if _DELETE_VERB.search(stripped):
        return [
            PcOperation(kind=OperationKind.DELETE_WORDS, instruction=stripped, old_text=quote)
            for quote in quotes
        ]
    return []


def _inline_operations(sentence: str) -> list[PcOperation]:
    """Inline instructions of one sentence, honouring a leading "In the first paragraph,"."""
    stripped = sentence.strip()
    prefix = _CONTEXT_PREFIX.match(stripped)
    rest = stripped[prefix.end() :] if prefix else stripped
    if not rest or not (_INSTRUCTION_START.match(rest) or rest[0] in _QUOTE_PAIRS):
        return []
    operations = _sentence_operations(rest)
    if prefix is None:
        return operations
    groups = prefix.groupdict()
    ordinal = _ordinal(groups.get("ord") or groups.get("zord"))
    part = _part(groups.get("part") or groups.get("zpart"))
    if ordinal is None:
        return operations
    return [
        op.model_copy(update={"instruction": stripped, "part": part, "ordinal": ordinal})
        if op.kind
        in (OperationKind.REPLACE_WORDS, OperationKind.DELETE_WORDS, OperationKind.INSERT_WORDS)
        else op
        for op in operations
    ]


def is_instruction(line: str) -> bool:
    """True when ``line`` holds an amendment instruction."""
    line = line.strip()
    if not line:
        return False
    if _INSTRUCTION_START.match(line) and _block_operation(line) is not None:
        return True
    return any(
        _inline_operations(sentence) for sentence in sentences(line, semicolons=True, quotes=True)
    )


def parse_pc_instructions(text: str) -> PcInstructions:
    """The amendment instructions in the text of one Particular Conditions sub-clause."""
    lines = [line.strip() for line in text.splitlines()]
    operations: list[PcOperation] = []
    free_lines: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        block = _block_operation(line) if _INSTRUCTION_START.match(line) else None
        if block is not None:
            operation, rest = block
            body = [rest] if rest else []
            while index < len(lines) and not is_instruction(lines[index]):
                body.append(lines[index])
                index += 1
            new_text = "\n".join(part for part in body if part).strip()
            operations.append(operation.model_copy(update={"new_text": new_text}))
            continue
        free: list[str] = []
        for sentence in sentences(line, semicolons=True, quotes=True):
            found = _inline_operations(sentence)
            if found:
                operations.extend(found)
            else:
                free.append(sentence)
        if free:
            free_lines.append(" ".join(free))
    return PcInstructions(operations=operations, free_text="\n".join(free_lines).strip())
