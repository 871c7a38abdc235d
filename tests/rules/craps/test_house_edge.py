"""Exact house edges from the rules core (a Markov chain over throws) vs the published figures."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.rules.craps import BetValue, bet_value, house_edges
from dealer_trainer.rules.rulesets import get_ruleset
from tests.rules.craps.helpers import bet, new_table, play, rules

#: Published house edges, exactly, and as the rounded percentage they are quoted with.
PUBLISHED = [
    ("pass", Fraction(7, 495), "1.414"),
    ("come", Fraction(7, 495), "1.414"),
    # A bar 12 decides nothing (Art. 3(1)): every Don't bet is resolved, so its edge is
    # the one published "per bet resolved" (ties excluded), 1.403 %.
    ("dont_pass", Fraction(27, 1925), "1.403"),
    ("dont_come", Fraction(27, 1925), "1.403"),
    ("field", Fraction(1, 18), "5.556"),
    ("hard_6", Fraction(1, 11), "9.09"),
    ("hard_8", Fraction(1, 11), "9.09"),
    ("hard_4", Fraction(1, 9), "11.11"),
    ("hard_10", Fraction(1, 9), "11.11"),
    ("any_craps", Fraction(1, 9), "11.11"),
    ("eleven", Fraction(1, 9), "11.11"),
    ("big7", Fraction(1, 12), "8.33"),
    ("big_6", Fraction(1, 66), "1.52"),
    ("big_8", Fraction(1, 66), "1.52"),
    ("big_5", Fraction(1, 25), "4.00"),
    ("big_9", Fraction(1, 25), "4.00"),
    ("big_4", Fraction(1, 15), "6.67"),
    ("big_10", Fraction(1, 15), "6.67"),
]


@pytest.fixture(scope="module")
def edges_1985() -> dict[str, BetValue]:
    return dict(house_edges(get_ruleset("craps-1985")))


def percent(edge: Fraction, places: int) -> str:
    value = Decimal(edge.numerator) * 100 / Decimal(edge.denominator)
    return str(value.quantize(Decimal(1).scaleb(-places)))


@pytest.mark.parametrize(("name", "exact", "quoted"), PUBLISHED)
def test_craps_house_edge_matches_the_published_figure(
    edges_1985: dict[str, BetValue], name: str, exact: Fraction, quoted: str
) -> None:
    value = edges_1985[name]
    assert value.house_edge == exact
    assert percent(value.house_edge, len(quoted.split(".")[1])) == quoted
    assert value.p_win + value.p_lose + value.p_push == 1


def test_craps_art2_1_pass_line_wins_244_of_495(edges_1985: dict[str, BetValue]) -> None:
    value = edges_1985["pass"]
    assert value.p_win == Fraction(244, 495)
    assert value.p_push == 0


def test_craps_art3_1_the_bar_twelve_decides_nothing_so_every_dont_pass_is_resolved(
    edges_1985: dict[str, BetValue],
) -> None:
    value = edges_1985["dont_pass"]
    assert value.p_push == 0  # the tie leaves the bet where it is: no stake comes back
    assert (value.p_win, value.p_lose) == (Fraction(949, 1925), Fraction(976, 1925))
    # the published 1.364 % per bet made counts a tie as a bet settled for nothing; a bet
    # that stays after its tie is decided later, at the published 1.403 % per bet resolved
    assert value.house_edge == value.house_edge_per_resolved_bet == Fraction(27, 1925)
    assert percent(value.house_edge, 3) == "1.403"


@pytest.mark.parametrize("side", ["pass", "dont_pass"])
@pytest.mark.parametrize("point", [4, 5, 6, 8, 9, 10])
def test_craps_art2_2_and_art3_2_odds_are_paid_at_true_odds(
    edges_1985: dict[str, BetValue], side: str, point: int
) -> None:
    assert edges_1985[f"{side}_odds_{point}"].house_edge == 0


def test_craps_art9_big_6_edge_depends_on_full_blocks() -> None:
    """Under a full block the Big 6 pays 1 to 1: its edge is then that of even money on 6 vs 7."""
    empty = new_table()
    assert bet_value(empty, bet("b", "big", 6, number=6)).house_edge == Fraction(1, 66)
    assert bet_value(empty, bet("b", "big", 1, number=6)).house_edge == Fraction(1, 11)


def test_craps_house_edge_reads_the_payouts_of_the_ruleset() -> None:
    """The edges come from the ruleset's payouts, not from numbers typed into the computation."""
    richer = rules("craps-1985")
    ruleset = richer.ruleset
    from dataclasses import replace

    payouts = dict(ruleset.payouts)
    payouts["field_2_12"] = replace(payouts["field_2_12"], ratio=Fraction(3))
    field = house_edges(replace(ruleset, payouts=payouts))["field"]
    assert field.house_edge == Fraction(0)  # 2 and 12 at 3:1 make the field an even bet


def test_craps_house_edge_of_a_come_bet_with_odds_on_a_table_already_in_play() -> None:
    table = play(new_table(), (2, 2), bet("c", "come", 10), (3, 3))
    value = bet_value(table, bet("o", "odds", 5, on="c"))
    assert value.expected == 0
    assert value.p_win == Fraction(5, 11)


def test_craps_2010_line_bets_have_the_1985_edges() -> None:
    edges = house_edges(get_ruleset("craps-2010"))
    assert edges["pass"].house_edge == Fraction(7, 495)
    assert edges["dont_pass"].house_edge == Fraction(27, 1925)
