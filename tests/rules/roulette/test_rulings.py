"""Art. 2(2) golpe nulo, Art. 3 late bets, Art. 4 the number, Art. 5(3) disturbed chips."""

import pytest

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.roulette.rulings import (
    Phase,
    Spin,
    disturbed_winning_chips,
    golpe_nulo,
    late_bet,
)
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate

from .conftest import make_bet


def test_art2_2_golpe_nulo_bets_stand_and_ball_goes_to_previous_number(ruleset: Ruleset) -> None:
    spin = Spin(ruleset, previous_number=23).place(make_bet(ruleset, "a", "red"))
    spin = spin.ring_bell_and_spin().object_falls_into_wheel()
    assert spin.phase is Phase.BALL_SPINNING
    assert spin.ball_start_pocket == 23
    assert [b.id for b in spin.bets] == ["a"]
    assert spin.golpes_nulos == 1
    settled = spin.ball_rests(9).settle()
    assert settled.result("a").win == 10


def test_art2_2_golpe_nulo_ruling(ruleset: Ruleset) -> None:
    ruling = golpe_nulo(ruleset, previous_number=23)
    assert ruling.bets is BetFate.STAND
    assert not ruling.round_stands
    assert any("previous winning number (23)" in step.english() for step in ruling.steps)
    assert str(ruling.citation) == "roulette-2003 Art. 2(2)"


def test_roulette_art2_2_golpe_nulo_after_zero_puts_the_ball_in_zero(ruleset: Ruleset) -> None:
    """The previous number's pocket is 0's own pocket when 0 came (the digest's reading)."""
    spin = Spin(ruleset, previous_number=0).place(make_bet(ruleset, "a", "straight", (0,)))
    spin = spin.ring_bell_and_spin().object_falls_into_wheel()
    assert spin.ball_start_pocket == 0
    assert [b.id for b in spin.bets] == ["a"]
    ruling = golpe_nulo(ruleset, previous_number=0)
    assert ruling.bets is BetFate.STAND
    assert any("previous winning number (0)" in step.english() for step in ruling.steps)


def test_art2_2_golpe_nulo_only_while_the_ball_moves(ruleset: Ruleset) -> None:
    with pytest.raises(RulesError) as caught:
        Spin(ruleset, previous_number=5).object_falls_into_wheel()
    assert str(caught.value.citation) == "roulette-2003 Art. 2(2)"


def test_art3_bet_after_the_bell_is_refused(ruleset: Ruleset) -> None:
    spin = Spin(ruleset, previous_number=None).ring_bell_and_spin()
    late = make_bet(ruleset, "late", "straight", (17,))
    assert not spin.can_place(late)
    with pytest.raises(RulesError) as caught:
        spin.place(late)
    assert caught.value.code == "late_bet"
    assert str(caught.value.citation) == "roulette-2003 Art. 3"
    with pytest.raises(RulesError, match="may not be changed"):
        spin.remove("anything")
    assert late_bet(ruleset).bets is BetFate.REFUSED


def test_art3_bets_can_be_placed_and_taken_back_before_the_bell(ruleset: Ruleset) -> None:
    spin = Spin(ruleset, previous_number=None)
    bet = make_bet(ruleset, "a", "odd")
    assert spin.can_place(bet)
    spin = spin.place(bet)
    assert not spin.can_place(bet)  # the same id twice
    assert spin.remove("a").bets == ()


def test_art4_no_settlement_before_the_ball_rests(ruleset: Ruleset) -> None:
    spin = Spin(ruleset, previous_number=None).ring_bell_and_spin()
    with pytest.raises(RulesError, match="no winning number"):
        spin.settle()
    with pytest.raises(RulesError, match="no pocket"):
        spin.ball_rests(40)


@pytest.mark.parametrize("inspector", [True, False])
def test_art5_3_disturbed_winning_chips_are_reconstructed(
    ruleset: Ruleset, inspector: bool
) -> None:
    ruling = disturbed_winning_chips(ruleset, inspector_can_restore=inspector)
    assert ruling.bets is BetFate.RECONSTRUCTED
    assert ruling.round_stands
    assert str(ruling.citation) == "roulette-2003 Art. 5(3)"
    assert ("players" in ruling.decision.english()) is not inspector
