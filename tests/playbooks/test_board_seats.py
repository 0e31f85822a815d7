"""Who controls the board, read from the seats each party may appoint, and what it
changes: a minority protection weakened burdens the side without control."""

from __future__ import annotations

import pytest

from contract_review.documents.loading import parse_text
from contract_review.playbooks.board_seats import board_seats, controls_board
from contract_review.playbooks.party_sides import burden_of, resolve_party
from contract_review_sha_spa.checklist import DOMAIN_SPEC

PLAYBOOK = DOMAIN_SPEC.playbook


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        (
            "The Buyer may appoint and remove three directors, and the Seller may appoint "
            "and remove two directors.",
            {"Buyer": 3, "Seller": 2},
        ),
        (
            "The Investor shall be entitled to nominate one (1) Director.",
            {"Investor": 1},
        ),
        (
            "董事会由五名董事组成，甲方有权委派三名董事，乙方有权委派两名董事。",
            {"甲方": 3, "乙方": 2},
        ),
        ("The Board shall consist of five directors.", {}),
    ],
)
def test_seats_are_read_in_english_and_chinese(text: str, seats: dict[str, int]) -> None:
    assert board_seats(text) == seats


def test_no_seats_or_a_tie_says_nothing() -> None:
    assert controls_board(["No seats here."], lambda word: word == "Buyer") is None
    tie = "The Buyer may appoint two directors and the Seller may appoint two directors."
    assert controls_board([tie], lambda word: word == "Buyer") is None


def test_seats_are_linear_on_hostile_input() -> None:
    text = "The Buyer may appoint " * 20_000
    assert board_seats(text) == {}


SHA = (
    'This Agreement is made between Harbour Holdings Ltd (the "Seller") and Northgate '
    'Capital Ltd (the "Buyer").\n\n9. Board\n9.1 The Buyer may appoint and remove three '
    "directors and the Seller may appoint and remove two directors.\n"
)


@pytest.mark.parametrize(("party", "burden"), [("buyer", "theirs"), ("seller", "ours")])
def test_a_weakened_minority_protection_burdens_the_side_without_control(
    party: str, burden: str
) -> None:
    document = parse_text(SHA, name="sha.txt")
    side = resolve_party(party, [document], sides=PLAYBOOK.sides)
    rule = next(
        r for r in PLAYBOOK.rules if r.rule_id == "sha_spa_quorum_without_minority_director"
    )
    assert rule.protects_minority
    assert burden_of(rule, None, side, PLAYBOOK.sides) == burden
    # without protects_minority, who controls the board changes nothing
    plain = rule.model_copy(update={"protects_minority": False})
    unseated = side.model_copy(update={"controls_board": None})
    assert burden_of(plain, None, side, PLAYBOOK.sides) == burden_of(
        plain, None, unseated, PLAYBOOK.sides
    )
