"""What a lawyer would check in the reports of a labelled contract set.

Each contract of a set (``tests/review/fixtures/<set>/`` with its manifest
``<set>_expected.json``, written by someone who read none of the playbooks) is reviewed
offline with the real CLI (``contract-review review FILE --domain D --llm none``), and
its ``report.json`` is read for:

* terms flagged: one-sided terms with a high or critical finding whose quoted clause
  holds the manifest's quote; balanced clauses flagged the same way (false alarms);
* high or critical findings that propose no change (no redline, and not part of the
  clause's one redline);
* redlines that repeat a phrase, and clauses with more than one redline;
* PRC law cited (a rationale naming PRC statutes or articles, or law evidence) in a
  contract the manifest says another law governs (or that states none);
* summary counts that do not add up (levels to deviations, deviations and missing to
  the total);
* checklist items reported missing that the manifest says the contract provides;
* contracts refused;
* for a set that says so (``party``, ``references`` in an entry: the side reviewed for
  and the documents beside the contract, e.g. a disclosure letter): terms flagged at
  their own sub-clause (the finding's clause is the manifest's, not its article), and
  for each disclosure that undercuts a warranty, whether the warranty's finding carries
  the disclosure passage as ``reference`` evidence and proposes a change; for each
  general disclosure, whether some high or critical finding quotes it.

``--cli`` chooses the executable, so the same scoring measures a set on arrival with
the engine as committed (another checkout's ``contract-review``) and after::

    python benchmarks/labelled_set_review.py --set twentysecond [--cli PATH] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from contract_review.evaluation.report_checks import manifest_subject
from contract_review.review.redline_checks import repeated_phrase

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "review" / "fixtures"
# A rationale or description citing PRC law.
_PRC = re.compile(r"民法典|条例|中华人民共和国|\bPRC\b|Civil Code|Law:\s")


def _review(
    cli: str, path: Path, entry: dict[str, Any], out: Path, data_dir: Path
) -> dict[str, Any] | str:
    env = {**os.environ, "CONTRACT_REVIEW_DATA_DIR": str(data_dir)}
    command = [cli, "review", str(path), "--domain", entry["domain"], "--llm", "none"]
    command += ["--out", str(out)]
    if entry.get("party"):
        command += ["--party", entry["party"]]
    for reference in entry.get("references", []):
        command += ["--reference", str(path.parent / reference["file"])]
        command += ["--role", reference.get("role", "reference")]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    report = out / "report.json"
    if done.returncode != 0 or not report.is_file():
        return (done.stderr.strip().splitlines() or ["failed"])[-1]
    return json.loads(report.read_text(encoding="utf-8"))


def _clause_spans(finding: dict[str, Any]) -> list[tuple[int, int]]:
    return [
        (e["start"], e["end"])
        for e in finding.get("evidence", [])
        if e.get("kind") == "clause" and e.get("start") is not None
    ]


def _severe_at(report: dict[str, Any], clause_id: str) -> bool:
    """A high or critical finding at ``clause_id`` (or a paragraph of it)."""
    return any(
        f.get("status") == "found"
        and f["risk_level"] in ("high", "critical")
        and (
            str(f.get("clause_id")) == clause_id
            or str(f.get("clause_id")).startswith(f"{clause_id} ")
        )
        for f in report["findings"]
    )


def _labelled(report: dict[str, Any], text: str, label: dict[str, Any]) -> bool:
    """A labelled clause is flagged: by its quote when the manifest gives one (older
    manifests name the clause only, and are matched by its id)."""
    if "quote" not in label:
        return _severe_at(report, str(label["clause_id"]))
    return _flagged(report, text, label["quote"])


def _flagged(report: dict[str, Any], text: str, quote: str) -> bool:
    """A high or critical finding quotes the clause that holds ``quote``."""
    at = text.find(quote)
    if at < 0:
        return False
    for finding in report["findings"]:
        if finding.get("status") != "found" or finding["risk_level"] not in ("high", "critical"):
            continue
        if any(s <= at < e or (at <= s < at + len(quote)) for s, e in _clause_spans(finding)):
            return True
    return False


def _at_subclause(report: dict[str, Any], text: str, term: dict[str, Any]) -> bool:
    """A high or critical finding at the term's own sub-clause quotes it."""
    clause = str(term["clause_id"])
    if "quote" not in term:
        return _severe_at(report, clause)
    at = text.find(term["quote"])
    for finding in report["findings"]:
        if finding.get("status") != "found" or finding["risk_level"] not in ("high", "critical"):
            continue
        own = str(finding.get("clause_id") or "")
        if own != clause and not own.startswith(f"{clause} "):
            continue
        if any(s <= at < e for s, e in _clause_spans(finding)):
            return True
    return False


def _quotes(evidence: dict[str, Any], quote: str) -> bool:
    """Whether a piece of evidence holds ``quote`` (or the quote holds it)."""
    shown = " ".join(str(evidence.get("text", "")).split())
    wanted = " ".join(quote.split())
    return bool(shown) and (wanted in shown or shown in wanted)


def _disclosure_checks(report: dict[str, Any], entry: dict[str, Any]) -> dict[str, int]:
    """Specific disclosures that undercut a warranty: evidenced at the warranty's finding,
    and with a proposed change there; general disclosures quoted by a severe finding."""
    found = [f for f in report["findings"] if f.get("status") == "found"]
    counts = {"undercutting": 0, "evidenced": 0, "remedied": 0, "general": 0, "general_flagged": 0}
    for disclosure in entry.get("disclosures", []):
        quote = disclosure["quote"]
        if disclosure.get("kind") == "general":
            counts["general"] += 1
            counts["general_flagged"] += any(
                f["risk_level"] in ("high", "critical")
                and any(e.get("kind") == "reference" and _quotes(e, quote) for e in f["evidence"])
                for f in found
            )
            continue
        if not disclosure.get("undercuts"):
            continue
        counts["undercutting"] += 1
        clause = str(disclosure["warranty_clause_id"])
        at_warranty = [
            f
            for f in found
            if str(f.get("clause_id") or "") == clause
            and any(e.get("kind") == "reference" and _quotes(e, quote) for e in f["evidence"])
        ]
        counts["evidenced"] += bool(at_warranty)
        counts["remedied"] += any(
            f.get("suggested_change") or f.get("redline_of") for f in at_warranty
        )
    return counts


def _is_issue(finding: dict[str, Any]) -> bool:
    return finding.get("status") == "found" and "no deviation found" not in finding["title"]


def score_contract(entry: dict[str, Any], text: str, report: dict[str, Any]) -> dict[str, Any]:
    """The figures of one contract's report against its manifest entry."""
    findings = report["findings"]
    severe = [f for f in findings if _is_issue(f) and f["risk_level"] in ("high", "critical")]
    no_change = [
        f["finding_id"]
        for f in severe
        if f.get("suggested_change") is None and not f.get("redline_of")
    ]
    redlines = [f for f in findings if f.get("suggested_change")]
    repeats = [
        f["finding_id"]
        for f in redlines
        if repeated_phrase(f["suggested_change"]["before"], f["suggested_change"]["after"])
    ]
    per_clause: dict[str, int] = {}
    for f in redlines:
        per_clause[f["clause_id"]] = per_clause.get(f["clause_id"], 0) + 1
    foreign = entry.get("governing_law") not in ("PRC",)
    if entry.get("language") == "zh" and entry.get("governing_law") == "not stated":
        foreign = False  # a Chinese contract that names no law: PRC law
    prc = [
        f["finding_id"]
        for f in findings
        if foreign
        and (
            _PRC.search(f.get("rationale", ""))
            or any(e.get("kind") == "law" for e in f.get("evidence", []))
        )
    ]
    s = report["summary"]
    levels = s["critical"] + s["high"] + s["medium"] + s["low"]
    deviations = s.get("deviations", levels)
    adds_up = levels == deviations and s["total"] == deviations + s["missing"]
    provided = {p["subject"] for p in entry.get("provided", [])}
    missing_ids = [f["checklist_item_id"] for f in findings if f.get("status") == "missing"]
    missing_subjects = [manifest_subject(entry["domain"], i or "") for i in missing_ids]
    wrongly_missing = sorted(m for m in missing_subjects if m in provided)
    return {
        "terms": len(entry.get("terms", [])),
        "terms_flagged": sum(_labelled(report, text, t) for t in entry.get("terms", [])),
        "terms_at_subclause": sum(_at_subclause(report, text, t) for t in entry.get("terms", [])),
        "disclosures": _disclosure_checks(report, entry),
        "balanced": len(entry.get("balanced", [])),
        "balanced_flagged": sum(_labelled(report, text, b) for b in entry.get("balanced", [])),
        "severe": len(severe),
        "severe_without_change": no_change,
        "redlines": len(redlines),
        "repeating_redlines": repeats,
        "clauses_with_several_redlines": sorted(c for c, n in per_clause.items() if n > 1),
        "prc_citations_under_other_law": prc,
        "counts_add_up": adds_up,
        "wrongly_missing": wrongly_missing,
        "governing_law": report.get("governing_law"),
    }


def _disclosure_totals(rows: list[dict[str, Any]]) -> dict[str, str]:
    """The set's disclosure figures, when its manifest lists disclosures."""
    if not rows:
        return {}
    total = {key: sum(r["disclosures"][key] for r in rows) for key in rows[0]["disclosures"]}
    if not total["undercutting"] and not total["general"]:
        return {}
    return {
        "undercutting_disclosures_evidenced": f"{total['evidenced']}/{total['undercutting']}",
        "undercutting_disclosures_remedied": f"{total['remedied']}/{total['undercutting']}",
        "general_disclosures_flagged": f"{total['general_flagged']}/{total['general']}",
    }


def _sum(rows: Iterable[dict[str, Any]], key: str) -> int:
    return sum(len(r[key]) if isinstance(r[key], list) else int(r[key]) for r in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", required=True, dest="sets")
    parser.add_argument("--cli", default=str(Path(sys.executable).parent / "contract-review"))
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--fixtures", type=Path, default=FIXTURES)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="labelled-set-review-"))
    data_dir = out / "data"
    totals: list[dict[str, Any]] = []
    for name in args.sets:
        manifest = json.loads((args.fixtures / f"{name}_expected.json").read_text(encoding="utf-8"))
        jobs = []
        for key, entry in manifest.items():
            path = args.fixtures.parent.parent.parent / key
            if not path.is_file():
                path = args.fixtures / name / Path(key).name
            jobs.append((key, entry, path, out / name / path.stem))
        with ThreadPoolExecutor(args.workers) as pool:
            reports = list(
                pool.map(
                    lambda job: _review(args.cli, job[2], job[1], job[3], data_dir),
                    jobs,
                )
            )
        rows = []
        for (key, entry, path, _), report in zip(jobs, reports, strict=True):
            if isinstance(report, str):
                print(f"{Path(key).name}: REFUSED — {report}")
                rows.append({"refused": 1, "terms": len(entry.get("terms", []))})
                continue
            row = score_contract(entry, path.read_text(encoding="utf-8"), report)
            row["refused"] = 0
            rows.append(row)
            print(f"{Path(key).name}: {json.dumps(row, ensure_ascii=False)}")
        scored = [r for r in rows if not r["refused"]]
        summary = {
            "set": name,
            "contracts": len(rows),
            "refused": sum(r["refused"] for r in rows),
            "terms_flagged": f"{_sum(scored, 'terms_flagged')}/{_sum(rows, 'terms')}",
            "terms_at_subclause": f"{_sum(scored, 'terms_at_subclause')}/{_sum(rows, 'terms')}",
            "balanced_flagged": f"{_sum(scored, 'balanced_flagged')}/{_sum(scored, 'balanced')}",
            "severe_without_change": f"{_sum(scored, 'severe_without_change')}/"
            f"{_sum(scored, 'severe')}",
            "repeating_redlines": f"{_sum(scored, 'repeating_redlines')}/{_sum(scored, 'redlines')}",
            "clauses_with_several_redlines": _sum(scored, "clauses_with_several_redlines"),
            "prc_citations_under_other_law": _sum(scored, "prc_citations_under_other_law"),
            "reports_whose_counts_do_not_add_up": sum(not r["counts_add_up"] for r in scored),
            "items_wrongly_missing": _sum(scored, "wrongly_missing"),
            **_disclosure_totals(scored),
        }
        totals.append(summary)
        print(json.dumps(summary, ensure_ascii=False))
    print(f"reports in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
