"""Arts. 4 to 12: Field, Hard Ways, Big 7, Eleven, Any Craps and the Big bets."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import BetKind, Outcome, Table
from dealer_trainer.rules.errors import RulesError
from tests.rules.craps.helpers import bet, new_table, play

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def cite(article: int) -> Citation:
    return Citation("craps-1985", article)


def one_roll(
    kind: str, amount: str, dice: tuple[int, int], **settings: Any
) -> tuple[Outcome, Decimal]:
    table = play(new_table(**settings), bet("x", kind, amount), dice)
    state = table.bet("x")
    assert state.decided_at == 1  # a one-roll bet is always decided by the next throw
    assert state.decision is not None
    return state.outcome, state.decision.win


# ----------------------------------------------------------------- Art. 4 --


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art4_field_pays_1_to_1_and_2_to_1_on_2_and_12(dice: tuple[int, int]) -> None:
    outcome, win = one_roll("field", "10", dice)
    total = sum(dice)
    if total in (2, 12):
        assert (outcome, win) == (Outcome.WIN, Decimal("20.00"))
    elif total in (3, 4, 9, 10, 11):
        assert (outcome, win) == (Outcome.WIN, Decimal("10.00"))
    else:
        assert (outcome, win) == (Outcome.LOSE, Decimal(0))


def test_craps_art4_field_cites_art4() -> None:
    assert play(new_table(), bet("f", "field", 1), (1, 1)).bet("f").citation == cite(4)


# ----------------------------------------------------------------- Art. 5 --


@pytest.mark.parametrize(
    ("number", "win"), [(4, "70.00"), (6, "90.00"), (8, "90.00"), (10, "70.00")]
)
def test_craps_art5_hard_way_wins_on_the_pair_9_to_1_or_7_to_1(number: int, win: str) -> None:
    half = number // 2
    table = play(new_table(), bet("h", "hard", 10, number=number), (1, 2), (6, 6), (half, half))
    state = table.bet("h")
    assert state.outcome is Outcome.WIN and state.decided_at == 3
    assert state.decision is not None and state.decision.win == Decimal(win)
    assert state.citation == cite(5)


@pytest.mark.parametrize("number", [4, 6, 8, 10])
def test_craps_art5_hard_way_loses_when_thrown_easy(number: int) -> None:
    first = 1 if number < 8 else number - 6
    easy = (first, number - first)
    assert easy[0] != easy[1]
    table = play(new_table(), bet("h", "hard", 10, number=number), easy)
    assert table.bet("h").outcome is Outcome.LOSE


@pytest.mark.parametrize("number", [4, 6, 8, 10])
def test_craps_art5_hard_way_loses_on_any_seven_and_waits_otherwise(number: int) -> None:
    table = new_table().place(bet("h", "hard", 10, number=number))
    for dice in ALL_ROLLS:
        total = sum(dice)
        after = play(table, dice)
        state = after.bet("h")
        if total == 7 or (total == number and dice[0] != dice[1]):
            assert state.outcome is Outcome.LOSE
        elif total == number:
            assert state.outcome is Outcome.WIN
        else:
            assert state.outcome is Outcome.OPEN


@pytest.mark.parametrize("number", [2, 3, 5, 9, 11, 12])
def test_craps_art5_hard_way_is_only_on_4_6_8_10(number: int) -> None:
    with pytest.raises(RulesError) as caught:
        new_table().place(bet("h", "hard", 10, number=number))
    assert caught.value.citation == cite(5)


# ------------------------------------------------------------ Arts. 6-8 --


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art6_big7_pays_4_and_a_half_to_1_on_seven_only(dice: tuple[int, int]) -> None:
    outcome, win = one_roll("big7", "10", dice)
    assert (outcome, win) == (
        (Outcome.WIN, Decimal("45.00")) if sum(dice) == 7 else (Outcome.LOSE, Decimal(0))
    )


def test_craps_art6_big7_half_cent_is_rounded_by_the_payout_rounding_setting() -> None:
    # 0.25 at 4½ to 1 wins 1.125 exactly.
    assert one_roll("big7", "0.25", (3, 4))[1] == Decimal("1.12")
    assert one_roll("big7", "0.25", (3, 4), payout_rounding="half_up")[1] == Decimal("1.13")
    assert one_roll("big7", "0.25", (3, 4), payout_rounding="half_even")[1] == Decimal("1.12")
    assert one_roll("big7", "0.35", (3, 4), payout_rounding="half_even")[1] == Decimal("1.58")


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art7_eleven_pays_15_to_1_on_eleven_only(dice: tuple[int, int]) -> None:
    outcome, win = one_roll("eleven", "2", dice)
    assert (outcome, win) == (
        (Outcome.WIN, Decimal("30.00")) if sum(dice) == 11 else (Outcome.LOSE, Decimal(0))
    )


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art8_any_craps_pays_7_to_1_on_2_3_12(dice: tuple[int, int]) -> None:
    outcome, win = one_roll("any_craps", "5", dice)
    expected = (
        (Outcome.WIN, Decimal("35.00")) if sum(dice) in (2, 3, 12) else (Outcome.LOSE, Decimal(0))
    )
    assert (outcome, win) == expected


@pytest.mark.parametrize(("kind", "article"), [("big7", 6), ("eleven", 7), ("any_craps", 8)])
def test_craps_art6_to_8_one_roll_bets_cite_their_article(kind: str, article: int) -> None:
    table = play(new_table(), bet("x", kind, 1))
    assert table.bet("x").citation == cite(article)
    assert play(table, (6, 5)).bet("x").citation == cite(article)


# ---------------------------------------------------------- Arts. 9 - 11 --


def big(number: int, amount: str, *events: tuple[int, int], **settings: Any) -> Table:
    return play(new_table(**settings), bet("b", "big", amount, number=number), *events)


def big_win(number: int, amount: str, **settings: Any) -> Decimal:
    half = number // 2
    dice = (half, number - half)
    state = big(number, amount, (1, 1), (5, 6), dice, **settings).bet("b")
    assert state.outcome is Outcome.WIN and state.decided_at == 3
    assert state.decision is not None
    return state.decision.win


@pytest.mark.parametrize("number", [6, 8])
def test_craps_art9_big_6_8_six_units_win_seven(number: int) -> None:
    assert big_win(number, "6") == Decimal("7.00")
    assert big_win(number, "12") == Decimal("14.00")


@pytest.mark.parametrize("number", [6, 8])
def test_craps_art9_big_6_8_under_six_units_is_paid_1_to_1(number: int) -> None:
    assert big_win(number, "5") == Decimal("5.00")
    assert big_win(number, "5.99") == Decimal("5.99")


def test_craps_art9_big_6_8_remainder_over_full_blocks_is_paid_1_to_1() -> None:
    assert big_win(6, "8") == Decimal("9.00")  # 6 at 7:6 is 7, the other 2 at 1:1
    assert big_win(8, "6.50") == Decimal("7.50")


def test_craps_art9_big_6_8_remainder_can_be_refused_by_setting() -> None:
    table = new_table(big_bet_remainder="refused")
    assert table.can_place(bet("b", "big", 12, number=6))
    assert table.can_place(bet("b", "big", 5, number=6))  # under the block: the text pays it
    with pytest.raises(RulesError) as caught:
        table.place(bet("b", "big", 8, number=6))
    assert caught.value.code == "bet_not_allowed_now"
    assert caught.value.citation == cite(9)


def test_craps_art9_big_bet_unit_setting_scales_the_block() -> None:
    assert big_win(6, "60", big_bet_unit="10") == Decimal("70.00")
    assert big_win(6, "59", big_bet_unit="10") == Decimal("59.00")


@pytest.mark.parametrize("number", [4, 5, 6, 8, 9, 10])
def test_craps_art9_to_11_big_bet_loses_to_seven_and_waits_otherwise(number: int) -> None:
    table = big(number, "6", (1, 1), (5, 6), (6, 6))
    assert table.bet("b").is_open
    lost = play(table, (1, 6))
    assert lost.bet("b").outcome is Outcome.LOSE


@pytest.mark.parametrize("number", [5, 9])
def test_craps_art10_big_5_9_five_units_win_seven_under_five_even(number: int) -> None:
    assert big_win(number, "5") == Decimal("7.00")
    assert big_win(number, "4") == Decimal("4.00")
    assert big_win(number, "7") == Decimal("9.00")
    assert big(number, "5").bet("b").citation == cite(10)


@pytest.mark.parametrize("number", [4, 10])
def test_craps_art11_big_4_10_five_units_win_nine(number: int) -> None:
    assert big_win(number, "5") == Decimal("9.00")
    assert big_win(number, "10") == Decimal("18.00")
    assert big(number, "5").bet("b").citation == cite(11)


@pytest.mark.parametrize("number", [4, 10])
def test_craps_art11_big_4_10_under_five_units_is_paid_1_to_1(number: int) -> None:
    assert big_win(number, "3") == Decimal("3.00")
    assert big_win(number, "6") == Decimal("10.00")  # 5 at 9:5, 1 at 1:1


def test_craps_art11_big_4_10_short_bet_can_be_refused_by_setting() -> None:
    table = new_table(big_4_10_short_bet="refused")
    with pytest.raises(RulesError) as caught:
        table.place(bet("b", "big", 3, number=4))
    assert caught.value.code == "bet_not_allowed_now"
    assert caught.value.citation == cite(11)
    assert table.can_place(bet("b", "big", 3, number=5))  # Art. 10 pays it: not refused


def test_craps_art11_big_bet_is_only_on_a_point_number() -> None:
    with pytest.raises(RulesError):
        new_table().place(bet("b", "big", 6, number=7))


def test_craps_art9_big_bet_win_rounds_once_when_the_unit_makes_cents() -> None:
    # unit 0.10: block 0.60; 0.70 on Big 6 = 0.60 at 7:6 (0.70) + 0.10 at 1:1
    assert big_win(6, "0.70", big_bet_unit="0.10") == Decimal("0.80")
    # unit 0.01: block 0.06 wins 0.07 exactly; 1.00 = 16 blocks (0.96 → 1.12) + 0.04
    assert big_win(6, "1.00", big_bet_unit="0.01") == Decimal("1.16")


# ----------------------------------------------------------------- Art. 12 --


MULTI_ROLL_OR_ONE_ROLL = [
    ("field", None),
    ("big7", None),
    ("eleven", None),
    ("any_craps", None),
    ("hard", 4),
    ("hard", 8),
    ("big", 6),
    ("big", 5),
    ("big", 10),
]


@pytest.mark.parametrize(("kind", "number"), MULTI_ROLL_OR_ONE_ROLL)
def test_craps_art12_bets_of_arts_4_to_11_are_made_on_every_roll(
    kind: str, number: int | None
) -> None:
    come_out = new_table()
    point_on = play(new_table(), (2, 2))
    for table in (come_out, point_on):
        assert table.can_place(bet("x", kind, 6, number=number))
        assert table.placing_citation(bet("x", kind, 6, number=number)) == cite(12)
        placed = table.place(bet("x", kind, 6, number=number))
        assert placed.bet("x").kind is BetKind(kind) and placed.bet("x").is_open


def test_craps_art12_hard_way_and_big_bets_work_on_a_come_out_roll() -> None:
    # The text makes no exception for the come-out: a come-out 7 decides them.
    table = play(new_table(), bet("h", "hard", 5, number=6), bet("b", "big", 6, number=8), (3, 4))
    assert table.bet("h").outcome is Outcome.LOSE
    assert table.bet("b").outcome is Outcome.LOSE
