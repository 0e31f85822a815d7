"""``contract-review new-domain``: what it writes and how it refuses bad input.

The real-shell acceptance test (install the package, load it through its entry point,
run its tests) is in ``test_cli_scaffold_acceptance.py``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from contract_review.errors import InputError
from contract_review.scaffold import (
    plan_domain_package,
    render_domain_package,
    validate_domain_name,
    write_domain_package,
)

EXPECTED_FILES = {
    "pyproject.toml",
    "README.md",
    "contract_review_leases/__init__.py",
    "contract_review_leases/py.typed",
    "contract_review_leases/plugin.py",
    "contract_review_leases/checklist.yaml",
    "tests/test_leases_plugin.py",
}


def _files_under(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_writes_the_package(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    result = run_cli(["new-domain", "leases", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert _files_under(out) == EXPECTED_FILES
    assert "contract-review-leases" in result.stdout
    assert f"pip install -e {out}" in result.stdout
    assert "contract-review plugins" in result.stdout
    for path in out.rglob("*"):
        if path.is_file():
            assert str(tmp_path) not in path.read_text(encoding="utf-8"), path


def test_pyproject_declares_the_distribution_and_entry_point(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    run_cli(["new-domain", "real_estate", "--out", str(out)])
    project = tomllib.loads((out / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["build-system"]["build-backend"] == "hatchling.build"
    assert project["project"]["name"] == "contract-review-real-estate"
    [requirement] = project["project"]["dependencies"]
    assert re.fullmatch(r"contract-review(>=\d+\.\d+)?", requirement)
    assert project["project"]["entry-points"]["contract_review.domains"] == {
        "real_estate": "contract_review_real_estate.plugin"
    }
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "contract_review_real_estate"
    ]
    assert (out / "tests" / "test_real_estate_plugin.py").is_file()


def test_generated_python_compiles_and_names_the_domain(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    run_cli(["new-domain", "leases", "--out", str(out)])
    for path in out.rglob("*.py"):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    plugin = (out / "contract_review_leases" / "plugin.py").read_text(encoding="utf-8")
    assert 'DOMAIN_ID = "leases"' in plugin
    assert 'FIND_CLAUSES = "leases_find_clauses"' in plugin
    assert "document_structure: Document" in plugin
    assert "find_by_keywords" in plugin
    tests = (out / "tests" / "test_leases_plugin.py").read_text(encoding="utf-8")
    assert "class TestLeasesConformance(DomainConformance):" in tests
    assert 'domain_ids = ("leases",)' in tests


def test_every_placeholder_is_filled() -> None:
    files = render_domain_package(plan_domain_package("leases"))
    for path, content in files.items():
        assert not re.search(r"\$\{?[A-Za-z_]", content), f"unfilled placeholder in {path}"


@pytest.mark.parametrize(
    "name", ["Leases", "1leases", "lea-ses", "leases!", "_leases", "", "lé", "leases\n"]
)
def test_invalid_name_exits_2(run_cli: Any, tmp_path: Path, name: str) -> None:
    out = tmp_path / "pkg"
    result = run_cli(["new-domain", name, "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: invalid domain name")
    assert "lower-case letters" in result.stderr
    assert not out.exists()


def test_non_empty_out_dir_exits_2_without_force(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    result = run_cli(["new-domain", "leases", "--out", str(out)])
    assert result.exit_code == 2
    assert "is not empty" in result.stderr
    assert "--force" in result.stderr
    assert _files_under(out) == {"notes.txt"}


def test_force_writes_into_a_non_empty_dir_and_keeps_other_files(
    run_cli: Any, tmp_path: Path
) -> None:
    out = tmp_path / "pkg"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "README.md").write_text("old", encoding="utf-8")
    result = run_cli(["new-domain", "leases", "--out", str(out), "--force"])
    assert result.exit_code == 0, result.output
    assert _files_under(out) == EXPECTED_FILES | {"notes.txt"}
    assert (out / "README.md").read_text(encoding="utf-8") != "old"


def test_empty_existing_dir_is_fine(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    out.mkdir()
    assert run_cli(["new-domain", "leases", "--out", str(out)]).exit_code == 0


def test_out_is_a_file_exits_2(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    out.write_text("x", encoding="utf-8")
    result = run_cli(["new-domain", "leases", "--out", str(out)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_out_is_required(run_cli: Any) -> None:
    result = run_cli(["new-domain", "leases"])
    assert result.exit_code == 2
    assert "--out" in result.stderr


def test_names_derived_from_the_domain_id() -> None:
    package = plan_domain_package("real_estate")
    assert package.distribution == "contract-review-real-estate"
    assert package.package == "contract_review_real_estate"
    assert package.skill_id == "real_estate_find_clauses"
    assert package.class_name == "RealEstate"
    assert package.title == "Real estate"


def test_validate_domain_name() -> None:
    assert validate_domain_name("leases2") == "leases2"
    with pytest.raises(InputError, match="invalid domain name"):
        validate_domain_name("Leases")


def test_write_domain_package_reports_written_files(tmp_path: Path) -> None:
    result = write_domain_package("leases", tmp_path / "pkg")
    assert {p.as_posix() for p in result.files} == EXPECTED_FILES
    assert result.root == tmp_path / "pkg"


def test_generated_package_is_ruff_clean(tmp_path: Path) -> None:
    pytest.importorskip("ruff")
    out = tmp_path / "pkg"
    write_domain_package("leases", out)
    for args in (["check", "--no-cache", "."], ["format", "--check", "--no-cache", "."]):
        completed = subprocess.run(
            [sys.executable, "-m", "ruff", *args],
            cwd=out,
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 0, completed.stdout + completed.stderr


def test_generated_package_is_mypy_strict_clean(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    out = tmp_path / "pkg"
    write_domain_package("leases", out)
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--cache-dir",
            str(tmp_path / "mypy_cache"),
            "contract_review_leases",
            "tests",
        ],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
