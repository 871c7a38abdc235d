"""The craps felt against the rules core (craps-1985 Arts. 2 to 11)."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Decor, Ellipse, Marker
from dealer_trainer.rules.craps import BetKind
from dealer_trainer.rules.craps.api import settle
from dealer_trainer.rules.craps.model import BIG_NUMBERS, HARD_NUMBERS, POINT_NUMBERS
from dealer_trainer.rules.rulesets import get_ruleset

FELT = felt_for("craps")


def test_craps_every_bet_kind_of_the_rules_core_has_a_spot() -> None:
    assert {spot.bet.kind for spot in FELT} == {kind.value for kind in BetKind}


def test_craps_art5_hard_ways_and_arts9_to_11_bigs_cover_exactly_their_numbers() -> None:
    hard = {s.bet.number for s in FELT if s.bet.kind == BetKind.HARD}
    big = {s.bet.number for s in FELT if s.bet.kind == BetKind.BIG}
    assert hard == HARD_NUMBERS
    assert big == BIG_NUMBERS
    assert {FELT.spot(f"hard-{n}").bet.number for n in HARD_NUMBERS} == HARD_NUMBERS


def _dice(total: int) -> list[int]:
    """An easy (not paired) throw of ``total``."""
    first = 1 if total <= 7 else total - 6
    return [first, total - first]


def _history(spot_id: str) -> tuple[list[dict[str, Any]], str]:
    """A table history that makes the bet of ``spot_id``; returns it and the bet's id."""
    bet = FELT.spot(spot_id).bet
    if bet.kind in ("pass", "dont_pass") or (bet.kind in ("come", "dont_come") and not bet.number):
        events: list[dict[str, Any]] = []
        if bet.kind in ("come", "dont_come"):
            events = [{"bet": {"id": "line", "kind": "pass", "amount": 30}}, {"roll": [2, 2]}]
        return [*events, {"bet": {"id": spot_id, "kind": bet.kind, "amount": 30}}], spot_id
    if bet.kind in ("come", "dont_come") or (bet.kind == "odds" and bet.number):
        number = bet.number
        assert number is not None
        backed_kind = bet.kind if bet.kind != "odds" else FELT.spot(bet.on or "").bet.kind
        table_point = 5 if number == 4 else 4
        events = [
            {"bet": {"id": "line", "kind": "pass", "amount": 30}},
            {"roll": _dice(table_point)},
            {"bet": {"id": "travelling", "kind": backed_kind, "amount": 30}},
            {"roll": _dice(number)},
        ]
        if bet.kind == "odds":
            odds = {"id": spot_id, "kind": "odds", "on": "travelling", "amount": 10}
            events.append({"bet": odds})
            return events, spot_id
        return events, "travelling"
    if bet.kind == "odds":
        line_kind = FELT.spot(bet.on or "").bet.kind
        return [
            {"bet": {"id": "line", "kind": line_kind, "amount": 30}},
            {"roll": [2, 2]},
            {"bet": {"id": spot_id, "kind": "odds", "on": "line", "amount": 10}},
        ], spot_id
    return [{"bet": {"id": spot_id, "amount": 30, **bet.request_fields()}}], spot_id


@pytest.mark.parametrize("ruleset_id", ["craps-1985", "craps-2010"])
@pytest.mark.parametrize("spot_id", FELT.spot_ids)
def test_craps_the_rules_core_accepts_the_bet_of_every_spot(spot_id: str, ruleset_id: str) -> None:
    events, bet_id = _history(spot_id)
    result = settle({"game": "craps", "events": events}, get_ruleset(ruleset_id))
    entry = next(r for r in result["results"] if r["id"] == bet_id)
    bet = FELT.spot(spot_id).bet
    if bet.kind in ("come", "dont_come") and bet.number:
        assert entry["come_point"] == bet.number  # Art. 2(3), 3(3): it travelled to its box
        assert entry["outcome"] == "open"


def test_craps_art2_2_and_3_2_odds_sit_behind_a_line_or_come_bet() -> None:
    odds = [s for s in FELT if s.bet.kind == BetKind.ODDS]
    assert {s.bet.on for s in odds} >= {"pass", "dont_pass"}
    for spot in odds:
        assert spot.bet.on is not None
        backed = FELT.spot(spot.bet.on).bet
        assert BetKind(backed.kind).is_line
        assert spot.bet.number == backed.number
    for number in POINT_NUMBERS:
        for kind in ("come", "dont_come"):
            assert FELT.spot(f"{kind}-{number}-odds").bet.on == f"{kind}-{number}"


def test_craps_point_puck_marks_every_point_and_lies_off_in_the_dont_come_bar() -> None:
    puck = next(f for f in FELT.fixtures if isinstance(f, Marker))
    assert puck.kind == "puck"
    assert set(puck.positions) == POINT_NUMBERS
    assert FELT.spot("dont_come").shape.contains(*puck.rest)


def test_craps_art4_field_prints_2_and_12_circled_as_paying_double() -> None:
    field = FELT.spot("field").shape
    circled = [
        d
        for d in FELT.decor
        if isinstance(d.shape, Ellipse) and field.contains(d.shape.cx, d.shape.cy)
    ]
    printed = {
        d.label.en
        for d in FELT.decor
        if isinstance(d, Decor)
        and d.label is not None
        and d.shape is None
        and d.text_box
        and any(c.shape is not None and c.shape.contains(*d.text_box.center) for c in circled)
    }
    assert printed == {"2", "12"}
    assert all(c.tone == "red" for c in circled)


def test_craps_a_chip_at_each_spot_centre_lands_on_that_spot() -> None:
    for spot in FELT:
        assert FELT.spot_at(*spot.center) is spot, spot.id


def test_craps_spots_give_the_rules_cli_terms_of_their_bet() -> None:
    assert FELT.spot("hard-8").bet.request_fields() == {"kind": "hard", "number": 8}
    assert FELT.spot("big-5").bet.request_fields() == {"kind": "big", "number": 5}
    assert FELT.spot("come-8").bet.request_fields() == {"kind": "come"}  # travelled: its point
    assert FELT.spot("come-8-odds").bet.request_fields() == {"kind": "odds"}  # + the backed id
    assert FELT.spot("field").bet.request_fields() == {"kind": "field"}
