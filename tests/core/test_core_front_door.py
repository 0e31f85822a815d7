"""The README's two commands and .ci/run stay in step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section)


def test_readme_starts_with_two_commands() -> None:
    demo, tests = _readme_commands()
    assert demo.endswith("nox -s demo")
    assert tests.endswith("nox -s tests")


#: What .ci/run may do before the README's test command: prepare the machine only.
CI_PREPARATION = [".ci/install-system-tools"]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci_lines = [
        line
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]
    assert ci_lines == [*CI_PREPARATION, _readme_commands()[1]]
    for step in CI_PREPARATION:  # preparing runs no test and cannot fail the run
        script = (ROOT / step).read_text(encoding="utf-8")
        assert not re.search(r"\b(?:pytest|nox)\b", script)
        assert script.rstrip().endswith("exit 0")


def test_demo_input_exists() -> None:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    for example in re.findall(r"examples/[\w./]+", noxfile):
        assert (ROOT / example).is_file(), example


def test_public_api_lists_every_export() -> None:
    import contract_review

    assert set(contract_review.__all__) == {"hookimpl", *contract_review._EXPORTS}
    for name in contract_review.__all__:
        assert getattr(contract_review, name) is not None
