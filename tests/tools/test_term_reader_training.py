"""The SHA/SPA term reader's training: the writers' free-text categories map onto the
playbook's, and a reader fitted on a labelled set reads its seeded terms for the party
reviewed for (parties marked) and names their subjects among the playbook's categories."""

from __future__ import annotations

import pytest
from labelled_sets import SHA_SPA_SETS, UNNAMED, canonical_category, labelled_sections
from train_term_reader import fit, marked

from contract_review.playbooks.playbook_loading import load_playbook_resource
from contract_review.playbooks.term_reader import OTHER_PARTY, OUR_PARTY, TermReader


@pytest.mark.parametrize(
    ("written", "category"),
    [
        ("founder_cap_too_low", "seller_cap_too_low"),
        ("company_liability_cap_low", "seller_cap_too_low"),
        ("seller_liability_uncapped", "indemnity_no_cap"),
        ("drag_along_no_investor_consent_or_preference", "drag_along_without_price_floor"),
        ("general_disclosure_and_buyer_knowledge_bar", "general_disclosure"),
        ("pro_sandbagging_buyer_knowledge", "pro_sandbagging"),
        ("claim_period_too_long", "warranty_survival_long_or_unlimited"),
        ("survival_period_too_short", "short_claim_period"),
        ("neutral_arbitration", "forum_of_one_party"),
        ("technology_license_perpetual_royalty_free", None),
    ],
)
def test_writers_categories_map_onto_the_playbooks(written: str, category: str | None) -> None:
    assert canonical_category("sha_spa", written) == category


@pytest.mark.parametrize(
    ("written", "party", "category"),
    [
        ("redemption", "投资方", "redemption_weak"),
        ("redemption", "创始人", "buy_back_at_high_return"),
        ("buyback", "founder", "buy_back_at_high_return"),
        ("performance_compensation", "投资方", "performance_compensation_limited"),
        ("performance_compensation", "创始人", "indemnity_no_cap"),
        ("sandbagging", "seller", "pro_sandbagging"),
        ("qualified_ipo_definition", "创始人", "qualified_listing_too_narrow"),
        ("qualified_ipo_definition", "投资方", "qualified_listing_too_wide"),
        ("sandbagging", "buyer", "anti_sandbagging"),
        ("founder_warranty_cap", "founder", "seller_cap_too_high"),
        ("liability_cap", "受让方", "seller_cap_too_low"),
        ("founder_warranty_liability_uncapped", "founder", "founder_personal_liability"),
        ("specific_indemnity", "受让方", "specific_indemnity_limited"),
        ("conduct_of_business", "buyer", "interim_conduct_unrestricted"),
        ("definition_of_loss", "buyer", "loss_definition"),
    ],
)
def test_a_subject_named_by_its_mechanism_maps_by_the_party_reviewed_for(
    written: str, party: str, category: str | None
) -> None:
    assert canonical_category("sha_spa", written, party) == category


def test_other_domains_keep_their_categories() -> None:
    assert canonical_category("generic", "anything_written") == "anything_written"


def test_every_mapped_category_is_the_playbooks() -> None:
    from labelled_sets import SHA_SPA_CATEGORIES, SHA_SPA_SIDE_CATEGORIES

    playbook = load_playbook_resource("contract_review_sha_spa")
    categories = {rule.category for rule in playbook.rules}
    assert {category for _, category in SHA_SPA_CATEGORIES} <= categories
    assert {category for _, _, category in SHA_SPA_SIDE_CATEGORIES} <= categories


def test_a_reader_fitted_on_a_set_reads_its_terms_for_the_party() -> None:
    sections = list(labelled_sections(SHA_SPA_SETS[:1]))
    assert any(OUR_PARTY in marked(s) for s in sections)
    assert any(OTHER_PARTY in marked(s) for s in sections)
    reader = TermReader(*fit(sections), min_probability=0.6)
    terms = [s for s in sections if s.terms]
    plain = [s for s in sections if not s.terms and not s.balanced]
    read = [reader.read(marked(s)) for s in terms]
    assert sum(r is not None for r in read) >= 0.9 * len(terms)  # in sample
    assert sum(reader.read(marked(s)) is not None for s in plain) <= 0.05 * len(plain)
    named = [(s, r) for s, r in zip(terms, read, strict=True) if r and s.terms - {UNNAMED}]
    assert sum(r.category in s.terms for s, r in named) >= 0.8 * len(named)


def test_split_definitions_label_the_definition_that_holds_the_quote() -> None:
    """With ``split_definitions`` a definitions section is one example per definition,
    and a term seeded in one definition labels that definition alone."""
    whole = [s for s in labelled_sections(["fortyfourth"]) if s.clause_id == "1.1"]
    split = [
        s
        for s in labelled_sections(["fortyfourth"], split_definitions=True)
        if s.clause_id == "1.1"
    ]
    assert len(split) > len(whole)
    termed = [s for s in split if "leakage_permitted_too_broad" in s.terms]
    assert len(termed) == 1
    assert termed[0].text.lstrip().startswith('"Permitted Leakage" means')
    # no label is lost in the split
    assert set().union(*(s.terms for s in split)) == set().union(*(s.terms for s in whole))
