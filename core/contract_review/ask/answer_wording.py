"""The sentences an extractive answer is written with, in Chinese and in English, and
how articles and clauses are named in them."""

from __future__ import annotations

from collections.abc import Sequence

from ..laws.law_library import short_title
from .answer_models import AskIntent
from .evidence_models import FindingNote
from .question_focus import AnswerLanguage

__all__ = [
    "article_label",
    "article_reference",
    "by_meaning_warning",
    "citation_line",
    "clause_label",
    "clause_reference",
    "findings_block",
    "not_found",
    "others_line",
]


def article_label(law_title: str, article_no: str) -> str:
    """劳动合同法 第二十一条."""
    return f"{short_title(law_title)} {article_no}"


def article_reference(law_title: str, article_no: str, language: AnswerLanguage) -> str:
    """《劳动合同法》第二十一条 (Chinese) or 劳动合同法 第二十一条 (English)."""
    if language == "zh":
        return f"《{short_title(law_title)}》{article_no}"
    return article_label(law_title, article_no)


def _numbered_like_chinese(clause_id: str) -> bool:
    return clause_id.startswith("第")


def clause_label(clause_id: str, language: AnswerLanguage) -> str:
    """Clause 14.7 / 条款 14.7; an id written 第三条 stays as it is."""
    if _numbered_like_chinese(clause_id):
        return clause_id
    return f"条款 {clause_id}" if language == "zh" else f"Clause {clause_id}"


def clause_reference(clause_id: str, title: str, document: str, language: AnswerLanguage) -> str:
    """《合同.txt》条款 8.7（Delay Damages） / Clause 8.7 (Delay Damages) of contract.txt."""
    label = clause_label(clause_id, language)
    if language == "zh":
        return f"《{document}》{label}" + (f"（{title}）" if title else "")
    return f"{label}" + (f" ({title})" if title else "") + f" of {document}"


def citation_line(
    intent: AskIntent, reference: str, quote: str, language: AnswerLanguage, *, first: bool
) -> str:
    """One quoted passage: 根据《劳动合同法》第二十一条：「…」."""
    if language == "zh":
        if not first:
            return f"另见{reference}：「{quote}」"
        verb = "根据" if intent == "law_question" else ""
        tail = "：" if intent == "law_question" else "约定："
        return f"{verb}{reference}{tail}「{quote}」"
    if not first:
        return f'See also {reference}: "{quote}"'
    if intent == "law_question":
        return f'According to {reference}: "{quote}"'
    return f'{reference} provides: "{quote}"'


def others_line(labels: Sequence[str], language: AnswerLanguage) -> str:
    """The citations the answer lists without quoting them."""
    if language == "zh":
        return "其他相关条文：" + "、".join(labels) + "。"
    return "Also relevant: " + ", ".join(labels) + "."


def not_found(intent: AskIntent, language: AnswerLanguage) -> str:
    """The answer when nothing answers the question."""
    if intent == "law_question":
        if language == "zh":
            return "法律库中没有找到回答这个问题的条文。可以换一种说法，或写明相关法律的名称再问。"
        return (
            "No article in the law library answers this question. Try other words, or name the law."
        )
    if language == "zh":
        return "审查的文件中没有找到回答这个问题的条款。"
    return "No clause of the reviewed documents answers this question."


def by_meaning_warning(language: AnswerLanguage) -> str:
    """The warning under an answer whose passages share no word with the question."""
    if language == "zh":
        return "（以上条文是按意思找到的，与问题没有相同的词语，请核对它们是否回答了问题。）"
    return (
        "(These passages were found by meaning and share no words with the question; "
        "check that they answer it.)"
    )


def findings_block(findings: Sequence[FindingNote], language: AnswerLanguage) -> str:
    """The review's findings on the clauses cited, one per line."""
    if language == "zh":
        lines = ["审查意见："]
        for note in findings:
            detail = f"：{note.description}" if note.description else ""
            lines.append(
                f"- {clause_label(note.clause_id, language)}：{note.title}"
                f"（风险：{note.risk_level}）{detail}"
            )
        return "\n".join(lines)
    lines = ["The review's findings on these clauses:"]
    for note in findings:
        detail = f": {note.description}" if note.description else ""
        lines.append(
            f"- {clause_label(note.clause_id, language)} — {note.title} "
            f"(risk: {note.risk_level}){detail}"
        )
    return "\n".join(lines)
