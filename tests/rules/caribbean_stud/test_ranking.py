"""Art. 8: the ten hand classes and every tie-break of the text, down to the suit."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from dealer_trainer.rules.caribbean_stud.cards import DECK, Rank
from dealer_trainer.rules.caribbean_stud.ranking import (
    DecidedBy,
    HandClass,
    compare,
    evaluate,
    hand_key,
    key_of,
)
from dealer_trainer.rules.errors import RulesError

from .helpers import cards, hand


def winner(first: str, second: str) -> int | None:
    return compare(hand(first), hand(second)).winner


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS KS QS JS TS", HandClass.ROYAL_FLUSH),
        ("KH QH JH TH 9H", HandClass.STRAIGHT_FLUSH),
        ("5C 4C 3C 2C AC", HandClass.STRAIGHT_FLUSH),
        ("9S 9H 9C 9D 2S", HandClass.FOUR_OF_A_KIND),
        ("KS KH KD 6C 6D", HandClass.FULL_HOUSE),
        ("TD 9D 7D 5D 2D", HandClass.FLUSH),
        ("6S 7H 8C 9D TS", HandClass.STRAIGHT),
        ("AH 2S 3D 4C 5C", HandClass.STRAIGHT),
        ("AH KS QD JC TC", HandClass.STRAIGHT),
        ("KS KH KD 6C 5D", HandClass.THREE_OF_A_KIND),
        ("TS TH 6C 6D 5S", HandClass.TWO_PAIRS),
        ("TS TH 9C 7D 6S", HandClass.ONE_PAIR),
        ("AS KH 9C 7D 6S", HandClass.HIGH_CARD),
        ("QS KH AC 2D 3S", HandClass.HIGH_CARD),  # no wrap-around straight
    ],
)
def test_caribbean_art8_classes_by_the_text_examples(text: str, expected: HandClass) -> None:
    assert hand(text).hand_class is expected


def test_caribbean_art8_classes_in_order_from_royal_flush_down() -> None:
    examples = [
        "AS KS QS JS TS",
        "KH QH JH TH 9H",
        "9S 9H 9C 9D 2S",
        "KS KH KD 6C 6D",
        "TD 9D 7D 5D 2D",
        "6S 7H 8C 9D TS",
        "KS KH KD 6C 5D",
        "TS TH 6C 6D 5S",
        "TS TH 9C 7D 6S",
        "AS KH 9C 7D 6S",
    ]
    values = [hand(text) for text in examples]
    assert [value.hand_class.item for value in values] == list(range(1, 11))
    assert all(higher > lower for higher, lower in pairwise(values))


def test_caribbean_art8_1_royal_flush_two_royals_higher_suit_wins() -> None:
    result = compare(hand("AH KH QH JH TH"), hand("AS KS QS JS TS"))
    assert result.winner == 1
    assert result.decided_by is DecidedBy.SUIT
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(1)"


def test_caribbean_art8_2_straight_flush_king_high_is_highest_wheel_lowest() -> None:
    assert winner("KD QD JD TD 9D", "QS JS TS 9S 8S") == 0
    assert winner("5S 4S 3S 2S AS", "6D 5D 4D 3D 2D") == 1
    assert hand("5S 4S 3S 2S AS").ranks == (Rank.FIVE,)


def test_caribbean_art8_2_straight_flush_equal_ranks_higher_suit_wins() -> None:
    result = compare(hand("9D 8D 7D 6D 5D"), hand("9C 8C 7C 6C 5C"))
    assert result.winner == 1
    assert result.decided_by is DecidedBy.SUIT
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(2)"


def test_caribbean_art8_3_four_of_a_kind_higher_quad_wins_fifth_card_ignored() -> None:
    result = compare(hand("3S 3H 3C 3D AS"), hand("4S 4H 4C 4D 2S"))
    assert result.winner == 1
    assert result.decided_by is DecidedBy.RANK
    assert hand("3S 3H 3C 3D AS").ranks == (Rank.THREE,)


def test_caribbean_art8_4_full_house_higher_trips_wins() -> None:
    result = compare(hand("8S 8H 8C 2D 2S"), hand("7S 7H 7D AD AS"))
    assert (result.winner, result.decided_by) == (0, DecidedBy.RANK)
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(4)"


def test_caribbean_art8_5_flush_compares_cards_from_the_highest_down() -> None:
    assert winner("KD JD 9D 6D 3D", "KS JS 9S 6S 2S") == 0
    assert winner("AC 6C 5C 4C 2C", "KS QS JS 9S 8S") == 0


def test_caribbean_art8_5_flush_equal_ranks_higher_suit_wins() -> None:
    result = compare(hand("KD JD 9D 6D 3D"), hand("KH JH 9H 6H 3H"))
    assert (result.winner, result.decided_by) == (1, DecidedBy.SUIT)
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(5)"


def test_caribbean_art8_6_straight_higher_wins_ace_low_straight_lowest() -> None:
    assert winner("AD KS QS JS TS", "KD QH JH TH 9H") == 0
    assert winner("5S 4S 3S 2S AD", "6D 5D 4C 3D 2H") == 1


def test_caribbean_art8_6_straight_equal_ranks_suit_of_the_highest_card() -> None:
    result = compare(hand("TS 9S 8S 7S 6H"), hand("TH 9D 8D 7D 6D"))
    # Same ranks: the suit of the highest card (the ten) decides, spades over hearts.
    assert (result.winner, result.decided_by) == (0, DecidedBy.SUIT)
    assert hand("TS 9S 8S 7S 6H").deciding_card == cards("TS")[0]


def test_caribbean_art8_6_wheel_straight_decided_by_the_suit_of_the_five() -> None:
    # Art. 4(3): in 5-4-3-2-A the ace is low, so the five is the highest card.
    wheel_spade_five = hand("5S 4D 3D 2D AD")
    wheel_club_five = hand("5C 4S 3S 2S AS")
    assert wheel_spade_five.deciding_card == cards("5S")[0]
    assert compare(wheel_spade_five, wheel_club_five).winner == 0


def test_caribbean_art8_7_three_of_a_kind_higher_trips_wins_odd_cards_ignored() -> None:
    result = compare(hand("KS KH KD 6C 5D"), hand("AS AH AD 2C 3D"))
    assert (result.winner, result.decided_by) == (1, DecidedBy.RANK)
    assert hand("KS KH KD 6C 5D").ranks == (Rank.KING,)


def test_caribbean_art8_8_two_pairs_higher_pair_then_lower_pair_then_odd_card() -> None:
    assert winner("JS JH 3C 3D 2S", "TS TH 9C 9D AS") == 0
    assert winner("JS JH 4C 4D 2S", "JD JC 3S 3H AS") == 0
    assert winner("JS JH 4C 4D 2S", "JD JC 4S 4H 3S") == 1


def test_caribbean_art8_8_two_pairs_all_equal_suit_of_the_higher_pair() -> None:
    # Equal pairs and odd card: the higher pair's best suit decides (spade jack here).
    result = compare(hand("JS JD 4C 4D 9S"), hand("JH JC 4S 4H 9D"))
    assert (result.winner, result.decided_by) == (0, DecidedBy.SUIT)
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(8)"
    # The lower pair's spade does not decide.
    result = compare(hand("JC JD 4S 4D 9S"), hand("JH JS 4C 4H 9D"))
    assert result.winner == 1


def test_caribbean_art8_9_one_pair_pair_rank_then_odd_cards_from_highest() -> None:
    assert winner("TS TH 9C 7D 6S", "9S 9H AC KD QS") == 0
    assert winner("TS TH 9C 7D 6S", "TD TC 9D 7C 5S") == 0
    assert winner("TS TH 8C 7D 6S", "TD TC 9D 3C 2S") == 1


def test_caribbean_art8_9_one_pair_all_equal_suit_of_the_pair() -> None:
    result = compare(hand("TS TD 9C 7D 6H"), hand("TH TC 9D 7C 6S"))
    assert (result.winner, result.decided_by) == (0, DecidedBy.SUIT)
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(9)"
    assert hand("TH TC 9D 7C 6S").deciding_card == cards("TH")[0]


def test_caribbean_art8_10_high_card_from_the_highest_down() -> None:
    assert winner("AS KH 9C 7D 6S", "AD KC 9H 7S 5S") == 0
    assert winner("AS QH JC 9D 8S", "AD KC 3H 4S 6S") == 1


def test_caribbean_art8_10_high_card_all_equal_suit_of_the_highest_card() -> None:
    result = compare(hand("AD KS 9S 7S 6S"), hand("AC KH 9H 7H 6D"))
    assert (result.winner, result.decided_by) == (1, DecidedBy.SUIT)
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(10)"


def test_caribbean_art8_different_classes_cite_the_winners_class() -> None:
    result = compare(hand("AS KH 9C 7D 6S"), hand("2S 2H 3C 4D 6D"))
    assert result.winner == 1
    assert result.decided_by is DecidedBy.RANK
    assert str(result.citation) == "caribbean-stud-2004 Art. 8(9)"


def test_caribbean_art8_ties_push_variant_equal_ranks_tie() -> None:
    result = compare(hand("KD JD 9D 6D 3D"), hand("KH JH 9H 6H 3H"), ties_push=True)
    assert (result.winner, result.decided_by) == (None, DecidedBy.TIE)
    assert compare(hand("KD JD 9D 6D 4D"), hand("KH JH 9H 6H 3H"), ties_push=True).winner == 0


def test_caribbean_art1_1_compare_refuses_hands_sharing_a_card() -> None:
    with pytest.raises(RulesError) as raised:
        compare(hand("AS KS QS JS TS"), hand("AS KD QD JD TD"))
    assert raised.value.code == "duplicate_card"


def test_caribbean_art8_fast_key_equals_the_readable_key_on_every_rank_pattern() -> None:
    # Every 13th hand of the enumeration: all classes and many suit patterns.
    for index, combo in enumerate(combinations(range(52), 5)):
        if index % 13:
            continue
        value = evaluate([DECK[i] for i in combo])
        assert hand_key(combo) == value.key, value


def test_caribbean_art8_fast_key_ignores_the_order_of_the_cards() -> None:
    text = "TS TD 9C 7D 6H"
    assert key_of(cards(text)) == key_of(tuple(reversed(cards(text)))) == hand(text).key
