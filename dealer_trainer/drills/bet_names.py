"""Bets named as a person reads them on the felt, for sentences made without Qt.

Every name comes from the glossary (:mod:`dealer_trainer.glossary`), the one home of the
bets' names: :func:`named` turns a bet's game, kind and numbers into its name there.  The
felt's status bar (:mod:`dealer_trainer.ui.kit.bet_names`), the live table and the drill's bet
list name a bet so ("Split 17-20", "Dozen 2 (13–24)", "Hard 8", "Odds behind Pass Line"),
followed by its stake ("Dozen 2 (13–24) — 20").  Feedback and worked solutions use the same
names, so a trainee never meets a request's bet id ("b"): they are made here from an item's
rules request, as sentences the UI translates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from dealer_trainer.glossary import bet_name
from dealer_trainer.layouts.model import Felt, Spot
from dealer_trainer.rules.craps.api import replay
from dealer_trainer.rules.craps.model import BetKind as CrapsKind
from dealer_trainer.rules.craps.model import BetState
from dealer_trainer.rules.craps.model import Outcome as CrapsOutcome
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.roulette.bets import Bet
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry, resolve_ruleset
from dealer_trainer.rules.text import T, Text

#: An odds bet whose line or come bet is not on the table any more.
A_LINE_BET = T("a line bet")
# The roulette bets named without their numbers ("Red"): the name says which.
_ROULETTE_PLAIN = frozenset({"red", "black", "even", "odd", "low", "high"})


def named(
    game: str,
    kind: str,
    *,
    box: int | None = None,
    index: int | None = None,
    number: int | None = None,
    numbers: Sequence[int] = (),
    behind: Text | None = None,
) -> Text:
    """A bet by its name in the glossary (:mod:`dealer_trainer.glossary`, the one home of
    the bets' names), from its game, its kind as the rules contract names it and what says
    which one: ``Split 17-20``, ``Dozen 2 (13–24)``, ``Come bet on 8`` (a come bet's
    ``number`` is its come point), ``Odds behind Pass Line`` (``behind``: the bet it backs),
    ``Box 3 ante``, ``Combination 2-5``. ``KeyError`` for a kind the glossary does not name.
    """
    if game == Game.ROULETTE:
        if kind == "dozen":
            return bet_name(game, f"dozen_{index}")  # each dozen has its own name
        if kind in _ROULETTE_PLAIN:
            return bet_name(game, kind)
        if index is not None:
            shown = str(index)
        elif numbers:
            shown = "-".join(str(n) for n in numbers)
        else:
            shown = str(number if number is not None else "")
        return bet_name(game, kind, shown=shown)
    if game == Game.CRAPS:
        if kind == "odds":
            return bet_name(game, kind, bet=behind if behind is not None else A_LINE_BET)
        if kind in ("come", "dont_come") and number is not None:
            return bet_name(game, f"{kind}_point", number=number)
        if kind in ("hard", "big"):
            return bet_name(game, kind, number=number or 0)
        return bet_name(game, kind)
    if game == Game.CARIBBEAN_STUD:
        return bet_name(game, kind, box=box or 0)
    if game == Game.SIC_BO:
        if kind == "combination":
            first, second = numbers
            return bet_name(game, kind, first=first, second=second)
        if kind in ("total", "triple", "double", "single"):
            return bet_name(game, kind, number=number or 0)
        return bet_name(game, kind)
    raise KeyError(f"no bet names for the game {game!r}")


def spot_name(spot: Spot, felt: Felt) -> Text:
    """A felt spot's bet by its name: what the status bar, the live table's list and the
    drills' staged bets say (``Hard 8``, ``Odds behind Come bet on 8``, ``Triple 6``)."""
    bet = spot.bet
    behind = None
    if bet.kind == "odds" and bet.on is not None and bet.on in felt:
        behind = spot_name(felt.spot(bet.on), felt)
    return named(
        felt.game,
        bet.kind,
        box=bet.box,
        index=bet.index,
        number=bet.number,
        numbers=bet.numbers,
        behind=behind,
    )


def request_bet_name(game: str, bet: Mapping[str, Any]) -> Text:
    """A bet of a stored rules request (``{"kind": "split", "numbers": [17, 20]}``) by its
    name; ``KeyError`` (or ``ValueError``) for a bet this version cannot name."""
    numbers = bet.get("numbers")
    return named(
        game,
        str(bet.get("kind")),
        box=bet.get("box"),
        index=bet.get("index"),
        number=bet.get("number"),
        numbers=tuple(numbers) if isinstance(numbers, list) else (),
    )


def roulette_bet_name(bet: Bet) -> Text:
    """``Split 17-20``, ``Dozen 2 (13–24)``, ``Red``: the name the felt gives the bet's spot."""
    return named(
        Game.ROULETTE,
        str(bet.kind),
        index=bet.position.index if bet.kind.takes_index else None,
        numbers=bet.position.numbers,
    )


def craps_bet_name(state: BetState, lookup: Callable[[str], BetState | None]) -> Text:
    """A craps bet on the table by its felt name: "Hard 8", "Come bet on 8" (a come bet that
    travelled), "Odds behind Come bet on 8" (``lookup`` finds the bet an odds bet backs)."""
    kind = state.kind
    behind = None
    if kind is CrapsKind.ODDS and state.bet.on is not None:
        backed = lookup(state.bet.on)
        behind = None if backed is None else craps_bet_name(backed, lookup)
    number = state.point if kind in (CrapsKind.COME, CrapsKind.DONT_COME) else state.bet.number
    return named(Game.CRAPS, str(kind), number=number, behind=behind)


def with_stake(name: Text, stake: Decimal) -> Text:
    """``Dozen 2 — 20``: a bet's name and its stake, as the drill's bet list shows it."""
    return T("{bet} — {stake}", bet=name, stake=stake)


def roulette_bet_label(bet: Bet) -> Text:
    return with_stake(roulette_bet_name(bet), bet.amount)


def _roulette_names(request: Mapping[str, Any], rulesets: RulesetRegistry) -> dict[str, Text]:
    from dealer_trainer.rules.roulette.api import parse_bet  # noqa: PLC0415 (roulette only)

    ruleset = resolve_ruleset(Game.ROULETTE, request.get("ruleset"), rulesets)
    bets = [parse_bet(ruleset, raw, "bet") for raw in request.get("bets", [])]
    return {bet.id: roulette_bet_label(bet) for bet in bets}


def _craps_names(request: Mapping[str, Any], rulesets: RulesetRegistry) -> dict[str, Text]:
    ruleset = resolve_ruleset(Game.CRAPS, request.get("ruleset"), rulesets)
    table = replay(request, ruleset)
    states = {state.id: state for state in table.bets}
    return {
        bet_id: with_stake(craps_bet_name(state, states.get), state.bet.amount)
        for bet_id, state in states.items()
    }


def sic_bo_bet_name(bet: Mapping[str, Any]) -> Text:
    """A Sic Bo bet of a request (``{"kind": "total", "number": 9}``) by its felt name:
    ``Total 9``, ``Combination 2-5``, ``Any triple``."""
    try:
        return request_bet_name(Game.SIC_BO, bet)
    except KeyError:
        raise ValueError(f"not a Sic Bo bet kind: {bet.get('kind')!r}") from None


def _sic_bo_names(request: Mapping[str, Any]) -> dict[str, Text]:
    return {
        str(bet["id"]): with_stake(sic_bo_bet_name(bet), Decimal(str(bet["amount"])))
        for bet in request.get("bets", [])
    }


def bet_names(request: Mapping[str, Any], rulesets: RulesetRegistry = SHIPPED) -> dict[str, Text]:
    """Each bet of a rules request by its felt name and stake, keyed by its id in the request.

    Roulette, craps and Sic Bo, the games with order questions; empty for a request of
    another game.
    """
    game = request.get("game")
    if game == Game.SIC_BO:
        return _sic_bo_names(request)
    if game == Game.ROULETTE:
        return _roulette_names(request, rulesets)
    if game == Game.CRAPS and "events" in request:
        return _craps_names(request, rulesets)
    return {}


def losing_bets(request: Mapping[str, Any], rulesets: RulesetRegistry = SHIPPED) -> frozenset[str]:
    """The bets of a craps, roulette or Sic Bo request that lose (collected, not paid)."""
    game = request.get("game")
    if game == Game.SIC_BO:
        from dealer_trainer.rules.sic_bo.api import settle as settle_sic_bo  # noqa: PLC0415

        answer = settle_sic_bo(
            request, resolve_ruleset(Game.SIC_BO, request.get("ruleset"), rulesets)
        )
        return frozenset(str(r["id"]) for r in answer["results"] if r["outcome"] == "lose")
    if game == Game.CRAPS and "events" in request:
        table = replay(request, resolve_ruleset(Game.CRAPS, request.get("ruleset"), rulesets))
        return frozenset(s.id for s in table.bets if s.outcome is CrapsOutcome.LOSE)
    if game == Game.ROULETTE:
        from dealer_trainer.rules.roulette.api import settle  # noqa: PLC0415 (roulette only)

        answer = settle(request, resolve_ruleset(Game.ROULETTE, request.get("ruleset"), rulesets))
        return frozenset(str(bet) for bet in answer["collect"])
    return frozenset()


#: How a bet is named when it is not on the table (an answer named a bet the item has not).
NOT_ON_TABLE = T("a bet that is not on the table")
