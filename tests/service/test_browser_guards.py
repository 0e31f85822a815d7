"""A web page cannot drive the keyless loopback server: a request for another Host (DNS
rebinding) gets 400, a state-changing request from another Origin gets 403 and stores
nothing; the server's own names and origins, and configured ones, are served. Real HTTP
on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from contract_review.service.app import create_app

REPO = Path(__file__).resolve().parents[2]
CONTRACT = REPO / "examples" / "epc_contract.txt"


def test_a_request_for_another_host_is_refused(make_settings: Any, live_server: Any) -> None:
    with live_server(create_app(make_settings())) as server, server.client() as http:
        refused = http.get("/health", headers={"Host": "attacker.example"})
        assert refused.status_code == 400
        assert "attacker.example" in refused.json()["error"]["message"]
        assert http.get("/health", headers={"Host": f"localhost:{server.port}"}).status_code == 200
        assert http.get("/health", headers={"Host": f"[::1]:{server.port}"}).status_code == 200
        assert http.get("/health").status_code == 200  # 127.0.0.1:port


def test_a_configured_host_is_served(make_settings: Any, live_server: Any) -> None:
    app = create_app(make_settings(allowed_hosts="contracts.internal"))
    with live_server(app) as server, server.client() as http:
        assert http.get("/health", headers={"Host": "contracts.internal"}).status_code == 200


def test_a_foreign_origin_cannot_upload_or_approve(make_settings: Any, live_server: Any) -> None:
    with live_server(create_app(make_settings())) as server, server.client() as http:
        with CONTRACT.open("rb") as contract:
            upload = http.post(
                "/reviews",
                data={"domain": "fidic"},
                files={"file": (CONTRACT.name, contract, "text/plain")},
                headers={"Origin": "https://evil.example"},
            )
        assert upload.status_code == 403
        assert upload.json()["error"]["code"] == "E_FORBIDDEN"
        approve = http.post(
            "/reviews/rv-20260101-000000-abcdef/findings/f-1/approve",
            headers={"Origin": "https://evil.example"},
        )
        assert approve.status_code == 403
        assert http.get("/reviews").json()["data"] == []  # nothing was stored
        # a read from a foreign page is no change; the server's own origin may change state
        assert http.get("/reviews", headers={"Origin": "https://evil.example"}).status_code == 200
        own = http.delete(
            "/reviews/rv-20260101-000000-abcdef",
            headers={"Origin": f"http://127.0.0.1:{server.port}"},
        )
        assert own.status_code == 404
        # another program on this machine (another port) is another origin
        other_port = http.delete(
            "/reviews/rv-20260101-000000-abcdef",
            headers={"Origin": f"http://localhost:{server.port + 1}"},
        )
        assert other_port.status_code == 403


def test_a_configured_origin_may_change_state(make_settings: Any, live_server: Any) -> None:
    app = create_app(make_settings(allowed_origins="https://portal.example"))
    with live_server(app) as server, server.client() as http:
        deleted = http.delete(
            "/reviews/rv-20260101-000000-abcdef", headers={"Origin": "https://portal.example"}
        )
        assert deleted.status_code == 404
