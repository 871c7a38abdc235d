"""The dealer's calls before the showdown, judged by the rules core: Despacho 61/2004,
Art. 6(3) (the progressive bet before the first card), Art. 6(6) (the raise), Art. 7 (the
order of the deal), Art. 9(1) (the dealer's qualification) and Art. 11 (irregularities).

The expected orders and rulings are written here from the articles, not computed by the code
under test."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall, is_call
from dealer_trainer.rules.caribbean_stud.cards import DECK, Card
from dealer_trainer.rules.caribbean_stud.dealing import (
    DealingMethod,
    deal,
    hands_in_order,
    judge_card,
    methods,
)
from dealer_trainer.rules.caribbean_stud.rulings import (
    Irregularity,
    RulingChoice,
    judge_ruling,
)
from dealer_trainer.rules.caribbean_stud.table import (
    judge_progressive_bet,
    judge_qualification,
    judge_raise,
)
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import default_ruleset
from tests.rules.caribbean_stud.helpers import cards

SHOE: tuple[Card, ...] = tuple(reversed(DECK))
STUD = default_ruleset("caribbean_stud")


def _cite(text: str) -> Citation:
    return Citation.parse(f"caribbean-stud-2004 {text}")


def test_caribbean_stud_art7_dealing_order_from_the_shoe_is_one_card_each_left_to_right() -> None:
    """Art. 7(1): boxes 2, 4 and 6 and the dealer: 2, 4, 6, dealer, five times over."""
    dealt = deal(SHOE[:20], [6, 2, 4], DealingMethod.SHOE)
    wanted: list[int | None] = [2, 4, 6, None] * 5
    for n, seat in enumerate(wanted):
        assert judge_card(dealt, n, seat).correct
    for n, seat in enumerate(wanted):
        for other in (2, 4, 6, None):
            if other != seat:
                verdict = judge_card(dealt, n, other)
                assert (verdict.correct, verdict.code) == (False, "dealt_out_of_order")
                assert verdict.citation == _cite("Art. 7(1)")


def test_caribbean_stud_art7_dealing_order_from_the_shuffler_is_five_at_once_dealer_last() -> None:
    """Art. 7(2): the machine's packets of five, box 1, box 5, then the dealer."""
    dealt = deal(SHOE[:15], [5, 1], DealingMethod.SHUFFLER)
    assert judge_card(dealt, 0, 1).correct
    assert judge_card(dealt, 5, 5).correct
    assert judge_card(dealt, 10, None).correct
    verdict = judge_card(dealt, 5, None)  # the dealer before box 5
    assert (verdict.code, verdict.citation) == ("dealt_out_of_order", _cite("Art. 7(2)"))
    assert "five cards at once" in verdict.message
    assert not dealt.moves[9].face_up and dealt.moves[14].face_up  # the dealer's fifth


def test_caribbean_stud_art7_dealing_order_the_hands_come_out_as_dealt() -> None:
    """The cards in the order they leave the shoe give each seat its own hand back."""
    hands: dict[int | None, tuple[Card, ...]] = {
        3: cards("AS KS QS JS TS"),
        1: cards("2H 3H 4H 5H 7D"),
        None: cards("9C 9D 4C 8S 2D"),
    }
    for method in DealingMethod:
        dealt = deal(hands_in_order(hands, method), [1, 3], method)
        assert {seat: dealt.hand(seat) for seat in hands} == hands
    shoe = hands_in_order(hands, DealingMethod.SHOE)
    assert shoe[:3] == (cards("2H")[0], cards("AS")[0], cards("9C")[0])


def test_caribbean_stud_art7_dealing_order_a_card_beyond_the_deal_is_bad_input() -> None:
    dealt = deal(SHOE[:10], [1], DealingMethod.SHOE)
    with pytest.raises(RulesError, match="cards 0 to 9"):
        judge_card(dealt, 10, 1)


def test_caribbean_stud_art7_the_ruleset_names_the_tables_dealing_methods() -> None:
    assert STUD.choice("dealing_method") == "shoe_or_shuffler"
    assert methods(STUD) == (DealingMethod.SHOE, DealingMethod.SHUFFLER)


def test_caribbean_stud_art6_3_a_progressive_bet_is_accepted_only_before_the_first_card() -> None:
    assert judge_progressive_bet(0, accepted=True).correct
    assert judge_progressive_bet(1, accepted=False).correct
    assert judge_progressive_bet(17, accepted=False).correct
    late = judge_progressive_bet(1, accepted=True)
    assert (late.code, late.citation) == ("late_progressive_accepted", _cite("Art. 6(3)"))
    early = judge_progressive_bet(0, accepted=False)
    assert (early.code, early.citation) == ("early_progressive_refused", _cite("Art. 6(3)"))


def test_caribbean_stud_art6_6_a_raise_of_exactly_twice_the_ante_is_accepted() -> None:
    assert judge_raise(Decimal(25), Decimal(50), accepted=True).correct
    for wrong in (Decimal(25), Decimal("37.50"), Decimal(75), Decimal("50.01")):
        assert judge_raise(Decimal(25), wrong, accepted=False).correct
        verdict = judge_raise(Decimal(25), wrong, accepted=True)
        assert (verdict.code, verdict.citation) == ("wrong_raise_accepted", _cite("Art. 6(6)"))
        assert "exactly twice the ante, 50.00" in verdict.message
    refused = judge_raise(Decimal(25), Decimal(50), accepted=False)
    assert refused.code == "right_raise_refused"


def test_caribbean_stud_art9_1_the_dealers_qualification_call() -> None:
    for text, qualifies in (
        ("AS KD 7C 4H 2S", True),  # A-K high
        ("2S 2D 7C 9H JS", True),  # a pair of deuces
        ("AS QD 7C 4H 2S", False),  # A-Q high
        ("KS QD JC 9H 7S", False),
    ):
        assert judge_qualification(cards(text), STUD, qualifies).correct
        verdict = judge_qualification(cards(text), STUD, not qualifies)
        assert (verdict.code, verdict.citation) == ("wrong_qualification", _cite("Art. 9(1)"))
        assert "interpretation" in verdict.message


@pytest.mark.parametrize(
    ("irregularity", "ruling", "citation"),
    [
        (Irregularity.SEVERAL_CARDS_EXPOSED, RulingChoice.VOID, "Art. 11(1)"),
        (Irregularity.WRONG_DEALING_PROCEDURE, RulingChoice.VOID, "Art. 11(1)"),
        (Irregularity.WRONG_CARD_COUNT, RulingChoice.VOID, "Art. 11(1)"),
        (Irregularity.PLAYER_CARD_EXPOSED, RulingChoice.PLAY_ON, "Art. 11(2)"),
        (Irregularity.DEALER_CARD_EXPOSED, RulingChoice.DEALER_CARDS_DOWN, "Art. 11(2)"),
        (Irregularity.CARD_TO_EMPTY_BOX, RulingChoice.DEAD_HAND, "Art. 11(3)"),
        (Irregularity.SHUFFLER_FAILURE, RulingChoice.VOID_MACHINE, "Art. 11(4)"),
    ],
)
def test_caribbean_stud_art11_each_irregularity_is_ruled_as_its_paragraph_says(
    irregularity: Irregularity, ruling: RulingChoice, citation: str
) -> None:
    assert judge_ruling(irregularity, ruling).correct
    for other in RulingChoice:
        if other is not ruling:
            verdict = judge_ruling(irregularity, other)
            assert (verdict.code, verdict.citation) == ("wrong_ruling", _cite(citation))


def test_caribbean_stud_art11_4_a_shuffler_failure_is_not_the_void_of_11_1() -> None:
    """Art. 11(4) voids the round too, but the machine is replaced or the shoe used."""
    assert not judge_ruling(Irregularity.SHUFFLER_FAILURE, RulingChoice.VOID).correct
    assert not judge_ruling(Irregularity.SEVERAL_CARDS_EXPOSED, RulingChoice.VOID_MACHINE).correct


def test_caribbean_stud_art7_a_dealers_call_reads_back_from_its_json() -> None:
    for call in (
        DealerCall(CallAction.DEAL, None),
        DealerCall(CallAction.DEAL, 4),
        DealerCall(CallAction.REFUSE_BET, 2),
        DealerCall(CallAction.QUALIFY, qualifies=False),
    ):
        assert is_call(call.to_json())
        assert DealerCall.from_json(call.to_json()) == call
    assert not is_call({"action": "pay", "box": 1, "spot": "ante", "amount": "10.00"})
    with pytest.raises(RulesError):
        DealerCall.from_json({"action": "deal", "box": "dealer"})
    with pytest.raises(RulesError):
        DealerCall(CallAction.ACCEPT_RAISE)  # names no box
    with pytest.raises(RulesError):
        DealerCall(CallAction.DEAL, 8)  # Art. 2: seven boxes
