"""Roulette: the dealer's work once the ball rests, and its judge (``docs/rules-cli.md``).

Art. 4: the number is announced and the marker placed; Art. 5(1): every losing
bet is collected, then the winners are paid in the order of the text.  Where the
ruleset accepts an order either official text allows (``street_corner_order``
``either``), the work is judged against the Portuguese and the Chinese order,
each as a whole.  Art. 5(2): a player's several winning bets may be paid
together (``"bets": [...]``, their total), at the turn of any of them; a bet
paid on its own keeps its own turn, whoever holds it (the digest's reading).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.procedure import Action, BetId, Plan, Step, Target, Work
from dealer_trainer.rules.requests import expect_list, expect_object, expect_str
from dealer_trainer.rules.roulette import api
from dealer_trainer.rules.roulette.bets import Bet
from dealer_trainer.rules.roulette.settle import settle as settle_spin
from dealer_trainer.rules.rulesets import Ruleset

_TEXTS = {
    "either": ("portuguese", "chinese"),
    "portuguese": ("portuguese",),
    "chinese": ("chinese",),
}


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    players, settle_input = _players(request)
    choice = str(ruleset.values.get("street_corner_order", "portuguese"))
    plans: list[Plan] = []
    names: dict[Target, str] = {}
    for text in _TEXTS.get(choice, (choice,)):
        read = ruleset.with_settings({"street_corner_order": text}) if text != choice else ruleset
        settled = api.settle(settle_input, read)
        plan = _plan(settle_input, settled, ruleset)
        if plan not in plans:
            plans.append(plan)
    bets = {bet["id"]: bet for bet in settle_input["bets"]}
    for bet_id, bet in bets.items():
        names[Target(bet=bet_id)] = f"bet {bet_id} ({_bet_name(bet)})"
    art5_1 = ruleset.cite(5, 1)
    return Work(
        plans=tuple(plans),
        names=names,
        players=players,
        order_citation=lambda waiting, done: art5_1,
        collect_first_citation=art5_1,
        together_citation=ruleset.cite(5, 2),
    )


def _plan(request: Mapping[str, Any], settled: Mapping[str, Any], ruleset: Ruleset) -> Plan:
    results = {r["id"]: r for r in settled["results"]}
    number = expect_object(request["outcome"], "outcome")["number"]
    return _steps(
        ruleset,
        number,
        settled["collect"],
        settled["pay_order"],
        lambda bet_id: Decimal(results[bet_id]["win"]),
        lambda bet_id: Citation.parse(results[bet_id]["citation"]),
        mark=True,
    )


def order_plan(ruleset: Ruleset, bets: Sequence[Bet], number: int) -> Plan:
    """The plan of the order drills (the quiz): the losers collected, then the winners paid
    in the order of the ruleset's text of Art. 5(1); no marker (the quiz asks the order)."""
    settlement = settle_spin(ruleset, bets, number)
    return _steps(
        ruleset,
        number,
        settlement.collect,
        settlement.pay_order,
        lambda bet_id: settlement.result(bet_id).win,
        lambda bet_id: settlement.result(bet_id).citation,
        mark=False,
    )


def _steps(
    ruleset: Ruleset,
    number: int,
    collect: Sequence[BetId],
    pay_order: Sequence[Sequence[BetId]],
    win: Callable[[Any], Decimal],
    cited: Callable[[Any], Citation],
    *,
    mark: bool,
) -> Plan:
    """Art. 4: the marker on the number (``mark``); Art. 5(1): every loser collected, then the
    winners paid group by group, each with the article that decided it."""
    marker = (
        (Step(Action.MARK, Target(marker=True), number=number, citation=ruleset.cite(4)),)
        if mark
        else ()
    )
    collects = tuple(
        Step(Action.COLLECT, Target(bet=bet_id), citation=ruleset.cite(5, 1)) for bet_id in collect
    )
    pays = tuple(
        tuple(
            Step(Action.PAY, Target(bet=bet_id), win(bet_id), citation=cited(bet_id))
            for bet_id in group
        )
        for group in pay_order
    )
    return tuple(group for group in (marker, collects, *pays) if group)


def _players(request: Mapping[str, Any]) -> tuple[dict[Any, str], dict[str, Any]]:
    """The players of the bets (``"player"``), and the settle input without them."""
    bets = expect_list(request.get("bets", []), "bets")
    players: dict[Any, str] = {}
    plain = []
    for position, value in enumerate(bets):
        bet = dict(expect_object(value, f"bets[{position}]"))
        if "player" in bet:
            players[bet.get("id")] = expect_str(bet.pop("player"), f"bets[{position}].player")
        plain.append(bet)
    return players, {**request, "bets": plain}


def _bet_name(bet: Mapping[str, Any]) -> str:
    kind = str(bet.get("kind"))
    if "numbers" in bet:
        return f"{kind} {'-'.join(str(n) for n in bet['numbers'])}"
    if "index" in bet:
        return f"{kind} {bet['index']}"
    return kind
