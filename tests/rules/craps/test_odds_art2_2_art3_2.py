"""Arts. 2(2) and 3(2) (and their use by Arts. 2(3), 3(3)): odds, their payouts and their limit."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import Outcome, Table
from dealer_trainer.rules.errors import RulesError
from tests.rules.craps.helpers import bet, new_table, play

ART_2_2 = Citation("craps-1985", 2, 2)
ART_3_2 = Citation("craps-1985", 3, 2)
POINT_DICE = {4: (1, 3), 5: (1, 4), 6: (1, 5), 8: (2, 6), 9: (3, 6), 10: (4, 6)}


def with_point(kind: str, point: int, line: str | int, **settings: Any) -> Table:
    return play(new_table(**settings), bet("line", kind, line), POINT_DICE[point])


def refusal(table: Table, amount: str | int) -> RulesError:
    with pytest.raises(RulesError) as caught:
        table.place(bet("o", "odds", amount, on="line"))
    return caught.value


# ---------------------------------------------------------- Art. 2(2) pay --


@pytest.mark.parametrize(
    ("point", "odds", "win"),
    [
        (4, "5", "10.00"),
        (10, "5", "10.00"),
        (5, "6", "9.00"),
        (9, "4", "6.00"),
        (6, "5", "6.00"),
        (8, "5", "6.00"),
    ],
)
def test_craps_art2_2_pass_odds_pay_2_to_1_3_to_2_6_to_5(point: int, odds: str, win: str) -> None:
    table = play(with_point("pass", point, 10), bet("o", "odds", odds, on="line"))
    table = play(table, POINT_DICE[point])
    state = table.bet("o")
    assert state.outcome is Outcome.WIN
    assert state.decision is not None
    assert state.decision.win == Decimal(win)
    assert state.decision.returned == Decimal(odds)
    assert state.citation == ART_2_2
    assert state.decided_at == table.bet("line").decided_at == 3


def test_craps_art2_2_odds_lose_with_the_line_bet_on_seven() -> None:
    table = play(with_point("pass", 6, 10), bet("o", "odds", 5, on="line"), (3, 4))
    assert table.bet("o").outcome is Outcome.LOSE
    assert table.bet("o").decided_at == 3


def test_craps_art2_2_odds_win_is_rounded_once_by_the_ruleset_setting() -> None:
    # 3.33 at 3:2 wins 4.995 exactly.
    down = play(with_point("pass", 5, 5), bet("o", "odds", "3.33", on="line"), (2, 3))
    decision = down.bet("o").decision
    assert decision is not None
    assert decision.exact_win == Fraction(999, 200)
    assert decision.win == Decimal("4.99")
    half_up = play(
        with_point("pass", 5, 5, payout_rounding="half_up"),
        bet("o", "odds", "3.33", on="line"),
        (2, 3),
    )
    assert half_up.bet("o").decision is not None
    assert half_up.bet("o").decision.win == Decimal("5.00")  # type: ignore[union-attr]


# -------------------------------------------------------- Art. 2(2) limit --


@pytest.mark.parametrize(("point", "largest"), [(4, "5.00"), (10, "5.00")])
def test_craps_art2_2_odds_limit_on_four_and_ten_is_half_the_line(point: int, largest: str) -> None:
    table = with_point("pass", point, 10)
    assert table.odds_room("line") == Fraction(5)
    assert table.can_place(bet("o", "odds", largest, on="line"))
    error = refusal(table, "5.01")
    assert error.code == "odds_over_limit"
    assert error.citation == ART_2_2


@pytest.mark.parametrize("point", [5, 9])
def test_craps_art2_2_odds_limit_on_five_and_nine_is_two_thirds_of_the_line(point: int) -> None:
    table = with_point("pass", point, 9)
    assert table.odds_room("line") == Fraction(6)
    assert table.can_place(bet("o", "odds", 6, on="line"))
    assert refusal(table, "6.01").code == "odds_over_limit"


@pytest.mark.parametrize("point", [6, 8])
def test_craps_art2_2_odds_limit_on_six_and_eight_is_five_sixths_of_the_line(point: int) -> None:
    table = with_point("pass", point, 10)
    assert table.odds_room("line") == Fraction(25, 3)
    assert table.can_place(bet("o", "odds", "8.33", on="line"))  # wins 9.996, under 10
    error = refusal(table, "8.34")  # would win 10.008: the exact win counts, not the rounded
    assert error.code == "odds_over_limit"
    assert error.citation == ART_2_2
    assert "8.33" in error.message


def test_craps_art2_2_several_odds_on_one_line_bet_add_up_against_the_limit() -> None:
    table = play(with_point("pass", 4, 10), bet("a", "odds", 3, on="line"))
    table = play(table, bet("b", "odds", 2, on="line"))
    assert table.odds_room("line") == 0
    with pytest.raises(RulesError) as caught:
        table.place(bet("c", "odds", "0.01", on="line"))
    assert caught.value.code == "odds_over_limit"
    assert [s.id for s in table.odds_on("line")] == ["a", "b"]


def test_craps_art2_2_odds_need_the_line_bet_to_have_its_point() -> None:
    table = play(new_table(), bet("line", "pass", 10))
    error = refusal(table, 5)
    assert error.code == "no_point"
    assert error.citation == ART_2_2


def test_craps_art2_2_odds_on_an_unknown_bet_are_refused() -> None:
    error = refusal(play(new_table(), (2, 2)), 5)
    assert error.code == "unknown_bet"
    assert error.citation == ART_2_2


def test_craps_art2_2_odds_on_a_decided_bet_are_refused() -> None:
    table = play(with_point("pass", 4, 10), (2, 2), (3, 3))  # won, then a new point
    error = refusal(table, 5)
    assert error.code == "bet_not_allowed_now"
    assert error.citation == ART_2_2


def test_craps_art2_2_odds_back_only_line_and_come_bets() -> None:
    table = play(new_table(), (2, 2), bet("line", "field", 10))
    assert refusal(table, 5).code == "bet_not_allowed_now"
    table = play(with_point("pass", 4, 10), bet("o", "odds", 5, on="line"))
    with pytest.raises(RulesError) as caught:
        table.place(bet("oo", "odds", 1, on="o"))
    assert caught.value.code == "bet_not_allowed_now"


def test_craps_art2_2_odds_limit_can_be_lifted_by_the_setting() -> None:
    table = with_point("pass", 4, 10, odds_limit="none")
    assert table.odds_room("line") is None
    assert table.can_place(bet("o", "odds", 1000, on="line"))


# --------------------------------------------------- odds behind come bets --


def test_craps_art2_3_come_odds_pay_as_art2_2_on_the_come_point() -> None:
    table = play(new_table(), (2, 2), bet("c", "come", 10), (3, 3))
    assert table.bet("c").point == 6
    table = play(table, bet("o", "odds", 5, on="c"))
    assert table.bet("o").point == 6
    table = play(table, (4, 2))
    state = table.bet("o")
    assert state.outcome is Outcome.WIN
    assert state.decision is not None and state.decision.win == Decimal("6.00")


def test_craps_art2_3_come_odds_limit_is_that_of_art2_2() -> None:
    table = play(new_table(), (2, 2), bet("c", "come", 10), (3, 3))
    with pytest.raises(RulesError) as caught:
        table.place(bet("o", "odds", "8.34", on="c"))
    assert caught.value.code == "odds_over_limit"
    assert caught.value.citation == ART_2_2


def test_craps_art2_3_come_odds_are_refused_before_the_come_bet_travels() -> None:
    table = play(new_table(), (2, 2), bet("c", "come", 10))
    with pytest.raises(RulesError) as caught:
        table.place(bet("o", "odds", 5, on="c"))
    assert caught.value.code == "no_point"


def come_odds_then_come_out(dice: tuple[int, int], **settings: Any) -> Table:
    """A come bet on 5 with odds; the pass line point 4 is made; then a come-out roll."""
    table = play(new_table(**settings), bet("p", "pass", 10), (2, 2), bet("c", "come", 10))
    table = play(table, (1, 4), bet("o", "odds", 6, on="c"), (3, 1))
    assert table.is_come_out and table.bet("c").is_open
    return play(table, dice)


def test_craps_art2_3_come_odds_work_on_a_come_out_roll_by_default() -> None:
    won = come_odds_then_come_out((2, 3))
    assert won.bet("o").outcome is Outcome.WIN
    assert won.bet("o").decision is not None and won.bet("o").decision.win == Decimal("9.00")  # type: ignore[union-attr]
    lost = come_odds_then_come_out((3, 4))
    assert lost.bet("c").outcome is Outcome.LOSE
    assert lost.bet("o").outcome is Outcome.LOSE


def test_craps_art2_3_come_odds_off_on_come_out_setting_returns_them() -> None:
    table = come_odds_then_come_out((3, 4), odds_on_come_out="come_odds_off")
    assert table.bet("c").outcome is Outcome.LOSE
    odds = table.bet("o")
    assert odds.outcome is Outcome.PUSH
    assert odds.decision is not None and odds.decision.returned == Decimal(6)
    assert odds.citation == Citation("craps-1985", 2, 3)


# ---------------------------------------------------------------- Art. 3(2) --


@pytest.mark.parametrize(
    ("point", "odds", "win"),
    [
        (4, "10", "5.00"),
        (10, "10", "5.00"),
        (5, "9", "6.00"),
        (9, "9", "6.00"),
        (6, "12", "10.00"),
        (8, "12", "10.00"),
    ],
)
def test_craps_art3_2_dont_pass_odds_pay_1_to_2_2_to_3_5_to_6(
    point: int, odds: str, win: str
) -> None:
    table = play(with_point("dont_pass", point, 10), bet("o", "odds", odds, on="line"), (3, 4))
    state = table.bet("o")
    assert state.outcome is Outcome.WIN
    assert state.decision is not None and state.decision.win == Decimal(win)
    assert state.citation == ART_3_2


def test_craps_art3_2_dont_pass_odds_lose_when_the_point_repeats() -> None:
    table = play(with_point("dont_pass", 8, 10), bet("o", "odds", 12, on="line"), (4, 4))
    assert table.bet("line").outcome is Outcome.LOSE
    assert table.bet("o").outcome is Outcome.LOSE


def test_craps_art3_2_dont_odds_have_no_limit_in_the_text() -> None:
    table = with_point("dont_pass", 4, 10)
    assert table.odds_room("line") is None
    table = play(table, bet("o", "odds", 10000, on="line"), (5, 2))
    assert table.bet("o").decision is not None
    assert table.bet("o").decision.win == Decimal("5000.00")  # type: ignore[union-attr]


def test_craps_art3_2_a_house_lay_limit_is_the_line_bet_as_win() -> None:
    table = with_point("dont_pass", 4, 10, lay_odds_limit="win_up_to_line_bet")
    assert table.odds_room("line") == Fraction(20)
    assert table.can_place(bet("o", "odds", 20, on="line"))
    error = refusal(table, "20.01")
    assert error.code == "odds_over_limit"
    assert error.citation == ART_3_2


def test_craps_art3_3_dont_come_odds_pay_as_art3_2() -> None:
    table = play(new_table(), (2, 2), bet("d", "dont_come", 10), (4, 5))
    table = play(table, bet("o", "odds", 9, on="d"), (6, 1))
    assert table.bet("o").outcome is Outcome.WIN
    assert table.bet("o").decision is not None
    assert table.bet("o").decision.win == Decimal("6.00")  # type: ignore[union-attr]
    assert table.bet("o").citation == ART_3_2
