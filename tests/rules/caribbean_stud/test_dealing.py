"""Art. 7 (dealing from the shoe and from the shuffler) and Art. 11(2) (one card exposed)."""

from __future__ import annotations

import pytest

from dealer_trainer.rules.caribbean_stud.cards import DECK, Card
from dealer_trainer.rules.caribbean_stud.dealing import (
    Deal,
    DealingMethod,
    can_deal,
    deal,
)
from dealer_trainer.rules.errors import RulesError

SHOE: tuple[Card, ...] = tuple(reversed(DECK))  # A♠, A♥, A♣, A♦, K♠, … from the top


def seats(dealt: Deal) -> list[int | None]:
    return [move.box for move in dealt.moves]


def test_caribbean_art7_1_shoe_one_card_at_a_time_left_to_right_dealer_last() -> None:
    dealt = deal(SHOE, [5, 2], DealingMethod.SHOE)
    assert seats(dealt) == [2, 5, None] * 5
    assert [move.position for move in dealt.moves[:3]] == [1, 1, 1]
    assert dealt.hand(2) == (SHOE[0], SHOE[3], SHOE[6], SHOE[9], SHOE[12])
    assert dealt.dealer_hand == (SHOE[2], SHOE[5], SHOE[8], SHOE[11], SHOE[14])
    assert len({move.packet for move in dealt.moves}) == 15  # every card on its own
    assert all(str(move.citation) == "caribbean-stud-2004 Art. 7(1)" for move in dealt.moves)


def test_caribbean_art7_1_only_the_dealers_fifth_card_is_face_up() -> None:
    dealt = deal(SHOE, [1, 3, 7], DealingMethod.SHOE)
    up = [move for move in dealt.moves if move.face_up]
    assert len(up) == 1
    assert up[0].to_dealer and up[0].position == 5
    assert up[0] is dealt.moves[-1]
    assert dealt.face_up == (dealt.dealer_hand[4],)


def test_caribbean_art7_2_shuffler_five_cards_at_once_per_box_dealer_last_fifth_up() -> None:
    dealt = deal(SHOE, [4, 1], DealingMethod.SHUFFLER)
    assert seats(dealt) == [1] * 5 + [4] * 5 + [None] * 5
    assert [move.packet for move in dealt.moves] == [0] * 5 + [1] * 5 + [2] * 5
    assert dealt.hand(1) == SHOE[:5]
    assert dealt.dealer_hand == SHOE[10:15]
    assert [move.face_up for move in dealt.moves] == [False] * 14 + [True]
    assert all(str(move.citation) == "caribbean-stud-2004 Art. 7(2)" for move in dealt.moves)


def test_caribbean_art7_cards_go_only_to_boxes_with_a_bet() -> None:
    dealt = deal(SHOE, [6], DealingMethod.SHOE)
    assert set(seats(dealt)) == {6, None}
    assert len(dealt.moves) == 10


@pytest.mark.parametrize(
    ("boxes", "cards", "code"),
    [
        ([], SHOE, "invalid_request"),
        ([8], SHOE, "unknown_box"),
        ([2, 2], SHOE, "duplicate_box"),
        ([1, 2, 3, 4, 5, 6, 7], SHOE[:39], "wrong_card_count"),
        ([1], (SHOE[0],) * 10, "duplicate_card"),
    ],
)
def test_caribbean_art7_deal_refuses_impossible_deals(
    boxes: list[int], cards: tuple[Card, ...], code: str
) -> None:
    assert not can_deal(boxes, cards)
    with pytest.raises(RulesError) as raised:
        deal(cards, boxes)
    assert raised.value.code == code


def test_caribbean_art7_a_full_table_uses_forty_cards() -> None:
    dealt = deal(SHOE, list(range(1, 8)))
    assert len(dealt.moves) == 40
    assert len({move.card for move in dealt.moves}) == 40


def test_caribbean_art11_2_dealers_card_exposed_stays_up_and_the_fifth_goes_down() -> None:
    dealt = deal(SHOE, [1, 2], DealingMethod.SHOE)
    dealers_second = next(m for m in dealt.moves if m.to_dealer and m.position == 2)
    after = dealt.expose_by_mistake(dealers_second.step)
    dealer_moves = [m for m in after.moves if m.to_dealer]
    assert [m.face_up for m in dealer_moves] == [False, True, False, False, False]
    assert str(after.moves[dealers_second.step].citation) == "caribbean-stud-2004 Art. 11(2)"
    assert after.exposed_by_mistake == (dealers_second.step,)
    assert dealt.moves[-1].face_up  # the record before the mistake is unchanged


def test_caribbean_art11_2_a_players_card_exposed_leaves_the_dealers_fifth_up() -> None:
    dealt = deal(SHOE, [1, 2], DealingMethod.SHOE)
    after = dealt.expose_by_mistake(0)
    assert after.moves[0].face_up
    assert after.moves[-1].face_up


def test_caribbean_art11_2_a_face_up_card_cannot_be_exposed_again() -> None:
    dealt = deal(SHOE, [3])
    assert not dealt.can_expose(len(dealt.moves) - 1)
    assert not dealt.can_expose(99)
    assert dealt.can_expose(0)
