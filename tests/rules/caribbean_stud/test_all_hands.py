"""Art. 8 over every five-card hand, and against an independent evaluator (treys)."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator

from dealer_trainer.rules.caribbean_stud.cards import DECK, Card
from dealer_trainer.rules.caribbean_stud.ranking import (
    CLASS_SHIFT,
    DecidedBy,
    HandClass,
    compare,
    evaluate,
    hand_class_of_key,
    hand_key,
)

STANDARD_COUNTS = {
    HandClass.ROYAL_FLUSH: 4,
    HandClass.STRAIGHT_FLUSH: 36,
    HandClass.FOUR_OF_A_KIND: 624,
    HandClass.FULL_HOUSE: 3_744,
    HandClass.FLUSH: 5_108,
    HandClass.STRAIGHT: 10_200,
    HandClass.THREE_OF_A_KIND: 54_912,
    HandClass.TWO_PAIRS: 123_552,
    HandClass.ONE_PAIR: 1_098_240,
    HandClass.HIGH_CARD: 1_302_540,
}
#: Where one deck cannot hold two hands of the same ranks, Art. 8 ignores the odd cards.
KICKERS_IGNORED = {HandClass.FOUR_OF_A_KIND, HandClass.FULL_HOUSE, HandClass.THREE_OF_A_KIND}
EVALUATOR = Evaluator()
TREYS = [TreysCard.new(card.rank.value + card.suit.value.lower()) for card in DECK]


def treys_value(hand: tuple[int, ...]) -> int:
    """treys' value of a hand of ``Card.index`` ints: 1 (royal flush) … 7462; lower is better."""
    return int(EVALUATOR.evaluate([TREYS[i] for i in hand[:2]], [TREYS[i] for i in hand[2:]]))


@pytest.mark.slow
def test_caribbean_art8_all_2598960_hands_have_the_standard_class_counts() -> None:
    counts = [0] * 10
    for hand in combinations(range(52), 5):
        counts[hand_key(hand) >> CLASS_SHIFT] += 1
    assert sum(counts) == 2_598_960
    by_class = {hand_class_of_key(strength << CLASS_SHIFT): n for strength, n in enumerate(counts)}
    assert by_class == STANDARD_COUNTS


@pytest.mark.slow
def test_caribbean_art8_order_agrees_with_treys_on_all_hands_wherever_treys_does_not_tie() -> None:
    # Our key without the suit (rank_key) must be a function of treys' value, and
    # decrease strictly as treys' value grows (gets worse) -- except for the odd
    # cards Art. 8(3), (4) and (7) ignore, where it may stay equal.
    rank_key_of: dict[int, int] = {}
    for hand in combinations(range(52), 5):
        value = treys_value(hand)
        rank_key = hand_key(hand) >> 2
        assert rank_key_of.setdefault(value, rank_key) == rank_key, hand
    assert len(rank_key_of) == 7462
    ordered = [rank_key_of[value] for value in sorted(rank_key_of)]
    for better, worse in pairwise(ordered):
        if better == worse:
            assert hand_class_of_key(better << 2) in KICKERS_IGNORED
        else:
            assert better > worse


cards_of_one_deck = st.permutations(DECK)


@settings(max_examples=400, deadline=None)
@given(cards_of_one_deck)
def test_caribbean_art8_two_hands_from_one_deck_never_tie(deck: list[Card]) -> None:
    first, second = evaluate(deck[:5]), evaluate(deck[5:10])
    assert first.key != second.key
    forward, backward = compare(first, second), compare(second, first)
    assert forward.winner is not None and backward.winner is not None
    assert forward.winner == 1 - backward.winner
    assert forward.decided_by is backward.decided_by
    assert forward.citation == backward.citation
    if forward.decided_by is DecidedBy.SUIT:
        assert first.hand_class == second.hand_class and first.ranks == second.ranks
        assert first.hand_class.suit_can_decide


@settings(max_examples=300, deadline=None)
@given(cards_of_one_deck)
def test_caribbean_art8_order_is_transitive_between_disjoint_hands(deck: list[Card]) -> None:
    a, b, c = (evaluate(deck[i : i + 5]) for i in (0, 5, 10))
    beats = {
        (x, y): compare(hands[x], hands[y]).winner == 0
        for hands in [(a, b, c)]
        for x in range(3)
        for y in range(3)
        if x != y
    }
    for x in range(3):
        for y in range(3):
            for z in range(3):
                if len({x, y, z}) == 3 and beats[x, y] and beats[y, z]:
                    assert beats[x, z]


@settings(max_examples=400, deadline=None)
@given(cards_of_one_deck)
def test_caribbean_art8_agrees_with_treys_between_disjoint_hands(deck: list[Card]) -> None:
    first = tuple(card.index for card in deck[:5])
    second = tuple(card.index for card in deck[5:10])
    ours = compare(evaluate(deck[:5]), evaluate(deck[5:10]))
    theirs_first, theirs_second = treys_value(first), treys_value(second)
    if theirs_first != theirs_second:
        assert ours.winner == (0 if theirs_first < theirs_second else 1)
        assert ours.decided_by is DecidedBy.RANK
    else:
        assert ours.decided_by is DecidedBy.SUIT


@settings(max_examples=400, deadline=None)
@given(cards_of_one_deck, st.permutations(range(5)))
def test_caribbean_art8_fast_key_equals_readable_key_in_any_card_order(
    deck: list[Card], order: list[int]
) -> None:
    hand = deck[:5]
    shuffled = [hand[i] for i in order]
    assert hand_key([card.index for card in shuffled]) == evaluate(hand).key
    assert evaluate(shuffled).key == evaluate(hand).key
