"""The Sic Bo felt against the rules core and the house pay table (sic-bo-house)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import combinations, product

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Rect
from dealer_trainer.layouts.sic_bo import (
    CHIP,
    HEIGHT,
    WIDTH,
    lit_spots,
    pay_table,
    payout_label,
)
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.rules.sic_bo.api import settle

RULESET = get_ruleset("sic-bo-house")
WITH_ODD_EVEN = RULESET.with_settings({"odd_even_offered": True})
WITHOUT_ODD_EVEN = RULESET.with_settings({"odd_even_offered": False})
FELT = felt_for("sic_bo", WITH_ODD_EVEN)
KINDS = {
    "small",
    "big",
    "odd",
    "even",
    "total",
    "triple",
    "any_triple",
    "double",
    "combination",
    "single",
}


def _winners(dice: tuple[int, int, int], odd_even: bool) -> set[str]:
    """The spots a throw wins, worked out here from the game's definitions (not the rules)."""
    total, faces, triple = sum(dice), set(dice), len(set(dice)) == 1
    won = {f"total-{total}"} if 4 <= total <= 17 else set()
    if not triple:
        won.add("small" if total <= 10 else "big")
        if odd_even:
            won.add("odd" if total % 2 else "even")
    else:
        won |= {"any_triple", f"triple-{dice[0]}"}
    won |= {f"double-{f}" for f in faces if dice.count(f) >= 2}
    won |= {f"combination-{a}-{b}" for a, b in combinations(sorted(faces), 2)}
    won |= {f"single-{f}" for f in faces}
    return won


def test_sic_bo_every_bet_kind_has_a_spot_and_every_spot_is_a_bet_kind() -> None:
    assert {spot.bet.kind for spot in FELT} == KINDS


def test_sic_bo_the_felt_has_each_bet_of_a_macau_layout_once() -> None:
    def of(kind: str) -> list[int | tuple[int, ...]]:
        return [s.bet.number if s.bet.number is not None else s.bet.numbers for s in FELT
                if s.bet.kind == kind]  # fmt: skip

    assert of("total") == list(range(4, 18))
    assert of("triple") == of("double") == of("single") == [1, 2, 3, 4, 5, 6]
    assert of("combination") == [tuple(p) for p in combinations(range(1, 7), 2)]
    assert len(FELT.spots) == 2 + 2 + 14 + 6 + 1 + 6 + 15 + 6


def test_sic_bo_odd_and_even_are_on_the_felt_only_where_the_house_offers_them() -> None:
    without = felt_for("sic_bo", WITHOUT_ODD_EVEN)
    assert "odd" not in without and "even" not in without
    assert "odd" in FELT and "even" in FELT


@pytest.mark.parametrize("spot_id", FELT.spot_ids)
def test_sic_bo_house_pay_table_every_spot_settles_through_the_rules_core(spot_id: str) -> None:
    """A bet on the spot, on every throw: the rules core wins it exactly where the felt's
    definition does, and pays what the felt prints."""
    spot = FELT.spot(spot_id)
    pays = pay_table(WITH_ODD_EVEN)
    for dice in product(range(1, 7), repeat=3):
        request = {
            "game": "sic_bo",
            "bets": [{"id": "x", "amount": "10", **spot.bet.request_fields()}],
            "outcome": {"dice": list(dice)},
        }
        (result,) = settle(request, WITH_ODD_EVEN)["results"]
        wins = spot_id in _winners(dice, odd_even=True)  # type: ignore[arg-type]
        assert result["outcome"] == ("win" if wins else "lose"), (spot_id, dice)
        if wins and spot.bet.kind != "single":
            assert Fraction(Decimal(result["win"])) == 10 * pays.of(spot_id), (spot_id, dice)
        if wins and spot.bet.kind == "single":
            shown = dice.count(spot.bet.number or 0)
            assert Fraction(Decimal(result["win"])) == 10 * pays.single[shown - 1]


def test_sic_bo_house_pay_table_the_felt_prints_the_rulesets_payouts() -> None:
    """A house that changes a payout sees its own number on the felt."""
    printed = {d.label for d in FELT.decor if d.label is not None}
    assert payout_label(pays_of("total-4")) in printed
    assert payout_label(pays_of("triple-6")) in printed
    changed = RULESET.with_settings({"total_4_pays": "60"})
    assert pay_table(changed).of("total-4") == 60
    assert payout_label(Fraction(60)) in {
        d.label for d in felt_for("sic_bo", changed).decor if d.label is not None
    }


def pays_of(spot_id: str) -> Fraction:
    return pay_table(WITH_ODD_EVEN).of(spot_id)


@pytest.mark.parametrize(
    "dice", [(2, 5, 5), (3, 3, 3), (1, 2, 4), (6, 6, 5), (1, 1, 1), (1, 3, 6)], ids=str
)
def test_sic_bo_electronic_layout_lights_exactly_the_winning_areas(
    dice: tuple[int, int, int],
) -> None:
    assert set(lit_spots(FELT, WITH_ODD_EVEN, dice)) == _winners(dice, odd_even=True)
    without = felt_for("sic_bo", WITHOUT_ODD_EVEN)
    assert set(lit_spots(without, WITHOUT_ODD_EVEN, dice)) == _winners(dice, odd_even=False)


def test_sic_bo_felt_is_an_8_foot_table_to_scale_with_room_for_a_chip_on_each_spot() -> None:
    assert (FELT.width, FELT.height) == (WIDTH, HEIGHT) == (2440.0, 1220.0)
    for spot in FELT:
        box = spot.shape.bounds
        x, y = spot.center
        chip = Rect(x - CHIP / 2, y - CHIP / 2, CHIP, CHIP)
        assert box.w >= CHIP + 20 and box.h >= CHIP + 20, spot.id
        for cx, cy in ((chip.x, chip.y), (chip.x + chip.w, chip.y + chip.h)):
            assert box.contains(cx, cy), f"a chip on {spot.id} leaves its box"
        assert FELT.spot_at(x, y) is spot, spot.id


def test_sic_bo_no_two_spots_overlap() -> None:
    boxes = [(s.id, s.shape.bounds) for s in FELT]
    for (a, ra), (b, rb) in combinations(boxes, 2):
        apart = (
            ra.x + ra.w <= rb.x or rb.x + rb.w <= ra.x or ra.y + ra.h <= rb.y or rb.y + rb.h <= ra.y
        )
        assert apart, f"{a} overlaps {b}"


def test_sic_bo_labels_are_printed_in_chinese_and_english_as_on_macau_tables() -> None:
    labels = {spot.id: spot.label for spot in FELT if spot.label is not None}
    assert (labels["small"].zh, labels["small"].en) == ("小", "SMALL")
    assert (labels["big"].zh, labels["big"].en) == ("大", "BIG")
    assert (labels["odd"].zh, labels["even"].zh) == ("單", "雙")
    assert labels["any_triple"].zh == "全圍"
    assert payout_label(Fraction(60)).zh == "1賠60"
    assert payout_label(Fraction(60)).english(lambda text: text) == "60 TO 1"
