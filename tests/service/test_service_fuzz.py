"""Fuzzing the published OpenAPI schema with schemathesis: whatever a client sends,
valid or not, the service never answers 500, always uses the one error body, and answers
as the schema says (its status, content type, body and headers are the documented ones).

The request guards' answers (401 without a key, 400 for another ``Host``, 403 for another
``Origin``, 413 for a body over the limit, 429 with ``Retry-After``) are checked against
the schema too, on every operation, by servers configured to give them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from contract_review.laws.law_index import build_law_index  # noqa: E402
from contract_review.service.app import create_app  # noqa: E402
from contract_review.testing.law_builders import make_law  # noqa: E402

#: What every answer is checked for: it is what the schema documents.
CONFORMANCE = [
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
#: The key the guarded server accepts, and the most it reads of a body.
KEY = "fuzz-key"
LIMIT = 100_000


def _small_law_index(target: Path) -> Path:
    law = make_law(
        "中华人民共和国劳动合同法",
        [
            (
                "第二十一条",
                "在试用期中，除劳动者有本法第三十九条规定的情形外，用人单位不得解除劳动合同。",
            ),
            ("第三十六条", "用人单位与劳动者协商一致，可以解除劳动合同。"),
            ("第三十七条", "劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。"),
            ("第三十九条", "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。"),
        ],
        title="中华人民共和国劳动合同法",
    )
    index = build_law_index([law], embedder=None, show_progress=False)
    index.save(target)
    return target


def _served_schema(root: Path, **overrides: Any) -> Iterator[Any]:
    """The published schema of an app with ``overrides`` to its settings, with the app
    started (store, registry, law index)."""
    from contract_review.config import load_settings

    values: dict[str, Any] = {
        "data_dir": root / "data",
        "cache_dir": root / "cache",
        "llm_provider": "none",
        "offline": True,
        "rate_limit_per_minute": 0,
        "rate_limit_per_hour": 0,
        "allowed_hosts": ["testserver"],  # the Host schemathesis's ASGI client sends
    }
    settings = load_settings(**{**values, **overrides})
    app = create_app(settings, law_index=_small_law_index(root / "law-index"))
    with TestClient(app):
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The schema of a loopback server without keys or rate limits."""
    yield from _served_schema(tmp_path_factory.mktemp("fuzz"))


def _operations(schema: Any) -> list[Any]:
    return [result.ok() for result in schema.get_all_operations()]


def test_every_operation_is_fuzzed_without_a_500(api_schema: Any) -> None:
    operations = _operations(api_schema)
    labels = {op.label for op in operations}
    assert "POST /reviews" in labels and "POST /laws/search" in labels
    problems: list[str] = []
    statuses: list[int] = []
    modes = list(schemathesis.GenerationMode)  # valid requests, then invalid ones
    for operation, mode in [(op, mode) for op in operations for mode in modes]:

        @given(case=operation.as_strategy(mode))
        @settings(
            max_examples=20,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            response = case.call()
            statuses.append(response.status_code)
            if response.status_code >= 500:
                problems.append(f"{case.method} {case.formatted_path}: {response.text[:300]}")
                return
            if response.status_code >= 400:
                body = response.json()
                assert body["success"] is False, body
                assert body["error"]["code"].startswith("E_"), body
                assert body["error"]["message"], body
            case.validate_response(response, checks=CONFORMANCE)

        try:
            check()
        except Unsatisfiable:  # nothing to make invalid (an operation without input)
            assert mode is schemathesis.GenerationMode.NEGATIVE
    assert not problems, "\n".join(problems[:10])
    assert any(200 <= status < 300 for status in statuses), "no valid request was answered"
    assert any(400 <= status < 500 for status in statuses), "no invalid request was refused"


def _validated(case: Any, expected: int, headers: dict[str, str]) -> int:
    """Send ``case`` with ``headers``; the answer is ``expected`` and as documented."""
    response = case.call(headers=headers)
    assert response.status_code == expected, (case.method, case.formatted_path, response.text)
    case.validate_response(response, checks=CONFORMANCE)
    return int(response.status_code)


def _once(operation: Any, send: Any) -> None:
    """``send(operation, case)`` for one valid request of ``operation``."""

    @given(case=operation.as_strategy(schemathesis.GenerationMode.POSITIVE))
    @settings(max_examples=1, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        send(operation, case)

    check()


def _each_operation_once(schema: Any, send: Any) -> None:
    """``send(operation, case)`` for one valid request of each operation."""
    for operation in _operations(schema):
        _once(operation, send)


@pytest.fixture(scope="module")
def guarded_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The schema of a server that requires keys and takes small bodies."""
    yield from _served_schema(
        tmp_path_factory.mktemp("guarded"),
        api_keys=[KEY],
        require_api_key=True,
        max_upload_bytes=LIMIT,
    )


def test_the_guards_answers_are_documented_on_every_operation(guarded_schema: Any) -> None:
    seen: dict[str, set[int]] = {}

    def send(operation: Any, case: Any) -> None:
        statuses = seen.setdefault(operation.label, set())
        keyed = operation.path not in {"/health"}
        if keyed:
            statuses.add(_validated(case, 401, {}))
        statuses.add(_validated(case, 400, {"Host": "elsewhere.example", "X-API-Key": KEY}))
        if operation.method.upper() not in {"GET", "HEAD", "OPTIONS"}:
            origin = {"Origin": "https://elsewhere.example", "X-API-Key": KEY}
            statuses.add(_validated(case, 403, origin))
        if case.media_type is None:  # no body: the length alone is over the limit
            statuses.add(
                _validated(case, 413, {"Content-Length": str(LIMIT + 1), "X-API-Key": KEY})
            )
        else:  # refused before it is read, whatever it holds
            case.body = {"padding": "x" * (LIMIT + 1)}
            statuses.add(_validated(case, 413, {"X-API-Key": KEY}))

    _each_operation_once(guarded_schema, send)
    assert seen["GET /health"] == {400, 413}
    assert seen["POST /reviews"] == {400, 401, 403, 413}
    assert seen["GET /reviews"] == {400, 401, 413}


@pytest.fixture(scope="module")
def limited_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The schema of a server that lets one request a minute through."""
    yield from _served_schema(tmp_path_factory.mktemp("limited"), rate_limit_per_minute=1)


def test_the_rate_limit_answer_is_documented_with_retry_after(limited_schema: Any) -> None:
    answered: list[int] = []

    def send(operation: Any, case: Any) -> None:
        if operation.path != "/health":  # not rate limited
            response = case.call()
            assert response.status_code == 429 or not answered, response.text
            case.validate_response(response, checks=CONFORMANCE)
            assert response.status_code != 429 or int(response.headers["retry-after"][0]) > 0
            answered.append(response.status_code)

    _each_operation_once(limited_schema, send)
    assert answered.count(429) == len(answered) - 1


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    """The schema of a server holding a finished review (of the throwaway domain's
    contract, with findings to decide) and a conversation, and their ids."""
    import time

    from contract_review.config import load_settings
    from contract_review.testing.throwaway_domain import (
        THROWAWAY_CONTRACT,
        THROWAWAY_CONTRACT_NAME,
        THROWAWAY_DOMAIN_ID,
        throwaway_registry,
    )

    root = tmp_path_factory.mktemp("seeded")
    settings = load_settings(
        data_dir=root / "data",
        cache_dir=root / "cache",
        llm_provider="none",
        use_orchestrator=False,
        offline=True,
        rate_limit_per_minute=0,
        rate_limit_per_hour=0,
        allowed_hosts=["testserver"],
    )
    app = create_app(
        settings,
        registry_factory=lambda: throwaway_registry(settings=settings),
        law_index=_small_law_index(root / "law-index"),
    )
    with TestClient(app) as client:
        queued = client.post(
            "/reviews",
            data={"domain": THROWAWAY_DOMAIN_ID},
            files={"file": (THROWAWAY_CONTRACT_NAME, THROWAWAY_CONTRACT.encode(), "text/plain")},
        )
        assert queued.status_code == 202, queued.text
        review_id = queued.json()["data"]["review_id"]
        deadline = time.monotonic() + 180
        while (review := client.get(f"/reviews/{review_id}").json()["data"])["status"] in {
            "queued",
            "running",
        }:
            assert time.monotonic() < deadline, review
            time.sleep(0.1)
        assert review["status"] == "complete", review
        assert len(review["decidable"]) >= 2, review
        conversation = client.post("/conversations", json=None).json()["data"]
        ids = {
            "review_id": review_id,
            "finding_id": review["decidable"][0],
            "other_finding_id": review["decidable"][1],
            "conversation_id": conversation["id"],
            "domain_id": THROWAWAY_DOMAIN_ID,
            "contract": THROWAWAY_CONTRACT,
            "contract_name": THROWAWAY_CONTRACT_NAME,
        }
        yield schemathesis.openapi.from_asgi("/openapi.json", app), ids


def _valid_requests(ids: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    """One valid request of each operation on the seeded review and conversation, in an
    order that deletes last: (operation label, the case's parts)."""
    review = {"review_id": ids["review_id"]}
    conversation = {"conversation_id": ids["conversation_id"]}
    upload = {"file": ids["contract"].encode()}
    reports = [
        ("GET /reviews/{review_id}/report.{fmt}", {"path_parameters": {**review, "fmt": fmt}})
        for fmt in ("json", "md", "html", "docx")
    ]
    return [
        ("GET /health", {}),
        ("GET /info", {}),
        ("GET /domains", {}),
        ("GET /domains/{domain_id}", {"path_parameters": {"domain_id": ids["domain_id"]}}),
        ("GET /skills", {}),
        ("GET /reviews", {}),
        ("GET /reviews/{review_id}", {"path_parameters": review}),
        (
            "POST /reviews/{review_id}/findings/{finding_id}/{decision}",
            {
                "path_parameters": {
                    **review,
                    "finding_id": ids["finding_id"],
                    "decision": "approve",
                }
            },
        ),
        (
            "POST /reviews/{review_id}/decisions",
            {
                "path_parameters": review,
                "body": {
                    "decisions": [{"finding_id": ids["other_finding_id"], "decision": "rejected"}]
                },
                "media_type": "application/json",
            },
        ),
        *reports,
        (
            "POST /ask",
            {
                "body": {
                    "query": "试用期内可以解除劳动合同吗？",
                    "conversation_id": ids["conversation_id"],
                },
                "media_type": "application/json",
            },
        ),
        (
            "POST /evaluate",
            {
                "body": {"target": "review", **review},
                "media_type": "application/json",
            },
        ),
        (
            "POST /laws/search",
            {"body": {"query": "试用期 解除劳动合同"}, "media_type": "application/json"},
        ),
        (
            "POST /laws/get",
            {"body": {"law_id": "劳动合同法"}, "media_type": "application/json"},
        ),
        (
            "POST /laws/context",
            {
                "body": {"law_id": "劳动合同法", "article_id": "第二十一条"},
                "media_type": "application/json",
            },
        ),
        ("GET /laws/schema", {}),
        (
            "POST /api/search/unified",
            {
                "body": {"mode": "nl", "nl_query": {"text": "试用期 解除劳动合同"}},
                "media_type": "application/json",
            },
        ),
        ("GET /api/search/capabilities", {}),
        (
            "POST /skills/{skill_id}/run",
            {
                "path_parameters": {"skill_id": "get_clause_context"},
                "body": {**upload, "clause_id": "1"},
                "media_type": "multipart/form-data",
            },
        ),
        ("GET /conversations", {}),
        ("POST /conversations", {"body": None, "media_type": "application/json"}),
        ("GET /conversations/{conversation_id}", {"path_parameters": conversation}),
        ("DELETE /conversations/{conversation_id}/messages", {"path_parameters": conversation}),
        ("DELETE /conversations/{conversation_id}", {"path_parameters": conversation}),
        ("POST /reviews/{review_id}/cancel", {"path_parameters": review}),
        ("POST /reviews/{review_id}/resume", {"path_parameters": review}),
        (
            "POST /reviews",
            {
                "body": {**upload, "domain": ids["domain_id"]},
                "media_type": "multipart/form-data",
            },
        ),
        ("DELETE /reviews/{review_id}", {"path_parameters": review}),
    ]


def test_every_operation_answers_a_valid_request_as_documented(
    seeded: tuple[Any, dict[str, str]],
) -> None:
    """Beyond the fuzzing (which finds no review under a random id), each operation is
    sent a valid request about a finished review and a conversation that exist: its
    successful answer, with its body, is the documented one."""
    schema, ids = seeded
    operations = {op.label: op for op in _operations(schema)}
    answered: dict[str, int] = {}
    for label, parts in _valid_requests(ids):
        case = operations[label].Case(**parts)
        response = case.call()
        assert response.status_code < 500, (label, response.text[:500])
        case.validate_response(response, checks=CONFORMANCE)
        answered[label] = response.status_code
    assert set(answered) == set(operations), set(operations) - set(answered)
    # cancelling or resuming a finished review changes nothing and says so (its status)
    assert all(200 <= status < 300 for status in answered.values()), answered
