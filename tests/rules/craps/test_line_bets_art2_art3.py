"""Arts. 2(1), 2(3), 3(1) and 3(3): Pass Line, Come, Don't Pass and Don't Come."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import Outcome, Roll
from dealer_trainer.rules.errors import RulesError
from tests.rules.craps.helpers import bet, new_table, play

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def cite(article: int, paragraph: int | None = None) -> Citation:
    return Citation("craps-1985", article, paragraph)


# ------------------------------------------------------------- Art. 2(1) --


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art2_1_pass_line_on_the_come_out(dice: tuple[int, int]) -> None:
    total = sum(dice)
    table = play(new_table(), bet("p", "pass", 10), dice)
    state = table.bet("p")
    if total in (7, 11):
        assert state.outcome is Outcome.WIN
        assert state.decision is not None
        assert (state.decision.win, state.decision.returned) == (Decimal("10.00"), Decimal(10))
    elif total in (2, 3, 12):
        assert state.outcome is Outcome.LOSE
        assert state.decision is not None
        assert (state.decision.win, state.decision.returned) == (Decimal(0), Decimal(0))
    else:
        assert state.outcome is Outcome.OPEN
        assert state.point == total == table.point
    if not state.is_open:
        assert state.decided_at == 1
        assert state.citation == cite(2, 1)
        assert table.point is None


@pytest.mark.parametrize("point", [4, 5, 6, 8, 9, 10])
def test_craps_art2_1_pass_line_wins_when_the_point_repeats(point: int) -> None:
    first = min(point - 1, 6)
    table = play(new_table(), bet("p", "pass", 25), (first, point - first))
    # 2, 3, 11, 12 and other numbers decide nothing once the point is on.
    table = play(table, (1, 1), (1, 2), (5, 6), (6, 6))
    assert table.bet("p").is_open
    table = play(table, (point - first, first))
    state = table.bet("p")
    assert state.outcome is Outcome.WIN and state.decided_at == 6
    assert state.decision is not None and state.decision.win == Decimal("25.00")
    assert table.point is None


def test_craps_art2_1_pass_line_loses_on_a_seven_once_the_point_is_on() -> None:
    table = play(new_table(), bet("p", "pass", 10), (4, 5), (3, 4))
    assert table.bet("p").outcome is Outcome.LOSE
    assert table.point is None


def test_craps_art2_1_pass_line_is_refused_once_the_point_is_on() -> None:
    table = play(new_table(), (3, 3))
    with pytest.raises(RulesError) as caught:
        table.place(bet("p", "pass", 10))
    assert caught.value.code == "bet_not_allowed_now"
    assert caught.value.citation == cite(2, 1)
    assert not table.can_place(bet("p", "pass", 10))
    assert table.can_place(bet("c", "come", 10))


def test_craps_art2_1_a_new_come_out_follows_the_decided_point() -> None:
    table = play(new_table(), bet("p", "pass", 10), (3, 3), (4, 2))
    assert table.is_come_out
    table = play(table, bet("q", "pass", 10), (5, 6))
    assert table.bet("q").outcome is Outcome.WIN


def test_craps_art2_1_duplicate_bet_id_is_refused() -> None:
    table = play(new_table(), bet("p", "pass", 10))
    with pytest.raises(RulesError) as caught:
        table.place(bet("p", "field", 10))
    assert caught.value.code == "duplicate_bet_id"


def test_craps_art2_1_negative_stake_is_refused() -> None:
    with pytest.raises(RulesError) as caught:
        new_table().place(bet("p", "pass", -5))
    assert caught.value.code == "negative_amount"


# ------------------------------------------------------------- Art. 2(3) --


def test_craps_art2_3_come_is_refused_without_a_point() -> None:
    with pytest.raises(RulesError) as caught:
        new_table().place(bet("c", "come", 10))
    assert caught.value.code == "no_point"
    assert caught.value.citation == cite(2, 3)


def test_craps_art2_3_come_travels_to_its_own_point_and_wins_there() -> None:
    table = play(new_table(), bet("p", "pass", 10), (2, 2), bet("c", "come", 10), (4, 5))
    come = table.bet("c")
    assert come.point == 9 and come.is_open
    assert table.point == 4  # the table point is the Pass Line's, not the come point
    table = play(table, (2, 2))  # the pass line point: pass wins, the come bet stands
    assert table.bet("p").outcome is Outcome.WIN
    assert table.bet("c").is_open and table.point is None
    table = play(table, (6, 3))  # a come-out 9 for the table, the come point for the bet
    come = table.bet("c")
    assert come.outcome is Outcome.WIN and come.decided_at == 5
    assert come.citation == cite(2, 3)
    assert table.point == 9  # and the come-out 9 made a new table point


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [
        ((3, 4), Outcome.WIN),
        ((5, 6), Outcome.WIN),
        ((1, 1), Outcome.LOSE),
        ((1, 2), Outcome.LOSE),
        ((6, 6), Outcome.LOSE),
    ],
)
def test_craps_art2_3_come_roll_wins_on_7_or_11_and_loses_on_craps(
    dice: tuple[int, int], outcome: Outcome
) -> None:
    table = play(new_table(), bet("p", "pass", 10), (5, 5), bet("c", "come", 10), dice)
    assert table.bet("c").outcome is outcome
    assert table.bet("c").point is None


def test_craps_art2_3_come_loses_on_seven_once_it_has_its_point() -> None:
    table = play(new_table(), (3, 3), bet("c", "come", 10), (4, 4), (1, 2), (3, 4))
    assert table.bet("c").outcome is Outcome.LOSE
    assert table.bet("c").point == 8


# ------------------------------------------------------------- Art. 3(1) --


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=lambda d: f"{d[0]}-{d[1]}")
def test_craps_art3_1_dont_pass_on_the_come_out(dice: tuple[int, int]) -> None:
    total = sum(dice)
    table = play(new_table(), bet("d", "dont_pass", 10), dice)
    state = table.bet("d")
    expected = {2: Outcome.WIN, 3: Outcome.WIN, 7: Outcome.LOSE, 11: Outcome.LOSE}
    assert state.outcome is expected.get(total, Outcome.OPEN)
    assert state.ties == ((1,) if total == 12 else ())
    if total == 12:  # «empatando»: nothing decided, the bet stays with no point
        assert state.decision is None and state.point is None
    if state.outcome is not Outcome.OPEN:
        assert state.citation == cite(3, 1)


def test_craps_art3_1_a_tie_on_twelve_leaves_the_bet_and_the_next_throw_is_its_come_out() -> None:
    tied = play(new_table(), bet("d", "dont_pass", 10), (6, 6))
    assert tied.point is None and tied.is_come_out
    # the bet stays untouched: nothing collected, paid or handed back
    assert tied.bet("d").decision is None and tied.bet("d").net_result == 0
    for dice, outcome in [((1, 1), Outcome.WIN), ((5, 6), Outcome.LOSE), ((6, 6), Outcome.OPEN)]:
        assert tied.roll(Roll(*dice)).bet("d").outcome is outcome
    pointed = tied.roll(Roll(3, 3))
    assert pointed.bet("d").point == 6 and pointed.bet("d").ties == (1,)
    # A pass line placed beside it is decided on 12 (it loses: Art. 2(1))
    both = play(new_table(), bet("d", "dont_pass", 10), bet("p", "pass", 10), (6, 6))
    assert both.bet("p").outcome is Outcome.LOSE and both.bet("d").outcome is Outcome.OPEN


def test_craps_art3_1_dont_pass_wins_on_seven_and_loses_on_the_point() -> None:
    won = play(new_table(), bet("d", "dont_pass", 10), (6, 4), (6, 1))
    assert won.bet("d").outcome is Outcome.WIN
    lost = play(new_table(), bet("d", "dont_pass", 10), (6, 4), (1, 1), (5, 6), (5, 5))
    assert lost.bet("d").outcome is Outcome.LOSE
    assert lost.bet("d").decided_at == 4


def test_craps_art3_1_dont_pass_is_refused_once_the_point_is_on() -> None:
    with pytest.raises(RulesError) as caught:
        play(new_table(), (4, 4)).place(bet("d", "dont_pass", 10))
    assert caught.value.code == "bet_not_allowed_now"
    assert caught.value.citation == cite(3, 1)


# ------------------------------------------------------------- Art. 3(3) --


def test_craps_art3_3_dont_come_is_refused_without_a_point() -> None:
    with pytest.raises(RulesError) as caught:
        new_table().place(bet("d", "dont_come", 10))
    assert caught.value.code == "no_point"
    assert caught.value.citation == cite(3, 3)


def test_craps_art3_3_dont_come_ties_on_a_come_roll_twelve_and_stays() -> None:
    table = play(new_table(), (2, 3), bet("d", "dont_come", 10), (6, 6))
    state = table.bet("d")
    assert state.outcome is Outcome.OPEN and state.point is None and state.ties == (2,)
    assert state.decision is None
    # its next throw is again its first: a 3 wins it, a 4 is its come point
    assert table.roll(Roll(1, 2)).bet("d").outcome is Outcome.WIN
    assert table.roll(Roll(2, 2)).bet("d").point == 4


def test_craps_art3_3_dont_come_takes_its_own_point_and_wins_on_seven() -> None:
    table = play(new_table(), (2, 3), bet("d", "dont_come", 10), (6, 4))
    assert table.bet("d").point == 10
    table = table.roll(Roll(1, 6))
    state = table.bet("d")
    assert state.outcome is Outcome.WIN and state.citation == cite(3, 3)
    assert state.decision is not None and state.decision.win == Decimal("10.00")


def test_craps_art3_3_dont_come_loses_on_7_or_11_on_its_come_roll() -> None:
    for dice in ((3, 4), (5, 6)):
        table = play(new_table(), (2, 3), bet("d", "dont_come", 10), dice)
        assert table.bet("d").outcome is Outcome.LOSE
