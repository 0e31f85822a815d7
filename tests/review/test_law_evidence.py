"""Findings of a rule that cites law articles quote them when a law index is
configured, and cite them only by name when there is none."""

from __future__ import annotations

from pathlib import Path

from contract_review.config import load_settings
from contract_review.laws.law_index import build_law_index
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.law_evidence import law_quoter
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review.testing.law_builders import make_law

from .engine_fixtures import make_engine, make_registry

REPO_ROOT = Path(__file__).resolve().parents[2]
CIVIL = "中华人民共和国民法典"
ARTICLE_585 = (
    "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。约定的违约金过分高于"
    "造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。"
)


def _law_index(folder: Path) -> Path:
    law = make_law(CIVIL, [("第五百八十五条", ARTICLE_585)], path=["第三编 合同"])
    directory = folder / "law-index"
    build_law_index([law], embedder=HashingEmbedder(), show_progress=False).save(directory)
    return directory


def _fidic_review(tmp_path: Path):  # type: ignore[no-untyped-def]
    engine = make_engine(tmp_path, make_registry())
    engine.settings = load_settings(
        data_dir=tmp_path / "data", law_index=_law_index(tmp_path), llm_provider="none"
    )
    engine.storage = SqliteStorage(tmp_path / "law.sqlite3")
    path = REPO_ROOT / "examples" / "fidic" / "particular_conditions.txt"
    return engine.start(ReviewRequest(domain_id="fidic", documents=[DocumentInput(path=str(path))]))


def test_cited_articles_become_law_evidence(tmp_path: Path) -> None:
    state = _fidic_review(tmp_path)
    delay = [
        f for f in state.findings if f.checklist_item_id == "8.2" and f.risk_level.value == "high"
    ]
    assert delay
    laws = [e for f in delay for e in f.evidence if e.kind == "law"]
    assert laws and laws[0].source == CIVIL
    assert laws[0].id == f"{CIVIL}#第五百八十五条" and "违约金" in laws[0].text
    assert laws[0].start is None  # law quotes carry no offsets into the contract


def test_without_a_law_index_nothing_is_quoted(tmp_path: Path) -> None:
    quote = law_quoter(load_settings(data_dir=tmp_path / "nothing", law_index=None))
    assert quote([f"{CIVIL}#第五百八十五条"]) == []
    engine = make_engine(tmp_path)
    path = REPO_ROOT / "examples" / "fidic" / "particular_conditions.txt"
    state = engine.start(
        ReviewRequest(domain_id="fidic", documents=[DocumentInput(path=str(path))])
    )
    assert not [e for f in state.findings for e in f.evidence if e.kind == "law"]
    delay = next(
        f for f in state.findings if f.checklist_item_id == "8.2" and f.risk_level.value == "high"
    )
    assert "第五百八十五条" in delay.rationale  # still cited by name


def test_an_unknown_article_is_skipped(tmp_path: Path) -> None:
    settings = load_settings(data_dir=tmp_path, law_index=_law_index(tmp_path))
    quote = law_quoter(settings)
    assert [
        e.id for e in quote([f"{CIVIL}#第五百八十五条", f"{CIVIL}#第九千条", "不存在的法"])
    ] == [f"{CIVIL}#第五百八十五条"]
