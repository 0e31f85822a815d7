"""Hostile text is read in linear time: each family at a size where the quadratic code
it once met took minutes (a 64 K run of spaces: about four minutes to parse; a 64 K
English sentence of rule hits: over two minutes to review; a 40 K Chinese comma-only
sentence: 26 s to match), under a generous time limit. ``benchmarks/adversarial.py``
measures the growth per doubling up to 1 M characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review import load_registry, load_settings
from contract_review.documents.loading import parse_text
from contract_review.documents.text_parser import iter_lines
from contract_review.domain import Playbook
from contract_review.errors import InputError
from contract_review.playbooks.playbook_loading import load_playbook_resource
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import PlaybookRule
from contract_review.playbooks.value_reading import MAX_VALUE_DISTANCE
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.throwaway_domain import (
    THROWAWAY_DOMAIN_ID,
    THROWAWAY_PLAYBOOK,
    THROWAWAY_PLUGIN,
)

FRAME = (
    "SERVICES AGREEMENT\n\n"
    "1. Services\nThe Supplier shall provide the Services described in Schedule 1.\n\n"
    "2. Payment\nThe Customer shall pay each valid invoice within thirty (30) days.\n\n"
    "3. Special Terms\n{body}\n\n"
    "4. Governing Law\nThis Agreement is governed by the laws of England and Wales.\n"
)


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("blank", [" ", "\t", " \t  "])
def test_a_line_of_64k_blanks_parses(blank: str) -> None:
    text = FRAME.format(body="Term" + _repeat(blank, 64_000) + "ends.")
    document = parse_text(text, name="blanks.txt")
    assert [section.id for section in document.sections()][:4] == ["1", "2", "3", "4"]


def test_a_clause_number_run_into_a_long_line_still_starts_a_line() -> None:
    line = "x" * 250 + " on a timely basis.   2.1 Each Study shall be done." + "   " * 5
    starts = [text for _, text in iter_lines(line)]
    assert starts[1].startswith("2.1 Each Study")


def _shipped_playbook(domain_id: str) -> pytest.ParameterSet:
    """A shipped domain plugin's playbook, read when the test runs (skipped without it)."""
    return pytest.param(
        f"contract_review_{domain_id}", marks=pytest.mark.requires_domain(domain_id), id=domain_id
    )


#: The playbooks every rule of which hostile text is matched against.
PLAYBOOKS = [
    pytest.param(THROWAWAY_PLAYBOOK, id=THROWAWAY_DOMAIN_ID),
    _shipped_playbook("generic"),
    _shipped_playbook("fidic"),
    _shipped_playbook("sha_spa"),
]


def _present_rules(playbook: Playbook | str) -> list[PlaybookRule]:
    """The rules of ``playbook`` (or of the packaged playbook it names) that match text."""
    if isinstance(playbook, str):
        playbook = load_playbook_resource(playbook)
    return [rule for rule in playbook.rules if rule.when != "absent"]


@pytest.mark.timeout(90)
@pytest.mark.parametrize("playbook", PLAYBOOKS)
def test_a_100k_chinese_sentence_of_hits_is_matched_once_per_rule(
    playbook: Playbook | str,
) -> None:
    text = _repeat("甲方逾期付款的，每日千分之五，", 100_000)
    for rule in _present_rules(playbook):
        for hit in find_hits(rule, text):
            assert 0 <= hit.start < hit.end <= len(text)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("playbook", PLAYBOOKS)
def test_a_200k_sentence_of_numeric_hits_reads_each_hit_near_numbers_only(
    playbook: Playbook | str,
) -> None:
    """Each numeric hit reads only the numbers near it: before, every hit of a numeric
    rule looked at every number of its sentence, and a 50 K sentence of caps and claim
    periods took 3.5 s for one rule (16 times the time for 4 times the text)."""
    text = _repeat(
        "the Seller's aggregate liability shall not exceed 10% of the Purchase Price and "
        "claims must be notified within 6 months, 卖方的赔偿责任累计不超过转让价款的10%，"
        "索赔期限为6个月，",
        200_000,
    )
    for rule in _present_rules(playbook):
        for hit in find_hits(rule, text):
            assert 0 <= hit.start < hit.end <= len(text)
            if hit.value is not None:  # the number read is near its hit
                assert hit.value.start - hit.end <= MAX_VALUE_DISTANCE
                assert hit.start - hit.value.end <= MAX_VALUE_DISTANCE


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("domain_id", "termination_item"),
    [
        pytest.param(THROWAWAY_DOMAIN_ID, "5", id=THROWAWAY_DOMAIN_ID),
        pytest.param(
            "generic",
            "termination_for_convenience",
            marks=pytest.mark.requires_domain("generic"),
            id="generic",
        ),
    ],
)
def test_a_64k_english_sentence_of_hits_is_reviewed(
    tmp_path: Path, domain_id: str, termination_item: str
) -> None:
    body = _repeat(
        "the Employer may terminate at any time without cause and shall not be liable for "
        "any loss whatsoever, ",
        64_000,
    )
    path = tmp_path / "hits.txt"
    path.write_text(FRAME.format(body=body), encoding="utf-8")
    settings = load_settings(data_dir=tmp_path / "data", llm_provider="none")
    engine = ReviewEngine(
        load_registry(settings=settings, extra_plugins=(THROWAWAY_PLUGIN,)),
        settings=settings,
        storage=SqliteStorage(tmp_path / "reviews.sqlite3"),
        llm=None,
    )
    state = engine.start(
        ReviewRequest(domain_id=domain_id, documents=[DocumentInput(path=str(path))])
    )
    assert state.status == "complete"
    found = {f.checklist_item_id for f in state.findings if f.status is FindingStatus.FOUND}
    assert termination_item in found


def test_a_document_over_the_size_limit_is_refused_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text(FRAME.format(body="The Supplier shall act. " * 500), encoding="utf-8")
    settings = load_settings(
        data_dir=tmp_path / "data", llm_provider="none", max_document_chars=5_000
    )
    engine = ReviewEngine(
        load_registry(settings=settings, extra_plugins=(THROWAWAY_PLUGIN,)),
        settings=settings,
        storage=SqliteStorage(tmp_path / "reviews.sqlite3"),
        llm=None,
    )
    request = ReviewRequest(
        domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(path))]
    )
    with pytest.raises(InputError) as raised:
        engine.start(request)
    message = str(raised.value)
    assert "long.txt" in message and "5,000" in message and "\n" not in message
    assert "CONTRACT_REVIEW_MAX_DOCUMENT_CHARS" in message
