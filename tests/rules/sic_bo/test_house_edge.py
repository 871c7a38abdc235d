"""Sic Bo house edges on the house pay table, exact, checked by a second, independent count."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.rules.sic_bo import BetKind, Spot
from dealer_trainer.rules.sic_bo.house_edge import house_edge, house_edges, win_probability
from tests.rules.sic_bo.table import every_bet, every_throw, pays


def counted_edge(kind: str, chosen: tuple[int, ...]) -> Fraction:
    """The edge by counting the 216 throws with the published table (not the core's)."""
    net = Fraction(0)
    for throw in every_throw():
        ratio = pays(kind, chosen, throw)
        net += -1 if ratio is None else ratio
    return -net / 216


def spot_id(kind: str, chosen: tuple[int, ...]) -> str:
    return kind if not chosen else f"{kind}-" + "-".join(map(str, chosen))


def test_sic_bo_house_table_every_edge_is_the_independent_count() -> None:
    edges = house_edges(get_ruleset("sic-bo-house"))
    assert len(edges) == 52
    for kind, chosen in every_bet():
        assert edges[spot_id(kind, chosen)] == counted_edge(kind, chosen), (kind, chosen)


@pytest.mark.parametrize(
    ("spot", "edge"),
    [
        (Spot(BetKind.SMALL), Fraction(1, 36)),  # 2.78%: 105 of 216 win at 1 to 1
        (Spot(BetKind.BIG), Fraction(1, 36)),
        (Spot(BetKind.ODD), Fraction(1, 36)),
        (Spot(BetKind.EVEN), Fraction(1, 36)),
        (Spot(BetKind.TOTAL, (4,)), Fraction(7, 24)),  # 29.17% at 50 to 1
        (Spot(BetKind.TOTAL, (5,)), Fraction(17, 36)),  # 47.22% at 18 to 1
        (Spot(BetKind.TOTAL, (6,)), Fraction(11, 36)),  # 30.56% at 14 to 1
        (Spot(BetKind.TOTAL, (7,)), Fraction(7, 72)),  # 9.72% at 12 to 1
        (Spot(BetKind.TOTAL, (8,)), Fraction(1, 8)),  # 12.50% at 8 to 1
        (Spot(BetKind.TOTAL, (9,)), Fraction(41, 216)),  # 18.98% at 6 to 1
        (Spot(BetKind.TOTAL, (10,)), Fraction(1, 8)),  # 12.50% at 6 to 1
        (Spot(BetKind.TRIPLE, (6,)), Fraction(65, 216)),  # 30.09% at 150 to 1
        (Spot(BetKind.ANY_TRIPLE), Fraction(11, 36)),  # 30.56% at 24 to 1
        (Spot(BetKind.DOUBLE, (1,)), Fraction(1, 3)),  # 33.33% at 8 to 1
        (Spot(BetKind.COMBINATION, (1, 6)), Fraction(1, 6)),  # 16.67% at 5 to 1
        (Spot(BetKind.SINGLE, (3,)), Fraction(17, 216)),  # 7.87% at 1, 2, 3 to 1
    ],
)
def test_sic_bo_house_table_known_edges_of_the_default_table(spot: Spot, edge: Fraction) -> None:
    assert house_edge(get_ruleset("sic-bo-house"), spot) == edge


def test_sic_bo_house_table_edges_follow_the_house_settings() -> None:
    house = get_ruleset("sic-bo-house")
    atlantic = house.with_settings({"total_4_pays": 60, "triple_loses_small_big": False})
    assert house_edge(atlantic, Spot(BetKind.TOTAL, (4,))) == 1 - Fraction(61 * 3, 216)
    # Small winning on triples 2 and 3 too (triple 1 totals 3, no small): 107 of 216.
    assert win_probability(atlantic, Spot(BetKind.SMALL)) == Fraction(107, 216)
    assert house_edge(atlantic, Spot(BetKind.SMALL)) == Fraction(1, 108)
    assert "odd" not in house_edges(house.with_settings({"odd_even_offered": False}))
