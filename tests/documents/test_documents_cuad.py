"""Real commercial contracts (CUAD, from the shared data folder; skipped when absent).

Many CUAD texts were extracted from PDF filings and run several clauses into one long
line; the plain-text parser splits them at the clause numbers. The few with no numbering
the parser recognises are read paragraph by paragraph (``¶1``, ``¶2``...), so every
contract has sections.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.documents.contract_language import has_contract_language
from contract_review.documents.loading import parse_file
from contract_review.documents.model import Document, Sectioning, SectionKind

Check = Callable[[Document], None]


@pytest.fixture
def contracts(shared_data: Path) -> list[Path]:
    folder = shared_data / "cuad" / "contracts"
    if not folder.is_dir():
        pytest.skip("the shared data folder has no cuad/contracts/ folder")
    return sorted(folder.glob("*.txt"))


def test_every_contract_parses_to_a_valid_tree(contracts: list[Path], check_tree: Check) -> None:
    for path in contracts:
        check_tree(parse_file(path))


def test_every_contract_has_sections_and_unnumbered_ones_have_paragraphs(
    contracts: list[Path],
) -> None:
    by_paragraph: list[str] = []
    for path in contracts:
        document = parse_file(path)
        ids = [s.id for s in document.sections()]
        assert ids, f"{path.name} has no section"
        if document.sectioning is Sectioning.PARAGRAPHS:
            by_paragraph.append(path.name)
            assert ids == [f"¶{i}" for i in range(1, len(ids) + 1)], path.name
            assert all(s.kind is SectionKind.PARAGRAPH for s in document.sections())
            assert has_contract_language(document.source), path.name  # reviewed, not refused
        else:  # a long unnumbered opening before the headings is read by paragraph
            opening = [i for i in ids if i.startswith("¶")]
            assert ids[: len(opening)] == opening, path.name
            assert opening == [f"¶{i}" for i in range(1, len(opening) + 1)], path.name
    # Measured: 7 of the 102 (joint filing, joint venture, promotion, development and
    # franchise-addendum texts) have no numbering the parser recognises.
    print(f"read by paragraph: {len(by_paragraph)} of {len(contracts)}: {by_paragraph}")
    assert 1 <= len(by_paragraph) <= 0.1 * len(contracts)


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
