"""The caches keyed by a document's text give what the uncached computation gives, and
never one document's answer for another's."""

from __future__ import annotations

import re

from contract_review.documents.contract_type import TITLE_CHARS, _inferred, infer_contract_type
from contract_review.documents.loading import parse_text
from contract_review.playbooks.contract_parties import _head, _parties_in, find_parties
from contract_review.playbooks.drafting_slots import _slots_of, drafting_slots
from contract_review.playbooks.rule_matching import rule_pattern

SUPPLY = (
    'SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Ltd (the "Supplier") '
    'and Beta Inc (the "Buyer").\n\n1. Price\n\nThe Buyer shall pay the Contract Price '
    "within 30 days.\n"
)
LICENCE = (
    "LICENCE AGREEMENT\n\nThis Licence Agreement is made between Gamma plc (the "
    '"Licensor") and Delta LLC (the "Licensee").\n\n1. Royalties\n\nThe Licensee '
    "shall pay royalties quarterly.\n"
)


def test_contract_type_cache_matches_the_computation_and_hands_out_copies() -> None:
    supply = parse_text(SUPPLY, name="supply.txt")
    first = infer_contract_type(supply)
    again = infer_contract_type(supply)
    assert first == again and first is not again
    assert first.evidence is not again.evidence  # a caller's change stays its own
    assert first == _inferred.__wrapped__(SUPPLY, SUPPLY[:TITLE_CHARS])
    assert infer_contract_type(SUPPLY) == first  # the text alone, as the locator asks
    assert infer_contract_type(LICENCE).type_id != first.type_id


def test_parties_are_cached_per_opening_and_document_name() -> None:
    supply = parse_text(SUPPLY, name="supply.txt")
    renamed = parse_text(SUPPLY, name="other.txt")
    parties = find_parties(supply)
    assert parties == list(_parties_in.__wrapped__(_head(supply), "supply.txt"))
    assert find_parties(supply) is not parties  # a new list each time
    assert {p.document for p in find_parties(renamed)} == {"other.txt"}
    assert find_parties(parse_text(LICENCE, name="l.txt")) != parties


def test_drafting_slots_are_cached_per_text_and_language() -> None:
    supply = parse_text(SUPPLY, name="supply.txt")
    assert drafting_slots(supply) == _slots_of.__wrapped__(SUPPLY, supply.language)
    assert _slots_of(SUPPLY, "zh").chinese and not _slots_of(SUPPLY, "en").chinese


def test_rule_patterns_are_compiled_once_ignoring_case() -> None:
    pattern = r"liquidated\s+damages"
    assert rule_pattern(pattern) is rule_pattern(pattern)
    assert rule_pattern(pattern).pattern == pattern
    assert rule_pattern(pattern).flags & re.IGNORECASE
