"""Sic Bo: the dealer's work once the dice are read, and its judge (``docs/rules-cli.md``).

The regulation is not on file, so nothing here cites an article.  Collecting
every losing bet before any winner is paid is table procedure (its steps cite
nothing, as craps' do); the winners are then paid in the house's order
(``pay_order``: the layout's rows by default), each step citing the house pay
table, and a mistake of that order cites the house's procedure.  The electronic
layout lights the winning spots: ``procedure`` answers them as ``lit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.house import house_procedure
from dealer_trainer.rules.procedure import Action, Step, Target, Work
from dealer_trainer.rules.requests import given_ids
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo.api import read_request
from dealer_trainer.rules.sic_bo.bets import spot_name


@dataclass(frozen=True)
class SicBoWork(Work):
    """The work, and the spots the electronic layout lights (the winning areas)."""

    lit: tuple[str, ...] = ()

    def procedure_json(self) -> dict[str, Any]:
        return {**super().procedure_json(), "lit": list(self.lit)}


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    bets, settlement = read_request(request, ruleset)
    ids = given_ids(request["bets"])
    given = {bet.id: ids.get(bet.id, bet.id) for bet in bets}
    names = {
        Target(bet=given[bet.id]): f"bet {bet.id} ({spot_name(bet.spot).english()})" for bet in bets
    }
    collect = tuple(Step(Action.COLLECT, Target(bet=given[b])) for b in settlement.collect)
    pays = tuple(
        tuple(
            Step(
                Action.PAY,
                Target(bet=given[b]),
                settlement.result(b).win,
                citation=settlement.result(b).citation,
            )
            for b in group
        )
        for group in settlement.pay_order
    )
    plan = tuple(group for group in (collect, *pays) if group)
    procedure = house_procedure(ruleset.id)

    def order_citation(waiting: Step, done: Step) -> Citation | None:
        """Paying out of the house's order cites its procedure; the rest is table procedure."""
        if waiting.action is Action.PAY and done.action is Action.PAY:
            return procedure
        return None

    return SicBoWork(
        plans=(plan,),
        names=names,
        order_citation=order_citation,
        collect_first_citation=None,
        lit=tuple(spot.spot_id for spot in settlement.lit),
    )
