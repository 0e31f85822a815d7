"""``contract-review parse``: outline, summary, --json, options and input errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CONTRACT = """\
SUPPLY AGREEMENT

1. Definitions
"Goods" means the equipment listed in Schedule 1.
"Price" means the amount stated in Clause 3.

2. Delivery
2.1 Time for Delivery
The Supplier shall deliver the Goods within 60 days.
2.2 Place of Delivery
Delivery takes place at the Buyer's site.

3. Price and Payment
The Buyer shall pay the Price within 30 days of invoice.
"""

CONTRACT_ZH = """\
设备采购合同

第一条 合同标的
卖方向买方出售设备。

第二条 交付
卖方应于合同签订后六十日内交付设备。

第三条 争议解决
因本合同产生的争议，提交仲裁。
"""

JSON_KEYS = {"id", "title", "text", "start", "end", "children"}


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    nodes = [node]
    for child in node["children"]:
        nodes.extend(_walk(child))
    return nodes


def test_outline_and_summary(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "supply.txt", CONTRACT)
    result = run_cli(["parse", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for text in ("2.1  Time for Delivery", "2.2  Place of Delivery", "3  Price and Payment"):
        assert text in result.stdout
    summary = result.stdout.strip().splitlines()[-1]
    assert summary.startswith("supply.txt (primary): ")
    assert "language en" in summary
    assert "2 definitions" in summary
    assert "articles/clauses" in summary


def test_json_is_the_root_section(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "supply.txt", CONTRACT)
    result = run_cli(["parse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    root = json.loads(result.stdout)
    nodes = _walk(root)
    assert all(set(node) == JSON_KEYS for node in nodes)
    ids = [node["id"] for node in nodes]
    assert [i for i in ids if i] == ["1", "2", "2.1", "2.2", "3"]
    delivery = next(node for node in nodes if node["id"] == "2.1")
    assert CONTRACT[delivery["start"] : delivery["end"]].startswith("2.1 Time for Delivery")


def test_chinese_contract(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "purchase.txt", CONTRACT_ZH)
    result = run_cli(["parse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    ids = [node["id"] for node in _walk(json.loads(result.stdout)) if node["id"]]
    assert ids == ["第一条", "第二条", "第三条"]
    summary = run_cli(["parse", str(path)], env={"COLUMNS": "200"}).stdout.splitlines()[-1]
    assert "language zh" in summary


def test_role_and_language_options(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "supply.txt", CONTRACT)
    result = run_cli(
        ["parse", str(path), "--role", "reference", "--language", "en"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("supply.txt (reference): ")


def test_domain_option_uses_a_known_domain(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "supply.txt", CONTRACT)
    assert run_cli(["parse", str(path), "--domain", "leasing", "--json"]).exit_code == 0
    result = run_cli(["parse", str(path), "--domain", "nope"])
    assert result.exit_code == 2
    assert "unknown domain 'nope'" in result.stderr


def test_invalid_language_is_a_usage_error(run_cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, "supply.txt", CONTRACT)
    result = run_cli(["parse", str(path), "--language", "fr"])
    assert result.exit_code == 2
    assert "'fr' is not one of" in result.stderr


def test_missing_file_exits_2_with_not_found(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli(["parse", str(tmp_path / "missing.txt")])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ")
    assert "not found" in result.stderr
    assert "missing.txt" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("name", "content"),
    [("empty.txt", b""), ("blank.txt", b"  \n\n "), ("image.bin", bytes(range(256)) * 4)],
)
def test_unparseable_file_exits_2(run_cli: Any, tmp_path: Path, name: str, content: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = run_cli(["parse", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ")
    assert name in result.stderr
    assert result.stderr.count("\n") == 1


def test_directory_exits_2(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli(["parse", str(tmp_path)])
    assert result.exit_code == 2
    assert "directory" in result.stderr


def test_missing_file_in_a_real_process(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "contract_review.cli.main", "parse", "missing.txt"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 2
    assert completed.stderr == "Error: file not found: missing.txt\n"
