"""A deterministic sample review for a domain: a contract that mentions every checklist
clause, parsed by core's own parser, inside a :class:`~contract_review.review.state.ReviewState`.

The conformance checks build skill inputs and dispatch skills on this state; the
hypothesis strategy :func:`contract_review.testing.strategies.review_states` varies it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..documents.loading import parse_text
from ..documents.model import Document, DocumentRole
from ..domain import ChecklistItem, DomainSpec, ParserSettings
from ..review.state import ReviewState
from .contract_text import (
    ContractClause,
    ContractText,
    Language,
    NumberingStyle,
    TextFormat,
    body_line,
    parse_chinese_numeral,
    render_contract,
)

_DOTTED = re.compile(r"^\d+(?:\.\d+)*$")
_ARTICLE = re.compile(r"^第([零一二三四五六七八九十百千]+)条$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def parse_document(
    text: str,
    *,
    name: str,
    language: Language,
    role: str = DocumentRole.PRIMARY.value,
    format: TextFormat = "text",
    settings: ParserSettings | None = None,
) -> Document:
    """Parse ``text`` with core's parser (:func:`contract_review.documents.loading.parse_text`).

    :param settings: The domain's parser settings (definition titles), if any.
    """
    return parse_text(
        text, name=name, format=format, role=role, language=language, settings=settings
    )


def domain_language(domain: DomainSpec) -> Language:
    """The language documents of ``domain`` are written in: its parser setting, or
    Chinese when its checklist names are Chinese, or English."""
    setting = domain.parser_settings.language
    if setting in ("en", "zh"):
        return "zh" if setting == "zh" else "en"
    if any(_CJK.search(item.clause_name) for item in domain.checklist):
        return "zh"
    return "en"


def clause_number(clause_id: str) -> tuple[int, ...] | None:
    """The numbering-tree position a checklist clause id names: ``"20.1"`` -> ``(20, 1)``,
    ``"第十四条"`` -> ``(14,)``; ``None`` for topic ids such as ``"governing_law"``."""
    if _DOTTED.match(clause_id):
        return tuple(int(part) for part in clause_id.split("."))
    match = _ARTICLE.match(clause_id)
    if match:
        value = parse_chinese_numeral(match.group(1))
        return (value,) if value else None
    return None


def clause_title(item: ChecklistItem, language: Language) -> str:
    """The heading a contract in ``language`` gives this checklist item."""
    if language == "en" and item.clause_name_en:
        return item.clause_name_en
    return item.clause_name


def clause_body(item: ChecklistItem, language: Language, *, baseline: str = "") -> str:
    """A body that mentions the item's name, keywords and description, and follows the
    domain's baseline text when there is one."""
    name = clause_title(item, language)
    keywords = "、".join(item.keywords) if language == "zh" else ", ".join(item.keywords)
    lines: list[str] = []
    if language == "zh":
        lines.append(f"双方就{name}约定如下。")
        if keywords:
            lines.append(f"本条涉及：{keywords}。")
        lines.append("承包人应当在收到通知后二十八天内书面答复发包人。")
    else:
        lines.append(f"The Parties agree the following on {name}.")
        if keywords:
            lines.append(f"This clause covers: {keywords}.")
        lines.append(
            "The Contractor shall give notice to the Employer within 28 days after the event."
        )
    if item.description:
        lines.append(item.description)
    if baseline:
        lines.extend(baseline.splitlines())
    return "\n".join(body_line(line, language=language) for line in lines if line.strip())


def checklist_clauses(
    checklist: Sequence[ChecklistItem],
    language: Language,
    *,
    baseline_texts: dict[str, str] | None = None,
) -> list[ContractClause]:
    """One contract clause per checklist item, numbered as the clause id says; topic ids
    (``"governing_law"``) get the numbers after the highest numbered clause."""
    baselines = baseline_texts or {}
    clauses: dict[tuple[int, ...], ContractClause] = {}
    topics: list[ChecklistItem] = []
    for item in checklist:
        number = clause_number(item.clause_id)
        if number is None or number in clauses:
            topics.append(item)
            continue
        clauses[number] = ContractClause(
            number=number,
            title=clause_title(item, language),
            body=clause_body(item, language, baseline=baselines.get(item.clause_id, "")),
        )
    next_top = max((number[0] for number in clauses), default=0) + 1
    for offset, item in enumerate(topics):
        number = (next_top + offset,)
        clauses[number] = ContractClause(
            number=number,
            title=clause_title(item, language),
            body=clause_body(item, language, baseline=baselines.get(item.clause_id, "")),
        )
    return list(clauses.values())


def style_for(checklist: Sequence[ChecklistItem], language: Language) -> NumberingStyle:
    """The numbering style in which the checklist's clause ids appear verbatim."""
    if language == "zh":
        uses_articles = any(_ARTICLE.match(item.clause_id) for item in checklist)
        return "article" if uses_articles else "plain"
    return "plain"


def sample_contract_text(domain: DomainSpec, *, language: Language | None = None) -> ContractText:
    """A contract with one clause per checklist item of ``domain``, each titled with the
    item's name and mentioning its keywords."""
    lang = language or domain_language(domain)
    title = f"{domain.name}合同" if lang == "zh" else f"{domain.name} Agreement"
    preamble = (
        "本合同由甲方与乙方于签署日订立。"
        if lang == "zh"
        else "This Agreement is made between the Employer and the Contractor."
    )
    return render_contract(
        checklist_clauses(domain.checklist, lang, baseline_texts=domain.baseline_texts),
        language=lang,
        style=style_for(domain.checklist, lang),
        title=title,
        preamble=preamble,
    )


def reference_roles(domain: DomainSpec) -> list[str]:
    """The role ids of the domain's non-primary documents (``["reference"]`` when it
    declares none)."""
    roles = [spec.role for spec in domain.document_roles if spec.kind != "primary"]
    return roles or [DocumentRole.REFERENCE.value]


def sample_review_state(domain: DomainSpec, *, language: Language | None = None) -> ReviewState:
    """A review of ``domain`` with a parsed sample contract as the primary document and a
    parsed sample for every other document role the domain declares.

    ``current_clause_id`` is the first checklist item.
    """
    lang = language or domain_language(domain)
    contract = sample_contract_text(domain, language=lang)
    documents = [
        parse_document(
            contract.text,
            name="sample-contract.txt",
            language=lang,
            role=DocumentRole.PRIMARY.value,
            settings=domain.parser_settings,
        )
    ]
    for role in reference_roles(domain):
        if role == DocumentRole.PRIMARY.value:
            continue
        reference = render_contract(
            checklist_clauses(domain.checklist, lang),
            language=lang,
            style=style_for(domain.checklist, lang),
            title=f"{role} 文件" if lang == "zh" else f"{role} document",
        )
        documents.append(
            parse_document(
                reference.text,
                name=f"sample-{role}.txt",
                language=lang,
                role=role,
                settings=domain.parser_settings,
            )
        )
    return ReviewState(
        review_id="conformance-sample",
        domain_id=domain.domain_id,
        documents=documents,
        our_party="承包人" if lang == "zh" else "Contractor",
        language=lang,
        material_type=domain.name,
        current_clause_id=domain.checklist[0].clause_id if domain.checklist else "",
    )
