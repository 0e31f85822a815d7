"""``sha_governance_check``: board, quorum, reserved matters, thresholds and deadlock."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.domain import RiskLevel
from contract_review.registry import load_registry
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.testing.contract_text import chinese_numeral
from contract_review_sha_spa.board import DeadlockMechanism
from contract_review_sha_spa.governance import (
    GovernanceCheckInput,
    GovernanceCheckOutput,
    GovernanceFindingKind,
    check_governance,
)
from contract_review_sha_spa.reserved_matters import (
    ReservedMatter,
    ThresholdKind,
    parse_threshold,
)

DATA = Path(__file__).parent / "data"
EXAMPLE_SPA = (
    Path(__file__).resolve().parents[3] / "examples" / "spa" / "share_purchase_agreement.txt"
)

SHA_EN = """9.1 The Board shall consist of five (5) directors, of whom the Investor shall be entitled to appoint two (2) directors and the Founders shall be entitled to appoint three (3) directors.
9.2 The quorum for Board meetings shall be three directors, including at least one Investor Director. If a quorum is not present within 30 minutes, the meeting shall be adjourned to the same time the following week, and the directors present at the adjourned meeting shall constitute a quorum.
9.3 The following matters (the "Reserved Matters") shall require the prior written approval of Shareholders holding not less than 75% of the Shares:
(a) any amendment to the Articles of Association;
(b) any issue or allotment of shares or securities convertible into shares;
(c) the declaration or payment of any dividend;
(d) approval of the annual budget and business plan;
(e) any merger, consolidation or disposal of all or substantially all of the assets of the Company;
(f) any borrowing in excess of USD 1,000,000;
(g) any transaction with a related party; and
(h) the winding up of the Company.
9.4 If the Board is unable to reach a decision on a Reserved Matter at two consecutive meetings (a "Deadlock"), the matter shall be referred to the chief executives of the Shareholders, and failing resolution within 30 days, to mediation.
"""

SHA_ZH = """9.1 董事会由五名董事组成，其中投资方有权委派两名董事，创始股东有权委派三名董事。
9.2 董事会会议应有三名以上董事出席方可举行，其中应包括至少一名投资方委派的董事。
9.3 下列事项须经代表三分之二以上表决权的股东通过：（一）修改公司章程；（二）增加或减少注册资本；（三）公司合并、分立、解散或清算；（四）利润分配方案。
"""


def _check(text: str, our_party: str = "") -> GovernanceCheckOutput:
    return check_governance(
        GovernanceCheckInput(clause_id="9", clause_text=text, our_party=our_party)
    )


def _kinds(out: GovernanceCheckOutput) -> dict[GovernanceFindingKind, RiskLevel]:
    return {finding.kind: finding.risk_level for finding in out.findings}


@pytest.mark.parametrize(
    ("sentence", "kind", "percentage", "party"),
    [
        (
            "require the approval of Shareholders holding not less than 75% of the Shares",
            ThresholdKind.SPECIFIED_PERCENTAGE,
            75.0,
            "",
        ),
        (
            "require the approval of holders of two-thirds of the votes",
            ThresholdKind.SPECIFIED_PERCENTAGE,
            66.67,
            "",
        ),
        ("require the unanimous consent of the Shareholders", ThresholdKind.UNANIMOUS, 100.0, ""),
        ("require the approval of all the Shareholders", ThresholdKind.UNANIMOUS, 100.0, ""),
        (
            "shall be taken by a simple majority of the votes cast",
            ThresholdKind.SIMPLE_MAJORITY,
            50.0,
            "",
        ),
        ("require a special resolution of the Shareholders", ThresholdKind.SUPERMAJORITY, None, ""),
        (
            "require the prior written consent of the Investor",
            ThresholdKind.PARTY_CONSENT,
            None,
            "Investor",
        ),
        ("require the approval of the Board", ThresholdKind.SIMPLE_MAJORITY, 50.0, ""),
        (
            "shall not, without the consent of the Series A Investor, borrow more than 10% of net assets",
            ThresholdKind.PARTY_CONSENT,
            None,
            "Series A Investor",
        ),
        ("须经代表三分之二以上表决权的股东通过", ThresholdKind.SPECIFIED_PERCENTAGE, 66.67, ""),
        ("须经代表百分之七十五以上表决权的股东同意", ThresholdKind.SPECIFIED_PERCENTAGE, 75.0, ""),
        ("须经四分之三以上董事同意", ThresholdKind.SPECIFIED_PERCENTAGE, 75.0, ""),
        ("须经全体股东一致同意", ThresholdKind.UNANIMOUS, 100.0, ""),
        ("须经股东会过半数表决权通过", ThresholdKind.SIMPLE_MAJORITY, 50.0, ""),
        ("须经投资方事先书面同意", ThresholdKind.PARTY_CONSENT, None, "投资方"),
        ("The Company may do so.", ThresholdKind.NOT_STATED, None, ""),
    ],
)
def test_thresholds(
    sentence: str, kind: ThresholdKind, percentage: float | None, party: str
) -> None:
    threshold = parse_threshold(sentence)
    assert threshold.kind is kind
    assert threshold.percentage == percentage
    assert threshold.consenting_party == party


def test_blocking_stake() -> None:
    assert parse_threshold("holders of not less than 75% of the Shares").blocking_stake == 25.0
    assert parse_threshold("全体股东一致同意").blocking_stake == 0.0
    assert parse_threshold("the consent of the Investor").blocking_stake is None


def test_english_sha() -> None:
    out = _check(SHA_EN, our_party="Investor")
    assert out.board is not None and out.board.total_directors == 5
    assert [(r.appointer, r.directors) for r in out.board.appointment_rights] == [
        ("Investor", 2),
        ("Founders", 3),
    ]
    assert out.quorum is not None
    assert (out.quorum.directors, out.quorum.required_appointers) == (3, ["Investor"])
    assert out.quorum.adjourned_fallback
    assert [m.matter for m in out.reserved_matters] == [
        ReservedMatter.AMENDMENT_OF_ARTICLES,
        ReservedMatter.ISSUE_OF_SHARES,
        ReservedMatter.DIVIDENDS,
        ReservedMatter.BUDGET_BUSINESS_PLAN,
        ReservedMatter.MERGER_DISPOSAL,
        ReservedMatter.BORROWING,
        ReservedMatter.RELATED_PARTY_TRANSACTIONS,
        ReservedMatter.WINDING_UP,
    ]
    assert out.reserved_matters[0].text == "(a) any amendment to the Articles of Association;"
    assert out.missing_reserved_matters == [
        ReservedMatter.AUDITORS,
        ReservedMatter.CHANGE_OF_BUSINESS,
        ReservedMatter.LISTING_IPO,
        ReservedMatter.MATERIAL_CONTRACTS,
        ReservedMatter.SENIOR_MANAGEMENT,
        ReservedMatter.LITIGATION,
        ReservedMatter.GRANTING_SECURITY,
    ]
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.kind is ThresholdKind.SPECIFIED_PERCENTAGE
    assert threshold.percentage == 75.0
    assert out.deadlock is not None
    assert out.deadlock.mechanisms == [DeadlockMechanism.ESCALATION, DeadlockMechanism.MEDIATION]
    assert _kinds(out) == {
        GovernanceFindingKind.QUORUM_FALLS_AWAY: RiskLevel.MEDIUM,
        GovernanceFindingKind.MISSING_RESERVED_MATTERS: RiskLevel.MEDIUM,
    }


def test_english_sha_for_the_founders() -> None:
    kinds = _kinds(_check(SHA_EN, our_party="Founders"))
    assert kinds[GovernanceFindingKind.QUORUM_WITHOUT_EACH_SIDE] is RiskLevel.MEDIUM
    assert GovernanceFindingKind.NO_APPOINTMENT_RIGHT not in kinds
    assert (
        _kinds(_check(SHA_EN, our_party="Lender"))[GovernanceFindingKind.NO_APPOINTMENT_RIGHT]
        is RiskLevel.HIGH
    )


def test_chinese_sha() -> None:
    out = _check(SHA_ZH, our_party="投资方")
    assert out.board is not None and out.board.total_directors == 5
    assert [(r.appointer, r.directors) for r in out.board.appointment_rights] == [
        ("投资方", 2),
        ("创始股东", 3),
    ]
    assert out.quorum is not None and out.quorum.required_appointers == ["投资方"]
    assert {m.matter for m in out.reserved_matters} == {
        ReservedMatter.AMENDMENT_OF_ARTICLES,
        ReservedMatter.ISSUE_OF_SHARES,
        ReservedMatter.MERGER_DISPOSAL,
        ReservedMatter.WINDING_UP,
        ReservedMatter.DIVIDENDS,
    }
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.percentage == 66.67
    assert threshold.blocking_stake == 33.33
    assert _kinds(out) == {
        GovernanceFindingKind.MISSING_RESERVED_MATTERS: RiskLevel.MEDIUM,
        GovernanceFindingKind.NO_DEADLOCK_MECHANISM: RiskLevel.MEDIUM,
    }


def test_simple_majority_reserved_matters_leave_no_veto() -> None:
    out = _check(
        "Reserved matters require the approval of a simple majority of the Shareholders:\n"
        "(a) amending the Articles;\n(b) issuing shares."
    )
    assert [m.matter for m in out.reserved_matters] == [
        ReservedMatter.AMENDMENT_OF_ARTICLES,
        ReservedMatter.ISSUE_OF_SHARES,
    ]
    kinds = _kinds(out)
    assert kinds[GovernanceFindingKind.SIMPLE_MAJORITY] is RiskLevel.HIGH
    # amendment of articles and share issues are there, but mergers and winding up are not
    assert kinds[GovernanceFindingKind.MISSING_RESERVED_MATTERS] is RiskLevel.HIGH


def test_inline_unanimity_in_chinese() -> None:
    out = _check("下列事项须经全体股东一致同意：修改公司章程、增加或减少注册资本。")
    assert [m.matter for m in out.reserved_matters] == [
        ReservedMatter.AMENDMENT_OF_ARTICLES,
        ReservedMatter.ISSUE_OF_SHARES,
    ]
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.kind is ThresholdKind.UNANIMOUS


def test_negative_covenant_with_a_party_consent() -> None:
    out = _check(
        "The Company shall not, without the prior written consent of the Investor, amend its "
        "Articles, issue any shares or declare any dividend."
    )
    assert len(out.reserved_matters) == 3
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.consenting_party == "Investor"
    assert GovernanceFindingKind.SIMPLE_MAJORITY not in _kinds(out)


def test_reserved_matters_in_a_schedule() -> None:
    text = (DATA / "sha_en.txt").read_text(encoding="utf-8")
    out = _check(text)
    assert out.reserved_matters == [] and out.missing_reserved_matters == []
    assert out.reserved_matters_elsewhere == "Schedule 2"
    assert _kinds(out)[GovernanceFindingKind.RESERVED_MATTERS_ELSEWHERE] is RiskLevel.LOW
    assert out.board is not None and out.board.appointment_rights[0].appointer == "Investor"


def test_no_reserved_matters_and_an_even_board_without_deadlock_mechanism() -> None:
    out = _check(
        "The Board shall consist of four directors. Party A shall be entitled to appoint two "
        "directors and Party B shall be entitled to appoint two directors. The chairman shall "
        "not have a casting vote."
    )
    assert out.board is not None and out.board.evenly_split()
    assert out.deadlock is None
    assert out.missing_reserved_matters == list(ReservedMatter)
    kinds = _kinds(out)
    assert kinds[GovernanceFindingKind.NO_RESERVED_MATTERS] is RiskLevel.HIGH
    assert kinds[GovernanceFindingKind.NO_DEADLOCK_MECHANISM] is RiskLevel.HIGH
    assert GovernanceFindingKind.MISSING_RESERVED_MATTERS not in kinds


def test_casting_vote_breaks_deadlock() -> None:
    out = _check("The chairman, appointed by the Investor, shall have a casting vote.")
    assert out.deadlock is not None
    assert out.deadlock.mechanisms == [DeadlockMechanism.CASTING_VOTE]
    assert GovernanceFindingKind.NO_DEADLOCK_MECHANISM not in _kinds(out)


def test_no_text() -> None:
    out = _check("")
    assert out.findings == [] and out.notes == ["no text found for clause 9"]


def test_clause_looked_up_in_the_document() -> None:
    sha = parse_text((DATA / "sha_en.txt").read_text(encoding="utf-8"), name="sha_en.txt")
    out = check_governance(
        GovernanceCheckInput(clause_id="9", keywords=["governance"], document_structure=sha)
    )
    assert out.board is not None and out.board.total_directors == 5


@pytest.mark.skipif(not EXAMPLE_SPA.is_file(), reason="examples/spa is not in this checkout")
def test_example_spa_article_9_for_the_seller() -> None:
    spa = parse_text(EXAMPLE_SPA.read_text(encoding="utf-8"), name=EXAMPLE_SPA.name)
    out = check_governance(
        GovernanceCheckInput(clause_id="9", document_structure=spa, our_party="Seller")
    )
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.kind is ThresholdKind.SIMPLE_MAJORITY
    assert ReservedMatter.AUDITORS in {m.matter for m in out.reserved_matters}
    kinds = _kinds(out)
    assert kinds[GovernanceFindingKind.SIMPLE_MAJORITY] is RiskLevel.HIGH
    assert kinds[GovernanceFindingKind.QUORUM_WITHOUT_EACH_SIDE] is RiskLevel.MEDIUM


async def test_runs_through_the_dispatcher() -> None:
    registry = load_registry()
    data = GovernanceCheckInput(clause_id="9", clause_text=SHA_EN)
    result = await SkillDispatcher(registry).call("sha_governance_check", data)
    assert result.success, result.error


# --------------------------------------------------------------------------- property

_PHRASES = {
    ReservedMatter.AMENDMENT_OF_ARTICLES: (
        "any amendment to the Articles of Association",
        "修改公司章程",
    ),
    ReservedMatter.ISSUE_OF_SHARES: ("the issue or allotment of any shares", "增加或减少注册资本"),
    ReservedMatter.DIVIDENDS: ("the declaration of any dividend", "利润分配方案"),
    ReservedMatter.BUDGET_BUSINESS_PLAN: ("approval of the annual budget", "年度财务预算"),
    ReservedMatter.MERGER_DISPOSAL: (
        "any merger or consolidation of the Company",
        "公司合并或分立",
    ),
    ReservedMatter.BORROWING: ("any borrowing above USD 500,000", "对外借款超过人民币五百万元"),
    ReservedMatter.RELATED_PARTY_TRANSACTIONS: ("any transaction with a related party", "关联交易"),
    ReservedMatter.AUDITORS: (
        "the appointment or removal of the auditors",
        "聘任或解聘会计师事务所",
    ),
    ReservedMatter.WINDING_UP: ("the winding up of the Company", "公司解散或清算"),
    ReservedMatter.CHANGE_OF_BUSINESS: (
        "any change in the nature of the business",
        "变更公司经营范围",
    ),
    ReservedMatter.LISTING_IPO: ("any listing on a stock exchange", "公司上市"),
    ReservedMatter.MATERIAL_CONTRACTS: ("entering into any material contract", "签订重大合同"),
    ReservedMatter.SENIOR_MANAGEMENT: (
        "the appointment of the chief executive officer",
        "聘任或解聘总经理",
    ),
    ReservedMatter.LITIGATION: ("commencing or settling any litigation", "提起重大诉讼"),
    ReservedMatter.GRANTING_SECURITY: ("the creation of any mortgage or pledge", "对外提供担保"),
}


@settings(max_examples=40, deadline=None)
@given(
    matters=st.lists(st.sampled_from(list(ReservedMatter)), min_size=1, unique=True),
    percent=st.integers(min_value=1, max_value=100),
    chinese=st.booleans(),
)
def test_reserved_matter_coverage_and_threshold(
    matters: list[ReservedMatter], percent: int, chinese: bool
) -> None:
    if chinese:
        text = (
            f"下列事项须经代表百分之{chinese_numeral(percent)}以上表决权的股东同意：\n"
            + "\n".join(
                f"（{chinese_numeral(n)}）{_PHRASES[m][1]}；"
                for n, m in enumerate(matters, start=1)
            )
        )
    else:
        text = (
            "The following matters shall require the approval of Shareholders holding not "
            f"less than {percent}% of the Shares:\n"
            + "\n".join(f"({chr(97 + i)}) {_PHRASES[m][0]};" for i, m in enumerate(matters))
        )
    out = _check(text)
    assert {m.matter for m in out.reserved_matters} == set(matters)
    assert out.missing_reserved_matters == [m for m in ReservedMatter if m not in matters]
    threshold = out.reserved_matters_threshold
    assert threshold is not None and threshold.percentage == percent
    expected = ThresholdKind.SPECIFIED_PERCENTAGE if percent > 50 else ThresholdKind.SIMPLE_MAJORITY
    assert threshold.kind is expected
    assert (GovernanceFindingKind.SIMPLE_MAJORITY in _kinds(out)) is (percent <= 50)
