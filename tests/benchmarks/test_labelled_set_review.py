"""The labelled-set scoring (``benchmarks/labelled_set_review.py``) on hand-made reports:
a term counts as flagged when a high or critical finding quotes its clause, and at its
sub-clause only when that finding is the sub-clause's own; a disclosure that undercuts a
warranty counts when the warranty's finding quotes it as reference evidence, and as
remedied when that finding proposes a change; the CLI is given the entry's party and
reference documents."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path
from typing import Any

from labelled_set_review import main, score_contract

TEXT = (
    "7 Limitations\n"
    "7.1 The Seller's total liability shall not exceed 1% of the Purchase Price.\n"
    "7.2 No claim may be brought after three months from Completion.\n"
    "5.3 The Company is not party to any litigation.\n"
)
CAP = "shall not exceed 1% of the Purchase Price"
PERIOD = "No claim may be brought after three months"
SPECIFIC = "The Company is defendant in a claim by Acme for USD 2.4 million."
GENERAL = "The entire contents of the Data Room are deemed disclosed."


def _span(passage: str) -> tuple[int, int]:
    start = TEXT.index(passage)
    return start, start + len(passage)


def _finding(
    clause_id: str,
    span: tuple[int, int],
    risk: str = "high",
    references: tuple[str, ...] = (),
    change: bool = False,
) -> dict[str, Any]:
    return {
        "finding_id": f"f@{clause_id}",
        "clause_id": clause_id,
        "checklist_item_id": "x",
        "title": "A term",
        "status": "found",
        "risk_level": risk,
        "evidence": [
            {"kind": "clause", "start": span[0], "end": span[1], "text": ""},
            *({"kind": "reference", "text": text} for text in references),
        ],
        "suggested_change": {"before": "a", "after": "b"} if change else None,
    }


def _report(findings: list[dict[str, Any]]) -> dict[str, Any]:
    levels = {"critical": 0, "high": 0, "medium": 0, "low": 0}
    for finding in findings:
        levels[finding["risk_level"]] += 1
    return {
        "findings": findings,
        "summary": {**levels, "deviations": len(findings), "missing": 0, "total": len(findings)},
    }


ENTRY: dict[str, Any] = {
    "domain": "sha_spa",
    "governing_law": "England and Wales",
    "party": "buyer",
    "references": [{"file": "deal_disclosure_letter.txt", "role": "disclosure"}],
    "terms": [
        {"category": "cap", "clause_id": "7.1", "burdens": "buyer", "quote": CAP},
        {"category": "period", "clause_id": "7.2", "burdens": "buyer", "quote": PERIOD},
    ],
    "balanced": [],
    "disclosures": [
        {"warranty_clause_id": "5.3", "kind": "specific", "quote": SPECIFIC, "undercuts": True},
        {"warranty_clause_id": "5.3", "kind": "general", "quote": GENERAL, "undercuts": True},
    ],
}


def test_a_term_flagged_at_its_article_is_not_flagged_at_its_sub_clause() -> None:
    article = (TEXT.index("7 Limitations"), TEXT.index("5.3"))
    report = _report([_finding("7", article), _finding("7.2", _span(PERIOD))])
    row = score_contract(ENTRY, TEXT, report)
    assert row["terms_flagged"] == 2
    assert row["terms_at_subclause"] == 1


def test_a_medium_finding_flags_nothing() -> None:
    report = _report([_finding("7.1", _span(CAP), risk="medium")])
    row = score_contract(ENTRY, TEXT, report)
    assert row["terms_flagged"] == row["terms_at_subclause"] == 0


def test_an_undercutting_disclosure_counts_at_its_warranty_with_a_change() -> None:
    warranty = _span("The Company is not party to any litigation.")
    evidenced = _report([_finding("5.3", warranty, risk="medium", references=(SPECIFIC,))])
    assert score_contract(ENTRY, TEXT, evidenced)["disclosures"] == {
        "undercutting": 1,
        "evidenced": 1,
        "remedied": 0,
        "general": 1,
        "general_flagged": 0,
    }
    remedied = _report(
        [
            _finding("5.3", warranty, references=(SPECIFIC,), change=True),
            _finding("7.1", _span(CAP), references=(GENERAL,)),
        ]
    )
    counts = score_contract(ENTRY, TEXT, remedied)["disclosures"]
    assert (counts["evidenced"], counts["remedied"], counts["general_flagged"]) == (1, 1, 1)
    elsewhere = _report([_finding("7.1", _span(CAP), references=(SPECIFIC,), change=True)])
    assert score_contract(ENTRY, TEXT, elsewhere)["disclosures"]["evidenced"] == 0


def test_the_cli_is_given_the_party_and_the_references(tmp_path: Path) -> None:
    """A stand-in CLI records its arguments and writes a report; the scorer passes the
    entry's ``--party`` and each reference with its ``--role``."""
    fixtures = tmp_path / "tests" / "review" / "fixtures"
    folder = fixtures / "lawset"
    folder.mkdir(parents=True)
    (folder / "deal.txt").write_text(TEXT, encoding="utf-8")
    (folder / "deal_disclosure_letter.txt").write_text(SPECIFIC, encoding="utf-8")
    manifest = {"tests/review/fixtures/lawset/deal.txt": ENTRY}
    (fixtures / "lawset_expected.json").write_text(json.dumps(manifest), encoding="utf-8")
    report = _report([_finding("7.1", _span(CAP))])
    (tmp_path / "report.json").write_text(json.dumps(report), encoding="utf-8")
    cli = tmp_path / "fake-cli"
    cli.write_text(
        f"#!{sys.executable}\n"
        "import json, pathlib, shutil, sys\n"
        "args = sys.argv[1:]\n"
        "out = pathlib.Path(args[args.index('--out') + 1])\n"
        "out.mkdir(parents=True, exist_ok=True)\n"
        f"shutil.copy({str(tmp_path / 'report.json')!r}, out / 'report.json')\n"
        "(out / 'args.json').write_text(json.dumps(args))\n",
        encoding="utf-8",
    )
    cli.chmod(cli.stat().st_mode | stat.S_IEXEC)
    out = tmp_path / "out"
    assert (
        main(["--set", "lawset", "--cli", str(cli), "--fixtures", str(fixtures), "--out", str(out)])
        == 0
    )
    args = json.loads((out / "lawset" / "deal" / "args.json").read_text(encoding="utf-8"))
    assert args[args.index("--party") + 1] == "buyer"
    reference = args.index("--reference")
    assert args[reference + 1].endswith("deal_disclosure_letter.txt")
    assert args[reference + 2 : reference + 4] == ["--role", "disclosure"]


def test_a_manifest_without_quotes_is_matched_by_clause_id() -> None:
    entry = {
        "domain": "generic",
        "terms": [{"category": "cap", "clause_id": "7.1", "burdens": "buyer"}],
        "balanced": [{"category": "period", "clause_id": "7.2"}],
    }
    report = _report([_finding("7.1", _span(CAP)), _finding("7.2", _span(PERIOD), risk="low")])
    row = score_contract(entry, TEXT, report)
    assert (row["terms_flagged"], row["terms_at_subclause"], row["balanced_flagged"]) == (1, 1, 0)
