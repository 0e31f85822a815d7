"""Every text a report shows about a finding is in the report's language.

A Chinese contract gets a Chinese report, an English one an English report, and
``--report-language`` asks for the other; the redlines stay in the contract's language
whatever the report's. The words of a finding come from two places: the sentence frames
the engine writes ("…第十二条中没有相应约定。", "Clause 4.1: “…”") and the playbook's
texts (a rule's description, rationale, standard position; a checklist item's
description), which fall back to English while their Chinese is missing. So:

* the whole-report checks of a Chinese report run with a copy of the generic playbook
  whose rules all carry their ``*_zh`` texts (placeholders written in Chinese here):
  every English word left would come from a frame of the engine;
* the shipped generic playbook's Chinese report (its translations still missing) is
  checked for its frames only: the rules' English texts and the checklist's English
  descriptions are taken out first, and nothing English may remain;
* an English report (FIDIC, SPA) holds no Chinese outside quoted contract text — the
  FIDIC checklist's Chinese names included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.playbooks import dump_playbook
from contract_review.playbooks.playbook_models import Playbook
from contract_review.registry import Registry
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.report_models import ReviewReport

from .engine_fixtures import make_engine, make_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
ZH_CONTRACT = "examples/services_agreement_zh.txt"
EN_CONTRACT = "examples/services_agreement_en.txt"
FIDIC = [
    ("examples/fidic/particular_conditions.txt", "primary"),
    ("examples/fidic/general_conditions.txt", "baseline"),
    ("examples/fidic/employers_requirements.txt", "er"),
]
SPA = [
    ("examples/spa/share_purchase_agreement.txt", "primary"),
    ("examples/spa/disclosure_letter.txt", "disclosure_letter"),
]

#: Contract text a sentence quotes, and a clause id (第十二条) or placeholder (<目录>).
_QUOTED = re.compile(r"“[^”]*”|‘[^’]*’|\"[^\"]*\"|<[^>]*>")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: Names a Chinese report may write in Latin letters.
ALLOWED_LATIN = frozenset({"FIDIC", "SPA", "PRC", "GBP", "USD", "EUR", "RMB", "CNY"})


def _text_fields(report: ReviewReport) -> Iterator[tuple[str, str]]:
    """(where, text) of every text the report shows about its findings."""
    for finding in report.findings:
        for field in ("title", "description", "rationale", "standard_position"):
            yield f"{finding.finding_id}.{field}", getattr(finding, field)
        yield f"{finding.finding_id}.change_in_words", finding.change_in_words
    for item in report.checked:
        yield f"checked {item.checklist_item_id}.title", item.title
        yield f"checked {item.checklist_item_id}.note", item.note
    for clause in report.clauses:
        yield f"clause {clause.checklist_item_id}.clause_name", clause.clause_name
    for plan in report.plan.plan.clause_plans:
        yield f"plan {plan.clause_id}.clause_name", plan.clause_name
    for index, note in enumerate(report.notes):
        yield f"notes[{index}]", note
    yield "plan.note", report.plan.note


def _english_left(text: str, *, taken_out: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of 3+ letters ``text`` holds outside quotes, after ``taken_out``."""
    for part in sorted(taken_out, key=len, reverse=True):
        if part.strip():
            text = text.replace(part, " ")
    words = _LATIN_WORD.findall(_QUOTED.sub(" ", text))
    return [word for word in words if word not in ALLOWED_LATIN]


def _chinese_left(text: str, *, clause_ids: frozenset[str] = frozenset()) -> list[str]:
    """The Chinese characters ``text`` holds outside quotes and the contract's clause ids."""
    text = _QUOTED.sub(" ", text)
    for clause_id in sorted(clause_ids, key=len, reverse=True):
        text = text.replace(clause_id, " ")
    return _CJK.findall(text)


def _translated(playbook: Playbook) -> Playbook:
    """``playbook`` with every rule's ``*_zh`` texts given (Chinese placeholders: each
    rule numbered in Chinese figures, so no Latin letter comes from the rule)."""
    rules = []
    for number, rule in enumerate(playbook.rules, start=1):
        tag = "".join("〇一二三四五六七八九"[int(d)] for d in str(number))
        texts = {
            "description_zh": f"第{tag}号规则所述条款",
            "standard_position_zh": f"第{tag}号规则的标准立场。",
            "rationale_zh": f"第{tag}号规则的理由。",
            "suggested_redline_zh": f"按第{tag}号规则修改。" if rule.suggested_redline else "",
        }
        rules.append(rule.model_copy(update=texts))
    return playbook.model_copy(update={"rules": tuple(rules)})


def _documents(pairs: list[tuple[str, str]]) -> list[DocumentInput]:
    return [DocumentInput(path=str(REPO_ROOT / path), role=role) for path, role in pairs]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return make_registry()


def _review(tmp_path: Path, registry: Registry, request: ReviewRequest) -> ReviewReport:
    engine = make_engine(tmp_path, registry)
    state = engine.start(request)
    assert state.status == "complete", state.error
    return engine.report(state)


def _translated_generic(tmp_path: Path, registry: Registry) -> Path:
    playbook = _translated(registry.domain("generic").playbook)
    path = tmp_path / "playbook_zh.yaml"
    path.write_text(dump_playbook(playbook), encoding="utf-8")
    return path


def _pieces(texts: Iterable[str]) -> tuple[str, ...]:
    """Each text, and each of its sentences without its full stop (a checked item's
    note quotes the first sentence of our position)."""
    pieces: list[str] = []
    for text in texts:
        pieces.append(text)
        pieces += [s.rstrip(".") for s in re.split(r"(?<=\.)\s+", text)]
    return tuple(piece for piece in pieces if piece.strip())


def _item_descriptions(registry: Registry, domain_id: str) -> tuple[str, ...]:
    """The checklist's descriptions (English until the checklist is translated)."""
    return _pieces(item.description for item in registry.domain(domain_id).checklist)


@pytest.mark.requires_domain("generic")
def test_a_chinese_report_with_translated_rules_has_no_english_sentence(
    tmp_path: Path, registry: Registry
) -> None:
    request = ReviewRequest(
        domain_id="generic",
        documents=_documents([(ZH_CONTRACT, "primary")]),
        playbook_path=str(_translated_generic(tmp_path, registry)),
    )
    report = _review(tmp_path, registry, request)
    assert report.language == "zh"
    assert any(f.standard_position for f in report.findings)
    checklist = _item_descriptions(registry, "generic")
    english = {
        where: left
        for where, text in _text_fields(report)
        if (left := _english_left(text, taken_out=checklist))
    }
    assert english == {}


@pytest.mark.requires_domain("generic")
def test_the_frames_of_a_chinese_report_are_chinese_while_rules_are_untranslated(
    tmp_path: Path, registry: Registry
) -> None:
    """The shipped playbook (its ``*_zh`` texts may still be missing): with the rules'
    and the checklist's own texts taken out, what remains — the frames — is Chinese."""
    request = ReviewRequest(domain_id="generic", documents=_documents([(ZH_CONTRACT, "primary")]))
    report = _review(tmp_path, registry, request)
    playbook = registry.domain("generic").playbook
    rule_texts = _pieces(
        text
        for rule in playbook.rules
        for text in (
            rule.description,
            rule.rationale,
            rule.standard_position,
            rule.suggested_redline,
        )
    )
    taken_out = rule_texts + _item_descriptions(registry, "generic")
    english = {
        where: left
        for where, text in _text_fields(report)
        if (left := _english_left(text, taken_out=taken_out))
    }
    assert english == {}
    # the rationale no longer carries the standard position: it is a field of its own
    assert not any("standard position" in f.rationale for f in report.findings)


@pytest.mark.requires_domain("fidic", "sha_spa")
@pytest.mark.parametrize(
    ("domain_id", "pairs"), [("fidic", FIDIC), ("sha_spa", SPA)], ids=["fidic", "spa"]
)
def test_an_english_report_has_no_chinese_outside_quotes(
    tmp_path: Path, registry: Registry, domain_id: str, pairs: list[tuple[str, str]]
) -> None:
    request = ReviewRequest(domain_id=domain_id, documents=_documents(pairs))
    report = _review(tmp_path, registry, request)
    assert report.language == "en"
    chinese = {where: left for where, text in _text_fields(report) if (left := _chinese_left(text))}
    assert chinese == {}
    positions = [f.standard_position for f in report.findings if f.standard_position]
    assert positions and not any("Our standard position" in f.rationale for f in report.findings)
    if domain_id == "fidic":  # its checklist names items in Chinese, with English names
        names = {clause.checklist_item_id: clause.clause_name for clause in report.clauses}
        assert names["20.1"] == "Contractor's Claims"


def _cli_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> ReviewReport:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(REPO_ROOT)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["review", *args, "--llm", "none", "--out", str(out)], obj=CliState()
    )
    assert result.exit_code == 0, result.output
    return ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))


def _redlines(report: ReviewReport) -> list[Any]:
    return [f.suggested_change for f in report.findings if f.suggested_change is not None]


@pytest.mark.requires_domain("generic")
def test_report_language_en_on_a_chinese_contract_keeps_chinese_redlines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = _cli_review(
        tmp_path, monkeypatch, ZH_CONTRACT, "--domain", "generic", "--report-language", "en"
    )
    assert report.language == "en"
    assert report.title.endswith("review of services_agreement_zh.txt")
    clause_ids = frozenset(
        {f.clause_id for f in report.findings} | {c.clause_id for c in report.checked}
    )
    chinese = {
        where: left
        for where, text in _text_fields(report)
        if (left := _chinese_left(text, clause_ids=clause_ids))
    }
    assert chinese == {}
    one_sided = next(f for f in report.findings if "favours" in f.description)
    assert "It favours “甲方” over the other party." in one_sided.description
    redlines = _redlines(report)
    assert redlines and all(_CJK.search(change.after) for change in redlines)
    # what goes into the contract is Chinese: no English sentence added to a clause
    assert not any(_LATIN_WORD.search(change.after) for change in redlines)


@pytest.mark.requires_domain("generic")
def test_report_language_zh_on_an_english_contract_keeps_english_redlines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = _cli_review(
        tmp_path, monkeypatch, EN_CONTRACT, "--domain", "generic", "--report-language", "zh"
    )
    assert report.language == "zh"
    found = [f for f in report.findings if f.status == "found"]
    assert found
    # each description ends in a Chinese frame, whatever language the rule's text is in
    for finding in found:
        assert _CJK.search(_QUOTED.sub("", finding.description)), finding.description
    missing = [f for f in report.findings if f.status == "missing"]
    assert all(f.title.startswith("缺少条款：") for f in missing)
    assert all(_CJK.search(item.note) for item in report.checked)
    redlines = _redlines(report)
    assert redlines and not any(_CJK.search(change.after) for change in redlines)


@pytest.mark.requires_domain("generic")
def test_report_language_zh_with_translated_rules_is_chinese_throughout(
    tmp_path: Path, registry: Registry
) -> None:
    """An English contract reviewed for a Chinese report, the rules translated: no
    English outside the contract's quoted words."""
    request = ReviewRequest(
        domain_id="generic",
        documents=_documents([(EN_CONTRACT, "primary")]),
        playbook_path=str(_translated_generic(tmp_path, registry)),
        report_language="zh",
    )
    report = _review(tmp_path, registry, request)
    assert report.language == "zh"
    checklist = _item_descriptions(registry, "generic")
    english = {
        where: left
        for where, text in _text_fields(report)
        if (left := _english_left(text, taken_out=checklist))
    }
    assert english == {}
    assert _redlines(report) and not any(_CJK.search(c.after) for c in _redlines(report))
