"""``GET /api/search/capabilities``: the unified search's capabilities document (seed 003
``capabilities.json``) — and the search refusing, with the documented error and HTTP
status, a request beyond a documented limit."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from contract_review.unified_search import capabilities
from contract_review.unified_search.capabilities import SearchLimits

PATH = "/api/search/capabilities"


def _request(limit: int, offset: int = 0) -> dict[str, Any]:
    return {
        "mode": "exact",
        "exact_query": {"concept": "劳动合同法"},
        "options": {"limit": limit, "offset": offset, "dry_run": True},
    }


def test_the_document_lists_each_operation_with_its_parameters_and_limits(
    client: TestClient,
) -> None:
    response = client.get(PATH)
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True and body["request_id"]
    operations = {op["operation_id"]: op for op in body["operations"]}
    unified = operations["unified_search"]
    assert (unified["method"], unified["url"]) == ("POST", "/api/search/unified")
    assert (
        operations["search_capabilities"]["method"],
        operations["search_capabilities"]["url"],
    ) == (
        "GET",
        PATH,
    )
    names = {parameter["name"] for parameter in unified["parameters"]}
    assert {"mode", "nl_query.text", "exact_query.graph.target_id", "options.dedup_fields"} <= names
    assert {"options.join_strategy", "options.join_fields", "X-Client-Profile"} <= names
    limits = {limit["name"]: limit for limit in body["limits"]}
    assert set(unified["limits"]) == set(limits)
    assert limits["hard_limit"]["beyond"] == "refused"
    assert limits["max_depth"]["degeneration"] == "depth"
    statuses = {code["code"]: code["http_status"] for code in body["error_codes"]}
    assert statuses["E_CAPABILITY_LIMIT"] == 422 and statuses["E_SCHEMA_INVALID"] == 400
    assert body["join_strategies"] == ["by_id", "field_equality", "external_edge"]


def test_a_request_beyond_a_documented_limit_gets_the_documented_error(
    client: TestClient,
) -> None:
    body = client.get(PATH).json()
    statuses = {code["code"]: code["http_status"] for code in body["error_codes"]}
    refused = [limit for limit in body["limits"] if limit["beyond"] == "refused"]
    assert refused
    for limit in refused:
        value = limit["value"]
        at = client.post("/api/search/unified", json=_request(value))
        assert at.status_code == 200, at.json()
        past = client.post("/api/search/unified", json=_request(value, offset=1))
        assert past.status_code == statuses[limit["error_code"]]
        assert past.json()["error"]["code"] == limit["error_code"]


def test_the_served_limits_are_the_ones_the_planner_holds_to(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(capabilities, "SEARCH_LIMITS", SearchLimits(hard_limit=100))
    limits = {limit["name"]: limit for limit in client.get(PATH).json()["limits"]}
    assert limits["hard_limit"]["value"] == 100
    assert client.post("/api/search/unified", json=_request(100)).status_code == 200
    refused = client.post("/api/search/unified", json=_request(101))
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "E_CAPABILITY_LIMIT"
