"""Reviews over HTTP: upload a contract, poll, decide proposed changes (after the review,
or at each pause), resume, and download the reports. The service reviews with the
testing kit's throwaway domain (no installed plugin)."""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN_ID,
)

DOMAIN = THROWAWAY_DOMAIN_ID
CONTRACT = THROWAWAY_CONTRACT.encode()


@pytest.fixture
def client(make_settings: Any, throwaway_app: Any) -> Iterator[TestClient]:
    """The app with default settings and the throwaway domain, served in-process."""
    with TestClient(throwaway_app(make_settings()), base_url="http://localhost") as test_client:
        yield test_client


def _upload(client: TestClient, **form: str) -> dict[str, Any]:
    response = client.post(
        "/reviews",
        data={"domain": DOMAIN, **form},
        files={"file": (THROWAWAY_CONTRACT_NAME, CONTRACT, "text/plain")},
    )
    assert response.status_code == 202, response.text
    data: dict[str, Any] = response.json()["data"]
    return data


def _wait(client: TestClient, review_id: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(f"/reviews/{review_id}").json()
        assert "data" in answer, answer
        data: dict[str, Any] = answer["data"]
        if data["status"] not in {"queued", "running"}:
            return data
        assert time.monotonic() < deadline, f"review still {data['status']}: {data}"
        time.sleep(0.1)


def test_upload_review_approve_and_download(client: TestClient) -> None:
    queued = _upload(client)
    assert queued["status"] in {"queued", "running"}
    assert queued["documents"] == [THROWAWAY_CONTRACT_NAME]
    done = _wait(client, queued["review_id"])
    assert done["status"] == "complete", done
    assert done["summary"]["high"] >= 1
    assert done["decidable"], "the example has one-sided clauses with proposed redlines"
    assert set(done["reports"]) == {"json", "md", "html", "docx"}

    finding = done["decidable"][0]
    rejected = done["decidable"][1]
    ok = client.post(f"/reviews/{done['review_id']}/findings/{finding}/approve")
    assert ok.status_code == 200
    client.post(
        f"/reviews/{done['review_id']}/decisions",
        json={"decisions": [{"finding_id": rejected, "decision": "rejected"}]},
    )

    report = client.get(f"/reviews/{done['review_id']}/report.json").json()
    decisions = {a["finding_id"]: (a["decision"], a["by"]) for a in report["approvals"]}
    assert decisions[finding] == ("approved", "api")
    assert decisions[rejected] == ("rejected", "api")

    html = client.get(f"/reviews/{done['review_id']}/report.html")
    assert html.status_code == 200
    assert html.headers["content-type"].startswith("text/html")
    assert "<html" in html.text and "approved" in html.text
    # a report quotes the contract: served so that no script in it can run
    assert "default-src 'none'" in html.headers["content-security-policy"]
    assert html.headers["x-content-type-options"] == "nosniff"
    assert html.headers["content-disposition"].endswith(f'{done["review_id"]}-report.html"')
    markdown = client.get(f"/reviews/{done['review_id']}/report.md")
    assert markdown.headers["content-type"].startswith("text/markdown")
    word = client.get(f"/reviews/{done['review_id']}/report.docx")
    assert word.status_code == 200, word.text
    assert word.headers["content-type"].startswith("application/vnd.openxmlformats")
    assert word.headers["content-disposition"].startswith("attachment;")
    assert word.headers["content-disposition"].endswith(f'{done["review_id"]}-redline.docx"')
    with zipfile.ZipFile(io.BytesIO(word.content)) as archive:
        body = archive.read("word/document.xml").decode("utf-8")
    # the approved change is a tracked change; the rejected one is not written
    assert "<w:ins " in body and 'w:author="contract-review"' in body

    listed = client.get("/reviews").json()["data"]
    assert [item["review_id"] for item in listed] == [done["review_id"]]


def test_ask_about_and_grade_a_reviewed_contract(client: TestClient) -> None:
    done = _wait(client, _upload(client)["review_id"])
    answer = client.post(
        "/ask",
        json={
            "query": "When must the Supplier give notice of a claim?",
            "review_id": done["review_id"],
        },
    ).json()["data"]
    assert answer["intent"] == "contract_question"
    cited = answer["citations"][0]
    assert cited["kind"] == "clause" and cited["id"] == "6"
    assert cited["quote"] in THROWAWAY_CONTRACT

    graded = client.post("/evaluate", json={"target": "review", "review_id": done["review_id"]})
    review = graded.json()["data"]["review"]
    assert review["grade"] in {"A", "B", "C"}
    assert len(review["findings"]) == done["summary"]["total"]


def test_an_edit_rewrites_the_redline(client: TestClient) -> None:
    done = _wait(client, _upload(client)["review_id"])
    finding = done["decidable"][0]
    wording = "The Customer shall pay each undisputed invoice within thirty (30) days."
    response = client.post(
        f"/reviews/{done['review_id']}/decisions",
        json={"decisions": [{"finding_id": finding, "decision": "edited", "after": wording}]},
    )
    assert response.status_code == 200
    report = client.get(f"/reviews/{done['review_id']}/report.json").json()
    edited = next(f for f in report["findings"] if f["finding_id"] == finding)
    assert edited["suggested_change"]["after"] == wording
    assert "+" + wording in edited["suggested_change"]["diff"]


def test_a_paused_review_waits_for_decisions_then_resumes(client: TestClient) -> None:
    review_id = _upload(client, approval="pause")["review_id"]
    paused = _wait(client, review_id)
    assert paused["status"] == "paused"
    assert len(paused["awaiting_decision"]) >= 1
    first = paused["awaiting_decision"][0]

    early = client.get(f"/reviews/{review_id}/report.json").json()
    assert early["status"] == "paused"

    client.post(f"/reviews/{review_id}/findings/{first}/reject")
    client.post(f"/reviews/{review_id}/resume")
    again = _wait(client, review_id)
    assert first not in again["awaiting_decision"]

    finish = client.post(f"/reviews/{review_id}/resume", json={"approval": "auto"})
    assert finish.status_code == 202
    done = _wait(client, review_id)
    assert done["status"] == "complete"
    report = client.get(f"/reviews/{review_id}/report.json").json()
    by_id = {a["finding_id"]: a for a in report["approvals"]}
    assert by_id[first]["decision"] == "rejected"
    assert by_id[first]["by"] == "api"
    assert {a["by"] for a in report["approvals"]} <= {"api", "auto"}


def test_review_mistakes_are_clear(client: TestClient) -> None:
    unknown = client.post(
        "/reviews", data={"domain": "nope"}, files={"file": ("a.txt", b"1. Payment\nPay.")}
    )
    assert unknown.status_code == 400
    assert "unknown domain 'nope'" in unknown.json()["error"]["message"]

    empty = client.post("/reviews", data={"domain": DOMAIN}, files={"file": ("empty.txt", b"")})
    assert empty.status_code == 400
    message = empty.json()["error"]["message"]
    assert "empty.txt" in message and "empty" in message
    assert "uploads" not in message, "the server's folders are not shown to clients"

    party = client.post(
        "/reviews",
        data={"domain": DOMAIN, "party": "Martian"},
        files={"file": ("pc.txt", CONTRACT, "text/plain")},
    )
    assert party.status_code == 400
    assert "'Martian' matches no side" in party.json()["error"]["message"]
    assert client.get("/reviews").json()["data"] == [], "nothing is queued for a bad request"

    no_file = client.post("/reviews", data={"domain": DOMAIN})
    assert no_file.status_code == 400
    assert "file" in no_file.json()["error"]["message"]

    missing = client.get("/reviews/rv-nothing-here")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "E_NOT_FOUND"

    done = _wait(client, _upload(client)["review_id"])
    bad = client.post(
        f"/reviews/{done['review_id']}/decisions",
        json={"decisions": [{"finding_id": "F-none", "decision": "approved"}]},
    )
    assert bad.status_code == 404
    assert "F-none" in bad.json()["error"]["message"]
    no_wording = client.post(
        f"/reviews/{done['review_id']}/decisions",
        json={"decisions": [{"finding_id": done["decidable"][0], "decision": "edited"}]},
    )
    assert no_wording.status_code == 400
    assert "after" in no_wording.json()["error"]["message"]


def test_domains_and_skills_describe_the_install(client: TestClient) -> None:
    domains = {d["domain_id"]: d for d in client.get("/domains").json()["data"]}
    assert DOMAIN in domains
    assert domains[DOMAIN]["checklist"], "a domain lists its checklist"
    assert client.get(f"/domains/{DOMAIN}").json()["data"]["name"] == domains[DOMAIN]["name"]
    assert client.get("/domains/nope").status_code == 404
    skills = client.get("/skills", params={"domain": DOMAIN}).json()["data"]
    assert skills and all(s["domain"] in {"*", DOMAIN} for s in skills)
    tool = skills[0]["tool"]
    assert tool["type"] == "function" and tool["function"]["name"] == skills[0]["skill_id"]
    strict = client.get("/skills", params={"domain": DOMAIN, "strict": "true"}).json()["data"]
    assert all(s["tool"]["function"]["strict"] is True for s in strict)
    assert all(
        s["tool"]["function"]["parameters"]["required"]
        == list(s["tool"]["function"]["parameters"]["properties"])
        for s in strict
        if s["tool"]["function"]["parameters"]["properties"]
    )
    info = client.get("/info").json()["data"]
    assert "/reviews" in info["endpoints"] and info["api_keys_required"] is False


@pytest.fixture
def client_two_workers(make_settings: Any, throwaway_app: Any) -> Any:
    with TestClient(
        throwaway_app(make_settings(review_workers=2)), base_url="http://localhost"
    ) as test_client:
        yield test_client


def test_two_reviews_run_side_by_side(client_two_workers: TestClient) -> None:
    ids = [_upload(client_two_workers)["review_id"] for _ in range(2)]
    results = [_wait(client_two_workers, rid) for rid in ids]
    assert [r["status"] for r in results] == ["complete", "complete"]
    assert results[0]["summary"] == results[1]["summary"]


def test_an_interrupted_review_left_by_no_resume_can_be_resumed(
    make_settings: Any, throwaway_app: Any
) -> None:
    settings = make_settings()
    with TestClient(throwaway_app(settings), base_url="http://localhost") as first:
        review_id = _upload(first)["review_id"]
        _wait(first, review_id)
    # What a server killed after the last checkpoint but before the record was updated
    # leaves: the record still says running.
    from contract_review.storage.opening import open_storage

    with open_storage(settings) as storage:
        record = storage.load("review", review_id)
        assert record is not None
        storage.save("review", review_id, {**record.data, "status": "running"})
    with TestClient(
        throwaway_app(settings, resume_reviews=False), base_url="http://localhost"
    ) as second:
        assert second.get(f"/reviews/{review_id}").json()["data"]["status"] == "running"
        resumed = second.post(f"/reviews/{review_id}/resume")
        assert resumed.status_code == 202
        assert _wait(second, review_id)["status"] == "complete"


def test_a_review_can_be_asked_for_in_the_other_language(client: TestClient) -> None:
    """report_language writes the report in Chinese for an English contract; the
    redlines stay English. Any other value is refused."""
    done = _wait(client, _upload(client, report_language="zh")["review_id"])
    assert done["status"] == "complete", done
    report = client.get(f"/reviews/{done['review_id']}/report.json").json()
    assert report["language"] == "zh"
    found = [f for f in report["findings"] if f["status"] == "found"]
    assert found and all(any("\u4e00" <= c <= "\u9fff" for c in f["description"]) for f in found)
    afters = [f["suggested_change"]["after"] for f in found if f["suggested_change"]]
    assert afters and not any(any("\u4e00" <= c <= "\u9fff" for c in a) for a in afters)

    bad = client.post(
        "/reviews",
        data={"domain": DOMAIN, "report_language": "fr"},
        files={"file": (THROWAWAY_CONTRACT_NAME, CONTRACT, "text/plain")},
    )
    assert bad.status_code in (400, 422), bad.text
    assert "report_language" in bad.text


def test_a_skill_runs_on_an_uploaded_document(client: TestClient) -> None:
    """POST /skills/{id}/run: the skill reads the uploaded contract at the clause asked
    for, as in a review; an unknown skill is 404, bad arguments 400."""
    upload = {"file": (THROWAWAY_CONTRACT_NAME, CONTRACT, "text/plain")}
    ran = client.post(
        "/skills/get_clause_context/run",
        data={"clause_id": "1", "domain": DOMAIN, "arguments": '{"include_neighbors": true}'},
        files=upload,
    )
    assert ran.status_code == 200, ran.text
    result = ran.json()["data"]
    assert result["success"] is True, result
    assert result["data"]["found"] is True and result["data"]["text"]
    assert (
        client.post("/skills/no_such_skill/run", data={"clause_id": "1"}, files=upload).status_code
        == 404
    )
    bad = client.post(
        "/skills/get_clause_context/run",
        data={"clause_id": "1", "domain": DOMAIN, "arguments": "[1]"},
        files=upload,
    )
    assert bad.status_code == 400 and "arguments" in bad.json()["error"]["message"]
    wrong = client.post(
        "/skills/get_clause_context/run",
        data={"clause_id": "1", "domain": DOMAIN, "arguments": '{"max_chars": "many"}'},
        files=upload,
    )
    assert wrong.status_code == 200 and wrong.json()["data"]["success"] is False
    assert "max_chars" in wrong.json()["data"]["error"]
