"""The Caribbean Stud felt against the rules core (caribbean-stud-2004 Arts. 1, 2, 7)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.caribbean_stud import CENTER
from dealer_trainer.layouts.model import CardPlace, Device, JackpotDisplay
from dealer_trainer.rules.caribbean_stud import api
from dealer_trainer.rules.caribbean_stud.table import BOXES, SPOTS_FROM_DEALER
from dealer_trainer.rules.rulesets import default_ruleset

FELT = felt_for("caribbean_stud")


def test_caribbean_art2_seven_boxes_of_progressive_ante_and_raise() -> None:
    assert set(FELT.spot_ids) == {
        f"box-{box}-{kind}" for box in BOXES for kind in ("progressive", "ante", "raise")
    }
    assert len(BOXES) == 7
    for spot in FELT:
        assert spot.id == f"box-{spot.bet.box}-{spot.bet.kind}"


def test_caribbean_art2_progressive_nearest_the_dealer_then_ante_then_raise() -> None:
    assert [spot.value for spot in SPOTS_FROM_DEALER] == ["progressive", "ante", "raise"]
    for box in BOXES:
        reach = [
            math.dist(CENTER, FELT.spot(f"box-{box}-{spot.value}").center)
            for spot in SPOTS_FROM_DEALER
        ]
        assert reach == sorted(reach)


def test_caribbean_art7_boxes_are_numbered_from_the_dealers_left() -> None:
    # the dealer faces the players (down the picture): the dealer's left is the picture's right
    xs = [FELT.spot(f"box-{box}-ante").center[0] for box in BOXES]
    assert xs == sorted(xs, reverse=True)


HAND = {
    1: ["QH", "QD", "9S", "4C", "3C"],
    2: ["AH", "KH", "7D", "5D", "2C"],
    3: ["8S", "8H", "8C", "6D", "6S"],
    4: ["2H", "3H", "4H", "5H", "7S"],
    5: ["TC", "JC", "9D", "3S", "4D"],
    6: ["KS", "KC", "TS", "TD", "9H"],
    7: ["JS", "JD", "5S", "6C", "7C"],
}


def test_caribbean_the_rules_core_settles_a_bet_on_every_spot() -> None:
    boxes: list[dict[str, Any]] = []
    for box in BOXES:
        kinds = {FELT.spot(f"box-{box}-{k}").bet.kind for k in ("progressive", "ante", "raise")}
        entry: dict[str, Any] = {"box": box, "cards": HAND[box]}
        if "ante" in kinds:
            entry["ante"] = 10
        if "raise" in kinds:
            entry["decision"], entry["raise"] = "raise", 20
        if "progressive" in kinds:
            entry["progressive"] = True
        boxes.append(entry)
    request = {
        "game": "caribbean_stud",
        "progressive": {"pool": "250000.00", "fixed": {"full_house": "1000"}},
        "dealer": ["AS", "KD", "7H", "5C", "2D"],
        "boxes": boxes,
    }
    result = api.settle(request, default_ruleset("caribbean_stud"))
    assert [r["box"] for r in result["results"]] == list(BOXES)
    assert all(r["raise"]["outcome"] in ("win", "lose") for r in result["results"])
    full_house = next(r for r in result["results"] if r["box"] == 3)
    assert full_house["progressive"]["award"] == "1000.00"


def test_caribbean_art1_shoe_shuffler_and_jackpot_display_are_on_the_dealers_side() -> None:
    devices = {f.kind for f in FELT.fixtures if isinstance(f, Device)}
    assert {"shoe", "shuffler", "chip_tray"} <= devices
    displays = [f for f in FELT.fixtures if isinstance(f, JackpotDisplay)]
    assert len(displays) == 1
    for fixture in FELT.fixtures:
        if isinstance(fixture, Device):
            assert fixture.shape.y + fixture.shape.h < CENTER[1]
    # The display stands in the dealer's corner, its posted awards (Art. 10(3)) reaching down
    # the table's edge: it begins on the dealer's side and covers no spot and no card place.
    (display,) = displays
    assert display.shape.y < CENTER[1]
    x, y, w, h = display.shape.x, display.shape.y, display.shape.w, display.shape.h
    others = [s.shape.bounds for s in FELT.spots]
    others += [f.shape.bounds for f in FELT.fixtures if isinstance(f, CardPlace)]
    for b in others:
        assert b.x >= x + w or b.x + b.w <= x or b.y >= y + h or b.y + b.h <= y, b


def test_caribbean_art10_3_display_posts_the_fixed_award_of_every_hand_art10_2_names() -> None:
    (display,) = [f for f in FELT.fixtures if isinstance(f, JackpotDisplay)]
    hands = [hand for hand, _ in display.awards]
    assert hands == ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"]


def test_caribbean_art7_dealer_has_five_card_places_the_fifth_face_up() -> None:
    dealer = [f for f in FELT.fixtures if isinstance(f, CardPlace) and f.owner == "dealer"]
    assert [place.face_up for place in dealer] == [False, False, False, False, True]
    players = {f.owner for f in FELT.fixtures if isinstance(f, CardPlace) and f.owner != "dealer"}
    assert players == {f"box-{box}" for box in BOXES}


@pytest.mark.parametrize("spot_id", FELT.spot_ids)
def test_caribbean_a_chip_at_each_spot_centre_lands_on_that_spot(spot_id: str) -> None:
    spot = FELT.spot(spot_id)
    assert FELT.spot_at(*spot.center) is spot
    assert FELT.table.contains(*spot.center)


def test_caribbean_spots_name_their_box_and_bet() -> None:
    assert FELT.spot("box-3-ante").bet.request_fields() == {"kind": "ante", "box": 3}
    assert FELT.spot("box-7-progressive").bet.request_fields() == {"kind": "progressive", "box": 7}
