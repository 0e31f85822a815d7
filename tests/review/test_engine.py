"""The review engine: nodes, routes through the hooks, checkpoints, pause and resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review import hookimpl
from contract_review.errors import ContractReviewError, InputError, UnknownDomainError
from contract_review.review import engine_nodes
from contract_review.review.approval import PausingApprover
from contract_review.review.engine import RECORD_KIND, ReviewNotFoundError
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.review.plan import AnalysisDepth, ReviewPlan, build_default_plan
from contract_review.review.report_models import REPORT_SCHEMA_VERSION, ReviewReport
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, write_throwaway_contract

from .engine_fixtures import DOMAIN, make_engine, make_registry, request_for, write_contract

CLAUSE_STEPS = [
    "analyze",
    "route_after_analyze",
    "generate_diffs",
    "validate",
    "human_approval",
    "save_clause",
]


def test_review_runs_every_planned_clause_through_the_nodes(tmp_path: Path) -> None:
    engine = make_engine(tmp_path)
    state = engine.start(request_for(write_contract(tmp_path)))
    assert state.status == "complete"
    assert state.done_clause_ids == ["1", "2", "3", "9"]
    by_item = {review.checklist_item_id: review for review in state.clause_reviews}
    assert by_item["1"].steps == CLAUSE_STEPS
    assert by_item["1"].depth is AnalysisDepth.DEEP  # critical → deep in the default plan
    assert by_item["2"].depth is AnalysisDepth.STANDARD
    # the escrow clause is not in the contract: a missing finding with the checklist id
    assert by_item["9"].status is FindingStatus.MISSING
    missing = [f for f in state.findings if f.status is FindingStatus.MISSING]
    assert [(f.clause_id, f.checklist_item_id) for f in missing] == [("9", "9")]
    found = {f.checklist_item_id: f for f in state.findings if f.status is FindingStatus.FOUND}
    checked = {c.checklist_item_id: c for c in state.checked}
    quote = (found["1"] if "1" in found else checked["1"]).evidence[0]
    source = state.primary.source if state.primary else ""
    assert quote.kind == "clause" and quote.start is not None and quote.end is not None
    assert source[quote.start : quote.end] == quote.text
    assert "within 30 days" in quote.text
    # the planned skills ran through the dispatcher
    skills = {s.skill_id: s for s in by_item["1"].skill_results}
    assert set(skills) == {"extract_financial_terms", "get_clause_context"}
    assert all(s.success for s in skills.values())


def test_a_checkpoint_is_saved_after_every_node(tmp_path: Path) -> None:
    engine = make_engine(tmp_path)
    state = engine.start(request_for(write_contract(tmp_path)))
    saved = engine.storage.checkpoints(state.review_id)
    node_runs = 2 + sum(len(review.steps) for review in state.clause_reviews)  # + plan, summarize
    assert len(saved) == 1 + node_runs  # + the checkpoint after parsing
    latest = engine.storage.latest_checkpoint(state.review_id)
    assert latest is not None and latest.data["status"] == "complete"
    assert "documents" not in latest.data  # documents live in the review record, once
    record = engine.storage.load(RECORD_KIND, state.review_id)
    assert record is not None and record.data["status"] == "complete"
    assert record.data["documents"][0]["name"] == "supply.txt"
    assert ReviewReport.model_validate(record.data["report"]).review_id == state.review_id


def test_report_follows_the_versioned_schema(tmp_path: Path) -> None:
    engine = make_engine(tmp_path)
    report = engine.report(engine.start(request_for(write_contract(tmp_path))))
    assert report.schema_version == REPORT_SCHEMA_VERSION
    assert report.status == "complete"
    assert report.plan.source == "default" and "Default plan" in report.plan.note
    assert report.meta.llm == "none"
    assert report.meta.domain_id == "testdom"
    assert report.summary.total == len(report.findings)
    assert set(report.meta.timings) >= {"plan_review", "analyze", "save_clause"}
    assert ReviewReport.model_validate_json(report.model_dump_json()) == report


class QuickPlan:
    """Plans every clause quick (no diffs, no validation)."""

    @hookimpl
    def plan_review(self, domain, state, available_tools):  # type: ignore[no-untyped-def]
        plan = build_default_plan(domain.checklist)
        return ReviewPlan(
            clause_plans=[cp.with_depth(AnalysisDepth.QUICK) for cp in plan.clause_plans],
            global_strategy="everything quick",
        )


def test_quick_clauses_skip_diffs_and_validation(tmp_path: Path) -> None:
    engine = make_engine(tmp_path, make_registry(("quick", QuickPlan())))
    state = engine.start(request_for(write_contract(tmp_path)))
    assert all(
        review.steps == ["analyze", "route_after_analyze", "save_clause"]
        for review in state.clause_reviews
    )
    assert all(not review.skill_results for review in state.clause_reviews)
    assert state.plan_source == "plugin" and state.plan_note == "everything quick"


class AlwaysDiffs:
    """Routes every clause to generate_diffs, whatever its plan says."""

    @hookimpl
    def route_after_analyze(self, state, clause_plan):  # type: ignore[no-untyped-def]
        return "generate_diffs"


def test_routing_goes_through_the_hook(tmp_path: Path) -> None:
    registry = make_registry(("quick", QuickPlan()), ("route", AlwaysDiffs()))
    state = make_engine(tmp_path, registry).start(request_for(write_contract(tmp_path)))
    # quick still skips validation (the plan's skip_validate), but diffs were routed in
    assert state.clause_reviews[0].steps == [
        "analyze",
        "route_after_analyze",
        "generate_diffs",
        "human_approval",
        "save_clause",
    ]


class Reversed:
    """Reviews the checklist back to front."""

    @hookimpl
    def plan_review(self, domain, state, available_tools):  # type: ignore[no-untyped-def]
        plan = build_default_plan(domain.checklist)
        count = len(plan.clause_plans)
        return plan.model_copy(
            update={
                "clause_plans": [
                    cp.model_copy(update={"priority_order": count - i})
                    for i, cp in enumerate(plan.clause_plans)
                ]
            }
        )


def test_clauses_are_reviewed_in_the_plans_execution_order(tmp_path: Path) -> None:
    state = make_engine(tmp_path, make_registry(("rev", Reversed()))).start(
        request_for(write_contract(tmp_path))
    )
    assert state.done_clause_ids == ["9", "3", "2", "1"]


def test_a_crash_marks_the_review_failed_and_keeps_what_was_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in core itself (a plugin's failing hook is skipped instead: see
    test_contained_hooks.py) ends the review as failed, keeping what was done."""
    analyze = engine_nodes.analyze_clause

    def crash(ctx, state, item, clause_plan):  # type: ignore[no-untyped-def]
        if item.clause_id == "2":
            raise RuntimeError("locator bug")
        return analyze(ctx, state, item, clause_plan)

    monkeypatch.setattr(engine_nodes, "analyze_clause", crash)
    engine = make_engine(tmp_path)
    with pytest.raises(RuntimeError, match="locator bug"):
        engine.start(request_for(write_contract(tmp_path)))
    [info] = engine.storage.list_records(RECORD_KIND)
    record = engine.storage.load(RECORD_KIND, info.id)
    assert record is not None and record.data["status"] == "failed"
    assert "locator bug" in record.data["error"]
    assert record.data["report"] is None  # no report is marked complete
    latest = engine.storage.latest_checkpoint(info.id)
    assert latest is not None and latest.data["status"] == "failed"
    assert [r["checklist_item_id"] for r in latest.data["clause_reviews"]] == ["1"]


def test_pause_stops_at_the_first_change_and_resume_finishes(tmp_path: Path) -> None:
    registry = make_registry()
    engine = make_engine(tmp_path, registry, approver=PausingApprover())
    # the throwaway domain's contract: its playbook proposes redlines
    contract = write_throwaway_contract(tmp_path)
    request = ReviewRequest(
        domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))]
    )
    paused = engine.start(request)
    assert paused.status == "paused" and paused.next_node == "human_approval"
    assert engine.report(paused).status == "paused"
    resumed = make_engine(tmp_path, registry).resume(paused.review_id)
    assert resumed.status == "complete"
    assert all(a.decision == "proposed" for a in resumed.approvals)
    assert len(resumed.approvals) == sum(1 for f in resumed.findings if f.suggested_change)


def test_resume_of_a_finished_review_returns_it(tmp_path: Path) -> None:
    engine = make_engine(tmp_path)
    done = engine.start(request_for(write_contract(tmp_path)))
    again = engine.resume(done.review_id)
    assert again.status == "complete" and again.findings == done.findings
    assert len(engine.storage.checkpoints(done.review_id)) == len(
        engine.storage.checkpoints(again.review_id)
    )


def test_resume_of_an_unknown_review_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ReviewNotFoundError, match="no review 'rv-nope'"):
        make_engine(tmp_path).resume("rv-nope")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty"),
        ("   \n\n  ", "is empty"),
        ("Just one line of text that is not a contract.", "no recognisable clauses"),
    ],
)
def test_documents_that_cannot_be_reviewed_are_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    engine = make_engine(tmp_path)
    with pytest.raises(ContractReviewError, match=message):
        engine.start(request_for(write_contract(tmp_path, text)))
    assert engine.storage.list_records(RECORD_KIND) == []  # nothing saved


def test_unknown_domain_and_missing_file_are_clear_errors(tmp_path: Path) -> None:
    engine = make_engine(tmp_path)
    with pytest.raises(UnknownDomainError, match="leases"):
        engine.start(ReviewRequest(domain_id="leases", documents=[DocumentInput(path="x.txt")]))
    with pytest.raises(InputError, match="file not found"):
        engine.start(request_for(tmp_path / "absent.txt"))


def test_a_role_the_domain_does_not_know_is_named(tmp_path: Path) -> None:
    contract = write_contract(tmp_path)
    other = write_contract(tmp_path, name="er.txt")
    request = ReviewRequest(
        domain_id="testdom",
        documents=[DocumentInput(path=str(contract)), DocumentInput(path=str(other), role="er")],
    )
    with pytest.raises(InputError, match="no document role 'er'; its roles are: primary"):
        make_engine(tmp_path).start(request)


def test_the_domain_checklist_is_what_is_reviewed(tmp_path: Path) -> None:
    state = make_engine(tmp_path).start(request_for(write_contract(tmp_path)))
    assert [r.checklist_item_id for r in state.clause_reviews] == [
        item.clause_id for item in DOMAIN.checklist
    ]
