"""Tool self-description: skills as function-calling tools, internal fields stripped."""

from __future__ import annotations

import json
from enum import Enum
from typing import Any, Literal

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field, create_model

from contract_review.builtin.generic_skills import GENERIC_SKILLS
from contract_review.skills.registration import INTERNAL_FIELDS, SkillRegistration
from contract_review.skills.tool_definitions import (
    ToolDefinition,
    hidden_input_fields,
    plain_text,
    tool_definition,
    tool_definitions,
    tool_parameters,
)

GENERIC_BY_ID = {skill.skill_id: skill for skill in GENERIC_SKILLS}

ENGINE_FILLED = {
    "document_structure",
    "reference_structure",
    "checklist_item",
    "playbook_rules",
}


def registration(model: type[BaseModel], **overrides: Any) -> SkillRegistration:
    fields: dict[str, Any] = {
        "skill_id": "probe",
        "name": "Probe",
        "description": "A probe skill.",
        "input_model": model,
        "handler": lambda data: {},
        "domain": "*",
    }
    fields.update(overrides)
    return SkillRegistration(**fields)


# ---------------------------------------------------------------------- the generic skills


def test_every_generic_skill_has_a_definition_without_engine_filled_fields() -> None:
    definitions = tool_definitions(GENERIC_SKILLS)
    assert [d.function.name for d in definitions] == [s.skill_id for s in GENERIC_SKILLS]
    for definition in definitions:
        parameters = definition.function.parameters
        assert definition.type == "function"
        assert parameters["type"] == "object"
        assert "title" not in parameters
        visible = set(parameters["properties"]) | set(parameters.get("required", []))
        assert not visible & ENGINE_FILLED, definition.function.name
        text = json.dumps(definition.model_dump(mode="json"))
        assert "document_structure" not in text
        assert "Section" not in parameters.get("$defs", {})  # the document model is pruned


def test_get_clause_context_definition() -> None:
    definition = tool_definition(GENERIC_BY_ID["get_clause_context"])
    parameters = definition.function.parameters
    assert definition.function.name == "get_clause_context"
    assert definition.function.description == GENERIC_BY_ID["get_clause_context"].description
    assert set(parameters["properties"]) == {
        "clause_id",
        "keywords",
        "max_chars",
        "include_neighbors",
        "include_definitions",
        "include_exceptions",
        "include_references",
        "max_length",
    }
    assert parameters["required"] == ["clause_id"]
    assert "$defs" not in parameters


def test_search_reference_doc_definition_matches_the_seed_fields() -> None:
    parameters = tool_parameters(GENERIC_BY_ID["search_reference_doc"])
    assert set(parameters["properties"]) == {"clause_id", "query", "top_k", "min_score"}
    assert parameters["required"] == ["clause_id"]
    assert parameters["properties"]["min_score"]["default"] == 0.3


def test_load_review_criteria_hides_marked_fields_and_prunes_their_defs() -> None:
    parameters = tool_parameters(GENERIC_BY_ID["load_review_criteria"])
    assert set(parameters["properties"]) == {"clause_id"}
    assert "$defs" not in parameters  # ChecklistItem, PlaybookRule, Priority all unreferenced


def test_definition_is_the_openai_shape() -> None:
    dumped = tool_definition(GENERIC_BY_ID["extract_financial_terms"]).wire()
    assert set(dumped) == {"type", "function"}
    assert set(dumped["function"]) == {"name", "description", "parameters"}
    assert ToolDefinition.model_validate(dumped).function.name == "extract_financial_terms"


# ---------------------------------------------------------------------- rules


class Party(BaseModel):
    name: str
    state: str  # a nested field named like an internal one is kept


class Secretive(BaseModel):
    label: str
    code: str = Field(default="", json_schema_extra={"internal": True})


class Kind(Enum):
    A = "a"
    B = "b"


def test_registration_internal_fields_aliases_and_nested_markers() -> None:
    class Input(BaseModel):
        clause_id: str
        party: Party
        secret: Secretive | None = None
        engine_note: str = Field(alias="engineNote")
        hidden_kind: Kind = Kind.A

    skill = registration(Input, internal_fields=frozenset({"engine_note", "hidden_kind"}))
    assert {"engine_note", "engineNote", "hidden_kind"} <= hidden_input_fields(skill)
    parameters = tool_parameters(skill)
    assert set(parameters["properties"]) == {"clause_id", "party", "secret"}
    assert parameters["required"] == ["clause_id", "party"]
    defs = parameters["$defs"]
    assert set(defs) == {"Party", "Secretive"}  # Kind is only used by a hidden field
    assert set(defs["Party"]["properties"]) == {"name", "state"}
    assert set(defs["Secretive"]["properties"]) == {"label"}


def test_required_is_dropped_when_only_hidden_fields_were_required() -> None:
    class Input(BaseModel):
        document_structure: dict[str, Any]
        query: str = ""

    parameters = tool_parameters(registration(Input))
    assert parameters["properties"] == {
        "query": {"default": "", "title": "Query", "type": "string"}
    }
    assert "required" not in parameters


# ---------------------------------------------------------------------- property

_RESERVED = set(dir(BaseModel))
field_names = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(
    lambda name: not name.startswith("model_") and name not in _RESERVED
) | st.sampled_from(sorted(INTERNAL_FIELDS))
field_types: st.SearchStrategy[Any] = st.sampled_from(
    [
        str,
        int,
        float,
        bool,
        list[str],
        dict[str, int],
        Literal["x", "y"],
        Kind,
        Party,
        Secretive,
        list[Party],
        Party | None,
    ]
)


@st.composite
def input_models(draw: st.DrawFn) -> tuple[type[BaseModel], frozenset[str], frozenset[str]]:
    """A generated input model, the extra internal names of its registration, and the
    names marked internal in the model itself."""
    names = draw(st.lists(field_names, min_size=1, max_size=7, unique=True))
    definitions: dict[str, Any] = {}
    marked: set[str] = set()
    for name in names:
        annotation = draw(field_types)
        extra = {"internal": True} if draw(st.booleans()) and draw(st.booleans()) else None
        if extra:
            marked.add(name)
        if draw(st.booleans()):
            definitions[name] = (annotation, Field(json_schema_extra=extra))
        else:
            definitions[name] = (annotation | None, Field(default=None, json_schema_extra=extra))
    model = create_model("GeneratedInput", **definitions)
    extra_internal = frozenset(draw(st.lists(st.sampled_from(names), max_size=2)))
    return model, extra_internal, frozenset(marked)


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            found.add(node["$ref"])
        for value in node.values():
            found |= _refs(value)
    elif isinstance(node, list):
        for item in node:
            found |= _refs(item)
    return found


@settings(deadline=None, max_examples=80)
@given(generated=input_models())
def test_generated_models_never_leak_hidden_fields(
    generated: tuple[type[BaseModel], frozenset[str], frozenset[str]],
) -> None:
    model, extra_internal, marked = generated
    skill = registration(model, internal_fields=extra_internal)
    definition = tool_definition(skill)
    parameters = definition.function.parameters

    hidden = (INTERNAL_FIELDS | extra_internal | marked) & set(model.model_fields)
    visible = set(model.model_fields) - hidden
    assert set(parameters["properties"]) == visible
    required = parameters.get("required")
    if required is not None:
        assert required and set(required) <= visible
    assert "title" not in parameters

    # Every $ref resolves, and every kept definition is referenced (transitively).
    defs = parameters.get("$defs", {})
    refs = _refs(parameters)
    for ref in refs:
        assert ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in defs
    assert set(defs) == {ref.removeprefix("#/$defs/") for ref in refs}

    # No property anywhere carries the internal marker.
    text = json.dumps(definition.model_dump(mode="json"))
    assert '"internal": true' not in text
    assert ToolDefinition.model_validate(json.loads(text)) == definition


def test_registration_describes_itself() -> None:
    skill = GENERIC_BY_ID["cross_reference_check"]
    assert skill.to_tool_definition() == tool_definition(skill)


# ---------------------------------------------------------------------- plain text, strict


def _objects(node: Any) -> list[dict[str, Any]]:
    """Every object schema (one with ``properties``) in ``node``, at any depth."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            found.append(node)
        for value in node.values():
            found.extend(_objects(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_objects(item))
    return found


def _descriptions(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["description"]] if isinstance(node.get("description"), str) else []
        return own + [d for value in node.values() for d in _descriptions(value)]
    if isinstance(node, list):
        return [d for item in node for d in _descriptions(item)]
    return []


def test_plain_text_unwraps_roles_and_literals() -> None:
    assert plain_text("Input of ``get_clause_context``.") == "Input of get_clause_context."
    assert plain_text(
        "See :class:`~contract_review.documents.model.Document` and\n  :func:`x`."
    ) == ("See Document and x.")
    assert plain_text("one\n\n\ntwo\nlines") == "one\n\ntwo lines"


def test_every_generic_tool_is_closed_and_plain() -> None:
    for definition in tool_definitions(GENERIC_SKILLS):
        parameters = definition.function.parameters
        for schema in _objects(parameters):
            if schema["properties"]:
                assert schema["additionalProperties"] is False, definition.function.name
        for text in [definition.function.description, *_descriptions(parameters)]:
            assert "``" not in text and ":class:" not in text, text


def test_strict_schemas_follow_strict_mode_and_still_validate() -> None:
    import jsonschema

    for skill in GENERIC_SKILLS:
        loose = tool_parameters(skill)
        definition = tool_definition(skill, strict=True)
        assert definition.wire()["function"]["strict"] is True
        strict = definition.function.parameters
        for schema in _objects(strict):
            assert schema["additionalProperties"] is False
            assert schema["required"] == list(schema["properties"])
        text = json.dumps(strict)
        for keyword in ('"default"', '"minLength"', '"maxLength"', '"minimum"', '"maximum"'):
            assert keyword not in text, (skill.skill_id, keyword)
        # what a strict-mode model sends when it leaves every optional argument out
        required = set(loose.get("required", ()))
        arguments = {name: ("4.1" if name in required else None) for name in strict["properties"]}
        if required <= {"clause_id"}:
            jsonschema.validate(arguments, strict)
