"""Core's signal locator, configured here with a throwaway two-topic table and hand-set
weights (no domain plugin): a topic is found at the unit whose heading and phrasing
carry it and reported only above its threshold; a topic the table does not know is
found by the checklist item's keywords; a neighbouring topic's phrasing in the same
sentence counts against; units and locations always lie inside the document.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.locator import (
    LocatorParameters,
    SignalLocator,
    TopicParameters,
    TopicSignals,
    topic_signals,
)
from contract_review.locator.fast_patterns import FastPattern, top_level_alternatives
from contract_review.locator.features import FEATURE_NAMES
from contract_review.locator.signal_locator import clear_prepared, prepared_text
from contract_review.locator.signals import PERIOD, fallback_signals
from contract_review.locator.units import MAX_UNIT_CHARS, clause_units
from contract_review.review.state import ReviewState

TABLE: tuple[TopicSignals, ...] = (
    topic_signals(
        "governing_law",
        r"governing law|applicable law|法律适用",
        (r"\bgoverned by\b", r"\blaws of\b", r"适用.{0,12}法律"),
        support=(r"\bjurisdiction\b",),
        trigger=("govern", "law", "法律"),
    ),
    topic_signals(
        "termination_for_convenience",
        r"termination",
        (rf"\bterminate\b[^.]{{0,80}}\b{PERIOD}",),
        against=(r"\bbreach\b",),
        trigger=("terminat",),
    ),
)


def _weights(**named: float) -> tuple[float, ...]:
    return tuple(named.get(name, 0.0) for name in FEATURE_NAMES)


#: A heading naming the topic and a clean strong phrasing decide; a neighbouring topic's
#: wording in the same sentence counts against.
PARAMETERS = LocatorParameters(
    feature_names=FEATURE_NAMES,
    shared_weights=_weights(heading=2.0, lead_heading=1.0, strong_clean=3.0, against=-2.0),
    intercept=-3.0,
    topics={},
    default=TopicParameters(weights=_weights(), bias=0.0, threshold=0.5),
    extra_ratio=0.9,
    max_findings=2,
)

LOCATOR = SignalLocator(signals=TABLE, parameters=PARAMETERS)

CONTRACT = """SERVICES AGREEMENT

1. Services
1.1 The Supplier shall provide the services described in Schedule 1.

2. Termination
2.1 Either party may terminate this Agreement at any time on thirty (30) days' written notice.

3. Governing Law
3.1 This Agreement is governed by the laws of England and Wales.

4. Notices
4.1 Notices shall be given in writing to the addresses above.
"""

FOR_CAUSE = """1. Termination
1.1 Either party may terminate this Agreement on thirty (30) days' notice of a material breach.
"""


@pytest.fixture(scope="module")
def contract() -> Document:
    return parse_text(CONTRACT, name="services.txt")


def _ids(document: Document, topic: str, keywords: tuple[str, ...] = ()) -> list[str]:
    return [loc.clause_id for loc in LOCATOR.locate_topic_clauses(document, topic, keywords)]


def test_a_topic_is_found_at_its_clause(contract: Document) -> None:
    assert _ids(contract, "governing_law") == ["3.1"]
    assert _ids(contract, "termination_for_convenience") == ["2.1"]


def test_a_neighbouring_topic_in_the_same_sentence_counts_against() -> None:
    document = parse_text(FOR_CAUSE, name="for_cause.txt")
    ranking = LOCATOR.rank_topic(document, "termination_for_convenience")
    assert ranking.found == []
    [clause] = [item for item in ranking.ranked if item.unit.label == "1.1"]
    assert "neighbouring topic" in clause.reason


def test_a_topic_the_table_does_not_know_is_found_by_its_keywords(contract: Document) -> None:
    assert _ids(contract, "notices", ("notices", "in writing"))[:1] == ["4.1"]
    assert _ids(contract, "insurance", ("insurance",)) == []
    # the table's topics ignore keywords, so edited checklists do not move fitted weights
    assert LOCATOR.signals_for("governing_law", ("anything",)) is LOCATOR.signals_for(
        "governing_law"
    )


def test_the_declared_locator_reads_the_item_and_the_contract(contract: Document) -> None:
    item = ChecklistItem(clause_id="governing_law", clause_name="Governing law", keywords=["law"])
    state = ReviewState(domain_id="throwaway", documents=[contract])
    [location] = LOCATOR.locate_clause(item, state)
    assert location.clause_id == "3.1" and location.document == "services.txt"
    assert "governed by" in location.text(contract)
    assert LOCATOR.locate_clause(item, ReviewState(domain_id="throwaway", documents=[])) == []


def test_ranking_is_best_first_and_parameters_can_be_replaced(contract: Document) -> None:
    ranking = LOCATOR.rank_topic(contract, "governing_law")
    probabilities = [item.probability for item in ranking.ranked]
    assert probabilities == sorted(probabilities, reverse=True)
    strict = PARAMETERS.model_copy(
        update={"default": TopicParameters(weights=_weights(), bias=0.0, threshold=1.0)}
    )
    assert LOCATOR.locate_topic_clauses(contract, "governing_law", parameters=strict) == []


def test_a_table_lists_each_topic_once() -> None:
    with pytest.raises(ValueError, match="governing_law"):
        SignalLocator(signals=(*TABLE, TABLE[0]), parameters=PARAMETERS)
    assert LOCATOR.topics == ("governing_law", "termination_for_convenience")


def test_prepared_text_is_kept_per_document(contract: Document) -> None:
    clear_prepared()
    first = prepared_text(contract)
    assert prepared_text(contract) is first
    clear_prepared()
    assert prepared_text(contract) is not first


def test_fallback_signals_read_the_topic_id_without_keywords() -> None:
    signals = fallback_signals("audit_rights", ())
    assert signals.trigger == ("audit",)
    assert FastPattern.compile(signals.strong[0]).search("the customer has audit rights")


def test_long_sections_are_cut_into_units_within_the_limit() -> None:
    sentence = "The Supplier shall keep records of the services and make them available. "
    document = parse_text("1. Records\n1.1 " + sentence * 60, name="long.txt")
    units = [unit for unit in clause_units(document) if unit.section_id == "1.1"]
    assert len(units) > 1
    assert [unit.label for unit in units[:2]] == ["1.1 ¶1", "1.1 ¶2"]
    assert all(unit.end - unit.start <= MAX_UNIT_CHARS for unit in units)


# ------------------------------------------------------------------ properties

_WORDS = st.sampled_from(
    ["governed", "by", "the", "laws", "of", "terminate", "thirty (30) days", "breach",
     "12.3", "ARTICLE 5", "\n", "\n\n", "  ", ".", "；", "适用", "法律", "第三条"]
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(_WORDS | st.text(min_size=1, max_size=12), min_size=1, max_size=80),
    topic=st.sampled_from(["governing_law", "termination_for_convenience", "notices"]),
)
def test_units_and_locations_in_arbitrary_text(words: list[str], topic: str) -> None:
    text = " ".join(words)
    if not text.strip():
        return
    document = parse_text(text, name="arbitrary.txt")
    units = clause_units(document)
    for unit, following in itertools.pairwise(units):
        assert unit.end <= following.start
    for unit in units:
        passage = unit.text(document)
        assert passage.strip() and passage == passage.strip()
    for location in LOCATOR.locate_topic_clauses(document, topic, ("notices",)):
        assert 0 <= location.start < location.end <= len(document.source)
        assert location.text(document).strip()


@given(
    words=st.lists(st.sampled_from(["law", "laws", "outlaw", "by-laws", "(30)", " "]), max_size=8)
)
def test_fast_pattern_matches_like_re(words: list[str]) -> None:
    import re

    text = "".join(words)
    for pattern in (r"\blaws?\b|\(\d+\)", r"\b(?:\d+|\(\d+\))\s", r"\blaw"):
        assert FastPattern.compile(pattern).search(text) == bool(re.search(pattern, text))


def test_top_level_alternatives() -> None:
    assert top_level_alternatives(r"\ba|b(c|d)|[|]e") == [r"\ba", "b(c|d)", "[|]e"]
