"""The roulette felt against the rules core (roulette-2003 Arts. 1, 4, 6, 7)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Marker, Rect, Wheel
from dealer_trainer.layouts.roulette import CELL_H, CELL_W, GRID_X, GRID_Y, cell
from dealer_trainer.rules.roulette import RED, WHEEL_ORDERS, BetKind, all_positions
from dealer_trainer.rules.roulette.api import settle
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset

VARIANTS = {
    "default": {},
    "wheel_neighbours": {"nine_number_definition": "wheel_neighbours"},
    "zero_allowed": {"zero_combinations": "allowed"},
    "american_wheel": {
        "wheel_order": "american_single_zero",
        "nine_number_definition": "wheel_neighbours",
    },
}


def _ruleset(variant: str) -> Ruleset:
    return default_ruleset("roulette").with_settings(VARIANTS[variant])


@pytest.mark.parametrize("variant", VARIANTS)
def test_roulette_art6_every_position_has_a_spot_and_every_spot_is_a_position(variant: str) -> None:
    ruleset = _ruleset(variant)
    felt = felt_for("roulette", ruleset)
    positions = {p.spot_id: p for p in all_positions(ruleset)}
    assert set(felt.spot_ids) == set(positions)
    for spot in felt:
        position = positions[spot.id]
        assert spot.bet.kind == position.kind.value
        assert spot.bet.numbers == (position.numbers if position.kind.takes_numbers else ())
        assert spot.bet.index == position.index


def test_roulette_art6_every_bet_kind_of_the_rules_core_is_on_the_felt() -> None:
    kinds = {spot.bet.kind for spot in felt_for("roulette")}
    assert kinds == {kind.value for kind in BetKind}


@pytest.mark.parametrize("variant", ["default", "wheel_neighbours"])
def test_roulette_art7_the_rules_core_settles_a_bet_on_every_spot(variant: str) -> None:
    ruleset = _ruleset(variant)
    felt = felt_for("roulette", ruleset)
    bets = [{"id": spot.id, "amount": 10, **spot.bet.request_fields()} for spot in felt]
    result = settle({"game": "roulette", "bets": bets, "outcome": {"number": 17}}, ruleset)
    assert [r["id"] for r in result["results"]] == list(felt.spot_ids)
    winners = {r["id"] for r in result["results"] if r["outcome"] == "win"}
    assert {
        "straight-17",
        "split-17-20",
        "split-14-17",
        "street-16-17-18",
        "black",
        "odd",
        "low",
        "dozen-2",
        "column-2",
    } <= winners
    covered = {p.spot_id: p.numbers for p in all_positions(ruleset)}
    assert all(17 in covered[w] for w in winners)


@pytest.mark.parametrize("variant", VARIANTS)
def test_roulette_a_chip_at_each_spot_centre_lands_on_that_spot(variant: str) -> None:
    felt = felt_for("roulette", _ruleset(variant))
    for spot in felt:
        assert felt.spot_at(*spot.center) is spot, spot.id


def test_roulette_art1_numbers_are_printed_red_or_black_and_zero_green() -> None:
    felt = felt_for("roulette")
    for number in range(37):
        tone = felt.spot(f"straight-{number}").tone
        assert tone == ("green" if number == 0 else "red" if number in RED else "black")


def test_roulette_art6_2_split_lies_on_the_line_between_its_two_numbers() -> None:
    felt = felt_for("roulette")
    x, y = felt.spot("split-17-20").center  # side by side: the vertical line between them
    assert x == pytest.approx(cell(17).x + CELL_W)
    assert cell(17).y < y < cell(17).y + CELL_H
    x, y = felt.spot("split-17-18").center  # one above the other: the horizontal line
    assert y == pytest.approx(cell(18).y + CELL_H)
    assert x == pytest.approx(cell(17).center[0])


def test_roulette_art6_4_corner_sits_where_its_four_numbers_meet() -> None:
    x, y = felt_for("roulette").spot("corner-17-18-20-21").center
    assert (x, y) == pytest.approx((cell(17).x + CELL_W, cell(17).y))


def test_roulette_art6_3_street_and_art6_5_six_line_sit_on_the_outer_edge() -> None:
    felt = felt_for("roulette")
    outer = GRID_Y + 3 * CELL_H
    x, y = felt.spot("street-16-17-18").center
    assert (x, y) == pytest.approx((cell(16).center[0], outer))
    x, y = felt.spot("line-16-17-18-19-20-21").center
    assert (x, y) == pytest.approx((cell(16).x + CELL_W, outer))


def test_roulette_art6_6_nine_numbers_as_a_layout_block_sit_in_their_strip_in_order() -> None:
    felt = felt_for("roulette")
    blocks = [s for s in felt if s.bet.kind == "nine"]
    assert len(blocks) == 10
    xs = [s.center[0] for s in blocks]
    assert xs == sorted(xs)
    assert all(isinstance(s.shape, Rect) and s.shape.y + s.shape.h < GRID_Y for s in blocks)


def test_roulette_art6_6_nine_wheel_neighbours_sit_round_the_wheel_on_their_middle_pocket() -> None:
    ruleset = _ruleset("wheel_neighbours")
    felt = felt_for("roulette", ruleset)
    wheel = next(f for f in felt.fixtures if isinstance(f, Wheel))
    for spot in (s for s in felt if s.bet.kind == "nine"):
        assert spot.label is not None
        middle = int(spot.label.en)
        position = wheel.pockets.index(middle)
        arc = {wheel.pockets[(position + k) % 37] for k in range(-4, 5)}
        assert arc == set(spot.bet.numbers)
        x, y = spot.center
        assert ((x - wheel.cx) ** 2 + (y - wheel.cy) ** 2) ** 0.5 > wheel.radius


def test_roulette_art6_7_sector_boxes_print_their_twelve_numbers() -> None:
    felt = felt_for("roulette")
    for spot in (s for s in felt if s.bet.kind == "sector12"):
        assert spot.label is not None
        printed = {int(n) for n in spot.label.en.split(" · ")}
        assert printed == set(spot.bet.numbers)


@pytest.mark.parametrize("order", ["european", "american_single_zero"])
def test_roulette_wheel_is_drawn_in_the_wheel_order_setting(order: str) -> None:
    ruleset = default_ruleset("roulette").with_settings({"wheel_order": order})
    wheel = next(f for f in felt_for("roulette", ruleset).fixtures if isinstance(f, Wheel))
    assert wheel.pockets == WHEEL_ORDERS[order]
    assert wheel.red == RED


def test_roulette_art4_the_dolly_can_mark_every_number_on_its_box() -> None:
    felt = felt_for("roulette")
    dolly = next(f for f in felt.fixtures if isinstance(f, Marker))
    assert dolly.kind == "dolly"
    assert set(dolly.positions) == set(range(37))
    for number, (x, y) in dolly.positions.items():
        assert felt.spot(f"straight-{number}").shape.contains(x, y)


def test_roulette_felt_is_to_scale_a_32_inch_wheel_and_a_table_length_grid() -> None:
    felt = felt_for("roulette")
    wheel = next(f for f in felt.fixtures if isinstance(f, Wheel))
    assert wheel.radius * 2 == pytest.approx(812, abs=1)  # Art. 1: about 81.2 cm
    assert 2000 < felt.width < 3000
    assert felt.width > GRID_X + 12 * CELL_W


def test_roulette_chip_amounts_stay_decimal() -> None:
    from dealer_trainer.layouts.chips import TableChips

    chips = TableChips(felt_for("roulette").spot_ids)
    chips.set_amount("split-17-20", Decimal("160"))
    assert chips.chips("split-17-20") == (Decimal(100), Decimal(50), Decimal(10))
    assert chips.amount("split-17-20") == Decimal(160)
