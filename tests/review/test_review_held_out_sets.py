"""The offline review, through the whole engine, on the held-out contract sets written
after the playbooks by people who read neither the playbooks nor the earlier sets.

How each set did when it arrived, before anyone looked at it (one-sided terms flagged
high or critical at their clause; balanced clauses wrongly flagged):

* ``fresh`` (10 contracts): 37/45 and 0/31; 39/45 after general fixes made without
  looking at it; then used for diagnosis, now 45/45.
* ``blind`` (10 contracts): 33/44 and 1/25 (the misses led to the shared term library's
  fixes: a per-day sum for lateness without the word "penalty", a cap in the penalty's
  own clause, a late-payment cap that does not cap delay damages, "owned by or licensed
  to ... before", 不再保留, ...); now 44/44 and 0/25.

* ``fifth`` (10 contracts): 33/41 and 1/30; its misses then led to general fixes (a
  party's officer deciding finally, ", and" and provisos as phrase and part boundaries,
  "gives" notice, deductions as penalties, 不以…为限, 催告 as a for-cause signal); now
  41/41 and 0/30.
* ``sixth`` (10 contracts, drafted to say each term in other grammar): 20/42 and 1/38
  with the phrase rules alone. Its misses led to the rules read by meaning (broad cue
  words kept only where the term-topic classifier reads the sentence as about the term;
  the classifier is trained on every set up to this one); now 41/42 and 0/38.
* ``seventh`` (10 contracts, the same brief): 36/43 and 1/30 on arrival with the rules
  read by meaning (34/43 with the phrase rules alone). Its misses then led to general
  fixes (a right denied is no right of that party, a concession is no exception, a cap
  is the capped party's, late-payment charges of 0.1% a day or more count as penalties,
  more time-bar cues); now 43/43 and 1/30 (a contract with no cap at all, rightly
  flagged at its mutual exclusion clause).
* ``eighth`` (12 contracts): 39/52 and 1/39 on arrival (34/52 with the phrase rules
  alone). It led to the FIDIC rules for termination without cause and pre-existing IP,
  and to training the classifier on the cue words' proposals in term clauses; then
  diagnosed (periods of hours in words, an exclusion "except to the extent that its
  insurers pay out", 不得…委托第三方 is no independent review, "These amounts apply
  without any overall limit" read with the sentence before it, credits with no
  ceiling); now 52/52 and 1/39 (again a contract with no cap at all).
* ``ninth`` (12 contracts): 43/49 and 4/41 on arrival (36/49 and 3/41 with the phrase
  rules alone); then diagnosed (a section's relief for unforeseeable ground, caps
  written "为上限" or "the total of such fees", 逾期 as a time-bar cue only with a
  notice verb, 收到发票之月后的第四个自然月 as four months); now 49/49 and 0/41.
* ``tenth`` (12 contracts): 41/49 and 2/42 on arrival (25/49 and 1/42 with the phrase
  rules alone), measured with the fixes from the eighth and ninth sets. Its misses led
  to: periods counted by a day's place ("the seventy-fifth (75th) day after") or from
  the end of another (满三个月后的十五个工作日内); "without the need to show any default"
  and "upon the expiry of that notice" as no exception to termination without cause; an
  IP exception for moral rights only (署名权除外) or a retention denied ("shall not
  retain") as no exception, "owned or controlled by ... before"; "binding on the Buyer"
  as a time bar's consequence; an expert's determination and 不导致…转让 as balanced;
  "whether the loss arises from ... the Operator" as bearing every loss; now 49/49 and
  0/42.
* ``eleventh`` (12 contracts): 42/49 and 3/43 on arrival (28/49 and 2/43 with the phrase
  rules alone), measured after the tenth set's fixes. Its misses led to: a cap in the
  part of a sentence that names no party caps every party, "liability of the Employer
  ..., and ... liability of the Contractor" as mutual, "shall look only to its own
  insurers", fee reductions and refunds as penalties, "within those ten days" as a time
  limit, royalties (提成费) as payments; now 49/49 and 0/43.
* ``twelfth`` (12 contracts): 42/50 and 2/37 on arrival (31/50 and 1/37 with the phrase
  rules alone), measured after the eleventh set's fixes. Its misses led to: lines
  hard-wrapped mid-sentence (as text copied from a PDF) read as one sentence; a payment
  "ninety days before the Event" is no long wait; a topic read as the classifier's clear
  first or close second reading counts; "withdraw the Booking"; "final and conclusive"
  and 提交…申报 as time-bar cues; "not limited to the Deposit or to any other sum";
  "may not be challenged" is no route of challenge; any party's "findings ... conclusive";
  费用全部由乙方承担; 同样不超过 as a mutual cap; now 50/50 and 0/37.
* ``thirteenth`` (12 contracts): 44/50 and 3/41 on arrival (36/50 and 2/41 with the
  phrase rules alone), measured after the twelfth set's fixes. Its misses led to:
  评定 as a decision; "shall not be capable of being referred to arbitration" is no
  route; a disclaimer ("gives no warranty that it will be suitable for any other
  purpose") is no promise; a period counted from receipt of the other side's objection
  is a response time; insurance no exception where liability "shall be unlimited";
  performance damages, "however large they become", "no provision operates as a
  ceiling on them"; "conclusively accepted", "may not afterwards claim"; "cease to act";
  now 50/50 and 1/41 (a contract with no cap at all, flagged at its mutual exclusion).
* ``fourteenth`` (12 contracts): 38/48 and 0/37 on arrival (30/48 and 0/37 with the
  phrase rules alone), measured after the thirteenth set's fixes. Its misses led to:
  "fit not only for the purposes defined ... but for every purpose"; "falls due on the
  last business day of the fifth month after"; 不设月度或年度扣款上限, 不受…限额的约束;
  a review application (复核申请) is the objection itself; "passes to the Client", "shall
  not retain any licence"; "is without limit in amount" despite the sum insured; "in any
  way", "however caused", a penalty listed among the losses excluded; "released from all
  liability"; detention charges "with no upper limit"; findings that "bind ...
  conclusively and may not be questioned"; 需求单 is an order form, not a need; and the
  classifier trained on it; now 48/48 and 0/37.

* ``fifteenth`` (12 contracts): 44/48 and 0/36 on arrival with the rules alone (the
  engine after the fourteenth set's fixes). It measured the term detector (trained on
  the sets through the fourteenth, before either new set was written): 46/48 and 0/36
  with it. Its two misses were exceptions read too widely: a late-payment charge of
  千分之五 a day called 滞纳金 after the rate (the late-payment exception now reads the
  whole sentence for a rate) and an exclusion that mentions 人身 in the other party's
  half of the sentence (the detector now reads exceptions in the part it quotes); now
  48/48 and 0/36.
* ``sixteenth`` (12 contracts, written beside the fifteenth): 46/48 and 1/36 on arrival
  with the rules alone; 48/48 and 1/36 with the term detector trained through the
  fourteenth, before and after the fifteenth set's fixes (not diagnosed; the one false
  flag is the rules', at a FIDIC 17.6).

* ``seventeenth`` (12 contracts, written after the term detector landed): 43/48 and 1/36
  on arrival (40/48 with the rules alone). Its misses: insurance named only as a figure
  that does not limit an uncapped liability (three contracts) was read as an exception;
  整改要求 (a demand to rectify, the thing objected to) was read as a period to cure; a
  daily late-remittance charge the detector read at 0.69. After general fixes (an
  exception named inside "not reduced by reference to the fees paid, any insurance
  limit", 不以/不受…价款…保险…; 整改 only as the action, not 整改要求) and training the
  detector on it: 48/48 and 1/36 (a one-party cap flagged by the rules at a clause the
  manifest calls balanced).
* ``eighteenth`` (12 contracts, written beside the seventeenth, measured after its fixes
  and with the detector trained through it): 45/48 and 0/36 on arrival (42/48 with the
  rules alone). Its misses: a time bar whose period sits in the sentence before the
  forfeiture, with no claim cue word (a numeric rule read by the detector now reads any
  word's number); a final and conclusive measurement inside a definition (the detector
  now reads definitions, and "not open to dispute, review, expert determination ..." is
  no route of challenge); a payment table in a schedule, read only once the detector was
  trained on the set; now 48/48 and 0/36.

* ``nineteenth`` and ``twentieth`` (12 contracts each, written beside each other after
  the eighteenth set's fixes, measured untouched with the engine as committed): 47/48 and
  2/36, and 48/48 and 4/36 (44/48 and 48/48 with the rules alone). The one miss: ground
  and weather risk whose cue words sit a sentence away from "不论其是否可以预见…自行承担",
  read by the detector at 0.65. The false flags are the rules': a right to terminate for
  the other side's delay or arrears (延误超过六十日的, 无正当理由…拖欠…的) read as one without
  cause, a liability cap of twelve months' fees read as a payment period, and two
  one-party caps and a narrow exclusion the manifests call balanced. After the first
  three were mended (延误, 拖欠, 欠付 are for-cause conditions; a phrase setting 上限 or
  为限 is no payment term) and the detector was trained on both: 48/48 and 0/36, and 48/48
  and 3/36.

Every set up to the twentieth has been tuned on or trained on (the detector is trained
on all of them), so these are regression checks, not measures of generalisation: the
next set written measures again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contract_review.domain import RiskLevel
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus

from .engine_fixtures import make_engine, make_registry

#: End to end on the shipped domains: the sets are FIDIC and generic contracts.
pytestmark = pytest.mark.requires_domain("fidic", "generic")

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
#: Held-out sets: the share of their one-sided terms that must be flagged, and how many
#: of their balanced clauses may be flagged (as measured when the set arrived).
SETS: dict[str, tuple[float, int]] = {
    "fresh": (1.0, 0),
    "blind": (1.0, 0),
    "fifth": (1.0, 0),
    "sixth": (1.0, 0),
    "seventh": (1.0, 1),
    "eighth": (1.0, 1),
    "ninth": (1.0, 0),
    "tenth": (1.0, 0),
    "eleventh": (1.0, 0),
    "twelfth": (1.0, 0),
    "thirteenth": (1.0, 1),
    "fourteenth": (1.0, 0),
    "fifteenth": (1.0, 0),
    "sixteenth": (1.0, 1),
    "seventeenth": (1.0, 1),
    "eighteenth": (1.0, 0),
    "nineteenth": (1.0, 0),
    "twentieth": (1.0, 3),
}


def _manifest(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (FIXTURES / f"{name}_expected.json").read_text(encoding="utf-8")
    )
    return data


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> ReviewEngine:
    return make_engine(tmp_path_factory.mktemp("held-out"), make_registry())


def _flagged(engine: ReviewEngine, manifest: dict[str, Any]) -> dict[str, set[str]]:
    """Per contract, the clauses with a high or critical finding."""
    result: dict[str, set[str]] = {}
    for path, expected in manifest.items():
        request = ReviewRequest(
            domain_id=expected["domain"], documents=[DocumentInput(path=str(REPO_ROOT / path))]
        )
        state = engine.start(request)
        result[path] = {
            f.clause_id
            for f in state.findings
            if f.status is FindingStatus.FOUND
            and f.risk_level in (RiskLevel.HIGH, RiskLevel.CRITICAL)
        }
    return result


@pytest.mark.parametrize("name", sorted(SETS))
def test_one_sided_terms_are_flagged_and_balanced_clauses_are_not(
    engine: ReviewEngine, name: str
) -> None:
    manifest = _manifest(name)
    flagged = _flagged(engine, manifest)
    terms = [(path, t) for path, entry in manifest.items() for t in entry["terms"]]
    missed = [
        (p, t["category"], t["clause_id"]) for p, t in terms if t["clause_id"] not in flagged[p]
    ]
    share = 1 - len(missed) / len(terms)
    floor, allowed_false_flags = SETS[name]
    assert share >= floor, f"{name}: {share:.2f} of the terms flagged; missed: {missed}"
    wrong = [
        (path, b["category"], b["clause_id"])
        for path, entry in manifest.items()
        for b in entry.get("balanced", [])
        if b["clause_id"] in flagged[path]
    ]
    assert len(wrong) <= allowed_false_flags, f"{name}: balanced clauses flagged high: {wrong}"
