"""The dispatcher: every skill problem becomes an error result, never an exception."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from typing import Any

import pytest
from pydantic import BaseModel, Field

from contract_review.config import Settings
from contract_review.errors import InputError
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.registration import (
    SkillBackend,
    SkillRegistration,
    SkillResult,
    SkillStatus,
)


class EchoInput(BaseModel):
    text: str
    times: int = Field(default=1, ge=1)


class EchoOutput(BaseModel):
    text: str


class OtherInput(BaseModel):
    text: str
    times: int = 2
    unrelated: str = "x"


class DatedOutput(BaseModel):
    when: dt.date


def echo(data: EchoInput) -> EchoOutput:
    return EchoOutput(text=data.text * data.times)


async def async_echo(data: EchoInput) -> dict[str, Any]:
    await asyncio.sleep(0)
    return {"text": data.text.upper()}


def skill(skill_id: str = "echo", **overrides: Any) -> SkillRegistration:
    fields: dict[str, Any] = {
        "skill_id": skill_id,
        "name": skill_id.replace("_", " "),
        "description": f"Test skill {skill_id}.",
        "input_model": EchoInput,
        "output_model": EchoOutput,
        "handler": echo,
        "domain": "*",
        "category": "test",
    }
    fields.update(overrides)
    return SkillRegistration(**fields)


@pytest.fixture
def dispatcher_for(registry_with: Any) -> Any:
    def build(*skills: SkillRegistration, **kwargs: Any) -> SkillDispatcher:
        return SkillDispatcher(registry_with(*skills), **kwargs)

    return build


# ---------------------------------------------------------------------- success


async def test_sync_handler_runs_in_a_worker_thread(dispatcher_for: Any) -> None:
    threads: list[int] = []

    def recording_echo(data: EchoInput) -> EchoOutput:
        threads.append(threading.get_ident())
        return echo(data)

    dispatcher = dispatcher_for(skill(handler=recording_echo))
    result = await dispatcher.call("echo", {"text": "ab", "times": 2})
    assert result == SkillResult(
        skill_id="echo", success=True, data={"text": "abab"}, elapsed_ms=result.elapsed_ms
    )
    assert result.elapsed_ms >= 0
    assert threads and threads[0] != threading.get_ident()


async def test_async_handler_is_awaited(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill(handler=async_echo))
    result = await dispatcher.call("echo", EchoInput(text="abc"))
    assert result.success, result.error
    assert result.data == {"text": "ABC"}


async def test_dotted_path_handler_is_imported(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(
        skill(
            input_model=EchoInput,
            output_model=None,
            handler="contract_review.testing.sample_skills:echo_handler",
        )
    )
    result = await dispatcher.call("echo", {"text": "x"})
    assert result.success, result.error
    assert result.data is not None and result.data["fields"]["text"] == "x"


async def test_payload_may_be_another_model_with_fitting_fields(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    result = await dispatcher.call("echo", OtherInput(text="hi"))
    assert result.data == {"text": "hihi"}


async def test_dict_output_is_validated_against_the_output_model(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill(handler=lambda data: {"text": data.text, "extra": 1}))
    result = await dispatcher.call("echo", {"text": "hi"})
    assert result.success, result.error
    assert result.data == {"text": "hi"}  # extra keys are dropped by the output model


async def test_output_is_dumped_as_json_values(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(
        skill(output_model=DatedOutput, handler=lambda data: DatedOutput(when=dt.date(2024, 5, 1)))
    )
    result = await dispatcher.call("echo", {"text": "hi"})
    assert result.data == {"when": "2024-05-01"}


async def test_without_an_output_model_a_dict_passes_through_as_json(
    dispatcher_for: Any,
) -> None:
    dispatcher = dispatcher_for(
        skill(output_model=None, handler=lambda data: {"on": dt.date(2024, 1, 2), "n": 3}),
        skill("nothing", output_model=None, handler=lambda data: None),
    )
    result = await dispatcher.call("echo", {"text": "hi"})
    assert result.data == {"on": "2024-01-02", "n": 3}
    nothing = await dispatcher.call("nothing", {"text": "hi"})
    assert nothing.success and nothing.data == {}


def test_call_sync_runs_without_an_event_loop(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    result = dispatcher.call_sync("echo", {"text": "z", "times": 3})
    assert result.success and result.data == {"text": "zzz"}


async def test_call_sync_inside_a_running_loop_says_to_await(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    with pytest.raises(RuntimeError, match=r"await dispatcher\.call"):
        dispatcher.call_sync("echo", {"text": "z"})


def test_skill_ids_lists_only_active_skills(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(
        skill("active_one"),
        skill("preview_one", handler=None, status=SkillStatus.PREVIEW),
    )
    assert "active_one" in dispatcher.skill_ids
    assert "preview_one" not in dispatcher.skill_ids
    assert "get_clause_context" in dispatcher.skill_ids  # core's generic skills
    assert "assess_deviation" in dispatcher.skill_ids  # active since it has a handler
    names = [d.function.name for d in dispatcher.tool_definitions()]
    assert "active_one" in names and "preview_one" not in names


# ---------------------------------------------------------------------- failures


async def test_unknown_skill(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    result = await dispatcher.call("no_such_skill", {"text": "x"})
    assert not result.success
    assert result.data is None
    assert result.error is not None
    assert "unknown skill 'no_such_skill'" in result.error
    assert "echo" in result.error  # lists what is available


async def test_invalid_payload_lists_field_paths_and_messages(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    result = await dispatcher.call("echo", {"times": 0})
    assert not result.success
    assert result.error is not None
    assert "invalid input for skill 'echo'" in result.error
    assert "text: Field required" in result.error
    assert "times: Input should be greater than or equal to 1" in result.error


async def test_payload_of_the_wrong_type(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill())
    result = await dispatcher.call("echo", ["text"])  # type: ignore[arg-type]
    assert not result.success
    assert result.error is not None and "must be a mapping or a pydantic model" in result.error


async def test_preview_skill_cannot_run(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill("later", handler=None, status=SkillStatus.PREVIEW))
    result = await dispatcher.call("later", {"text": "x"})
    assert result.error == "skill 'later' is in preview and cannot run yet"


async def test_remote_skill_without_a_backend_says_how_to_enable_it(dispatcher_for: Any) -> None:
    remote = skill(
        "remote_echo", backend=SkillBackend.REMOTE, handler=None, remote_workflow_id="wf_42"
    )
    dispatcher = dispatcher_for(remote, settings=Settings(remote_skill_url=None))
    result = await dispatcher.call("remote_echo", {"text": "x"})
    assert not result.success
    assert result.error is not None
    assert "wf_42" in result.error
    assert "CONTRACT_REVIEW_REMOTE_SKILL_URL" in result.error


async def test_remote_url_set_but_no_backend_given(dispatcher_for: Any) -> None:
    remote = skill(
        "remote_echo", backend=SkillBackend.REMOTE, handler=None, remote_workflow_id="wf_42"
    )
    settings = Settings(remote_skill_url="https://workflows.example")
    dispatcher = dispatcher_for(remote, settings=settings)
    result = await dispatcher.call("remote_echo", {"text": "x"})
    assert result.error is not None
    assert "https://workflows.example" in result.error
    assert "remote=" in result.error


class FakeRemote:
    def __init__(self, answer: Any = None, error: Exception | None = None) -> None:
        self.calls: list[tuple[str, dict[str, Any], float]] = []
        self.answer = answer
        self.error = error

    async def run(
        self, workflow_id: str, payload: dict[str, Any], *, timeout_s: float
    ) -> dict[str, Any]:
        self.calls.append((workflow_id, payload, timeout_s))
        if self.error is not None:
            raise self.error
        answer: dict[str, Any] = self.answer
        return answer


async def test_remote_skill_runs_on_the_backend(dispatcher_for: Any) -> None:
    backend = FakeRemote(answer={"text": "from remote"})
    remote = skill(
        "remote_echo",
        backend=SkillBackend.REMOTE,
        handler=None,
        remote_workflow_id="wf_42",
        timeout_s=12,
    )
    dispatcher = dispatcher_for(remote, remote=backend)
    result = await dispatcher.call("remote_echo", {"text": "x"})
    assert result.success, result.error
    assert result.data == {"text": "from remote"}
    assert backend.calls == [("wf_42", {"text": "x", "times": 1}, 12.0)]


async def test_remote_backend_failure_is_an_error_result(dispatcher_for: Any) -> None:
    backend = FakeRemote(error=ConnectionError("refused"))
    remote = skill(
        "remote_echo", backend=SkillBackend.REMOTE, handler=None, remote_workflow_id="wf_42"
    )
    result = await dispatcher_for(remote, remote=backend).call("remote_echo", {"text": "x"})
    assert result.error == (
        "skill 'remote_echo' failed: the remote workflow raised ConnectionError: refused"
    )


async def test_remote_backend_wrong_output(dispatcher_for: Any) -> None:
    backend = FakeRemote(answer={"unexpected": True})
    remote = skill(
        "remote_echo", backend=SkillBackend.REMOTE, handler=None, remote_workflow_id="wf_42"
    )
    result = await dispatcher_for(remote, remote=backend).call("remote_echo", {"text": "x"})
    assert result.error is not None and "does not match EchoOutput" in result.error


async def test_handler_exception_reports_type_and_message(dispatcher_for: Any) -> None:
    def broken(data: EchoInput) -> EchoOutput:
        raise ValueError(f"cannot echo {data.text!r}")

    result = await dispatcher_for(skill(handler=broken)).call("echo", {"text": "x"})
    assert result.error == "skill 'echo' failed: the handler raised ValueError: cannot echo 'x'"


async def test_async_handler_exception(dispatcher_for: Any) -> None:
    async def broken(data: EchoInput) -> EchoOutput:
        raise KeyError("missing")

    result = await dispatcher_for(skill(handler=broken)).call("echo", {"text": "x"})
    assert result.error is not None and "KeyError" in result.error and "missing" in result.error


async def test_handler_raising_timeout_error_is_not_reported_as_a_timeout(
    dispatcher_for: Any,
) -> None:
    def gives_up(data: EchoInput) -> EchoOutput:
        raise TimeoutError("upstream service timed out")

    result = await dispatcher_for(skill(handler=gives_up)).call("echo", {"text": "x"})
    assert result.error == (
        "skill 'echo' failed: the handler raised TimeoutError: upstream service timed out"
    )


async def test_handler_import_failure(dispatcher_for: Any) -> None:
    missing_module = skill("missing_module", handler="no_such_package.handlers:run")
    missing_attr = skill("missing_attr", handler="contract_review.errors:no_such_function")
    dispatcher = dispatcher_for(missing_module, missing_attr)
    first = await dispatcher.call("missing_module", {"text": "x"})
    assert first.error is not None
    assert "cannot load the handler of skill 'missing_module'" in first.error
    assert "no_such_package" in first.error
    second = await dispatcher.call("missing_attr", {"text": "x"})
    assert second.error is not None and "no_such_function" in second.error


async def test_sync_handler_timeout(dispatcher_for: Any) -> None:
    release = threading.Event()

    def hangs(data: EchoInput) -> EchoOutput:
        release.wait(30)
        return echo(data)

    dispatcher = dispatcher_for(skill(handler=hangs, timeout_s=0.05))
    try:
        result = await dispatcher.call("echo", {"text": "x"})
    finally:
        release.set()
    assert not result.success
    assert result.error == "skill 'echo' timed out after 0.05 s"


async def test_async_handler_timeout(dispatcher_for: Any) -> None:
    never = asyncio.Event()

    async def hangs(data: EchoInput) -> EchoOutput:
        await never.wait()
        return echo(data)

    result = await dispatcher_for(skill(handler=hangs, timeout_s=0.05)).call("echo", {"text": "x"})
    assert result.error == "skill 'echo' timed out after 0.05 s"


async def test_dispatcher_timeout_overrides_the_skills_own(dispatcher_for: Any) -> None:
    never = asyncio.Event()

    async def hangs(data: EchoInput) -> EchoOutput:
        await never.wait()
        return echo(data)

    dispatcher = dispatcher_for(skill(handler=hangs, timeout_s=600), timeout_s=0.05)
    result = await dispatcher.call("echo", {"text": "x"})
    assert result.error == "skill 'echo' timed out after 0.05 s"


async def test_remote_timeout(dispatcher_for: Any) -> None:
    class HangingRemote:
        async def run(
            self, workflow_id: str, payload: dict[str, Any], *, timeout_s: float
        ) -> dict[str, Any]:
            await asyncio.Event().wait()
            return {}

    remote = skill(
        "remote_echo",
        backend=SkillBackend.REMOTE,
        handler=None,
        remote_workflow_id="wf",
        timeout_s=0.05,
    )
    result = await dispatcher_for(remote, remote=HangingRemote()).call("remote_echo", {"text": "x"})
    assert result.error == "skill 'remote_echo' timed out after 0.05 s"


def test_call_sync_returns_when_a_sync_handler_hangs(dispatcher_for: Any) -> None:
    release = threading.Event()

    def hangs(data: EchoInput) -> EchoOutput:
        release.wait(30)
        return echo(data)

    dispatcher = dispatcher_for(skill(handler=hangs, timeout_s=0.05))
    try:
        result = dispatcher.call_sync("echo", {"text": "x"})
    finally:
        release.set()
    assert result.error == "skill 'echo' timed out after 0.05 s"


async def test_output_not_matching_the_output_model(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill(handler=lambda data: {"txt": data.text}))
    result = await dispatcher.call("echo", {"text": "x"})
    assert not result.success
    assert result.error is not None
    assert "returned output that does not match EchoOutput" in result.error
    assert "text: Field required" in result.error


async def test_output_of_the_wrong_type(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(
        skill(handler=lambda data: "just text"),
        skill("untyped", output_model=None, handler=lambda data: ["a", "list"]),
    )
    typed = await dispatcher.call("echo", {"text": "x"})
    assert typed.error == "skill 'echo' returned str, expected EchoOutput or a dict"
    untyped = await dispatcher.call("untyped", {"text": "x"})
    assert untyped.error is not None and "returned list" in untyped.error


async def test_output_that_cannot_become_json(dispatcher_for: Any) -> None:
    dispatcher = dispatcher_for(skill(output_model=None, handler=lambda data: {"x": object()}))
    result = await dispatcher.call("echo", {"text": "x"})
    assert not result.success
    assert result.error is not None and "cannot be converted to JSON" in result.error


def test_timeout_must_be_positive(registry_with: Any) -> None:
    with pytest.raises(InputError, match="timeout_s must be a positive"):
        SkillDispatcher(registry_with(), timeout_s=0)
