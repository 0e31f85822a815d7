"""Real commercial contracts (CUAD, from the shared data folder; skipped when absent).

Many CUAD texts were extracted from PDF filings and run several clauses into one long
line; the plain-text parser splits them at the clause numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.documents.loading import parse_file
from contract_review.documents.model import Document

Check = Callable[[Document], None]


@pytest.fixture
def contracts(shared_data: Path) -> list[Path]:
    folder = shared_data / "cuad" / "contracts"
    if not folder.is_dir():
        pytest.skip("the shared data folder has no cuad/contracts/ folder")
    return sorted(folder.glob("*.txt"))


def test_every_contract_parses_to_a_valid_tree(contracts: list[Path], check_tree: Check) -> None:
    with_sections = 0
    for path in contracts:
        document = parse_file(path)
        check_tree(document)
        with_sections += any(True for _ in document.sections())
    # Measured: 95 of 102 (7 are short notices or filings without numbered clauses).
    assert with_sections >= 0.9 * len(contracts), f"{with_sections}/{len(contracts)} have sections"


def test_run_on_clauses_are_split(contracts: list[Path]) -> None:
    path = next((p for p in contracts if p.name.startswith("ADAPTIMMUNE")), None)
    if path is None:
        pytest.skip("the Adaptimmune strategic alliance agreement is not in this CUAD subset")
    document = parse_file(path)
    for clause_id in ("1.8", "1.9", "2.1", "5.2", "15.11"):
        section = document.find(clause_id)
        assert section is not None, clause_id
        assert document.source[section.start : section.end].lstrip().startswith(clause_id)
    governing = document.find("15.11")
    assert governing is not None
    assert governing.title == "Choice of Law"
    assert governing.text.startswith("Any disputes or claims arising under this Agreement")
    parent = document.find("2")
    assert parent is not None and parent.title == "Responsibilities and Compliance"
    assert [c.id for c in parent.children][:3] == ["2.1", "2.2", "2.3"]
