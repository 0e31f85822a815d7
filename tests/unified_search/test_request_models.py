"""The request schema: unknown fields and cross-field rules name the field at fault,
filter values fit their operator, the published examples are valid, and schema errors
become E_SCHEMA_INVALID bodies."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from contract_review.errors import ContractReviewError
from contract_review.unified_search import UnifiedSearchError, UnifiedSearchRequest, schema_error


def locations(body: dict[str, Any]) -> list[tuple[Any, ...]]:
    with pytest.raises(ValidationError) as caught:
        UnifiedSearchRequest.model_validate(body)
    return [tuple(error["loc"]) for error in caught.value.errors()]


def test_an_unknown_field_is_an_error_naming_it() -> None:
    assert locations({"mode": "nl", "nl_query": {"text": "试用期"}, "limt": 3}) == [("limt",)]
    assert ("options", "order") in locations(
        {"mode": "nl", "nl_query": {"text": "试用期"}, "options": {"order": "name"}}
    )
    assert ("exact_query", "graph", "hops") in locations(
        {"mode": "exact", "exact_query": {"concept": "民法典", "graph": {"hops": 2}}}
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"mode": "nl"}, "nl_query"),
        ({"mode": "hybrid"}, "nl_query"),
        ({"mode": "exact"}, "exact_query"),
        ({"mode": "exact", "exact_query": {}}, "exact_query"),
        (
            {"mode": "nl", "nl_query": {"text": "a"}, "exact_query": {"concept": "民法典"}},
            "exact_query",
        ),
        ({"mode": "exact", "nl_query": {"text": "a"}, "exact_query": {"concept": "x"}}, "nl_query"),
        ({"mode": "exact", "exact_query": {"graph": {"depth": 1}}}, "exact_query"),
    ],
)
def test_mode_rules_name_the_field(body: dict[str, Any], field: str) -> None:
    assert (field,) in locations(body)


def test_hybrid_needs_only_the_nl_query() -> None:
    request = UnifiedSearchRequest.model_validate({"mode": "hybrid", "nl_query": {"text": "定金"}})
    assert request.exact_query is None
    assert request.options.limit is None and request.options.response_format == "compact"


@pytest.mark.parametrize(
    ("flt", "words"),
    [
        ({"field": "law_id", "op": "in", "value": "民法典"}, "non-empty list"),
        ({"field": "effective_date", "op": "between", "value": ["2020-01-01"]}, "two values"),
        ({"field": "law_id", "op": "eq", "value": ["a", "b"]}, "use op 'in'"),
        ({"field": "law_id", "op": "like", "value": "a"}, "Input should be"),
    ],
)
def test_filter_values_fit_their_operator(flt: dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        UnifiedSearchRequest.model_validate(
            {"mode": "exact", "exact_query": {"concept": "民法典", "filters": [flt]}}
        )


@pytest.mark.parametrize(
    "body",
    [
        {"mode": "nl", "nl_query": {"text": "   "}},
        {"mode": "nl", "nl_query": {"text": "a"}, "options": {"limit": 0}},
        {"mode": "nl", "nl_query": {"text": "a"}, "options": {"offset": -1}},
        {"mode": "exact", "exact_query": {"concept": "民法典", "graph": {"depth": 0}}},
        {"mode": "exact", "exact_query": {"concept": "a", "entity_id": "b"}},
        {"mode": "exact", "exact_query": {"concept": "a", "graph": {"relation_types": ["cites"]}}},
        {"mode": "nl", "nl_query": {"text": "a"}, "profile": "fast"},
    ],
)
def test_invalid_values_are_refused(body: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        UnifiedSearchRequest.model_validate(body)


def test_the_published_examples_are_valid_requests() -> None:
    schema = UnifiedSearchRequest.model_json_schema()
    examples = schema["examples"]
    assert len(examples) >= 4
    for example in examples:
        UnifiedSearchRequest.model_validate(example)
    assert {example["mode"] for example in examples} == {"nl", "exact", "hybrid"}


def test_schema_errors_become_e_schema_invalid_naming_the_fields() -> None:
    with pytest.raises(ValidationError) as caught:
        UnifiedSearchRequest.model_validate({"mode": "exact", "exact_query": {"concpt": "x"}})
    error = schema_error(caught.value)
    assert isinstance(error, ContractReviewError)
    assert error.code == "E_SCHEMA_INVALID"
    assert "exact_query.concpt" in error.message
    assert error.suggestion is not None and "劳动合同法第二十一条" in error.suggestion
    body = error.to_response(profile="recall")
    assert body.error is not None and body.error.code == "E_SCHEMA_INVALID"
    assert body.results is None and body.meta.plan and body.meta.profile == "recall"


def test_an_error_carries_its_code_step_and_suggestion() -> None:
    error = UnifiedSearchError(
        code="E_BACKEND_ERROR", message="boom", step="text_search", suggestion="retry"
    )
    assert (error.code, error.message, error.step, error.suggestion) == (
        "E_BACKEND_ERROR",
        "boom",
        "text_search",
        "retry",
    )
    assert error.clarify is None
    assert error.to_response().meta.plan[0].action == "text_search"
