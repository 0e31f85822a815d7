"""The words a report writes about a contract, in the report's language.

A review has two languages: the contract's (which words go into the contract — a
redline's ``text_zh`` for a Chinese clause, Chinese joiners) and the report's (what the
review says to the lawyer: titles, descriptions, rationales, notes). They are the same
unless the report language is asked for (``--report-language``). Everything the engine
writes for the lawyer takes its words from here:

* :func:`pick` and :func:`rule_text` — a text given in both languages (a playbook rule's
  ``description``/``description_zh`` …), the Chinese one falling back to English while
  a translation is missing;
* :func:`item_name`, :func:`item_description` — a checklist item in the report language
  (never the other language's name: the clause id where there is none);
* :func:`clause_ref`, :func:`party_ref` — a clause and a party named in a sentence;
* :func:`say` — a sentence frame of :data:`PHRASES`, filled in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from ..domain import ChecklistItem
    from ..playbooks.rule_models import PlaybookRule

__all__ = [
    "PHRASES",
    "ReportLanguage",
    "clause_ref",
    "full_stop",
    "has_cjk",
    "item_description",
    "item_name",
    "party_ref",
    "pick",
    "report_language",
    "rule_text",
    "say",
]

ReportLanguage = Literal["en", "zh"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

RuleField = Literal["description", "standard_position", "rationale", "suggested_redline"]


def report_language(value: str) -> ReportLanguage:
    """'zh' for 'zh', else 'en'."""
    return "zh" if value == "zh" else "en"


def has_cjk(text: str) -> bool:
    """True when ``text`` holds a Chinese character."""
    return _CJK.search(text) is not None


def pick(language: str, en: str, zh: str) -> str:
    """``zh`` for a Chinese report (``en`` while ``zh`` is empty), else ``en`` (``zh``
    when only it is given)."""
    if language == "zh":
        return zh if zh.strip() else en
    return en if en.strip() else zh


def rule_text(rule: PlaybookRule, field: RuleField, language: str) -> str:
    """A playbook rule's text ``field`` in the report language (its ``*_zh`` for a
    Chinese report, the English one while that is empty)."""
    en: str = getattr(rule, field)
    zh: str = getattr(rule, f"{field}_zh")
    return pick(language, en, zh)


def item_name(item: ChecklistItem, language: str) -> str:
    """The checklist item's name in the report language: ``clause_name_en`` (else an
    English ``clause_name``) in English, a Chinese ``clause_name`` in Chinese; the
    clause id when the item has no name in that language."""
    if language == "zh":
        return item.clause_name if has_cjk(item.clause_name) else item.clause_id
    if item.clause_name_en:
        return item.clause_name_en
    return item.clause_name if not has_cjk(item.clause_name) else item.clause_id


def item_description(item: ChecklistItem, language: str) -> str:
    """What the reviewer checks for the item, in the report language."""
    return pick(language, item.description, item.description_zh)


def clause_ref(clause_ids: str | Sequence[str], language: str) -> str:
    """'clause 4.1', 'clauses 4.1, 4.2'; '第十二条', '第4.1条、第4.2条'."""
    ids = [clause_ids] if isinstance(clause_ids, str) else list(clause_ids)
    ids = [part.strip() for one in ids for part in one.split(",") if part.strip()]
    if language == "zh":
        return "、".join(i if i.startswith("第") or has_cjk(i) else f"第{i}条" for i in ids)
    return ("clauses " if len(ids) > 1 else "clause ") + ", ".join(ids)


def party_ref(label: str, language: str) -> str:
    """A party as a sentence of the report names it: as the contract calls it ("the
    Employer", 甲方), quoted where the contract's word is in the other language
    (“Buyer” in a Chinese report, “甲方” in an English one)."""
    label = label.strip()
    if not label:
        return "the other party" if language != "zh" else "对方"
    if language == "zh":
        return label if has_cjk(label) else f"“{label}”"
    if has_cjk(label):
        return f"“{label}”"
    from ..playbooks.drafting_slots import party_phrase

    return party_phrase(label, chinese=False)


#: Sentence frames, English and Chinese; ``{name}`` slots are filled by :func:`say`.
PHRASES: dict[str, tuple[str, str]] = {
    # clause assessment
    "nothing_provides": (
        "{description} Nothing in {clauses} provides for it.",
        "{description}{clauses}中没有相应约定。",
    ),
    "clause_quote": (
        "{description} Clause {clause}: “{sentence}”",
        "{description}{clause}：“{sentence}”",
    ),
    "clause_says": (
        "{description} Clause {clause} says {found}; our standard is {standard}.",
        "{description}{clause}约定为{found}；我方标准为{standard}。",
    ),
    "skill_read": (
        "{description} Clause {clause}: the {skill} skill read “{words}”; our standard is "
        "{standard}.",
        "{description}{clause}：技能“{skill}”读取到“{words}”；我方标准为{standard}。",
    ),
    "skills_read": (" The skills read {facts}.", "技能读取到：{facts}。"),
    "places": (" ({count} places in this clause.)", "（本条共{count}处。）"),
    "it_binds": (" It binds {party}.", "该条款约束{party}。"),
    "it_favours": (" It favours {party}.", "该条款有利于{party}。"),
    "it_burdens": (" It burdens {party}.", "该条款加重{party}的负担。"),
    "favours_over_other": (
        " It favours {party} over the other party.",
        "该条款偏向{party}，对另一方不利。",
    ),
    "burdens_other_side": (
        " This term burdens the other side: it favours you ({party}).",
        "该条款加重对方的负担，对我方（{party}）有利。",
    ),
    "burdens_your_side": (
        " This term burdens your side ({party}).",
        "该条款加重我方（{party}）的负担。",
    ),
    "no_change_favours_you": (
        "No change proposed: the term favours you.",
        "不建议修改：该条款对我方有利。",
    ),
    "no_redline": (
        "{words} (No redline is shown: {problem}.)",
        "{words}（未给出修订文本：{problem}。）",
    ),
    "read_by_reader": (
        " (Read by the term reader, {sure} sure.)",
        "（由条款识别模型读出，置信度{sure}。）",
    ),
    "read_by_detector": (
        " (Read by the term detector, {sure} sure.)",
        "（由条款检测模型读出，置信度{sure}。）",
    ),
    # why no redline is shown
    "problem_nothing": ("it changes nothing", "修订前后没有变化"),
    "problem_repeat": ("it would repeat the words “{words}”", "修订后会重复“{words}”"),
    "problem_noop": (
        "it would leave an amendment that changes nothing ({words})",
        "修订后会留下一项不改变任何内容的修改指示（{words}）",
    ),
    "problem_still_there": (
        "the clause would still hold the term after it",
        "修订后条款仍含有该约定",
    ),
    # one redline per clause
    "change_add": ("Add “{new}”.", "增加“{new}”。"),
    "change_delete": ("Delete “{old}”.", "删除“{old}”。"),
    "change_replace": ("Change “{old}” to “{new}”.", "将“{old}”修改为“{new}”。"),
    "change_overlaps": (
        "{change} (This overlaps the clause's redline under {carrier}, so it is not shown "
        "as a second redline.)",
        "{change}（该修改与本条“{carrier}”一项的修订重叠，不再另行列出。）",
    ),
    # checked items
    "in_order": (
        "Nothing departs from our standard: {position}.",
        "未发现偏离我方标准立场之处（{position}）。",
    ),
    "in_order_bare": ("Nothing departs from our standard.", "未发现偏离我方标准立场之处。"),
    # missing items
    "missing_title": ("Missing clause: {name}", "缺少条款：{name}"),
    "missing_description": (
        "No clause of the document matches checklist item {item} ({name}).",
        "合同中没有约定{name}的条款（检查项 {item}）。",
    ),
    "missing_description_topic": (
        "No clause of the document matches checklist item {item} ({name}).",
        "合同中没有约定{name}的条款。",
    ),
    # engine notes
    "plan_default": (
        "Default plan (orchestrator off): checklist order, critical clauses analysed in "
        "depth, the others at standard depth.",
        "默认审查计划（未启用编排模型）：按检查清单顺序审查，关键条款深入分析，其余条款标准分析。",
    ),
    "quotes_dropped": (
        "{finding}: {count} quote(s) did not match the document and were dropped",
        "{finding}：{count}处引文与文件不符，已删除",
    ),
    "redline_dropped": (
        "{finding}: the proposed redline does not start from the quoted clause text and was "
        "dropped",
        "{finding}：建议修订并非基于所引条款原文，已删除",
    ),
}


def full_stop(text: str, language: str) -> str:
    """``text`` ending as a sentence of the report language ends ('' stays '')."""
    text = text.strip()
    if not text or text[-1] in '.。!！?？)）”"':
        return text
    return text + ("。" if language == "zh" else ".")


def say(key: str, language: str, /, **values: object) -> str:
    """The frame ``key`` of :data:`PHRASES` in the report language, filled with
    ``values``."""
    en, zh = PHRASES[key]
    return (zh if language == "zh" else en).format(**values)
