"""PRC law is cited only where PRC law governs, and always from the law library: the
findings of a rule citing articles quote them as ``law`` evidence when a law index is
configured; without one a single note names them; under another law (or none stated)
no finding cites PRC law and one note says so. Rationales never carry citations."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from contract_review.config import load_settings
from contract_review.domain import RiskLevel
from contract_review.laws.law_index import build_law_index
from contract_review.laws.lawrefbook_loader import load_law_file
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import Evidence, Finding
from contract_review.review.governing_law import GoverningLaw
from contract_review.review.law_evidence import (
    cites_prc_law,
    law_citation_note,
    law_quoter,
    without_prc_citations,
)
from contract_review.review.state import ReviewState
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review.testing.fake_llm import ScriptedLLM
from contract_review.testing.law_builders import make_law
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, write_throwaway_contract

from .engine_fixtures import CONTRACT, make_engine, make_registry, request_for, write_contract

REPO_ROOT = Path(__file__).resolve().parents[2]
LAWS = REPO_ROOT.parent / "shared" / "data" / "laws"
CIVIL = "中华人民共和国民法典"
ARTICLE_585 = (
    "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。约定的违约金过分高于"
    "造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。"
)
FIDIC_PC = REPO_ROOT / "examples" / "fidic" / "particular_conditions.txt"
ENGLISH = REPO_ROOT / "examples" / "services_agreement_en.txt"
CHINESE = REPO_ROOT / "examples" / "services_agreement_zh.txt"
CHINESE_CHOICE = "本合同的订立、效力、解释、履行及争议的解决均适用中华人民共和国法律。"

#: What a citation of PRC law looks like in a rationale or a quote.
PRC_CITATION = re.compile(
    r"民法典|条例|第[一二三四五六七八九十百千零〇\d]{1,12}条|\bPRC\b|Civil Code"
)


def _small_law_index(folder: Path) -> Path:
    law = make_law(CIVIL, [("第五百八十五条", ARTICLE_585)], path=["第三编 合同"])
    directory = folder / "law-index"
    build_law_index([law], embedder=HashingEmbedder(), show_progress=False).save(directory)
    return directory


def _review(tmp_path: Path, path: Path, domain: str, *, law_index: Path | None = None):  # type: ignore[no-untyped-def]
    engine = make_engine(tmp_path, make_registry())
    engine.settings = load_settings(
        data_dir=tmp_path / "data", law_index=law_index, llm_provider="none"
    )
    engine.storage = SqliteStorage(tmp_path / "law.sqlite3")
    return engine.start(ReviewRequest(domain_id=domain, documents=[DocumentInput(path=str(path))]))


def _chinese_without_a_choice(tmp_path: Path) -> Path:
    text = CHINESE.read_text(encoding="utf-8")
    assert CHINESE_CHOICE in text
    path = tmp_path / "services_no_choice_zh.txt"
    path.write_text(
        text.replace(CHINESE_CHOICE, "本合同未尽事宜，由双方另行协商。"), encoding="utf-8"
    )
    return path


def _citing(state: ReviewState) -> list[str]:
    """Ids of the findings whose rationale, description or law evidence cites PRC law."""
    return [
        f.finding_id
        for f in state.findings
        if PRC_CITATION.search(f.rationale)
        or any(e.kind == "law" for e in f.evidence)
        or cites_prc_law(f.description)
    ]


# ---------------------------------------------------------------------- other laws


@pytest.mark.parametrize(
    ("domain", "law_clause", "more_findings_than"),
    [
        # the throwaway domain's service-credits rule cites the Civil Code
        pytest.param(THROWAWAY_DOMAIN_ID, "7", 4, id=THROWAWAY_DOMAIN_ID),
        pytest.param(
            "generic", "17.2", 10, marks=pytest.mark.requires_domain("generic"), id="generic"
        ),
    ],
)
def test_an_english_law_contract_cites_no_prc_law(
    tmp_path: Path, domain: str, law_clause: str, more_findings_than: int
) -> None:
    """Even with a law index configured."""
    contract = write_throwaway_contract(tmp_path) if domain == THROWAWAY_DOMAIN_ID else ENGLISH
    state = _review(tmp_path, contract, domain, law_index=_small_law_index(tmp_path))
    assert state.governing_law is not None
    assert (state.governing_law.name, state.governing_law.clause_id) == (
        "England and Wales",
        law_clause,
    )
    assert len(state.findings) > more_findings_than
    assert _citing(state) == []
    notes = [n for n in state.notes if "PRC law is not cited" in n]
    assert notes == [
        f"This contract is governed by the laws of England and Wales (clause {law_clause}); PRC "
        "law is not cited."
    ]


@pytest.mark.requires_domain("fidic")
def test_the_fidic_example_is_governed_by_calderra_law_and_cites_no_prc_law(
    tmp_path: Path,
) -> None:
    state = _review(tmp_path, FIDIC_PC, "fidic", law_index=_small_law_index(tmp_path))
    assert state.governing_law is not None
    assert state.governing_law.name == "Republic of Calderra"
    assert not state.governing_law.is_prc
    delay = [f for f in state.findings if f.checklist_item_id == "8.2"]
    assert any(f.risk_level is RiskLevel.HIGH for f in delay)  # still found, just not cited
    assert _citing(state) == []
    assert sum("PRC law is not cited" in n for n in state.notes) == 1
    report = make_engine(tmp_path / "r").report(state)
    assert report.governing_law == state.governing_law


def test_a_resumed_review_does_not_repeat_the_note(tmp_path: Path) -> None:
    engine = make_engine(tmp_path, make_registry())
    contract = write_throwaway_contract(tmp_path)
    state = engine.start(
        ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])
    )
    state = engine.resume(state.review_id)
    assert sum("PRC law is not cited" in n for n in state.notes) == 1


# ---------------------------------------------------------------------- PRC law


@pytest.mark.requires_domain("generic")
@pytest.mark.skipif(not LAWS.is_dir(), reason="law texts (../shared/data/laws) are not present")
def test_a_chinese_contract_with_no_choice_quotes_articles_from_the_law_library(
    tmp_path: Path,
) -> None:
    civil = load_law_file(LAWS / "民法典" / "合同编.md")
    wanted = {f"{CIVIL}#第四百九十七条", f"{CIVIL}#第五百零六条", f"{CIVIL}#第五百八十五条"}
    small = civil.model_copy(
        update={"articles": [a for a in civil.articles if a.article_id in wanted]}
    )
    assert len(small.articles) == 3
    directory = tmp_path / "law-index"
    build_law_index([small], embedder=None, show_progress=False).save(directory)

    state = _review(tmp_path, _chinese_without_a_choice(tmp_path), "generic", law_index=directory)
    assert state.governing_law is not None
    assert state.governing_law.basis == "implied_chinese_language" and state.governing_law.is_prc
    laws = [e for f in state.findings for e in f.evidence if e.kind == "law"]
    assert laws, "findings of rules citing the Civil Code quote it"
    assert {e.id for e in laws} <= wanted
    quoted = next(e for e in laws if e.id.endswith("第五百八十五条"))
    assert quoted.source == CIVIL and "违约金" in quoted.text and quoted.start is None
    assert not [f for f in state.findings if "Law:" in f.rationale or "民法典" in f.rationale]
    assert not [n for n in state.notes if "law index" in n or "法律库" in n]


@pytest.mark.requires_domain("generic")
def test_under_prc_law_without_a_law_index_one_note_names_the_articles(tmp_path: Path) -> None:
    state = _review(tmp_path, CHINESE, "generic", law_index=None)
    assert state.governing_law is not None and state.governing_law.clause_id == "第十六条"
    assert not [e for f in state.findings for e in f.evidence if e.kind == "law"]
    assert not [f for f in state.findings if PRC_CITATION.search(f.rationale)]
    notes = [n for n in state.notes if "法律库" in n]
    assert len(notes) == 1
    assert "《中华人民共和国民法典》第五百八十五条" in notes[0]
    assert "contract-review law index" in notes[0]


def test_law_quoter_quotes_known_articles_and_skips_unknown_ones(tmp_path: Path) -> None:
    assert law_quoter(load_settings(data_dir=tmp_path / "nothing", law_index=None)) is None
    quote = law_quoter(load_settings(data_dir=tmp_path, law_index=_small_law_index(tmp_path)))
    assert quote is not None
    assert [
        e.id for e in quote([f"{CIVIL}#第五百八十五条", f"{CIVIL}#第九千条", "不存在的法"])
    ] == [f"{CIVIL}#第五百八十五条"]


# ---------------------------------------------------------------------- the notes

_ENGLISH_LAW = GoverningLaw(
    name="England and Wales", basis="express", clause_id="25.1", quote="q", start=0, end=1
)
_PRC = GoverningLaw(
    name="中华人民共和国",
    is_prc=True,
    basis="express",
    clause_id="第三十条",
    quote="q",
    start=0,
    end=1,
)
_HONG_KONG = GoverningLaw(
    name="香港特别行政区", basis="express", clause_id="第三十条", quote="q", start=0, end=1
)
_CITED = (f"{CIVIL}#第五百八十五条", "保障中小企业款项支付条例#第九条")


def test_notes_in_the_contracts_language() -> None:
    assert law_citation_note(_ENGLISH_LAW, _CITED, quoting=False, language="en") == (
        "This contract is governed by the laws of England and Wales (clause 25.1); PRC law "
        "is not cited."
    )
    assert law_citation_note(_HONG_KONG, _CITED, quoting=False, language="zh") == (
        "本合同适用香港特别行政区法律（第三十条）；本报告不引用中华人民共和国法律。"
    )
    assert law_citation_note(GoverningLaw(), _CITED, quoting=True, language="en") == (
        "The contract states no governing law; PRC law is not cited."
    )
    missing = law_citation_note(_PRC, _CITED, quoting=False, language="zh")
    assert missing is not None
    assert (
        "《保障中小企业款项支付条例》第九条" in missing and "contract-review law index" in missing
    )
    english = law_citation_note(_PRC, _CITED, quoting=False, language="en")
    assert english is not None and "保障中小企业款项支付条例 第九条" in english
    assert law_citation_note(_PRC, _CITED, quoting=True, language="zh") is None
    assert law_citation_note(_PRC, (), quoting=False, language="zh") is None


# ---------------------------------------------------------------------- LLM findings


def _finding(description: str, rationale: str, *evidence: Evidence) -> Finding:
    return Finding(
        finding_id="react:8.2:1",
        clause_id="8.2",
        title="Uncapped delay damages",
        risk_level=RiskLevel.HIGH,
        description=description,
        rationale=rationale,
        evidence=list(evidence),
    )


def test_prc_citations_are_taken_out_of_llm_findings() -> None:
    clause = Evidence(kind="clause", source="pc.txt", id="8.2", text="no cap", start=0, end=6)
    law = Evidence(kind="law", source=CIVIL, id=f"{CIVIL}#第五百八十五条", text=ARTICLE_585)
    finding = _finding(
        "Delay damages have no cap. Under Article 585 of the PRC Civil Code a court may "
        "reduce them.",
        "Uncapped damages can exceed the margin. The Civil Code of the People's Republic of "
        "China lets a court cut them. Cap them at 10%.",
        clause,
        law,
    )
    cleaned = without_prc_citations(finding)
    assert cleaned.description == "Delay damages have no cap."
    assert cleaned.rationale == "Uncapped damages can exceed the margin. Cap them at 10%."
    assert cleaned.evidence == [clause]
    chinese = _finding(
        "误期损害赔偿没有上限。",
        "根据《中华人民共和国民法典》第五百八十五条，违约金过高的可以请求减少。建议约定上限。",
    )
    assert without_prc_citations(chinese).rationale == "建议约定上限。"


def test_the_prc_as_a_place_is_no_citation() -> None:
    finding = _finding(
        "The Supplier, a PRC company, may subcontract in China without consent.",
        "Subcontracting without consent loses control of who does the work.",
    )
    assert without_prc_citations(finding) is finding
    assert not cites_prc_law("本合同第八条约定的违约金") and cites_prc_law("PRC law")
    assert cites_prc_law("保障中小企业款项支付条例 第九条") and cites_prc_law(
        "《中华人民共和国民法典》"
    )


def test_the_llm_is_told_the_law_and_its_prc_citations_are_stripped(tmp_path: Path) -> None:
    contract = CONTRACT + "\n4. Governing Law\nThis Agreement is governed by English law.\n"
    answer = json.dumps(
        {
            "findings": [
                {
                    "clause_id": "1",
                    "risk_level": "medium",
                    "title": "Payment in 30 days",
                    "description": "The Customer pays each invoice within 30 days.",
                    "rationale": "Thirty days is usual. Under Article 628 of the PRC Civil "
                    "Code the buyer pays at the agreed time. 依据《中华人民共和国民法典》"
                    "第六百二十八条，买受人应当按照约定的时间支付价款。",
                    "revised_text": None,
                    "quotes": ["within 30 days of receipt"],
                }
            ]
        },
        ensure_ascii=False,
    )
    llm = ScriptedLLM([answer] * 8)
    engine = make_engine(tmp_path, make_registry(), llm=llm)
    state = engine.start(request_for(write_contract(tmp_path, contract), use_react_agent=True))
    assert state.governing_law is not None and state.governing_law.name == "England and Wales"
    prompt = llm.calls[0].last_user_text
    assert "Governing law: England and Wales (clause 4)" in prompt
    assert "do not cite PRC law" in prompt
    react = [f for f in state.findings if f.finding_id.startswith("react:")]
    assert react, "the scripted answer became findings"
    assert all(f.rationale == "Thirty days is usual." for f in react)
    assert _citing(state) == []
