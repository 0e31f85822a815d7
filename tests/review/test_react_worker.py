"""The ReAct worker (seed SPEC-20): the model chooses skills through their tool
definitions, the dispatcher runs them, results go back; failures do not end the loop;
max_iterations from the plan; repair of unusable answers; LLM failures; Chinese
prompts. Then the same on the real wire (the stub HTTP server and the OpenAI-compatible
client) with the real registry and dispatcher, and the drafts turned into findings."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from contract_review.config import Settings
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem, DomainSpec, Priority, RiskLevel
from contract_review.errors import LLMError
from contract_review.hookspecs import hookimpl
from contract_review.llm.client_types import ChatMessage, ChatResponse, InvalidToolCall
from contract_review.llm.llm_choice import choose_llm
from contract_review.registry import Registry, load_registry
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.plan import AnalysisDepth, ClauseAnalysisPlan
from contract_review.review.react_models import (
    ClausePassage,
    ClauseTask,
    FindingDraft,
    ToolInvocation,
)
from contract_review.review.react_prompts import prompts_for
from contract_review.review.react_worker import findings_from_drafts, run_react, tool_runner
from contract_review.review.state import ReviewState
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.registration import SkillRegistration, SkillResult
from contract_review.skills.tool_calls import ToolCall
from contract_review.testing.fake_llm import ScriptedLLM
from contract_review.testing.llm_stub_server import (
    StubReply,
    StubServer,
    chat_completion,
    wire_tool_call,
)
from contract_review.testing.throwaway_domain import THROWAWAY_DOMAIN_ID, THROWAWAY_PLUGIN

CONTRACT = """\
SUPPLY AGREEMENT

1. Definitions
1.1 "Contract Price" means the sum of USD 2,000,000 stated in the Letter of Acceptance.
14. Payment
14.1 Payment of the Contract Price
The Employer shall pay the Contract Price of USD 2,000,000 within 90 days of each invoice. Late payments bear no interest.
17. Liability
17.6 Limitation of Liability
The total liability of the Contractor shall not exceed 10% of the Contract Price.
"""
ITEM = ChecklistItem(
    clause_id="14.1",
    clause_name="Contract Price",
    priority=Priority.CRITICAL,
    required_skills=("get_clause_context", "extract_financial_terms"),
    description="Check the amount, the payment period and late-payment interest.",
    keywords=("payment", "contract price"),
)
DOMAIN = DomainSpec(domain_id="react_test", name="ReAct test contracts", checklist=(ITEM,))
TOOL_IDS = ("get_clause_context", "extract_financial_terms", "resolve_definition", "explode")
REVISED = (
    "14.1 Payment of the Contract Price\nThe Employer shall pay the Contract Price of USD "
    "2,000,000 within 30 days of each invoice. Late payments bear interest at 5% per annum."
)


class ExplodeInput(BaseModel):
    clause_id: str = "14.1"


def _explode(_: ExplodeInput) -> dict[str, Any]:
    raise RuntimeError("boom: the skill crashed")


EXPLODE = SkillRegistration(
    skill_id="explode",
    name="Explode",
    description="A skill whose handler raises.",
    input_model=ExplodeInput,
    handler=_explode,
    domain="*",
)


class ExplodePlugin:
    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(EXPLODE)

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(DOMAIN)


# ---------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(extra_plugins=(("react-test", ExplodePlugin()),), load_entrypoints=False)


@pytest.fixture(scope="module")
def document() -> Document:
    return parse_text(CONTRACT, name="supply.txt", language="en")


@pytest.fixture(scope="module")
def state(document: Document) -> ReviewState:
    return ReviewState(domain_id=DOMAIN.domain_id, documents=[document], our_party="Contractor")


@pytest.fixture(scope="module")
def location(document: Document) -> ClauseLocation:
    section = document.find("14.1")
    assert section is not None
    return ClauseLocation.of_section(document, section)


def _task(document: Document, location: ClauseLocation, *, language: str = "en") -> ClauseTask:
    plan = ClauseAnalysisPlan(clause_id="14.1", suggested_tools=list(ITEM.required_skills))
    return ClauseTask(
        domain=DOMAIN.name,
        item=ITEM,
        plan=plan.with_depth(AnalysisDepth.STANDARD),
        passages=[ClausePassage(clause_id="14.1", text=location.text(document))],
        our_party="Contractor",
        language="zh" if language == "zh" else "en",
        standard_position="Payment within 30 days; interest on late payment.",
        rules=["Payment later than 30 days after invoice is a high risk."],
    )


class Runner:
    """run_tool as the engine wires it (tool_runner), recording calls."""

    def __init__(self, registry: Registry, state: ReviewState) -> None:
        self.registry = registry
        self.state = state
        self.dispatcher = SkillDispatcher(registry)
        self.ran: list[tuple[str, dict[str, Any]]] = []

    @property
    def tools(self) -> list[SkillRegistration]:
        return [self.registry.skill(skill_id) for skill_id in TOOL_IDS]

    def __call__(self, skill: SkillRegistration, arguments: Mapping[str, Any]) -> SkillResult:
        self.ran.append((skill.skill_id, dict(arguments)))
        return tool_runner(self.dispatcher, self.state, ITEM.clause_id)(skill, arguments)


@pytest.fixture
def runner(registry: Registry, state: ReviewState) -> Runner:
    return Runner(registry, state)


def _answer(*findings: Mapping[str, Any]) -> str:
    return json.dumps({"findings": list(findings)})


FINDING = {
    "clause_id": "14.1",
    "risk_level": "high",
    "title": "Payment period of 90 days",
    "description": "The Employer pays 90 days after each invoice, without interest.",
    "rationale": "The playbook accepts 30 days.",
    "revised_text": REVISED,
    "quotes": ["within 90 days of each invoice", "Late payments bear no interest."],
}


def _tool_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    return [m for m in messages if m.role == "tool"]


def _run(llm: ScriptedLLM, runner: Runner, task: ClauseTask, iterations: int = 3, **kw: Any) -> Any:
    return run_react(
        llm, task, tools=runner.tools, run_tool=runner, max_iterations=iterations, **kw
    )


# ---------------------------------------------------------------------- the loop


def test_tools_are_chosen_and_run_in_order(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    llm = ScriptedLLM(
        [
            ScriptedLLM.tool_calls(
                ("extract_financial_terms", {"clause_id": "14.1"}),
                ("get_clause_context", {"clause_id": "14.1", "include_neighbors": False}),
            ),
            ScriptedLLM.tool_call("resolve_definition", {"clause_id": "1.1"}, call_id="def"),
            _answer(FINDING),
        ]
    )
    result = _run(llm, runner, _task(document, location))

    assert [skill for skill, _ in runner.ran] == [
        "extract_financial_terms",
        "get_clause_context",
        "resolve_definition",
    ]
    assert [(c.iteration, c.skill_id, c.success) for c in result.tool_calls] == [
        (1, "extract_financial_terms", True),
        (1, "get_clause_context", True),
        (2, "resolve_definition", True),
    ]
    assert result.stopped == "answered" and result.iterations == 3 and result.error is None
    assert [d.title for d in result.findings] == ["Payment period of 90 days"]
    # the model was offered exactly these tools, internal fields hidden
    first = llm.calls[0]
    assert first.tool_names == list(TOOL_IDS)
    assert all("document_structure" not in json.dumps(tool) for tool in first.tools)
    # the results went back in order, answering the calls by id, as the output's JSON
    replies = _tool_messages(llm.calls[1].messages)
    assert [m.tool_call_id for m in replies] == ["call_0", "call_1"]
    terms = json.loads(replies[0].content or "")["terms"]
    assert {"kind": "amount", "text": "USD 2,000,000"}.items() <= terms[0].items()
    assert json.loads(replies[1].content or "")["section_id"] == "14.1"
    assert [m.tool_call_id for m in _tool_messages(llm.calls[2].messages)][-1] == "def"
    assert "USD 2,000,000" in result.tool_calls[0].summary


def test_failing_tools_do_not_end_the_loop(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    broken = ChatResponse(
        tool_calls=(
            ToolCall(id="a", name="no_such_tool", arguments={}),
            ToolCall(id="b", name="explode", arguments={}),
            ToolCall(id="c", name="get_clause_context", arguments={"max_chars": 5}),
        ),
        invalid_tool_calls=(
            InvalidToolCall(
                id="d", name="extract_financial_terms", arguments="{oops", error="not JSON"
            ),
        ),
        finish_reason="tool_calls",
    )
    llm = ScriptedLLM(
        [broken, ScriptedLLM.tool_call("extract_financial_terms", {}), _answer(FINDING)]
    )
    result = _run(llm, runner, _task(document, location))

    assert result.stopped == "answered" and len(result.findings) == 1
    assert [(c.skill_id, c.success) for c in result.tool_calls] == [
        ("no_such_tool", False),
        ("explode", False),
        ("get_clause_context", False),
        ("extract_financial_terms", False),
        ("extract_financial_terms", True),
    ]
    errors = {
        m.tool_call_id: json.loads(m.content or "")["error"]
        for m in llm.calls[1].messages
        if m.role == "tool"
    }
    assert "unknown tool 'no_such_tool'" in errors["a"] and "get_clause_context" in errors["a"]
    assert "boom: the skill crashed" in errors["b"]
    assert "max_chars" in errors["c"] and "invalid input" in errors["c"]
    assert errors["d"] == "not JSON"
    # every error message answers a call of the replayed assistant turn
    replayed = next(m for m in llm.calls[1].messages if m.role == "assistant")
    assert [c.id for c in replayed.tool_calls] == ["a", "b", "c", "d"]


def test_an_exception_in_run_tool_goes_back_to_the_model(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    def crashing(skill: SkillRegistration, arguments: Mapping[str, Any]) -> SkillResult:
        raise KeyError("no index built")

    llm = ScriptedLLM([ScriptedLLM.tool_call("get_clause_context", {}), _answer()])
    result = run_react(
        llm, _task(document, location), tools=runner.tools, run_tool=crashing, max_iterations=2
    )
    [message] = _tool_messages(llm.calls[1].messages)
    assert "no index built" in json.loads(message.content or "")["error"]
    assert result.stopped == "answered" and result.findings == []
    assert result.tool_calls[0].error and "KeyError" in result.tool_calls[0].error


@pytest.mark.parametrize("limit", [1, 3, 5])
def test_max_iterations_is_honoured_then_one_call_without_tools(
    runner: Runner, document: Document, location: ClauseLocation, limit: int
) -> None:
    calls = [ScriptedLLM.tool_call("extract_financial_terms", {}) for _ in range(limit)]
    llm = ScriptedLLM([*calls, _answer(FINDING)])
    result = _run(llm, runner, _task(document, location), iterations=limit)

    assert len(llm.calls) == limit + 1
    assert all(call.tool_names == list(TOOL_IDS) for call in llm.calls[:limit])
    assert llm.calls[limit].tools == ()
    assert llm.calls[limit].last_user_text == prompts_for("en").final_request
    assert result.iterations == limit and result.stopped == "max_iterations"
    assert len(result.tool_calls) == limit and len(result.findings) == 1


def test_asking_for_tools_on_the_last_call_gives_no_findings(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    again = ScriptedLLM.tool_call("extract_financial_terms", {})
    llm = ScriptedLLM([again, again])
    result = _run(llm, runner, _task(document, location), iterations=1)
    assert len(llm.calls) == 2 and len(runner.ran) == 1
    assert result.stopped == "max_iterations" and result.findings == []
    assert result.error and "extract_financial_terms" in result.error


def test_an_answer_in_fences_with_trailing_text_is_read(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    text = f"Here is my review:\n```json\n{_answer(FINDING)}\n```\nLet me know if more is needed."
    result = _run(ScriptedLLM([text]), runner, _task(document, location))
    assert result.stopped == "answered" and result.findings[0].risk_level is RiskLevel.HIGH


def test_unusable_answer_is_repaired_once_then_given_up(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    llm = ScriptedLLM(["The clause looks risky.", '{"findings": [{"title": "no risk level"}]}'])
    result = _run(llm, runner, _task(document, location))
    assert len(llm.calls) == 2
    assert llm.calls[1].last_user_text.startswith("That answer could not be used")
    assert llm.calls[1].tools  # the repair call still had budget: tools offered
    assert result.stopped == "answered" and result.findings == []
    assert result.error and "could not be used" in result.error and "risk_level" in result.error


def test_a_repaired_answer_is_used(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    llm = ScriptedLLM(["not JSON", _answer(FINDING)])
    result = _run(llm, runner, _task(document, location), iterations=1)
    assert len(llm.calls) == 2 and llm.calls[1].tools == ()  # budget used: the last call
    assert result.stopped == "answered" and result.error is None
    assert len(result.findings) == 1


def test_llm_error_stops_the_worker(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    llm = ScriptedLLM([ScriptedLLM.tool_call("extract_financial_terms", {}), LLMError("throttled")])
    result = _run(llm, runner, _task(document, location))
    assert result.stopped == "llm_error" and result.findings == []
    assert result.error and "throttled" in result.error
    assert len(result.tool_calls) == 1 and result.iterations == 2


def test_a_tool_call_written_as_text_is_run(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    text_call = '{"name": "extract_financial_terms", "arguments": {"clause_id": "14.1"}}'
    llm = ScriptedLLM([text_call, _answer()])
    result = _run(llm, runner, _task(document, location))
    assert runner.ran == [("extract_financial_terms", {"clause_id": "14.1"})]
    replayed = [m for m in llm.calls[1].messages if m.role == "assistant"]
    assert [c.name for c in replayed[0].tool_calls] == ["extract_financial_terms"]
    assert result.stopped == "answered" and result.findings == []


def test_long_tool_results_are_cut(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    llm = ScriptedLLM([ScriptedLLM.tool_call("get_clause_context", {}), _answer()])
    _run(llm, runner, _task(document, location), result_chars=60)
    [message] = _tool_messages(llm.calls[1].messages)
    content = message.content or ""
    assert content.startswith('{"clause_id": "14.1"') and "more characters cut]" in content
    assert len(content) < 100


def test_prompts_follow_the_language(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    task = _task(document, location, language="zh")
    llm = ScriptedLLM([ScriptedLLM.tool_call("extract_financial_terms", {}), _answer()])
    _run(llm, runner, task, iterations=1)
    system, user = llm.calls[0].messages[:2]
    assert "你是一位资深律师" in (system.content or "")
    assert "审查要点: 14.1 Contract Price" in (user.content or "")
    assert "我方: Contractor" in (user.content or "")
    assert llm.calls[1].last_user_text == prompts_for("zh").final_request
    repair = ScriptedLLM(["不是 JSON", _answer()])
    _run(repair, runner, task)
    assert repair.calls[1].last_user_text.startswith("该答案无法使用")

    english = ScriptedLLM([_answer()])
    _run(english, runner, _task(document, location))
    english_system = english.calls[0].messages[0].content or ""
    assert english_system.isascii() and "senior lawyer" in english_system
    english_user = english.calls[0].messages[1].content or ""
    assert "Standard position: Payment within 30 days" in english_user
    assert "- Payment later than 30 days after invoice is a high risk." in english_user
    assert location.text(document) in english_user


def test_bad_limits_are_refused(
    runner: Runner, document: Document, location: ClauseLocation
) -> None:
    with pytest.raises(ValueError, match="max_iterations"):
        _run(ScriptedLLM(), runner, _task(document, location), iterations=-1)


# ---------------------------------------------------------------------- drafts to findings


def test_drafts_become_findings_with_exact_evidence(
    document: Document, location: ClauseLocation
) -> None:
    drafts = [
        FindingDraft.model_validate(FINDING),
        FindingDraft.model_validate(
            {"clause_id": "99.9", "risk": "Medium", "title": "Elsewhere", "quotes": ["not there"]}
        ),
    ]
    invocation = ToolInvocation(
        iteration=1, skill_id="explode", arguments={}, success=False, error="boom"
    )
    first, second = findings_from_drafts(
        drafts, ITEM, [location], [document], tool_calls=[invocation]
    )

    assert first.finding_id == "react:14.1:1" and second.finding_id == "react:14.1:2"
    assert first.clause_id == "14.1" and first.checklist_item_id == "14.1"
    passage, *quotes = first.evidence
    assert passage.kind == "clause" and passage.text == location.text(document)
    assert [q.text for q in quotes] == FINDING["quotes"]
    for evidence in first.evidence:
        assert evidence.start is not None and evidence.end is not None
        assert document.source[evidence.start : evidence.end] == evidence.text
    change = first.suggested_change
    assert change is not None and change.before == passage.text and change.after == REVISED
    assert "-The Employer shall pay" in change.diff and "+The Employer shall pay" in change.diff
    assert first.skill_results[0].summary == "boom"
    # an unknown clause id: attached to the first passage, and said so
    assert second.clause_id == "14.1" and second.risk_level is RiskLevel.MEDIUM
    assert "'99.9'" in second.description and "not among the located passages" in second.description
    assert [e.text for e in second.evidence] == [passage.text]  # the unfound quote is dropped
    assert second.suggested_change is None


def test_unchanged_revision_and_no_location(document: Document, location: ClauseLocation) -> None:
    draft = FindingDraft(
        risk_level=RiskLevel.LOW, title="Fine", revised_text=location.text(document)
    )
    [finding] = findings_from_drafts([draft], ITEM, [location], [document])
    assert finding.suggested_change is None
    [unlocated] = findings_from_drafts([draft], ITEM, [], [document])
    assert unlocated.clause_id == "14.1" and unlocated.evidence == []
    with pytest.raises(ValueError, match=r"supply\.txt"):
        findings_from_drafts([draft], ITEM, [location], [])


@pytest.mark.parametrize(
    ("word", "level"), [("High", "high"), ("高", "high"), ("严重", "critical")]
)
def test_risk_words_are_read(word: str, level: str) -> None:
    assert FindingDraft.model_validate({"risk_level": word, "title": "t"}).risk_level == level


def test_draft_fields_models_write_loosely() -> None:
    draft = FindingDraft.model_validate(
        {"risk": "low", "title": "t", "clause_id": 14, "quotes": "one", "redline": "  ", "x": 1}
    )
    assert (draft.clause_id, draft.quotes, draft.revised_text) == ("14", ["one"], None)
    with pytest.raises(ValueError, match="risk_level"):
        FindingDraft.model_validate({"risk_level": "catastrophic", "title": "t"})


@given(data=st.data())
def test_quoted_snippets_keep_exact_offsets(
    document: Document, location: ClauseLocation, data: st.DataObject
) -> None:
    passage = location.text(document)
    start = data.draw(st.integers(0, len(passage) - 1))
    end = data.draw(st.integers(start + 1, len(passage)))
    snippet = passage[start:end]
    draft = FindingDraft(risk_level=RiskLevel.HIGH, title="t", quotes=[snippet])
    [finding] = findings_from_drafts([draft], ITEM, [location], [document])
    for evidence in finding.evidence:
        assert evidence.start is not None and evidence.end is not None
        assert document.source[evidence.start : evidence.end] == evidence.text
    if snippet.strip() and snippet.strip() != passage:
        assert finding.evidence[-1].text == snippet.strip()


# ---------------------------------------------------------------------- the real wire


@pytest.mark.parametrize(
    ("domain_id", "item_id"),
    [
        pytest.param(THROWAWAY_DOMAIN_ID, "2", id=THROWAWAY_DOMAIN_ID),
        pytest.param("generic", "payment_terms", marks=pytest.mark.requires_domain("generic")),
    ],
)
def test_stub_server_llm_calls_the_real_skills(
    stub: StubServer, settings: Callable[..., Settings], domain_id: str, item_id: str
) -> None:
    registry = load_registry(extra_plugins=(THROWAWAY_PLUGIN,))
    domain = registry.domain(domain_id)
    item = domain.checklist_item(item_id)
    assert item is not None
    document = parse_text(CONTRACT, name="supply.txt", language="en")
    state = ReviewState(domain_id=domain_id, documents=[document], our_party="Contractor")
    dispatcher = SkillDispatcher(registry)
    tools = registry.skills_for(domain_id)

    run_tool = tool_runner(dispatcher, state, item.clause_id)

    stub.script = [
        StubReply(
            200,
            chat_completion(
                None,
                tool_calls=[wire_tool_call("c1", "extract_financial_terms", {"clause_id": "14.1"})],
                finish_reason="tool_calls",
            ),
        ),
        StubReply(
            200,
            chat_completion(
                None,
                tool_calls=[
                    wire_tool_call(
                        "c2",
                        "get_clause_context",
                        {"clause_id": "14.1", "include_neighbors": False},
                    )
                ],
                finish_reason="tool_calls",
            ),
        ),
        StubReply(200, chat_completion(_answer(FINDING))),
    ]
    llm = choose_llm(
        "openai",
        settings=settings(llm_base_url=stub.url("/v1"), llm_model="stub-model"),
        registry=registry,
    )
    assert llm is not None and not llm.info.remote
    section = document.find("14.1")
    assert section is not None
    location = ClauseLocation.of_section(document, section)
    task = ClauseTask(
        domain=domain.name,
        item=item,
        plan=ClauseAnalysisPlan(clause_id=item.clause_id),
        passages=[ClausePassage(clause_id="14.1", text=location.text(document))],
        our_party="Contractor",
    )

    result = run_react(llm, task, tools=tools, run_tool=run_tool, max_iterations=3)

    assert stub.hits == 3 and result.stopped == "answered"
    offered = [tool["function"]["name"] for tool in stub.requests[0].body["tools"]]
    assert {"extract_financial_terms", "get_clause_context"} <= set(offered)
    assert "document_structure" not in json.dumps(stub.requests[0].body["tools"])
    second = stub.requests[1].body["messages"]
    [terms_message] = [m for m in second if m["role"] == "tool"]
    assert terms_message["tool_call_id"] == "c1"
    amounts = [t for t in json.loads(terms_message["content"])["terms"] if t["kind"] == "amount"]
    assert amounts[0]["text"] == "USD 2,000,000" and amounts[0]["value"] == 2_000_000
    third = stub.requests[2].body["messages"]
    context = json.loads([m for m in third if m["role"] == "tool"][-1]["content"])
    assert context["section_id"] == "14.1" and "within 90 days" in context["text"]
    assert [(c.skill_id, c.success) for c in result.tool_calls] == [
        ("extract_financial_terms", True),
        ("get_clause_context", True),
    ]

    [finding] = findings_from_drafts(
        result.findings, item, [location], [document], tool_calls=result.tool_calls
    )
    assert finding.finding_id == f"react:{item_id}:1" and finding.clause_id == "14.1"
    assert finding.risk_level is RiskLevel.HIGH
    for evidence in finding.evidence:
        assert evidence.start is not None and evidence.end is not None
        assert document.source[evidence.start : evidence.end] == evidence.text
    assert finding.evidence[0].start == section.start
    assert finding.suggested_change is not None and finding.suggested_change.after == REVISED
    assert [s.skill_id for s in finding.skill_results] == [
        "extract_financial_terms",
        "get_clause_context",
    ]
