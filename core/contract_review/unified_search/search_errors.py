"""The errors of the unified search, with the seed's codes, and their error bodies.

- ``E_SCHEMA_INVALID``: the request is malformed (a wrong field, a bad value).
- ``E_CAPABILITY_LIMIT``: it asks for more than the search can give (limit > 2000).
- ``E_AMBIGUITY_BLOCKED``: a name matches several entities and nothing says which;
  the clarify block lists them.
- ``E_NOT_SUPPORTED``: the graph cannot answer it (an attribute no entity has, an
  operator the attribute does not take, no law index configured); the suggestion says
  what to do instead.
- ``E_BACKEND_ERROR``: the search backend failed; ``step`` names the plan step.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import ValidationError

from ..errors import ContractReviewError, describe_validation_error
from .response_models import (
    Clarify,
    Defaults,
    Meta,
    Metrics,
    PlanStep,
    SearchErrorBody,
    UnifiedSearchResponse,
)

__all__ = ["ERROR_MEANINGS", "EXAMPLE_REQUEST", "ErrorCode", "UnifiedSearchError", "schema_error"]

#: The error codes of seed 003.
ErrorCode = Literal[
    "E_SCHEMA_INVALID",
    "E_CAPABILITY_LIMIT",
    "E_AMBIGUITY_BLOCKED",
    "E_NOT_SUPPORTED",
    "E_BACKEND_ERROR",
]

#: What each code means (the capabilities document lists them).
ERROR_MEANINGS: dict[ErrorCode, str] = {
    "E_SCHEMA_INVALID": "the request is malformed (a wrong field, a bad value); the "
    "message names the field and the suggestion shows a valid request",
    "E_CAPABILITY_LIMIT": "it asks for more than the search serves (see limits)",
    "E_AMBIGUITY_BLOCKED": "a name matches several entities and nothing says which; the "
    "clarify block lists them",
    "E_NOT_SUPPORTED": "the graph cannot answer it (an attribute no entity has, an operator "
    "the attribute does not take, no law index); the suggestion says what to do instead",
    "E_BACKEND_ERROR": "the search backend failed; step names the plan step, retry later",
}

#: An example of a valid request, offered with schema errors.
EXAMPLE_REQUEST = (
    '{"mode": "exact", "exact_query": {"concept": "劳动合同法第二十一条"}} or '
    '{"mode": "nl", "nl_query": {"text": "试用期内可以解除劳动合同吗"}}'
)


class UnifiedSearchError(ContractReviewError):
    """A unified search request that cannot be answered (see the module docs)."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        step: str | None = None,
        suggestion: str | None = None,
        clarify: Clarify | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code: ErrorCode = code
        self.message = message
        self.step = step
        self.suggestion = suggestion
        self.clarify = clarify

    def body(self) -> SearchErrorBody:
        """The ``error`` block of the response."""
        return SearchErrorBody(
            code=self.code, message=self.message, step=self.step, suggestion=self.suggestion
        )

    def to_response(self, *, profile: str | None = None) -> UnifiedSearchResponse:
        """A whole response body for this error: the error, the clarify block (for
        ``E_AMBIGUITY_BLOCKED``) and a meta block whose plan is the failed step."""
        chosen = profile if profile in ("precision", "recall", "balanced") else "balanced"
        step = PlanStep(step=1, action="validate") if self.step is None else _failed(self.step)
        return UnifiedSearchResponse(
            results=None,
            clarify=self.clarify,
            error=self.body(),
            meta=Meta(
                plan=[step],
                metrics=Metrics(latency_ms=0.0),
                defaults=Defaults(limit=0),
                profile=chosen,
            ),
        )


def _failed(step: str) -> PlanStep:
    known = get_args(PlanStep.model_fields["action"].annotation)
    action = step if step in known else "validate"
    return PlanStep.model_validate({"step": 1, "action": action, "explain": f"failed at {step}"})


def schema_error(exc: ValidationError) -> UnifiedSearchError:
    """A pydantic validation error of a request as ``E_SCHEMA_INVALID``, naming every
    field at fault and offering an example request."""
    return UnifiedSearchError(
        "E_SCHEMA_INVALID",
        f"the request is not valid: {describe_validation_error(exc, root='(request)')}",
        step="validate",
        suggestion=f"correct the fields named; a valid request looks like {EXAMPLE_REQUEST}",
    )
