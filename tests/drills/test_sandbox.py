"""The felt sandbox's engine (no Qt): chips on spots become the rules core's request, the
refused bets are set aside with the core's code, and the craps history is one a table could
have played.  Expectations written here from the regulations, not from the rules core."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.drills.sandbox import (
    BetsError,
    Outcome,
    OutcomeError,
    WhatIf,
    random_cards,
    what_if,
)
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.chips import TableChips
from dealer_trainer.layouts.model import Felt
from dealer_trainer.rules.procedure import Action
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset


def felt_with(
    game: str, bets: dict[str, int], ruleset: Ruleset | None = None
) -> tuple[Felt, TableChips, Ruleset]:
    ruleset = ruleset or default_ruleset(game)
    felt = felt_for(game, ruleset)
    chips = TableChips(felt.spot_ids)
    for spot_id, amount in bets.items():
        chips.set_amount(spot_id, Decimal(amount))
    return felt, chips, ruleset


def actions(answer: WhatIf) -> dict[str, tuple[Action, Decimal | None]]:
    return {
        answer.spots[s.target]: (s.action, s.amount)
        for s in answer.steps
        if s.target in answer.spots
    }


def test_roulette_art4_art5_1_the_marker_then_the_losers_then_the_winners() -> None:
    felt, chips, ruleset = felt_with("roulette", {"straight-17": 10, "red": 50, "column-2": 20})
    answer = what_if(felt, chips, ruleset, Outcome(number=17))
    assert [s.action for s in answer.steps] == [Action.MARK, Action.COLLECT, Action.PAY, Action.PAY]
    # 17 is black, in the second column (2, 5, 8 … 35): column 2 to 1, straight-up 35 to 1.
    assert actions(answer) == {
        "red": (Action.COLLECT, None),
        "column-2": (Action.PAY, Decimal(40)),
        "straight-17": (Action.PAY, Decimal(350)),
    }
    assert (answer.collected, answer.paid, answer.house_net) == tuple(map(Decimal, (50, 390, -340)))


def test_craps_art2_3_come_bet_on_its_point_wins_on_a_come_out_roll() -> None:
    # The puck OFF: a come bet from the last hand stands on 6; the pass line is new.
    felt, chips, ruleset = felt_with("craps", {"pass": 10, "come-6": 10})
    answer = what_if(felt, chips, ruleset, Outcome(dice=(2, 4), point=None))
    assert actions(answer) == {"come-6": (Action.PAY, Decimal(10))}  # 1 to 1
    assert answer.idle_spots() == ("pass",)  # 6 on a come-out becomes the point
    assert answer.refused == ()


def test_craps_a_come_bet_cannot_lie_on_the_point_itself() -> None:
    felt, chips, ruleset = felt_with("craps", {"pass": 10, "come-6": 10, "come-8": 10})
    answer = what_if(felt, chips, ruleset, Outcome(dice=(5, 6), point=6))
    assert [(r.spot_id, r.code) for r in answer.refused] == [("come-6", "come_on_the_point")]
    assert answer.idle_spots() == ("pass", "come-8")  # 11 decides neither


def test_craps_art2_2_odds_over_the_cap_refused_and_art1_odds_need_a_point() -> None:
    felt, chips, ruleset = felt_with("craps", {"pass": 10, "pass-odds": 10, "come-4-odds": 10})
    answer = what_if(felt, chips, ruleset, Outcome(dice=(1, 3), point=4))
    # On 4 the odds pay 2 to 1, so at most half the line bet (5) keeps the win within it.
    assert {r.spot_id: r.code for r in answer.refused} == {
        "pass-odds": "odds_over_limit",
        "come-4-odds": "odds_without_bet",
    }
    assert actions(answer) == {"pass": (Action.PAY, Decimal(10))}


def test_caribbean_stud_art6_6_a_raise_not_twice_the_ante_is_refused() -> None:
    felt, chips, ruleset = felt_with("caribbean_stud", {"box-2-ante": 10, "box-2-raise": 30})
    dealer, hands = random_cards(5, (2,))
    answer = what_if(felt, chips, ruleset, Outcome(dealer=dealer, hands=hands))
    assert [(r.spot_id, r.code, str(r.citation)) for r in answer.refused] == [
        ("box-2-raise", "raise", "caribbean-stud-2004 Art. 6(6)")
    ]
    # Without its raise the box has folded: its ante is taken (Art. 6(7)).
    assert actions(answer) == {"box-2-ante": (Action.COLLECT, None)}


def test_caribbean_stud_a_card_dealt_twice_is_the_outcome_s_fault() -> None:
    felt, chips, ruleset = felt_with("caribbean_stud", {"box-1-ante": 10})
    hand = ("AS", "KD", "7C", "5H", "2S")
    with pytest.raises(OutcomeError) as refused:
        what_if(felt, chips, ruleset, Outcome(dealer=hand, hands={1: hand}))
    assert refused.value.code == "duplicate_card"


def test_caribbean_stud_art6_2_no_ante_on_any_box_is_said_before_any_card() -> None:
    """Art. 6(2): every box first bets the ante. A progressive and a raise with no ante on
    any box make no round whatever the cards: that is what is said, not the outcome."""
    felt, chips, ruleset = felt_with("caribbean_stud", {"box-2-progressive": 10, "box-3-raise": 20})
    dealer, hands = random_cards(3, (2, 3))
    for outcome in (Outcome(), Outcome(dealer=dealer, hands=hands)):
        with pytest.raises(BetsError) as refused:
            what_if(felt, chips, ruleset, outcome)
        assert refused.value.code == "no_ante"
        assert str(refused.value.citation) == "caribbean-stud-2004 Art. 6(2)"
        assert "ante" in refused.value.message


def test_caribbean_stud_art6_2_a_box_without_an_ante_beside_one_with_is_not_settled() -> None:
    felt, chips, ruleset = felt_with("caribbean_stud", {"box-1-ante": 10, "box-2-progressive": 10})
    dealer, hands = random_cards(8, (1, 2))
    answer = what_if(felt, chips, ruleset, Outcome(dealer=dealer, hands=hands))
    assert [(r.spot_id, r.code, str(r.citation)) for r in answer.refused] == [
        ("box-2-progressive", "no_ante", "caribbean-stud-2004 Art. 6(2)")
    ]


def test_caribbean_stud_random_cards_are_one_deck_and_reproducible() -> None:
    dealer, hands = random_cards(11, (1, 4, 7))
    cards = [*dealer, *(c for h in hands.values() for c in h)]
    assert len(cards) == len(set(cards)) == 20
    assert random_cards(11, (1, 4, 7)) == (dealer, hands)


def test_sic_bo_house_limit_refuses_a_bet_over_the_posted_maximum() -> None:
    house = default_ruleset("sic_bo").with_settings({"max_bet_small_big": "100"})
    felt, chips, ruleset = felt_with("sic_bo", {"big": 500, "total-12": 10}, house)
    answer = what_if(felt, chips, ruleset, Outcome(dice=(2, 5, 5)))
    assert [(r.spot_id, r.code) for r in answer.refused] == [("big", "over_table_limit")]
    assert actions(answer) == {"total-12": (Action.PAY, Decimal(60))}  # 6 to 1 on the house table
