"""Art. 6 (the ante, the raise, the fold) and Art. 9 (qualification, settlement, pay table)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.caribbean_stud.cards import DECK, Card
from dealer_trainer.rules.caribbean_stud.ranking import HandClass, evaluate
from dealer_trainer.rules.caribbean_stud.table import (
    SPOTS_FROM_DEALER,
    Box,
    Decision,
    Outcome,
    Spot,
    dealer_qualifies,
    settle_showdown,
    spot_id,
)
from dealer_trainer.rules.errors import RulesError, RulesetError
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset

from .helpers import cards, hand

RULESET = default_ruleset("caribbean_stud")
#: Art. 9(5)(1)-(9), written out from the text (royal flush at the default 100 to 1).
RAISE_PAYS = {
    HandClass.HIGH_CARD: 1,
    HandClass.ONE_PAIR: 1,
    HandClass.TWO_PAIRS: 2,
    HandClass.THREE_OF_A_KIND: 3,
    HandClass.STRAIGHT: 4,
    HandClass.FLUSH: 5,
    HandClass.FULL_HOUSE: 7,
    HandClass.FOUR_OF_A_KIND: 20,
    HandClass.STRAIGHT_FLUSH: 50,
    HandClass.ROYAL_FLUSH: 100,
}
#: A-K high: the weakest qualifying dealer hand (Art. 9(1)).
DEALER_AK = "AS KD 7C 5H 2S"


def raised(number: int, ante: str, text: str) -> Box:
    return Box(number, Decimal(ante), cards(text)).raise_()


def settle_one(
    box: Box, dealer: str = DEALER_AK, ruleset: Ruleset = RULESET
) -> tuple[Outcome, Decimal, Outcome, Decimal, str, bool | None]:
    result = settle_showdown(cards(dealer), [box], ruleset).boxes[0]
    return (
        result.ante.outcome,
        result.ante.win,
        result.raise_.outcome,
        result.raise_.win,
        str(result.citation),
        result.beats_dealer,
    )


# ------------------------------------------------------------ Art. 6 --


def test_caribbean_art6_6_raise_is_exactly_twice_the_ante() -> None:
    box = Box(1, Decimal("25"), cards("QH QD 9S 4C 3C"))
    assert box.can_raise(Decimal("50"))
    assert not box.can_raise(Decimal("49.99"))
    assert not box.can_raise(Decimal("75"))
    assert box.raise_().raise_amount == Decimal("50")
    with pytest.raises(RulesError) as raised_error:
        box.verify_raise(Decimal("25"))
    assert raised_error.value.code == "invalid_raise"
    assert str(raised_error.value.citation) == "caribbean-stud-2004 Art. 6(6)"


def test_caribbean_art6_5_the_decision_is_taken_once() -> None:
    box = Box(1, Decimal("10"), cards("QH QD 9S 4C 3C")).fold()
    assert not box.can_raise()
    assert not box.can_fold()
    with pytest.raises(RulesError):
        box.raise_()


def test_caribbean_art6_2_every_box_bets_an_ante() -> None:
    with pytest.raises(RulesError) as raised_error:
        Box(1, Decimal("0"), cards("QH QD 9S 4C 3C"))
    assert str(raised_error.value.citation) == "caribbean-stud-2004 Art. 6(2)"


def test_caribbean_art2_1_boxes_are_numbered_1_to_7() -> None:
    for number in (0, 8):
        with pytest.raises(RulesError) as raised_error:
            Box(number, Decimal("10"), cards("QH QD 9S 4C 3C"))
        assert raised_error.value.code == "unknown_box"
        assert str(raised_error.value.citation) == "caribbean-stud-2004 Art. 2(1)"


def test_caribbean_art6_7_a_folded_box_loses_its_ante_and_has_no_raise() -> None:
    box = Box(2, Decimal("10"), cards("AH AC 9S 4C 3C")).fold()
    assert box.raise_amount == 0
    assert settle_one(box) == (
        Outcome.LOSE,
        Decimal("0"),
        Outcome.FOLDED,
        Decimal("0"),
        "caribbean-stud-2004 Art. 6(7)",
        None,
    )


def test_caribbean_art6_1_one_box_per_player() -> None:
    with pytest.raises(RulesError) as raised_error:
        settle_showdown(
            cards(DEALER_AK),
            [raised(3, "10", "QH QD 9S 4C 3C"), raised(3, "10", "JH JD 9D 4D 3D")],
            RULESET,
        )
    assert raised_error.value.code == "duplicate_box"
    assert str(raised_error.value.citation) == "caribbean-stud-2004 Art. 6(1)"


# ------------------------------------------------------------ Art. 9 --


@pytest.mark.parametrize(
    ("dealer", "qualifies"),
    [
        ("AS KD 7C 5H 2S", True),  # A-K high
        ("AS QD JC 5H 2S", False),  # A-Q high
        ("KS QD JC 9H 2S", False),  # K high, no ace
        ("3S 3D 7C 5H 2S", True),  # the lowest pair
        ("6S 5D 4C 3H 2S", True),  # a straight without ace or king
        ("9D 7D 5D 3D 2D", True),  # a flush without ace or king
    ],
)
def test_caribbean_art9_1_dealer_qualifies_with_ace_king_or_better(
    dealer: str, qualifies: bool
) -> None:
    assert dealer_qualifies(hand(dealer)) is qualifies


def test_caribbean_art9_2_dealer_not_qualified_returns_raise_and_pays_ante_one_to_one() -> None:
    box = raised(1, "100", "2H 3D 7S 8C 9C")  # a hand the dealer would beat
    assert settle_one(box, dealer="AS QD JC 5H 2S") == (
        Outcome.WIN,
        Decimal("100.00"),
        Outcome.RETURNED,
        Decimal("0.00"),
        "caribbean-stud-2004 Art. 9(2)",
        None,
    )


def test_caribbean_art9_4_dealer_wins_takes_ante_and_raise() -> None:
    box = raised(1, "100", "AH QC 9S 8C 3C")
    assert settle_one(box) == (
        Outcome.LOSE,
        Decimal("0"),
        Outcome.LOSE,
        Decimal("0"),
        "caribbean-stud-2004 Art. 9(4)",
        False,
    )


def test_caribbean_art9_4_same_ranks_the_suit_decides_for_the_dealer() -> None:
    # Dealer A♠ K♦ 7♣ 5♥ 2♠ against A♥ K♣ 7♦ 5♣ 2♦: equal ranks, the ace of spades wins.
    box = raised(1, "10", "AH KC 7D 5C 2D")
    assert settle_one(box)[2:] == (
        Outcome.LOSE,
        Decimal("0"),
        "caribbean-stud-2004 Art. 9(4)",
        False,
    )


@pytest.mark.parametrize(
    ("text", "ratio", "item"),
    [
        ("AH KC 8S 4C 3C", 1, 1),  # high card beating A-K-7
        ("QH QD 9S 4C 3C", 1, 1),
        ("QH QD 9S 9C 3C", 2, 2),
        ("QH QD QS 9C 3C", 3, 3),
        ("6H 7D 8S 9C TC", 4, 4),
        ("QH 8H 6H 4H 3H", 5, 5),
        ("QH QD QS 9C 9H", 7, 6),
        ("QH QD QS QC 3C", 20, 7),
        ("TH 9H 8H 7H 6H", 50, 8),
        ("AH KH QH JH TH", 100, 9),
    ],
)
def test_caribbean_art9_5_raise_pays_by_the_players_hand(text: str, ratio: int, item: int) -> None:
    result = settle_showdown(cards(DEALER_AK), [raised(4, "10", text)], RULESET).boxes[0]
    assert result.beats_dealer is True
    assert (result.ante.outcome, result.ante.win) == (Outcome.WIN, Decimal("10.00"))
    assert (result.raise_.outcome, result.raise_.win) == (Outcome.WIN, Decimal(20 * ratio))
    assert str(result.raise_.citation) == f"caribbean-stud-2004 Art. 9(5)({item})"
    assert str(result.citation) == "caribbean-stud-2004 Art. 9(5)"


@pytest.mark.parametrize("pays", [50, 75, 100])
def test_caribbean_art9_5_9_royal_flush_option_50_to_100(pays: int) -> None:
    ruleset = RULESET.with_settings({"royal_flush_pays": pays})
    result = settle_one(raised(1, "5", "AH KH QH JH TH"), ruleset=ruleset)
    assert result[3] == Decimal(10 * pays)


@pytest.mark.parametrize("pays", [49, 101, "lots"])
def test_caribbean_art13_royal_flush_option_outside_50_to_100_is_refused(pays: object) -> None:
    with pytest.raises(RulesetError) as raised_error:
        RULESET.with_settings({"royal_flush_pays": pays})
    assert raised_error.value.code == "invalid_setting"


def test_caribbean_art9_5_7_house_maximum_caps_four_of_a_kind_and_better_only() -> None:
    ruleset = RULESET.with_settings({"max_payout_per_round": "1500"})
    quads = raised(1, "100", "QH QD QS QC 3C")  # 200 × 20 = 4000
    full_house = raised(2, "200", "JH JD JS 9C 9H")  # 400 × 7 = 2800, not capped
    result = settle_showdown(cards(DEALER_AK), [quads, full_house], ruleset)
    assert [box.raise_.win for box in result.boxes] == [Decimal("1500"), Decimal("2800.00")]
    assert [box.ante.win for box in result.boxes] == [Decimal("100.00"), Decimal("200.00")]


def test_caribbean_art9_5_no_cap_until_the_house_posts_one() -> None:
    assert RULESET.decimal("max_payout_per_round") is None
    assert settle_one(raised(1, "1000", "QH QD QS QC 3C"))[3] == Decimal("40000.00")


def test_caribbean_art8_ties_push_house_variant_returns_ante_and_raise() -> None:
    ruleset = RULESET.with_settings({"tie_rule": "ties_push"})
    box = raised(1, "10", "AH KC 7D 5C 2D")
    assert settle_one(box, ruleset=ruleset)[:4] == (
        Outcome.PUSH,
        Decimal("0"),
        Outcome.PUSH,
        Decimal("0"),
    )


def test_caribbean_art9_settles_cents_exactly() -> None:
    box = raised(1, "12.35", "QH QD 9S 9C 3C")
    assert settle_one(box)[1] == Decimal("12.35")
    assert settle_one(box)[3] == Decimal("49.40")  # 24.70 × 2


def test_caribbean_art9_a_box_that_has_not_decided_cannot_be_settled() -> None:
    with pytest.raises(RulesError):
        settle_showdown(cards(DEALER_AK), [Box(1, Decimal("10"), cards("QH QD 9S 4C 3C"))], RULESET)


def test_caribbean_art2_2_three_spots_per_box_progressive_nearest_the_dealer() -> None:
    assert [spot.value for spot in SPOTS_FROM_DEALER] == ["progressive", "ante", "raise"]
    assert spot_id(3, Spot.ANTE) == "box-3-ante"
    assert len({spot_id(box, spot) for box in range(1, 8) for spot in Spot}) == 21
    with pytest.raises(RulesError):
        spot_id(8, Spot.RAISE)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.lists(st.booleans(), min_size=7, max_size=7), st.integers(1, 7))
def test_caribbean_art9_every_box_settles_by_the_text_on_random_tables(
    deck: list[Card], raises: list[bool], count: int
) -> None:
    boxes = []
    for number in range(1, count + 1):
        dealt = Box(number, Decimal("10"), tuple(deck[5 * number : 5 * number + 5]))
        boxes.append(dealt.raise_() if raises[number - 1] else dealt.fold())
    dealer = evaluate(deck[:5])
    showdown = settle_showdown(deck[:5], boxes, RULESET)
    assert showdown.qualifies is dealer_qualifies(dealer)
    for result in showdown.boxes:
        if result.box.decision is Decision.FOLD:
            assert (result.ante.outcome, result.raise_.outcome) == (Outcome.LOSE, Outcome.FOLDED)
        elif not showdown.qualifies:
            assert (result.ante.win, result.raise_.outcome) == (Decimal("10"), Outcome.RETURNED)
        elif result.hand.key > dealer.key:
            assert result.beats_dealer is True
            assert result.ante.win == Decimal("10")
            assert result.raise_.win == 20 * RAISE_PAYS[result.hand.hand_class]
        else:
            assert result.beats_dealer is False
            assert result.ante.win == result.raise_.win == 0
