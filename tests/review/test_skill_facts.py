"""Skill outputs as facts: read from the bundled examples, shown in the report, tested
by a playbook rule; and the review's skill runs (one event loop, each skill once)."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from contract_review.config import Settings
from contract_review.documents.loading import parse_text
from contract_review.documents.model import DocumentRole
from contract_review.domain import ChecklistItem
from contract_review.playbooks.clause_assessment import assess_clause
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_models import FactTest, PlaybookRule
from contract_review.registry import Registry, load_registry
from contract_review.reports.appendix_content import skill_lines
from contract_review.review import skill_runs as skill_runs_module
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.report_models import ReviewReport
from contract_review.review.skill_facts import SkillFact
from contract_review.review.skill_runs import SkillRuns
from contract_review.review.state import ReviewState
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.registration import SkillResult
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.throwaway_domain import (
    THROWAWAY_DOMAIN_ID,
    THROWAWAY_PLUGIN,
    THROWAWAY_REFERENCE_ROLE,
    write_throwaway_contract,
)

REPO = Path(__file__).resolve().parents[2]
FIDIC = REPO / "examples" / "fidic"
EPC = REPO / "examples" / "epc_contract.txt"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(extra_plugins=(THROWAWAY_PLUGIN,))


def _engine(registry: Registry, folder: Path) -> ReviewEngine:
    settings = Settings(data_dir=folder)
    return ReviewEngine(
        registry, settings=settings, storage=SqliteStorage(folder / "store.db"), llm=None
    )


@pytest.fixture(scope="module")
def fidic_report(registry: Registry) -> Iterator[ReviewReport]:
    with tempfile.TemporaryDirectory() as folder:
        engine = _engine(registry, Path(folder))
        request = ReviewRequest(
            domain_id="fidic",
            documents=[
                DocumentInput(path=str(FIDIC / "particular_conditions.txt")),
                DocumentInput(path=str(FIDIC / "general_conditions.txt"), role="gc"),
            ],
        )
        yield engine.report(engine.start(request))


def _facts(report: ReviewReport, clause_id: str) -> list[SkillFact]:
    return next(c.facts for c in report.clauses if c.checklist_item_id == clause_id)


@pytest.mark.requires_domain("fidic")
def test_time_bar_skill_reads_the_claim_notice_against_the_baseline(
    fidic_report: ReviewReport,
) -> None:
    notice = [f for f in _facts(fidic_report, "20.1") if f.name == "claim_notice_period"]
    assert [(f.value, f.unit, f.words) for f in notice] == [
        (14.0, "day", "claim notice: 14 days; baseline 28")
    ]
    names = {f.name for f in _facts(fidic_report, "20.1")}
    assert {"detailed_claim_period", "time_bar"} <= names
    payment = [f for f in _facts(fidic_report, "14.7") if f.name == "payment_period"]
    assert 90.0 in {f.value for f in payment}


@pytest.mark.requires_domain("fidic")
def test_financial_terms_skill_reads_amounts_and_percentages(fidic_report: ReviewReport) -> None:
    amounts = [f for f in _facts(fidic_report, "14.1") if f.name == "amount"]
    assert any(f.unit == "USD" and f.value == 212_400_000 for f in amounts)
    advance = {f.value for f in _facts(fidic_report, "14.2") if f.unit == "percent"}
    assert advance == {10.0, 15.0}


@pytest.mark.requires_domain("fidic")
def test_numeric_finding_names_the_facts_of_its_number(fidic_report: ReviewReport) -> None:
    notice = next(
        f for f in fidic_report.findings if f.finding_id.startswith("fidic_claim_notice_shorter")
    )
    assert "The skills read “claim notice: 14 days; baseline 28”." in notice.description
    payment = next(f for f in fidic_report.findings if f.clause_id == "14.7")
    assert "“payment: 90 days”" in payment.description
    assert "payment: 21 days" not in payment.description  # another number: not this finding's


@pytest.mark.requires_domain("fidic")
def test_report_pages_list_the_facts_not_the_summaries(fidic_report: ReviewReport) -> None:
    review = next(c for c in fidic_report.clauses if c.checklist_item_id == "20.1")
    lines = skill_lines(review)
    assert "Read by fidic_calculate_time_bar: claim notice: 14 days; baseline 28" in lines
    assert review.skill_results  # kept for the record
    assert not any("shortest_notice_days=" in line for line in lines)


@pytest.mark.requires_domain("fidic")
def test_epc_claim_notice_without_the_word_claim_is_the_claim_notice(registry: Registry) -> None:
    with tempfile.TemporaryDirectory() as folder:
        engine = _engine(registry, Path(folder))
        state = engine.start(
            ReviewRequest(domain_id="fidic", documents=[DocumentInput(path=str(EPC))])
        )
    facts = next(c.facts for c in state.clause_reviews if c.checklist_item_id == "20.1")
    assert ("claim_notice_period", 14.0) in {(f.name, f.value) for f in facts}


# --------------------------------------------------------------------------- fact rules

_CONTRACT = """1. Claims
Sub-Clause 20.1: replace "twenty-eight" with "fourteen".
"""
_OTHER = "4.1 Other\nA variation is notified within 14 days.\n"


def _fact_rule(**extra: Any) -> PlaybookRule:
    return PlaybookRule(
        rule_id="claim_notice_short",
        clause_id="20.1",
        category="short_notice_time_bar",
        description="The claim notice period is shorter than 28 days.",
        patterns=(r"\bnotice\s+of\s+claim\b",),  # not in the amendment
        fact=FactTest(name="claim_notice_period", comparison="lt", threshold=28, unit="day"),
        **extra,
    )


def _assess(rule: PlaybookRule, facts: list[SkillFact], tmp_path: Path) -> list[Any]:
    document = parse_text(_CONTRACT, name="pc.txt", role=DocumentRole.PRIMARY.value)
    location = ClauseLocation(
        document=document.name,
        role=document.role,
        clause_id="20.1",
        start=0,
        end=len(document.source),
    )
    playbook = Playbook(
        playbook_id="p", domain_id="fidic", version="1.0.0", title="t", rules=(rule,)
    )
    item = ChecklistItem(clause_id="20.1", clause_name="Claims")
    other = parse_text(_OTHER, name="gc.txt", role="gc")
    return assess_clause(playbook, item, [location], [document, other], facts=facts)


def _notice(days: float, unit: str = "day") -> SkillFact:
    return SkillFact(
        skill_id="fidic_calculate_time_bar",
        name="claim_notice_period",
        words=f"claim notice: {days:g} {unit}s; baseline 28",
        value=days,
        unit=unit,
        clause_id="20.1",
    )


def test_rule_testing_a_fact_fires_where_its_patterns_miss(tmp_path: Path) -> None:
    rule = _fact_rule()
    assert _assess(rule, [], tmp_path) == []  # the patterns alone see nothing
    (finding,) = _assess(rule, [_notice(14)], tmp_path)
    assert finding.finding_id == "claim_notice_short@20.1"
    assert "read “claim notice: 14 days; baseline 28”" in finding.description
    assert "our standard is at least 28 day(s)" in finding.description
    assert _assess(rule, [_notice(28)], tmp_path) == []
    assert _assess(rule, [_notice(1, "month")], tmp_path) == []  # 30 days
    assert len(_assess(rule, [_notice(3, "week")], tmp_path)) == 1  # 21 days
    # read in the clause as amended (words in no document): judged here
    amended = _notice(14).model_copy(update={"quote": "Notice within 14 days of the event."})
    assert len(_assess(rule, [amended], tmp_path)) == 1
    # read in another clause of the document: judged there, not here
    elsewhere = _notice(14).model_copy(update={"quote": "notified  within 14 days"})
    assert _assess(rule, [elsewhere], tmp_path) == []


def test_a_fact_rule_needs_patterns_or_a_fact_and_clause_scope() -> None:
    fact_only = PlaybookRule(
        rule_id="r",
        clause_id="1",
        description="d",
        fact=FactTest(name="liability_cap", comparison="gt", threshold=100, unit="percent"),
    )
    assert fact_only.patterns == () and fact_only.standard_words() == "at most 100%"
    with pytest.raises(ValidationError, match="at least one pattern"):
        PlaybookRule(rule_id="r", clause_id="1", description="d")
    with pytest.raises(ValidationError, match="'fact' is for present rules"):
        _fact_rule(scope="document")


@given(
    st.floats(min_value=0, max_value=10_000, allow_nan=False),
    st.sampled_from(["day", "working_day", "week", "month", "year"]),
    st.sampled_from(["day", "week", "month", "year"]),
)
def test_a_period_converts_there_and_back(value: float, unit: str, other: str) -> None:
    fact = SkillFact(skill_id="s", name="period", words="period", value=value, unit=unit)
    there = fact.in_unit(other)
    assert there is not None
    back = fact.model_copy(update={"value": there, "unit": other}).in_unit(unit)
    assert back == pytest.approx(value)
    assert fact.in_unit("percent") is None


# --------------------------------------------------------------------------- skill runs


class _CountingDispatcher(SkillDispatcher):
    def __init__(self, registry: Registry) -> None:
        super().__init__(registry)
        self.runs: list[tuple[str, str]] = []

    async def prepare_and_call(self, skill_id: str, **kwargs: Any) -> SkillResult:
        self.runs.append((skill_id, kwargs["clause_id"]))
        return await super().prepare_and_call(skill_id, **kwargs)


def test_a_skill_runs_once_per_clause_and_arguments(registry: Registry) -> None:
    dispatcher = _CountingDispatcher(registry)
    runs = SkillRuns(dispatcher)
    state = ReviewState(domain_id="fidic")
    runs.open()
    try:
        first = runs.prepare_and_call("get_clause_context", clause_id="20.1", state=state)
        again = runs.prepare_and_call(
            "get_clause_context", clause_id="20.1", state=state, arguments={"clause_id": "20.1"}
        )
        other = runs.prepare_and_call(
            "get_clause_context", clause_id="20.1", state=state, arguments={"clause_id": "4.1"}
        )
    finally:
        runs.close()
    assert again is first and other is not first
    assert dispatcher.runs == [("get_clause_context", "20.1")] * 2
    assert len(runs.results()) == 2
    runs.for_clause("4.1")
    assert runs.results() == []


_SCHEDULE = """SCHEDULE 1

1. Services
The Supplier maintains the Customer's tills and payment terminals.

2. Service Levels
A fault is fixed within eight (8) hours of its report.
"""


class _CountingRunner(asyncio.Runner):
    made = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        type(self).made += 1
        super().__init__(*args, **kwargs)


def test_one_event_loop_per_review_and_each_skill_once_per_clause(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _CountingRunner.made = 0
    monkeypatch.setattr(skill_runs_module.asyncio, "Runner", _CountingRunner)
    loops: list[object] = []
    real_run = asyncio.run

    def counting_run(*args: Any, **kwargs: Any) -> Any:
        loops.append(args[0])
        return real_run(*args, **kwargs)

    monkeypatch.setattr(asyncio, "run", counting_run)
    calls: list[tuple[str, str]] = []
    real = SkillDispatcher.prepare_and_call

    async def counted(self: SkillDispatcher, skill_id: str, **kwargs: Any) -> SkillResult:
        calls.append((skill_id, kwargs["clause_id"]))
        return await real(self, skill_id, **kwargs)

    monkeypatch.setattr(SkillDispatcher, "prepare_and_call", counted)
    engine = _engine(registry, tmp_path)
    schedule = write_throwaway_contract(tmp_path, text=_SCHEDULE, name="schedule.txt")
    state = engine.start(
        ReviewRequest(
            domain_id=THROWAWAY_DOMAIN_ID,
            documents=[
                DocumentInput(path=str(write_throwaway_contract(tmp_path))),
                DocumentInput(path=str(schedule), role=THROWAWAY_REFERENCE_ROLE),
            ],
        )
    )
    assert state.status == "complete"
    assert _CountingRunner.made == 1 and loops == []
    assert calls and len(calls) == len(set(calls))


@pytest.mark.requires_domain("sha_spa")
def test_indemnity_analysis_reads_the_liability_cap_and_claim_period() -> None:
    from contract_review_sha_spa.indemnity import IndemnityAnalysisInput, analyse_indemnity
    from contract_review_sha_spa.indemnity_facts import indemnity_facts

    text = (
        "The aggregate liability of the Seller for all Claims shall not exceed 100% of the "
        "Purchase Price. No Claim may be brought unless notified within 18 months after "
        "Completion."
    )
    output = analyse_indemnity(
        IndemnityAnalysisInput(clause_id="7.4", clause_text=text, purchase_price=42_000_000)
    )
    facts = {f.name: f for f in indemnity_facts("7.4", output.model_dump(mode="json"))}
    cap = facts["liability_cap"]
    assert (cap.value, cap.unit) == (100.0, "percent")
    assert cap.words.startswith("liability cap: 100% of the purchase price")
    assert facts["claim_period"].in_unit("month") == 18.0


def test_routing_asks_the_review_planner_only_when_no_plugin_plans() -> None:
    from contract_review import hookimpl
    from contract_review.builtin.orchestration import OrchestratorPlugin
    from contract_review.domain import DomainSpec
    from contract_review.plugins import get_plugin_manager
    from contract_review.review import routing
    from contract_review.review.plan import ReviewPlan

    domain = DomainSpec(
        domain_id="d", name="D", checklist=(ChecklistItem(clause_id="1", clause_name="One"),)
    )
    state = ReviewState(domain_id="d")
    planner = OrchestratorPlugin(llm=None)
    plain = get_plugin_manager(load_entrypoints=False)
    planned = routing.plan_review(plain, domain, state, [], orchestrator=planner)
    assert "no LLM is configured" in planned.global_strategy

    class Planner:
        @hookimpl
        def plan_review(self) -> ReviewPlan:
            return ReviewPlan(global_strategy="domain plan")

    pm = get_plugin_manager(load_entrypoints=False, extra_plugins=[("domain", Planner())])
    assert routing.plan_review(pm, domain, state, [], orchestrator=planner).global_strategy == (
        "domain plan"
    )
