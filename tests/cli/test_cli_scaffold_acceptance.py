"""Acceptance of ``new-domain`` through the real shell: generate a package, install it
with pip, see core load it through its entry point, run its own tests, then break it and
see the failure reported while everything else still loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from contract_review.plugins import BUILTIN_PLUGINS, ENTRYPOINT_GROUP

#: The project's own domain plugins; each one installed in this environment must keep
#: loading next to a broken third-party plugin.
PROJECT_DOMAINS = ("fidic", "sha_spa", "generic")


def _cli_command() -> list[str]:
    script = Path(sys.executable).with_name("contract-review")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "contract_review.cli.main"]


def _env(site: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTRACT_REVIEW_")}
    env.pop("PYTHONPATH", None)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["COLUMNS"] = "200"  # rich tables: keep error messages on one line
    return env


def _run(
    args: list[str], *, cwd: Path, site: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=_env(site), capture_output=True, text=True, check=False
    )


def _pip_install(package: Path, target: Path, *, cwd: Path) -> None:
    completed = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(package),
        ],
        cwd=cwd,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def _plugins_json(site: Path, *, cwd: Path) -> dict[str, Any]:
    completed = _run(
        [sys.executable, "-m", "contract_review.cli.main", "plugins", "--json"], cwd=cwd, site=site
    )
    assert completed.returncode == 0, completed.stderr
    data: dict[str, Any] = json.loads(completed.stdout)
    return data


def _installed_project_domains() -> list[str]:
    installed = {ep.name for ep in entry_points(group=ENTRYPOINT_GROUP)}
    return [name for name in PROJECT_DOMAINS if name in installed]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``contract-review new-domain leases`` run in a shell; the package root."""
    work = tmp_path_factory.mktemp("scaffold")
    completed = _run(
        [*_cli_command(), "new-domain", "leases", "--out", str(work / "pkg")], cwd=work
    )
    assert completed.returncode == 0, completed.stderr
    assert "pip install -e" in completed.stdout
    return work / "pkg"


@pytest.fixture(scope="module")
def installed_site(generated: Path) -> Path:
    """The generated package pip-installed into its own target directory."""
    site = generated.parent / "site"
    _pip_install(generated, site, cwd=generated.parent)
    return site


def test_installed_package_is_loaded_through_its_entry_point(installed_site: Path) -> None:
    data = _plugins_json(installed_site, cwd=installed_site.parent)
    by_name = {p["name"]: p for p in data["plugins"]}
    leases = by_name["leases"]
    assert leases["distribution"] == "contract-review-leases"
    assert leases["version"] == "0.1.0"
    assert leases["domains"] == ["leases"]
    assert leases["skills"] == ["leases_find_clauses"]
    assert not [f for f in data["failures"] if f["name"] == "leases"]


def test_installed_skill_has_a_tool_definition(installed_site: Path) -> None:
    completed = _run(
        [
            sys.executable,
            "-m",
            "contract_review.cli.main",
            "skills",
            "--domain",
            "leases",
            "--tools",
        ],
        cwd=installed_site.parent,
        site=installed_site,
    )
    assert completed.returncode == 0, completed.stderr
    tools = {t["function"]["name"]: t for t in json.loads(completed.stdout)}
    parameters = tools["leases_find_clauses"]["function"]["parameters"]
    assert set(parameters["properties"]) == {"clause_id", "keywords", "top_k"}
    assert "document_structure" not in json.dumps(parameters)


def test_generated_tests_pass(generated: Path, installed_site: Path) -> None:
    completed = _run(
        [sys.executable, "-m", "pytest", str(generated / "tests"), "-p", "no:cacheprovider", "-q"],
        cwd=generated.parent,
        site=installed_site,
    )
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-2000:]
    assert " passed" in completed.stdout
    assert (
        "TestLeasesConformance"
        in _run(
            [
                sys.executable,
                "-m",
                "pytest",
                str(generated / "tests"),
                "-p",
                "no:cacheprovider",
                "--collect-only",
                "-q",
            ],
            cwd=generated.parent,
            site=installed_site,
        ).stdout
    )


def test_broken_package_is_reported_and_the_others_still_load(generated: Path) -> None:
    work = generated.parent
    plugin = generated / "contract_review_leases" / "plugin.py"
    original = plugin.read_text(encoding="utf-8")
    broken_site = work / "broken_site"
    try:
        plugin.write_text('raise RuntimeError("broken on purpose")\n' + original, encoding="utf-8")
        _pip_install(generated, broken_site, cwd=work)
    finally:
        plugin.write_text(original, encoding="utf-8")

    data = _plugins_json(broken_site, cwd=work)
    [failure] = [f for f in data["failures"] if f["name"] == "leases"]
    assert failure["distribution"] == "contract-review-leases"
    assert "RuntimeError" in failure["error"]
    assert "broken on purpose" in failure["error"]

    by_name = {p["name"]: p for p in data["plugins"]}
    assert "leases" not in by_name
    assert set(BUILTIN_PLUGINS) <= set(by_name)
    for domain in _installed_project_domains():
        assert domain in by_name, f"installed plugin {domain!r} did not load"
        assert domain in by_name[domain]["domains"]

    strict = _run(
        [sys.executable, "-m", "contract_review.cli.main", "plugins", "--strict"],
        cwd=work,
        site=broken_site,
    )
    assert strict.returncode == 2
    assert strict.stderr.startswith("Error: ")
    assert "'leases'" in strict.stderr
    assert "broken on purpose" in strict.stderr
    assert "Traceback" not in strict.stderr

    fail_on_errors = _run(
        [*_cli_command(), "plugins", "--fail-on-errors"], cwd=work, site=broken_site
    )
    assert fail_on_errors.returncode == 1
    assert "broken on purpose" in fail_on_errors.stdout
