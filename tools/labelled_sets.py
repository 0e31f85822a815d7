"""Our labelled contract sets, read for the training tools.

Each manifest ``tests/review/fixtures/<set>_expected.json`` lists, per contract, the
clauses that hold a one-sided term (with its category) and balanced clauses on the same
subjects. :func:`labelled_sections` yields every section of every contract of the given
sets with those labels.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from contract_review.documents import parse_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "review" / "fixtures"
#: Every labelled set, oldest first. A set held back to measure generalisation stays
#: out of a model's training until it has been measured.
ALL_SETS = (
    "examples",
    "unseen",
    "heldout",
    "fresh",
    "blind",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)


@dataclass(frozen=True)
class LabelledSection:
    """One section's own text (heading and sub-sections apart) and its labels."""

    set_name: str
    path: str
    domain: str
    clause_id: str
    text: str
    terms: frozenset[str]
    balanced: frozenset[str]


def manifest(name: str) -> dict[str, dict[str, object]]:
    """The manifest of set ``name``: contract path → domain, terms and balanced clauses."""
    data: dict[str, dict[str, object]] = json.loads(
        (FIXTURES / f"{name}_expected.json").read_text("utf-8")
    )
    return data


def labelled_sections(sets: Sequence[str]) -> Iterator[LabelledSection]:
    """Every section with text of every contract in ``sets``, with its labels."""
    for name in sets:
        for path, expected in manifest(name).items():
            terms: dict[str, set[str]] = {}
            balanced: dict[str, set[str]] = {}
            for entry, into in (
                (expected["terms"], terms),
                (expected.get("balanced", []), balanced),
            ):
                for label in entry:  # type: ignore[attr-defined]
                    into.setdefault(label["clause_id"], set()).add(label["category"])
            document = parse_file(ROOT / path)
            for section in document.sections():
                text = document.source[section.text_start : section.text_end]
                if not text.strip():
                    continue
                yield LabelledSection(
                    set_name=name,
                    path=path,
                    domain=str(expected["domain"]),
                    clause_id=section.id,
                    text=text,
                    terms=frozenset(terms.get(section.id, ())),
                    balanced=frozenset(balanced.get(section.id, ())),
                )
