"""Redlines correct by construction: the checks a redline must pass, one redline per
clause, and (hypothesis) that applying a report's redlines to the document yields every
reported ``after``, changes nothing else and never repeats a phrase."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.domain import RiskLevel
from contract_review.review.clause_redlines import _in_words, one_redline_per_clause
from contract_review.review.diffs import suggested_change, text_edits
from contract_review.review.findings import Evidence, Finding
from contract_review.review.redline_checks import (
    noop_instructions,
    redline_problem,
    repeated_phrase,
)
from contract_review.review.report_models import ApprovalRecord


def test_a_redline_that_changes_nothing_is_refused() -> None:
    assert redline_problem("Pay within 30 days.", "Pay  within 30 days.") == "it changes nothing"


def test_a_repeated_phrase_is_found_in_english_and_chinese() -> None:
    before = "as defined in the Employer's Requirements or were made known"
    after = "as defined in the Employer's Requirements in the Employer's Requirements or were"
    assert repeated_phrase(before, after) == "in the employer's requirements"
    assert (
        repeated_phrase("乙方应当按期交付货物。", "乙方应当按期交付货物按期交付货物。") is not None
    )
    # a phrase the clause already repeated is the drafter's, not the redline's
    both = "the Contractor shall pay the Contractor shall pay the Employer"
    assert repeated_phrase(both, both.replace("Employer", "Engineer")) is None
    assert repeated_phrase("Pay within 14 days.", "Pay within 28 days.") is None


def test_an_instruction_replacing_words_with_themselves_is_found() -> None:
    text = 'In this Sub-Clause, replace "fifty-six (56) days" with "fifty-six (56) days".'
    assert noop_instructions(text) == [text[20:-1]]
    assert noop_instructions('replace "56 days" with "90 days"') == []
    assert noop_instructions("将“二十八天”修改为“二十八天”") == ["将“二十八天”修改为“二十八天”"]
    assert redline_problem(text.replace('fifty-six (56) days" with', 'x" with'), text) is not None


def test_text_edits_rebuild_the_after_text() -> None:
    before = "Notice within fourteen (14) days. If no notice within such fourteen (14) days, lost."
    after = "Notice within twenty-eight (28) days. If no notice within such 28 days, lost."
    out = before
    for start, end, new in sorted(text_edits(before, after), reverse=True):
        out = out[:start] + new + out[end:]
    assert out == after


_SOURCE = (
    "1. Payment\n1.1 The Buyer shall pay each invoice within ninety (90) days after receipt. "
    "Late sums carry no interest.\n"
    "2. Liability\n2.1 The Supplier is liable without limit for all losses of the Buyer. "
    "The Buyer is not liable for any loss.\n"
)


def _finding(fid: str, clause: str, start: int, end: int, after: str, level: RiskLevel) -> Finding:
    before = _SOURCE[start:end]
    return Finding(
        finding_id=fid,
        clause_id=clause,
        title=fid,
        risk_level=level,
        description="",
        evidence=[
            Evidence(kind="clause", source="c.txt", id=clause, text=before, start=start, end=end)
        ],
        suggested_change=suggested_change(before, after),
    )


def _clause(clause: str) -> tuple[int, int]:
    start = _SOURCE.index(f"{clause} ")
    return start, _SOURCE.index("\n", start)


def test_two_changes_to_one_clause_become_one_redline() -> None:
    document = parse_text(_SOURCE, name="c.txt")
    start, end = _clause("1.1")
    text = _SOURCE[start:end]
    period = _finding(
        "period", "1.1", start, end, text.replace("ninety (90)", "thirty (30)"), RiskLevel.HIGH
    )
    interest = _finding(
        "interest",
        "1.1",
        start,
        end,
        text.replace("carry no interest", "carry interest at 4% a year"),
        RiskLevel.MEDIUM,
    )
    combined = one_redline_per_clause([interest, period], [], [document])
    carrier, other = combined[1], combined[0]
    assert carrier.suggested_change is not None and other.suggested_change is None
    assert other.redline_of == "period"
    after = carrier.suggested_change.after
    assert "thirty (30) days" in after and "interest at 4% a year" in after
    # a rejected change stays out of the clause's redline
    rejected = [ApprovalRecord(finding_id="interest", decision="rejected")]
    alone = one_redline_per_clause([interest, period], rejected, [document])
    assert alone[1].suggested_change == period.suggested_change


def test_changes_to_two_passages_of_one_clause_become_one_redline() -> None:
    """Two definitions of one clause (apart, as the term reader reads them) get one
    redline for the clause, not one each."""
    document = parse_text(_SOURCE, name="c.txt")
    start, end = _clause("1.1")
    middle = _SOURCE.index("Late sums", start)
    period = _finding(
        "period",
        "1.1",
        start,
        middle - 1,
        _SOURCE[start : middle - 1].replace("ninety (90)", "thirty (30)"),
        RiskLevel.HIGH,
    )
    interest = _finding(
        "interest",
        "1.1",
        middle,
        end,
        _SOURCE[middle:end].replace("carry no interest", "carry interest at 4% a year"),
        RiskLevel.MEDIUM,
    )
    combined = one_redline_per_clause([period, interest], [], [document])
    carriers = [f for f in combined if f.suggested_change is not None]
    assert len(carriers) == 1
    after = carriers[0].suggested_change.after  # type: ignore[union-attr]
    assert "thirty (30) days" in after and "interest at 4% a year" in after


def test_two_different_rewrites_of_one_sentence_keep_one_and_point_to_it() -> None:
    document = parse_text(_SOURCE, name="c.txt")
    start, end = _clause("2.1")
    text = _SOURCE[start:end]
    sentence = "The Supplier is liable without limit for all losses of the Buyer."
    cap = _finding(
        "cap",
        "2.1",
        start,
        end,
        text.replace(sentence, "Each party's liability is capped at the Price."),
        RiskLevel.HIGH,
    )
    mutual = _finding(
        "mutual",
        "2.1",
        start,
        end,
        text.replace(sentence, "Neither party shall be liable beyond its own fault."),
        RiskLevel.HIGH,
    )
    combined = one_redline_per_clause([cap, mutual], [], [document])
    assert combined[0].suggested_change == cap.suggested_change
    assert combined[1].suggested_change is None and combined[1].redline_of == "cap"


def test_a_change_not_shown_is_described_as_an_addition_a_deletion_or_a_change() -> None:
    """A change folded into another finding's redline is written out in words: "Add …"
    for an insertion (not "Change “” to …"), "Delete …", else "Change … to …"."""
    start, end = _clause("1.1")
    text = _SOURCE[start:end]
    carrier = _finding("carrier", "1.1", start, end, text.upper(), RiskLevel.HIGH)
    cases = {
        text.replace(
            "after receipt", "after receipt of a valid invoice"
        ): "Add “of a valid invoice”.",
        text.replace(" Late sums carry no interest.", ""): "Delete “Late sums carry no interest.”.",
        text.replace("ninety (90)", "thirty (30)"): "Change “ninety",
    }
    for after, words in cases.items():
        finding = _finding("f", "1.1", start, end, after, RiskLevel.MEDIUM)
        assert _in_words(finding, carrier).startswith(words), _in_words(finding, carrier)
    # a Chinese report says it in Chinese, quoting the contract's own words
    finding = _finding("f", "1.1", start, end, next(iter(cases)), RiskLevel.MEDIUM)
    in_chinese = _in_words(finding, carrier, "zh")
    assert in_chinese.startswith("增加“of a valid invoice”。（该修改与本条“"), in_chinese


_SENTENCES = st.sampled_from(
    [
        "The Supplier shall deliver the Goods within fourteen (14) days.",
        "The Buyer may terminate at any time.",
        "Disputes are decided by the Buyer's engineer, whose decision is final.",
        "The Supplier bears all ground risk.",
        "Each invoice is payable within ninety (90) days.",
        "乙方应于收到通知后七日内提出异议。",
        "甲方有权随时解除本合同。",
    ]
)
_NEW = st.sampled_from(
    [
        "Either party may terminate on thirty (30) days' notice.",
        "Disputes go to arbitration.",
        "within twenty-eight (28) days",
        "任何一方均可提前三十日书面通知对方解除本合同。",
        "",
    ]
)


@st.composite
def _document_and_findings(draw: st.DrawFn) -> tuple[str, list[Finding]]:
    clauses = draw(st.lists(st.lists(_SENTENCES, min_size=1, max_size=4), min_size=1, max_size=4))
    parts, spans = [], []
    position = 0
    for number, sentences in enumerate(clauses, start=1):
        body = " ".join(sentences)
        head = f"{number}. "
        parts.append(head + body + "\n")
        spans.append((position + len(head), position + len(head) + len(body)))
        position += len(head) + len(body) + 1
    source = "".join(parts)
    findings: list[Finding] = []
    for index in range(draw(st.integers(min_value=1, max_value=6))):
        clause = draw(st.integers(min_value=0, max_value=len(spans) - 1))
        start, end = spans[clause]
        text = source[start:end]
        sentence_start = draw(st.integers(min_value=0, max_value=len(text) - 1))
        cut = text.rfind(". ", 0, sentence_start)
        a = 0 if cut < 0 else cut + 2
        b = text.find(".", sentence_start)
        b = len(text) if b < 0 else b + 1
        after = text[:a] + draw(_NEW) + text[b:]
        if redline_problem(text, after) is not None:
            continue  # the engine verifies each change before it reaches the report
        level = draw(st.sampled_from(list(RiskLevel)))
        findings.append(
            Finding(
                finding_id=f"f{index}",
                clause_id=str(clause + 1),
                title=f"finding {index}",
                risk_level=level,
                description="",
                evidence=[
                    Evidence(
                        kind="clause",
                        source="c.txt",
                        id=str(clause + 1),
                        text=text,
                        start=start,
                        end=end,
                    )
                ],
                suggested_change=suggested_change(text, after),
            )
        )
    return source, findings


@settings(max_examples=150, deadline=None)
@given(_document_and_findings())
def test_applying_the_reported_redlines_yields_every_after_and_nothing_else(
    case: tuple[str, list[Finding]],
) -> None:
    source, findings = case
    document = parse_text(source, name="c.txt")
    reported = one_redline_per_clause(findings, [], [document])
    carriers = [f for f in reported if f.suggested_change is not None]
    # at most one redline per clause, and the others point to theirs or say it in words
    assert len({f.clause_id for f in carriers}) == len(carriers)
    ids = {f.finding_id for f in carriers}
    for finding in reported:
        assert (
            finding.suggested_change is not None
            or finding.redline_of in ids
            or (finding.change_in_words)
        )
    # apply every redline to the document: each after appears, the rest is unchanged
    placed = []
    for finding in carriers:
        change = finding.suggested_change
        assert change is not None
        quote = next(e for e in finding.evidence if e.kind == "clause" and e.text == change.before)
        assert quote.start is not None and quote.end is not None
        assert source[quote.start : quote.end] == change.before
        placed.append((quote.start, quote.end, change.after))
    placed.sort()
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(placed))
    out, position = [], 0
    for start, end, after in placed:
        out += [source[position:start], after]
        position = end
    out.append(source[position:])
    redlined = "".join(out)
    for _, _, after in placed:
        assert after in redlined
    untouched = [(0, placed[0][0])] if placed else [(0, len(source))]
    for (_, end, _), nxt in zip(placed, [*placed[1:], (len(source), 0, "")], strict=True):
        untouched.append((end, nxt[0]))
    for start, end in untouched:
        assert source[start:end] in redlined
    for finding in carriers:
        change = finding.suggested_change
        assert change is not None
        assert redline_problem(change.before, change.after) is None
