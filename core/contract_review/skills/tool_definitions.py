"""Tool self-description (seed SPEC-19): every skill as an OpenAI function-calling tool.

The parameters are the JSON schema of the skill's input model with the internal fields
removed — the ones the review engine fills from its own state (the document structure,
reference documents, rules), which an LLM neither sees nor may set. A field is internal
when its name is in :attr:`SkillRegistration.hidden_fields` or when it is declared with
``Field(json_schema_extra={"internal": True})`` (the marker works in nested models too).

Descriptions are plain text (the docstrings' reStructuredText roles and literals
unwrapped), and every object takes no property it does not declare
(``additionalProperties: false``). With ``strict``, the schema also follows OpenAI's
strict mode: every property is required, an optional one accepts ``null`` (which the
dispatcher reads as "not given"), and keywords strict mode does not take are dropped.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic.fields import FieldInfo

from .registration import SkillRegistration

#: The ``json_schema_extra`` key that marks a field as internal.
INTERNAL_MARKER = "internal"

_DEFS = "$defs"
_REF_PREFIX = "#/$defs/"


class FunctionDefinition(BaseModel):
    """The ``function`` part of a tool definition."""

    name: str = Field(description="The skill id.")
    description: str
    parameters: dict[str, Any] = Field(description="JSON schema of the visible input fields.")
    strict: bool | None = Field(
        default=None,
        description="True when the parameters follow OpenAI's strict mode (left out otherwise).",
    )


class ToolDefinition(BaseModel):
    """One tool in the OpenAI (and Dashscope) function-calling format."""

    type: Literal["function"] = "function"
    function: FunctionDefinition

    def wire(self) -> dict[str, Any]:
        """The definition as sent to an LLM (``strict`` only when set)."""
        return self.model_dump(mode="json", exclude_none=True)


def is_internal_field(field: FieldInfo) -> bool:
    """True when ``field`` is declared with ``json_schema_extra={"internal": True}``."""
    extra = field.json_schema_extra
    return isinstance(extra, dict) and extra.get(INTERNAL_MARKER) is True


def hidden_input_fields(skill: SkillRegistration) -> frozenset[str]:
    """Every input field of ``skill`` an LLM must not see: by name and by marker.

    Both the Python field names and their aliases are returned, since the JSON schema
    (and a tool call's arguments) use aliases.
    """
    hidden = set(skill.hidden_fields)
    for name, field in skill.input_model.model_fields.items():
        names = {name} | {
            alias for alias in (field.alias, field.validation_alias) if isinstance(alias, str)
        }
        if names & hidden or is_internal_field(field):
            hidden |= names
    return frozenset(hidden)


def tool_parameters(skill: SkillRegistration, *, strict: bool = False) -> dict[str, Any]:
    """The JSON schema an LLM sees for ``skill``'s arguments.

    The input model's schema with: hidden fields removed from ``properties`` and
    ``required`` (``required`` dropped when empty), properties marked internal removed
    at any depth, ``$defs`` nobody references any more pruned, the top-level ``title``
    dropped, descriptions as plain text and ``additionalProperties: false`` on every
    object with declared properties. ``strict`` makes it a strict-mode schema (see the
    module's docstring).
    """
    schema = copy.deepcopy(skill.input_model.model_json_schema())
    hidden = hidden_input_fields(skill)
    schema.pop("title", None)
    _drop_properties(schema, hidden)
    _strip_marked_properties(schema)
    _prune_defs(schema)
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    _tidy(schema, strict=strict)
    return schema


def tool_definition(skill: SkillRegistration, *, strict: bool = False) -> ToolDefinition:
    """The function-calling definition of ``skill`` (a strict-mode one with ``strict``)."""
    return ToolDefinition(
        function=FunctionDefinition(
            name=skill.skill_id,
            description=plain_text(skill.description),
            parameters=tool_parameters(skill, strict=strict),
            strict=True if strict else None,
        )
    )


def tool_definitions(
    skills: Iterable[SkillRegistration], *, strict: bool = False
) -> list[ToolDefinition]:
    """The definitions of ``skills``, in the order given."""
    return [tool_definition(skill, strict=strict) for skill in skills]


# ---------------------------------------------------------------------- plain text

_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`<>]{1,200}?)(?:\s*<[^`>]{0,200}>)?`")
_LITERAL = re.compile(r"``([^`]{1,200})``")


def plain_text(text: str) -> str:
    """``text`` without reStructuredText markup: ``:class:`~a.b.Name``` becomes
    ``Name``, a double-backquoted literal its content; lines joined into paragraphs."""
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = _LITERAL.sub(r"\1", text)
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", text)]
    return "\n\n".join(part for part in paragraphs if part)


# ---------------------------------------------------------------------- strict mode

#: Keywords OpenAI's strict mode does not take; the dispatcher still enforces them,
#: since arguments are validated against the input model.
_NOT_STRICT = frozenset(
    {
        "default",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
    }
)


def _tidy(node: Any, *, strict: bool) -> None:
    """Plain-text descriptions and closed objects at every depth; strict mode's rules
    when ``strict``."""
    if isinstance(node, list):
        for item in node:
            _tidy(item, strict=strict)
        return
    if not isinstance(node, dict):
        return
    description = node.get("description")
    if isinstance(description, str):
        node["description"] = plain_text(description)
    properties = node.get("properties")
    if isinstance(properties, dict):
        if properties or strict:
            node.setdefault("additionalProperties", False)
        if strict:
            required = set(node.get("required", ()))
            for name, sub in properties.items():
                if name not in required and isinstance(sub, dict):
                    properties[name] = _nullable(sub)
            node["required"] = list(properties)
    if strict:
        for keyword in _NOT_STRICT & set(node):
            del node[keyword]
    for key, value in node.items():
        if key in ("properties", _DEFS) and isinstance(value, dict):
            for sub in value.values():  # a map of names to schemas, not a schema
                _tidy(sub, strict=strict)
        elif isinstance(value, dict | list):
            _tidy(value, strict=strict)


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` also accepting ``null`` (strict mode's optional property)."""
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        enum.append(None)
    kind = schema.get("type")
    if isinstance(kind, str):
        if kind != "null":
            schema["type"] = [kind, "null"]
        return schema
    if isinstance(kind, list):
        if "null" not in kind:
            schema["type"] = [*kind, "null"]
        return schema
    options = schema.get("anyOf")
    if isinstance(options, list):
        if not any(isinstance(o, dict) and o.get("type") == "null" for o in options):
            options.append({"type": "null"})
        return schema
    described = {k: schema.pop(k) for k in ("description",) if k in schema}
    return {"anyOf": [schema, {"type": "null"}], **described}


# ---------------------------------------------------------------------- schema surgery


def _drop_properties(schema: dict[str, Any], names: Iterable[str]) -> None:
    """Remove ``names`` from an object schema's ``properties`` and ``required``."""
    drop = set(names)
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name in drop & set(properties):
            del properties[name]
    required = schema.get("required")
    if isinstance(required, list):
        kept = [name for name in required if name not in drop]
        if kept:
            schema["required"] = kept
        else:
            del schema["required"]


def _strip_marked_properties(node: Any) -> None:
    """Remove, at every depth, properties whose schema carries ``"internal": true``."""
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            marked = [
                name
                for name, sub in properties.items()
                if isinstance(sub, dict) and sub.get(INTERNAL_MARKER) is True
            ]
            if marked:
                _drop_properties(node, marked)
        for value in node.values():
            _strip_marked_properties(value)
    elif isinstance(node, list):
        for item in node:
            _strip_marked_properties(item)


def _refs_in(node: Any) -> set[str]:
    """Names of the ``$defs`` entries ``node`` references directly."""
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF_PREFIX):
            found.add(ref[len(_REF_PREFIX) :])
        for value in node.values():
            found |= _refs_in(value)
    elif isinstance(node, list):
        for item in node:
            found |= _refs_in(item)
    return found


def _prune_defs(schema: dict[str, Any]) -> None:
    """Keep only the ``$defs`` reachable from the schema's body, transitively."""
    defs = schema.get(_DEFS)
    if not isinstance(defs, dict):
        return
    body = {key: value for key, value in schema.items() if key != _DEFS}
    reachable: set[str] = set()
    pending = _refs_in(body)
    while pending:
        name = pending.pop()
        if name in reachable or name not in defs:
            continue
        reachable.add(name)
        pending |= _refs_in(defs[name])
    kept = {name: value for name, value in defs.items() if name in reachable}
    if kept:
        schema[_DEFS] = kept
    else:
        del schema[_DEFS]
