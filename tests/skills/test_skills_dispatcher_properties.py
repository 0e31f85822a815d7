"""Property: whatever the payload, the dispatcher answers with a SkillResult, and it
succeeds exactly when the payload validates against the skill's input model."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError

from contract_review.hookspecs import hookimpl
from contract_review.registry import load_registry
from contract_review.skills.dispatcher import SkillDispatcher
from contract_review.skills.registration import SkillRegistration, SkillResult


class EchoInput(BaseModel):
    text: str
    times: int = Field(default=1, ge=1, le=5)
    tags: list[str] = Field(default_factory=list)


class EchoOutput(BaseModel):
    text: str
    tags: list[str]


def echo(data: EchoInput) -> EchoOutput:
    return EchoOutput(text=data.text * data.times, tags=data.tags)


class EchoPlugin:
    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(
            SkillRegistration(
                skill_id="echo",
                name="Echo",
                description="Repeat the text.",
                input_model=EchoInput,
                output_model=EchoOutput,
                handler=echo,
                domain="*",
            )
        )


@functools.cache
def dispatcher() -> SkillDispatcher:
    registry = load_registry(extra_plugins=(("echo-plugin", EchoPlugin()),), load_entrypoints=False)
    return SkillDispatcher(registry)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)
payloads = st.dictionaries(
    st.sampled_from(["text", "times", "tags", "other"]) | st.text(max_size=6),
    json_values,
    max_size=4,
)


@settings(deadline=None, max_examples=60)
@given(payload=payloads)
@example(payload={"text": "ab", "times": 2, "tags": ["x"]})
@example(payload={"text": "ab", "times": 0})
def test_dispatcher_never_raises_and_succeeds_iff_the_payload_validates(
    payload: dict[str, Any],
) -> None:
    result = dispatcher().call_sync("echo", payload)
    assert isinstance(result, SkillResult)
    try:
        expected = echo(EchoInput.model_validate(payload))
    except ValidationError:
        assert not result.success
        assert result.error is not None and result.error.startswith("invalid input for skill")
        assert result.data is None
    else:
        assert result.success, result.error
        assert result.data == expected.model_dump(mode="json")
