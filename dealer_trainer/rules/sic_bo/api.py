"""The rules CLI for Sic Bo.

``{"game": "sic_bo", "bets": [...], "outcome": {"dice": [a, b, c]}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.errors import RulesError, shown
from dealer_trainer.rules.requests import (
    amount,
    bet_id,
    check_keys,
    expect_kind,
    expect_list,
    expect_object,
    given_ids,
    order_json,
    results_json,
)
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo.bets import Bet, BetKind, Spot
from dealer_trainer.rules.sic_bo.settle import Settlement, check_limits, check_spot, throw_of
from dealer_trainer.rules.sic_bo.settle import settle as settle_throw


def _face_or_total(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("invalid_request", f"{where} must be a whole number, not {shown(value)}.")
    return value


def parse_bet(ruleset: Ruleset, raw: Any, where: str) -> Bet:
    """One bet of a request, checked against the house's layout and limits."""
    obj = expect_object(raw, where)
    kind = expect_kind(obj, where, BetKind, "Sic Bo")
    extra = ("number",) if kind.takes_number else ("numbers",) if kind.takes_numbers else ()
    check_keys(obj, where, required=("id", "kind", "amount", *extra), optional=("player",))
    numbers: tuple[int, ...] = ()
    if kind.takes_number:
        numbers = (_face_or_total(obj["number"], f"{where}.number"),)
    elif kind.takes_numbers:
        listed = expect_list(obj["numbers"], f"{where}.numbers")
        numbers = tuple(
            sorted(_face_or_total(n, f"{where}.numbers[{i}]") for i, n in enumerate(listed))
        )
    bet = Bet(
        id=bet_id(obj["id"], f"{where}.id"),
        spot=Spot(kind, numbers),
        amount=amount(obj, "amount", where),
        player=bet_id(obj["player"], f"{where}.player") if "player" in obj else None,
    )
    check_spot(ruleset, bet.spot, where)
    check_limits(ruleset, bet, where)
    return bet


def read_request(request: Mapping[str, Any], ruleset: Ruleset) -> tuple[list[Bet], Settlement]:
    """The bets of a ``settle`` request and their settlement."""
    check_keys(request, "The request", required=("game", "bets", "outcome"), optional=("ruleset",))
    raw_bets = expect_list(request["bets"], "bets")
    bets = [parse_bet(ruleset, raw, f"bets[{i}]") for i, raw in enumerate(raw_bets)]
    outcome = expect_object(request["outcome"], "outcome")
    check_keys(outcome, "outcome", required=("dice",))
    if not isinstance(outcome["dice"], list):
        raise RulesError(
            "invalid_outcome",
            f"outcome.dice must be a list of three faces, not {shown(outcome['dice'])}.",
        )
    throw = throw_of(outcome["dice"])
    return bets, settle_throw(ruleset, bets, throw)


def settle(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    _, settlement = read_request(request, ruleset)
    ids = given_ids(expect_list(request["bets"], "bets"))
    return {
        "results": results_json(
            ids,
            settlement.results,
            lambda r: {"pays": None if r.ratio is None else _ratio(r.ratio)},
        ),
        "total": settlement.throw.total,
        "triple": settlement.throw.is_triple,
        "lit": [spot.spot_id for spot in settlement.lit],
        **order_json(ids, settlement.collect, settlement.pay_order),
    }


def _ratio(ratio: Any) -> str:
    """``"8"`` for 8 to 1, ``"3/2"`` for 3 to 2: as a ratio setting is written."""
    return (
        str(ratio.numerator) if ratio.denominator == 1 else f"{ratio.numerator}/{ratio.denominator}"
    )
