"""The skill registration model: what a plugin declares about one skill."""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..domain import ALL_DOMAINS, IDENTIFIER_PATTERN

if TYPE_CHECKING:
    from .tool_definitions import ToolDefinition

#: Handler signature: takes the validated input model, returns the output model (or a dict).
SkillHandler = Callable[[Any], Any] | Callable[[Any], Awaitable[Any]]

#: Input fields the review engine fills from its own state. They never appear in the
#: tool definitions an LLM sees.
INTERNAL_FIELDS: frozenset[str] = frozenset(
    {
        "document_structure",
        "reference_structure",
        "er_structure",
        "pc_structure",
        "gc_structure",
        "primary_structure",
        "documents",
        "state",
        "review_state",
    }
)


class SkillBackend(StrEnum):
    """Where a skill runs."""

    LOCAL = "local"  # a Python callable in this process
    REMOTE = "remote"  # a remote workflow (the seeds' Refly); needs a remote backend configured


class SkillStatus(StrEnum):
    """Whether a skill is ready for use."""

    ACTIVE = "active"
    PREVIEW = "preview"  # registered so it can be listed and planned for, but not run


class SkillRegistration(BaseModel):
    """One skill, as a plugin registers it.

    ``handler`` is either a callable or a dotted import path
    (``"package.module:function"`` or ``"package.module.function"``) resolved on first
    use, so listing skills never imports heavy handler modules.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, extra="forbid")

    skill_id: str = Field(pattern=IDENTIFIER_PATTERN)
    name: str = Field(min_length=1)
    description: str = Field(min_length=1, description="What the skill does; an LLM reads this.")
    input_model: type[BaseModel]
    output_model: type[BaseModel] | None = None
    backend: SkillBackend = SkillBackend.LOCAL
    handler: str | SkillHandler | None = None
    remote_workflow_id: str | None = None
    domain: str = Field(description="Domain id, or '*' for a skill every domain may use.")
    category: str = Field(default="analysis", min_length=1)
    status: SkillStatus = SkillStatus.ACTIVE
    timeout_s: float = Field(default=60.0, gt=0)
    internal_fields: frozenset[str] = Field(
        default=frozenset(),
        description="Input fields, besides the standard ones, that the engine fills and an LLM must not see.",
    )

    @field_validator("domain")
    @classmethod
    def _domain_is_id_or_star(cls, value: str) -> str:
        from ..domain import is_identifier

        if value != ALL_DOMAINS and not is_identifier(value):
            raise ValueError(f"domain must be a domain id or '*', got {value!r}")
        return value

    @model_validator(mode="after")
    def _backend_fields(self) -> SkillRegistration:
        if self.status is SkillStatus.ACTIVE:
            if self.backend is SkillBackend.LOCAL and self.handler is None:
                raise ValueError(f"active LOCAL skill {self.skill_id!r} needs a handler")
            if self.backend is SkillBackend.REMOTE and not self.remote_workflow_id:
                raise ValueError(
                    f"active REMOTE skill {self.skill_id!r} needs a remote_workflow_id"
                )
        return self

    @property
    def hidden_fields(self) -> frozenset[str]:
        """All input fields stripped from the tool definition."""
        return INTERNAL_FIELDS | self.internal_fields

    def applies_to(self, domain_id: str) -> bool:
        """True when this skill may be used in reviews of ``domain_id``."""
        return self.domain in (ALL_DOMAINS, domain_id)

    def to_tool_definition(self) -> ToolDefinition:
        """This skill as an OpenAI function-calling tool, internal fields stripped
        (seed SPEC-19; see :func:`contract_review.skills.tool_definitions.tool_definition`)."""
        from .tool_definitions import tool_definition

        return tool_definition(self)

    def resolve_handler(self) -> SkillHandler:
        """The handler callable, importing it if it was given as a dotted path.

        :raises ImportError: when the path cannot be imported or names nothing callable.
        """
        handler = self.handler
        if handler is None:
            raise ImportError(f"skill {self.skill_id!r} has no handler")
        if callable(handler):
            return handler
        return import_handler(handler)


def import_handler(path: str) -> SkillHandler:
    """Import ``"pkg.module:attr"`` or ``"pkg.module.attr"`` and check it is callable."""
    if ":" in path:
        module_name, _, attr = path.partition(":")
    else:
        module_name, _, attr = path.rpartition(".")
    if not module_name or not attr:
        raise ImportError(f"handler path {path!r} is not of the form 'package.module:function'")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a broken handler module may raise anything on import
        raise ImportError(
            f"cannot import handler module {module_name!r} for {path!r}: {exc}"
        ) from exc
    target: Any = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError as exc:
            raise ImportError(
                f"module {module_name!r} has no attribute {attr!r} (handler {path!r})"
            ) from exc
    if not callable(target):
        raise ImportError(f"handler {path!r} is not callable")
    handler: SkillHandler = target
    return handler


class SkillResult(BaseModel):
    """What the dispatcher returns for one skill call."""

    skill_id: str
    success: bool
    data: dict[str, Any] | None = None
    error: str | None = None
    elapsed_ms: float = Field(ge=0)
