"""The engine with ``--orchestrator`` and a scripted LLM (SPEC-21 end to end): the
LLM's plan is followed, quick clauses skip diffs and validation, a high finding
deepens a later clause (plan_version goes up), and a failing LLM falls back to the
default plan and the offline playbook."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from contract_review.domain import RiskLevel
from contract_review.errors import LLMError
from contract_review.llm.client_types import ChatMessage, ChatResponse, LLMInfo
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.orchestrator import DISPATCH_SYSTEM, PLANNING_SYSTEM
from contract_review.review.plan import AnalysisDepth

from .engine_fixtures import make_engine, write_contract

PLAN = {
    "global_strategy": "payment first, the rest quickly",
    "clause_plans": [
        {"clause_id": "1", "analysis_depth": "quick", "priority_order": 0, "rationale": "money"},
        {"clause_id": "2", "analysis_depth": "standard", "priority_order": 1},
        {"clause_id": "3", "analysis_depth": "quick", "priority_order": 2},
        {"clause_id": "9", "analysis_depth": "quick", "priority_order": 3},
    ],
}
DEEPEN = {
    "should_adjust": True,
    "reason": "a high payment risk: look harder at notices",
    "adjusted_clauses": [{"clause_id": "3", "analysis_depth": "deep", "rationale": "deepened"}],
}


def _finding(clause_id: str, risk: str, revised: str | None = None) -> dict[str, Any]:
    return {
        "clause_id": clause_id,
        "risk_level": risk,
        "title": f"clause {clause_id} checked",
        "description": "as the model saw it",
        "revised_text": revised,
    }


class RoutingLLM:
    """Answers by what is asked: the planner's prompt, the dispatcher's prompt, or the
    ReAct worker (tools offered) — whatever order the engine asks in."""

    def __init__(self, *, fail: bool = False) -> None:
        self.fail = fail
        self.asked: list[str] = []

    @property
    def info(self) -> LLMInfo:
        return LLMInfo(name="routing", provider="test double", model="m", remote=False)

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        system = messages[0].content or ""
        if self.fail:
            self.asked.append("failed")
            raise LLMError("the model is down")
        if system.startswith(PLANNING_SYSTEM[:40]):
            self.asked.append("plan")
            return ChatResponse(content=json.dumps(PLAN), finish_reason="stop")
        if system.startswith(DISPATCH_SYSTEM[:40]):
            self.asked.append("adjust")
            return ChatResponse(content=json.dumps(DEEPEN), finish_reason="stop")
        self.asked.append("worker")
        user = messages[1].content or ""
        if "Payment" in user:
            text = "1. Payment\nThe Customer shall pay each invoice within 15 days of receipt."
            answer = [_finding("1", "high", text)]
        else:
            answer = [_finding("2" if "Liability" in user else "3", "low")]
        return ChatResponse(content=json.dumps({"findings": answer}), finish_reason="stop")


def _request(path: Path) -> ReviewRequest:
    return ReviewRequest(
        domain_id="testdom",
        documents=[DocumentInput(path=str(path))],
        use_orchestrator=True,
        use_react_agent=True,
    )


def test_orchestrated_review_follows_and_adjusts_the_plan(tmp_path: Path) -> None:
    llm = RoutingLLM()
    engine = make_engine(tmp_path, llm=llm)
    state = engine.start(_request(write_contract(tmp_path)))
    assert state.status == "complete"
    assert llm.asked[0] == "plan"
    assert state.plan_source == "orchestrator"
    steps = {r.checklist_item_id: r.steps for r in state.clause_reviews}
    depth = {r.checklist_item_id: r.depth for r in state.clause_reviews}
    # clause 1 was quick: no diffs, no validation, though the model proposed a redline
    assert steps["1"] == ["analyze", "route_after_analyze", "save_clause"]
    high = [f for f in state.findings if f.checklist_item_id == "1"]
    assert high[0].risk_level is RiskLevel.HIGH and high[0].suggested_change is None
    # ...and its high finding deepened clause 3, which then ran the full path
    assert depth["3"] is AnalysisDepth.DEEP
    assert steps["3"][-4:] == ["generate_diffs", "validate", "human_approval", "save_clause"]
    assert state.review_plan is not None and state.review_plan.plan_version >= 2
    assert state.plan_changes[0].after_clause == "1"
    assert state.plan_changes[0].changes == ["3: quick → deep"]
    assert {r.worker for r in state.clause_reviews if r.status.value == "found"} == {"react"}
    report = engine.report(state)
    assert report.plan.source == "orchestrator"
    assert report.plan.plan.plan_version == state.review_plan.plan_version
    assert report.meta.llm == "test double (m)"


def test_a_failing_llm_gives_the_default_plan_and_the_playbook(tmp_path: Path) -> None:
    llm = RoutingLLM(fail=True)
    engine = make_engine(tmp_path, llm=llm)
    state = engine.start(_request(write_contract(tmp_path)))
    assert state.status == "complete"
    assert state.plan_source == "orchestrator"
    assert "Default plan used" in state.plan_note
    depth = {r.checklist_item_id: r.depth for r in state.clause_reviews}
    assert depth == {
        "1": AnalysisDepth.DEEP,  # critical
        "2": AnalysisDepth.STANDARD,
        "3": AnalysisDepth.STANDARD,
        "9": AnalysisDepth.STANDARD,
    }
    assert {r.worker for r in state.clause_reviews} == {"playbook"}
    assert any("the LLM failed" in note for note in state.notes)


def test_without_an_llm_the_default_plan_is_used_and_said(tmp_path: Path) -> None:
    engine = make_engine(tmp_path, llm=None)
    report = engine.report(engine.start(_request(write_contract(tmp_path))))
    assert report.plan.source == "orchestrator"
    assert "no LLM is configured" in report.plan.note
    assert report.meta.llm == "none"
