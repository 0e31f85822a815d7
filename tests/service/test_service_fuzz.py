"""Fuzzing the published OpenAPI schema with schemathesis: whatever a client sends,
valid or not, the service never answers 500 and always uses the one error body."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402

from contract_review.laws.law_index import build_law_index  # noqa: E402
from contract_review.service.app import create_app  # noqa: E402
from contract_review.testing.law_builders import make_law  # noqa: E402


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


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app's published schema, with the app started (store, registry, law index)."""
    from contract_review.config import load_settings

    root = tmp_path_factory.mktemp("fuzz")
    settings = load_settings(
        data_dir=root / "data",
        cache_dir=root / "cache",
        llm_provider="none",
        offline=True,
        rate_limit_per_minute=0,
        rate_limit_per_hour=0,
        allowed_hosts=["testserver"],  # the Host schemathesis's ASGI client sends
    )
    app = create_app(settings, law_index=_small_law_index(root / "law-index"))
    with TestClient(app):
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


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

        try:
            check()
        except Unsatisfiable:  # nothing to make invalid (an operation without input)
            assert mode is schemathesis.GenerationMode.NEGATIVE
    assert not problems, "\n".join(problems[:10])
    assert any(200 <= status < 300 for status in statuses), "no valid request was answered"
    assert any(400 <= status < 500 for status in statuses), "no invalid request was refused"
