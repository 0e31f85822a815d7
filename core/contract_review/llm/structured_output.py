"""Asking a model for JSON that fits a pydantic model — the review plan, an analysis —
and asking once more, with the problem spelled out, when the first reply does not fit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from .client_types import ChatMessage, LLMClient
from .json_responses import JSONReplyError, parse_json_reply

M = TypeVar("M", bound=BaseModel)


def json_instruction(output_model: type[BaseModel]) -> str:
    """A sentence for the prompt: answer with one JSON object matching the model's schema."""
    schema = json.dumps(output_model.model_json_schema(), ensure_ascii=False)
    return (
        "Answer with one JSON object and nothing else (no Markdown fence, no comments). "
        f"It must match this JSON schema: {schema}"
    )


def chat_for_model(
    client: LLMClient,
    messages: Sequence[ChatMessage],
    output_model: type[M],
    *,
    json_mode: bool = True,
    temperature: float | None = 0.0,
    max_tokens: int | None = None,
    repair_attempts: int = 1,
) -> M:
    """Chat, read the reply's JSON and validate it into ``output_model``.

    When a reply holds no JSON or JSON that does not fit, the reply and what was wrong
    with it are sent back and the model is asked again, up to ``repair_attempts`` times.

    :param messages: The prompt; say what JSON is wanted (see :func:`json_instruction`).
    :param json_mode: Ask the service for a JSON reply (``response_format``); turn it off
        for servers that do not support it.
    :raises JSONReplyError: when no reply fits, naming what was wrong with the last.
    :raises LLMError: when the service fails.
    """
    if repair_attempts < 0:
        raise ValueError(f"repair_attempts must be 0 or more, got {repair_attempts}")
    history = list(messages)
    attempt = 0
    while True:
        response = client.chat(
            history,
            temperature=temperature,
            max_tokens=max_tokens,
            response_format="json_object" if json_mode else None,
        )
        try:
            return parse_json_reply(response.text, output_model)
        except JSONReplyError as exc:
            if attempt >= repair_attempts:
                info = client.info
                suffix = f" ({attempt + 1} replies, none usable)" if attempt else ""
                raise JSONReplyError(
                    f"{info.provider} (model {info.model}): {exc}{suffix}",
                    provider=info.provider,
                    model=info.model,
                ) from None
            history += [
                ChatMessage.assistant(response.text),
                ChatMessage.user(
                    f"That reply could not be used: {exc}. Answer again with only the JSON "
                    "object, fixing that problem."
                ),
            ]
            attempt += 1


__all__ = ["chat_for_model", "json_instruction"]
