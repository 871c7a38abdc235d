"""Art. 1 (the deck) and Art. 4 (the order of suits and ranks)."""

from __future__ import annotations

import pytest

from dealer_trainer.rules.caribbean_stud.cards import (
    DECK,
    Card,
    Rank,
    Suit,
    check_one_deck,
    parse_card,
    parse_hand,
)
from dealer_trainer.rules.errors import RulesError

from .helpers import cards


def test_caribbean_art1_1_one_deck_of_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {card.index for card in DECK} == set(range(52))
    assert all(Card.from_index(card.index) is card for card in DECK)


def test_caribbean_art4_1_suits_spades_hearts_clubs_diamonds_high_to_low() -> None:
    ordered = sorted(Suit, key=lambda suit: suit.strength, reverse=True)
    assert ordered == [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]


def test_caribbean_art4_2_ranks_ace_high_down_to_two() -> None:
    ordered = sorted(Rank, key=lambda rank: rank.strength, reverse=True)
    assert [rank.label for rank in ordered] == [
        "A",
        "K",
        "Q",
        "J",
        "10",
        "9",
        "8",
        "7",
        "6",
        "5",
        "4",
        "3",
        "2",
    ]


def test_caribbean_art4_card_order_is_rank_then_suit() -> None:
    two_spades, three_diamonds, ace_diamonds, ace_spades = cards("2S 3D AD AS")
    assert two_spades < three_diamonds < ace_diamonds < ace_spades
    assert DECK[0] == Card(Rank.TWO, Suit.DIAMONDS)
    assert DECK[-1] == Card(Rank.ACE, Suit.SPADES)


def test_cards_parse_codes_and_labels() -> None:
    ten_spades = parse_card("ts", "a card")
    assert ten_spades == Card(Rank.TEN, Suit.SPADES)
    assert ten_spades.code == "TS"
    assert ten_spades.label == "10♠"


def test_cards_parse_ignores_case_and_surrounding_space() -> None:
    assert parse_card(" as ", "x") == Card(Rank.ACE, Suit.SPADES)


@pytest.mark.parametrize("text", ["1S", "10S", "TX", "", "ASS", 7, None])
def test_cards_refuse_what_is_not_a_card(text: object) -> None:
    with pytest.raises(RulesError) as raised:
        parse_card(text, "x")
    assert raised.value.code == "invalid_card"


def test_caribbean_art7_1_a_hand_has_five_cards() -> None:
    with pytest.raises(RulesError) as raised:
        parse_hand(["AS", "KS", "QS", "JS"], "box 1 cards")
    assert raised.value.code == "wrong_card_count"
    assert str(raised.value.citation) == "caribbean-stud-2004 Art. 7(1)"


def test_caribbean_art1_1_one_deck_refuses_a_card_twice() -> None:
    with pytest.raises(RulesError) as raised:
        check_one_deck({"dealer": cards("AS KS QS JS TS"), "box 2": cards("2D 3D 4D 5D TS")})
    assert raised.value.code == "duplicate_card"
    assert "10♠" in raised.value.message
    assert str(raised.value.citation) == "caribbean-stud-2004 Art. 1(1)"
