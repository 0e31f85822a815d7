"""The service's acceptance walk over real HTTP on 127.0.0.1, with the shared laws
(skipped without them): upload the FIDIC example, review it, approve a change, download
the HTML report; ask the probation-period question and get 劳动合同法 第二十一条; unified
search in each mode; a dry run returns a plan and no results."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from contract_review.laws.law_index import build_law_index
from contract_review.laws.law_sources import load_laws
from contract_review.service.app import create_app

#: The walk reviews the FIDIC example with the FIDIC domain plugin.
pytestmark = pytest.mark.requires_domain("fidic")

CONTRACT = Path(__file__).resolve().parents[2] / "examples" / "fidic" / "particular_conditions.txt"
ARTICLE_21 = "中华人民共和国劳动合同法#第二十一条"


@pytest.fixture(scope="module")
def real_law_index(shared_laws: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared laws indexed as ``contract-review law index --bm25-only`` does."""
    target = tmp_path_factory.mktemp("real-laws") / "law-index"
    build_law_index(load_laws(shared_laws), embedder=None, show_progress=False).save(target)
    return target


def test_the_acceptance_walk(make_settings: Any, live_server: Any, real_law_index: Path) -> None:
    app = create_app(make_settings(), law_index=real_law_index)
    with live_server(app) as server, server.client() as http:
        with CONTRACT.open("rb") as contract:
            created = http.post(
                "/reviews",
                data={"domain": "fidic"},
                files={"file": (CONTRACT.name, contract, "text/plain")},
            )
        assert created.status_code == 202
        review_id = created.json()["data"]["review_id"]
        deadline = time.monotonic() + 120
        while (view := http.get(f"/reviews/{review_id}").json()["data"])["status"] in {
            "queued",
            "running",
        }:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert view["status"] == "complete"
        finding = view["decidable"][0]
        assert http.post(f"/reviews/{review_id}/findings/{finding}/approve").status_code == 200
        html = http.get(f"/reviews/{review_id}/report.html")
        assert html.status_code == 200 and "Approval: approved (by api" in html.text

        answer = http.post("/ask", json={"query": "试用期内用人单位可以随意解除劳动合同吗"})
        first = answer.json()["data"]["citations"][0]
        assert (first["id"], first["label"]) == (ARTICLE_21, "劳动合同法 第二十一条")

        nl = http.post(
            "/api/search/unified",
            json={"mode": "nl", "nl_query": {"text": "试用期内用人单位可以随意解除劳动合同吗"}},
        ).json()
        assert ARTICLE_21 in [t["entity_id"] for t in nl["results"]["texts"]]
        exact = http.post(
            "/api/search/unified",
            json={
                "mode": "exact",
                "exact_query": {"concept": "劳动合同法第二十一条", "graph": {"depth": 1}},
            },
        ).json()
        targets = {e["target_id"] for e in exact["results"]["subgraph"]["edges"]}
        assert "中华人民共和国劳动合同法#第三十九条" in targets
        hybrid = http.post(
            "/api/search/unified",
            json={
                "mode": "hybrid",
                "nl_query": {"text": "试用期 解除劳动合同"},
                "exact_query": {"concept": "劳动合同法"},
                "options": {"limit": 5},
            },
        ).json()
        assert hybrid["results"]["entities"][0]["id"].startswith("中华人民共和国劳动合同法#")
        dry = http.post(
            "/api/search/unified",
            json={
                "mode": "nl",
                "nl_query": {"text": "试用期内用人单位可以随意解除劳动合同吗"},
                "options": {"dry_run": True},
            },
        ).json()
        assert dry["meta"]["plan"] and dry.get("results") is None
