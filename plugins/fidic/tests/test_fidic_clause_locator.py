"""The FIDIC ``locate_clauses`` hook: the Particular Conditions over the General Conditions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_review_fidic.plugin as plugin
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.registry import load_registry
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.routing import locate_clauses
from contract_review.review.state import ReviewState
from contract_review_fidic.checklist import DOMAIN_SPEC
from contract_review_fidic.clause_locator import (
    REASONS,
    PcTreatment,
    locate_fidic_clause,
    pc_passages,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fidic"

GC_EN = """GENERAL CONDITIONS

14 Contract Price and Payment

14.2 Advance Payment
The Employer shall make an advance payment of 10% of the Contract Price.

14.7 Payment
The Employer shall pay each interim payment within 56 days after receiving the Statement.

17 Risk and Responsibility

17.6 Limitation of Liability
The total liability of the Contractor shall not exceed the Contract Price.

20 Claims

20.1 Contractor's Claims
The Contractor shall give notice not later than 28 days after becoming aware of the event.

20.2 Appointment of the Dispute Adjudication Board
Disputes shall be adjudicated by a DAB.
"""

# Instructions inside bigger sections, as many Particular Conditions write them.
PC_EN = """PARTICULAR CONDITIONS

Clause 14 Contract Price and Payment

In Sub-Clause 14.7, '56 days' is replaced by '90 days'.

Clause 17 Risk and Responsibility

Sub-Clause 17.6 is deleted.

Clause 20 Claims

Sub-Clause 20.1 is deleted and replaced by the following:
The Contractor shall give notice within 14 days, failing which the claim is barred.
Late notice is of no effect.

Sub-Clause 20.9 [Local Disputes] is added:
Disputes under local law go to the courts of the Country.
"""

GC_ZH = """通用条件

14.7 期中付款
雇主应在收到报表后56天内支付。

17.6 责任限制
承包商的责任总额不超过合同价格。

20.1 承包商索赔
承包商应在察觉该事件后28天内发出索赔通知。
"""

PC_ZH = """专用条件

第一部分 修改

将第14.7款中的“56天”改为“90天”。

第17.6款删除。

删除第20.1款，替换为：
承包商应在14天内发出通知。
"""


def _doc(text: str, name: str, role: str) -> Document:
    return parse_text(text, name=name, role=role)


def _item(clause_id: str) -> ChecklistItem:
    item = DOMAIN_SPEC.checklist_item(clause_id)
    return item if item is not None else ChecklistItem(clause_id=clause_id, clause_name=clause_id)


def _state(*documents: Document) -> ReviewState:
    return ReviewState(domain_id="fidic", documents=list(documents))


def _quote(state: ReviewState, location: ClauseLocation) -> str:
    document = next(d for d in state.documents if d.name == location.document)
    assert 0 <= location.start <= location.end <= len(document.source)
    return location.text(document)


@pytest.fixture(scope="module")
def english() -> ReviewState:
    return _state(_doc(PC_EN, "pc.txt", "primary"), _doc(GC_EN, "gc.txt", "gc"))


@pytest.fixture(scope="module")
def chinese() -> ReviewState:
    agreement = _doc("合同协议书\n\n1. 雇主与承包商订立本合同。\n", "agreement.txt", "primary")
    return _state(agreement, _doc(PC_ZH, "pc_zh.txt", "pc"), _doc(GC_ZH, "gc_zh.txt", "gc"))


def test_replaced_sub_clause_is_only_the_pc_passage(english: ReviewState) -> None:
    located = locate_fidic_clause(_item("20.1"), english)
    assert located is not None and len(located) == 1
    (only,) = located
    assert (only.role, only.clause_id, only.reason) == (
        "primary",
        "20.1",
        REASONS[PcTreatment.REPLACED],
    )
    assert _quote(english, only) == (
        "Sub-Clause 20.1 is deleted and replaced by the following:\n"
        "The Contractor shall give notice within 14 days, failing which the claim is barred.\n"
        "Late notice is of no effect."
    )


def test_deleted_sub_clause_is_the_deleting_passage(english: ReviewState) -> None:
    located = locate_fidic_clause(_item("17.6"), english)
    assert located is not None
    assert [(x.role, x.clause_id) for x in located] == [("primary", "17.6")]
    assert _quote(english, located[0]) == "Sub-Clause 17.6 is deleted."
    assert located[0].reason == "deleted by the Particular Conditions"


def test_amended_sub_clause_is_pc_then_gc(english: ReviewState) -> None:
    located = locate_fidic_clause(_item("14.7"), english)
    assert located is not None
    assert [(x.role, x.clause_id) for x in located] == [("primary", "14.7"), ("gc", "14.7")]
    assert _quote(english, located[0]) == "In Sub-Clause 14.7, '56 days' is replaced by '90 days'."
    assert _quote(english, located[1]).startswith("14.7 Payment\nThe Employer shall pay")
    assert located[0].reason == "amended by PC; General Conditions text follows"


def test_silent_pc_gives_the_gc_sub_clause(english: ReviewState) -> None:
    located = locate_fidic_clause(_item("14.2"), english)
    assert located is not None
    assert [(x.role, x.clause_id, x.reason) for x in located] == [
        ("gc", "14.2", "General Conditions (not amended)")
    ]
    assert _quote(english, located[0]).startswith("14.2 Advance Payment")
    assert "14.7" not in _quote(english, located[0])


def test_nowhere_is_empty(english: ReviewState) -> None:
    assert locate_fidic_clause(_item("18.1"), english) == []


def test_added_sub_clause(english: ReviewState) -> None:
    located = locate_fidic_clause(_item("20.9"), english)
    assert located is not None
    assert [(x.role, x.reason) for x in located] == [
        ("primary", "replaced by the Particular Conditions")
    ]
    assert "courts of the Country" in _quote(english, located[0])


def test_unparsed_instructions() -> None:
    pc = _doc(
        "PARTICULAR CONDITIONS\n\nClause 14 Payment\n\n"
        "Sub-Clause 14.2 is deleted and replaced by the text in Annex 3.\n\n"
        "In Sub-Clause 14.7 the period for payment is extended to ninety days.\n",
        "pc.txt",
        "primary",
    )
    state = _state(pc, _doc(GC_EN, "gc.txt", "gc"))
    replaced = locate_fidic_clause(_item("14.2"), state)
    amended = locate_fidic_clause(_item("14.7"), state)
    assert replaced is not None and amended is not None
    assert [(x.role, x.reason) for x in replaced] == [
        ("primary", "replaced by the Particular Conditions")
    ]
    assert [x.role for x in amended] == ["primary", "gc"]
    assert _quote(state, amended[0]).endswith("extended to ninety days.")


def test_topic_ids_are_left_to_core(english: ReviewState) -> None:
    assert locate_fidic_clause(_item("governing_law"), english) is None


def test_headed_pc_sections(english: ReviewState) -> None:
    """PC written sub-clause by sub-clause under headings (tests/data/pc_en.txt)."""
    data = Path(__file__).parent / "data"
    state = _state(
        _doc((data / "pc_en.txt").read_text(encoding="utf-8"), "pc_en.txt", "primary"),
        _doc((data / "gc_en.txt").read_text(encoding="utf-8"), "gc_en.txt", "gc"),
    )
    replaced = locate_fidic_clause(_item("14.7"), state)
    amended = locate_fidic_clause(_item("14.2"), state)
    amended_at_end = locate_fidic_clause(_item("20.1"), state)
    assert replaced is not None and amended is not None and amended_at_end is not None
    assert [x.role for x in replaced] == ["primary"]
    assert "84 days" in _quote(state, replaced[0])
    assert [x.role for x in amended] == ["primary", "gc"]
    assert _quote(state, amended[0]).startswith("Sub-Clause 14.2 Advance Payment\nReplace")
    assert [x.role for x in amended_at_end] == ["primary", "gc"]


def test_chinese_instructions_in_a_pc_document(chinese: ReviewState) -> None:
    amended = locate_fidic_clause(_item("14.7"), chinese)
    deleted = locate_fidic_clause(_item("17.6"), chinese)
    replaced = locate_fidic_clause(_item("20.1"), chinese)
    assert amended is not None and deleted is not None and replaced is not None
    assert [(x.role, x.clause_id) for x in amended] == [("pc", "14.7"), ("gc", "14.7")]
    assert _quote(chinese, amended[0]) == "将第14.7款中的“56天”改为“90天”。"
    assert [(x.role, _quote(chinese, x)) for x in deleted] == [("pc", "第17.6款删除。")]
    assert [(x.role, _quote(chinese, x)) for x in replaced] == [
        ("pc", "删除第20.1款，替换为：\n承包商应在14天内发出通知。")
    ]


def test_single_document_contract_without_gc() -> None:
    contract = _doc(
        "EPC CONTRACT\n\n14 Payment\n\n14.7 Payment\nThe Employer shall pay within 90 days.\n\n"
        "17 Risk\n\n17.6 Limitation of Liability\nSub-Clause 17.6 is deleted.\n",
        "epc.txt",
        "primary",
    )
    state = _state(contract)
    own = locate_fidic_clause(_item("14.7"), state)
    deleted = locate_fidic_clause(_item("17.6"), state)
    assert own is not None and deleted is not None
    assert [(x.role, x.clause_id, x.reason) for x in own] == [
        ("primary", "14.7", "the contract's own text (no General Conditions supplied)")
    ]
    assert _quote(state, own[0]) == "14.7 Payment\nThe Employer shall pay within 90 days."
    assert [x.reason for x in deleted] == ["deleted by the Particular Conditions"]
    assert locate_fidic_clause(_item("20.1"), state) == []


def test_amendment_without_gc_text() -> None:
    state = _state(_doc(PC_EN, "pc.txt", "primary"))
    located = locate_fidic_clause(_item("14.7"), state)
    assert located is not None
    assert [(x.role, x.reason) for x in located] == [
        ("primary", "amended by PC; the General Conditions text was not found")
    ]


def test_section_passage_stops_at_the_next_instruction() -> None:
    pc = _doc(
        "PARTICULAR CONDITIONS\n\nSub-Clause 1.1 Definitions\nAdd the following definition: "
        '"Site" means the land.\n\nSub-Clause 17.6 is deleted.\n',
        "pc.txt",
        "primary",
    )
    (passage,) = pc_passages(pc, (1, 1))
    assert pc.source[passage.start : passage.end].endswith('"Site" means the land.')
    assert [p.number for p in pc_passages(pc, (17, 6))] == [(17, 6)]


def test_the_review_locates_with_the_declared_locator(english: ReviewState) -> None:
    registry = load_registry()
    assert registry.clause_locators["fidic"].item is plugin.FIDIC.clause_locator
    located = locate_clauses(registry, DOMAIN_SPEC, _item("17.6"), english)
    assert [x.reason for x in located] == ["deleted by the Particular Conditions"]


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="examples/fidic is not in this checkout")
def test_example_documents() -> None:
    def example(name: str, role: str) -> Document:
        return _doc((EXAMPLES / name).read_text(encoding="utf-8"), name, role)

    state = _state(
        example("particular_conditions.txt", "primary"),
        example("general_conditions.txt", "gc"),
        example("employers_requirements.txt", "er"),
    )
    roles = {}
    for item in DOMAIN_SPEC.checklist:
        located = locate_fidic_clause(item, state)
        assert located is not None
        roles[item.clause_id] = [x.role for x in located]
        for location in located:
            assert item.clause_id in _quote(state, location)
    assert roles == {
        "1.1": ["primary", "gc"],
        "1.5": ["primary"],
        "4.1": ["primary", "gc"],
        "4.12": ["primary"],
        "8.2": ["primary", "gc"],
        "14.1": ["primary", "gc"],
        "14.2": ["primary", "gc"],
        "14.7": ["primary", "gc"],
        "17.6": ["primary"],
        "18.1": ["primary", "gc"],
        "20.1": ["primary"],
        "20.2": ["primary"],
    }


# --------------------------------------------------------------------------- property

_NUMBERS = ("1.5", "4.1", "8.2", "14.2", "14.7", "17.6", "20.1")
_ACTIONS = {
    # action: (English PC text, expected roles)
    "replace_heading": (
        "Sub-Clause {n} Title\nDelete this Sub-Clause and substitute:\nNew {n} text.",
        ["primary"],
    ),
    "replace_inline": (
        "Sub-Clause {n} is deleted and replaced by the following:\nNew {n} text.",
        ["primary"],
    ),
    "delete": ("Sub-Clause {n} is deleted.", ["primary"]),
    "amend_inline": (
        'In Sub-Clause {n}, "the old words" is replaced by "new words".',
        ["primary", "gc"],
    ),
    "amend_heading": (
        "Sub-Clause {n} Title\nAdd the following at the end of this Sub-Clause:\nMore.",
        ["primary", "gc"],
    ),
    "silent": ("", ["gc"]),
}


@settings(max_examples=40, deadline=None)
@given(
    plan=st.lists(
        st.tuples(st.sampled_from(_NUMBERS), st.sampled_from(sorted(_ACTIONS))),
        min_size=1,
        max_size=6,
        unique_by=lambda pair: pair[0],
    ),
    grouped=st.booleans(),
)
def test_locations_follow_the_pc_and_stay_inside_their_documents(
    plan: list[tuple[str, str]], grouped: bool
) -> None:
    gc_text = "GENERAL CONDITIONS\n\n" + "\n\n".join(
        f"{n} Heading {n}\nThe old words of Sub-Clause {n}." for n in _NUMBERS
    )
    blocks = [_ACTIONS[action][0].format(n=n) for n, action in plan if action != "silent"]
    heading = "Clause 99 Amendments\n\n" if grouped else ""
    pc_text = "PARTICULAR CONDITIONS\n\n" + heading + "\n\n".join(blocks) + "\n"
    state = _state(_doc(pc_text, "pc.txt", "primary"), _doc(gc_text, "gc.txt", "gc"))
    for n, action in plan:
        located = locate_fidic_clause(_item(n), state)
        assert located is not None
        assert [x.role for x in located] == _ACTIONS[action][1], (n, action, pc_text)
        for location in located:
            assert location.clause_id == n
            quoted = _quote(state, location)
            assert n in quoted
            other_numbers = [m for m, _ in plan if m != n]
            assert not any(f"Sub-Clause {m} " in quoted for m in other_numbers)
