"""The coup: card points (Art. 5), the deal of Art. 7(1), naturals and the drawing rules
(secondary text), held to the independent tables of ``reference.py`` over every cell."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.baccarat.cards import DECK, Card, hand_total, is_pair, points
from dealer_trainer.rules.baccarat.coup import (
    Hand,
    StepKind,
    Winner,
    banker_draws,
    coup_steps,
    deal,
    player_draws,
)
from dealer_trainer.rules.errors import RulesError
from tests.rules.baccarat import reference
from tests.rules.baccarat.helpers import card, hand_of


def cards(*codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes]


def test_art_5_every_rank_counts_its_face_value_and_tens_and_pictures_zero() -> None:
    for deck_card in DECK:
        assert points(deck_card) == reference.POINTS[deck_card.code[0]], deck_card
    assert [points(c) for c in cards("AS", "9H", "TD", "JC", "QS", "KH")] == [1, 9, 0, 0, 0, 0]


@pytest.mark.parametrize(
    ("codes", "total"),
    [(("7S", "8H"), 5), (("9S", "9H", "2C"), 0), (("TS", "KH"), 0), (("5S", "4H"), 9)],
)
def test_art_5_a_hand_counts_the_last_digit_of_its_points(
    codes: tuple[str, ...], total: int
) -> None:
    assert hand_total(cards(*codes)) == total


def test_art_7_1_the_first_four_cards_go_player_banker_player_banker() -> None:
    coup = deal(cards("2S", "3S", "4S", "5S", "KD", "KC"))
    assert [c.code for c in coup.player.cards[:2]] == ["2S", "4S"]
    assert [c.code for c in coup.banker.cards[:2]] == ["3S", "5S"]
    steps = coup_steps(coup)
    assert [(s.kind, s.hand) for s in steps[:4]] == [
        (StepKind.DEAL, Hand.PLAYER),
        (StepKind.DEAL, Hand.BANKER),
        (StepKind.DEAL, Hand.PLAYER),
        (StepKind.DEAL, Hand.BANKER),
    ]
    assert [s.hand for s in steps[4:]] == [Hand.PLAYER, Hand.BANKER]  # the Player decides first


def test_art_13_1_a_pair_is_two_cards_of_one_rank_whatever_their_suits() -> None:
    assert is_pair(cards("JS", "JH")) and is_pair(cards("5C", "5D"))
    assert not is_pair(cards("JS", "QS"))  # both worth 0: not a pair
    assert not is_pair(cards("TS", "KS"))


@pytest.mark.parametrize("total", range(10))
def test_drawing_rules_the_player_by_every_two_card_total(total: int) -> None:
    if reference.PLAYER[total] != "N":
        assert player_draws(total) == (reference.PLAYER[total] == "D")
    # Dealt: the Banker holds 0 (no natural), so only the Player's own total decides.
    p1, p2 = hand_of(total)
    coup = deal(cards(p1, "KH", p2, "KC", "2D", "3D"))
    assert coup.player.natural == (reference.PLAYER[total] == "N")
    assert (coup.player.third_card is not None) == (reference.PLAYER[total] == "D")


@pytest.mark.parametrize("banker_total", range(10))
@pytest.mark.parametrize("player_third", [*range(10), None], ids=lambda v: f"third-{v}")
def test_drawing_rules_the_banker_in_every_cell_of_the_table(
    banker_total: int, player_third: int | None
) -> None:
    cell = reference.banker_cell(banker_total, player_third)
    if cell != "N":
        assert banker_draws(banker_total, player_third) == (cell == "D")
    # Dealt: a Player 2 that draws ``player_third``, or a Player 6 that stands.
    p1, p2 = hand_of(2 if player_third is not None else 6)
    b1, b2 = hand_of(banker_total)
    shoe = [p1, b1, p2, b2]
    if player_third is not None:
        shoe.append(card(player_third, "C"))
    shoe.append("4D")
    coup = deal(cards(*shoe))
    assert coup.banker.natural == (cell == "N")
    if cell == "N":  # a Banker natural: neither hand draws
        assert coup.player.third_card is None and coup.banker.third_card is None
        assert coup.cards_used == 4
    else:
        assert (coup.player.third_card is not None) == (player_third is not None)
        assert (coup.banker.third_card is not None) == (cell == "D")


@pytest.mark.parametrize("player_total", range(10))
@pytest.mark.parametrize("banker_total", range(10))
def test_naturals_when_either_hand_has_eight_or_nine_neither_draws(
    player_total: int, banker_total: int
) -> None:
    p1, p2 = hand_of(player_total)
    b1, b2 = hand_of(banker_total)
    coup = deal(cards(p1, b1, p2, b2, "KD", "KC"))
    natural = player_total >= 8 or banker_total >= 8
    if natural:
        assert coup.cards_used == 4
        assert [s.kind for s in coup_steps(coup)[4:]] == [StepKind.STAND, StepKind.STAND]
    assert coup.player.natural == (player_total >= 8)
    assert coup.banker.natural == (banker_total >= 8)


def test_winner_rule_the_higher_total_wins_and_equal_totals_tie() -> None:
    assert deal(cards("9S", "KS", "KH", "8H")).winner is Winner.PLAYER
    assert deal(cards("8S", "9S", "KH", "KH")).winner is Winner.BANKER
    assert deal(cards("8S", "8H", "KH", "KD")).winner is Winner.TIE


def test_a_shoe_that_runs_out_before_the_coup_is_complete_is_refused() -> None:
    for shoe in (["2S", "3S", "4S"], ["2S", "3S", "4S", "KS"], ["2S", "3S", "AS", "KS", "9D"]):
        with pytest.raises(RulesError) as raised:
            deal(cards(*shoe))
        assert raised.value.code == "shoe_too_short"


_ANY_CARD = st.sampled_from([c.code for c in DECK])


@settings(max_examples=600, deadline=None)
@given(st.lists(_ANY_CARD, min_size=6, max_size=8))
def test_every_coup_is_the_independent_tables_coup(shoe: list[str]) -> None:
    coup = deal(cards(*shoe))
    expected = reference.coup(shoe)
    assert expected is not None
    assert [c.code for c in coup.player.cards] == expected.player
    assert [c.code for c in coup.banker.cards] == expected.banker
    assert coup.player.total == reference.total(expected.player)
    assert coup.banker.total == reference.total(expected.banker)
    assert coup.winner.value == expected.winner
    assert coup.cards_used == len(expected.player) + len(expected.banker)
