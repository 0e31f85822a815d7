"""The term-topic classifier and rules read by meaning: the packaged weights load and
score sentences by what they are about; a rule with a ``topic`` keeps a cue-word match
only in a sentence about its term; an unknown topic is a clear playbook error."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.playbooks.playbook_loading import PlaybookError, parse_playbook
from contract_review.playbooks.rule_matching import find_hits
from contract_review.playbooks.rule_models import KNOWN_CATEGORIES, PlaybookRule
from contract_review.playbooks.term_topics import NO_TOPIC, TopicModel, term_topics

#: The one-sided term categories common to every domain (the first ten known ones; the
#: SPA/SHA categories have too few labelled sentences to learn).
CATEGORIES = set(KNOWN_CATEGORIES[:10])

#: Sentences of our own, in words none of the labelled contracts use, and their topic.
SENTENCES = [
    (
        "The Purchaser may cancel this Agreement whenever it likes by sending the Vendor "
        "two weeks' written notice, and the Vendor has no matching right.",
        "termination_for_convenience_one_side",
    ),
    ("采购方应于收到发票后一百五十日内向供应方支付货款。", "long_payment_period"),
    (
        "Any disagreement about the amount payable shall be decided by the Buyer's "
        "procurement director, and that decision is final and binding on the Seller.",
        "dispute_decided_by_one_party",
    ),
    ("This Agreement is governed by the laws of Singapore.", NO_TOPIC),
    ("本合同一式四份，双方各执两份，具有同等法律效力。", NO_TOPIC),
]


def test_packaged_model_knows_every_category_and_none() -> None:
    topics = term_topics()
    assert set(topics.labels) == CATEGORIES | {NO_TOPIC}
    assert topics.model.weights.shape == (len(topics.labels), 512)
    assert topics.model.bias.shape == (len(topics.labels),)


@pytest.mark.parametrize(("sentence", "topic"), SENTENCES)
def test_sentences_are_scored_by_what_they_are_about(sentence: str, topic: str) -> None:
    scores = term_topics().probabilities([sentence])[0]
    assert max(scores, key=lambda label: scores[label]) == topic


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=80), min_size=1, max_size=4))
def test_probabilities_are_a_distribution_per_sentence(sentences: list[str]) -> None:
    rows = term_topics().probabilities(sentences)
    assert len(rows) == len(sentences)
    for row in rows:
        assert set(row) == set(term_topics().labels)
        assert all(0.0 <= value <= 1.0 for value in row.values())
        assert sum(row.values()) == pytest.approx(1.0, abs=1e-4)


def test_model_round_trips_through_its_file(tmp_path: Path) -> None:
    model = term_topics().model
    model.save(tmp_path / "topics.npz")
    again = TopicModel.load(tmp_path / "topics.npz")
    assert again.labels == model.labels
    assert again.embedder_model == model.embedder_model
    assert np.array_equal(again.weights, model.weights)
    assert np.array_equal(again.bias, model.bias)


def _rule(**fields: object) -> PlaybookRule:
    return PlaybookRule.model_validate(
        {
            "rule_id": "r",
            "clause_id": "c",
            "description": "d",
            "patterns": [r"\bterminat\w*|\bcancel\w*"],
            **fields,
        }
    )


def test_a_topic_keeps_cue_words_only_in_a_sentence_about_the_term() -> None:
    text = (
        "The Customer may cancel this Agreement at any time and for any reason on seven "
        "days' notice. The Supplier shall keep the Customer's data confidential during the "
        "term and for two years after its termination."
    )
    plain = find_hits(_rule(), text)
    read = find_hits(_rule(topic="termination_for_convenience_one_side"), text)
    assert len(plain) == 2
    assert [hit.matched for hit in read] == ["cancel"]


def test_related_topics_add_up() -> None:
    text = "The Contractor's liability under this Contract is not limited in amount."
    rule = _rule(patterns=[r"liabilit\w*"], topic_min=0.55)
    one = find_hits(rule.model_copy(update={"topic": ("uncapped_liability",)}), text)
    both = find_hits(
        rule.model_copy(update={"topic": ("uncapped_liability", "one_sided_liability")}), text
    )
    assert len(both) >= len(one)
    assert both


PLAYBOOK = """\
schema_version: 1
playbook_id: works
domain_id: works
version: "1.0.0"
title: Works playbook
rules:
  - rule_id: works_tfc
    clause_id: termination
    description: One party may end the contract at will.
    patterns: ['terminat']
    topic: {topic}
"""


def test_an_unknown_topic_names_the_rule_and_the_known_topics() -> None:
    with pytest.raises(PlaybookError) as caught:
        parse_playbook(PLAYBOOK.format(topic="walk_away"), source="works.yaml", fmt="yaml")
    message = str(caught.value)
    assert "works.yaml" in message and "works_tfc" in message and "walk_away" in message
    assert "termination_for_convenience_one_side" in message


def test_a_known_topic_loads_and_a_topic_on_an_absent_rule_is_refused() -> None:
    rule = parse_playbook(
        PLAYBOOK.format(topic="termination_for_convenience_one_side"),
        source="works.yaml",
        fmt="yaml",
    ).rules[0]
    assert rule.topic == ("termination_for_convenience_one_side",)
    with pytest.raises(ValueError, match="topic"):
        _rule(topic="uncapped_penalty", when="absent")
