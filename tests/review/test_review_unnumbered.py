"""Every contract is reviewed: one with no clause numbers or headings is read paragraph
by paragraph (``¶1``, ``¶2``...), its checklist items are located in paragraphs, the
playbook applies, and the report says so in the contract's language; only a file with
no contractual content is refused, with one line naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.errors import ContractReviewError, InputError
from contract_review.registry import Registry
from contract_review.reports.html_report import render_html
from contract_review.reports.markdown_report import render_markdown
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.review.state import ReviewState
from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_DOMAIN_ID,
    throwaway_registry,
)

from .engine_fixtures import make_engine, make_registry, request_for, write_contract

CONSULTING_EN = """CONSULTING LETTER AGREEMENT

Dear Ms Smith,

This letter sets out the terms on which Northwind Consulting Ltd (the "Consultant") will
provide advisory services to Contoso Inc (the "Client"). The Consultant shall perform the
services with reasonable skill and care.

The Client shall pay each invoice within sixty (60) days of receipt. Late payments bear
interest at 1% per month.

In no event shall either party be liable for any indirect or consequential damages, and
the Consultant's aggregate liability under this agreement shall not exceed the fees paid
in the twelve months before the claim.

Neither party may assign this agreement without the prior written consent of the other
party.

This agreement shall be governed by the laws of England and Wales.

Yours sincerely,
Northwind Consulting Ltd
"""

SERVICES_ZH = """技术服务协议
甲方：北京星河科技有限公司
乙方：上海云帆信息技术有限公司
甲方委托乙方提供软件运维服务，服务期限为一年，自本协议签订之日起计算。
甲方应在收到乙方发票后九十日内支付服务费，逾期付款的，每日按未付金额的千分之五支付违约金。
乙方对本协议项下的全部责任，以甲方已支付的服务费总额为限。
未经对方书面同意，任何一方不得将本协议项下的权利义务转让给第三方。
本协议适用中华人民共和国法律。
甲方（盖章）：
乙方（盖章）：
"""

NOTE_EN = (
    "The contract has no clause numbers or headings; it was reviewed paragraph by "
    "paragraph (¶1–¶5)."
)
NOTE_ZH = "本合同没有条款编号或标题，已逐段审查（¶1–¶5）。"

#: The throwaway domain's contract without its clause headings ("2. Payment").
THROWAWAY_UNNUMBERED = re.sub(r"(?m)^\d+\. [A-Z][\w ]+\n", "", THROWAWAY_CONTRACT)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return make_registry()


def _generic_review(tmp_path: Path, registry: Registry, text: str, name: str) -> ReviewState:
    path = write_contract(tmp_path, text, name=name)
    request = ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(path))])
    return make_engine(tmp_path, registry).start(request)


def _located(state: ReviewState) -> dict[str, str]:
    """Checklist item -> the clause id of its first location, for the items found."""
    return {
        review.checklist_item_id: review.locations[0].clause_id
        for review in state.clause_reviews
        if review.status is FindingStatus.FOUND and review.locations
    }


@pytest.mark.requires_domain("generic")
def test_an_unnumbered_english_contract_is_reviewed_by_paragraph(
    tmp_path: Path, registry: Registry
) -> None:
    state = _generic_review(tmp_path, registry, CONSULTING_EN, "consulting.txt")
    assert state.status == "complete"
    located = _located(state)
    assert located["payment_terms"] == "¶2"
    assert located["cap_on_liability"] == "¶3"
    assert located["anti_assignment"] == "¶4"
    assert located["governing_law"] == "¶5"
    # The playbook applies: the cap protects the Consultant only.
    severe = [f for f in state.findings if f.risk_level.value in ("high", "critical")]
    assert any(f.clause_id == "¶3" and f.checklist_item_id == "cap_on_liability" for f in severe)
    assert state.notes.count(NOTE_EN) == 1


@pytest.mark.requires_domain("generic")
def test_an_unnumbered_chinese_contract_is_reviewed_by_paragraph(
    tmp_path: Path, registry: Registry
) -> None:
    state = _generic_review(tmp_path, registry, SERVICES_ZH, "services.txt")
    assert state.documents[0].language == "zh"
    located = _located(state)
    assert located["payment_terms"] == "¶2"
    assert located["anti_assignment"] == "¶4"
    assert located["governing_law"] == "¶5"
    flagged = {(f.clause_id, f.checklist_item_id) for f in state.findings}
    assert ("¶2", "payment_terms") in flagged and ("¶3", "cap_on_liability") in flagged
    assert NOTE_ZH in state.notes and NOTE_EN not in state.notes


@pytest.mark.parametrize(
    ("domain", "text", "note", "paragraphs", "heading"),
    [
        pytest.param(
            THROWAWAY_DOMAIN_ID,
            THROWAWAY_UNNUMBERED,
            NOTE_EN.replace("¶5", "¶8"),
            {"¶3", "¶4"},
            "#### 🔴 **CRITICAL** ¶4 — ",  # uncapped liability: its card
            id=THROWAWAY_DOMAIN_ID,
        ),
        pytest.param(
            "generic",
            CONSULTING_EN,
            NOTE_EN,
            {"¶2", "¶3"},
            "#### 🟠 **HIGH** ¶3 — ",
            marks=pytest.mark.requires_domain("generic"),
            id="generic",
        ),
    ],
)
def test_reports_show_paragraph_ids_and_the_note(
    tmp_path: Path,
    registry: Registry,
    domain: str,
    text: str,
    note: str,
    paragraphs: set[str],
    heading: str,
) -> None:
    engine = make_engine(tmp_path, registry)
    path = write_contract(tmp_path, text, name="consulting.txt")
    state = engine.start(ReviewRequest(domain_id=domain, documents=[DocumentInput(path=str(path))]))
    report = engine.report(state)
    assert note in report.notes
    reviewed = {f.clause_id for f in report.findings} | {c.clause_id for c in report.checked}
    assert paragraphs <= reviewed
    markdown = render_markdown(report)
    assert f"- {note}" in markdown
    assert heading in markdown
    paragraph = heading.split("** ", 1)[1]
    html = render_html(report)
    assert paragraph in html and f"<li>{note}</li>" in html
    # Anchors are built from positions, never from clause ids: ¶ breaks no id or link.
    anchors = re.findall(r'(?<![\w-])id="([^"]*)"', html)
    links = re.findall(r'href="#([^"]*)"', html)
    assert anchors and all(re.fullmatch(r"[a-z0-9-]+", a) for a in anchors)
    assert set(links) <= set(anchors)


def test_a_numbered_contract_gets_no_note(tmp_path: Path) -> None:
    state = make_engine(tmp_path).start(request_for(write_contract(tmp_path)))
    assert not any("paragraph by paragraph" in note for note in state.notes)


def test_any_domain_locates_items_in_paragraphs(tmp_path: Path) -> None:
    """The test domain has no locator of its own: core finds its items by keyword."""
    text = (
        "SUPPLY LETTER\n\n"
        "The Customer shall pay each invoice within 30 days of receipt of the goods.\n\n"
        "The Supplier's total liability shall not exceed the price paid under this agreement.\n"
    )
    state = make_engine(tmp_path).start(request_for(write_contract(tmp_path, text)))
    located = _located(state)
    assert located["1"] == "¶1" and located["2"] == "¶2"
    assert "9" not in located  # escrow is not there
    assert any("paragraph by paragraph (¶1–¶2)" in note for note in state.notes)


@pytest.mark.parametrize(
    "text",
    [
        "hello world test file\n",
        "1\n2\n3\n4\n5\n6\n7\n8\n",
        "Roses are red,\nviolets are blue,\nsugar is sweet,\nand so are you.\n",
        "Pancakes\n\nMix the flour, the eggs and the milk. You must let the batter rest.\n\n"
        "Fry each pancake for a minute on each side.\n",
        "床前明月光，疑是地上霜。\n举头望明月，低头思故乡。\n",
    ],
)
def test_a_file_with_no_contractual_content_is_refused(tmp_path: Path, text: str) -> None:
    engine = make_engine(tmp_path)
    path = write_contract(tmp_path, text, name="notes.txt")
    with pytest.raises(InputError, match="no recognisable clauses") as refused:
        engine.start(request_for(path))
    message = str(refused.value)
    assert str(path) in message and "\n" not in message
    assert engine.storage.list_records("review") == []


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContractReviewError, match="is empty"):
        make_engine(tmp_path).start(request_for(write_contract(tmp_path, "\n\n")))


def test_the_cli_refuses_a_poem_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    poem = write_contract(tmp_path, "Roses are red,\nviolets are blue.\n", name="poem.txt")
    args = ["review", str(poem), "--domain", THROWAWAY_DOMAIN_ID, "--llm", "none"]
    result = CliRunner().invoke(
        cli,
        [*args, "--out", str(tmp_path / "out")],
        obj=CliState(registry_factory=throwaway_registry),
    )
    assert result.exit_code == 2
    assert result.output.count("Error:") == 1
    assert f"{poem} has no recognisable clauses" in result.output
    assert not (tmp_path / "out").exists()
