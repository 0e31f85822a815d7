"""The generic domain's clause locator (``locate_clauses`` hook): core's signal locator
with the domain's signal table and fitted parameters (the machinery itself is tested
with a throwaway table in ``tests/locator``).

* Its CUAD acceptance figures (macro precision and recall over the 16 categories CUAD
  labels) are checked with the CUAD benchmark's modules, in
  ``tests/benchmarks/test_cuad_scoring.py``.
* On small contracts written here, English and Chinese, numbered and not: a topic
  that is there is located at the right clause, a topic that is not gives ``[]``.
* Property: every location lies inside the document and quotes a non-empty
  passage (units in arbitrary text: ``tests/locator``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import contract_review_generic.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document, Sectioning
from contract_review.locator.features import FEATURE_NAMES, document_text, topic_features
from contract_review.locator.units import clause_units
from contract_review.registry import load_registry
from contract_review.review.routing import locate_clauses as route_locate
from contract_review.review.state import ReviewState
from contract_review.testing.declared import declared_locations
from contract_review.testing.strategies import review_states
from contract_review_generic.checklist import CHECKLIST, DOMAIN_SPEC
from contract_review_generic.clause_locator import LOCATOR, SIGNALS
from contract_review_generic.locate import LocateClauseInput, locate_topic

CONTRACT_EN = """SUPPLY AGREEMENT

This Supply Agreement is made between Northwind Ltd (the "Supplier") and Contoso Inc (the "Buyer").

1. Definitions
1.1 "Products" means the goods listed in Schedule 1.

2. Payment
2.1 The Buyer shall pay each invoice within thirty (30) days of receipt.

3. Limitation of Liability
3.1 In no event shall either party be liable for any indirect, incidental or consequential damages. Each party's aggregate liability under this Agreement shall not exceed the fees paid by the Buyer in the twelve (12) months preceding the claim.

4. Assignment
4.1 Neither party may assign or transfer this Agreement without the prior written consent of the other party, and any purported assignment without such consent shall be void.

5. Governing Law
5.1 This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.

6. Notices
6.1 Notices shall be in writing and delivered to the addresses above.
"""

CONTRACT_ZH = """采购合同

甲方与乙方经友好协商，订立本合同。

第一条 定义
本合同所称产品是指附件一所列货物。

第二条 付款
买方应在收到发票后30日内支付货款。

第三条 转让
未经对方事先书面同意，任何一方不得转让本合同项下的权利义务。

第四条 保密
双方应对在履行本合同过程中知悉的商业秘密承担保密义务。

第五条 法律适用
本合同的订立、效力、解释和履行适用中华人民共和国法律。
"""

# No numbered sections: paragraphs with standalone headings, as filed agreements often are.
CONTRACT_UNNUMBERED = """SPONSORSHIP AGREEMENT

This Sponsorship Agreement is entered into by Alpha Corp and Beta LLC.

SPONSORSHIP

Beta LLC will display the logo of Alpha Corp on its web site during the term and will provide monthly traffic reports.

INSURANCE

Beta LLC shall maintain, at its own expense, commercial general liability insurance with limits of not less than one million dollars per occurrence, and shall name Alpha Corp as an additional insured.

GOVERNING LAW

This Agreement shall be governed by the laws of the State of California.
"""


@pytest.fixture(scope="module")
def english() -> Document:
    return parse_text(CONTRACT_EN, name="supply.txt")


@pytest.fixture(scope="module")
def chinese() -> Document:
    return parse_text(CONTRACT_ZH, name="purchase.txt")


@pytest.fixture(scope="module")
def unnumbered() -> Document:
    return parse_text(CONTRACT_UNNUMBERED, name="sponsorship.txt")


def _hook(document: Document, topic: str) -> list[str]:
    """The clause ids the plugin's hook returns for ``topic``."""
    item = DOMAIN_SPEC.checklist_item(topic)
    assert item is not None
    state = ReviewState(domain_id="generic", documents=[document])
    located = declared_locations(plugin.GENERIC, item, state)
    assert located is not None
    return [location.clause_id for location in located]


# ------------------------------------------------------------------ small contracts


@pytest.mark.parametrize(
    ("topic", "clause_id"),
    [("governing_law", "5.1"), ("anti_assignment", "4.1"), ("cap_on_liability", "3.1")],
)
def test_english_topic_is_located_at_its_clause(
    english: Document, topic: str, clause_id: str
) -> None:
    assert _hook(english, topic)[0] == clause_id


@pytest.mark.parametrize(
    "topic", ["insurance", "non_compete", "liquidated_damages", "audit_rights"]
)
def test_english_topic_absent_gives_empty(english: Document, topic: str) -> None:
    assert _hook(english, topic) == []


@pytest.mark.parametrize(
    ("topic", "clause_id"), [("governing_law", "第五条"), ("anti_assignment", "第三条")]
)
def test_chinese_topic_is_located_at_its_article(
    chinese: Document, topic: str, clause_id: str
) -> None:
    assert _hook(chinese, topic)[0] == clause_id


@pytest.mark.parametrize("topic", ["insurance", "cap_on_liability", "non_compete"])
def test_chinese_topic_absent_gives_empty(chinese: Document, topic: str) -> None:
    assert _hook(chinese, topic) == []


def test_unnumbered_contract_is_located_by_paragraph(unnumbered: Document) -> None:
    assert unnumbered.sectioning is Sectioning.PARAGRAPHS  # core's ¶ sections
    for topic, words in (("insurance", "additional insured"), ("governing_law", "governed by")):
        item = DOMAIN_SPEC.checklist_item(topic)
        assert item is not None
        located = LOCATOR.locate_topic_clauses(unnumbered, topic)
        assert located and located[0].clause_id.startswith("¶")
        assert words in located[0].text(unnumbered)
        assert located[0].reason
    assert LOCATOR.locate_topic_clauses(unnumbered, "anti_assignment") == []


def test_locate_skill_ranks_paragraphs_without_sections(unnumbered: Document) -> None:
    out = locate_topic(LocateClauseInput(clause_id="insurance", document_structure=unnumbered))
    assert out.found and out.best_section_id is not None
    assert out.best_section_id.startswith("¶")
    assert "insurance" in out.candidates[0].matched_keywords
    assert "additional insured" in out.candidates[0].excerpt
    assert any("paragraphs" in note for note in out.notes)


def test_without_a_contract_nothing_is_located() -> None:
    item = DOMAIN_SPEC.checklist_item("governing_law")
    assert item is not None
    empty = ReviewState(domain_id="generic", documents=[])
    assert declared_locations(plugin.GENERIC, item, empty) == []


def test_engine_routing_uses_the_declared_locator(english: Document) -> None:
    registry = load_registry(load_entrypoints=False, extra_plugins=(("generic", plugin),))
    state = ReviewState(domain_id="generic", documents=[english])
    item = DOMAIN_SPEC.checklist_item("governing_law")
    assert item is not None
    located = route_locate(registry, DOMAIN_SPEC, item, state)
    assert [location.clause_id for location in located][:1] == ["5.1"]
    absent = DOMAIN_SPEC.checklist_item("insurance")
    assert absent is not None
    assert route_locate(registry, DOMAIN_SPEC, absent, state) == []


def test_topics_outside_cuad_and_unknown_topics(english: Document) -> None:
    # Checklist topics CUAD does not label use the shared weights.
    assert _hook(english, "payment_terms")[:1] == ["2.1"]
    # An unknown topic is found by its keywords (fallback signals).
    ranking = LOCATOR.rank_topic(english, "notices_clause", ("notices", "in writing"))
    assert ranking.ranked and ranking.ranked[0].unit.label == "6.1"


def test_the_table_lists_each_topic_once_and_the_parameters_fit_it() -> None:
    topics = [row.topic for row in SIGNALS]
    assert len(topics) == len(set(topics)) == len(LOCATOR.topics)
    assert set(LOCATOR.parameters().topics) <= set(topics)
    assert LOCATOR.parameters().compatible()


def test_ranking_is_best_first(english: Document) -> None:
    ranking = LOCATOR.rank_topic(english, "governing_law")
    probabilities = [item.probability for item in ranking.ranked]
    assert probabilities == sorted(probabilities, reverse=True)
    assert ranking.found and ranking.found[0].probability >= ranking.threshold


# ------------------------------------------------------------------ properties


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=review_states(DOMAIN_SPEC), topic=st.sampled_from([i.clause_id for i in CHECKLIST]))
def test_locations_lie_inside_the_document(state: ReviewState, topic: str) -> None:
    item = DOMAIN_SPEC.checklist_item(topic)
    assert item is not None
    located = declared_locations(plugin.GENERIC, item, state)
    assert located is not None
    document = state.primary
    assert document is not None
    for location in located:
        assert 0 <= location.start < location.end <= len(document.source)
        quoted = location.text(document)
        assert quoted.strip() and quoted == quoted.strip()
        assert location.document == document.name and location.role == document.role


def _features(text: str, topic: str) -> dict[str, float]:
    document = parse_text(text, name="features.txt")
    prepared = document_text(document.source, clause_units(document))
    features = topic_features(prepared, LOCATOR.signals_for(topic))
    row = next(row for row, ok in zip(features.rows, features.eligible, strict=True) if ok)
    return dict(zip(FEATURE_NAMES, row, strict=True))


def test_sentence_level_evidence_sets_a_neighbouring_topic_apart() -> None:
    """A termination right on notice of a breach is not termination for convenience:
    the strong phrasing and the neighbouring topic's wording sit in one sentence."""
    for_cause = _features(
        "1. Termination\n\nEither party may terminate this Agreement upon thirty (30) days' "
        "written notice to the other party of any material breach by the other party.\n",
        "termination_for_convenience",
    )
    assert for_cause["strong_any"] == 1.0 and for_cause["against"] == 1.0
    assert for_cause["strong_clean"] == 0.0
    convenience = _features(
        "1. Termination\n\nEither party may terminate this Agreement at any time upon thirty "
        "(30) days' written notice. Either party may terminate this Agreement upon written "
        "notice if the other party commits a material breach.\n",
        "termination_for_convenience",
    )
    assert convenience["against"] == 1.0 and convenience["strong_clean"] == 1.0


def test_a_heading_naming_a_neighbouring_topic_is_a_feature() -> None:
    named = _features(
        "8. Termination for Cause\n\nEither party may terminate this Agreement on notice if "
        "the other party fails to pay.\n",
        "termination_for_convenience",
    )
    assert named["heading_against"] == 1.0
    plain = _features(
        "8. Termination\n\nEither party may terminate this Agreement at any time on thirty "
        "(30) days' notice.\n",
        "termination_for_convenience",
    )
    assert plain["heading_against"] == 0.0


def test_carve_outs_from_a_cap_are_uncapped_liability_wording() -> None:
    """ "except for its indemnification obligations, each party's liability shall not
    exceed ..." carves a liability out of the cap."""
    [carve_out, *_] = LOCATOR.signals_for("uncapped_liability").strong
    text = (
        "except for its indemnification obligations, each party's liability under this "
        "agreement shall not exceed the fees paid"
    )
    assert carve_out.search(text)
    assert carve_out.search("except for breach of confidentiality, neither party shall be liable")


@pytest.mark.parametrize(
    "text",
    [
        "7. Materials\n\nAll Materials shall remain the sole property of the Licensor.\n",
        "7. Ownership\n\nAs between the parties, the Sponsor retains all right, title and "
        "interest in the Sponsor Content.\n",
        "7. Title\n\nThis Agreement does not grant the Reseller title to or ownership of the "
        "Software.\n",
    ],
)
def test_what_stays_with_its_owner_is_not_an_ip_assignment(text: str) -> None:
    """Retention is the neighbouring wording of an assignment, not its phrasing."""
    features = _features(text, "ip_ownership_assignment")
    assert features["against"] == 1.0 and features["strong_clean"] == 0.0


def test_an_ip_assignment_is_its_topic_phrasing() -> None:
    features = _features(
        "7. Deliverables\n\nThe Consultant hereby assigns to the Client all intellectual "
        "property in the Deliverables.\n",
        "ip_ownership_assignment",
    )
    assert features["strong_any"] == 1.0 and features["against"] == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "9. Warranty\n\nVendor provides a six-month limited warranty on the Products.\n",
        "9. Warranty\n\nThe Supplier warrants that each Batch will be free from defects in "
        "material and workmanship for the period from the date of manufacture to its expiry "
        "date.\n",
    ],
)
def test_a_warranty_stated_with_its_period_is_the_topic_phrasing(text: str) -> None:
    """A warranty's duration said before the word ("a six-month limited warranty") or as
    a period between two dates is the phrasing of a warranty duration."""
    assert _features(text, "warranty_duration")["strong_any"] == 1.0


@pytest.mark.parametrize(
    "text",
    [
        "5. Volumes\n\nThere is no minimum amount of Gas that the Customer must deliver.\n",
        "6. Care\n\nThe Recipient shall take at least those measures that it takes to protect "
        "its own confidential information.\n",
        "6. Copies\n\nThe Distributor shall keep only the minimum number of copies of the "
        "Confidential Information.\n",
    ],
)
def test_a_minimum_that_commits_no_one_to_buy_is_neighbouring_wording(text: str) -> None:
    """A minimum denied, a standard of care or a count of copies is no commitment."""
    assert _features(text, "minimum_commitment")["against"] == 1.0


def test_a_minimum_purchase_is_the_topic_phrasing() -> None:
    features = _features(
        "5. Minimum Purchase\n\nThe Distributor shall purchase at least 1,000 units per "
        "calendar year.\n",
        "minimum_commitment",
    )
    assert features["strong_any"] == 1.0 and features["against"] == 0.0
