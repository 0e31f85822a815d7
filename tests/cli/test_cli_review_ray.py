"""``review FOLDER/ --executor ray``: on a real local Ray cluster the documents, sent by
content, give the same reports and portfolio as a review here; a re-run keeps what is
done; a document that cannot be read, or a task that dies, is a failed entry; without
ray, or with an address that does not answer, the command says so in one line."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = ("services_agreement_en.txt", "services_agreement_zh.txt", "epc_contract.txt")
_VARYING = {"review_id", "started_at", "finished_at", "timings", "decided_at", "worker"}
_REVIEW_ID = re.compile(r"rv-\d{8}-\d{6}-[0-9a-f]{6}")
#: Markdown lines that differ between two runs of one review: ids, times, node timings.
_VARYING_LINE = re.compile(
    r"^(\| (Review id|Started|Finished|审查编号|开始时间|完成时间) \||- (Started|Finished):"
    r"|\| [\w\\]+ \| [\d.]+ s \|$)"
)

#: A head node in a process of its own, stopped (with every Ray process it started)
#: when its standard input closes.
_HEAD = """
import sys, ray
context = ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1")
print(context.address_info["gcs_address"], flush=True)
sys.stdin.read()
ray.shutdown()
"""


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """The address of a local two-CPU Ray cluster shared by this module's tests."""
    pytest.importorskip("ray", reason="ray is not installed (pip install 'contract-review[ray]')")
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    head = subprocess.Popen(
        [sys.executable, "-c", _HEAD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert head.stdin is not None and head.stdout is not None
    try:
        address = head.stdout.readline().strip()
        assert address, "the Ray head node did not start"
        yield address
    finally:
        head.stdin.close()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()


def _room(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "room"
    folder.mkdir()
    for name in names:
        shutil.copy(REPO / "examples" / name, folder / name)
    return folder


def _same_run(value: Any) -> Any:
    """``value`` without what differs between two runs of one review (ids, times)."""
    if isinstance(value, dict):
        return {k: _same_run(v) for k, v in value.items() if k not in _VARYING}
    if isinstance(value, list):
        return [_same_run(v) for v in value]
    if isinstance(value, str):
        return _REVIEW_ID.sub("rv-…", value)
    return value


def _markdown(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if not _VARYING_LINE.match(line)]


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, ["review", *args], obj=CliState())


def _review(folder: Path, out: Path, *more: str) -> dict[str, Any]:
    result = _invoke(str(folder), "--domain", "generic", "--out", str(out), *more)
    assert result.exit_code == 0, result.output
    folders = sorted(d for d in out.iterdir() if d.is_dir())
    reports = {
        d.name: _same_run(json.loads((d / "report.json").read_text(encoding="utf-8")))
        for d in folders
    }
    markdown = {d.name: _markdown(d / "report.md") for d in folders}
    files = {d.name: sorted(p.name for p in d.iterdir()) for d in folders}
    portfolio = json.loads((out / "portfolio.json").read_text(encoding="utf-8"))
    return {
        "portfolio": _same_run(portfolio),
        "portfolio_md": _markdown(out / "portfolio.md"),
        "reports": reports,
        "markdown": markdown,
        "files": files,
        "output": result.output,
    }


@pytest.fixture
def settings_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver's settings; the cluster's processes were started without them."""
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")


@pytest.mark.requires_domain("generic")
@pytest.mark.usefixtures("settings_here")
def test_ray_gives_what_a_review_here_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ray_address: str
) -> None:
    folder = _room(tmp_path, *EXAMPLES)
    (folder / "blank.txt").write_text("", encoding="utf-8")
    here = _review(folder, tmp_path / "here", "--workers", "1")

    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "driver-data"))
    on_ray = _review(
        folder,
        tmp_path / "ray",
        "--executor",
        "ray",
        "--ray-address",
        ray_address,
        "--workers",
        "2",
    )
    assert on_ray["portfolio"] == here["portfolio"]
    assert on_ray["portfolio_md"] == here["portfolio_md"]
    assert on_ray["reports"] == here["reports"] and len(here["reports"]) == 3
    assert on_ray["markdown"] == here["markdown"]
    assert on_ray["files"] == here["files"]
    assert "report.html" in here["files"]["epc_contract"]
    blank = next(e for e in on_ray["portfolio"]["entries"] if e["document"] == "blank.txt")
    assert blank["status"] == "failed" and str(folder / "blank.txt") in blank["error"]
    assert "blank.txt: not reviewed:" in on_ray["output"]
    assert sum(e["status"] == "complete" for e in on_ray["portfolio"]["entries"]) == 3
    # the tasks reviewed with a store of their own, not the driver's
    listed = _invoke("--list")
    assert listed.exit_code == 0 and listed.output.strip() == "", listed.output


@pytest.mark.requires_domain("generic")
@pytest.mark.usefixtures("settings_here")
def test_a_ray_re_run_keeps_what_is_done_and_the_settings_reach_the_tasks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ray_address: str
) -> None:
    folder = _room(tmp_path, *EXAMPLES)
    out = tmp_path / "out"
    ray = ("--executor", "ray", "--ray-address", ray_address)
    first = _review(folder, out, *ray)
    assert "kept" not in first["output"]

    again = _review(folder, out, *ray)
    assert again["output"].count("unchanged since its complete review; kept") == 3
    assert "Ray cluster" not in again["output"]  # nothing to send
    assert again["portfolio"] == first["portfolio"] and again["reports"] == first["reports"]

    # a changed file is reviewed again, under the driver's settings: a limit the
    # cluster's processes never saw fails it
    with (folder / "services_agreement_en.txt").open("a", encoding="utf-8") as handle:
        handle.write("\n")
    monkeypatch.setenv("CONTRACT_REVIEW_MAX_DOCUMENT_CHARS", "8000")
    third = _review(folder, out, *ray)
    assert third["output"].count("; kept") == 2
    entries = {e["document"]: e for e in third["portfolio"]["entries"]}
    assert entries["services_agreement_en.txt"]["status"] == "failed"
    assert "at most 8,000" in entries["services_agreement_en.txt"]["error"]
    assert entries["epc_contract.txt"]["status"] == "complete"


@pytest.mark.requires_domain("generic")
@pytest.mark.usefixtures("settings_here")
def test_a_task_that_dies_is_a_failed_entry_and_the_others_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed")
    from contract_review.cli import review_ray
    from contract_review.config import load_settings
    from contract_review.review.report_models import PortfolioEntry

    folder = _room(tmp_path, "epc_contract.txt", "services_agreement_en.txt")

    class _Ref:
        def __init__(self, document: review_ray.RayDocument) -> None:
            self.document = document

    class _Cluster:
        """Runs each task here; the one of epc_contract.txt dies as a worker does."""

        def is_initialized(self) -> bool:
            return True

        def cluster_resources(self) -> dict[str, float]:
            return {"CPU": 2.0}

        def remote(self, **options: Any) -> Any:
            assert options == {"max_retries": 0}
            return lambda function: type("Task", (), {"remote": staticmethod(_Ref)})

        def wait(self, refs: list[_Ref], num_returns: int) -> tuple[list[_Ref], list[_Ref]]:
            return refs[:num_returns], refs[num_returns:]

        def get(self, ref: _Ref) -> review_ray.RayReview:
            if ref.document.name == "epc_contract.txt":
                raise ray.exceptions.WorkerCrashedError()
            return review_ray.review_shipped(ref.document)

    monkeypatch.setattr(review_ray, "require_ray", _Cluster)
    from contract_review.cli.review_portfolio import _Job

    jobs = [
        _Job(
            path=str(folder / name),
            report_dir=Path(name).stem,
            domain_id="generic",
            party="",
            report_language="",
            formats=(),
            out_dir=str(tmp_path / "out"),
        )
        for name in ("epc_contract.txt", "services_agreement_en.txt")
    ]
    finished = dict(review_ray.review_on_ray(jobs, settings=load_settings()))
    died, lived = (finished[job] for job in jobs)
    assert isinstance(died, PortfolioEntry) and died.status == "failed"
    assert "its Ray task stopped (WorkerCrashedError" in died.error
    assert lived.status == "complete"
    assert (tmp_path / "out" / "services_agreement_en" / "report.json").is_file()
    assert not (tmp_path / "out" / "epc_contract").exists()


def test_a_task_returning_a_file_outside_its_folder_is_failed(tmp_path: Path) -> None:
    from contract_review.cli.review_ray import _write_files

    for name in ("../escape.md", "/etc/escape.md", "a/../../escape.md", "a\\..\\escape.md"):
        problem = _write_files(tmp_path / "doc", [("report.md", b"x"), (name, b"x")])
        assert problem is not None and "outside its folder" in problem
    assert not (tmp_path / "doc").exists()
    assert _write_files(tmp_path / "doc", [("report.md", b"x")]) is None
    assert (tmp_path / "doc" / "report.md").read_bytes() == b"x"


def test_without_ray_the_command_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if not installed
    folder = _room(tmp_path, "epc_contract.txt")
    result = _invoke(
        str(folder), "--domain", "generic", "--out", str(tmp_path / "out"), "--executor", "ray"
    )
    assert result.exit_code == 2
    assert "pip install 'contract-review[ray]'" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert "Traceback" not in result.output


def test_an_address_that_does_not_answer_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ray", reason="ray is not installed")
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    folder = _room(tmp_path, "epc_contract.txt")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"127.0.0.1:{probe.getsockname()[1]}"
    for address, said in ((closed, f"cannot connect to {closed}"), ("nowhere", "HOST:PORT")):
        result = _invoke(
            str(folder),
            "--domain",
            "generic",
            "--out",
            str(tmp_path / "out"),
            "--executor",
            "ray",
            "--ray-address",
            address,
        )
        assert result.exit_code == 2, result.output
        assert result.output.strip().startswith("Error: --ray-address: "), result.output
        assert said in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_ray_address_goes_with_the_ray_executor(tmp_path: Path) -> None:
    folder = tmp_path / "room"
    folder.mkdir()
    result = _invoke(
        str(folder), "--domain", "generic", "--out", str(tmp_path / "o"), "--ray-address", "x:1"
    )
    assert result.exit_code == 2 and "--ray-address goes with --executor ray" in result.output
