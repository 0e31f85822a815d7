"""Small skill input/output models and real handlers for generated skill registrations.

:func:`contract_review.testing.strategies.skill_registrations` picks its input models
from :data:`SAMPLE_INPUT_MODELS` (or builds new ones with
:func:`make_input_model`) and its handlers from :func:`echo_handler`,
:func:`async_echo_handler` and the dotted path :data:`ECHO_HANDLER_PATH`. Plugin authors
can use them too, e.g. as a stand-in skill in a throwaway plugin.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, create_model


class ClauseQueryInput(BaseModel):
    """Look something up in one clause; the engine fills ``document_structure``."""

    clause_id: str = Field(description="The clause to look at, e.g. '20.1'.")
    query: str = Field(default="", description="What to look for.")
    document_structure: dict[str, Any] = Field(
        default_factory=dict, description="Filled by the engine (an internal field)."
    )


class AmountCheckInput(BaseModel):
    """Check an amount stated in a clause."""

    clause_id: str
    amount: float = Field(default=0.0, ge=0)
    currency: str = "USD"


class TimeBarInput(BaseModel):
    """Work out a notice deadline."""

    clause_id: str
    notice_days: int = Field(default=28, ge=0)
    event_date: str = Field(default="", description="ISO date of the event, if known.")


class EchoOutput(BaseModel):
    """What the echo handlers return: the input's model name and its non-default fields."""

    input_model: str
    fields: dict[str, Any]


#: The fixed input models generated skills choose from.
SAMPLE_INPUT_MODELS: tuple[type[BaseModel], ...] = (
    ClauseQueryInput,
    AmountCheckInput,
    TimeBarInput,
)

#: :func:`echo_handler` as a dotted path, to exercise handler import.
ECHO_HANDLER_PATH = "contract_review.testing.sample_skills:echo_handler"

#: Field types :func:`make_input_model` may use, with the default given to each.
FIELD_DEFAULTS: dict[str, tuple[type[Any], Any]] = {
    "str": (str, ""),
    "int": (int, 0),
    "float": (float, 0.0),
    "bool": (bool, False),
    "list[str]": (list[str], []),
}


def echo_handler(payload: BaseModel) -> EchoOutput:
    """A handler that returns what it received; never raises."""
    return EchoOutput(
        input_model=type(payload).__name__,
        fields=payload.model_dump(mode="json", exclude_defaults=True),
    )


async def async_echo_handler(payload: BaseModel) -> EchoOutput:
    """:func:`echo_handler`, as a coroutine."""
    return echo_handler(payload)


def make_input_model(
    name: str, fields: dict[str, str], *, internal: tuple[str, ...] = ()
) -> type[BaseModel]:
    """Create an input model with a required ``clause_id`` and optional fields.

    :param name: The class name, e.g. ``"GeneratedInput"``.
    :param fields: Field name -> a type name from :data:`FIELD_DEFAULTS`; every field
        has that type's default.
    :param internal: Names of extra ``dict`` fields the engine would fill (list them in
        the skill's ``internal_fields`` so tool definitions hide them).
    """
    definitions: dict[str, Any] = {"clause_id": (str, ...)}
    for field_name, type_name in fields.items():
        field_type, default = FIELD_DEFAULTS[type_name]
        definitions[field_name] = (field_type, default)  # pydantic copies mutable defaults
    for field_name in internal:
        definitions[field_name] = (dict[str, Any], Field(default_factory=dict))
    model: type[BaseModel] = create_model(name, **definitions)
    return model
