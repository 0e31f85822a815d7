"""Reading the CUAD labels: which passages of each contract hold each category (for
the CUAD benchmark and the fitting of the generic locator's parameters).

CUAD (The Atticus Project, CUAD v1, CC BY 4.0) ships contracts as text files and a
``labels.csv`` whose category columns hold the labelled excerpts as Python-literal
lists of strings. An excerpt may join non-adjacent passages with ``<omitted>``; each
part is a labelled span of its own. Spans are found in the contract text with
whitespace normalised (the text came out of PDFs with irregular spacing). A cell that
does not parse as a list counts as unlabelled.

The generic checklist's items carry the CUAD category as their ``clause_name_en``;
:func:`cuad_topics` maps the two.
"""

from __future__ import annotations

import ast
import csv
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from contract_review.errors import InputError
from contract_review_generic.checklist import CHECKLIST

__all__ = [
    "CUAD_TOPICS",
    "CuadContract",
    "LabelledSpan",
    "cuad_topics",
    "load_cuad",
]

#: The checklist topics CUAD labels, by topic id (their ``clause_name_en`` is the column).
CUAD_TOPICS: tuple[str, ...] = (
    "cap_on_liability",
    "uncapped_liability",
    "termination_for_convenience",
    "change_of_control",
    "anti_assignment",
    "non_compete",
    "exclusivity",
    "governing_law",
    "ip_ownership_assignment",
    "insurance",
    "audit_rights",
    "liquidated_damages",
    "warranty_duration",
    "renewal_term",
    "notice_period_to_terminate_renewal",
    "minimum_commitment",
)

_OMITTED = "<omitted>"


class LabelledSpan(BaseModel):
    """One labelled passage of a contract (offsets into its text)."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0)
    end: int = Field(ge=0)


class CuadContract(BaseModel):
    """A CUAD contract: its text and, by topic id, the labelled spans."""

    name: str
    text: str
    labels: dict[str, list[LabelledSpan]] = Field(
        default_factory=dict, description="Topic id → labelled spans; absent = unlabelled."
    )
    unmatched_excerpts: int = Field(
        default=0, description="Labelled excerpt parts that could not be found in the text."
    )


def cuad_topics() -> dict[str, str]:
    """Topic id → CUAD column name, for the topics CUAD labels."""
    names = {item.clause_id: item.clause_name_en for item in CHECKLIST}
    return {topic: names[topic] for topic in CUAD_TOPICS}


def load_cuad(data_dir: Path) -> list[CuadContract]:
    """The contracts of a CUAD folder (``contracts/*.txt`` and ``labels.csv``), in
    ``labels.csv`` order.

    :raises InputError: when ``labels.csv`` or the contracts folder is missing, a
        category column is missing, or a labelled contract's text file is absent.
    """
    labels_csv = data_dir / "labels.csv"
    contracts_dir = data_dir / "contracts"
    if not labels_csv.is_file() or not contracts_dir.is_dir():
        raise InputError(
            f"CUAD data folder {data_dir} must hold labels.csv and a contracts/ folder"
        )
    topics = cuad_topics()
    with labels_csv.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    missing = [
        column for column in ("Filename", *topics.values()) if rows and column not in rows[0]
    ]
    if missing or not rows:
        raise InputError(f"{labels_csv}: missing column(s) {', '.join(missing) or 'all'}")
    contracts: list[CuadContract] = []
    for row in rows:
        path = contracts_dir / f"{Path(row['Filename']).stem}.txt"
        if not path.is_file():
            raise InputError(
                f"{labels_csv}: contract file {path.name} not found in {contracts_dir}"
            )
        text = path.read_text(encoding="utf-8", errors="replace")
        normalised, offsets = _normalised(text)
        labels: dict[str, list[LabelledSpan]] = {}
        unmatched = 0
        for topic, column in topics.items():
            spans: list[LabelledSpan] = []
            for part in _excerpt_parts(row.get(column) or ""):
                span = _find_excerpt(normalised, offsets, part)
                if span is None:
                    unmatched += 1
                else:
                    spans.append(span)
            if spans:
                labels[topic] = spans
        contracts.append(
            CuadContract(name=path.name, text=text, labels=labels, unmatched_excerpts=unmatched)
        )
    return contracts


def _excerpt_parts(cell: str) -> Iterator[str]:
    """The labelled excerpt parts of a cell, whitespace-normalised; nothing when the
    cell is not a list of strings."""
    try:
        value = ast.literal_eval(cell) if cell.strip() else []
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return
    if not isinstance(value, list):
        return
    for excerpt in value:
        if not isinstance(excerpt, str):
            continue
        for part in excerpt.split(_OMITTED):
            words = " ".join(part.split())
            if words:
                yield words


def _normalised(text: str) -> tuple[str, list[int]]:
    """``text`` with each run of whitespace made one space (leading whitespace
    dropped), and for each character of the result its offset in ``text``."""
    chars: list[str] = []
    offsets: list[int] = []
    in_space = True
    for index, char in enumerate(text):
        if char.isspace():
            if not in_space:
                chars.append(" ")
                offsets.append(index)
            in_space = True
        else:
            chars.append(char)
            offsets.append(index)
            in_space = False
    return "".join(chars), offsets


def _find_excerpt(normalised: str, offsets: list[int], excerpt: str) -> LabelledSpan | None:
    """Where whitespace-normalised ``excerpt`` sits in the text ``normalised`` came
    from (see :func:`_normalised`), or None."""
    at = normalised.find(excerpt)
    if at < 0:
        at = normalised.lower().find(excerpt.lower())
    if at < 0:
        return None
    last = at + len(excerpt) - 1
    return LabelledSpan(start=offsets[at], end=offsets[last] + 1)
