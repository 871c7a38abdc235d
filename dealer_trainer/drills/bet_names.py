"""Bets named as a person reads them on the felt, for sentences made without Qt.

The felt's status bar and the drill's bet list name a bet like
:mod:`dealer_trainer.ui.bet_names` does ("Split 17-20", "Dozen 2", "Hard 8",
"Odds behind Pass Line") followed by its stake ("Dozen 2 — 20").  Feedback and
worked solutions use the same names, so a trainee never meets a request's bet
id ("b"): they are made here from an item's rules request, as :func:`T`
sentences the UI translates.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.craps.api import replay
from dealer_trainer.rules.craps.model import BetKind as CrapsKind
from dealer_trainer.rules.craps.model import Outcome as CrapsOutcome
from dealer_trainer.rules.roulette.bets import Bet, BetKind
from dealer_trainer.rules.rulesets import resolve_ruleset
from dealer_trainer.rules.text import T, Text

#: The dozens: pequeno, médio, grande in the Portuguese text; 小, 中, 大十二門 in the Chinese.
_DOZENS = {1: T("Dozen 1 (1–12)"), 2: T("Dozen 2 (13–24)"), 3: T("Dozen 3 (25–36)")}


def roulette_bet_name(bet: Bet) -> Text:
    """``Split 17-20``, ``Dozen 2``, ``Red``: the name the felt gives the bet's spot."""
    if bet.kind.takes_index:
        shown = str(bet.position.index or 0)
    else:
        shown = "-".join(str(n) for n in bet.position.numbers)
    if bet.kind is BetKind.DOZEN:  # each dozen by its own name (Art. 6(9)-(11), Art. 7(7))
        return _DOZENS[bet.position.index or 1]
    names = {
        BetKind.STRAIGHT: T("Straight-up {shown}", shown=shown),
        BetKind.SPLIT: T("Split {shown}", shown=shown),
        BetKind.STREET: T("Street {shown}", shown=shown),
        BetKind.CORNER: T("Corner {shown}", shown=shown),
        BetKind.LINE: T("Six-line {shown}", shown=shown),
        BetKind.NINE: T("Nine numbers {shown}", shown=shown),
        BetKind.SECTOR12: T("Twelve-number sector {shown}", shown=shown),
        BetKind.COLUMN: T("Column {shown}", shown=shown),
        BetKind.RED: T("Red"),
        BetKind.BLACK: T("Black"),
        BetKind.EVEN: T("Even"),
        BetKind.ODD: T("Odd"),
        BetKind.LOW: T("Low 1–18"),
        BetKind.HIGH: T("High 19–36"),
    }
    return names[bet.kind]


def with_stake(name: Text, stake: Decimal) -> Text:
    """``Dozen 2 — 20``: a bet's name and its stake, as the drill's bet list shows it."""
    return T("{bet} — {stake}", bet=name, stake=stake)


def roulette_bet_label(bet: Bet) -> Text:
    return with_stake(roulette_bet_name(bet), bet.amount)


def _roulette_names(request: Mapping[str, Any]) -> dict[str, Text]:
    from dealer_trainer.rules.roulette.api import parse_bet  # noqa: PLC0415 (roulette only)

    ruleset = resolve_ruleset("roulette", request.get("ruleset"))
    bets = [parse_bet(ruleset, raw, "bet") for raw in request.get("bets", [])]
    return {bet.id: roulette_bet_label(bet) for bet in bets}


def _craps_names(request: Mapping[str, Any]) -> dict[str, Text]:
    ruleset = resolve_ruleset("craps", request.get("ruleset"))
    table = replay(request, ruleset)
    states = {state.id: state for state in table.bets}
    plain = {
        CrapsKind.PASS: T("Pass Line"),
        CrapsKind.DONT_PASS: T("Don't Pass"),
        CrapsKind.COME: T("Come"),
        CrapsKind.DONT_COME: T("Don't Come"),
        CrapsKind.FIELD: T("Field"),
        CrapsKind.BIG7: T("Big 7"),
        CrapsKind.ELEVEN: T("Eleven"),
        CrapsKind.ANY_CRAPS: T("Any Craps"),
    }

    def name(bet_id: str) -> Text:
        state = states[bet_id]
        kind, number = state.kind, state.bet.number
        if kind is CrapsKind.ODDS:
            on = state.bet.on
            behind = name(on) if on in states else T("a line bet")
            return T("Odds behind {bet}", bet=behind)
        if kind is CrapsKind.COME and state.point is not None:
            return T("Come bet on {number}", number=state.point)
        if kind is CrapsKind.DONT_COME and state.point is not None:
            return T("Don't Come bet on {number}", number=state.point)
        if kind is CrapsKind.HARD:
            return T("Hard {number}", number=number or 0)
        if kind is CrapsKind.BIG:
            return T("Big {number}", number=number or 0)
        return plain[kind]

    return {bet_id: with_stake(name(bet_id), states[bet_id].bet.amount) for bet_id in states}


def sic_bo_bet_name(bet: Mapping[str, Any]) -> Text:
    """A Sic Bo bet of a request (``{"kind": "total", "number": 9}``) by its felt name:
    ``Total 9``, ``Combination 2-5``, ``Any triple``."""
    kind = bet["kind"]
    number = bet.get("number", 0)
    plain = {
        "small": T("Small"),
        "big": T("Big"),
        "odd": T("Odd"),
        "even": T("Even"),
        "any_triple": T("Any triple"),
    }
    if kind in plain:
        return plain[kind]
    if kind == "total":
        return T("Total {number}", number=number)
    if kind == "triple":
        return T("Triple {number}", number=number)
    if kind == "double":
        return T("Double {number}", number=number)
    if kind == "single":
        return T("Single number {number}", number=number)
    if kind == "combination":
        first, second = bet["numbers"]
        return T("Combination {first}-{second}", first=first, second=second)
    raise ValueError(f"not a Sic Bo bet kind: {kind!r}")


def _sic_bo_names(request: Mapping[str, Any]) -> dict[str, Text]:
    return {
        str(bet["id"]): with_stake(sic_bo_bet_name(bet), Decimal(str(bet["amount"])))
        for bet in request.get("bets", [])
    }


def bet_names(request: Mapping[str, Any]) -> dict[str, Text]:
    """Each bet of a rules request by its felt name and stake, keyed by its id in the request.

    Roulette, craps and Sic Bo, the games with order questions; empty for a request of
    another game.
    """
    game = request.get("game")
    if game == "sic_bo":
        return _sic_bo_names(request)
    if game == "roulette":
        return _roulette_names(request)
    if game == "craps" and "events" in request:
        return _craps_names(request)
    return {}


def losing_bets(request: Mapping[str, Any]) -> frozenset[str]:
    """The bets of a craps, roulette or Sic Bo request that lose (collected, not paid)."""
    game = request.get("game")
    if game == "sic_bo":
        from dealer_trainer.rules.sic_bo.api import settle as settle_sic_bo  # noqa: PLC0415

        answer = settle_sic_bo(request, resolve_ruleset("sic_bo", request.get("ruleset")))
        return frozenset(str(r["id"]) for r in answer["results"] if r["outcome"] == "lose")
    if game == "craps" and "events" in request:
        table = replay(request, resolve_ruleset("craps", request.get("ruleset")))
        return frozenset(s.id for s in table.bets if s.outcome is CrapsOutcome.LOSE)
    if game == "roulette":
        from dealer_trainer.rules.roulette.api import settle  # noqa: PLC0415 (roulette only)

        answer = settle(request, resolve_ruleset("roulette", request.get("ruleset")))
        return frozenset(str(bet) for bet in answer["collect"])
    return frozenset()


#: How a bet is named when it is not on the table (an answer named a bet the item has not).
NOT_ON_TABLE = T("a bet that is not on the table")
