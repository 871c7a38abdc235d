"""Craps for the rules CLI: ``settle(request, ruleset)`` (see ``docs/rules-cli.md``).

The request is the table's history, oldest first: ``{"bet": {...}}`` places a
bet, ``{"roll": [a, b]}`` throws the dice, ``{"roll": "off_table"}`` is an
invalid throw (Art. 1).  The answer has one entry per bet in placement order
and the table point after the last event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.model import OFF_TABLE, Bet, BetKind, BetState, Roll, Throw
from dealer_trainer.rules.craps.table import Table
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, fmt
from dealer_trainer.rules.requests import (
    amount,
    bet_id,
    check_keys,
    expect_int,
    expect_list,
    expect_object,
    given_ids,
    invalid,
)
from dealer_trainer.rules.rulesets import Ruleset

_KINDS = ", ".join(kind.value for kind in BetKind)
#: The longest history settled at once: hours of play at one table (each event costs
#: the bets it can touch, so this bounds the work, not a quadratic cost).
MAX_EVENTS = 10_000


def read_bet(value: Any, where: str) -> Bet:
    """A bet of the request: ``{"id", "kind", "amount"}``, plus ``number`` or ``on`` if needed."""
    obj = expect_object(value, where)
    check_keys(obj, where, required=("id", "kind", "amount"), optional=("number", "on"))
    kind = _kind(obj["kind"], f"{where}.kind")
    if kind.takes_number and "number" not in obj:
        raise invalid(f'{where} is missing "number": a {kind.value} bet is made on a number.')
    if kind is BetKind.ODDS and "on" not in obj:
        raise invalid(f'{where} is missing "on": the id of the line or come bet the odds back.')
    return Bet(
        id=bet_id(obj["id"], f"{where}.id"),
        kind=kind,
        amount=amount(obj, "amount", where),
        number=expect_int(obj["number"], f"{where}.number") if "number" in obj else None,
        on=bet_id(obj["on"], f"{where}.on") if "on" in obj else None,
    )


def _kind(value: Any, where: str) -> BetKind:
    if isinstance(value, str):
        try:
            return BetKind(value)
        except ValueError:
            pass
    raise invalid(f"{where} {value!r} is not a craps bet (known: {_KINDS}).", "unknown_bet_kind")


def read_throw(value: Any, where: str) -> Throw:
    """``[a, b]`` (two faces 1 to 6) or ``"off_table"``."""
    if value == "off_table":
        return OFF_TABLE
    if not isinstance(value, list) or len(value) != 2:
        raise invalid(
            f'{where} must be two dice faces such as [3, 4], or "off_table".', "invalid_roll"
        )
    faces = []
    for position, face in enumerate(value):
        try:
            faces.append(expect_int(face, f"{where}[{position}]", choices=range(1, 7)))
        except RulesError as error:
            raise invalid(
                f"{where}[{position}] must be a die face from 1 to 6, not {face!r}.", "invalid_roll"
            ) from error
    return Roll(faces[0], faces[1])


def replay(request: Mapping[str, Any], ruleset: Ruleset | CrapsRules) -> Table:
    """The table after the request's events; errors name the event that caused them."""
    check_keys(request, "The request", required=("game", "events"), optional=("ruleset",))
    events = expect_list(request["events"], "events")
    if len(events) > MAX_EVENTS:
        raise invalid(
            f"events has {len(events)} events; the rules settle at most {MAX_EVENTS} at once, "
            "so settle a long session hand by hand."
        )
    play = Table.new(ruleset).playing()
    for index, raw in enumerate(events):
        where = f"events[{index}]"
        event = expect_object(raw, where)
        if "bet" in event:
            check_keys(event, where, required=("bet",))
            bet = read_bet(event["bet"], f"{where}.bet")
            try:
                play.place(bet)
            except RulesError as error:
                raise _at(error, where) from None
        elif "roll" in event:
            check_keys(event, where, required=("roll",))
            play.roll(read_throw(event["roll"], f"{where}.roll"))
        else:
            raise invalid(f'{where} must be a bet ({{"bet": …}}) or a roll ({{"roll": [a, b]}}).')
    return play.table()


def _at(error: RulesError, where: str) -> RulesError:
    """The same refusal, saying which event it is about."""
    return type(error)(error.code, f"{where}: {error.message}", error.citation)


def entry(state: BetState, ids: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One result entry of the contract (``ids``: the ids as the request wrote them)."""
    decision = state.decision
    result: dict[str, Any] = {
        "id": (ids or {}).get(state.id, state.id),
        "outcome": state.outcome.value,
        "win": fmt(ZERO if decision is None else decision.win),
        "returned": fmt(ZERO if decision is None else decision.returned),
        "decided_at": state.decided_at,
        "citation": str(state.citation),
    }
    if state.kind in (BetKind.COME, BetKind.DONT_COME):
        result["come_point"] = state.point
    if state.ties:  # a 12 on its first throw: «empatando», Art. 3(1); it stays open
        result["ties"] = list(state.ties)
    return result


def settle(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """Settle a craps history: one entry per bet in placement order, and the point."""
    table = replay(request, ruleset)
    events = request["events"]
    ids = given_ids([e["bet"] for e in events if isinstance(e, dict) and "bet" in e])
    return {"results": [entry(state, ids) for state in table.bets], "point": table.point}
