"""Every shipped playbook speaks Chinese as well as English: a rule's lawyer-facing text
(description, standard position, rationale, suggested change, redline words) has a
Chinese version for a report on a Chinese contract, the Chinese holds no English left
untranslated, and the English holds no Chinese. Every checklist item has a Chinese and
an English name, and what it checks (the rationale of a "missing clause" finding) in
Chinese as well as English."""

from __future__ import annotations

import re

import pytest

from contract_review.domain import ChecklistItem, DomainSpec, PlaybookRule

from .playbook_review import domain_spec

#: The shipped domains whose playbooks are checked (a test skips a plugin not installed).
DOMAINS = ("fidic", "generic", "sha_spa")

#: The rule fields a lawyer reads, each with its Chinese field ``<name>_zh``.
TEXT_FIELDS = ("description", "standard_position", "rationale", "suggested_redline")

#: Latin words a Chinese text may keep, as written: names of forms, bodies and benchmarks,
#: and abbreviations a Chinese memo writes as they are (only runs of four letters or more
#: are checked; the shorter ones are listed so the list reads whole).
ALLOWED_LATIN = frozenset(
    {
        "FIDIC",
        "DAAB",
        "EBITDA",
        "LIBOR",
        "SHIBOR",
        "LPR",
        "IPO",
        "SPA",
        "SHA",
        "NEEQ",
        "HKIAC",
        "SIAC",
        "CIETAC",
        "SHIAC",
        "ICC",
        "UNCITRAL",
    }
)

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_RUN = re.compile(r"[A-Za-z]{4,}")
#: A Chinese gloss in parentheses after an English term ("the profit commitment
#: (业绩承诺)"): the one place Chinese may stand in an English text.
CHINESE_GLOSS = re.compile(r"\([^()]*\)")


def _rules(domain_id: str) -> tuple[PlaybookRule, ...]:
    spec: DomainSpec = domain_spec(domain_id)
    assert spec.playbook is not None, domain_id
    return spec.playbook.rules


def _chinese_problems(text: str) -> list[str]:
    problems = [] if CJK.search(text) else ["has no Chinese characters"]
    left = sorted({w for w in LATIN_RUN.findall(text) if w not in ALLOWED_LATIN})
    if left:
        problems.append(f"has English words {', '.join(left)}")
    return problems


def _english_problems(text: str) -> list[str]:
    if CJK.search(CHINESE_GLOSS.sub("", text)):
        return ["has Chinese characters outside a parenthesised gloss"]
    return []


def _rule_problems(rule: PlaybookRule) -> list[str]:
    problems: list[str] = []
    for field in TEXT_FIELDS:
        english, chinese = getattr(rule, field), getattr(rule, f"{field}_zh")
        if not english:
            continue
        if not chinese:
            problems.append(f"{rule.rule_id}.{field}_zh is missing")
            continue
        problems += [f"{rule.rule_id}.{field}_zh {p}" for p in _chinese_problems(chinese)]
        problems += [f"{rule.rule_id}.{field} {p}" for p in _english_problems(english)]
    if rule.description_zh and not rule.description_zh.endswith("。"):
        problems.append(f"{rule.rule_id}.description_zh does not end with 。")
    return problems


def _item_problems(item: ChecklistItem) -> list[str]:
    if not item.description:
        return []
    if not item.description_zh:
        return [f"{item.clause_id}.description_zh is missing"]
    problems = [
        f"{item.clause_id}.description_zh {p}" for p in _chinese_problems(item.description_zh)
    ]
    problems += [f"{item.clause_id}.description {p}" for p in _english_problems(item.description)]
    if not item.description_zh.endswith("。"):
        problems.append(f"{item.clause_id}.description_zh does not end with 。")
    return problems


@pytest.mark.parametrize("domain_id", DOMAINS)
def test_every_rule_has_its_text_in_chinese(domain_id: str) -> None:
    problems = [problem for rule in _rules(domain_id) for problem in _rule_problems(rule)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain_id", DOMAINS)
def test_every_redline_has_chinese_words(domain_id: str) -> None:
    problems: list[str] = []
    for rule in _rules(domain_id):
        redline = rule.redline
        if redline is None or not redline.text:
            continue
        if not redline.text_zh:
            problems.append(f"{rule.rule_id}.redline.text_zh is missing")
        elif not CJK.search(redline.text_zh):
            problems.append(f"{rule.rule_id}.redline.text_zh has no Chinese characters")
        problems += [f"{rule.rule_id}.redline.text {p}" for p in _english_problems(redline.text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain_id", DOMAINS)
def test_every_checklist_item_is_named_in_both_languages(domain_id: str) -> None:
    problems: list[str] = []
    for item in domain_spec(domain_id).checklist:
        if not CJK.search(item.clause_name):
            problems.append(f"{item.clause_id}: clause_name {item.clause_name!r} is not Chinese")
        if not item.clause_name_en or CJK.search(item.clause_name_en):
            problems.append(f"{item.clause_id}: clause_name_en {item.clause_name_en!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain_id", DOMAINS)
def test_every_checklist_item_says_what_it_checks_in_chinese(domain_id: str) -> None:
    items = domain_spec(domain_id).checklist
    problems = [problem for item in items for problem in _item_problems(item)]
    assert not problems, "\n".join(problems)


def test_a_checklist_item_without_chinese_is_reported() -> None:
    item = ChecklistItem(
        clause_id="17.6",
        clause_name="责任限制",
        description="Check the cap on liability.",
    )
    assert _item_problems(item) == ["17.6.description_zh is missing"]
    english = item.model_copy(update={"description_zh": "Check the cap。"})
    assert _item_problems(english) == [
        "17.6.description_zh has no Chinese characters",
        "17.6.description_zh has English words Check",
    ]
    left = item.model_copy(update={"description_zh": "审查liability上限"})
    assert _item_problems(left) == [
        "17.6.description_zh has English words liability",
        "17.6.description_zh does not end with 。",
    ]
    assert _item_problems(left.model_copy(update={"description_zh": "审查FIDIC责任上限。"})) == []
    assert _item_problems(ChecklistItem(clause_id="x", clause_name="无说明")) == []


def test_a_rule_without_chinese_is_reported() -> None:
    rule = PlaybookRule(
        rule_id="untranslated",
        clause_id="1",
        description="The cap is missing.",
        rationale="Exposure is unlimited.",
        rationale_zh="Exposure is unlimited.",
        suggested_redline="Cap liability at the Contract Price.",
        suggested_redline_zh="将责任上限设定为合同价格（FIDIC第17.6款）",
        patterns=("cap",),
    )
    assert _rule_problems(rule) == [
        "untranslated.description_zh is missing",
        "untranslated.rationale_zh has no Chinese characters",
        "untranslated.rationale_zh has English words Exposure, unlimited",
    ]
    glossed = rule.model_copy(update={"description": "The profit commitment (业绩承诺) is low."})
    assert _english_problems(glossed.description) == []
    assert _english_problems("The price 对价 is paid.") != []
