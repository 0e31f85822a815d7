"""The bundled examples reviewed as the README does (offline, ``--llm none``), for the
report tests that look at real reports: :func:`review_example` runs the CLI once per
example and test session and returns its ``report.json``. Tests using it are marked
``requires_domain`` with :data:`EXAMPLE_DOMAINS`."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.review.report_models import ReviewReport

REPO_ROOT = Path(__file__).resolve().parents[2]

#: Example name -> the ``review`` arguments the README gives it.
EXAMPLES: dict[str, list[str]] = {
    "fidic": [
        "examples/fidic/particular_conditions.txt", "--domain", "fidic",
        "--reference", "examples/fidic/general_conditions.txt", "--role", "baseline",
        "--reference", "examples/fidic/employers_requirements.txt", "--role", "er",
    ],
    "zh": ["examples/services_agreement_zh.txt", "--domain", "generic"],
    "zh-equipment": ["examples/equipment_purchase_zh.txt", "--domain", "generic"],
    "en-services": ["examples/services_agreement_en.txt", "--domain", "generic"],
    "spa": [
        "examples/spa/share_purchase_agreement.txt", "--domain", "sha_spa",
        "--reference", "examples/spa/disclosure_letter.txt", "--role", "disclosure_letter",
    ],
}  # fmt: skip
#: Example name -> the shipped domain it needs.
EXAMPLE_DOMAINS = {
    "fidic": "fidic",
    "zh": "generic",
    "zh-equipment": "generic",
    "en-services": "generic",
    "spa": "sha_spa",
}


@cache
def review_example(name: str) -> ReviewReport:
    """The report of reviewing example ``name`` (a key of :data:`EXAMPLES`)."""
    folder = Path(tempfile.mkdtemp(prefix=f"report-{name}-"))
    out = folder / "out"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CONTRACT_REVIEW_DATA_DIR", str(folder / "data"))
        patch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
        patch.delenv("CONTRACT_REVIEW_USE_ORCHESTRATOR", raising=False)
        patch.chdir(REPO_ROOT)
        args = ["review", *EXAMPLES[name], "--llm", "none", "--out", str(out)]
        result = CliRunner().invoke(cli, args, obj=CliState())
    assert result.exit_code == 0, result.output
    return ReviewReport.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
