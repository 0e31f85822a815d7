"""The OpenAPI document tells what the server does: stable operation ids, the key schemes
where keys are taken, every error status with the one error body, and no FastAPI 422
``HTTPValidationError`` (the server answers 400 ``E_SCHEMA_INVALID``). Whether the
answers match it is fuzzed in ``test_service_fuzz.py``."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from contract_review.service.app import create_app

from .conftest import SettingsFactory

#: Every operation's id. Generated clients name their methods after these: changing
#: one breaks them, so a change here is a change of the API.
OPERATION_IDS = {
    "GET /health": "get_health",
    "GET /info": "get_info",
    "GET /domains": "list_domains",
    "GET /domains/{domain_id}": "get_domain",
    "GET /skills": "list_skills",
    "POST /skills/{skill_id}/run": "run_skill",
    "GET /reviews": "list_reviews",
    "POST /reviews": "create_review",
    "GET /reviews/{review_id}": "get_review",
    "DELETE /reviews/{review_id}": "delete_review",
    "POST /reviews/{review_id}/decisions": "decide_findings",
    "POST /reviews/{review_id}/findings/{finding_id}/{decision}": "decide_finding",
    "POST /reviews/{review_id}/resume": "resume_review",
    "POST /reviews/{review_id}/cancel": "cancel_review",
    "GET /reviews/{review_id}/report.{fmt}": "get_review_report",
    "POST /ask": "ask_question",
    "GET /conversations": "list_conversations",
    "POST /conversations": "create_conversation",
    "GET /conversations/{conversation_id}": "get_conversation",
    "DELETE /conversations/{conversation_id}": "delete_conversation",
    "DELETE /conversations/{conversation_id}/messages": "clear_conversation",
    "POST /evaluate": "evaluate",
    "POST /laws/search": "search_laws",
    "POST /laws/context": "get_provision_context",
    "POST /laws/get": "get_law",
    "GET /laws/schema": "get_law_schema",
    "POST /api/search/unified": "search_unified",
    "GET /api/search/capabilities": "get_search_capabilities",
}

ERROR_BODY = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}


def _document(make_settings: SettingsFactory, **overrides: Any) -> dict[str, Any]:
    with TestClient(create_app(make_settings(**overrides)), base_url="http://localhost") as client:
        response = client.get("/openapi.json")
    assert response.status_code == 200
    document: dict[str, Any] = response.json()
    return document


def _operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        f"{method.upper()} {path}": operation
        for path, item in document["paths"].items()
        for method, operation in item.items()
    }


def test_operation_ids_are_the_pinned_readable_ones(make_settings: SettingsFactory) -> None:
    operations = _operations(_document(make_settings))
    ids = {label: operation["operationId"] for label, operation in operations.items()}
    assert ids == OPERATION_IDS
    assert len(set(ids.values())) == len(ids), "operation ids are unique"


def test_every_error_status_has_the_error_body_and_no_422_validation_error(
    make_settings: SettingsFactory,
) -> None:
    document = _document(make_settings)
    assert "HTTPValidationError" not in str(document)
    assert "ValidationError" not in document["components"]["schemas"]
    error_body = document["components"]["schemas"]["ErrorBody"]
    assert set(error_body["required"]) == {"success", "error", "request_id"}
    assert set(document["components"]["schemas"]["ErrorInfo"]["required"]) == {"code", "message"}
    for label, operation in _operations(document).items():
        responses = operation["responses"]
        errors = {status for status in responses if int(status) >= 400}
        assert {"400", "413", "500"} <= errors, label
        assert "422" not in responses or label == "POST /api/search/unified", label
        for status in errors:
            assert responses[status]["content"] == ERROR_BODY, (label, status)
            assert responses[status]["description"].startswith("`E_"), (label, status)
        if label != "GET /health":
            assert {"401", "429"} <= errors, label
            retry_after = responses["429"]["headers"]["Retry-After"]
            assert retry_after["required"] and retry_after["schema"]["type"] == "integer"
            assert "WWW-Authenticate" in responses["401"]["headers"]
        assert ("403" in errors) == label.startswith(("POST", "DELETE")), label
    operations = _operations(document)
    assert "404" in operations["GET /reviews/{review_id}"]["responses"]
    assert {"404", "409", "501"} <= set(
        operations["GET /reviews/{review_id}/report.{fmt}"]["responses"]
    )
    assert "503" in operations["POST /reviews/{review_id}/cancel"]["responses"]
    assert {"409", "422", "501"} <= set(operations["POST /api/search/unified"]["responses"])


def test_key_schemes_are_declared_where_keys_are_taken(make_settings: SettingsFactory) -> None:
    document = _document(make_settings)
    assert document["components"]["securitySchemes"] == {
        "ApiKey": {
            "type": "apiKey",
            "in": "header",
            "name": "X-API-Key",
            "description": "An API key (CONTRACT_REVIEW_API_KEYS); required off loopback.",
        },
        "Bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "An API key sent as 'Authorization: Bearer KEY'.",
        },
    }
    operations = _operations(document)
    assert "security" not in operations.pop("GET /health")
    for label, operation in operations.items():
        # loopback, keys not required: a key may be sent, or none ({})
        assert operation["security"] == [{"ApiKey": []}, {"Bearer": []}, {}], label
    assert not {"/docs", "/redoc", "/openapi.json"} & set(document["paths"])


def test_where_keys_are_required_the_document_says_so(make_settings: SettingsFactory) -> None:
    document = _document(make_settings, api_keys=["k1"], require_api_key=True)
    for label, operation in _operations(document).items():
        if label != "GET /health":
            assert operation["security"] == [{"ApiKey": []}, {"Bearer": []}], label


def test_a_request_that_does_not_validate_is_answered_400_as_documented(
    client: TestClient,
) -> None:
    response = client.post("/laws/search", json={"query": 12, "nonsense": True})
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False and body["error"]["code"] == "E_SCHEMA_INVALID"
    assert set(body) == {"success", "error", "request_id"}


def test_keys_are_checked_as_before_whatever_the_schemes_say(
    make_settings: SettingsFactory,
) -> None:
    app = create_app(make_settings(api_keys=["k1"], require_api_key=True))
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get("/domains").status_code == 401
        assert client.get("/domains", headers={"Authorization": "Basic k1"}).status_code == 401
        assert client.get("/domains", headers={"X-API-Key": "k1"}).status_code == 200
        assert client.get("/domains", headers={"Authorization": "Bearer k1"}).status_code == 200
        assert client.get("/health").status_code == 200
