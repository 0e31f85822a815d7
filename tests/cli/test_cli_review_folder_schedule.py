"""How a folder review schedules its work: worker processes take the largest documents
first while the portfolio keeps name order, and each document's review saves few
checkpoints (a stopped folder review starts a document over)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.cli.review_portfolio import _Job, _largest_first

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = ("services_agreement_en.txt", "services_agreement_zh.txt", "epc_contract.txt")


def _job(path: Path) -> _Job:
    return _Job(
        path=str(path),
        report_dir=path.stem,
        domain_id="generic",
        party="",
        report_language="",
        formats=(),
        out_dir="out",
    )


def test_the_largest_documents_are_scheduled_first(tmp_path: Path) -> None:
    sizes = {"a.txt": 10, "b.txt": 300, "c.txt": 10, "d.txt": 20}
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size, encoding="utf-8")
    jobs = [_job(tmp_path / name) for name in [*sorted(sizes), "gone.txt"]]
    ordered = [Path(job.path).name for job in _largest_first(jobs)]
    # equal sizes keep name order; a file that cannot be read goes last
    assert ordered == ["b.txt", "d.txt", "a.txt", "c.txt", "gone.txt"]


@pytest.mark.requires_domain("generic")
def test_a_folder_review_keeps_name_order_and_saves_few_checkpoints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    folder = tmp_path / "room"
    folder.mkdir()
    for name in EXAMPLES:
        shutil.copy(REPO / "examples" / name, folder / name)
    for workers, out in ((2, tmp_path / "two"), (1, tmp_path / "one")):
        result = CliRunner().invoke(
            cli,
            [
                *("review", str(folder), "--domain", "generic", "--out", str(out)),
                *("--workers", str(workers), "--format", "json"),
            ],
            obj=CliState(),
        )
        assert result.exit_code == 0, result.output
        portfolio = json.loads((out / "portfolio.json").read_text(encoding="utf-8"))
        assert [e["document"] for e in portfolio["entries"]] == sorted(EXAMPLES)
    store = tmp_path / "data" / "reviews.sqlite3"
    with sqlite3.connect(store) as conn:
        counts = [n for (n,) in conn.execute("SELECT COUNT(*) FROM checkpoints GROUP BY review_id")]
    assert len(counts) == 2 * len(EXAMPLES)
    # one review of a contract on its own saves a checkpoint after every node
    single = CliRunner().invoke(
        cli,
        [
            *("review", str(folder / EXAMPLES[0]), "--domain", "generic"),
            *("--out", str(tmp_path / "single"), "--format", "json"),
        ],
        obj=CliState(),
    )
    assert single.exit_code == 0, single.output
    with sqlite3.connect(store) as conn:
        rows = conn.execute("SELECT COUNT(*) FROM checkpoints GROUP BY review_id").fetchall()
    every_node = max(n for (n,) in rows)
    assert every_node > max(counts) >= 2, (every_node, counts)
