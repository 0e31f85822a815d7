"""SPEC-21's configuration matrix (§10.3) end to end: the orchestrator on or off times
the ReAct worker on or off, with an LLM and without one.

=====================  =============================================================
react off, orch. off   the default plan; the checklist's tools and the playbook; the
                       LLM is never asked (the notes say it was left unused)
react on,  orch. off   the default plan; the LLM analyses each clause, choosing among
                       the plan's tools (iteration limit from the plan)
react off, orch. on    the LLM plans (depth, order, tools); the plan's tools run and
                       the playbook decides — the "orchestrator on, fixed tools" mode
react on,  orch. on    the LLM plans, then analyses each clause with the tools and
                       iteration limit its plan gave the clause
no LLM (any setting)   the default plan, the checklist's tools and the playbook
=====================  =============================================================

The LLM is faked at the LLM seam only (:class:`MatrixLLM` answers the planner, the
dispatcher and the worker by their system prompts); the registry, skills, dispatcher,
playbook and store are the real ones.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from contract_review import load_settings
from contract_review.llm.client_types import ChatMessage, ChatResponse, LLMInfo
from contract_review.llm.wire_format import tools_to_wire
from contract_review.review.engine_request import ReviewRequest
from contract_review.review.orchestrator import DISPATCH_SYSTEM, PLANNING_SYSTEM
from contract_review.review.plan import AnalysisDepth
from contract_review.review.state import ReviewState
from contract_review.testing.fake_llm import ScriptedLLM

from .engine_fixtures import make_engine, request_for, write_contract

#: The orchestrator's plan: clause 1 standard with only get_clause_context (the
#: checklist asks for extract_financial_terms too), 2 deep, 3 and 9 quick; 2 first.
PLAN = {
    "global_strategy": "liability first",
    "clause_plans": [
        {
            "clause_id": "1",
            "analysis_depth": "standard",
            "priority_order": 1,
            "suggested_tools": ["get_clause_context"],
        },
        {"clause_id": "2", "analysis_depth": "deep", "priority_order": 0},
        {"clause_id": "3", "analysis_depth": "quick", "priority_order": 2},
        {"clause_id": "9", "analysis_depth": "quick", "priority_order": 3},
    ],
}


class MatrixLLM:
    """Answers the planner with :data:`PLAN`, the dispatcher with "no change", and the
    ReAct worker with one ``get_clause_context`` call, then a low finding — recording
    what was asked, and the tools and iteration limit the worker was given."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.offered: list[list[str]] = []

    @property
    def info(self) -> LLMInfo:
        return LLMInfo(name="matrix", provider="test double", model="m", remote=False)

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        system = messages[0].content or ""
        if system.startswith(PLANNING_SYSTEM[:40]):
            self.asked.append("plan")
            return ChatResponse(content=json.dumps(PLAN), finish_reason="stop")
        if system.startswith(DISPATCH_SYSTEM[:40]):
            self.asked.append("adjust")
            reply = {"should_adjust": False, "reason": "on track"}
            return ChatResponse(content=json.dumps(reply), finish_reason="stop")
        self.asked.append("worker")
        tools = kwargs.get("tools") or ()
        self.offered.append([str(tool["function"]["name"]) for tool in tools_to_wire(tools)])
        if not any(message.role == "tool" for message in messages):
            return ScriptedLLM.tool_call("get_clause_context", {})
        user = messages[1].content or ""
        clause = "1" if "Payment" in user else "2" if "Liability" in user else "3"
        finding = {
            "clause_id": clause,
            "risk_level": "low",
            "title": f"clause {clause} read by the model",
            "description": "as the model saw it",
            "revised_text": None,
        }
        return ChatResponse(content=json.dumps({"findings": [finding]}), finish_reason="stop")


def _review(
    tmp_path: Path, llm: MatrixLLM | None, *, react: bool, orchestrator: bool
) -> ReviewState:
    engine = make_engine(tmp_path, llm=llm)
    request = request_for(
        write_contract(tmp_path), use_orchestrator=orchestrator, use_react_agent=react
    )
    state = engine.start(request)
    assert state.status == "complete"
    return state


def _workers(state: ReviewState) -> dict[str, str]:
    return {r.checklist_item_id: r.worker for r in state.clause_reviews if r.locations}


def _tools_run(state: ReviewState, clause_id: str) -> list[str]:
    review = next(r for r in state.clause_reviews if r.checklist_item_id == clause_id)
    return [result.skill_id for result in review.skill_results]


def test_both_off_runs_the_checklists_tools_and_never_asks_the_llm(tmp_path: Path) -> None:
    llm = MatrixLLM()
    state = _review(tmp_path, llm, react=False, orchestrator=False)
    assert llm.asked == []
    assert state.plan_source == "default"
    assert set(_workers(state).values()) == {"playbook"}
    # the default plan gives clause 1 the checklist's tools (critical: deep)
    assert _tools_run(state, "1") == ["extract_financial_terms", "get_clause_context"]
    assert state.llm == "none"
    assert any("was not used" in note and "use_react_agent" in note for note in state.notes)


def test_react_alone_lets_the_llm_choose_among_the_default_plans_tools(tmp_path: Path) -> None:
    llm = MatrixLLM()
    state = _review(tmp_path, llm, react=True, orchestrator=False)
    assert "plan" not in llm.asked and "adjust" not in llm.asked
    assert state.plan_source == "default"
    assert set(_workers(state).values()) == {"react"}
    # what ran is what the model called, not the checklist's list
    assert _tools_run(state, "1") == ["get_clause_context"]
    # the worker was offered the plan's tools: clause 2 (high → standard) its one tool
    assert ["get_clause_context"] in llm.offered
    assert state.llm == "test double (m)"
    assert not any("was not used" in note for note in state.notes)


def test_orchestrator_alone_plans_with_the_llm_and_runs_fixed_tools(tmp_path: Path) -> None:
    llm = MatrixLLM()
    state = _review(tmp_path, llm, react=False, orchestrator=True)
    assert llm.asked[0] == "plan" and "worker" not in llm.asked
    assert state.plan_source == "orchestrator"
    assert set(_workers(state).values()) == {"playbook"}
    # the plan's order and depths are followed...
    assert [r.checklist_item_id for r in state.clause_reviews] == ["2", "1", "3", "9"]
    depth = {r.checklist_item_id: r.depth for r in state.clause_reviews}
    assert depth["2"] is AnalysisDepth.DEEP and depth["3"] is AnalysisDepth.QUICK
    # ...and the tools it chose for clause 1 are the ones run, by the fixed path
    assert _tools_run(state, "1") == ["get_clause_context"]
    steps = {r.checklist_item_id: r.steps for r in state.clause_reviews}
    assert steps["3"] == ["analyze", "route_after_analyze", "save_clause"]  # quick


def test_both_on_plans_then_the_worker_uses_the_plans_tools(tmp_path: Path) -> None:
    llm = MatrixLLM()
    state = _review(tmp_path, llm, react=True, orchestrator=True)
    assert llm.asked[0] == "plan" and "worker" in llm.asked
    assert state.plan_source == "orchestrator"
    assert set(_workers(state).values()) == {"react"}
    assert [r.checklist_item_id for r in state.clause_reviews] == ["2", "1", "3", "9"]
    # clause 2 is deep: every active skill offered; clause 1 standard: the plan's one tool
    first, *rest = llm.offered
    assert len(first) > 2 and "extract_financial_terms" in first
    assert ["get_clause_context"] in rest
    assert _tools_run(state, "1") == ["get_clause_context"]


@pytest.mark.parametrize("react", [False, True])
@pytest.mark.parametrize("orchestrator", [False, True])
def test_without_an_llm_every_combination_reviews_with_the_playbook(
    tmp_path: Path, react: bool, orchestrator: bool
) -> None:
    state = _review(tmp_path, None, react=react, orchestrator=orchestrator)
    assert set(_workers(state).values()) == {"playbook"}
    assert _tools_run(state, "1") == ["extract_financial_terms", "get_clause_context"]
    assert state.llm == "none"
    assert state.plan_source == ("orchestrator" if orchestrator else "default")
    said = any("use_react_agent is on but no LLM is configured" in note for note in state.notes)
    assert said is react


@pytest.mark.parametrize(
    ("variable", "field"),
    [
        ("USE_REACT_AGENT", "use_react_agent"),
        ("CONTRACT_REVIEW_USE_REACT_AGENT", "use_react_agent"),
        ("USE_ORCHESTRATOR", "use_orchestrator"),
        ("CONTRACT_REVIEW_USE_ORCHESTRATOR", "use_orchestrator"),
    ],
)
def test_the_seeds_environment_variables_switch_the_modes(
    monkeypatch: pytest.MonkeyPatch, variable: str, field: str
) -> None:
    monkeypatch.setenv(variable, "true")
    assert getattr(load_settings(), field) is True
    monkeypatch.setenv(variable, "false")
    assert getattr(load_settings(), field) is False


def test_the_setting_is_read_and_the_request_overrides_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USE_REACT_AGENT", "1")
    llm = MatrixLLM()
    engine = make_engine(tmp_path, llm=llm)  # settings read with the variable set
    assert engine.settings.use_react_agent is True
    path = write_contract(tmp_path)
    by_setting = engine.start(request_for(path))
    assert set(_workers(by_setting).values()) == {"react"}
    asked = len(llm.asked)
    overridden = engine.start(request_for(path, use_react_agent=False))
    assert set(_workers(overridden).values()) == {"playbook"}
    assert len(llm.asked) == asked  # the LLM was not asked again


def test_the_request_model_keeps_the_choice_for_resume() -> None:
    request = ReviewRequest.model_validate(
        {"domain_id": "testdom", "documents": [{"path": "x.txt"}], "use_react_agent": True}
    )
    again = ReviewRequest.model_validate_json(request.model_dump_json())
    assert again.use_react_agent is True
    assert ReviewRequest(domain_id="d", documents=request.documents).use_react_agent is None
