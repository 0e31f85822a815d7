"""Over real HTTP (uvicorn on 127.0.0.1): rate limits answer 429 with Retry-After, keys
are required where configured, a bad request names its field, every error has the one
body, and an old-schema store is migrated when the server starts."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from contract_review.errors import ConfigError
from contract_review.service.api_keys import is_loopback
from contract_review.service.app import create_app
from contract_review.storage.sqlite_backend import SqliteStorage


def _assert_error_body(body: dict[str, Any], code: str) -> None:
    assert body["success"] is False
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    assert body["request_id"].startswith("req-") or body["request_id"]


def test_a_real_429_after_the_configured_limit_with_retry_after(make_settings, live_server) -> None:
    app = create_app(make_settings(rate_limit_per_minute=5, rate_limit_per_hour=0))
    with live_server(app) as server, server.client() as http:
        statuses = [http.get("/info").status_code for _ in range(5)]
        refused = http.get("/info")
        health = http.get("/health")  # health checks are never limited
    assert statuses == [200] * 5
    assert refused.status_code == 429
    retry_after = int(refused.headers["Retry-After"])
    assert 1 <= retry_after <= 60
    _assert_error_body(refused.json(), "E_RATE_LIMITED")
    assert refused.json()["error"]["suggestion"] == f"retry after {retry_after} s"
    assert health.status_code == 200


def test_limits_count_per_api_key(make_settings, live_server) -> None:
    settings = make_settings(rate_limit_per_minute=2, api_keys="alpha,beta")
    with live_server(create_app(settings)) as server, server.client() as http:
        alpha = [http.get("/info", headers={"X-API-Key": "alpha"}).status_code for _ in range(3)]
        beta = http.get("/info", headers={"Authorization": "Bearer beta"}).status_code
    assert alpha == [200, 200, 429]
    assert beta == 200


def test_401_without_a_key_when_keys_are_required(make_settings, live_server) -> None:
    settings = make_settings(api_keys="s3cret", require_api_key=True)
    with live_server(create_app(settings)) as server, server.client() as http:
        missing = http.get("/domains")
        wrong = http.get("/domains", headers={"X-API-Key": "guess"})
        right = http.get("/domains", headers={"Authorization": "Bearer s3cret"})
        health = http.get("/health")
    assert missing.status_code == 401
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    _assert_error_body(missing.json(), "E_UNAUTHORIZED")
    assert "requires an API key" in missing.json()["error"]["message"]
    assert wrong.status_code == 401
    assert "not valid" in wrong.json()["error"]["message"]
    assert right.status_code == 200
    assert health.status_code == 200


def test_a_key_sent_to_a_server_without_keys_is_ignored(client) -> None:
    assert client.get("/info", headers={"X-API-Key": "anything"}).status_code == 200


def test_keys_are_required_off_loopback_and_must_then_exist(make_settings) -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4")
    assert not is_loopback("") and not is_loopback("example.org")
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_API_KEYS"):
        create_app(make_settings(), host="0.0.0.0")
    app = create_app(make_settings(api_keys="k1"), host="0.0.0.0")
    assert app is not None


def test_400_schema_invalid_names_the_bad_field(make_settings, live_server) -> None:
    with live_server(create_app(make_settings())) as server, server.client() as http:
        response = http.post("/laws/search", json={"query": "试用期", "top_k": "many"})
        not_json = http.post(
            "/laws/search", content=b"{not json", headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 400
    body = response.json()
    _assert_error_body(body, "E_SCHEMA_INVALID")
    assert "body.top_k" in body["error"]["message"]
    assert not_json.status_code == 400
    _assert_error_body(not_json.json(), "E_SCHEMA_INVALID")


def test_unknown_paths_methods_and_big_bodies_get_the_error_body(
    make_settings, live_server
) -> None:
    settings = make_settings(max_upload_bytes=2048)
    with live_server(create_app(settings)) as server, server.client() as http:
        missing = http.get("/no/such/endpoint")
        method = http.delete("/health")
        big = http.post("/laws/search", content=b"x" * 4096)
        chunked = http.post(
            "/laws/search",
            content=iter([b'{"query": "', b"x" * 3000, b'"}']),  # no Content-Length
            headers={"Content-Type": "application/json"},
        )
    assert missing.status_code == 404
    _assert_error_body(missing.json(), "E_NOT_FOUND")
    assert method.status_code == 405
    _assert_error_body(method.json(), "E_NOT_SUPPORTED")
    assert big.status_code == 413
    _assert_error_body(big.json(), "E_CAPABILITY_LIMIT")
    assert "2048" in big.json()["error"]["message"]
    assert "content-length" not in {k.lower() for k in chunked.request.headers}
    assert chunked.status_code == 413
    _assert_error_body(chunked.json(), "E_CAPABILITY_LIMIT")


def test_law_endpoints_without_an_index_say_how_to_configure_one(client) -> None:
    response = client.post("/laws/search", json={"query": "试用期"})
    assert response.status_code == 501
    body = response.json()
    _assert_error_body(body, "E_NOT_SUPPORTED")
    assert "--law-index" in body["error"]["suggestion"]
    assert "CONTRACT_REVIEW_LAW_INDEX" in body["error"]["suggestion"]


def test_request_ids_are_echoed(client) -> None:
    response = client.get("/info", headers={"X-Request-ID": "req-mine-1"})
    assert response.headers["X-Request-ID"] == "req-mine-1"
    assert response.json()["request_id"] == "req-mine-1"
    fresh = client.get("/nope")
    assert fresh.json()["request_id"] == fresh.headers["X-Request-ID"]


def test_an_old_schema_store_is_migrated_on_start(make_settings, live_server, tmp_path) -> None:
    settings = make_settings()
    store = settings.data_dir / "reviews.sqlite3"
    store.parent.mkdir(parents=True)
    with sqlite3.connect(store) as conn:  # the seed's layout (002 P0): no meta table
        conn.execute("CREATE TABLE conversations (id, data, created_at, updated_at)")
        conn.execute(
            "INSERT INTO conversations VALUES (?, ?, ?, ?)",
            (
                "conv-legacy-1",
                json.dumps(
                    {
                        "id": "conv-legacy-1",
                        "messages": [
                            {"role": "user", "content": "试用期多长？", "timestamp": 1706000000.0}
                        ],
                        "metadata": {"language": "zh"},
                    }
                ),
                1706000000.0,
                1706001000.0,
            ),
        )
    with live_server(create_app(settings)) as server, server.client() as http:
        listed = http.get("/conversations")
        legacy = http.get("/conversations/conv-legacy-1")
    assert listed.status_code == 200
    assert [c["id"] for c in listed.json()["data"]] == ["conv-legacy-1"]
    assert legacy.json()["data"]["messages"][0]["content"] == "试用期多长？"
    assert legacy.json()["data"]["metadata"]["language"] == "zh"
    with sqlite3.connect(store) as conn:
        version = dict(conn.execute("SELECT key, value FROM meta").fetchall())["schema_version"]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert int(version) >= 1
    assert "conversations" not in tables
    with SqliteStorage(store) as storage:
        record = storage.load("conversation", "conv-legacy-1")
    assert record is not None
    assert record.data["messages"][0]["content"] == "试用期多长？"
