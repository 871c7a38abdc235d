"""The rules CLI for roulette: ``{"game": "roulette", "bets": [...], "outcome": {...}}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.games import Game
from dealer_trainer.rules.requests import (
    amount,
    bet_id,
    check_keys,
    expect_int,
    expect_kind,
    expect_list,
    expect_object,
    given_ids,
    order_json,
    results_json,
)
from dealer_trainer.rules.roulette.bets import Bet, BetKind
from dealer_trainer.rules.roulette.layout import position
from dealer_trainer.rules.roulette.settle import settle as settle_spin
from dealer_trainer.rules.rulesets import Ruleset


def parse_bet(ruleset: Ruleset, raw: Any, where: str) -> Bet:
    obj = expect_object(raw, where)
    kind = expect_kind(obj, where, BetKind, Game.ROULETTE, show=repr)
    extra = ("numbers",) if kind.takes_numbers else ("index",) if kind.takes_index else ()
    check_keys(obj, where, required=("id", "kind", "amount", *extra), optional=("player",))
    numbers: tuple[int, ...] | None = None
    index: int | None = None
    if kind.takes_numbers:
        listed = expect_list(obj["numbers"], f"{where}.numbers")
        numbers = tuple(expect_int(n, f"{where}.numbers[{i}]") for i, n in enumerate(listed))
    elif kind.takes_index:
        index = expect_int(obj["index"], f"{where}.index", choices=(1, 2, 3))
    return Bet(
        id=bet_id(obj["id"], f"{where}.id"),
        position=position(ruleset, kind, numbers, index),
        amount=amount(obj, "amount", where),
        player=bet_id(obj["player"], f"{where}.player") if "player" in obj else None,
    )


def settle(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    check_keys(request, "The request", required=("game", "bets", "outcome"), optional=("ruleset",))
    raw_bets = expect_list(request["bets"], "bets")
    bets = [parse_bet(ruleset, raw, f"bets[{i}]") for i, raw in enumerate(raw_bets)]
    outcome = expect_object(request["outcome"], "outcome")
    check_keys(outcome, "outcome", required=("number",))
    number = expect_int(outcome["number"], "outcome.number")
    settlement = settle_spin(ruleset, bets, number)
    ids = given_ids(raw_bets)
    return {
        "results": results_json(ids, settlement.results),
        **order_json(ids, settlement.collect, settlement.pay_order),
    }
