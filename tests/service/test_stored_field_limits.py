"""Stored fields have size limits: an oversized conversation metadata or edited redline
is refused (400, the field named) before anything is stored."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_oversized_conversation_metadata_is_refused(client: TestClient) -> None:
    refused = client.post("/conversations", json={"metadata": {"note": "x" * 20_000}})
    assert refused.status_code == 400
    assert "metadata" in refused.json()["error"]["message"]
    assert "16,384" in refused.json()["error"]["message"]
    kept = client.post("/conversations", json={"metadata": {"domain": "fidic"}})
    assert kept.status_code == 201
    listed = client.get("/conversations").json()["data"]
    assert len(listed) == 1  # the refused one was not stored


def test_an_oversized_edited_redline_is_refused(client: TestClient) -> None:
    body = {"decisions": [{"finding_id": "F001", "decision": "edited", "after": "x" * 250_000}]}
    refused = client.post("/reviews/rv-20260101-000000-abcdef/decisions", json=body)
    assert refused.status_code == 400
    assert "after" in refused.json()["error"]["message"]
