"""Art. 7 payouts, Art. 8 zero and the exact house edge of every bet."""

from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.rules.roulette import Outcome, all_positions, settle
from dealer_trainer.rules.roulette.bets import Bet
from dealer_trainer.rules.rulesets import Ruleset

from .conftest import make_bet

ART7 = [
    ("straight", (17,), None, "350.00", "Art. 7(1)"),
    ("split", (17, 20), None, "170.00", "Art. 7(2)"),
    ("street", (16, 17, 18), None, "110.00", "Art. 7(3)"),
    ("corner", (16, 17, 19, 20), None, "80.00", "Art. 7(4)"),
    ("line", (13, 14, 15, 16, 17, 18), None, "50.00", "Art. 7(5)"),
    ("nine", tuple(range(10, 19)), None, "30.00", "Art. 7(6)"),
    ("sector12", (1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36), None, "20.00", "Art. 7(7)"),
    ("column", None, 2, "20.00", "Art. 7(7)"),
    ("dozen", None, 2, "20.00", "Art. 7(7)"),
    ("black", None, None, "10.00", "Art. 7(8)"),
    ("odd", None, None, "10.00", "Art. 7(8)"),
    ("low", None, None, "10.00", "Art. 7(8)"),
]


@pytest.mark.parametrize(("kind", "numbers", "index", "win", "article"), ART7)
def test_art7_every_bet_pays_its_odds_to_1_and_returns_the_stake(
    ruleset: Ruleset,
    kind: str,
    numbers: tuple[int, ...] | None,
    index: int | None,
    win: str,
    article: str,
) -> None:
    settlement = settle(ruleset, [make_bet(ruleset, "x", kind, numbers, index, "10")], 17)
    result = settlement.result("x")
    assert result.outcome is Outcome.WIN
    assert result.win == Decimal(win)
    assert result.returned == Decimal("10")
    assert str(result.citation) == f"roulette-2003 {article}"


def test_art7_payouts_keep_cents_exact(ruleset: Ruleset) -> None:
    bet = make_bet(ruleset, "x", "split", (17, 18), amount="12.35")
    assert settle(ruleset, [bet], 18).result("x").win == Decimal("209.95")


def test_art7_losing_bet_wins_nothing_and_is_collected(ruleset: Ruleset) -> None:
    settlement = settle(ruleset, [make_bet(ruleset, "x", "red", amount="50")], 17)
    result = settlement.result("x")
    assert result.outcome is Outcome.LOSE
    assert result.win == result.returned == Decimal(0)
    assert settlement.collect == ("x",)
    assert settlement.pay_order == ()


def test_art8_zero_only_pays_straight_up_on_zero(ruleset: Ruleset) -> None:
    bets = [
        make_bet(ruleset, "zero", "straight", (0,)),
        make_bet(ruleset, "even", "even"),
        make_bet(ruleset, "low", "low"),
        make_bet(ruleset, "d1", "dozen", index=1),
        make_bet(ruleset, "c3", "column", index=3),
        make_bet(ruleset, "s12", "sector12", (2, 4, 6, 14, 16, 18, 19, 21, 23, 31, 33, 35)),
    ]
    settlement = settle(ruleset, bets, 0)
    assert settlement.result("zero").win == Decimal("350.00")
    assert settlement.collect == ("even", "low", "d1", "c3", "s12")
    for bet_id in settlement.collect:
        assert str(settlement.result(bet_id).citation) == "roulette-2003 Art. 8"


def test_art8_allowed_zero_split_loses_when_zero_comes(ruleset: Ruleset) -> None:
    house = ruleset.with_settings({"zero_combinations": "allowed"})
    bet = make_bet(house, "x", "split", (0, 1))
    assert settle(house, [bet], 0).result("x").outcome is Outcome.LOSE
    assert settle(house, [bet], 1).result("x").win == Decimal("170.00")


def test_art7_house_edge_of_every_bet_is_one_in_37(ruleset: Ruleset) -> None:
    """Enumerate the 37 pockets for every position of the layout: each pays back 36/37."""
    for place in all_positions(ruleset):
        bet = Bet("x", place, Decimal(1))
        total = Fraction(0)
        for number in range(37):
            result = settle(ruleset, [bet], number).result("x")
            total += Fraction(result.win) if result.outcome is Outcome.WIN else -1
        assert total / 37 == Fraction(-1, 37), place.spot_id


def test_art5_money_adds_up_over_a_full_layout(ruleset: Ruleset) -> None:
    bets = [Bet(p.spot_id, p, Decimal("5")) for p in all_positions(ruleset)]
    for number in range(37):
        s = settle(ruleset, bets, number)
        stakes = sum(b.amount for b in bets)
        wins = sum(r.win for r in s.results)
        # what the players get back is their stakes, less what is collected, plus the wins
        assert s.total_paid == stakes - s.total_collected + wins
        assert all(r.win >= 0 and r.returned in (0, r.bet.amount) for r in s.results)
        assert len(s.collect) + sum(len(g) for g in s.pay_order) == len(bets)


def test_art1_2_winning_number_must_be_a_pocket(ruleset: Ruleset) -> None:
    from dealer_trainer.rules.errors import RulesError

    with pytest.raises(RulesError) as caught:
        settle(ruleset, [], 37)
    assert caught.value.code == "invalid_outcome"
