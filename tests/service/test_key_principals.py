"""Keys are principals: what one key creates (reviews, their uploads and reports,
conversations) another key cannot list, read, download, decide, ask about or delete
(404, as if it did not exist); an admin key sees and may delete everything; a server
without keys is one user who sees everything. Real HTTP on 127.0.0.1."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from contract_review.service.app import create_app
from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN_ID,
)


def _as(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _review(http: httpx.Client, key: str) -> str:
    answer = http.post(
        "/reviews",
        data={"domain": THROWAWAY_DOMAIN_ID},
        files={"file": (THROWAWAY_CONTRACT_NAME, THROWAWAY_CONTRACT.encode(), "text/plain")},
        headers=_as(key),
    )
    assert answer.status_code == 202, answer.text
    review_id: str = answer.json()["data"]["review_id"]
    deadline = time.monotonic() + 120
    while http.get(f"/reviews/{review_id}", headers=_as(key)).json()["data"]["status"] in {
        "queued",
        "running",
    }:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return review_id


def _ids(answer: httpx.Response, field: str) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [item[field] for item in answer.json()["data"]]


def test_one_key_cannot_reach_another_keys_data(
    make_settings: Any, live_server: Any, throwaway_app: Any
) -> None:
    settings = make_settings(api_keys="key-one,key-two", admin_api_keys="key-admin")
    uploads = Path(settings.data_dir) / "uploads"
    with live_server(throwaway_app(settings)) as server, server.client() as http:
        review = _review(http, "key-one")
        conversation = http.post(
            "/conversations", json={"metadata": {"matter": "EPC"}}, headers=_as("key-one")
        ).json()["data"]["id"]
        own = http.get(f"/reviews/{review}", headers=_as("key-one")).json()["data"]
        finding = own["decidable"][0]

        two = _as("key-two")
        assert _ids(http.get("/reviews", headers=two), "review_id") == []
        assert _ids(http.get("/conversations", headers=two), "id") == []
        refused = [
            http.get(f"/reviews/{review}", headers=two),
            http.get(f"/reviews/{review}/report.html", headers=two),
            http.get(f"/reviews/{review}/report.json", headers=two),
            http.post(f"/reviews/{review}/findings/{finding}/approve", headers=two),
            http.post(
                f"/reviews/{review}/decisions",
                json={"decisions": [{"finding_id": finding, "decision": "rejected"}]},
                headers=two,
            ),
            http.post(f"/reviews/{review}/resume", headers=two),
            http.post(f"/reviews/{review}/cancel", headers=two),
            http.delete(f"/reviews/{review}", headers=two),
            http.post("/evaluate", json={"target": "review", "review_id": review}, headers=two),
            http.post("/ask", json={"query": "who pays?", "review_id": review}, headers=two),
            http.get(f"/conversations/{conversation}", headers=two),
            http.delete(f"/conversations/{conversation}/messages", headers=two),
            http.delete(f"/conversations/{conversation}", headers=two),
        ]
        for answer in refused:
            assert answer.status_code == 404, (answer.request.url, answer.text)
            assert answer.json()["error"]["code"] == "E_NOT_FOUND"
        # a key cannot see it, nor learn it exists: the same answer as for no review at all
        missing = http.get("/reviews/rv-20260101-000000-abcdef", headers=two).json()["error"]
        assert missing["message"] == refused[0].json()["error"]["message"].replace(
            review, "rv-20260101-000000-abcdef"
        )

        # a caller without a key (loopback: keys not required) is the keyless user
        assert _ids(http.get("/reviews"), "review_id") == []
        assert http.get(f"/reviews/{review}").status_code == 404

        # nothing of key one's was changed or lost
        one = _as("key-one")
        assert _ids(http.get("/reviews", headers=one), "review_id") == [review]
        assert _ids(http.get("/conversations", headers=one), "id") == [conversation]
        again = http.get(f"/reviews/{review}", headers=one).json()["data"]
        assert again["status"] == "complete"
        assert finding not in again["awaiting_decision"]
        assert (uploads / review).is_dir()
        assert http.get(f"/reviews/{review}/report.md", headers=one).status_code == 200

        # key two's own review is its own; the admin key sees both and may delete any
        second = _review(http, "key-two")
        assert _ids(http.get("/reviews", headers=two), "review_id") == [second]
        admin = _as("key-admin")
        assert sorted(_ids(http.get("/reviews", headers=admin), "review_id")) == sorted(
            [review, second]
        )
        assert _ids(http.get("/conversations", headers=admin), "id") == [conversation]
        assert http.get(f"/reviews/{review}/report.json", headers=admin).status_code == 200
        assert http.delete(f"/reviews/{second}", headers=admin).status_code == 200
        assert _ids(http.get("/reviews", headers=two), "review_id") == []


def test_a_server_without_keys_is_one_user(make_settings: Any, live_server: Any) -> None:
    settings = make_settings()
    with live_server(create_app(settings)) as server, server.client() as http:
        conversation = http.post("/conversations").json()["data"]["id"]
        # any key sent to a server without keys is ignored: still the one user
        listed = _ids(http.get("/conversations", headers=_as("whatever")), "id")
        assert listed == [conversation]
        assert http.get(f"/conversations/{conversation}").status_code == 200
