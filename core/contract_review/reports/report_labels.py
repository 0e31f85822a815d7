"""Every label the report pages print, in English and in Chinese: one table, so a report
in Chinese (``ReviewReport.language == "zh"``) shows no English label or heading above
its appendix, and a report in English no Chinese one.

:func:`label` looks a label up by key; :func:`risk_word` names a risk level;
:func:`contract_type_name` names a contract type (core's
:data:`~contract_review.documents.contract_type.CONTRACT_TYPES`). A label with
``{placeholders}`` is filled with :meth:`str.format` by the caller.
"""

from __future__ import annotations

from typing import Literal

from ..documents.contract_type import CONTRACT_TYPES
from ..domain import RiskLevel

__all__ = ["LABELS", "Language", "contract_type_name", "label", "language_of", "risk_word"]

#: The languages a report is written in.
Language = Literal["en", "zh"]

#: Label key -> (English, Chinese).
LABELS: dict[str, tuple[str, str]] = {
    # the executive summary
    "executive_summary": ("Executive summary", "审查摘要"),
    "contract": ("Contract", "合同"),
    "contract_type": ("Contract type", "合同类型"),
    "party": ("Party reviewed for", "审查立场"),
    "party_none": ("not specified", "未指定"),
    "governing_law": ("Governing law", "适用法律"),
    "risk_counts": ("Issues by risk", "风险分布"),
    "key_issues": ("Key issues", "主要问题"),
    "no_issues": ("No issue was found.", "未发现问题。"),
    "we_propose": ("We propose", "建议"),
    "colon": (": ", "："),
    # the issues
    "issues_by_clause": ("Issues by clause", "逐条问题"),
    "no_clause_issues": (
        "No clause departs from our standard.",
        "未发现偏离我方标准立场的条款。",
    ),
    "other_findings": ("Other issues", "其他问题"),
    "clause_text": ("Clause text", "条款原文"),
    "full_text": ("Full text", "全文"),
    "why_it_matters": ("Why it matters", "风险说明"),
    "standard_position": ("Our standard position", "我方标准立场"),
    "suggested_change": ("Suggested change", "修改建议"),
    "change_to_ask_for": ("Change to ask for", "修改要求"),
    "redline_elsewhere": (
        "Made in the one redline of this clause, under “{title}”.",
        "已并入本条的修订，见“{title}”。",
    ),
    "redline_legend": (
        "Deleted text is struck through; inserted text is underlined.",
        "删除的文字以删除线标示，新增的文字以下划线标示。",
    ),
    "no_text_change": ("The text stays as it is.", "条款文字不变。"),
    "redline_legend_markdown": (
        "Deleted text is struck through; inserted text is in bold or underlined.",
        "删除的文字以删除线标示，新增的文字以粗体或下划线标示。",
    ),
    "shortened": ("Shortened; the full text is in the appendix.", "节选，全文见附录。"),
    "reference": ("Reference", "参考文件"),
    "law": ("Law", "法律依据"),
    "reviewer_wording": ("Wording agreed by the reviewer", "审核人确定的措辞"),
    # after the issues
    "checked": ("Checked, in order", "已审查且无异议"),
    "none_checked": ("No checklist item was found in order.", "无。"),
    "missing": ("Missing", "缺失条款"),
    "none_missing": (
        "Every checklist clause was found in the document.",
        "清单所列条款均已在合同中找到。",
    ),
    "notes": ("Notes", "提示"),
    "contents": ("Contents", "目录"),
    "appendix": ("Appendix", "附录"),
    "appendix_intro": (
        "How the review was made: documents, plan, each clause's steps and skills, "
        "decisions, timings.",
        "审查过程记录：文件、审查计划、各条款的处理步骤与技能、审批决定、耗时。",
    ),
    # counts and risk words
    "critical": ("Critical", "严重"),
    "high": ("High", "高"),
    "medium": ("Medium", "中"),
    "low": ("Low", "低"),
    "in_order": ("In order", "无异议"),
    "missing_count": ("Missing", "缺失"),
    # the incomplete-review banner
    "incomplete": (
        "Incomplete review (status: {status}). This review {state}: {done} of {planned} "
        "planned clauses were reviewed and the findings below may be partial.",
        "审查未完成（状态：{status}）。本次审查{state}：计划审查的 {planned} 项中已完成 "
        "{done} 项，以下结论可能不完整。",
    ),
    "state_paused": ("was paused before it finished", "在完成前已暂停"),
    "state_running": ("was still running when this report was written", "在生成本报告时仍在进行"),
    "state_failed": ("failed before it finished", "在完成前失败"),
    # appendix headings
    "documents": ("Documents", "文件"),
    "review_record": ("Review", "审查信息"),
    "review_plan": ("Review plan", "审查计划"),
    "plan_changes": ("Plan changes", "计划调整"),
    "clause_record": ("Clauses: steps, located passages and skills", "各条款处理记录"),
    "finding_record": ("Findings: ids, evidence and decisions", "问题记录"),
    "other_decisions": ("Decisions on findings not in this report", "本报告以外问题的审批决定"),
    "internal_notes": ("Notes on the review", "审查说明"),
    "plugins": ("Plugins", "插件"),
    "timings": ("Timings", "耗时"),
}


def language_of(value: str) -> Language:
    """``value`` as a report language: 'zh' or, for anything else, 'en'."""
    return "zh" if value == "zh" else "en"


def label(key: str, language: str) -> str:
    """The label ``key`` in ``language`` ('zh' or, for anything else, English)."""
    english, chinese = LABELS[key]
    return chinese if language == "zh" else english


def risk_word(level: RiskLevel, language: str) -> str:
    """A risk level as a word: 'High', '高'."""
    return label(level.value, language)


def contract_type_name(type_id: str, language: str) -> str:
    """A contract type's name in ``language``; '' when unknown or 'other'."""
    for spec in CONTRACT_TYPES:
        if spec.type_id == type_id:
            return spec.name_zh if language == "zh" else spec.name_en
    return ""
